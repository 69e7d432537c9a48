"""The packing-order search: fill the targets one at a time, in an order found backwards.

The order: from the solved position, the box that gets out of the targets in the fewest
pulls (the others standing) is taken away, then the next, and so on; the targets filled in
the reverse of that order never close one another's way in (a goal room filled from its far
end). Each stage then puts a box on the next target of the order, the targets filled before
staying as walls: a plain A* on pushes whose estimate is the nearest box's push distance to
that target. A stage moves few boxes (an abstraction): first only the box it means to
bring, every other box standing still like a wall, so that a plan disturbs nothing it need
not. When there is no such plan, one is searched for with the other boxes taken away: on
the whole board it runs into some of them (on the hero's way, where the box goes, or next
to a box a push freezes off target), and those may move too (replay); again, until a plan
is found with the rest standing still. Stages go fewest detours first (_search), each box
that could fill the target in turn (the nearest first), a few plans each.

Not shortest, and not complete (the order is one of many, later stages never revisit a
filled target), but a stage's search only moves the boxes that matter to it: XSokoban #4
and #8 in 0.1-1 s (before it the portfolio found neither in 60 s; for #8 the w 30 backward
search alone needs 41.5 s). Pure push levels only (Model.pure_push).
"""

import heapq
import time

from host_sim.whirly.pushpull import INF, Model, Result, _chain, _key, no_gc, replay_chain
from host_sim.whirly.search import lowest, walk_path

STAGE_STATES = 20000  # positions one stage's search may expand
PLANS = 2  # plans that hold on the whole board tried per box a stage may bring
PAUSE = object()  # what the steps yield when the clock has run out


def packing_order(M):
    """The targets in the order to fill them (see the module's text)."""
    movable = 0
    for m in M.boxok:
        movable |= m
    left = list(M.targets)
    out = []
    while left:
        occ = 0
        for t in left:
            occ |= 1 << t
        best = None
        for t in left:
            n = _pulls_out(M, t, occ & ~(1 << t), movable)
            if n is not None and (best is None or n < best[0]):
                best = (n, t)
        if best is None:
            out.extend(left)  # none gets out (a level that starts solved there): any order
            break
        out.append(best[1])
        left.remove(best[1])
    out.reverse()
    return out


def _pulls_out(M, t, others, movable):
    """Pulls the box on target t needs to leave the targets, the boxes of others standing
    (None: never): a breadth-first search on (box cell, hero region)."""
    bits, nb = M.bits, M.nb
    free = M.walk & ~others
    todo = []
    seen = set()
    for d in range(4):
        h = nb[d][t]
        if h >= 0 and (free >> h) & 1:
            r = bits.flood(h, free & ~(1 << t))
            if (t, lowest(r)) not in seen:
                seen.add((t, lowest(r)))
                todo.append((t, r, 0))
    i = 0
    while i < len(todo):
        x, r, n = todo[i]
        i += 1
        for d in range(4):
            h = nb[d][x]  # the hero stands here, steps on to h2; the box follows to h
            if h < 0 or not (r >> h) & 1 or not (movable >> h) & 1:
                continue
            h2 = nb[d][h]
            if h2 < 0 or not (free >> h2) & 1:
                continue
            if not (M.anygoal >> h) & 1:
                return n + 1
            r2 = bits.flood(h2, free & ~(1 << h))
            k = (h, lowest(r2))
            if k not in seen:
                seen.add(k)
                todo.append((h, r2, n + 1))
    return None


