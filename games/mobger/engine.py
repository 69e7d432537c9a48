"""MobGer engine: pure rules, no display, no I/O. Runs on CPython, CircuitPython, MicroPython.

Board: width x height fields (5x5 .. 12x8), cell c = y * width + x, a torus unless borders
reflect. Gers are indexed by RANK (0 = the Black Ger, 1..n-1 the others); a move (action) is the
rank of the chosen Ger; the sequence then moves rank a, a+1, .., n-1, 0, .., a-1 (live ones).

State (see README.md for every rule and choice):
    pos[r]   cell of rank r, NONE (0xFF) once removed     dir[r]  0 up .. 7 up-left (clockwise)
    kind[r]  K_NORMAL / K_JOKER                           order[r] colour index in the sequence
    obj[c]   O_NONE, O_CUBOID, O_DEF_CW, O_DEF_CCW, O_FF_CW, O_FF_CCW       house: one cell
    occ[c]   rank + 1 of the Ger on c, 0 when free (derived from pos)

Animation (filled by play(), read by the view):
    anim_n               Gers moved in the last sequence, in order
    anim_rank[i] anim_from[i] anim_to[i] anim_dir[i] (final direction)
    anim_back[i]         1 when Ger i ran out of attempts and went back to its start
    anim_first[i] anim_len[i]  its slice of anim_fields: one word per field examined,
                         cell | direction after the examination << 8 | F_* << 11
    anim_cut             1 when the sequence examined more than FIELDS_MAX fields (the rest
                         was not recorded; from/to/dir stay right)
    anim_removed         rank removed at the end of the sequence, NONE when none
    anim_joker           direction drawn by the Joker in this sequence, NONE when none

Undo: one record of RW 16-bit words per sequence (Ger cells and directions before it, flipflap
senses, Joker generator, quiet counter, scores, position hash), the last LOG_RING of them kept. It
doubles as the history the no-repetition rule compares against; restart() rebuilds the start.
"""

from array import array

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - depends on the build
    from handheld.crc import crc32 as _crc32

MIN_W = 5
MIN_H = 5
MAX_W = 12
MAX_H = 8
MAX_CELLS = MAX_W * MAX_H
MAX_GERS = 12
MAX_ACTIONS = 12
MAX_OBJ = 8  # per object kind
DRAW = 255
NONE = 0xFF
QUIET_MAX = 30  # sequences without a removal before a draw
MAX_MOVES = 400  # > 12 removals x 30 quiet sequences: never reached by a legal game
FIELDS_MAX = 1024  # animation words per sequence
RW = 16  # undo record words
LOG_RING = 128  # undo records kept (a ring: 4 KB instead of 13 KB for the longest game); the
                # repetition rule looks back at most QUIET_MAX records, well inside it

# directions: 0 up, 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left, 7 up-left
DX = (0, 1, 1, 1, 0, -1, -1, -1)
DY = (-1, -1, 0, 1, 1, 1, 0, -1)
_DIR_OF = (7, 0, 1, 6, 0, 2, 5, 4, 3)  # [(dy + 1) * 3 + dx + 1]

O_NONE = 0
O_CUBOID = 1
O_DEF_CW = 2
O_DEF_CCW = 3
O_FF_CW = 4
O_FF_CCW = 5

K_NORMAL = 0
K_JOKER = 1

# anim_fields flags (bits 11-12)
F_PASS = 0  # jumped over an occupied field (or, Black Ger with special status, an object)
F_HIT = 1  # hit an object or a reflecting Ger: not entered, direction changed
F_DEST = 2  # the destination

# end reasons (engine.reason)
R_NONE = 0
R_BLACK_HOME = 1  # goal A: the Black Ger returned to the House
R_COMPLETE = 2  # goal B: a player has all their Gers and the Black Ger in the House
R_STUCK = 3  # draw: proven that the game can no longer be won
R_QUIET = 4  # draw: QUIET_MAX sequences without a removal
R_NO_MOVE = 5  # draw: no legal move left
R_BLOCKED = 6  # draw (goal B): the special Black Ger occupies the House for good
R_FULL = 7  # draw: the move log is full (unreachable in practice)

