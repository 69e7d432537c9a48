"""MobGer exact solver (host only): the game value of a position by a bounded exhaustive search.

Negamax with alpha-beta over the engine's own legal moves (play/undo, so every rule and variant
is the engine's), values +1 win / 0 draw / -1 loss for the player to move, and a transposition
table keyed on the exact game state: every Ger's field, direction and kind, the flipflap senses,
the scores, whose turn, the Joker's generator and the no-repetition history since the last
removal (the set of (position, move) pairs already played; removals are final, so nothing older
matters). The table keeps bounds, so a value found under a narrow window is reused soundly.

A node cap makes the search bounded: `Solver.value` returns None when the cap ran out first
(the default boards never get near it: a default start needs a few thousand plays).
"""

from games.mobger.constants import DRAW, LOG_RING, MAX_ACTIONS, RW


class Solver:
    def __init__(self, cap=2000000, depth=80):
        self.cap = cap
        self.depth = depth
        self.nodes = 0
        self.tt = {}
        self.bufs = [bytearray(MAX_ACTIONS) for _ in range(depth + 1)]
        self.eng = None

    def _key(self, e):
        L = e.log
        hist = []
        i = e.nactions - e.quiet
        while i < e.nactions:
            b = (i % LOG_RING) * RW
            hist.append((tuple(L[b:b + 13]), e.actions[i]))
            i += 1
        return (bytes(e.pos[:e.n]), bytes(e.dir[:e.n]), bytes(e.kind[:e.n]), e._ffmask(),
                e.score[0], e.score[1], e.turn, e.jrng, frozenset(hist))

    def value(self, e):
        """Exact value for the player to move in engine e (left as found), None if the node cap
        ran out. The table is kept while the same engine (start) is solved again."""
        if e is not self.eng:
            self.eng = e
            self.tt = {}
        self.nodes = 0
        return self._solve(e, self.depth, -1, 1)

    def move_values(self, e):
        """[(action, exact value of playing it for the player to move, or None)]."""
        buf = bytearray(MAX_ACTIONS)
        n = e.legal(buf)
        out = []
        for j in range(n):
            e.play(buf[j])
            v = self.value(e)
            e.undo()
            out.append((buf[j], None if v is None else -v))
        return out

    def _solve(self, e, depth, alpha, beta):
        w = e.win
        if w >= 0:
            return 0 if w == DRAW else (1 if w == e.turn else -1)
        if depth == 0 or self.nodes > self.cap:
            return None
        key = self._key(e)
        lo, hi = self.tt.get(key, (-1, 1))
        if lo == hi:
            return lo
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0 = alpha
        buf = self.bufs[depth]
        m = e.legal(buf)
        if m == 0:
            return 0
        best = -2
        unknown = False
        for j in range(m):
            e.play(buf[j])
            self.nodes += 1
            v = self._solve(e, depth - 1, -beta, -alpha)
            e.undo()
            if v is None:
                unknown = True
                continue
            v = -v
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if unknown and best < beta:
            return None
        if best >= beta:
            lo = max(lo, best)  # fail high: a lower bound
        elif best <= a0:
            hi = min(hi, best)  # fail low: an upper bound
        else:
            lo = hi = best
        self.tt[key] = (lo, hi)
        return best
