"""Mental IQ+ level bodies, reading: parse a body into a Level (syntax: board.py and
games/mentaliq/README.md) and the pack container's FORMAT. Play imports only this; the
writing side, the move notation and the solution check are in board.py, read on use."""

from handheld.packs_util import PackError
from games.mentaliq.constants import (P_GWYDYON, P_JEWEL, P_REP, P_REP2, P_TB_DOWN, P_TB_UP,
                                      T_FLAG, T_HOLE, T_VECTOR, movable)

TILE_CHARS = ".xfs^>v<t"
PIECE_CHARS = ".@JB*12#+-"
MAX_W = 16
MAX_H = 8
MAX_PLANES = 4
MOVE_CHARS = "urdlURDL+-0123456789"


def _error(line, reason):
    return PackError(line, reason)


class Level:
    """A parsed level: static tiles and the start pieces (layout in engine.py)."""

    def __init__(self, planes, width, height, tile, piece, name="", solution=""):
        self.planes = planes
        self.width = width
        self.height = height
        self.psize = width * height
        self.tile = tile
        self.piece = piece
        self.name = name
        self.solution = solution

    def text(self):
        from games.mentaliq.board import format_board
        return format_board(self.planes, self.width, self.height, self.tile, self.piece)


# ---------------------------------------------------------------- reading
def is_board_line(text):
    """A board row: its first two non-blank characters are a tile and a piece character (so a
    row with a typo further on is still a board row, and the parser names the typo)."""
    s = text.lstrip()
    return len(s) > 1 and TILE_CHARS.find(s[0]) >= 0 and PIECE_CHARS.find(s[1]) >= 0


def row_width(text):
    """Cells in the widest plane of a row (for the pack reader's width check)."""
    w = 0
    for seg in text.split("|"):
        n = len(seg.replace(" ", "").replace("\t", ""))
        n = (n + 1) // 2
        if n > w:
            w = n
    return w


def _table(chars):
    t = bytearray(b"\xff" * 256)
    for i in range(len(chars)):
        t[ord(chars[i])] = i
    return t


_TT = _table(TILE_CHARS)  # byte -> tile number, 255: not a tile
_PT = _table(PIECE_CHARS)


def _bad_cell(line, z, x, seg, t):
    if t == 255:
        raise _error(line, "plane %d, cell %d: %r is not a tile (tiles: %s)"
                     % (z + 1, x + 1, seg[2 * x], " ".join(TILE_CHARS)))
    raise _error(line, "plane %d, cell %d: %r is not a piece (pieces: %s)"
                 % (z + 1, x + 1, seg[2 * x + 1], " ".join(PIECE_CHARS)))


def _where(z, x, y):
    return "plane %d, x %d, y %d" % (z + 1, x + 1, y + 1)