GOAL_A = 0
GOAL_B = 1

# Colour circle, black first. RGB for the NeoPixels; black shows as a dim white so the LED is lit.
COLORS = (
    ("black", (24, 24, 24)),
    ("red", (255, 0, 0)),
    ("orange", (255, 80, 0)),
    ("yellow", (255, 200, 0)),
    ("lime", (140, 255, 0)),
    ("green", (0, 255, 0)),
    ("teal", (0, 255, 120)),
    ("cyan", (0, 200, 255)),
    ("blue", (0, 0, 255)),
    ("indigo", (80, 0, 255)),
    ("purple", (160, 0, 255)),
    ("magenta", (255, 0, 160)),
)
# Colour sequences (indexes into COLORS): short 6, medium 9, long 12. Their length caps the Gers.
SEQUENCES = (
    (0, 1, 3, 5, 8, 10),
    (0, 1, 2, 3, 5, 7, 8, 10, 11),
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
)
SEQ_NAMES = ("short", "medium", "long")

_OPT_KEYS = ("w", "h", "house", "gers", "dirs", "seq", "random", "goal", "rborders", "rgers",
             "cuboids", "deflectors", "flipflaps", "joker", "bspecial", "seed")


class Options:
    """Game options, fixed before a game. house None = the centre field."""

    def __init__(self):
        self.width = 7
        self.height = 7
        self.house = None
        self.gers = 6
        self.dirset = 0  # 0 simple (up right down left), 1 extended (all eight)
        self.sequence = 0  # 0 short, 1 medium, 2 long
        self.random_order = False
        self.goal = GOAL_A
        self.reflect_borders = False
        self.reflect_gers = False
        self.cuboids = 0
        self.deflectors = 0
        self.flipflaps = 0
        self.joker = False
        self.black_special = False
        self.seed = 1

    def copy(self):
        o = Options()
        o._set(self._values())
        o.random_order = self.random_order
        o.reflect_borders = self.reflect_borders
        o.reflect_gers = self.reflect_gers
        o.joker = self.joker
        o.black_special = self.black_special
        return o

    def house_cell(self):
        if self.house is None:
            return (self.height // 2) * self.width + self.width // 2
        return self.house

    def validate(self):
        """Raise ValueError when an option is out of range; return self."""
        def rng(name, v, lo, hi):
            if not isinstance(v, int) or v < lo or v > hi:
                raise ValueError("option %s=%r out of range %d..%d" % (name, v, lo, hi))
        rng("width", self.width, MIN_W, MAX_W)
        rng("height", self.height, MIN_H, MAX_H)
        cells = self.width * self.height
        if self.house is not None:
            rng("house", self.house, 0, cells - 1)
        rng("sequence", self.sequence, 0, 2)
        rng("goal", self.goal, 0, 1)
        rng("gers", self.gers, 2 + self.goal, len(SEQUENCES[self.sequence]))
        rng("dirset", self.dirset, 0, 1)
        rng("cuboids", self.cuboids, 0, MAX_OBJ)
        rng("deflectors", self.deflectors, 0, MAX_OBJ)
        rng("flipflaps", self.flipflaps, 0, MAX_OBJ)
        rng("seed", self.seed, 0, 0xFFFF)
        for name in ("random_order", "reflect_borders", "reflect_gers", "joker", "black_special"):
            v = getattr(self, name)
            if v is not True and v is not False and v != 0 and v != 1:
                raise ValueError("option %s=%r is not a bool" % (name, v))
        if self.gers + self.cuboids + self.deflectors + self.flipflaps > cells // 2:
            raise ValueError("too many Gers and objects for a %dx%d board" % (self.width, self.height))
        return self

    def _values(self):
        h = NONE if self.house is None else self.house
        return (self.width, self.height, h, self.gers, self.dirset, self.sequence,
                int(bool(self.random_order)), self.goal, int(bool(self.reflect_borders)),
                int(bool(self.reflect_gers)), self.cuboids, self.deflectors, self.flipflaps,
                int(bool(self.joker)), int(bool(self.black_special)), self.seed)

    def _set(self, v):
        self.width, self.height = v[0], v[1]
        self.house = None if v[2] == NONE else v[2]
        self.gers, self.dirset, self.sequence = v[3], v[4], v[5]
        self.random_order = v[6] == 1 if v[6] in (0, 1) else v[6]
        self.goal = v[7]
        self.reflect_borders = v[8] == 1 if v[8] in (0, 1) else v[8]
        self.reflect_gers = v[9] == 1 if v[9] in (0, 1) else v[9]
        self.cuboids, self.deflectors, self.flipflaps = v[10], v[11], v[12]
        self.joker = v[13] == 1 if v[13] in (0, 1) else v[13]
        self.black_special = v[14] == 1 if v[14] in (0, 1) else v[14]
        self.seed = v[15]

    def to_bytes(self):
        """19 bytes: b"MG", version 1, 15 option bytes, seed (2, big-endian), check byte."""
        v = self._values()
        out = bytearray(b"MG\x01")
        for i in range(15):
            out.append(v[i] & 0xFF)
        out.append(v[15] >> 8)
        out.append(v[15] & 0xFF)
        out.append(_check(out))
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        data = bytes(data)
        if len(data) != 21 or data[:3] != b"MG\x01":
            raise ValueError("not MobGer options")
        if _check(data[:20]) != data[20]:
            raise ValueError("corrupt MobGer options")
        v = list(data[3:18])
        v.append(data[18] << 8 | data[19])
        o = cls()
        o._set(v)
        return o.validate()

    def text(self):
        """One line: key=value pairs (house=c for the centre)."""
        v = self._values()
        parts = []
        for i in range(16):
            if i == 2 and self.house is None:
                parts.append("house=c")
            else:
                parts.append("%s=%d" % (_OPT_KEYS[i], v[i]))
        return " ".join(parts)

    @classmethod
    def parse(cls, text):
        """Options from text(); missing keys keep their defaults."""
        o = cls()
        v = list(o._values())
        for tok in text.split():
            if "=" not in tok:
                raise ValueError("bad option %r" % tok)
            k, val = tok.split("=", 1)
            if k not in _OPT_KEYS:
                raise ValueError("unknown option %r" % k)
            i = _OPT_KEYS.index(k)
            if i == 2 and val == "c":
                v[i] = NONE
                continue
            try:
                v[i] = int(val)
            except ValueError:
                raise ValueError("option %s needs a number, not %r" % (k, val))
        o._set(v)
        return o.validate()

    def __eq__(self, other):
        return isinstance(other, Options) and self._values() == other._values()


def _check(data):
    s = 0x5A
    for b in data:
        s = (s * 31 + b) & 0xFF
    return s


def make_order(opts):
    """order[rank] = colour index in the sequence; shuffled (Black Ger kept first) when
    random_order, from the seed."""
    n = opts.gers
    order = bytearray(range(n))
    if opts.random_order:
        from handheld.rng import Rng
        rest = list(range(1, n))
        Rng(opts.seed * 7919 + 17).shuffle(rest)
        for i in range(1, n):
            order[i] = rest[i - 1]
    return order


class Engine:
    players = 2

    def __init__(self):
        self.opts = None
        self.w = self.h = self.ncells = 0
        self.house = 0
        self.n = 0
        self.pos = bytearray(MAX_GERS)
        self.dir = bytearray(MAX_GERS)
        self.kind = bytearray(MAX_GERS)
        self.order = bytearray(MAX_GERS)
        self.obj = bytearray(MAX_CELLS)
        self.occ = bytearray(MAX_CELLS)
        self.ffc = bytearray(3 * MAX_OBJ)  # flipflap cells
        self.nff = 0
        # start position (save_state / records)
        self.spos = bytearray(MAX_GERS)
        self.sdir = bytearray(MAX_GERS)
        self.skind = bytearray(MAX_GERS)
        self.sobj = bytearray(MAX_CELLS)
        self.sscore = bytearray(2)
        self.owned = bytearray(2)  # goal B: Gers each player owns
        self.actions = bytearray(MAX_MOVES)
        self.nactions = 0
        self.log = array("H", bytes(2 * RW * LOG_RING))
        self.low = 0  # the oldest action whose undo record is still in the ring
        self.score = bytearray(2)
        self.quiet = 0
        self.win = -1
        self.reason = R_NONE
        self.jrng = 1
        self.jseed = 1
        self.hsh = 0
        self.refl = False
        self.rgers = False
        self.special = False
        self.goal = 0
        self.ndirs = 4
        self.maxatt = 0
        # animation
        self.anim_n = 0
        self.anim_rank = bytearray(MAX_GERS)
        self.anim_from = bytearray(MAX_GERS)
        self.anim_to = bytearray(MAX_GERS)
        self.anim_dir = bytearray(MAX_GERS)
        self.anim_back = bytearray(MAX_GERS)
        self.anim_first = array("H", bytes(2 * MAX_GERS))
        self.anim_len = array("H", bytes(2 * MAX_GERS))
        self.anim_fields = array("H", bytes(2 * FIELDS_MAX))
        self.anim_nf = 0
        self.anim_cut = 0
        self.anim_removed = NONE
        self.anim_joker = NONE
        # bounded search: memo per class (0 normal, 1 special Black, 2 Joker) x cell x dir
        self.memo = bytearray(3 * MAX_CELLS * 8)
        self.seen = array("H", bytes(2 * MAX_CELLS * 8))
        self.stamp = 0
        self.queue = array("H", bytes(2 * MAX_CELLS * 8))
        self.lbuf = bytearray(MAX_ACTIONS)

    # ------------------------------------------------------------------ setup
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
        for i in range(len(self.memo)):
            self.memo[i] = 0
        self.owned[0] = (self.n - 1 + 1) // 2  # ranks 1, 3, 5 ..
        self.owned[1] = (self.n - 1) // 2  # ranks 2, 4 ..
        s = opts.seed ^ 0x5A5A
        self.jseed = s if s else 0xACE1

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
        self._setup(opts)
        rng = Rng(opts.seed * 2654435761 + 12345)
        for attempt in range(40):
            self._place(rng)
            self._start()
            if self.win < 0:
                break

    def _place(self, rng):
        opts = self.opts
        self._clear_board()
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
        for r in range(1, self.n):
            placed = False
            for tries in range(60):
                c = rng.below(cells)
                if c == hs or self.obj[c] or self.occ[c]:
                    continue
                placed = True
                self.pos[r] = c
                self.dir[r] = rng.below(self.ndirs) * step
                if not self._stuck_state(c, self.dir[r], 0):
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

    def load_position(self, opts, rows):
        """Start from a position text (board.py format); the House comes from an `H.` field when
        there is one, else from opts. Goal B scores count the Gers already removed."""
        from games.mobger.board import parse_position
        opts = opts.copy()
        opts.validate()
        pos, dr, kind, obj, house = parse_position(rows, opts)
        if opts.house is not None or house != opts.house_cell():
            opts.house = house
        self._setup(opts)
        self._clear_board()
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
        self._start()

    # ------------------------------------------------------------------ queries
    @property
    def turn(self):
        return self.nactions & 1

    def winner(self):
        return self.win

    def owner(self, r):
        """Goal B owner of rank r: 0 for ranks 1, 3, 5 .., 1 for ranks 2, 4 .., -1 the Black Ger."""
        if r == 0:
            return -1
        return (r + 1) & 1

    def color(self, r):
        """(name, rgb) of rank r."""
        return COLORS[SEQUENCES[self.opts.sequence][self.order[r]]]

    def cell(self, x, y):
        return y * self.w + x

    def legal(self, buf):
        if self.win >= 0:
            return 0
        k = 0
        r = 0
        while r < self.n:
            if self.pos[r] != NONE and not self._repeated(r):
                buf[k] = r
                k += 1
            r += 1
        return k

    def is_legal(self, a):
        return (self.win < 0 and 0 <= a < self.n and self.pos[a] != NONE
                and not self._repeated(a))

    def _same(self, base):
        L = self.log
        pos = self.pos
        r = 0
        while r < self.n:
            v = L[base + r]
            if (v & 0xFF) != pos[r]:
                return False
            if self.kind[r] != K_JOKER and pos[r] != NONE and (v >> 8) != self.dir[r]:
                return False
            r += 1
        return L[base + 12] == self._ffmask()

    def _repeated(self, a):
        # Only positions since the last removal can equal this one (removals are final).
        i = self.nactions - 1
        stop = self.nactions - self.quiet
        acts = self.actions
        L = self.log
        h = self.hsh
        while i >= stop:
            base = (i % LOG_RING) * RW
            if acts[i] == a and L[base + 15] == h and self._same(base):
                return True
            i -= 1
        return False

    def _ffmask(self):
        m = 0
        i = 0
        while i < self.nff:
            if self.obj[self.ffc[i]] == O_FF_CCW:
                m |= 1 << i
            i += 1
        return m

    def _hash(self):
        h = self._ffmask()
        r = 0
        while r < self.n:
            p = self.pos[r]
            v = p * 8 + (0 if self.kind[r] == K_JOKER else self.dir[r]) + 1
            h = (h * 31 + v) & 0xFFFF
            r += 1
        return h

    # ------------------------------------------------------------------ play
    def play(self, a):
        if not self.is_legal(a):
            return False
        n = self.nactions
        if n >= MAX_MOVES:
            return False
        L = self.log
        base = (n % LOG_RING) * RW
        if n + 1 - LOG_RING > self.low:
            self.low = n + 1 - LOG_RING   # this record replaces the oldest one
        pos = self.pos
        dr = self.dir
        r = 0
        while r < MAX_GERS:
            L[base + r] = pos[r] | dr[r] << 8
            r += 1
        L[base + 12] = self._ffmask()
        L[base + 13] = self.jrng
        L[base + 14] = self.quiet | self.score[0] << 8 | self.score[1] << 12
        L[base + 15] = self.hsh
        self.actions[n] = a
        self.nactions = n + 1
        self.anim_n = 0
        self.anim_nf = 0
        self.anim_cut = 0
        self.anim_removed = NONE
        self.anim_joker = NONE
        N = self.n
        k = 0
        r = a
        while k < N:
            if pos[r] != NONE:
                self._move(r)
            r += 1
            if r == N:
                r = 0
            k += 1
        self._end_sequence(n & 1)
        return True

    def _jdraw(self):
        # xorshift16: every step stays a small int on 32-bit ports (no heap allocation)
        x = self.jrng
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        self.jrng = x
        if self.ndirs == 4:
            return ((x >> 4) & 3) * 2
        return (x >> 4) & 7

    def _move(self, r):
        pos = self.pos
        obj = self.obj
        occ = self.occ
        W = self.w
        H = self.h
        s = pos[r]
        d0 = self.dir[r]
        d = d0
        if self.kind[r] == K_JOKER:
            d = self._jdraw()
            self.anim_joker = d
            d0 = d
        occ[s] = 0
        special = r == 0 and self.special
        rg = self.rgers and not special
        refl = self.refl
        fields = self.anim_fields
        nf = self.anim_nf
        first = nf
        x = s % W
        y = s // W
        att = 0
        maxatt = self.maxatt
        dest = -1
        while att < maxatt:
            att += 1
            # The step to the next field (torus or bounce) is written out here, in _hopeless and
            # in ai._steps: as a shared function it cost the CPU ~25% more time per turn.
            dx = DX[d]
            dy = DY[d]
            nx = x + dx
            ny = y + dy
            if refl:
                if nx < 0 or nx >= W:
                    dx = -dx
                    nx = x + dx
                if ny < 0 or ny >= H:
                    dy = -dy
                    ny = y + dy
                d = _DIR_OF[(dy + 1) * 3 + dx + 1]
            else:
                if nx < 0:
                    nx += W
                elif nx >= W:
                    nx -= W
                if ny < 0:
                    ny += H
                elif ny >= H:
                    ny -= H
            nc = ny * W + nx
            o = obj[nc]
            if o and not special:
                if o == O_CUBOID:
                    d = (d + 4) & 7
                elif o == O_DEF_CW:
                    d = (d + 2) & 7
                elif o == O_DEF_CCW:
                    d = (d + 6) & 7
                elif o == O_FF_CW:
                    d = (d + 2) & 7
                    obj[nc] = O_FF_CCW
                else:
                    d = (d + 6) & 7
                    obj[nc] = O_FF_CW
                if nf < FIELDS_MAX:
                    fields[nf] = nc | d << 8 | F_HIT << 11
                    nf += 1
                else:
                    self.anim_cut = 1
                continue
            if o or occ[nc]:
                if rg and not o:
                    d = (d + 4) & 7
                    fl = F_HIT
                else:
                    x = nx
                    y = ny
                    fl = F_PASS
                if nf < FIELDS_MAX:
                    fields[nf] = nc | d << 8 | fl << 11
                    nf += 1
                else:
                    self.anim_cut = 1
                continue
            if nf < FIELDS_MAX:
                fields[nf] = nc | d << 8 | F_DEST << 11
                nf += 1
            else:
                self.anim_cut = 1
            dest = nc
            break
        i = self.anim_n
        self.anim_back[i] = 0
        if dest < 0:
            dest = s
            d = d0
            self.anim_back[i] = 1
        pos[r] = dest
        self.dir[r] = d
        occ[dest] = r + 1
        self.anim_rank[i] = r
        self.anim_from[i] = s
        self.anim_to[i] = dest
        self.anim_dir[i] = d
        self.anim_first[i] = first
        self.anim_len[i] = nf - first
        self.anim_n = i + 1
        self.anim_nf = nf

    def _end_sequence(self, mover):
        hs = self.house
        g = self.occ[hs] - 1
        removed = False
        if g >= 0:
            if g == 0 and self.goal == GOAL_A:
                s0 = self.score[0]
                s1 = self.score[1]
                self.win = 0 if s0 > s1 else (1 if s1 > s0 else DRAW)
                self.reason = R_BLACK_HOME
            elif g == 0 and self.special:
                # goal B: the special Black Ger stays in the House for good
                self._goal_b_end(mover, True)
                if self.win < 0:
                    self.win = DRAW
                    self.reason = R_BLOCKED
            else:
                self.pos[g] = NONE
                self.occ[hs] = 0
                self.anim_removed = g
                removed = True
                if self.goal == GOAL_A:
                    self.score[mover] += 1
                else:
                    if g:
                        self.score[(g + 1) & 1] += 1
                    self._goal_b_end(mover, self.pos[0] == NONE)
        if removed:
            self.quiet = 0
        else:
            self.quiet += 1
        self.hsh = self._hash()
        if self.win < 0:
            self._check_end(mover)

    def _goal_b_end(self, mover, black_in):
        if not black_in:
            return
        c0 = self.score[0] == self.owned[0]
        c1 = self.score[1] == self.owned[1]
        if c0 and c1:
            self.win = mover
        elif c0:
            self.win = 0
        elif c1:
            self.win = 1
        else:
            return
        self.reason = R_COMPLETE

    def _check_end(self, mover):
        """Draws: the quiet cap, a proof that nobody can win any more, no legal move."""
        if self.quiet >= QUIET_MAX:
            self.win = DRAW
            self.reason = R_QUIET
            return
        if self.nactions >= MAX_MOVES:
            self.win = DRAW
            self.reason = R_FULL
            return
        if self._hopeless():
            self.win = DRAW
            self.reason = R_STUCK
            return
        if self.legal(self.lbuf) == 0:
            self.win = DRAW
            self.reason = R_NO_MOVE

    def _hopeless(self):
        pos = self.pos
        if pos[0] != NONE and self.stuck(0):
            return True
        if self.goal == GOAL_A:
            return False
        # goal B: a player whose Ger can never reach the House can no longer win
        b0 = False
        b1 = False
        r = 1
        while r < self.n:
            if pos[r] != NONE:
                if r & 1:
                    if not b0 and self.stuck(r):
                        b0 = True
                elif not b1 and self.stuck(r):
                    b1 = True
            r += 1
        return b0 and b1

    # ------------------------------------------------------------------ bounded search
    def stuck(self, r):
        """True when rank r provably can never again enter the House (search below)."""
        c = self.pos[r]
        if c == NONE:
            return False
        if self.kind[r] == K_JOKER:
            return self._stuck_state(c, 0, 2)
        return self._stuck_state(c, self.dir[r], 1 if (r == 0 and self.special) else 0)

    def _stuck_state(self, c, d, cls):
        """Search over (field, direction) states of one Ger, over-approximating every move it
        could make whatever the other Gers do: jump over or (reflecting Gers) bounce off any
        field, both senses of each flipflap, any direction for the Joker. At most
        fields x 8 states; results are memoised (the transitions do not change in a game)."""
        memo = self.memo
        mb = cls * MAX_CELLS * 8
        s0 = c * 8 + d
        m = memo[mb + s0]
        if m:
            return m == 2
        self.stamp += 1
        if self.stamp > 0xFFFF:
            self.stamp = 1
            for i in range(len(self.seen)):
                self.seen[i] = 0
        st = self.stamp
        seen = self.seen
        q = self.queue
        seen[s0] = st
        q[0] = s0
        qh = 0
        qt = 1
        W = self.w
        H = self.h
        hs = self.house
        refl = self.refl
        obj = self.obj
        jump_obj = cls == 1
        rg = self.rgers and not jump_obj
        joker = cls == 2
        step = 2 if self.ndirs == 4 else 1
        found = False
        while qh < qt and not found:
            s = q[qh]
            qh += 1
            c = s >> 3
            d = s & 7
            x = c % W
            y = c // W
            # the step of _move, written out (hot: runs for every state of every search)
            dx = DX[d]
            dy = DY[d]
            nx = x + dx
            ny = y + dy
            if refl:
                if nx < 0 or nx >= W:
                    dx = -dx
                    nx = x + dx
                if ny < 0 or ny >= H:
                    dy = -dy
                    ny = y + dy
                d = _DIR_OF[(dy + 1) * 3 + dx + 1]
            else:
                nx %= W
                ny %= H
            nc = ny * W + nx
            o = obj[nc]
            k = 0
            while k < 12:
                # candidate successor k: 0 entering/jumping, 1 bounce off a Ger, 2/3 object turns,
                # 4.. Joker directions
                t = -1
                if k == 0:
                    if not o or jump_obj:
                        if nc == hs:
                            found = True
                            break
                        t = nc * 8 + d
                elif k == 1:
                    if rg and not o:
                        t = c * 8 + ((d + 4) & 7)
                elif k == 2:
                    if o and not jump_obj:
                        if o == O_CUBOID:
                            t = c * 8 + ((d + 4) & 7)
                        elif o == O_DEF_CW or o >= O_FF_CW:
                            t = c * 8 + ((d + 2) & 7)
                        else:
                            t = c * 8 + ((d + 6) & 7)
                elif k == 3:
                    if o >= O_FF_CW and not jump_obj:
                        t = c * 8 + ((d + 6) & 7)
                elif joker and k - 4 < 8 // step:
                    t = c * 8 + (k - 4) * step
                if t >= 0:
                    mt = memo[mb + t]
                    if mt == 1:
                        found = True
                        break
                    if mt == 0 and seen[t] != st:
                        seen[t] = st
                        q[qt] = t
                        qt += 1
                k += 1
        if found:
            memo[mb + s0] = 1
            return False
        i = 0
        while i < qt:  # everything reachable from a stuck state is stuck too
            memo[mb + q[i]] = 2
            i += 1
        return True

    # ------------------------------------------------------------------ undo
    def undo(self):
        n = self.nactions
        if n == 0 or n - 1 < self.low:
            return False
        n -= 1
        L = self.log
        base = (n % LOG_RING) * RW
        pos = self.pos
        occ = self.occ
        r = 0
        while r < MAX_GERS:
            if r < self.n and pos[r] != NONE:
                occ[pos[r]] = 0
            r += 1
        r = 0
        while r < MAX_GERS:
            v = L[base + r]
            pos[r] = v & 0xFF
            self.dir[r] = v >> 8
            if r < self.n and pos[r] != NONE:
                occ[pos[r]] = r + 1
            r += 1
        m = L[base + 12]
        i = 0
        while i < self.nff:
            self.obj[self.ffc[i]] = O_FF_CCW if (m >> i) & 1 else O_FF_CW
            i += 1
        self.jrng = L[base + 13]
        v = L[base + 14]
        self.quiet = v & 0xFF
        self.score[0] = (v >> 8) & 15
        self.score[1] = v >> 12
        self.hsh = L[base + 15]
        self.win = -1
        self.reason = R_NONE
        self.nactions = n
        self.anim_n = 0
        self.anim_nf = 0
        self.anim_removed = NONE
        self.anim_joker = NONE
        return True

    def restart(self):
        """Back to the start position (undo may not reach it: the log is a ring)."""
        for r in range(MAX_GERS):
            self.pos[r] = self.spos[r]
            self.dir[r] = self.sdir[r]
            self.kind[r] = self.skind[r]
        for c in range(MAX_CELLS):
            self.obj[c] = self.sobj[c]
        self._start()

    # ------------------------------------------------------------------ save / load
    def _start_bytes(self):
        out = bytearray(self.opts.to_bytes())
        out.append(self.house)
        for r in range(self.n):
            out.append(self.spos[r])
            out.append(self.sdir[r] | self.skind[r] << 4)
        for c in range(self.ncells):
            out.append(self.sobj[c])
        return out

    def save_state(self):
        """Options, start position, the actions, CRC-32."""
        out = self._start_bytes()
        out.append(self.nactions >> 8)
        out.append(self.nactions & 0xFF)
        out.extend(self.actions[:self.nactions])
        crc = _crc32(bytes(out)) & 0xFFFFFFFF
        for sh in (24, 16, 8, 0):
            out.append((crc >> sh) & 0xFF)
        return bytes(out)

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
        self.start_from(opts, house, data[i:i + 2 * n], data[i + 2 * n:i + 2 * n + cells])
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
        self._setup(opts)
        self._clear_board()
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
        self._start()


def record_text(engine):
    """Header, options line, start board rows, moves line (ranks as in the board text)."""
    from games.mobger.board import position_rows_start, RANK_CHARS
    lines = ["MobGer record 1", "Game: mobger", "options " + engine.opts.text(), "board"]
    lines.extend(position_rows_start(engine))
    mv = []
    for i in range(engine.nactions):
        mv.append(RANK_CHARS[engine.actions[i]])
    lines.append("moves " + " ".join(mv))
    w = engine.winner()
    lines.append("result " + ("running" if w < 0 else ("draw" if w == DRAW else "player %d" % (w + 1))))
    return "\n".join(lines) + "\n"


def replay_record(text):
    """Engine after the record's moves; ValueError with the line and reason on a bad record."""
    from games.mobger.board import RANK_CHARS
    lines = [ln.strip() for ln in text.replace("\r", "").split("\n")]
    lines = [ln for ln in lines if ln and not ln.startswith(";")
             and not ln.lower().startswith("game:")]
    if not lines or lines[0] != "MobGer record 1":
        raise ValueError("not a MobGer record (first line must be 'MobGer record 1')")
    if len(lines) < 2 or not lines[1].startswith("options"):
        raise ValueError("record line 2 must be 'options ...'")
    opts = Options.parse(lines[1][7:])
    i = 2
    rows = None
    if i < len(lines) and lines[i] == "board":
        rows = lines[i + 1:i + 1 + opts.height]
        i += 1 + opts.height
    e = Engine()
    if rows is None:
        e.new_game(opts)
    else:
        e.load_position(opts, rows)
    if i >= len(lines) or not lines[i].startswith("moves"):
        raise ValueError("record: a 'moves' line must follow the board")
    toks = lines[i][5:].split()
    for k in range(len(toks)):
        t = toks[k]
        if len(t) != 1 or t not in RANK_CHARS:
            raise ValueError("record move %d: %r is not a rank character" % (k + 1, t))
        if not e.play(RANK_CHARS.index(t)):
            raise ValueError("record move %d: Ger %s cannot move here" % (k + 1, t))
    return e
