"""iQLANDIE piece and exhibition art, drawn once into tile sheets (handheld.gfx.cached).

Colours are fill patterns (pieces.PATTERNS: solid, checker, stripes, diagonal, dots, outline for
the joker), so a 1-bit screen tells them apart; the NeoPixels show the real colour.

BIG sheet, 8x8 cells, 2 colours: tile 0 an empty exhibition cell (a dot), the last tile
blank; a piece cell is 1 + (pattern * 16 + edges) * 2 + robot. `edges` (1 top, 2 right, 4 bottom, 8 left) are the
sides where the neighbour is not the same piece: there the cell has a dark pixel line at the
edge and a lit line inside it, so every piece shows its outline even with a sparse pattern;
inside a piece the pattern runs on. A robot is a lit 2x2 dot in a dark ring at the centre.
GHOST sheet, 8x8, see-through palette: 0 nothing, 1 "does not fit here" (a cross on dark),
2 + (pattern * 16 + edges) * 2 + robot: the piece being placed, its outline dashed.
MINI sheet, 4x4, 2 colours (offers, board overviews): 0 blank, 1 empty cell (a dot), a piece
cell 2 + (pattern * 16 + edges) * 2 + robot: a lit line on the piece's outline (the right and
bottom one a pixel in, with a dark line beyond it so touching pieces stay apart), the pattern
inside (shapes read well at 4 px; colours are told apart on the 8 px views); a robot is a
dark 2x2 hole in the middle.
"""
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X

CELL = 8
MINI = 4
NPAT = 6
BIG_COUNT = 2 + NPAT * 16 * 2
BIG_BLANK = BIG_COUNT - 1      # nothing (beyond a smaller exhibit)
GHOST_COUNT = 2 + NPAT * 16 * 2
MINI_COUNT = 2 + NPAT * 16 * 2
GHOST_BAD = 1

TOP = 1
RIGHT = 2
BOTTOM = 4
LEFT = 8


def _lit(pattern, x, y):
    return (P.PATTERNS[pattern][y & 7] >> (7 - (x & 7))) & 1


def big_tile(pattern, edges, robot):
    return 1 + (pattern * 16 + edges) * 2 + (1 if robot else 0)


def ghost_tile(pattern, edges, robot):
    return 2 + (pattern * 16 + edges) * 2 + (1 if robot else 0)


def mini_tile(pattern, edges, robot):
    return 2 + (pattern * 16 + edges) * 2 + (1 if robot else 0)


try:   # CircuitPython: native fills and copies make the sheets ~10x faster to build
    from bitmaptools import fill_region as _native_fill, blit as _native_blit
except ImportError:
    _native_fill = None
    _native_blit = None


def _fill(bmp, x1, y1, x2, y2, v):
    """Fill the rectangle [x1, x2) x [y1, y2) with value v."""
    if _native_fill is not None:
        _native_fill(bmp, x1, y1, x2, y2, v)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            bmp[x, y] = v


def _copy(dst, src, x0, sx, size):
    """Copy the size x size tile at column sx of src to column x0 of dst."""
    if _native_blit is not None:
        _native_blit(dst, src, x0, 0, x1=sx, y1=0, x2=sx + size, y2=size)
        return
    for y in range(size):
        for x in range(size):
            dst[x0 + x, y] = src[sx + x, y]


def _patterns(bitmap_cls, size, lit, dark, depth):
    """The 6 fill patterns, one size x size tile each (drawn pixel by pixel, once)."""
    bmp = bitmap_cls(size * NPAT, size, depth)
    for pat in range(NPAT):
        for y in range(size):
            for x in range(size):
                bmp[pat * size + x, y] = lit if _lit(pat, x, y) else dark
    return bmp


def _cell(bmp, base, x0, pattern, edges, robot, lit, dark, dashed):
    """A big (8 px) piece cell: the pattern, the outline on `edges`, the robot."""
    _copy(bmp, base, x0, pattern * CELL, CELL)
    if robot:
        _fill(bmp, x0 + 2, 2, x0 + 6, 6, dark)
        _fill(bmp, x0 + 3, 3, x0 + 5, 5, lit)
    # (x1, y1, x2, y2) of the dark edge line, then the lit line inside it (from 1 to 6)
    for side, d, l in ((TOP, (0, 0, 8, 1), (1, 1, 7, 2)), (BOTTOM, (0, 7, 8, 8), (1, 6, 7, 7)),
                       (LEFT, (0, 0, 1, 8), (1, 1, 2, 7)), (RIGHT, (7, 0, 8, 8), (6, 1, 7, 7))):
        if edges & side:
            _fill(bmp, x0 + d[0], d[1], x0 + d[2], d[3], dark)
            _fill(bmp, x0 + l[0], l[1], x0 + l[2], l[3], lit)
            if dashed:            # every other pixel of the lit line dark
                for i in range(2, 7, 2):
                    if l[2] - l[0] > 1:
                        bmp[x0 + i, l[1]] = dark
                    else:
                        bmp[x0 + l[0], i] = dark


