"""Positions of a Whirly level explored through the engine itself: works for every variant.

The search is at the level of *macro moves*: the active hero walks anywhere it can reach with
plain steps (they change nothing else), then makes one action that is not a plain step
(push, pull, swap, leap, jump: whatever the engine's rules do when the hero meets a box) or
selects another hero. A position is therefore stored with its active hero normalised to the
top-left cell of its reachable region, and a macro move costs 1 ("pushes" in the wide sense:
the engine's `pushes` counter).

Every move is played by `games.whirly.engine.Engine.play()` and taken back with `undo()`; the
only thing this module decides itself is which cells a hero can walk to: a plain step is legal
exactly when the cell is free and `Engine.can_enter(cell, hero colour)` says so.

The engine has no public "set position" call, so `Space.set()` writes its documented state
(`unit`, `hpos`, `active`, `hero`) and recounts the objective; solutions found here are always
replayed from the level's start through a fresh engine before anyone trusts them.
"""

import heapq
import time
from collections import deque

from games.whirly import notation
from games.whirly import rules as R
from games.whirly.engine import Engine, K_PLAIN
from host_sim import memguard

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3


class Bits:
    """Bitboard helpers for a W x H map: bit c is cell c = y * W + x."""

    def __init__(self, W, H):
        self.W = W
        self.H = H
        self.size = W * H
        self.full = (1 << self.size) - 1
        col0 = 0
        for y in range(H):
            col0 |= 1 << (y * W)
        self.not_col0 = self.full & ~col0
        self.not_colw = self.full & ~(col0 << (W - 1))
        self.off = (-W, 1, W, -1)
        # "0"/"1" per byte, for occupancy masks built at C speed
        self.t_any = bytes.maketrans(bytes(range(256)), b"0" + b"1" * 255)

    def shift(self, m, d):
        """Every cell of m moved one step in direction d (cells leaving the map dropped)."""
        if d == 0:
            return m >> self.W
        if d == 1:
            return (m << 1) & self.not_col0
        if d == 2:
            return (m << self.W) & self.full
        return (m >> 1) & self.not_colw

    def shifts(self, m):
        """shift(m, d) for the four directions at once (up, right, down, left)."""
        W = self.W
        return (m >> W, (m << 1) & self.not_col0, (m << W) & self.full, (m >> 1) & self.not_colw)

    def flood(self, start, free):
        """Cells reachable from cell start through free cells (start itself always counts)."""
        return self.spread(1 << start, free)  # spread counts its own cells

    def spread(self, r, free):
        """Cells reachable from the cells of r through free cells (r itself counts)."""
        W = self.W
        a = self.not_col0
        b = self.not_colw
        free |= r
        while True:
            n = (r | ((r << 1) & a) | ((r >> 1) & b) | (r << W) | (r >> W)) & free
            if n == r:
                return r
            r = n

    def mask_of(self, data, table=None):
        """Mask of the cells whose byte in data is nonzero (or maps to '1' through table)."""
        s = bytes(data).translate(table or self.t_any)
        return int(s[::-1], 2)

    def cells(self, m):
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out


def lowest(m):
    return (m & -m).bit_length() - 1


def walk_path(W, H, passable, src, dst):
    """Shortest list of directions from src to dst through cells where passable(c) is true."""
    if src == dst:
        return []
    size = W * H
    prev = {src: None}
    q = deque([src])
    while q:
        c = q.popleft()
        x = c % W
        for d, n in ((0, c - W), (1, c + 1 if x < W - 1 else -1), (2, c + W),
                     (3, c - 1 if x > 0 else -1)):
            if n < 0 or n >= size or n in prev or not passable(n):
                continue
            prev[n] = (c, d)
            if n == dst:
                out = []
                while prev[n] is not None:
                    n, d = prev[n]
                    out.append(d)
                out.reverse()
                return out
            q.append(n)
    return None


class Path:
    """Plays macro moves on a real engine from the level's start and writes the letters."""

    def __init__(self, level, rules):
        self.e = Engine()
        self.e.load(level, rules)
        self.letters = []

    def walk_to(self, cell):
        e = self.e
        hc = e.unit[e.hero] & 15
        u = e.unit
        path = walk_path(e.width, e.height, lambda c: u[c] == 0 and e.can_enter(c, hc),
                         e.hero, cell)
        if path is None:
            raise AssertionError("no walk from %d to %d" % (e.hero, cell))
        for d in path:
            if not e.play(d) or e.last_kind != K_PLAIN:
                raise AssertionError("walk step refused")
            self.letters.append(notation.LOWER[d])

    def act(self, a):
        if not self.e.play(a):
            raise AssertionError("action %d refused at %d" % (a, self.e.hero))
        self.letters.append(notation.letter(a, self.e.last_kind))

    def text(self):
        return "".join(self.letters)


