"""Gravity room CPU players (design and figures: games/gravity/README.md).

choose(engine, strength, rng) -> action; strength 1 easy, 2 normal, 3 hard. The engine is left
exactly as it was found (play/undo only). Every buffer is allocated once, in _Ai().

- easy: takes a winning move when one exists, else a random sensible move (gravity, or a flow
  on a line that holds a piece).
- normal: one ply: every legal move, scored by the static evaluation.
- hard: iterative-deepening minimax with alpha-beta (two players) or paranoid search (three:
  the others are one side), a transposition table and killer moves in preallocated arrays,
  inner nodes restricted to gravity and the flows on lines holding a piece, and a node budget
  (not the clock), so games replay identically.
Setup: gravity is random; the objective and the pawns go where the evaluation likes them best
among a few sampled cells (the pawn you place is another player's: far from the objective).
"""

from array import array

from handheld.buffers import zeros

from games.gravity import ai_eval as _eval
from games.gravity.constants import FLOW_BASE, MAX_ACTIONS, NONE, PLAY, SETUP_GRAVITY
from games.gravity.ai_eval import WIN

MAXD = 6  # deepest search
TT_SIZE = 1024  # entries (power of 2)
NODES_NORMAL = 400  # cost units: 2 + ticks per node
NODES_HARD = 620
ROOT_K = 8  # root moves kept after the first iteration
SAMPLES = 14  # cells tried for a placement
LOWER = 1
UPPER = 2
EXACT = 3


class _Ai:
    def __init__(self):
        self.moves = bytearray(MAX_ACTIONS * (MAXD + 1))
        self.order = array("h", bytes(2 * MAX_ACTIONS))
        self.buf = bytearray(MAX_ACTIONS)
        self.mark = bytearray(20)
        self.killer = bytearray(b"\xff" * (MAXD + 1))
        self.tt_key = zeros("H", TT_SIZE)
        self.tt_move = bytearray(TT_SIZE)
        self.tt_depth = bytearray(TT_SIZE)
        self.tt_flag = bytearray(TT_SIZE)
        self.tt_score = zeros("h", TT_SIZE)
        self.nodes = 0
        self.budget = 0
        self.me = 0
        self.aborted = False
        self.depth = 0  # last completed depth (figures)

    # ------------------------------------------------------------ evaluation (ai_eval.py)
    _sight = _eval._sight
    evaluate = _eval.evaluate
    _placement_score = _eval._placement_score

    # ------------------------------------------------------------ move lists
    def _gen(self, e, ply, full):
        """Moves at this ply into self.moves[ply * MAX_ACTIONS:]; returns the count."""
        base = ply * MAX_ACTIONS
        mv = self.moves
        if full:
            n = e.legal(self.buf)
            buf = self.buf
            for i in range(n):
                mv[base + i] = buf[i]
            return n
        n = 0
        for a in range(4):
            if e.is_legal(a):
                mv[base + n] = a
                n += 1
        mark = self.mark
        L = e.width + e.height
        for k in range(L):
            mark[k] = 0
        W = e.width
        H = e.height
        pos = e.pos
        for i in range(e.players + 1):
            c = pos[i]
            mark[c // W] = 1
            mark[H + c % W] = 1
        for line in range(L):
            if mark[line]:
                a = FLOW_BASE + 2 * line
                if e.is_legal(a):
                    mv[base + n] = a
                    n += 1
                if e.is_legal(a + 1):
                    mv[base + n] = a + 1
                    n += 1
        return n

    def _front(self, ply, n, a):
        # move action a (when present) to the front of the ply's list
        mv = self.moves
        base = ply * MAX_ACTIONS
        for i in range(n):
            if mv[base + i] == a:
                while i > 0:
                    mv[base + i] = mv[base + i - 1]
                    i -= 1
                mv[base] = a
                return

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
            return self.evaluate(e, ply)
        h = self._hash(e)
        slot = h & (TT_SIZE - 1)
        check = (h >> 8) & 0xFFFF
        ttm = NONE
        if self.tt_key[slot] == check and self.tt_flag[slot]:
            ttm = self.tt_move[slot]
            if self.tt_depth[slot] >= depth:
                s = self.tt_score[slot]
                f = self.tt_flag[slot]
                if f == EXACT:
                    return s
                if f == LOWER and s >= beta:
                    return s
                if f == UPPER and s <= alpha:
                    return s
        n = self._gen(e, ply, False)
        if n == 0:
            return self.evaluate(e, ply)
        k = self.killer[ply]
        if k != NONE:
            self._front(ply, n, k)
        if ttm != NONE:
            self._front(ply, n, ttm)
        maximize = e.turn == self.me
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
            self.nodes += 2 + e.ticks  # cost ~ engine work: long slides cost more
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
                f = UPPER
            elif best >= b0:
                f = LOWER
            else:
                f = EXACT
            self.tt_key[slot] = check
            self.tt_move[slot] = bestm
            self.tt_depth[slot] = depth
            self.tt_flag[slot] = f
            self.tt_score[slot] = best
        return best

    def _root(self, e, depth, n):
        """Search the first n root moves at depth, best first; their scores go to self.order.
        Returns (best move, score, complete)."""
        mv = self.moves
        order = self.order
        alpha = -WIN - 1
        bestm = NONE
        for i in range(n):
            a = mv[i]
            if self.nodes >= self.budget and bestm != NONE:
                return bestm, alpha, False
            e.play(a)
            self.nodes += 2 + e.ticks
            # a full window for every root move: their scores order the next iteration
            s = self._search(e, depth - 1, 1, alpha - 1 if depth > 1 else -WIN - 1, WIN + 1)
            e.undo()
            if self.aborted:
                return bestm, alpha, False
            order[i] = s
            if s > alpha:
                alpha = s
                bestm = a
        return bestm, alpha, True

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
        self.me = e.turn
        self.nodes = 0
        self.budget = budget
        self.aborted = False
        self.depth = 0
        for i in range(TT_SIZE):
            self.tt_flag[i] = 0
        for i in range(MAXD + 1):
            self.killer[i] = NONE
        n = self._gen(e, 0, True)
        best = self.moves[0]
        for d in range(1, maxd + 1):
            m, s, complete = self._root(e, d, n)
            if m != NONE:
                best = m
            if not complete or s >= WIN - MAXD or s <= -WIN + MAXD:
                break
            self.depth = d
            self._sort_root(n)
            if n > ROOT_K:
                n = ROOT_K  # deeper iterations look at the most promising moves only
        return best

    # ------------------------------------------------------------ easy
    def easy(self, e, rng):
        me = e.turn
        n = self._gen(e, 0, True)
        mv = self.moves
        for i in range(n):
            a = mv[i]
            e.play(a)
            won = e.won
            e.undo()
            if won == me:
                return a
        n = self._gen(e, 1, False)
        base = MAX_ACTIONS
        return mv[base + rng.below(n)] if n else mv[0]

    # ------------------------------------------------------------ setup
    def place(self, e, rng, strength):
        n = e.legal(self.buf)
        buf = self.buf
        if strength == 1:
            return buf[rng.below(n)]
        self.me = e.turn
        best = buf[rng.below(n)]
        bests = -WIN - 2
        for k in range(SAMPLES):
            a = buf[rng.below(n)]
            e.play(a)
            if e.phase == PLAY or e.won >= 0:
                s = self.evaluate(e, 0)
            else:
                s = self._placement_score(e)
            e.undo()
            if s > bests:
                bests = s
                best = a
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
    return ai.think(engine, NODES_HARD, MAXD)