def _mini(bmp, base, x0, pattern, edges, robot):
    _copy(bmp, base, x0, pattern * MINI, MINI)
    if robot:
        _fill(bmp, x0 + 1, 1, x0 + 3, 3, 0)
    # outline: lit top/left edge; right/bottom lit one pixel in, then a dark line that keeps
    # the next piece apart (even solid ones)
    if edges & TOP:
        _fill(bmp, x0, 0, x0 + 4, 1, 1)
    if edges & LEFT:
        _fill(bmp, x0, 0, x0 + 1, 4, 1)
    if edges & BOTTOM:
        _fill(bmp, x0, 2, x0 + 4, 3, 1)
    if edges & RIGHT:
        _fill(bmp, x0 + 2, 0, x0 + 3, 4, 1)
    if edges & BOTTOM:
        _fill(bmp, x0, 3, x0 + 4, 4, 0)
    if edges & RIGHT:
        _fill(bmp, x0 + 3, 0, x0 + 4, 4, 0)


def make_sheets(bitmap_cls):
    """-> (big, ghost, mini) Bitmaps."""
    big = bitmap_cls(CELL * BIG_COUNT, CELL, 2)
    big[3, 3] = 1                         # the empty cell's dot
    ghost = bitmap_cls(CELL * GHOST_COUNT, CELL, 3)
    x0 = GHOST_BAD * CELL
    for y in range(CELL):
        for x in range(CELL):
            ghost[x0 + x, y] = 1 if (x == y or x == 7 - y) and 0 < x < 7 else 2
    mini = bitmap_cls(MINI * MINI_COUNT, MINI, 2)
    mini[MINI + 1, 1] = 1                 # empty cell in an overview
    base_big = _patterns(bitmap_cls, CELL, 1, 0, 2)
    base_ghost = _patterns(bitmap_cls, CELL, 1, 2, 3)
    base_mini = _patterns(bitmap_cls, MINI, 1, 0, 2)
    for pat in range(NPAT):
        for edges in range(16):
            for robot in range(2):
                _cell(big, base_big, big_tile(pat, edges, robot) * CELL, pat, edges, robot, 1,
                      0, False)
                _cell(ghost, base_ghost, ghost_tile(pat, edges, robot) * CELL, pat, edges,
                      robot, 1, 2, True)
                _mini(mini, base_mini, mini_tile(pat, edges, robot) * MINI, pat, edges, robot)
    return big, ghost, mini


def pattern_of_colour(colour):
    return P.PATTERN[colour]


# --- drawing a piece or an exhibition into a TileGrid --------------------------------------------
def piece_edges(cells, i):
    """Edge bits of cell i of a piece (cells: tuple of (x, y)): sides with no piece cell."""
    x, y = cells[i]
    e = TOP | RIGHT | BOTTOM | LEFT
    for cx, cy in cells:
        if cy == y and cx == x + 1:
            e &= ~RIGHT
        elif cy == y and cx == x - 1:
            e &= ~LEFT
        elif cx == x and cy == y + 1:
            e &= ~BOTTOM
        elif cx == x and cy == y - 1:
            e &= ~TOP
    return e


def set_tile(grid, x, y, tile):
    # setting a tile to its own value still marks it dirty: skip it
    if grid[x, y] != tile:
        grid[x, y] = tile


def draw_piece(grid, code, orient, ox, oy, mini=False, ghost=False, colour=-1):
    """Write a piece's cells into grid with its top-left at cell (ox, oy); cells outside the
    grid are skipped. colour: override (a joker's chosen colour)."""
    shape = P.shape_of(code)
    cs = P.cells(shape, orient)
    pat = P.PATTERN[P.colour_of(code) if colour < 0 else colour]
    rcell = P.ROBOT_CELL[shape] if P.has_robot(code) else -1
    gw = grid.width
    gh = grid.height
    for i in range(len(cs)):
        x = ox + cs[i][0]
        y = oy + cs[i][1]
        if x < 0 or y < 0 or x >= gw or y >= gh:
            continue
        e = piece_edges(cs, i)
        if mini:
            t = mini_tile(pat, e, i == rcell)
        elif ghost:
            t = ghost_tile(pat, e, i == rcell)
        else:
            t = big_tile(pat, e, i == rcell)
        set_tile(grid, x, y, t)


def board_tile(board, e, x, y, mini=False):
    """The tile of cell (x, y) of exhibit e of a Board."""
    w = X.EXH_W[e]
    h = X.EXH_H[e]
    off = X.EXH_OFF[e]
    v = board.cells[off + y * w + x]
    if not v:
        return 1 if mini else 0
    slot = v & 0x7F
    pat = P.PATTERN[board.colour[slot - 1]]
    robot = v & X.ROBOT

    def same(nx, ny):
        return 0 <= nx < w and 0 <= ny < h and (board.cells[off + ny * w + nx] & 0x7F) == slot

    edges = 0
    if not same(x, y - 1):
        edges |= TOP
    if not same(x + 1, y):
        edges |= RIGHT
    if not same(x, y + 1):
        edges |= BOTTOM
    if not same(x - 1, y):
        edges |= LEFT
    if mini:
        return mini_tile(pat, edges, robot)
    return big_tile(pat, edges, robot)


def draw_exhibit(grid, board, e, ox=0, oy=0, mini=False):
    for y in range(X.EXH_H[e]):
        for x in range(X.EXH_W[e]):
            set_tile(grid, ox + x, oy + y, board_tile(board, e, x, y, mini))


def display_orient(shape):
    """An orientation that lies flat (width >= height) for showing a piece in an offer."""
    for o in range(8):
        w, h = P.bbox(shape, o)
        if w >= h:
            return o
    return 0