class Space:
    """One level under one rule set, explored through the engine.

    A state is (bkey, canon): bkey = the unit bytes with the active hero removed, plus one
    byte: the active hero's unit byte; canon = the first cell (reading order) of the region
    the active hero can walk in.
    """

    def __init__(self, level, rules=None):
        r = R.get(rules if rules is not None else getattr(level, "variant", "sokoban"))
        e = Engine(256)
        e.load(level, r)
        self.level = level
        self.rules = r
        self.e = e
        self.W = e.width
        self.H = e.height
        self.size = e.size
        self.bits = Bits(self.W, self.H)
        self.walk = []
        for col in range(10):
            m = 0
            for c in range(self.size):
                if e.can_enter(c, col):
                    m |= 1 << c
            self.walk.append(m)
        # box cells: unit bytes 0x20..0x29
        self.t_box = bytes.maketrans(bytes(range(256)),
                                     bytes(49 if 0x20 <= v < 0x30 else 48 for v in range(256)))
        self.htarget_mask = 0
        for c in range(self.size):
            if e.goal[c] >> 4 == 1:
                self.htarget_mask |= 1 << c
        self.multi = e.heroes > 1
        self.recount = self.htarget_mask != 0

    # ---------------------------------------------------------------- positions
    def start_state(self):
        """(bkey, canon, region) of the level's start."""
        e = self.e
        e.restart()
        return self.state_here()

    def state_here(self):
        """The engine's current position as (bkey, canon, region)."""
        e = self.e
        u = e.unit
        h = e.hero
        hb = u[h]
        occ = self.bits.mask_of(u)
        region = self.bits.flood(h, self.walk[hb & 15] & ~occ)
        key = bytearray(u)
        key[h] = 0
        key.append(hb)
        return bytes(key), lowest(region), region

    def set(self, bkey, cell):
        """Put the engine in position bkey with the active hero on cell."""
        e = self.e
        u = e.unit
        size = self.size
        u[:] = bkey[:size]
        u[cell] = bkey[size]
        e.hero = cell
        if self.multi:
            k = 0
            for c in range(size):
                if u[c] >> 4 == 1:
                    e.hpos[k] = c
                    if c == cell:
                        e.active = k
                    k += 1
        else:
            e.hpos[0] = cell
            e.active = 0
        e._recount()

    def _move_hero(self, src, dst):
        e = self.e
        u = e.unit
        u[dst] = u[src]
        u[src] = 0
        e.hero = dst
        e.hpos[e.active] = dst
        if self.recount:
            e._recount()

    def goal_cell(self, bkey, canon, region):
        """Where the hero must walk for the objective to be met in this state (canon when only
        boxes count), or None when it cannot be met by walking."""
        e = self.e
        self.set(bkey, canon)
        if not self.htarget_mask:
            return canon if e.solved() else None
        for c in self.bits.cells(region & self.htarget_mask):
            self._move_hero(canon, c)
            ok = e.solved()
            self._move_hero(c, canon)
            if ok:
                return c
        return None

    # ---------------------------------------------------------------- moves
    def successors(self, bkey, canon, region):
        """Macro moves from a state, played by the engine: list of
        (cell, action, bkey2, hero2, solved_now). The hero walks to cell and plays action;
        hero2 is where the active hero then stands (not normalised)."""
        e = self.e
        self.set(bkey, canon)
        u = e.unit
        bits = self.bits
        boxes = bits.mask_of(u, self.t_box)
        off = bits.off
        check = not self.htarget_mask
        out = []
        at = canon
        for d in range(4):
            cand = boxes & bits.shift(region, d)
            while cand:
                low = cand & -cand
                cand ^= low
                r = low.bit_length() - 1 - off[d]
                if r != at:
                    self._move_hero(at, r)
                    at = r
                if e.play(d):
                    h = e.hero
                    key = bytearray(u)
                    hb = key[h]
                    key[h] = 0
                    key.append(hb)
                    out.append((r, d, bytes(key), h, check and e.solved()))
                    e.undo()
        if self.multi:
            seen = set()
            for r in bits.cells(region):
                if r != at:
                    self._move_hero(at, r)
                    at = r
                for a in (4, 5):
                    if e.play(a):
                        h = e.hero
                        if (r, h) not in seen:
                            seen.add((r, h))
                            key = bytearray(u)
                            hb = key[h]
                            key[h] = 0
                            key.append(hb)
                            out.append((r, a, bytes(key), h, False))
                        e.undo()
        if at != canon:
            self._move_hero(at, canon)
        return out

    def region_of(self, bkey, hero):
        """Region mask of the active hero on cell hero in position bkey."""
        size = self.size
        occ = self.bits.mask_of(bkey[:size]) | (1 << hero)
        return self.bits.flood(hero, self.walk[bkey[size] & 15] & ~occ)


