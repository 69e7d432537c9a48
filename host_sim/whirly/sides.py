"""Push distances that know which side of a box the hero is on.

A box on cell c cuts the hero's floor into parts (its sides: the parts next to c). Until that
box moves, the hero stays in one of them whatever the other boxes do: crossing to another
part means walking through c. So a lone box's moves go between states (cell, side), and its
pushes (pulls) to a target counted on those states are a lower bound that plain push
distances, which let the hero stand anywhere it can walk, can miss by far: a box the hero can
only push up a two-wide room's blind column, whose one way on is a door beside the top the
hero cannot reach from below, has to go round through the other rooms (Microban #153: 186
pushes at least by push distances, 318 by these).

After a push the hero stands where the box was, on a side of the box's new cell; every other
box keeps its side, the hero having walked round it. So a search's child bound still redoes
one row (Model.child_bound)."""

from games.whirly import rules as R

INF = 1 << 20  # never (pushpull's INF)


class Sides:
    """The sides of every cell and the distances on (cell, side) states of one Model."""

    def __init__(self, M):
        # what it needs of M, not M (a Model keeps its Sides: no reference cycle)
        self.size, self.nb, self.walk, self.targets = M.size, M.nb, M.walk, M.targets
        self.goalmask, self.boxok, self.kinds = M.goalmask, M.boxok, M.kinds
        nb, bits = M.nb, M.bits
        # parts[c]: masks of the hero's floor without c, those next to c (at most four)
        self.parts = parts = [()] * M.size
        for c in range(M.size):
            if not (M.space >> c) & 1:
                continue
            free = M.walk & ~(1 << c)
            out = []
            for d in range(4):
                h = nb[d][c]
                if h >= 0 and (free >> h) & 1 and not any((m >> h) & 1 for m in out):
                    out.append(bits.flood(h, free))
            parts[c] = tuple(out)
        self._dist = {}  # (group, target index) -> list over 4 * cell + side
        self._pred = {}  # group -> _preds()

    def side(self, c, h):
        """The side of a box on c that cell h (the hero's) is on; -1: none (h next to no
        side of it, e.g. the hero walled off from c)."""
        for k, m in enumerate(self.parts[c]):
            if (m >> h) & 1:
                return k
        return -1

    def distances(self, gi, ti):
        """Pushes (pulls) of a lone box of group gi from each state 4 * cell + side to target
        ti (INF: never), by a breadth-first search over the moves backwards."""
        d = self._dist.get((gi, ti))
        if d is None:
            d = self._dist[(gi, ti)] = self._search(gi, ti)
        return d

    def _search(self, gi, ti):
        t = self.targets[ti]
        d = [INF] * (4 * self.size)
        if not (self.goalmask[gi] >> t) & 1 or not (self.boxok[gi] >> t) & 1:
            return d
        pred = self._preds(gi)
        q = []
        for k in range(len(self.parts[t])):
            d[4 * t + k] = 0
            q.append(4 * t + k)
        i = 0
        while i < len(q):
            s = q[i]
            i += 1
            n = d[s] + 1
            for p in pred.get(s, ()):
                if d[p] == INF:
                    d[p] = n
                    q.append(p)
        return d

    def _preds(self, gi):
        """state -> the states a move of a lone box of group gi comes from (cached)."""
        pred = self._pred.get(gi)
        if pred is not None:
            return pred
        nb, walk, ok = self.nb, self.walk, self.boxok[gi]
        push = self.kinds[gi] == R.PUSH
        pred = {}
        if self.kinds[gi] == R.NONE:
            ok = 0  # never moves
        for x in range(self.size):
            if not (ok >> x) & 1:
                continue
            for k, m in enumerate(self.parts[x]):
                for e in range(4):
                    y = nb[e][x]
                    if y < 0 or not (ok >> y) & 1:
                        continue
                    if push:  # the hero behind the box, then where it was
                        b = nb[(e + 2) & 3][x]
                        if b < 0 or not (m >> b) & 1 or not (walk >> x) & 1:
                            continue
                        h = x
                    else:  # pull: the hero where the box goes, then one step on
                        h = nb[e][y]
                        if not (m >> y) & 1 or h < 0 or not (walk >> h) & 1:
                            continue
                    k2 = self.side(y, h)
                    if k2 >= 0:
                        pred.setdefault(4 * y + k2, []).append(4 * x + k)
        self._pred[gi] = pred
        return pred
