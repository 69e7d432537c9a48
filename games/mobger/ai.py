"""MobGer CPU players: choose(engine, strength, rng) -> action.

easy (1)   : three turns in four a random legal Ger, else normal's greedy choice.
normal (2) : one ply: plays each legal Ger and scores the result on material only (win/loss,
             Gers in the House, goal B: stuck Gers); ties broken by rng. A share of its turns
             (NORMAL_SLIP_IN_16 / 16 = 1/4) it takes a random *sensible* move instead: one whose one-ply
             score is not a loss.
hard (3)   : iterative-deepening alpha-beta (negamax) over engine plays within a deterministic
             work budget (ai_search.py: root moves ordered by the previous depth, inside the
             position's best move of an earlier iteration or the killer move first; moves
             ending in the same position as an earlier sibling are not searched again);
             leaves are scored by a forecast of the race (ai_eval.py: each Ger's distance to
             the House gives the sequence it arrives in and who is credited or completes; the
             Black Ger's return; stuck Gers) plus material.
Budgets count engine work (plays, Gers moved, fields examined: anim_nf), never time, so a game
replays identically everywhere. Everything goes through play()/undo(): the engine is left
exactly as it was found.
"""

from games.mobger.constants import MAX_ACTIONS
from games.mobger import ai_eval as _EVAL
from games.mobger import ai_search as _SEARCH
from games.mobger.ai_eval import WIN
from games.mobger.ai_search import BFS_COST, EVAL_COST, HSIZE, INF, MAX_DEPTH, NODE_BASE  # noqa

# Work units per hard turn: a play costs about 30 + 4 * Gers + fields examined units (about
# 55 us each on the emulated Pico, mostly the engine's play and undo); 7000 keeps a
# default-board turn under about 0.4 s there (issue 14: 0.5 s) and searches deeper than 10000
# did before the repeated positions were skipped. More than 6 Gers: 7000 * 6 / Gers.
HARD_WORK = 7000
NORMAL_SLIP_IN_16 = 4  # normal: a random non-losing move one turn in four


def budget(n):
    """Hard turn budget in work units (n Gers: their plays cost more, so boards with more than
    6 get fewer units, 12 Gers 3500). The root's first ply is always searched whole (as normal
    does)."""
    return HARD_WORK if n <= 6 else HARD_WORK * 6 // n


class Ai:
    def __init__(self):
        self.acts = bytearray(MAX_ACTIONS)
        self.mv = []  # move list per ply
        self.keys = []  # per ply: the positions the moves searched there led to (hash, scores)
        i = 0
        while i <= MAX_DEPTH:
            self.mv.append(bytearray(MAX_ACTIONS))
            self.keys.append([0] * MAX_ACTIONS)
            i += 1
        self.twin = bytearray(MAX_ACTIONS)  # root: the first move leading to the same position
        self.score = [0] * MAX_ACTIONS
        self.prev = [0] * MAX_ACTIONS
        self.order = bytearray(MAX_ACTIONS)
        self.killer = bytearray(MAX_DEPTH + 2)  # per ply: the rank that last cut off there
        # best move of a node searched earlier in this turn (by an earlier iteration): its
        # position hash, the move | turn << 4, the turn's stamp (entries of other turns: empty)
        self.hkey = [0] * HSIZE
        self.hmove = bytearray(HSIZE)
        self.hstamp = bytearray(HSIZE)
        self.tstamp = 0
        self.seq = [0] * (_EVAL.RACE_SEQ + 1)  # forecasts: Gers arriving per sequence (kept 0)
        # steps to the House per (class, cell, dir), class 0 normal / 1 special Black;
        # 0 = not computed yet. Static (objects, borders): flipflaps count as "far". Sized to
        # the board of the game it was computed for.
        self.dist = bytearray(0)
        self.dist_for = None
        self.nodes = 0  # engine plays in the last turn
        self.work = 0  # work units in the last turn
        self.limit = 0
        self.out = False
        self.depth = 0  # deepest completed iteration in the last hard turn
        self.stamp = 0  # engine search counter seen last

    # evaluations: ai_eval.py (bound here as class attributes: no lookup through a base class)
    material = _EVAL.material
    _steps = _EVAL._steps
    evaluate = _EVAL.evaluate
    # the hard search: ai_search.py
    _cost = _SEARCH._cost
    _search = _SEARCH._search
    _negamax = _SEARCH._negamax

    # ------------------------------------------------------------------ choice
    def choose(self, e, strength, rng):
        acts = self.acts
        n = e.legal(acts)
        if n == 0:
            raise ValueError("no legal move: the game is over")
        self.nodes = 0
        self.work = 0
        self.depth = 0
        if n == 1:
            return acts[0]
        if strength <= 1 and rng.below(4) != 0:
            return acts[rng.below(n)]
        if e.opts is not self.dist_for:
            self.dist_for = e.opts
            d = self.dist
            if len(d) != 2 * e.ncells * 8:
                self.dist = None
                self.dist = bytearray(2 * e.ncells * 8)
            else:
                i = 0
                while i < len(d):
                    d[i] = 0
                    i += 1
        p = e.turn
        sc = self.score
        if strength >= 3:
            self.limit = budget(e.n)
            self._search(e, n)
            return self._pick(n, rng, 0)
        i = 0
        while i < n:
            e.play(acts[i])
            sc[i] = self.material(e, p)
            e.undo()
            self.nodes += 1
            i += 1
        if strength == 2 and rng.below(16) < NORMAL_SLIP_IN_16:
            return self._pick(n, rng, WIN)  # any move that does not lose at once
        return self._pick(n, rng, 0)

    def _pick(self, n, rng, slack):
        """Random move among the best (slack 0) or among those less than slack below the best;
        a certain loss only when every move is one."""
        sc = self.score
        best = -INF
        i = 0
        while i < n:
            if sc[i] > best:
                best = sc[i]
            i += 1
        lo = best - slack + 1 if slack else best
        if lo < -WIN + 100 < best:
            lo = -WIN + 100
        k = 0
        i = 0
        while i < n:
            if sc[i] >= lo:
                k += 1
            i += 1
        pick = rng.below(k)
        i = 0
        while i < n:
            if sc[i] >= lo:
                if pick == 0:
                    return self.acts[i]
                pick -= 1
            i += 1
        return self.acts[0]


_AI = None


def choose(engine, strength, rng):
    """Action for the player to move (engine.turn); strength 1 easy, 2 normal, 3 hard."""
    global _AI
    if _AI is None:
        _AI = Ai()
    return _AI.choose(engine, strength, rng)