class Graph:
    """Visited states with region sharing: states with equal bkey keep their region masks, so a
    new position costs a flood fill only when its hero is in a region not seen before."""

    def __init__(self, space):
        self.space = space
        self.bkeys = []
        self.canon = []
        self.region = []
        self.parent = []
        self.move = []  # (cell, action) from the parent
        self.depth = []
        self.by_bkey = {}

    def __len__(self):
        return len(self.bkeys)

    def find(self, bkey, hero):
        """-> (id or -1, region mask)."""
        lst = self.by_bkey.get(bkey)
        if lst is not None:
            bit = 1 << hero
            for i in lst:
                if self.region[i] & bit:
                    return i, self.region[i]
        return -1, self.space.region_of(bkey, hero)

    def add(self, bkey, region, parent, move, depth):
        i = len(self.bkeys)
        self.bkeys.append(bkey)
        self.canon.append(lowest(region))
        self.region.append(region)
        self.parent.append(parent)
        self.move.append(move)
        self.depth.append(depth)
        lst = self.by_bkey.get(bkey)
        if lst is None:
            self.by_bkey[bkey] = [i]
        else:
            lst.append(i)
        return i

    def chain(self, i):
        """Macro moves from the root to state i."""
        out = []
        while self.parent[i] >= 0:
            out.append(self.move[i])
            i = self.parent[i]
        out.reverse()
        return out, i


def moves_text(level, rules, chain, final_cell=None):
    """Letters of a chain of macro moves [(cell, action)] played from the level's start
    through a fresh engine -> (text, engine at the end)."""
    p = Path(level, rules)
    for cell, a in chain:
        p.walk_to(cell)
        p.act(a)
    if final_cell is not None:
        p.walk_to(final_cell)
    return p.text(), p.e


def heuristic_tables(space):
    """Per box colour: distance (box steps, ignoring units) from each cell to the nearest
    matching target, through cells a box of that colour may stand on."""
    e = space.e
    size = space.size
    W = space.W
    tables = {}
    targets = [c for c in range(size) if e.goal[c] >> 4 == 2]
    for col in range(10):
        dist = [99] * size
        q = deque()
        for t in targets:
            tc = e.goal[t] & 15
            if tc == col or tc == 0 or col == 0:
                dist[t] = 0
                q.append(t)
        while q:
            c = q.popleft()
            x = c % W
            for n in (c - W, c + W, c - 1 if x > 0 else -1, c + 1 if x < W - 1 else -1):
                if 0 <= n < size and dist[n] > dist[c] + 1 and e.can_enter(n, col):
                    dist[n] = dist[c] + 1
                    q.append(n)
        tables[col] = dist
    return tables, targets


