"""Gravity room's tile art and the code drawing it (see tiles.py for the sheets' layout);
imported only while the sheets are drawn."""
from games.gravity.tiles import CELL, STATIC_COUNT, PAWN, GOAL, PAWN_ON_GOAL, PIECE_COUNT, \
    ROW_LEFT, ROW_RIGHT, COL_UP, COL_DOWN, static_tile

# 6x6 shapes drawn at pixels 1..6 of the cell ('#' lit, '.' dark: pieces hide the flow marks)
SQUARE = ("######", "######", "######", "######", "######", "######")
DISC = ("..##..", ".####.", "######", "######", ".####.", "..##..")
CROSS = ("#....#", "##..##", ".####.", ".####.", "##..##", "#....#")
GOAL_ART = (".####.", "#....#", "#.##.#", "#.##.#", "#....#", ".####.")
SHAPES = (SQUARE, DISC, CROSS)
# A pawn on the objective: the pawn, small, inside the objective's ring.
BIG_RING = ("..####..", ".#....#.", "#......#", "#......#", "#......#", "#......#",
            ".#....#.", "..####..")
SMALL_SHAPES = (("####", "####", "####", "####"),
                (".##.", "####", "####", ".##."),
                ("#..#", ".##.", ".##.", "#..#"))

# Flow chevrons (x, y) in cell pixels; a cell on two flows gets both, smaller, apart.
_BIG = {ROW_RIGHT: ((3, 2), (4, 3), (5, 4), (4, 5), (3, 6)),
        ROW_LEFT: ((5, 2), (4, 3), (3, 4), (4, 5), (5, 6))}
_SMALL_ROW = {ROW_RIGHT: ((1, 3), (2, 4), (1, 5)), ROW_LEFT: ((2, 3), (1, 4), (2, 5))}


def _transpose(points):
    out = []
    for x, y in points:
        out.append((y, x))
    return tuple(out)


# A column chevron is a row chevron mirrored on the diagonal: left -> up, right -> down.
_BIG[10 + COL_UP] = _transpose(_BIG[ROW_LEFT])
_BIG[10 + COL_DOWN] = _transpose(_BIG[ROW_RIGHT])
_SMALL_COL_BELOW = {COL_DOWN: ((4, 5), (5, 6), (6, 5)), COL_UP: ((4, 6), (5, 5), (6, 6))}


def _static(bitmap, index, walls, row_flow, col_flow):
    x0 = index * CELL
    bitmap[x0, 0] = 1                      # corner dot: cells stay countable
    for i in range(CELL):
        if walls & 1:
            bitmap[x0 + i, 0] = 1
        if walls & 2:
            bitmap[x0 + CELL - 1, i] = 1
        if walls & 4:
            bitmap[x0 + i, CELL - 1] = 1
        if walls & 8:
            bitmap[x0, i] = 1
    marks = ()
    if row_flow and col_flow:
        # on two flows: the row's chevron at the left, the column's at the bottom
        marks = _SMALL_ROW[row_flow] + _SMALL_COL_BELOW[col_flow]
    elif row_flow:
        marks = _BIG[row_flow]
    elif col_flow:
        marks = _BIG[10 + col_flow]
    for x, y in marks:
        bitmap[x0 + x, y] = 1


def _shape(bitmap, index, rows, dx=1, dy=1, lit=1, dark=2):
    x0 = index * CELL
    for y in range(len(rows)):
        row = rows[y]
        for x in range(len(row)):
            bitmap[x0 + dx + x, dy + y] = lit if row[x] == "#" else dark


def make_sheets(bitmap_cls):
    """-> (static, pieces, cursor, arrows) Bitmaps."""
    static = bitmap_cls(CELL * STATIC_COUNT, CELL, 2)
    for col_flow in range(3):
        for row_flow in range(3):
            for walls in range(16):
                _static(static, static_tile(walls, row_flow, col_flow), walls, row_flow,
                        col_flow)
    pieces = bitmap_cls(CELL * PIECE_COUNT, CELL, 3)
    for p in range(3):
        _shape(pieces, PAWN + p, SHAPES[p])
        # the objective's ring grown to the whole cell, the pawn small in its middle (only
        # seen once the game is won, so the ring may cover the walls)
        _shape(pieces, PAWN_ON_GOAL + p, BIG_RING, 0, 0)
        _shape(pieces, PAWN_ON_GOAL + p, SMALL_SHAPES[p], 2, 2)
    _shape(pieces, GOAL, GOAL_ART)
    cursor = bitmap_cls(CELL, CELL, 3)
    for i in range(CELL):
        cursor[i, 0] = 1
        cursor[i, CELL - 1] = 1
        cursor[0, i] = 1
        cursor[CELL - 1, i] = 1
    arrows = bitmap_cls(16 * 4, 16, 2)
    for d in range(4):
        _arrow(arrows, d)
    return static, pieces, cursor, arrows


def _arrow(bitmap, d):
    """A big arrow pointing up, turned to direction d (0 up, 1 right, 2 down, 3 left)."""
    x0 = d * 16
    for v in range(16):
        for u in range(16):
            on = False
            if 1 <= v <= 7:                         # the head
                on = abs(u - 7.5) <= v - 0.5
            elif 8 <= v <= 14:                      # the shaft
                on = 6 <= u <= 9
            if not on:
                continue
            if d == 0:
                x, y = u, v
            elif d == 1:
                x, y = 15 - v, u
            elif d == 2:
                x, y = u, 15 - v
            else:
                x, y = v, u
            bitmap[x0 + x, y] = 1
