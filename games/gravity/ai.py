"""Gravity room CPU players (design and figures: games/gravity/README.md).

choose(engine, strength, rng) -> action; strength 1 easy, 2 normal, 3 hard. The engine is left
exactly as it was found (play/undo only). Every buffer is allocated once, in _Ai().
- easy: takes a winning move when one exists, else a random sensible move.
- normal: one ply: every legal move, scored by the static evaluation (ai_eval.py).
- hard (ai_hard.py): one ply, then two where the positions after each reply are probed for
  my winning move; a budget in device time (not the clock: games replay identically); the
  move chosen is checked safe (ai_safe.py). Three players: paranoid alpha-beta, no probe.
- setup (ai_setup.py): gravity is random; placements scored by the evaluation; hard's last
  one never leaves the first mover a winning move when another cell does not.
"""

from array import array

from handheld.buffers import zeros

from games.gravity import ai_eval as _eval
from games.gravity import ai_safe as _safe
from games.gravity import ai_hard as _hard
from games.gravity import ai_moves as _moves
from games.gravity import ai_path as _path
from games.gravity.ai_moves import EXACT, FULL, QUICK
from games.gravity import ai_setup as _setup
from games.gravity.constants import FLOW_BASE, MAX_ACTIONS, NONE, PLAY, SETUP_GRAVITY
from games.gravity.ai_eval import WIN

MAXD = 6  # deepest search
UNLIMITED = 1 << 29  # a budget that never binds (a small int on the device)
TT_SIZE = 256  # entries (power of 2): only the three-player search uses it
NODES_NORMAL = 400  # cost units: 2 + ticks per node
T_LOWER = 1  # transposition table flags
T_UPPER = 2
T_EXACT = 3


