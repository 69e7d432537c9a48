"""A fast push-level model for Sokoban-class levels, and the strong solver built on it.

Applies when a level has one hero and the rules make that hero push, pull or leave alone each
box colour present, with no box moving another (depth 1 or no box row) and no flocking:
Sokoban, Co-Sokoban, Colorban, PullPush, Co-PullPush and BoxiMaze levels with one hero.

Everything is derived from the engine: which colour the hero pushes or pulls comes from
`Rules.kind()`, where a hero or a box may stand from `Engine.can_enter()`, and every solution
is replayed through `games.whirly.engine` before it is returned. Positions are bitboards: one
int per box colour plus the top-left cell of the hero's region, so a state is a push-level
state (walking is free).

Search: A* on pushes (pulls) with
  - a lower bound: minimum-cost assignment (Hungarian) of boxes to matching targets on
    per-box push distances, computed by reverse moves from each target ignoring other boxes;
    an infinite assignment is a deadlock. With "sides" (a switch with the prunings, for any
    push/pull level) the distances know which side of each box the hero is on (sides.py);
  - dead squares: cells from which a box reaches no matching target (simple deadlocks);
  - freeze deadlocks: a pushed box that can never move again on either axis, off target;
  - a transposition table keyed by (boxes, normalised hero);
and, each behind a switch (`PRUNINGS`, the `prune` argument of astar; DEFAULT has all but the
corral searches), only where every box colour is pushed, every box needs a target and the hero
has none (pure push Sokoban, colours allowed; their arguments fail with pulls or spare targets):
  - "pi_corral": when the hero's side of the board cuts off an area (a corral) whose border
    boxes can only be pushed into it, by pushes the hero can make now (a PI-corral), and the
    corral is not finished, only those pushes are tried: any solution must open the corral
    first and may do it now (Junghanns; YSokoban, Sokolution). Keeps push-optimality;
  - "corral_deadlock": such a corral with no push into it at all is a deadlock;
  - "corral_search": so is one whose border boxes, alone on the board, a small plain search
    (CORRAL_STATES positions) proves unable to all reach targets;
  - "tunnel": a box pushed along a one-wide tunnel (walls on both sides of the box's cell and
    of the hero's) keeps being pushed until it leaves the tunnel, reaches a target or the
    cell beyond is blocked, dead or reachable by the hero another way; one macro move of k
    pushes costs k. Push counts matched the plain search on every level tried (the random
    cross-check in tests), but unlike the others it has no proof here: `OPTIMAL` leaves it
    out.

backward() searches the other way: the co-game (push and pull exchanged) from the solved
position back to the start, the solution played backwards; solver.solve()'s portfolio uses
both directions, each search a Search (astar() in steps, resumable) so that they take turns.
Searches run with the garbage collector paused (no_gc).
"""

import gc
import heapq
import time
from itertools import islice

from games.whirly import notation
from games.whirly import rules as R
from games.whirly.board import Level
from games.whirly.engine import T_HTARGET, T_TARGET, U_BOX, Engine
from host_sim import memguard
from host_sim.whirly.search import Bits, Path, lowest
from host_sim.whirly.sides import INF, Sides

NONE, PUSH, PULL = R.NONE, R.PUSH, R.PULL

PRUNINGS = ("pi_corral", "corral_deadlock", "corral_search", "tunnel", "frozen_goals", "sides",
            "held")
ALL = frozenset(PRUNINGS)
# the corral searches cost more positions than they save on our collections (README): off
DEFAULT = frozenset(("pi_corral", "corral_deadlock", "tunnel", "frozen_goals", "sides", "held"))
# proven to keep push-optimality (frozen_goals' bound is a lower bound, but which frozen boxes
# a position sees depends on the way it was reached, so it is not consistent)
OPTIMAL = DEFAULT - {"tunnel", "frozen_goals"}
CORRAL_STATES = 60  # positions a corral_search may look at
# boxes newly frozen: the child's bound from its parent's assignment (Model.frozen_child_state),
# the same totals as a new one; False: a new O(n^3) one (the tests compare the two)
WARM = True
KEEP_STATES = 50000  # assignments astar keeps for positions not expanded yet (memory: ~1 KB each)


def _matches(a, b):
    return a == b or a == 0 or b == 0


def applicable(level, rules=None):
    """None when the fast model applies to level under rules, else the reason it does not."""
    r = R.get(rules if rules is not None else getattr(level, "variant", "sokoban"))
    if r.herd:
        return "flocking"
    if r.depth != 1 and r.box_row != "....":
        return "boxes push boxes"
    size = level.width * level.height
    heroes = [c for c in range(size) if level.unit[c] >> 4 == 1]
    if len(heroes) != 1:
        return "%d heroes" % len(heroes)
    hc = level.unit[heroes[0]] & 15
    for c in range(size):
        v = level.unit[c]
        if v >> 4 == 2 and r.kind(hc, v & 15) not in (NONE, PUSH, PULL):
            return "the hero %ss some boxes" % R.KIND_NAMES[r.kind(hc, v & 15)]
    return None


