"""MobGer CPU players: choose(engine, strength, rng) -> action.

easy (1)   : three turns in four a random legal Ger, else normal's greedy choice.
normal (2) : one ply: plays each legal Ger and scores the result on material only (win/loss,
             Gers in the House, goal B: stuck Gers); ties broken by rng. A share of its turns
             (NORMAL_SLIP_IN_16 / 16 = 1/4) it takes a random *sensible* move instead: one whose one-ply
             score is not a loss.
hard (3)   : iterative-deepening alpha-beta (negamax) over engine plays, root moves ordered by
             the previous depth, killer moves inside, within a deterministic work budget;
             leaves are scored by a forecast of the race (ai_eval.py: each Ger's distance to
             the House gives the sequence it arrives in and who is credited or completes; the
             Black Ger's return; stuck Gers) plus material.
Budgets count engine work (plays, Gers moved, fields examined: anim_nf), never time, so a game
replays identically everywhere. Everything goes through play()/undo(): the engine is left
exactly as it was found.
"""

from games.mobger.constants import DRAW, MAX_ACTIONS
from games.mobger import ai_eval as _EVAL
from games.mobger.ai_eval import WIN

INF = 30000
MAX_DEPTH = 12  # plies; games are short (about 7 plies): the budget usually ends it first
# Work units per hard turn: a play costs about 30 + 4 * Gers + fields examined units (about
# 0.3-0.4 us each on the host, x150 on the device); 10000 keeps a default-board turn near
# 3-4 ms on the host (about 0.5 s on the device). More than 6 Gers: 10000 * 6 / Gers.
HARD_WORK = 10000
NODE_BASE = 30
EVAL_COST = 10  # a leaf evaluation, in the same units
BFS_COST = 150  # one run of the engine's bounded search (stuck), in the same units
NORMAL_SLIP_IN_16 = 4  # normal: a random non-losing move one turn in four


def budget(n):
    """Hard turn budget in work units (n Gers: their plays cost more, so boards with more than
    6 get fewer units, 12 Gers 5000). The root's first ply is always searched whole (as normal
    does)."""
    return HARD_WORK if n <= 6 else HARD_WORK * 6 // n


class Ai:
    def __init__(self):
        self.acts = bytearray(MAX_ACTIONS)
        self.mv = []  # move list per ply
        i = 0
        while i <= MAX_DEPTH:
            self.mv.append(bytearray(MAX_ACTIONS))
            i += 1
        self.score = [0] * MAX_ACTIONS
        self.prev = [0] * MAX_ACTIONS
        self.order = bytearray(MAX_ACTIONS)
        self.killer = bytearray(MAX_DEPTH + 2)  # per ply: the rank that last cut off there
        self.fk = bytearray(MAX_ACTIONS)  # forecasts: arrival sequence per rank
        self.fend = 0  # goal A forecast's value
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
    _arrivals = _EVAL._arrivals
    _race = _EVAL._race
    _race_a = _EVAL._race_a

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

    def _cost(self, e):
        # a bounded search the engine ran (not memoised yet) costs about BFS_COST units
        st = e.stamp
        b = (st - self.stamp) & 0xFFFF
        self.stamp = st
        return NODE_BASE + 4 * e.n + e.anim_nf + b * BFS_COST

    def _search(self, e, n):
        acts = self.acts
        sc = self.score
        prev = self.prev
        order = self.order
        self.limit = budget(e.n)
        i = 0
        while i < len(self.killer):
            self.killer[i] = 0xFF
            i += 1
        self.out = False
        self.stamp = e.stamp
        i = 0
        while i < n:
            order[i] = i
            prev[i] = 0
            i += 1
        depth = 1
        while depth <= MAX_DEPTH:
            # best previous first (insertion sort, n <= 12)
            i = 1
            while i < n:
                j = i
                while j > 0 and prev[order[j - 1]] < prev[order[j]]:
                    t = order[j]
                    order[j] = order[j - 1]
                    order[j - 1] = t
                    j -= 1
                i += 1
            best = -INF
            k = 0
            while k < n:
                i = order[k]
                k += 1
                if depth > 1 and self.work >= self.limit:
                    self.out = True
                    break
                e.play(acts[i])
                self.nodes += 1
                self.work += self._cost(e)
                # window (best - 1, INF): equal moves get exact scores, worse ones a bound
                v = -self._negamax(e, depth - 1, -INF, 1 - best, 1)
                e.undo()
                if self.out and depth > 1:
                    break
                sc[i] = v
                if v > best:
                    best = v
            if self.out and depth > 1:
                # cut short: when the previous best (searched first) finished at this depth,
                # the moves that finished are compared at this depth and the rest dropped;
                # otherwise the last complete depth stands
                if k > 1:
                    j = 0
                    while j < n:
                        prev[order[j]] = sc[order[j]] if j < k - 1 else -INF
                        j += 1
                    self.depth = depth
                break
            i = 0
            while i < n:
                prev[i] = sc[i]
                i += 1
            self.depth = depth
            if best >= WIN - 100 or best <= -WIN + 100:
                break  # a forced result: deeper cannot change it
            depth += 1
        i = 0
        while i < n:
            sc[i] = prev[i]
            i += 1

    def _negamax(self, e, depth, alpha, beta, ply):
        w = e.win
        if w >= 0:
            if w == DRAW:
                return 0
            return WIN - ply if w == e.turn else ply - WIN
        if depth == 0 or self.out:
            self.work += EVAL_COST
            return self.evaluate(e, e.turn)
        if self.work >= self.limit:
            self.out = True
            return 0
        mv = self.mv[ply]
        m = e.legal(mv)
        # the move that last cut off at this ply first (killer move)
        k = self.killer[ply]
        j = 1
        while j < m:
            if mv[j] == k:
                mv[j] = mv[0]
                mv[0] = k
                break
            j += 1
        best = -INF
        j = 0
        while j < m:
            if self.work >= self.limit:
                self.out = True
                return 0
            e.play(mv[j])
            self.nodes += 1
            self.work += self._cost(e)
            v = -self._negamax(e, depth - 1, -beta, -alpha, ply + 1)
            e.undo()
            if self.out:
                return 0
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.killer[ply] = mv[j]
                        break
            j += 1
        return best


_AI = None


def choose(engine, strength, rng):
    """Action for the player to move (engine.turn); strength 1 easy, 2 normal, 3 hard."""
    global _AI
    if _AI is None:
        _AI = Ai()
    return _AI.choose(engine, strength, rng)
