"""One player's iQLANDIE board: six exhibition grids, placing pieces, criteria 1-6.

All 113 cells live in one bytearray: exhibit e starts at EXH_OFF[e], row-major, EXH_W[e] wide.
A cell holds 0 (empty) or slot + 1 (the placed piece's slot) in the low 7 bits; bit 0x80 marks
the piece's robot cell. Scoring reads colours through the slot, so a joker's chosen colour
applies everywhere at once.
"""
from games.iqlandie import pieces as P

# criteria: 1 majority colour, 2 second colour, 3 gaps, 4 shapes, 5 robots, 6 rows/columns
MAJORITY = 0
SECOND = 1
GAPS = 2
SHAPES = 3
ROBOTS = 4
LINES = 5
NEXH = 6
EXH_W = (5, 4, 5, 5, 4, 4)
EXH_H = (5, 4, 4, 4, 4, 4)
EXH_OFF = (0, 25, 41, 61, 81, 97)
NCELLS = 113
EXH_NAMES = ("Colour", "Second", "Gaps", "Shapes", "Robots", "Lines")
MAXP = 32  # slots per board (24 pieces are taken in a game)
ROBOT = 0x80


def _offsets():
    # per (shape, orient): cell index deltas for a width-4 and a width-5 grid, sorted; equal
    # ones are one shared tuple (68 for the 160 entries: ~2.7 KB less heap on the device)
    out = []
    known = {}
    for s in range(P.NSHAPES + 1):
        for o in range(8):
            cs = P.cells(s, o)
            for w in (4, 5):
                t = tuple(sorted(y * w + x for x, y in cs))
                out.append(known.setdefault(t, t))
    return tuple(out)


OFFS = _offsets()
del _offsets

# scratch buffers (one game computes at a time)
_cnt = bytearray(8)
_seen = bytearray(32)
_stack = bytearray(32)