class Model:
    """Static tables of one level under one rule set (see applicable())."""

    def __init__(self, level, rules=None):
        r = R.get(rules if rules is not None else getattr(level, "variant", "sokoban"))
        why = applicable(level, r)
        if why:
            raise ValueError("the push/pull model does not apply: " + why)
        self.level = level
        self.rules = r
        e = Engine(64)
        e.load(level, r)
        self.W = W = e.width
        self.H = H = e.height
        self.size = size = W * H
        self.bits = bits = Bits(W, H)
        self.off = bits.off
        nb = []
        for d in range(4):
            row = []
            for c in range(size):
                x = c % W
                if d == 0:
                    n = c - W
                elif d == 1:
                    n = c + 1 if x < W - 1 else -1
                elif d == 2:
                    n = c + W if c + W < size else -1
                else:
                    n = c - 1 if x > 0 else -1
                row.append(n)
            nb.append(row)
        self.nb = nb
        self.hero = e.hero
        self.hc = hc = e.unit[e.hero] & 15
        self.walk = 0
        for c in range(size):
            if e.can_enter(c, hc):
                self.walk |= 1 << c
        # groups: one per box colour present
        cols = sorted(set(v & 15 for v in level.unit if v >> 4 == 2))
        self.cols = cols
        self.kinds = [r.kind(hc, col) for col in cols]
        self.boxok = []
        for col in cols:
            m = 0
            for c in range(size):
                if e.can_enter(c, col):
                    m |= 1 << c
            self.boxok.append(m)
        self.targets = [c for c in range(size) if level.goal[c] >> 4 == 2]
        self.tcol = [level.goal[c] & 15 for c in self.targets]
        self.nboxes = sum(1 for v in level.unit if v >> 4 == 2)
        self.ntargets = len(self.targets)
        self.all_boxes = self.nboxes <= self.ntargets  # every box must reach a target
        self.goalmask = []  # per group: cells holding a matching target
        for col in cols:
            m = 0
            for t, tc in zip(self.targets, self.tcol):
                if _matches(col, tc):
                    m |= 1 << t
            self.goalmask.append(m)
        self.hmask = 0  # htargets the hero may finish on
        self.nhtargets = 0
        for c in range(size):
            g = level.goal[c]
            if g >> 4 == 1:
                self.nhtargets += 1
                if _matches(g & 15, hc):
                    self.hmask |= 1 << c
        self.start_boxes = self.boxes_of(level.unit)
        self._distances()
        self._rows = {}  # (group, cell, side) -> the bound's costs to every target (_row)
        self._sides = None
        self.corral_expanded = 0  # positions expanded by corral searches (corral_unsolvable)
        self.space = self.walk  # cells a hero or some box may ever stand on
        for m in self.boxok:
            self.space |= m
        # the prunings argue about pure push Sokoban only (colours allowed)
        self.pure_push = (all(k == PUSH for k in self.kinds) and self.nboxes == self.ntargets
                          and self.nhtargets == 0 and bool(cols))
        self.anygoal = 0
        for t in self.targets:
            self.anygoal |= 1 << t
        # tunnel[a]: cells closed on both sides for a push along axis a (d & 1: 0 up/down)
        self.tunnel = [0, 0]
        for c in range(size):
            for a in (0, 1):
                sides = (nb[1][c], nb[3][c]) if a == 0 else (nb[0][c], nb[2][c])
                if all(x < 0 or not (self.space >> x) & 1 for x in sides):
                    self.tunnel[a] |= 1 << c

    def boxes_of(self, unit):
        out = []
        for col in self.cols:
            m = 0
            for c in range(self.size):
                if unit[c] >> 4 == 2 and unit[c] & 15 == col:
                    m |= 1 << c
            out.append(m)
        return tuple(out)

    # ---------------------------------------------------------------- distances
    def _distances(self):
        size = self.size
        self.dist = []  # dist[gi][ti] -> list over cells (INF: never)
        self.dead = []  # per group: mask of cells from which no matching target is reachable
        for gi, col in enumerate(self.cols):
            per = []
            alive = 0
            for t, tc in zip(self.targets, self.tcol):
                d = self.target_distances(gi, t, tc)
                for c in range(size):
                    if d[c] < INF:
                        alive |= 1 << c
                per.append(d)
            self.dist.append(per)
            self.dead.append((self.boxok[gi] & ~alive) if self.all_boxes else 0)

    def target_distances(self, gi, t, tc, walls=0):
        """Pushes (pulls) a lone box of group gi needs from each cell to target t of colour tc
        (INF: never), the cells of walls blocked."""
        d = [INF] * self.size
        col = self.cols[gi]
        if _matches(col, tc) and (self.boxok[gi] >> t) & 1 and not (walls >> t) & 1:
            d[t] = 0
            q = [t]
            i = 0
            nb = self.nb
            ok = self.boxok[gi] & ~walls
            walk = self.walk & ~walls
            k = self.kinds[gi]
            while i < len(q):
                y = q[i]
                i += 1
                dy = d[y] + 1
                for e in range(4):
                    x = nb[(e + 2) & 3][y]  # the box came from x moving e
                    if x < 0 or d[x] != INF or not (ok >> x) & 1:
                        continue
                    # can a lone box move from x by e, the hero behind it (pushed) or
                    # before it (pulled), on cells not taken as walls?
                    if k == PUSH:
                        b = nb[(e + 2) & 3][x]
                        if b < 0 or not (walk >> b) & 1 or not (walk >> x) & 1:
                            continue
                    elif k == PULL:
                        b = nb[e][y]
                        if not (walk >> y) & 1 or b < 0 or not (walk >> b) & 1:
                            continue
                    else:
                        continue
                    d[x] = dy
                    q.append(x)
        return d

    def is_dead(self, gi, cell):
        return bool((self.dead[gi] >> cell) & 1)

    # ---------------------------------------------------------------- lower bound
    def _row(self, gi, c, k=-1):
        """The bound's costs of a box of group gi on c to each target: push distances, or
        with the hero on side k of it (k >= 0), the distances of sides.py."""
        key = (gi, c, k)
        r = self._rows.get(key)
        if r is None:
            if k < 0:
                r = [d[c] for d in self.dist[gi]]
            else:
                sd = self.sides()
                r = [sd.distances(gi, ti)[4 * c + k] for ti in range(self.ntargets)]
            self._rows[key] = r
        return r

    def sides(self):
        """The Sides of this level (made when first needed)."""
        if self._sides is None:
            self._sides = Sides(self)
        return self._sides

    def side_of(self, c, hero):
        """The side of a box on c the hero (a cell of its region) is on; -1 when hero is None."""
        return -1 if hero is None else self.sides().side(c, hero)

    def bound_state(self, boxes, view=None, hero=None):
        """(total, cells, cost, p, u, v, row) of the lower bound's assignment, for
        child_bound(); None unless boxes and targets are as many (then a moved box is one
        changed row). view: a FrozenGoals (its boxes left out, its distances used); hero: a
        cell of the hero's region, for the distances that know its side of each box. Total
        INF (and no assignment) when a box reaches no target or a target no box."""
        if self.nboxes != self.ntargets or not self.targets:
            return None
        row = self._row if view is None else view.row
        skip = 0 if view is None else view.F
        cells = []
        cost = []
        for gi in range(len(self.cols)):
            m = boxes[gi] & ~skip
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                cells.append((gi, c))
                cost.append(row(gi, c, self.side_of(c, hero)))
        if len(cells) != (self.ntargets if view is None else len(view.targets)):
            return None
        if not cells:
            return 0, cells, cost, [0], [0], [0], row
        if unmatchable(cost):
            return INF, cells, cost, None, None, None, row
        total, p, u, v = hungarian_state(cost)
        return total, cells, cost, p, u, v, row

    def child_bound(self, state, gi, n, t, keep=False, hero=None):
        """lower_bound() of the boxes of state with box gi moved from n to t (the hero, when
        state knew its sides, now on cell hero), in O(n^2); with keep, (that bound, the
        child's own state for its children). The other boxes keep their sides (sides.py)."""
        total, cells, cost, p, u, v, row = state
        i = cells.index((gi, n))
        cost = list(cost)
        cost[i] = row(gi, t, self.side_of(t, hero))
        if p is None:  # the parent's bound INF, found with no assignment: a full one
            total, p, u, v = hungarian_state(cost)
        else:
            p, u, v = list(p), list(u), list(v)
            total = augment_row(cost, p, u, v, i)
        if not keep:
            return total
        cells = list(cells)
        cells[i] = (gi, t)
        return total, (total, cells, cost, p, u, v, row)

    def frozen_child_state(self, state, old_cols, gi, n, t, view, hero=None):
        """bound_state() of the boxes of state with box gi moved from n to t and the boxes of
        view.F frozen (walls), the same total, from the parent's assignment rather than a
        new O(n^3) one: the frozen boxes' rows and their targets' columns go, every row gets
        its costs on the new board (never lower: walls only lengthen a way; sides are the
        child's), and its potential the least that keeps it feasible; a row whose pair is no
        longer tight is placed again by one augmenting search, O(n^2) each (a box pushed
        into a dense block freezes it on its target at almost every push: Microban II #131).
        old_cols: the parent's columns (indices into self.targets; None: all of them)."""
        total, cells, cost, p, u, v, row = state
        F = view.F
        cells2 = []
        cost2 = []
        rows_of = {}  # parent row (0-based) -> child row (1-based)
        for i, (g, c) in enumerate(cells):
            if (g, c) == (gi, n):
                c = t
            if (F >> c) & 1:
                continue
            cells2.append((g, c))
            cost2.append(view.row(g, c, self.side_of(c, hero)))
            rows_of[i] = len(cells2)
        if len(cells2) != len(view.targets):
            return None
        if not cells2:
            return 0, cells2, cost2, [0], [0], [0], view.row
        if unmatchable(cost2):
            return INF, cells2, cost2, None, None, None, view.row
        where = {}  # target index -> the parent's column (1-based)
        for j, ti in enumerate(old_cols if old_cols is not None else range(self.ntargets)):
            where[ti] = j + 1
        m = len(view.index)
        p2 = [0] * (m + 1)
        v2 = [0] * (m + 1)
        col_of = [0] * (m + 1)  # child row -> its column
        for jc, ti in enumerate(view.index, 1):
            jp = where[ti]
            v2[jc] = v[jp]
            i = rows_of.get(p[jp] - 1) if p[jp] else None
            if i is not None:
                p2[jc] = i
                col_of[i] = jc
        u2 = [0] * (m + 1)
        free = []
        for i in range(1, m + 1):
            r = cost2[i - 1]
            least = INF * 4
            for j in range(1, m + 1):
                x = r[j - 1] - v2[j]
                if x < least:
                    least = x
            u2[i] = least
            jc = col_of[i]
            if not jc or r[jc - 1] - v2[jc] != least:
                if jc:
                    p2[jc] = 0
                free.append(i)
        for i in free:
            _augment(cost2, p2, u2, v2, i)
        return _total(cost2, p2), cells2, cost2, p2, u2, v2, view.row

    def frozen_goals(self, boxes, c, F):
        """Boxes frozen on their targets with the box just pushed onto target c, beyond those
        of F (a mask: frozen already): the mask of them, 0 when that box can still move, -1
        when one freezing it stands off target (a deadlock). A frozen box never moves again:
        for the bound it is a wall (FrozenGoals)."""
        gi = self._group_at(boxes, c)
        if self.kinds[gi] != PUSH or not (self.goalmask[gi] >> c) & 1:
            return 0
        occ = 0
        for m in boxes:
            occ |= m
        cluster = []
        if not self._frozen(boxes, occ, c, gi, F | (1 << c), cluster):
            return 0
        out = 1 << c
        for x, g in cluster:
            if not (self.goalmask[g] >> x) & 1:
                return -1
            out |= 1 << x
        return out

    def lower_bound(self, boxes, hero=None, view=None):
        """Minimum-cost assignment of boxes to matching targets (INF or more when impossible);
        with hero (a cell of the hero's region), on the distances that know its side of each
        box; with view (a FrozenGoals), on its board, its boxes left out: with fewer boxes than
        targets (learn.py's proofs), where bound_state() keeps no assignment."""
        row = self._row if view is None else view.row
        skip = 0 if view is None else view.F
        rows = []
        for gi in range(len(self.cols)):
            m = boxes[gi] & ~skip
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                rows.append(row(gi, c, self.side_of(c, hero)))
        if not rows or not self.targets:
            return 0
        if len(rows) > len(rows[0]):  # fewer targets: every target takes a box
            rows = [list(col) for col in zip(*rows)]
        return hungarian(rows)

    # ---------------------------------------------------------------- freeze deadlocks
    def _group_at(self, boxes, c):
        bit = 1 << c
        for gi in range(len(boxes)):
            if boxes[gi] & bit:
                return gi
        return -1

    def frozen_deadlock(self, boxes, c):
        """Is the box just moved to c frozen (no push can ever move it on either axis) while it or a
        box freezing it stands off a matching target? Only for push groups."""
        if not self.all_boxes:
            return False
        gi = self._group_at(boxes, c)
        if self.kinds[gi] != PUSH:
            return False
        occ = 0
        for m in boxes:
            occ |= m
        if (self.walk >> c) & 1:  # the common case first, quickly: a push with nothing in
            # the way (what _frozen finds first, without its calls)
            alive = self.boxok[gi] & ~self.dead[gi] & ~occ
            free = self.walk & ~occ
            nb = self.nb
            for e in range(4):
                f = nb[e][c]
                b = nb[(e + 2) & 3][c]
                if f >= 0 and b >= 0 and (alive >> f) & 1 and (free >> b) & 1:
                    return False
        cluster = []
        if not self._frozen(boxes, occ, c, gi, 1 << c, cluster):
            return False
        for x, g in cluster + [(c, gi)]:
            if not (self.goalmask[g] >> x) & 1:
                return True
        return False

    def _frozen(self, boxes, occ, c, gi, walls, cluster):
        """Can no push ever move the box of group gi on c (occ: every box; walls: a mask of
        cells taken as walls, the boxes this test stands on already)? Boxes found frozen on
        the way go to cluster. Per axis: open when the hero may stand on one side and the box
        go to the other (neither a wall, nor a dead square, nor a box frozen in turn)."""
        if not (self.walk >> c) & 1:
            return True  # the hero can never step where this box stands: it never moves
        nb = self.nb
        ok = self.boxok[gi]
        dead = self.dead[gi]
        walk = self.walk
        kinds = self.kinds
        one = len(boxes) == 1
        for e in (1, 3, 0, 2):  # across, then up and down
            f = nb[e][c]  # where the box would go
            b = nb[(e + 2) & 3][c]  # where the hero must stand
            if f < 0 or b < 0 or not (ok >> f) & 1 or not (walk >> b) & 1:
                continue
            if (dead >> f) & 1 or (walls >> f) & 1 or (walls >> b) & 1:
                continue
            blocked = False
            for x in (b, f):
                if not (occ >> x) & 1:
                    continue
                g = 0 if one else self._group_at(boxes, x)
                k = kinds[g]
                if k == NONE:
                    blocked = True
                elif k == PUSH and self._frozen(boxes, occ, x, g, walls | (1 << x), cluster):
                    cluster.append((x, g))
                    blocked = True
                if blocked:
                    break
            if not blocked:
                return False
        return True

    # ---------------------------------------------------------------- moves
    def region(self, boxes, hero):
        occ = 0
        for m in boxes:
            occ |= m
        return self.bits.flood(hero, self.walk & ~occ)

    def moves(self, boxes, region, prune=True):
        """Push-level moves: list of (gi, box cell, direction, new box cell, hero cell after)."""
        bits = self.bits
        off = self.off
        occ = 0
        for m in boxes:
            occ |= m
        free = self.walk & ~occ
        out = []
        for gi in range(len(boxes)):
            k = self.kinds[gi]
            B = boxes[gi]
            if not B or k == NONE:
                continue
            ok = self.boxok[gi]
            if prune:
                ok &= ~self.dead[gi]
            if k == PUSH:
                dest = ok & ~occ
                for d in range(4):
                    o = off[d]
                    cand = B & bits.shift(region, d) & self.walk & bits.shift(dest, (d + 2) & 3)
                    while cand:
                        low = cand & -cand
                        cand ^= low
                        n = low.bit_length() - 1
                        out.append((gi, n, d, n + o, n))
            else:  # pull: hero at r = n - o presses d, steps back to r - o; the box goes to r
                for d in range(4):
                    o = off[d]
                    cand = B & bits.shift(region & ok & bits.shift(free, d), d)
                    while cand:
                        low = cand & -cand
                        cand ^= low
                        n = low.bit_length() - 1
                        out.append((gi, n, d, n - o, n - o - o))
        return out

    # ---------------------------------------------------------------- tunnels
    def tunnel_run(self, boxes, gi, n, d, t, region):
        """The pushes that follow a push of box gi from n to t in direction d inside a one-wide
        tunnel: [(boxes, box cell, hero cell)] after each, [] when none. The box goes on while
        it and the hero behind it have no space on either side, it stands off its targets, and
        the cell ahead is free, alive and out of the hero's reach (no way round)."""
        a = d & 1
        tun = self.tunnel[a]
        alive = self.boxok[gi] & ~self.dead[gi]
        occ = 0
        for m in boxes:
            occ |= m
        out = []
        while True:
            if not ((tun >> t) & 1 and (tun >> n) & 1) or (self.goalmask[gi] >> t) & 1:
                break
            t2 = self.nb[d][t]
            if t2 < 0 or not (alive >> t2) & 1 or (occ >> t2) & 1 or (region >> t2) & 1 \
                    or not (self.walk >> t) & 1:
                break
            bl = list(boxes)
            bl[gi] ^= (1 << t) ^ (1 << t2)
            boxes = tuple(bl)
            occ ^= (1 << t) ^ (1 << t2)
            n, t = t, t2
            out.append((boxes, t, n))
            region = self.region(boxes, n)
        return out

    # ---------------------------------------------------------------- PI-corrals
    def pi_corral(self, boxes, region, with_border=False, spare=False):
        """The pushes into the best PI-corral of this position: a list of moves (as moves()
        gives them; empty: the corral can never be opened, a deadlock), or None when there is
        no unfinished PI-corral. Only for pure push Sokoban (self.pure_push).

        A corral is a connected area of free cells the hero cannot reach, closed by walls and
        boxes only. It is an I-corral when every push of a box on its border that could ever
        carry the box elsewhere than into the corral is impossible (a wall behind the hero's
        cell, or a dead cell or a wall in front), and a P-corral when the hero can make every
        push of a border box into it now. Until a border box moves, no box and no hero gets
        in; the first border push of any solution is then one of these pushes, and the pushes
        before it (other boxes, outside) can be played after it: so trying only them keeps a
        shortest solution. Unfinished: a border box off its targets or an empty target in it
        (with spare, fewer boxes than targets on the board, only the first: no target then
        needs a box)."""
        bits = self.bits
        shifts = bits.shifts
        nb = self.nb
        occ = 0
        for m in boxes:
            occ |= m
        space = self.space & ~occ & ~region
        best = None
        rs = shifts(region)
        while space:
            low = space & -space
            comp = bits.flood(low.bit_length() - 1, space)
            space &= ~comp
            cs = shifts(comp)
            around = cs[0] | cs[1] | cs[2] | cs[3]
            if around & region:
                continue  # a box-only cell next to the hero's area: boxes may come in
            border = around & occ
            unfinished = not spare and bool(comp & self.anygoal)
            pushes = []
            ok = True
            outs = shifts(self.walk & ~comp)  # where the hero stands to push a box out
            for gi in range(len(boxes)):
                B = boxes[gi] & border
                if not B:
                    continue
                if B & ~self.goalmask[gi]:
                    unfinished = True
                als = shifts(self.boxok[gi] & ~self.dead[gi])
                for d in range(4):
                    ahead = (d + 2) & 3  # shift(m, ahead): the cells whose next cell is in m
                    # pushed from outside the corral onto an alive cell (else useless), and
                    # pushed into it from the hero's area now
                    cand = B & outs[d] & als[ahead]
                    good = cand & cs[ahead] & rs[d]
                    if cand != good:
                        ok = False  # out of the corral, or not now: not a PI-corral
                        break
                    while good:
                        lowb = good & -good
                        good ^= lowb
                        x = lowb.bit_length() - 1
                        pushes.append((gi, x, d, nb[d][x], x))
                if not ok:
                    break
            pushes.sort()  # as the boxes come, cell by cell
            if not ok or not unfinished:
                continue
            if best is None or len(pushes) < len(best[0]):
                best = (pushes, border)
                if not pushes:
                    break
        if best is None or with_border:
            return best
        return best[0]

    def held_off_target(self, boxes, region):
        """Is a box that can never move again, whatever the others do, off its targets? Every
        box is held at first; a box the hero could push from a cell it reaches through cells
        no held box stands on, into an alive cell no held box stands on, is let go (as if it
        could vanish); again until none is. Until a held box moves every held box stands where
        it is, so the first push of one in any solution would be such a push: none ever moves.
        Catches what the freeze test cannot see, the hero shut out: a room sealed by a box in
        its door whose other side is full (Microban #153)."""
        bits = self.bits
        held = list(boxes)
        area = region  # with every box held: the hero's own region
        occ = 0
        for m in held:
            occ |= m
        while True:
            freed = False
            off = False  # a held box off its targets
            hs = bits.shifts(area)  # hs[d]: the cells with the area behind them, pushing d
            for gi in range(len(held)):
                B = held[gi]
                if not B:
                    continue
                al = bits.shifts(self.boxok[gi] & ~self.dead[gi] & ~occ)
                # the boxes the hero pushes from the area into an alive cell, all four ways
                go = B & ((hs[0] & al[2]) | (hs[1] & al[3]) | (hs[2] & al[0]) | (hs[3] & al[1]))
                if go:
                    held[gi] = B = B & ~go
                    freed = True
                if B & ~self.goalmask[gi]:
                    off = True
            if not off:
                return False  # whatever is let go later, no held box is off its targets
            if not freed:
                return True
            occ = 0
            for m in held:
                occ |= m
            area = bits.spread(area, self.walk & ~occ)  # into the cells let go

    def corral_unsolvable(self, boxes, region, border, states=CORRAL_STATES):
        """Can the boxes on a corral's border, alone on the board (every other box taken
        away), never all reach targets? Then the whole position is a deadlock: taking boxes
        away never makes a solvable position unsolvable (the same pushes, in the same order,
        solve what is left). Searched with the plain A* up to `states` positions: True only
        when that search ran out of positions to try."""
        sub = tuple(m & border for m in boxes)
        hero = lowest(region)
        res = astar(self.level, self.rules, time_limit=60.0, max_states=states, model=self,
                    prune=(), origin=(sub, hero))
        self.corral_expanded += res.expanded
        return res.moves is None and res.complete