class _Ai:
    scratch = MAXD  # the moves list of this ply is ai_safe's scratch space

    def __init__(self):
        self.moves = bytearray(MAX_ACTIONS * (MAXD + 1))
        self.order = array("h", bytes(2 * MAX_ACTIONS))
        self.buf = bytearray(MAX_ACTIONS)
        self.mark = bytearray(20)
        self.vis = bytearray(20)
        self.lines = bytearray(20)  # hard's fallback: the lines a refutation's pieces were on
        self.sc = array("h", bytes(2 * MAX_ACTIONS))  # _replies: static score per reply
        self.done = bytearray(MAX_ACTIONS)  # _replies: 1 once the reply's score is exact
        self.killer = bytearray(b"\xff" * (MAXD + 1))
        self.tt_key = zeros("H", TT_SIZE)
        self.tt_move = bytearray(TT_SIZE)
        self.tt_depth = bytearray(TT_SIZE)
        self.tt_flag = bytearray(TT_SIZE)
        self.tt_score = zeros("h", TT_SIZE)
        self.nodes = 0
        self.budget = UNLIMITED  # cost units; wins_quick stops at it
        self.me = 0
        self.aborted = False
        self.depth = 0  # last completed depth (figures)
        self.refute = NONE  # the last reply found that wins at once (tried first)
        self.probe = False  # evaluate() tries the mover's threat (hard)
        _path.setup(self)  # ai_path's buffers, and threat (wins_quick)

    # ------------------------------------------------------------ move lists (ai_moves.py)
    _gen = _moves._gen
    _front = _moves._front
    _passes = _moves._passes
    easy = _moves.easy
    # ------------------------------------------------------------ evaluation (ai_eval.py)
    _sight = _eval._sight
    evaluate = _eval.evaluate
    wins_quick = _eval.wins_quick
    may_win = _path.may_win
    virtual = _path.virtual
    vscore = _path.vscore
    _placement_score = _eval._placement_score
    # ------------------------------------------------------------ checks (ai_safe.py)
    wins_now = _safe.wins_now
    safe_after = _safe.safe_after
    # ------------------------------------------------------------ setup (ai_setup.py)
    place = _setup.place
    # ------------------------------------------------------------ hard (ai_hard.py)
    hard = _hard.hard
    _replies = _hard._replies
    _quiet_last = _hard._quiet_last

    # ------------------------------------------------------------ hashing
    def _hash(self, e):
        h = e.gravity | e.turn << 2 | e.reversed << 4
        pos = e.pos
        for i in range(e.players + 1):
            h = ((h << 5) ^ (h >> 19) ^ pos[i]) & 0xFFFFFF
        for p in range(e.players):
            h = ((h << 5) ^ (h >> 19) ^ e.flow_line[p] ^ (e.flow_dir[p] << 7)) & 0xFFFFFF
        return h

    # ------------------------------------------------------------ search
    def _search(self, e, depth, ply, alpha, beta):
        if e.won >= 0 or depth == 0:
            return self.evaluate(e, ply, alpha, beta)
        h = self._hash(e)
        slot = h & (TT_SIZE - 1)
        check = (h >> 8) & 0xFFFF
        ttm = NONE
        if self.tt_key[slot] == check and self.tt_flag[slot]:
            ttm = self.tt_move[slot]
            if self.tt_depth[slot] >= depth:
                s = self.tt_score[slot]
                f = self.tt_flag[slot]
                if f == T_EXACT:
                    return s
                if f == T_LOWER and s >= beta:
                    return s
                if f == T_UPPER and s <= alpha:
                    return s
        n = self._gen(e, ply, EXACT if ply == 1 else QUICK)
        if n == 0:
            return self.evaluate(e, ply)
        k = self.killer[ply]
        if k != NONE:
            self._front(ply, n, k)
        maximize = e.turn == self.me
        if not maximize and self.refute != NONE:
            self._front(ply, n, self.refute)
        if ttm != NONE:
            self._front(ply, n, ttm)
        a0 = alpha
        b0 = beta
        best = -WIN - 1 if maximize else WIN + 1
        bestm = NONE
        mv = self.moves
        base = ply * MAX_ACTIONS
        for i in range(n):
            if self.nodes >= self.budget:
                self.aborted = True
                break
            a = mv[base + i]
            if not e.play(a):
                continue
            self.nodes += 10 + 2 * e.ticks  # cost ~ engine work: long slides cost more
            if e.won >= 0:
                s = self.evaluate(e, ply + 1)
                if not maximize and s < 0:
                    self.refute = a
            else:
                s = self._search(e, depth - 1, ply + 1, alpha, beta)
            e.undo()
            if self.aborted:
                break
            if maximize:
                if s > best:
                    best = s
                    bestm = a
                if s > alpha:
                    alpha = s
            else:
                if s < best:
                    best = s
                    bestm = a
                if s < beta:
                    beta = s
            if alpha >= beta:
                self.killer[ply] = a
                break
        if bestm == NONE:
            return self.evaluate(e, ply)
        if not self.aborted:
            if best <= a0:
                f = T_UPPER
            elif best >= b0:
                f = T_LOWER
            else:
                f = T_EXACT
            self.tt_key[slot] = check
            self.tt_move[slot] = bestm
            self.tt_depth[slot] = depth
            self.tt_flag[slot] = f
            self.tt_score[slot] = best
        return best

    def _root(self, e, depth, n):
        """Search the n root moves at depth, best first; their scores go to self.order (a
        bound below the best one's). Returns the best move (NONE when the budget ran out before
        the first one was searched); self.complete says whether every move was searched."""
        mv = self.moves
        order = self.order
        alpha = -WIN - 1
        bestm = NONE
        self.complete = False
        q = depth == 1 and self._passes(e)  # then one pass is scored for all (static: alike)
        qs = -WIN - 2  # its score (none yet)
        mark = self.mark
        for i in range(n):
            a = mv[i]
            if self.nodes >= self.budget:
                self.aborted = True
                return bestm
            quiet = q and a >= FLOW_BASE and not mark[(a - FLOW_BASE) >> 1]
            if quiet and qs > -WIN - 2:
                order[i] = qs  # (not above the first pass's: alpha stays)
                continue
            if depth == 1 and self.virtual(e, a):  # static score without playing it
                s = order[i] = self.vscore(e, (e.turn + 1) % e.players)
                if quiet:
                    qs = s
                if s > alpha:
                    alpha = s
                    bestm = a
                continue
            e.play(a)
            self.nodes += 10 + 2 * e.ticks
            if e.won >= 0:
                s = self.evaluate(e, 1)
            elif depth == 2 and self.probe and e.players == 2:
                s = self._replies(e, alpha)
            else:
                s = self._search(e, depth - 1, 1, alpha if depth > 1 else -WIN - 1, WIN + 1)
            e.undo()
            if self.aborted:
                return bestm
            order[i] = s
            if quiet:
                qs = s
            if s > alpha:
                alpha = s
                bestm = a
                if s >= WIN - 3 and depth == 2 and self.probe:
                    break  # a forced win (every reply lets me win at once): taken
        self.complete = True
        self.score = alpha
        return bestm

    def _sort_root(self, n):
        # insertion sort of the root moves by their last scores, best first (stable)
        mv = self.moves
        order = self.order
        for i in range(1, n):
            a = mv[i]
            s = order[i]
            j = i - 1
            while j >= 0 and order[j] < s:
                mv[j + 1] = mv[j]
                order[j + 1] = order[j]
                j -= 1
            mv[j + 1] = a
            order[j + 1] = s

    def think(self, e, budget, maxd):
        """Iterative deepening over the root moves; depth 1 always completes, deeper ones stop
        at the budget. Hard (self.probe): depth 1 without the probe (ordering, wins at once),
        then only one of the quiet root moves (a flow on a line holding no piece) goes deeper,
        with the probe for two players."""
        hard = self.probe
        self.me = e.turn
        self.nodes = 0
        self.aborted = False
        self.depth = 0
        self.refute = NONE
        for i in range(TT_SIZE):
            self.tt_flag[i] = 0
        for i in range(MAXD + 1):
            self.killer[i] = NONE
        n = self._gen(e, 0, FULL)
        self.nroot = n
        best = self.moves[0]
        for d in range(1, maxd + 1):
            # depth 1 always completes (every root move: wins at once), then the budget
            self.budget = UNLIMITED if d <= 1 else budget
            self.probe = hard and d >= 2 and e.players == 2
            m = self._root(e, d, n)
            if m != NONE:
                best = m  # (a root move searched whole: its score is exact)
            if not self.complete:
                break
            s = self.score
            self.depth = d
            self._sort_root(n)
            if s >= WIN - MAXD or s <= -WIN + MAXD:
                break
            if hard and d == 1:
                n = self._quiet_last(e, n)
        self.probe = hard
        self.budget = UNLIMITED  # (safe_after's checks are exact)
        return best

_AI = None


def get():
    """The shared AI object (created on first use)."""
    global _AI
    if _AI is None:
        _AI = _Ai()
    return _AI


def choose(engine, strength, rng):
    """A legal action for the player to move (setup included); engine left unchanged."""
    ai = get()
    ai.probe = strength >= 3
    _path.reset(ai)  # a new turn: it depends on its position only
    ph = engine.phase
    if ph == SETUP_GRAVITY:
        n = engine.legal(ai.buf)
        return ai.buf[rng.below(n)]
    if ph != PLAY:
        return ai.place(engine, rng, strength)
    if strength <= 1:
        return ai.easy(engine, rng)
    if strength == 2:
        return ai.think(engine, NODES_NORMAL, 1)
    return ai.hard(engine)