class Board:
    def __init__(self):
        self.cells = bytearray(NCELLS)
        self.code = bytearray(MAXP)
        self.exh = bytearray(MAXP)
        self.colour = bytearray(MAXP)
        self.orient = bytearray(MAXP)
        self.px = bytearray(MAXP)
        self.py = bytearray(MAXP)
        self.n = 0
        self.ndiscard = 0

    def reset(self):
        c = self.cells
        for i in range(NCELLS):
            c[i] = 0
        self.n = 0
        self.ndiscard = 0

    # -- geometry ---------------------------------------------------------------------------
    def fits(self, e, shape, o, x, y):
        if e < 0 or e >= NEXH or o < 0 or o > 7 or x < 0 or y < 0:
            return False
        bw, bh = P.bbox(shape, o)
        w = EXH_W[e]
        if x + bw > w or y + bh > EXH_H[e]:
            return False
        base = EXH_OFF[e] + y * w + x
        cells = self.cells
        for d in OFFS[(shape * 8 + o) * 2 + w - 4]:
            if cells[base + d]:
                return False
        return True

    def first_fit(self, e, shape):
        """(orient, x, y) of the first fitting placement in exhibit e, or None."""
        w = EXH_W[e]
        h = EXH_H[e]
        cells = self.cells
        off = EXH_OFF[e]
        for o in P.DISTINCT[shape]:
            bw, bh = P.bbox(shape, o)
            ds = OFFS[(shape * 8 + o) * 2 + w - 4]
            for y in range(h - bh + 1):
                for x in range(w - bw + 1):
                    base = off + y * w + x
                    ok = True
                    for d in ds:
                        if cells[base + d]:
                            ok = False
                            break
                    if ok:
                        return (o, x, y)
        return None

    def fits_anywhere(self, shape):
        for e in range(NEXH):
            if self.first_fit(e, shape) is not None:
                return True
        return False

    def place(self, code, e, o, x, y):
        """Put a piece (already checked with fits) and return its slot."""
        s = self.n
        self.n = s + 1
        self.code[s] = code
        self.exh[s] = e
        self.colour[s] = (code >> 4) & 7
        self.orient[s] = o
        self.px[s] = x
        self.py[s] = y
        shape = code & 0x0F
        w = EXH_W[e]
        base = EXH_OFF[e] + y * w + x
        cells = self.cells
        for d in OFFS[(shape * 8 + o) * 2 + w - 4]:
            cells[base + d] = s + 1
        if code & 0x80:
            rx, ry = P.cells(shape, o)[P.ROBOT_CELL[shape]]
            cells[base + ry * w + rx] = (s + 1) | ROBOT
        return s

    def unplace(self):
        """Remove the last placed piece (CPU look-ahead)."""
        s = self.n - 1
        self.n = s
        e = self.exh[s]
        w = EXH_W[e]
        base = EXH_OFF[e] + self.py[s] * w + self.px[s]
        cells = self.cells
        for d in OFFS[((self.code[s] & 0x0F) * 8 + self.orient[s]) * 2 + w - 4]:
            cells[base + d] = 0

    def colour_at(self, e, x, y):
        v = self.cells[EXH_OFF[e] + y * EXH_W[e] + x] & 0x7F
        return self.colour[v - 1] if v else -1

    def robot_at(self, e, x, y):
        return (self.cells[EXH_OFF[e] + y * EXH_W[e] + x] & ROBOT) != 0

    def free_cells(self, e):
        n = 0
        cells = self.cells
        off = EXH_OFF[e]
        for i in range(off, off + EXH_W[e] * EXH_H[e]):
            if not cells[i]:
                n += 1
        return n

    # -- scoring ----------------------------------------------------------------------------
    def _counts(self, e):
        cnt = _cnt
        for i in range(8):
            cnt[i] = 0
        cells = self.cells
        colour = self.colour
        off = EXH_OFF[e]
        for i in range(off, off + EXH_W[e] * EXH_H[e]):
            v = cells[i] & 0x7F
            if v:
                cnt[colour[v - 1]] += 1
        return cnt

    def score(self, e):
        """Points of exhibit e now (criteria 1-6; an unchosen joker counts as its own colour)."""
        if e == MAJORITY:
            cnt = self._counts(e)
            m = 0
            for i in range(6):
                if cnt[i] > m:
                    m = cnt[i]
            return m
        if e == SECOND:
            cnt = self._counts(e)
            a = 0
            b = 0
            for i in range(6):
                v = cnt[i]
                if v > a:
                    b = a
                    a = v
                elif v > b:
                    b = v
            return 2 * b
        if e == GAPS:
            return 3 * self.gaps(e)
        if e == SHAPES:
            mask = 0
            for s in range(self.n):
                if self.exh[s] == SHAPES:
                    sh = self.code[s] & 0x0F
                    if sh != P.MONO:
                        mask |= 1 << sh
            n = 0
            while mask:
                n += mask & 1
                mask >>= 1
            return 3 * n
        if e == ROBOTS:
            return 3 * self.robot_links(e)
        return 3 * self.lines(e)

    def gaps(self, e):
        """Orthogonally connected empty regions of exhibit e (an empty grid is 1)."""
        w = EXH_W[e]
        n = w * EXH_H[e]
        off = EXH_OFF[e]
        cells = self.cells
        seen = _seen
        stack = _stack
        for i in range(n):
            seen[i] = 1 if cells[off + i] else 0
        regions = 0
        for i in range(n):
            if seen[i]:
                continue
            regions += 1
            seen[i] = 1
            stack[0] = i
            sp = 1
            while sp:
                sp -= 1
                j = stack[sp]
                x = j % w
                if x > 0 and not seen[j - 1]:
                    seen[j - 1] = 1
                    stack[sp] = j - 1
                    sp += 1
                if x < w - 1 and not seen[j + 1]:
                    seen[j + 1] = 1
                    stack[sp] = j + 1
                    sp += 1
                if j >= w and not seen[j - w]:
                    seen[j - w] = 1
                    stack[sp] = j - w
                    sp += 1
                if j + w < n and not seen[j + w]:
                    seen[j + w] = 1
                    stack[sp] = j + w
                    sp += 1
        return regions

    def robot_links(self, e):
        """Sum over robots of their orthogonally adjacent robots (each pair counts twice)."""
        w = EXH_W[e]
        n = w * EXH_H[e]
        off = EXH_OFF[e]
        cells = self.cells
        links = 0
        for i in range(n):
            if cells[off + i] & ROBOT:
                x = i % w
                if x > 0 and cells[off + i - 1] & ROBOT:
                    links += 1
                if x < w - 1 and cells[off + i + 1] & ROBOT:
                    links += 1
                if i >= w and cells[off + i - w] & ROBOT:
                    links += 1
                if i + w < n and cells[off + i + w] & ROBOT:
                    links += 1
        return links

    def _line(self, start, step, count):
        # 1 when the line is full and has at most 2 colours
        cells = self.cells
        colour = self.colour
        a = -1
        b = -1
        for k in range(count):
            v = cells[start + k * step] & 0x7F
            if not v:
                return 0
            c = colour[v - 1]
            if c == a or c == b:
                continue
            if a < 0:
                a = c
            elif b < 0:
                b = c
            else:
                return 0
        return 1

    def lines(self, e):
        """Completely filled rows and columns of exhibit e with at most 2 colours."""
        w = EXH_W[e]
        h = EXH_H[e]
        off = EXH_OFF[e]
        n = 0
        for y in range(h):
            n += self._line(off + y * w, 1, w)
        for x in range(w):
            n += self._line(off + x, w, h)
        return n

    def colour_count(self, c):
        """Pieces of colour c on the board (criterion 7 counts pieces, not cells)."""
        n = 0
        colour = self.colour
        for s in range(self.n):
            if colour[s] == c:
                n += 1
        return n

    def jokers(self):
        """Joker pieces on the board (the second tie-break)."""
        n = 0
        for s in range(self.n):
            if (self.code[s] >> 4) & 7 == P.JOKER:
                n += 1
        return n