def unmatchable(cost):
    """Has the cost matrix a row (a box no target takes) or a column (a target no box
    reaches) all INF? Then no assignment is finite, found before any is searched."""
    for r in cost:
        if min(r) >= INF:
            return True
    for j in range(len(cost[0])):
        for r in cost:
            if r[j] < INF:
                break
        else:
            return True
    return False


def hungarian(cost):
    """Minimum total of an assignment of every row to a distinct column (rows <= columns).
    INF-or-more means impossible. O(n^2 m), for the few boxes of a level."""
    return hungarian_state(cost)[0]


def hungarian_state(cost):
    """(total, p, u, v): the minimum total and what augment_row() needs to redo one row:
    p[j] = 1 + the row given column j (0: none), u and v the row and column potentials."""
    n = len(cost)
    m = len(cost[0])
    u = [0] * (n + 1)
    v = [0] * (m + 1)
    p = [0] * (m + 1)
    for i in range(1, n + 1):
        _augment(cost, p, u, v, i)
    return _total(cost, p), p, u, v


def augment_row(cost, p, u, v, i):
    """The minimum total after row i (0-based) of a square problem got new costs, from the
    optimal p, u, v of the old costs (lists changed in place): the row's column is freed and
    one augmenting search places the row again, O(n^2) instead of O(n^3). Other rows' and
    the columns' potentials stay feasible and tight, so the result is optimal."""
    row = cost[i]
    jold = p.index(i + 1, 1)
    best = row[jold - 1] - v[jold]
    if best < INF:
        # the common case, in O(n): the row's column is still its cheapest in reduced costs
        # (a box pushed on along its way). Then u = that reduced cost keeps every u + v <=
        # cost and the pair tight: the same assignment is optimal, no augmenting search
        for j in range(1, len(p)):
            if row[j - 1] - v[j] < best:
                break
        else:
            u[i + 1] = best
            return _total(cost, p)
    p[jold] = 0
    u[i + 1] = 0  # feasible: costs >= 0 and column potentials <= 0
    _augment(cost, p, u, v, i + 1)
    return _total(cost, p)


