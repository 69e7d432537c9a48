"""MobGer Engine starts (engine.py calls these on demand): a new game, a start position, a saved
game, restart. A duel needs them only to begin, so the menu drops this module afterwards
(engine.drop_setup) and the next start imports it again."""

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - depends on the build
    from handheld.crc import crc32 as _crc32

from array import array
from games.mobger.options import Options, make_order
from games.mobger.constants import (DX, DY, FIELDS_MAX, GOAL_A, GOAL_B, K_JOKER, MAX_CELLS,
                                    MAX_GERS, NONE, O_CUBOID, O_DEF_CW, O_FF_CCW, O_FF_CW, R_NONE)


def _setup(self, opts):
    opts.validate()
    self.opts = opts
    self.w = opts.width
    self.h = opts.height
    self.ncells = self.w * self.h
    self.house = opts.house_cell()
    self.n = opts.gers
    self.refl = bool(opts.reflect_borders)
    self.rgers = bool(opts.reflect_gers)
    self.special = bool(opts.black_special)
    self.goal = opts.goal
    self.ndirs = 8 if opts.dirset else 4
    self.maxatt = 2 * self.ncells + 1
    o = make_order(opts)
    for i in range(MAX_GERS):
        self.order[i] = o[i] if i < self.n else 0
    _buffers(self)
    self.owned[0] = (self.n - 1 + 1) // 2  # ranks 1, 3, 5 ..
    self.owned[1] = (self.n - 1) // 2  # ranks 2, 4 ..
    s = opts.seed ^ 0x5A5A
    self.jseed = s if s else 0xACE1


def _buffers(self):
    """The bounded search's buffers sized to the board (3 classes x cells x 8 directions) and
    the animation's fields to the most a sequence can examine (each Ger at most maxatt), at
    most FIELDS_MAX: a default 7x7 board needs half the 12x8 worst case. Cleared memo."""
    states = self.ncells * 8
    if len(self.seen) != states:
        self.memo = self.seen = self.queue = None
        self.memo = bytearray(3 * states)
        self.seen = bytearray(states)
        self.queue = array("H", bytes(2 * states))
    else:
        memo = self.memo
        for i in range(len(memo)):
            memo[i] = 0
    nf = min(FIELDS_MAX, self.n * self.maxatt)
    if len(self.anim_fields) != nf:
        self.anim_fields = None
        self.anim_fields = array("H", bytes(2 * nf))


def _clear_board(self):
    for c in range(MAX_CELLS):
        self.obj[c] = 0
        self.occ[c] = 0
    for r in range(MAX_GERS):
        self.pos[r] = NONE
        self.dir[r] = 0
        self.kind[r] = 0


def _start(self):
    """Arrays are set: remember the start, reset the game state."""
    self.nff = 0
    for c in range(self.ncells):
        self.occ[c] = 0
        if self.obj[c] >= O_FF_CW:
            self.ffc[self.nff] = c
            self.nff += 1
    for r in range(MAX_GERS):
        if r < self.n and self.pos[r] != NONE:
            self.occ[self.pos[r]] = r + 1
        self.spos[r] = self.pos[r]
        self.sdir[r] = self.dir[r]
        self.skind[r] = self.kind[r]
    for c in range(MAX_CELLS):
        self.sobj[c] = self.obj[c]
    self.nactions = 0
    self.low = 0
    self.score[0] = self.sscore[0]
    self.score[1] = self.sscore[1]
    self.quiet = 0
    self.win = -1
    self.reason = R_NONE
    self.jrng = self.jseed
    self.anim_n = 0
    self.anim_removed = NONE
    self.anim_joker = NONE
    self.hsh = self._hash()
    self._check_end(-1)


def new_game(self, opts):
    """A seeded random start: Black Ger in the House, objects and the other Gers on random
    free fields with random directions, each Ger placed where the House is reachable."""
    from handheld.rng import Rng
    opts = opts.copy()
    _setup(self, opts)
    rng = Rng(opts.seed * 2654435761 + 12345)
    for attempt in range(40):
        _place(self, rng)
        _start(self)
        if self.win < 0 and _fair(self):
            break


