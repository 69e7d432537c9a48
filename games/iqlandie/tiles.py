"""iQLANDIE piece and exhibition art, drawn into tile sheets (handheld.gfx.cached) when a screen
shows them; screens.phase_screens() forgets the ones the next phase screen does not draw.

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


def big_tile(pattern, edges, robot):
    return 1 + (pattern * 16 + edges) * 2 + (1 if robot else 0)


def ghost_tile(pattern, edges, robot):
    return 2 + (pattern * 16 + edges) * 2 + (1 if robot else 0)


def mini_tile(pattern, edges, robot):
    return 2 + (pattern * 16 + edges) * 2 + (1 if robot else 0)


def make_sheets(bitmap_cls):
    """-> (big, ghost, mini) Bitmaps (tile_art.py draws them; the screens build each on its own,
    when one draws it: screen_common.big_sheet...)."""
    from games.iqlandie import tile_art as A
    return A.make_big(bitmap_cls), A.make_ghost(bitmap_cls), A.make_mini(bitmap_cls)


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