def _total(cost, p):
    total = 0
    for j in range(1, len(p)):
        if p[j]:
            total += cost[p[j] - 1][j - 1]
    return total if total < INF else INF


def _augment(cost, p, u, v, i):
    """One phase of the Hungarian method (e-maxx): assigns row i (1-based) along a shortest
    augmenting path, keeping u + v <= cost everywhere and == on assigned pairs."""
    m = len(p) - 1
    p[0] = i
    j0 = 0
    minv = [INF * 4] * (m + 1)
    way = [0] * (m + 1)
    used = [False] * (m + 1)
    while True:
        used[j0] = True
        i0 = p[j0]
        delta = INF * 4
        j1 = -1
        row = cost[i0 - 1]
        ui0 = u[i0]
        for j in range(1, m + 1):
            if not used[j]:
                cur = row[j - 1] - ui0 - v[j]
                if cur < minv[j]:
                    minv[j] = cur
                    way[j] = j0
                if minv[j] < delta:
                    delta = minv[j]
                    j1 = j
        for j in range(m + 1):
            if used[j]:
                u[p[j]] += delta
                v[j] -= delta
            else:
                minv[j] -= delta
        j0 = j1
        if p[j0] == 0:
            break
    while True:
        j1 = way[j0]
        p[j0] = p[j1]
        j0 = j1
        if j0 == 0:
            break