def _fair(self):
    """Goal B: every Ger can reach the House (a stuck one makes its owner's win impossible);
    goal A: at least two can (one when there is only one)."""
    k = 0
    r = 1
    while r < self.n:
        if not self.stuck(r):
            k += 1
        r += 1
    if self.goal == GOAL_B:
        return k == self.n - 1
    return k >= min(2, self.n - 1)


def _place(self, rng):
    opts = self.opts
    _clear_board(self)
    for i in range(len(self.memo)):
        self.memo[i] = 0
    W = self.w
    cells = self.ncells
    hs = self.house
    # objects: not on the House nor next to it (a column beside the House would seal a side)
    counts = ((O_CUBOID, opts.cuboids), (O_DEF_CW, opts.deflectors), (O_FF_CW, opts.flipflaps))
    for kind, cnt in counts:
        k = 0
        while k < cnt:
            c = rng.below(cells)
            dx = c % W - hs % W
            dy = c // W - hs // W
            if self.obj[c] or (-1 <= dx <= 1 and -1 <= dy <= 1):
                continue
            self.obj[c] = kind + (rng.below(2) if kind != O_CUBOID else 0)
            k += 1
    step = 2 if self.ndirs == 4 else 1
    self.pos[0] = hs
    self.occ[hs] = 1
    d0 = rng.below(self.ndirs)
    for k in range(self.ndirs):  # a direction that lets the Black Ger come home
        self.dir[0] = ((d0 + k) % self.ndirs) * step
        if not self._stuck_state(hs, self.dir[0], 1 if self.special else 0):
            break
    # goal A: `free` random ranks need not reach the House (they still move, block and are
    # jumped over); goal B needs every Ger (a stuck one makes its owner's win impossible)
    free = 0
    if self.goal == GOAL_A:
        free = min(rng.below(self.n // 2 + 1), max(0, self.n - 3))  # 2 Gers still reach it
    for r in range(1, self.n):
        placed = False
        loose = free and rng.below(self.n - r) < free  # `free` of the n - 1 ranks, at random
        if loose:
            free -= 1
        for tries in range(100):
            c = rng.below(cells)
            if c == hs or self.obj[c] or self.occ[c]:
                continue
            d = rng.below(self.ndirs) * step
            # nobody may enter the House in the first sequence: the first mover would take it
            if _lands(self, c, d):
                continue
            self.occ[c] = r + 1  # ... nor jump into it over this Ger
            k = 1
            while k < r and not _lands(self, self.pos[k], self.dir[k]):
                k += 1
            self.occ[c] = 0
            if k < r:
                continue
            placed = True
            self.pos[r] = c
            self.dir[r] = d
            if loose or not self._stuck_state(c, d, 0):
                break
        if not placed:  # crowded board: first free field
            for c in range(cells):
                if c != hs and not self.obj[c] and not self.occ[c]:
                    self.pos[r] = c
                    self.dir[r] = 0
                    break
        self.occ[self.pos[r]] = r + 1
    if opts.joker:
        self.kind[1 + rng.below(self.n - 1)] = K_JOKER
    self.sscore[0] = self.sscore[1] = 0


def _lands(self, c, d):
    """True when a Ger on c with direction d would land in the House if nothing else moved
    (occupied fields jumped, the House taken as free, borders wrap or reflect; an object or a
    reflecting Ger stops the look-ahead): such a Ger could enter in the first sequence."""
    W = self.w
    H = self.h
    x = c % W
    y = c // W
    dx = DX[d]
    dy = DY[d]
    k = 0
    while k < self.ncells:
        nx = x + dx
        ny = y + dy
        if self.refl:
            if nx < 0 or nx >= W:
                dx = -dx
                nx = x + dx
            if ny < 0 or ny >= H:
                dy = -dy
                ny = y + dy
        else:
            nx %= W
            ny %= H
        nc = ny * W + nx
        if nc == self.house:
            return True
        if nc == c or self.obj[nc] or not self.occ[nc] or self.rgers:
            return False  # a free field, an object, or a reflecting Ger turns it back
        x = nx
        y = ny
        k += 1
    return False


def load_position(self, opts, rows):
    """Start from a position text (board.py format); the House comes from an `H.` field when
    there is one, else from opts. Goal B scores count the Gers already removed."""
    from games.mobger.board import parse_position
    opts = opts.copy()
    opts.validate()
    pos, dr, kind, obj, house = parse_position(rows, opts)
    if opts.house is not None or house != opts.house_cell():
        opts.house = house
    _setup(self, opts)
    _clear_board(self)
    for r in range(opts.gers):
        self.pos[r] = pos[r]
        self.dir[r] = dr[r]
        self.kind[r] = kind[r]
    for c in range(self.ncells):
        self.obj[c] = obj[c]
    self.sscore[0] = self.sscore[1] = 0
    if self.goal == GOAL_B:
        for r in range(1, self.n):
            if pos[r] == NONE:
                self.sscore[(r + 1) & 1] += 1
    _start(self)


def restart(self):
    """Back to the start position (undo may not reach it: the log is a ring)."""
    for r in range(MAX_GERS):
        self.pos[r] = self.spos[r]
        self.dir[r] = self.sdir[r]
        self.kind[r] = self.skind[r]
    for c in range(MAX_CELLS):
        self.obj[c] = self.sobj[c]
    _start(self)


def load_state(self, data):
    data = bytes(data)
    if len(data) < 27:
        raise ValueError("MobGer state too short")
    crc = _crc32(data[:-4]) & 0xFFFFFFFF
    if crc != (data[-4] << 24 | data[-3] << 16 | data[-2] << 8 | data[-1]):
        raise ValueError("corrupt MobGer state (checksum)")
    opts = Options.from_bytes(data[:21])
    i = 21
    house = data[i]
    i += 1
    n = opts.gers
    cells = opts.width * opts.height
    if house >= cells or len(data) < i + 2 * n + cells + 6:
        raise ValueError("corrupt MobGer state (size)")
    start_from(self, opts, house, data[i:i + 2 * n], data[i + 2 * n:i + 2 * n + cells])
    i += 2 * n + cells
    k = data[i] << 8 | data[i + 1]
    i += 2
    if len(data) != i + k + 4:
        raise ValueError("corrupt MobGer state (actions)")
    for j in range(k):
        if not self.play(data[i + j]):
            raise ValueError("MobGer state: action %d (%d) is illegal" % (j, data[i + j]))


def start_from(self, opts, house, gers, objs):
    """Start from raw arrays: gers = 2 bytes per rank (cell, dir | kind << 4)."""
    opts = opts.copy()
    if opts.house is not None or house != opts.house_cell():
        opts.house = house
    opts.validate()
    _setup(self, opts)
    _clear_board(self)
    cells = self.ncells
    taken = bytearray(cells)
    for c in range(cells):
        o = objs[c]
        if o > O_FF_CCW or (o and c == house):
            raise ValueError("bad object %d on field %d" % (o, c))
        self.obj[c] = o
        if o:
            taken[c] = 1
    removed = 0
    for r in range(self.n):
        p = gers[2 * r]
        d = gers[2 * r + 1] & 15
        kd = gers[2 * r + 1] >> 4
        if p == NONE:
            if r == 0 and (self.goal == GOAL_A or self.special):
                raise ValueError("the Black Ger is missing")
            if r and self.goal == GOAL_B:
                removed |= 1 << r
        elif p >= cells or taken[p] or d > 7 or kd > K_JOKER or (kd and r == 0):
            raise ValueError("bad Ger of rank %d" % r)
        else:
            taken[p] = 1
        self.pos[r] = p
        self.dir[r] = d
        self.kind[r] = kd
    self.sscore[0] = self.sscore[1] = 0
    for r in range(1, self.n):
        if removed >> r & 1:
            self.sscore[(r + 1) & 1] += 1
    _start(self)