def generic_h(space, tables, targets):
    """A goal-distance estimate for any variant: box steps to the nearest matching target
    (per box, or per target when targets are fewer). Not admissible with flocking or trains,
    where one action moves several boxes; walking is free, so heroes add nothing."""
    e = space.e
    size = space.size
    W = space.W
    nb = e.boxes
    nt = len(targets)
    goal = e.goal

    def h(bkey, hero):
        total = 0
        if not nb or not nt:
            return 0
        if nt >= nb:
            for c in range(size):
                v = bkey[c]
                if v >> 4 == 2:
                    total += tables[v & 15][c]
            return total
        for t in targets:
            tc = goal[t] & 15
            best = 0
            for c in range(size):
                v = bkey[c]
                if v >> 4 == 2:
                    vc = v & 15
                    if vc == tc or vc == 0 or tc == 0:
                        dd = abs(c % W - t % W) + abs(c // W - t // W)
                        if best == 0 or dd < best:
                            best = dd
                        if dd == 0:
                            break
            total += best
        return total
    return h


class Result:
    def __init__(self):
        self.moves = None
        self.pushes = None
        self.expanded = 0
        self.states = 0
        self.seconds = 0.0
        self.complete = False  # the whole space was searched (None means unsolvable)
        self.method = ""
        self.stopped = None  # "memory": stopped by the memory guard (memguard)


def astar(level, rules=None, time_limit=10.0, max_states=None, weight=1.0, result=None):
    """Best-first search over macro moves through the engine. Returns a Result (moves None
    when nothing was found)."""
    res = result or Result()
    res.method = "engine A*" if weight == 1.0 else "engine WA*(%g)" % weight
    t0 = time.time()
    sp = Space(level, rules)
    g = Graph(sp)
    bkey, canon, region = sp.start_state()
    tables, targets = heuristic_tables(sp)
    h = generic_h(sp, tables, targets)
    root = g.add(bkey, region, -1, None, 0)
    goal = sp.goal_cell(bkey, canon, region)
    if goal is not None:
        res.moves, e = moves_text(level, sp.rules, [], goal)
        res.pushes = 0
        res.seconds = time.time() - t0
        return res
    heap = [(h(bkey, canon) * weight, 0, root)]
    closed = set()
    gbest = {root: 0}
    found = None
    stopped = False
    while heap:
        f, negd, i = heapq.heappop(heap)
        if i in closed:
            continue
        closed.add(i)
        res.expanded += 1
        if res.expanded & 15 == 0:
            if time.time() - t0 > time_limit or (max_states and len(g) > max_states):
                stopped = True
                break
        if memguard.due(res.expanded):
            res.stopped = "memory"
            stopped = True
            break
        d = g.depth[i]
        for cell, a, bk2, h2, solved in sp.successors(g.bkeys[i], g.canon[i], g.region[i]):
            j, reg = g.find(bk2, h2)
            if j >= 0:
                if j in closed or gbest.get(j, 1 << 30) <= d + 1:
                    continue
                g.parent[j] = i
                g.move[j] = (cell, a)
                g.depth[j] = d + 1
            else:
                j = g.add(bk2, reg, i, (cell, a), d + 1)
            gbest[j] = d + 1
            if solved:
                found = (j, None)
                break
            if sp.htarget_mask:
                gc = sp.goal_cell(bk2, g.canon[j], reg)
                if gc is not None:
                    found = (j, gc)
                    break
            heapq.heappush(heap, (d + 1 + weight * h(bk2, h2), -(d + 1), j))
        if found:
            break
    res.states = len(g)
    if found is None:
        res.complete = not heap and not stopped
        res.seconds = time.time() - t0
        return res
    j, gc = found
    chain, _ = g.chain(j)
    res.moves, e = moves_text(level, sp.rules, chain, gc)
    res.pushes = len(chain)
    res.seconds = time.time() - t0
    return res


def bfs(space, roots, max_states=None, time_limit=None, beam=0, beam_states=0, rng=None,
        score=None):
    """Breadth-first over macro moves from root states [(bkey, hero)], all at depth 0.
    Returns the Graph; graph.depth is the exact macro distance of every state found while
    fewer than max_states are known. With beam > 0 the search then goes on deeper, keeping
    the `beam` states of each layer with the highest score(state id) (ties drawn with rng)
    until beam_states more are known; those depths are upper bounds."""
    g = Graph(space)
    t0 = time.time()
    q = []
    for bkey, hero in roots:
        j, reg = g.find(bkey, hero)
        if j < 0:
            q.append(g.add(bkey, reg, -1, None, 0))

    def expand(i, out):
        d = g.depth[i]
        for cell, a, bk2, h2, solved in space.successors(g.bkeys[i], g.canon[i], g.region[i]):
            j, reg = g.find(bk2, h2)
            if j < 0:
                out.append(g.add(bk2, reg, i, (cell, a), d + 1))

    k = 0
    while k < len(q):
        if max_states and len(g) >= max_states:
            break
        if time_limit and (len(g) & 63) == 0 and time.time() - t0 > time_limit:
            break
        expand(q[k], q)
        k += 1
    if beam and k < len(q):
        rest = q[k:]
        deepest = max(g.depth[i] for i in rest)
        layer = [i for i in rest if g.depth[i] == deepest]
        limit = len(g) + beam_states
        while layer and len(g) < limit:
            if len(layer) > beam:
                from host_sim.whirly.pushpull import _best
                layer = _best(layer, beam, rng, score)
            nxt = []
            for i in layer:
                expand(i, nxt)
                if len(g) >= limit:
                    break
            layer = nxt
    return g