class FrozenGoals:
    """The board with the boxes of mask F, frozen on their targets, as walls (they never move
    again, nor can the hero or another box pass them): push distances to the targets left
    free, for a lower bound that sees what those boxes close off (Model.bound_state). A
    target only reached through a frozen one, or cut off behind one, makes the bound
    infinite: a deadlock that dead squares and the freeze test miss (Microban #153's goal
    column, its mouth filled first)."""

    def __init__(self, M, F):
        self.M = M
        self.F = F
        self.index = [i for i, t in enumerate(M.targets) if not (F >> t) & 1]
        self.targets = [(M.targets[i], M.tcol[i]) for i in self.index]
        self.dist = [[M.target_distances(gi, t, tc, F) for t, tc in self.targets]
                     for gi in range(len(M.cols))]
        self._rows = {}

    def row(self, gi, c, k=-1):
        """Model._row on this board; with the hero's side k known, each cost also no less
        than the model's on that side (a lower bound too: walls only lengthen a way)."""
        key = (gi, c, k)
        r = self._rows.get(key)
        if r is None:
            r = [d[c] for d in self.dist[gi]]
            if k >= 0:
                full = self.M._row(gi, c, k)
                r = [max(a, full[i]) for a, i in zip(r, self.index)]
            self._rows[key] = r
        return r


VIEWS = 4000  # FrozenGoals a search keeps (their sets of frozen boxes)


class Result:
    def __init__(self):
        self.moves = None
        self.pushes = None
        self.expanded = 0
        self.states = 0
        self.seconds = 0.0
        self.complete = False
        self.method = "push A*"
        self.lower_bound = None
        self.pruned = {}  # per pruning: pushes it left out (tunnel: pushes it made as macros)
        self.corral_expanded = 0  # positions the corral searches expanded besides
        # (key, other search's shared(), proven shortest): a position a search the other way
        # round reached too
        self.met = None
        self.candidate = None  # (pushes, key, other): the best such meeting not proven shortest
        self.stopped = None  # "memory": stopped by the memory guard (memguard)


def _key(boxes, canon):
    return boxes + (canon,)


def astar(level, rules=None, time_limit=10.0, max_states=None, weight=1, result=None,
          model=None, prune=DEFAULT, origin=None, cap_every=1, heroes=None, learned=None):
    """A* on pushes (pulls) for a Sokoban-class level. Result.moves is the LURD solution
    (verified by the caller), or None. prune: which of PRUNINGS to use (they apply to pure
    push levels only, see Model.pure_push); DEFAULT by default, OPTIMAL for a proven shortest
    solution.
    origin: (boxes, hero cell) instead of the level's own (a corral search's part of it).
    heroes: cells the hero may start on instead of its own, one search from all (backward()).
    cap_every: max_states is checked every cap_every expansions (64 and prune=() give the
    search the generator made the shipped packs with, position for position).
    learned: dead patterns to prune with (learn.Patterns).
    One Search run once for time_limit seconds."""
    with no_gc():  # the search's tables freed before the collector looks at them
        return Search(level, rules, max_states, weight, result, model, prune, origin,
                      cap_every, heroes, learned).run(time_limit)


class no_gc:
    """with no_gc(): the garbage collector paused (as it was after). The searches make no
    reference cycles; with it on, its scans of their millions of table entries took 40 % of
    the time (XSokoban #14, weight 30 backward: 15.3 s, 9.1 s without). Each search is best
    dropped inside it: objects made while it is paused are scanned once it is on again."""

    def __enter__(self):
        self.was = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc):
        if self.was:
            gc.enable()
        return False