class PackingSearch:
    """The packing-order search in steps, as pushpull.Search: run(seconds) goes on where the
    last run stopped; res.moves once solved, done once solved or out of plans."""

    def __init__(self, level, rules=None, model=None):
        self.M = M = model or Model(level, rules)
        if not M.pure_push:
            raise ValueError("the packing-order search needs a pure push level")
        self.res = Result()
        self.res.method = "packing order"
        self.done = False
        self.clock = [0.0]
        self.spent = 0.0
        self.order = packing_order(M)
        self._dist = {}
        self._steps = self._search()

    def run(self, seconds):
        t = time.time()
        self.clock[0] = t + seconds
        if not self.done:
            with no_gc():
                if next(self._steps, None) is None:  # else PAUSE: out of time
                    self.done = True  # solved, or out of plans
            self.spent += time.time() - t
            self.res.seconds = self.spent
        return self.res

    # ------------------------------------------------------------------ stages
    def _search(self):
        """The stages, fewest detours first: a position's i-th plan is a detour of i (its
        first plan none), a position's detours are its ancestors' plus its own, and among as
        many detours the one with the most targets filled goes on first (a limited
        discrepancy search: depth first along first plans, never stuck deep in one subtree)."""
        M = self.M
        n = len(self.order)
        res = self.res
        heap = [(0, 0, 0, (M.start_boxes, M.hero), [], None)]
        seen = set()
        tick = 0
        while heap:
            detours, negk, _, pos, chain, plans = heapq.heappop(heap)
            k = -negk
            if plans is None:
                plans = self._plans(pos[0], pos[1], k)
            for plan in plans:
                if plan is PAUSE:
                    yield PAUSE
                    continue
                tick += 1  # its next plan: one more detour
                heapq.heappush(heap, (detours + 1, negk, tick, pos, chain, plans))
                steps, boxes, hero = plan
                if k + 1 == n:
                    res.moves = replay_chain(M, chain + steps)
                    res.pushes = len(chain) + len(steps)
                    return
                key = _key(boxes, lowest(M.region(boxes, hero)))
                if key not in seen:
                    seen.add(key)
                    res.states = len(seen)
                    tick += 1
                    heapq.heappush(heap, (detours, negk - 1, tick, (boxes, hero),
                                          chain + steps, None))
                break

    def _plans(self, boxes, hero, k):
        """Plans that fill target order[k]: (pushes, boxes after, hero after), each holding on
        the whole board; PAUSE when out of time. `sees`: the boxes the stage may move."""
        M = self.M
        t = self.order[k]
        fixed = 0
        for x in self.order[:k]:
            fixed |= 1 << x
        movers = []
        for gi, m in enumerate(boxes):
            if (M.goalmask[gi] >> t) & 1:
                d = self.dist(gi, t, fixed)
                movers.extend((d[c], c) for c in M.bits.cells(m & ~fixed) if d[c] < INF)
        movers.sort()
        occ = 0
        for m in boxes:
            occ |= m
        for _, c in movers:
            sees = fixed | (1 << c)  # the boxes this stage's search sees
            while True:
                found = 0
                # the boxes it does not see stand still
                for steps in self._stage(boxes, hero, t, fixed | (occ & ~sees)):
                    if steps is PAUSE:
                        yield PAUSE
                        continue
                    after, blocking = self.replay(boxes, hero, steps, boxes)
                    if after is None:
                        continue
                    yield (steps,) + after
                    found += 1
                    if found == PLANS:
                        break
                if found:
                    break
                # none: which boxes are in the way? A plan with them taken away names them
                blocking = None
                sub = tuple(m & sees for m in boxes)
                for steps in self._stage(sub, hero, t, fixed):
                    if steps is PAUSE:
                        yield PAUSE
                        continue
                    after, blocking = self.replay(boxes, hero, steps, sub)
                    if after is not None:
                        yield (steps,) + after  # none in its way after all
                    break
                if not blocking:
                    break
                for x in blocking:
                    sees |= 1 << x

    def dist(self, gi, t, walls):
        """Push distances of a lone box of group gi to target t, walls blocked (cached)."""
        key = (gi, t, walls)
        d = self._dist.get(key)
        if d is None:
            M = self.M
            d = self._dist[key] = M.target_distances(gi, t, M.tcol[M.targets.index(t)], walls)
        return d

    def _stage(self, sub, hero, t, fixed):
        """A* on the boxes of sub (those of fixed never move) until one stands on target t:
        yields the pushes [(box cell, direction)] of each way found, PAUSE when out of time."""
        M = self.M
        cells = M.bits.cells
        ds = [self.dist(gi, t, fixed) if (M.goalmask[gi] >> t) & 1 else None
              for gi in range(len(sub))]

        def estimate(b):
            best = INF
            for gi, m in enumerate(b):
                d = ds[gi]
                if d is not None:
                    for c in cells(m & ~fixed):
                        if d[c] < best:
                            best = d[c]
            return best
        h = estimate(sub)
        if h >= INF:
            return
        reg = M.region(sub, hero)
        start = _key(sub, lowest(reg))
        came = {start: (0, None, None)}
        heap = [(h, 0, 0, start, reg)]
        closed = set()
        tick = 0
        res = self.res
        while heap:
            f, g, _, key, reg = heapq.heappop(heap)
            if key in closed:
                continue
            closed.add(key)
            res.expanded += 1
            if len(closed) > STAGE_STATES:
                return
            if res.expanded & 63 == 0 and time.time() > self.clock[0]:
                yield PAUSE
            b = key[:-1]
            for gi, n, d, to, hr in M.moves(b, reg):
                if (fixed >> n) & 1:
                    continue
                nbx = list(b)
                nbx[gi] ^= (1 << n) | (1 << to)
                nbx = tuple(nbx)
                if M.frozen_deadlock(nbx, to):
                    continue
                r2 = M.region(nbx, hr)
                k2 = _key(nbx, lowest(r2))
                if k2 in closed:
                    continue
                old = came.get(k2)
                if old is not None and old[0] <= g + 1:
                    continue
                came[k2] = (g + 1, key, (n, d))
                if to == t and (M.goalmask[gi] >> t) & 1:
                    closed.add(k2)  # a way in: the next one found ends elsewhere
                    yield _chain(came, k2)
                    continue
                h = estimate(nbx)
                if h < INF:
                    tick += 1
                    heapq.heappush(heap, (g + 1 + h, g + 1, tick, k2, r2))

    def replay(self, boxes, hero, steps, sub):
        """steps played on the whole board: ((boxes, hero) after, None), or (None, the cells of
        boxes the stage did not see that stand in the way: on the hero's way in the stage's
        board, where the box goes, or next to a box frozen off target)."""
        M = self.M
        nb = M.nb
        seen = 0
        for m in sub:
            seen |= m
        occ = 0
        for m in boxes:
            occ |= m
        boxes = list(boxes)
        for n, d in steps:
            h = nb[(d + 2) & 3][n]
            if not (M.bits.flood(hero, M.walk & ~occ) >> h) & 1:
                # the cells of the hero's walk in the stage's board
                free = M.walk & ~seen
                way = [hero]
                for e in walk_path(M.W, M.H, lambda c: (free >> c) & 1, hero, h):
                    way.append(way[-1] + M.off[e])
                return None, [c for c in way if (occ & ~seen) >> c & 1]
            t = nb[d][n]
            if (occ >> t) & 1:
                return None, [t]
            for gi in range(len(boxes)):
                if (boxes[gi] >> n) & 1:
                    boxes[gi] ^= (1 << n) | (1 << t)
                    break
            occ ^= (1 << n) | (1 << t)
            seen ^= (1 << n) | (1 << t)
            hero = n
            b = tuple(boxes)
            if M.frozen_deadlock(b, t) or M.lower_bound(b) >= INF:
                return None, [c for c in (nb[e][t] for e in range(4))
                              if c >= 0 and (occ & ~seen) >> c & 1]
        return (tuple(boxes), hero), None
