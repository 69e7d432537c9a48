"""Gravity room's tile art, drawn once into displayio Bitmaps (8x8 cells).

STATIC sheet (2 colours): tile = walls + 16 * row flow + 48 * column flow, where walls are the
engine's 4 wall bits (top, right, bottom, left: a wall lights the cell's edge pixels, so a wall
between two cells is 2 px thick and a border wall shows on both sides of the board, as the room
wraps), row flow 0 none / 1 left / 2 right, column flow 0 none / 1 up / 2 down (faint chevrons).
Every cell has a dot at its top-left corner so cells can be counted.
PIECE sheet (0 see-through, 1 lit, 2 dark): pawns P1 filled square, P2 disc, P3 cross (the HUD
uses the font's BOX_FULL, DOT_BIG and CROSS), the objective a ring with a dot, and each pawn on
the objective (the pawn with the ring's dot cut out and the ring around it).
CURSOR sheet: a frame around a cell. ARROW sheet: the big 16x16 gravity arrow, 0 up 1 right
2 down 3 left.
"""
CELL = 8
STATIC_COUNT = 144

NONE = 0
PAWN = 1          # + player (0..2)
GOAL = 4
PAWN_ON_GOAL = 5  # + player
PIECE_COUNT = 8

ROW_LEFT = 1
ROW_RIGHT = 2
COL_UP = 1
COL_DOWN = 2


def static_tile(walls, row_flow, col_flow):
    return walls + 16 * row_flow + 48 * col_flow


def make_sheets(bitmap_cls):
    """-> (static, pieces, cursor, arrows) Bitmaps. The art and its drawing code (tile_art.py)
    are needed once per boot (gfx.cached keeps the sheets): they leave the heap when drawn."""
    from handheld.entry import once
    return once("games.gravity.tile_art", "make_sheets", bitmap_cls)