class Search:
    """astar() in steps: run(seconds) searches on for that long from where the last run
    stopped (its open list, table and caches kept) and returns its Result; done once it
    found a solution, ran out of positions or hit max_states. The positions are expanded in
    the same order however the time is cut (solve()'s portfolio takes turns between
    several). learn=True (pure push levels, weight above 1): the search learns dead
    patterns as it goes (learn.py; self.learned)."""

    def __init__(self, level, rules=None, max_states=None, weight=1, result=None, model=None,
                 prune=DEFAULT, origin=None, cap_every=1, heroes=None, learned=None,
                 learn=False):
        unknown = set(prune) - set(PRUNINGS)
        if unknown:
            raise ValueError("unknown pruning: %s" % ", ".join(sorted(unknown)))
        self.res = result or Result()
        self.res.method = "push A*" if weight == 1 else "push WA*(%d)" % weight
        self.done = False
        self.clock = [0.0]  # the deadline of this run (a list the steps read: no cycle)
        self.spent = 0.0
        self.backward = False  # backward_search(): moves played backwards once found
        self.M = model or Model(level, rules)
        self.came = {}  # key -> (pushes, parent key, move): every position reached
        self.weight = weight
        self.fmin = [0]  # the f of the position expanded last (weight 1: the open list's least)
        # the searches the other way round (their shared()): a position both reached joins
        # them
        self.meet = []
        if learn and weight > 1 and self.M.pure_push:
            from host_sim.whirly.learn import Learner
            learned = Learner(self.M, self.clock)
            self.res.method = "push WA*(%d) learning" % weight
        self.learned = learned
        self._steps = _astar_steps(self.res, self.clock, self.M, max_states, weight, prune,
                                   origin, cap_every, heroes, self.came, self.meet, self.fmin,
                                   learned)

    def shared(self):
        """What a search the other way round reads of this one: (came, model, result, fmin,
        weight); no reference back to the Search (no cycle to keep the tables alive)."""
        return self.came, self.M, self.res, self.fmin, self.weight

    def settle(self):
        """Join the best meeting found but not proven shortest (res.candidate), if any:
        res.moves then, done."""
        if not self.done and self.res.candidate is not None:
            c, key, other = self.res.candidate
            self.res.met = (key, other, False)
            join(self)
            self.done = True
        return self.res

    def run(self, seconds):
        """Search on for seconds (the garbage collector paused meanwhile, see no_gc)."""
        t = time.time()
        self.clock[0] = t + seconds
        if not self.done:
            with no_gc():
                try:
                    next(self._steps)
                except StopIteration:
                    self.done = True
                    res = self.res
                    if res.met is not None:
                        join(self)
                    elif self.backward and res.moves is not None:
                        # the co-path ends with the walk to the first pull's cell: no use
                        # once solved
                        res.moves = notation.copath(res.moves).rstrip("lurd")
            self.spent += time.time() - t
            self.res.seconds = self.spent
        return self.res


def join(search):
    """search.res.moves from the position it and res.met's search (the other way round) both
    reached: the forward one's pushes to it, then the backward one's pulls from the solved
    position to it, taken back in reverse order (a pull of a box from n to n - o is undone
    by pushing it from n - o back to n)."""
    res = search.res
    key, other, proven = res.met
    mine = search.shared()
    (fcame, fM, fres), (bcame, bM, bres) = [x[:3] for x in
                                            ((other, mine) if search.backward else (mine, other))]
    off = fM.off
    back = _chain(bcame, key)
    chain = _chain(fcame, key) + [(n - off[d], d) for n, d in reversed(back)]
    res.moves = replay_chain(fM, chain)
    res.pushes = len(chain)
    # shortest when proven (two weight-1 searches, see _astar_steps): named as the forward A*
    res.method = "push A* (met: forward and backward)" if proven else \
        "met: %s + %s" % (fres.method, bres.method)


