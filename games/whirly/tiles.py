"""Whirly's tile art, drawn into displayio Bitmaps at 8, 6, 5 or 4 pixels a cell.

Two layers: the STATIC sheet (floor, walls, coloured grounds, targets) never changes during
play; the UNIT sheet (heroes, boxes) has a transparent background and only moved cells change.
At 8 px a colour shows as a letter A..I (colours a..i); grey has no letter. Smaller tiles keep
the shapes only (the active hero's colour is still on the LEDs and in the HUD).

The art and the code drawing it are in tile_art.py: make_sheets() imports it once per size
(gfx.cached keeps the sheets) and lets it go again, so play does not keep it in the heap.
"""
# Static tiles
FLOOR = 0
WALL = 1
TARGET = 2
HTARGET = 3
# coloured variants at 8 px: base + colour - 1
WALL_C = 4
GROUND_C = 13
TARGET_C = 22
HTARGET_C = 31
STATIC_COUNT = 40

# Unit tiles
NONE = 0
HERO = 1        # + colour (0..9)
HERO_HOME = 11  # hero on its htarget
BOX = 21
BOX_HOME = 31   # box on a matching target
UNIT_COUNT = 41


def make_sheets(bitmap_cls, size):
    """-> (static_sheet, unit_sheet). Unit sheet values: 0 transparent, 1 lit, 2 dark.
    Drawn by tile_art.py, which leaves the heap again as soon as the sheets are drawn."""
    from handheld.entry import once
    return once("games.whirly.tile_art", "make_sheets", bitmap_cls, size)


def static_tile(kind, colour, size):
    """kind: FLOOR/WALL/TARGET/HTARGET or GROUND (coloured ground) -> tile index."""
    if kind == FLOOR or (kind == GROUND and colour == 0):
        return FLOOR
    if colour == 0:
        return kind
    return _COLOURED[kind] + colour - 1


GROUND = 99  # kind used only by static_tile for coloured grounds
_COLOURED = {WALL: WALL_C, TARGET: TARGET_C, HTARGET: HTARGET_C, GROUND: GROUND_C}