def parse_rows(rows, first_line=1, name="", solution=""):
    """Board rows -> Level. Raises PackError(line, reason)."""
    src = []
    for k in range(len(rows)):
        s = rows[k].strip()
        if s:
            src.append((first_line + k, s))
    H = len(src)
    if H == 0:
        raise _error(first_line, "empty board")
    if H > MAX_H:
        raise _error(first_line, "the board has %d rows; a plane has at most %d" % (H, MAX_H))
    P = 0
    W = 0
    cells = []  # per row: list of plane strings without spaces
    for line, s in src:
        segs = s.split("|")
        if len(segs) > MAX_PLANES:
            raise _error(line, "%d planes; the most is %d" % (len(segs), MAX_PLANES))
        if P == 0:
            P = len(segs)
        elif len(segs) != P:
            raise _error(line, "this row has %d planes, the first row has %d" % (len(segs), P))
        row = []
        for z in range(P):
            seg = segs[z].replace(" ", "").replace("\t", "")
            if len(seg) % 2:
                raise _error(line, "plane %d has %d characters: each cell is two (tile, piece)"
                             % (z + 1, len(seg)))
            n = len(seg) // 2
            if n == 0:
                raise _error(line, "plane %d is empty" % (z + 1))
            if n > MAX_W:
                raise _error(line, "plane %d is %d cells wide; the most is %d" % (z + 1, n, MAX_W))
            if W == 0:
                W = n
            elif n != W:
                raise _error(line, "plane %d is %d cells wide, plane 1 of the first row is %d"
                             % (z + 1, n, W))
            row.append(seg)
        cells.append(row)
    ps = W * H
    size = P * ps
    tile = bytearray(size)
    piece = bytearray(size)
    heroes = flags = jewels = 0
    TT = _TT
    PT = _PT
    for y in range(H):
        line = src[y][0]
        for z in range(P):
            seg = cells[y][z]
            b = seg.encode()
            if len(b) != len(seg):  # not ASCII: no cell character
                b = bytes(ord(ch) if ord(ch) < 128 else 127 for ch in seg)
            c = z * ps + y * W
            i = 0
            for x in range(W):
                t = TT[b[i]]
                p = PT[b[i + 1]]
                i += 2
                if t == 255 or p == 255:
                    _bad_cell(line, z, x, seg, t)
                tile[c] = t
                piece[c] = p
                if t == T_FLAG:
                    flags += 1
                if p:
                    if t == T_HOLE:
                        raise _error(line, "plane %d, cell %d: a piece cannot stand on a hole"
                                     % (z + 1, x + 1))
                    if p == P_GWYDYON:
                        heroes += 1
                    elif p == P_JEWEL:
                        jewels += 1
                    elif p == P_TB_UP and z == P - 1 or p == P_TB_DOWN and z == 0:
                        raise _error(line, "plane %d, cell %d: this transborder leads off "
                                     "the planes" % (z + 1, x + 1))
                c += 1
    first = src[0][0]
    if heroes != 1:
        raise _error(first, "no Gwydyon (@)" if heroes == 0 else
                     "%d Gwydyons (@): a level has exactly one" % heroes)
    if flags == 0:
        raise _error(first, "no flag (f)")
    if jewels < flags:
        raise _error(first, "%d jewel(s) for %d flag(s): every flag needs a jewel"
                     % (jewels, flags))
    for c in range(size - ps):
        p = piece[c]
        if (p == P_REP or p == P_REP2) and piece[c + ps] == p:
            z = c // ps
            raise _error(src[(c % ps) // W][0], "two repulsors of the same type are aligned "
                         "(planes %d and %d, cell %d)" % (z + 1, z + 2, c % W + 1))
    done = 0
    mov = vec = 0
    for c in range(size):
        t = tile[c]
        p = piece[c]
        if t == T_FLAG and p == P_JEWEL:
            done += 1
        if p and p <= P_REP2:
            mov += 1
        if T_VECTOR <= t < T_VECTOR + 4:
            vec += 1
        if T_VECTOR <= t < T_VECTOR + 4 and (movable(p) or p == P_GWYDYON):
            n = neighbour(c, t - T_VECTOR, W, ps)
            if n >= 0 and tile[n] != T_HOLE and piece[n] == 0:
                z = c // ps
                raise _error(src[(c % ps) // W][0], "the start must be at rest: the vector at "
                             "%s can move its piece" % _where(z, c % W, (c % ps) // W))
    if done == flags:
        raise _error(first, "nothing to do: every flag has a jewel at the start")
    if mov > 255 and vec > 255:
        raise _error(first, "%d vectors and %d movable pieces: one of them must be at most "
                     "255" % (vec, mov))
    return Level(P, W, H, tile, piece, name, solution)


def neighbour(c, d, W, ps):
    """The cell next to c in direction d (0 up, 1 right, 2 down, 3 left) on its plane, or -1."""
    if d == 1:
        return c + 1 if c % W != W - 1 else -1
    if d == 3:
        return c - 1 if c % W else -1
    i = c % ps
    if d == 0:
        return c - W if i >= W else -1
    return c + W if i < ps - W else -1


def parse(level_text, header=None):
    """The pack container's entry: level_text has .rows, .first_line, .name, .solution."""
    return parse_rows(level_text.rows, getattr(level_text, "first_line", 1),
                      getattr(level_text, "name", "") or "",
                      getattr(level_text, "solution", "") or "")


class _Format:
    name = "mentaliq"
    max_width = MAX_W
    max_height = MAX_H
    move_chars = MOVE_CHARS

    def is_board_line(self, text):
        return is_board_line(text)

    def row_width(self, text):
        return row_width(text)

    def parse(self, level_text, header=None):
        return parse(level_text, header)

    def verify(self, level, solution):
        from games.mentaliq.board import verify
        return verify(level, solution)


FORMAT = _Format()