def _astar_steps(res, clock, M, max_states, weight, prune, origin, cap_every, heroes, came,
                 meet, fmin, learned):
    """Search's generator: fills res, yields when clock[0] (a deadline) has passed, returns
    when done."""
    t0 = time.time()
    boxes, hero = origin or (M.start_boxes, M.hero)
    # fewer boxes than targets (a proof of learn.py, a corral search): an empty target needs
    # no box, and the frozen goals' bound is lower_bound() on their view
    spare = sum(bin(m).count("1") for m in boxes) < M.ntargets
    use_pi = "pi_corral" in prune and M.pure_push
    use_cd = "corral_deadlock" in prune and M.pure_push
    use_cs = "corral_search" in prune and M.pure_push
    use_tunnel = "tunnel" in prune and M.pure_push
    use_fz = "frozen_goals" in prune and M.pure_push
    use_sides = "sides" in prune  # a bound: any push/pull level
    use_held = "held" in prune and M.pure_push
    fz = {}  # boxes -> mask of those frozen on targets (walls for the bound), when any
    views = {}  # such a mask -> its FrozenGoals

    def view_of(F):
        view = views.get(F)
        if view is None:
            if len(views) >= VIEWS:
                views.clear()  # bounds memory; only costs recomputing
            view = views[F] = FrozenGoals(M, F)
        return view
    res.pruned = dict.fromkeys(PRUNINGS, 0)
    if learned is not None:
        res.pruned["learned"] = 0
    corral_cache = {}
    corral_expanded0 = M.corral_expanded
    region = M.region(boxes, hero)
    lb_cache = {}  # position key -> its bound
    reg_cache = {}
    states_kept = {}  # position key -> bound_state() of it, from child_bound
    frozen = set()  # boxes with one frozen off target (hero or not)

    def frozen_off(nbx, gi, t):
        """Is the box of group gi just moved to t in nbx frozen off target (cached)?"""
        if nbx in frozen:
            return True
        if M.kinds[gi] == PUSH and M.frozen_deadlock(nbx, t):
            frozen.add(nbx)
            return True
        return False

    def keep_state(b, st):
        if len(states_kept) >= KEEP_STATES:
            # bounds memory (only costs recomputing): the oldest quarter goes, the newest
            # being the likeliest to be expanded soon (all of them went before: a weighted
            # search then redid a full assignment for one position in eight, XSokoban #9)
            for k in list(islice(states_kept, KEEP_STATES // 4)):
                del states_kept[k]
        states_kept[b] = st

    def lb(key, reg):
        v = lb_cache.get(key)
        if v is None:
            v = lb_cache[key] = M.lower_bound(key[:-1], lowest(reg) if use_sides else None)
        return v

    def canon_of(b, hero):
        lst = reg_cache.get(b)
        bit = 1 << hero
        if lst is not None:
            for r in lst:
                if r & bit:
                    return r
        r = M.region(b, hero)
        if lst is None:
            reg_cache[b] = [r]
        else:
            lst.append(r)
        return r

    hmask = M.hmask
    need_h = M.nhtargets > 0

    def is_goal(b, reg, h):
        return h == 0 and (not need_h or reg & hmask)

    heap = []
    h0 = INF
    for reg in ([region] if heroes is None else [M.region(boxes, c) for c in heroes]):
        start = _key(boxes, lowest(reg))
        if start in came:
            continue
        h = lb(start, reg)
        if h >= INF:
            continue
        h0 = min(h0, h)
        came[start] = (0, None, None)
        if is_goal(boxes, reg, h):
            _finish(res, M, came, start, reg, t0, heroes is not None)
            return
        heap.append((h * weight, 0, len(heap), start, reg))
    res.lower_bound = h0
    if h0 >= INF:
        res.complete = True
        return
    closed = set()
    tick = len(heap) - 1
    found = None
    stopped = False
    while heap:
        f, negg, _, key, reg = heapq.heappop(heap)
        if key in closed:
            continue
        fmin[0] = f
        cand = res.candidate
        if cand is not None and cand[0] <= max(f, cand[2][3][0]):
            res.met = (cand[1], cand[2], True)  # no shorter meeting left: proven
            found = (cand[1], None)
            break
        closed.add(key)
        res.expanded += 1
        if res.expanded & 63 == 0 and time.time() > clock[0]:
            res.states = len(came)
            res.corral_expanded = M.corral_expanded - corral_expanded0
            yield  # out of time: this position is expanded when the search goes on
        if max_states and len(came) > max_states and res.expanded % cap_every == 0:
            stopped = True
            break
        if memguard.due(res.expanded):
            res.stopped = "memory"
            stopped = True
            break
        g = -negg
        b = key[:-1]
        if lb(key, reg) == 0 and is_goal(b, reg, 0):
            found = (key, reg)  # reached by a macro move: such goals wait for their turn
            break
        moves = M.moves(b, reg)
        if use_pi or use_cd or use_cs:
            corral = M.pi_corral(b, reg, with_border=True, spare=spare)
            if corral is not None:
                corral, border = corral
                if not corral:
                    if use_cd:
                        res.pruned["corral_deadlock"] += 1
                        continue
                else:
                    if use_cs:
                        ck = tuple(m & border for m in b) + (key[-1],)
                        dead = corral_cache.get(ck)
                        if dead is None:
                            dead = corral_cache[ck] = M.corral_unsolvable(b, reg, border)
                        if dead:
                            res.pruned["corral_search"] += 1
                            continue
                    if use_pi:
                        res.pruned["pi_corral"] += len(moves) - len(corral)
                        moves = corral
        # after the corrals' own deadlocks (a held box shuts most of them, and more): a box
        # that never moves again, off target
        if use_held and M.held_off_target(b, reg):
            res.pruned["held"] += 1
            continue
        if learned is not None:
            if learned.dead(b, key[-1]):
                res.pruned["learned"] += 1
                continue
            if weight > 1:  # a Learner (Search(learn=True)); proofs only prune
                learned.observe(key, lb(key, reg), res.expanded)
        # the assignment this position's bound was made with, kept when its parent computed
        # it: an O(n^3) Hungarian saved per expansion, the same numbers (2 to 38 % less CPU
        # time per position on Microban's hardest levels)
        F = fz.get(b, 0) if use_fz else 0
        # kept: a position reached again, or its parent's child_bound
        state = states_kept.get(key)
        if state is None and len(moves) > 1:
            state = M.bound_state(b, view_of(F) if F else None,
                                  lowest(reg) if use_sides else None)

        def child_lb(k2, nbx, gi, n, t, hero):
            """The bound of position k2 (boxes nbx, the hero on cell hero): box gi moved
            from n to t; its assignment kept for k2's children."""
            v = lb_cache.get(k2)
            if v is None:
                Fc = F
                if use_fz and (M.anygoal >> t) & 1:
                    new = M.frozen_goals(nbx, t, F)
                    if new < 0:
                        lb_cache[k2] = INF
                        return INF
                    Fc = F | new
                if Fc:
                    fz[nbx] = Fc
                if Fc and spare:
                    v = M.lower_bound(nbx, hero, view_of(Fc))
                    if v >= INF:
                        res.pruned["frozen_goals"] += 1
                elif Fc != F or (Fc and not state):
                    # boxes newly frozen: the bound without them, on their walls
                    if state and state[3] is not None and WARM:
                        kept = M.frozen_child_state(state, view_of(F).index if F else None,
                                                    gi, n, t, view_of(Fc), hero)
                    else:
                        kept = M.bound_state(nbx, view_of(Fc), hero)
                    v = INF if kept is None or kept[0] >= INF else kept[0]
                    if v >= INF:
                        res.pruned["frozen_goals"] += 1
                    else:
                        keep_state(k2, kept)
                elif state:
                    v, kept = M.child_bound(state, gi, n, t, keep=True, hero=hero)
                    if v < INF:
                        keep_state(k2, kept)
                else:
                    v = M.lower_bound(nbx, hero)
                lb_cache[k2] = v
            return v

        for gi, n, d, t, hero in moves:
            nbx = list(b)
            nbx[gi] = nbx[gi] ^ (1 << n) ^ (1 << t)
            nbx = tuple(nbx)
            if frozen_off(nbx, gi, t):
                continue
            r2 = canon_of(nbx, hero)
            step = (n, d)
            cost = 1
            if use_tunnel:
                run = M.tunnel_run(nbx, gi, n, d, t, r2)
                if run:
                    nbx, t = run[-1][0], run[-1][1]
                    step = ((n, d),) + tuple((c, d) for _, _, c in run)
                    cost += len(run)
                    res.pruned["tunnel"] += len(run)
                    if frozen_off(nbx, gi, t):
                        continue
                    hero = run[-1][2]
                    r2 = canon_of(nbx, hero)
            k2 = _key(nbx, lowest(r2))
            if k2 in closed:
                continue
            h = child_lb(k2, nbx, gi, n, t, hero if use_sides else None)
            if h >= INF:
                if use_sides and min(M._row(gi, t)) < INF and \
                        min(M._row(gi, t, M.side_of(t, hero))) >= INF:
                    res.pruned["sides"] += 1  # a lone box's deadlock only its sides show
                continue
            old = came.get(k2)
            if old is not None and old[0] <= g + cost:
                continue
            came[k2] = (g + cost, key, step)
            for other in meet:
                ob = other[0].get(k2)
                if ob is None:
                    continue
                # a solution of c pushes through k2. With weight 1 both ways it is shortest
                # once no position left open either way may lead to a shorter one (both f
                # bounds at least c: bidirectional A*'s stopping rule); until then the best
                # one waits (Search.settle() takes it when the time for proofs is over)
                c = g + cost + ob[0]
                if weight != 1 or other[4] != 1:
                    res.met = (k2, other, False)
                elif c <= max(f, other[3][0]):
                    res.met = (k2, other, True)
                elif res.candidate is None or c < res.candidate[0]:
                    res.candidate = (c, k2, other)
                if res.met is not None:
                    break
            if res.met is not None:
                found = (k2, r2)
                break
            if cost == 1 and is_goal(nbx, r2, h):
                found = (k2, r2)
                break
            tick += 1
            heapq.heappush(heap, (g + cost + weight * h, -(g + cost), tick, k2, r2))
        if found:
            break
    res.states = len(came)
    res.corral_expanded = M.corral_expanded - corral_expanded0
    if not found:
        res.complete = not heap and not stopped
        return
    if res.met is not None:
        return  # Search.run() joins the two searches' paths
    if origin is not None:  # a part of a position: no LURD replay from the level's start
        res.pushes = came[found[0]][0]
        res.moves = ""
        return
    _finish(res, M, came, found[0], found[1], t0, heroes is not None)


def _with_hero(level, old, cell):
    """A copy of level with its hero moved from cell old to cell."""
    unit = bytearray(level.unit)
    unit[cell], unit[old] = unit[old], 0
    return Level(level.width, level.height, bytearray(level.ground), bytearray(level.goal),
                 unit, level.variant, level.fmt, level.name)


def co_level(level, rules=None):
    """(co-level, co-rules, hero cells) for backward(), or None when it does not apply.

    The co-level is the solved position under the co-game (push and pull exchanged): the
    boxes on the targets, in the targets' colours; targets where the boxes start and an
    htarget where the hero starts. Its solutions, played backwards (notation.copath), solve
    the level; the hero may start in any region it could finish the level in (the hero
    cells, one per region). Only for one hero, as many boxes as targets in the same colours
    and no htarget (else the solved position is not one position)."""
    r = R.get(rules if rules is not None else getattr(level, "variant", "sokoban"))
    if applicable(level, r) is not None:
        return None
    try:
        co = R.co_rules(r)
    except ValueError:
        return None
    size = level.width * level.height
    box_cols = sorted(v & 15 for v in level.unit if v >> 4 == 2)
    if any(v >> 4 == 1 for v in level.goal) or \
            box_cols != sorted(v & 15 for v in level.goal if v >> 4 == 2):
        return None
    goal = bytearray(size)
    unit = bytearray(size)
    hero = None
    for c in range(size):
        u = level.unit[c]
        if u >> 4 == 2:
            goal[c] = T_TARGET | (u & 15)
        elif u >> 4 == 1:
            goal[c] = T_HTARGET | (u & 15)
            hero = c
        if level.goal[c] >> 4 == 2:
            unit[c] = U_BOX | (level.goal[c] & 15)
    M = Model(level, r)  # where the hero walks: the same ground, the same hero colour
    free = M.walk & ~sum(1 << c for c in range(size) if unit[c])
    if not free:
        return None
    cells = []
    seen = 0
    for c in M.bits.cells(free):
        if not (seen >> c) & 1:
            seen |= M.bits.flood(c, free)
            cells.append(c)
    unit[cells[0]] = level.unit[hero]
    lv = Level(level.width, level.height, bytearray(level.ground), goal, unit, co.name,
               level.fmt, level.name)
    if applicable(lv, co) is not None:
        return None
    return lv, co, cells


def backward(level, rules=None, time_limit=10.0, weight=1):
    """The level solved backwards: astar on its co-level (co_level()) from every region the
    hero could finish in, the solution played backwards. Levels whose end is crowded and
    whose start is not (a goal room, boxes to be packed in order) are often far easier this
    way round. None when co_level() does not apply; else a Result (moves: the level's own)."""
    with no_gc():
        s = backward_search(level, rules, weight)
        res = None if s is None else s.run(time_limit)
        del s
    return res


def backward_search(level, rules=None, weight=1):
    """backward() as a Search (run(seconds) in steps), or None when co_level() does not
    apply."""
    c = co_level(level, rules)
    if c is None:
        return None
    lv, co, cells = c
    s = Search(lv, co, weight=weight, heroes=cells)
    s.res.method += " backward"
    s.backward = True
    return s


def _chain(came, key, root=None):
    """The push-level moves [(box cell, direction)] from a start to key; root, when a list,
    receives that start's key."""
    out = []
    while True:
        g, parent, mv = came[key]
        if parent is None:
            if root is not None:
                root.append(key)
            break
        if isinstance(mv[0], tuple):  # a tunnel macro: several pushes
            out.extend(reversed(mv))
        else:
            out.append(mv)
        key = parent
    out.reverse()
    return out


def _finish(res, M, came, key, region, t0, moved=False):
    """res with the solution reaching key; moved: the hero started on its start's canonical
    cell (astar(heroes=...)), not on its own."""
    root = []
    chain = _chain(came, key, root)
    res.moves = replay_chain(M, chain, region, root[0][-1] if moved else None)
    res.pushes = len(chain)
    res.states = len(came)
    res.seconds = time.time() - t0
    return res


def replay_chain(M, chain, region=None, hero=None):
    """LURD text of push-level moves [(box cell, direction)] played through the engine (the
    hero starting on cell hero, when given, instead of its own)."""
    level = M.level
    if hero is not None and hero != M.hero:
        level = _with_hero(level, M.hero, hero)
    p = Path(level, M.rules)
    off = M.off
    for n, d in chain:
        p.walk_to(n - off[d])
        p.act(d)
    if M.nhtargets and region is not None:
        e = p.e
        for c in M.bits.cells(region & M.hmask):
            p.walk_to(c)
            if e.solved():
                break
    return p.text()


def _best(layer, n, rng, score):
    """n items of a layer: the highest scores, ties (or all, without score) drawn by rng."""
    order = list(range(len(layer)))
    rng.shuffle(order)
    if score is not None:
        keyed = [(score(layer[j]), j) for j in order]
        keyed.sort(key=lambda t: t[0], reverse=True)  # stable: the shuffle breaks ties
        order = [j for sc, j in keyed]
    return [layer[j] for j in sorted(order[:n])]


def bfs(M, roots, max_states=None, time_limit=None, beam=0, beam_states=0, rng=None,
        score=None):
    """Breadth-first over push-level moves from roots [(boxes, hero cell)], without pruning.
    Returns (came, order): came[key] = (depth, parent key, (box cell, direction)), order =
    the keys in the order found (so by depth); key = boxes + (canon,).

    Depths are exact while fewer than max_states positions are known. With beam > 0 the search
    then goes on deeper, layer by layer, keeping the `beam` positions of each layer with the
    highest score(key) (ties drawn with rng) until beam_states more positions are known: those
    depths are only upper bounds."""
    t0 = time.time()
    came = {}
    order = []
    regions = {}
    q = []
    for boxes, hero in roots:
        r = M.region(boxes, hero)
        k = _key(boxes, lowest(r))
        if k not in came:
            came[k] = (0, None, None)
            order.append(k)
            q.append((k, r))

    def expand(key, reg, out):
        g = came[key][0]
        b = key[:-1]
        for gi, n, d, t, hero in M.moves(b, reg, prune=False):
            nbx = list(b)
            nbx[gi] = nbx[gi] ^ (1 << n) ^ (1 << t)
            nbx = tuple(nbx)
            lst = regions.get(nbx)
            bit = 1 << hero
            known = False
            if lst is not None:
                for r in lst:
                    if r & bit:
                        known = True  # this box set with the hero in that region is known
                        break
            if known:
                continue
            r2 = M.region(nbx, hero)
            if lst is None:
                regions[nbx] = [r2]
            else:
                lst.append(r2)
            k2 = _key(nbx, lowest(r2))
            if k2 in came:
                continue
            came[k2] = (g + 1, key, (n, d))
            order.append(k2)
            out.append((k2, r2))

    i = 0
    while i < len(q):
        if max_states and len(came) >= max_states:
            break
        if time_limit and (i & 255) == 0 and time.time() - t0 > time_limit:
            break
        key, reg = q[i]
        q[i] = None
        i += 1
        expand(key, reg, q)
    if beam and i < len(q):
        rest = q[i:]
        deepest = max(came[k][0] for k, r in rest)
        layer = [(k, r) for k, r in rest if came[k][0] == deepest]
        limit = len(came) + beam_states
        while layer and len(came) < limit:
            if len(layer) > beam:
                layer = _best(layer, beam, rng, score and (lambda item: score(item[0])))
            nxt = []
            for key, reg in layer:
                expand(key, reg, nxt)
                if len(came) >= limit:
                    break
            layer = nxt
    return came, order
