"""Whirly's tile art, drawn into displayio Bitmaps at 8, 6, 5 or 4 pixels a cell.

Two layers: the STATIC sheet (floor, walls, coloured grounds, targets) never changes during
play; the UNIT sheet (heroes, boxes) has a transparent background and only moved cells change.
At 8 px a colour shows as a letter A..I (colours a..i); grey has no letter. At 6 and 5 px it
shows as a 3x3 pattern inside the shape, at 4 px as a 2x2 one (README.md, "Drawing"). Heroes
and boxes are hollow, and filled when they stand on a matching goal. A goal on a coloured
floor has tiles of its own (TARGET_G, HTARGET_G) that show the floor's colour.

The art and the code drawing it are in tile_art.py: make_sheets() imports it once per size
(gfx.cached keeps the sheets) and lets it go again, so play does not keep it in the heap.
"""
# Static tiles
FLOOR = 0
WALL = 1
TARGET = 2
HTARGET = 3
# coloured variants: base + colour - 1
WALL_C = 4
GROUND_C = 13
TARGET_C = 22
HTARGET_C = 31
# a target or htarget on a coloured floor: base + floor colour - 1
TARGET_G = 40
HTARGET_G = 49
STATIC_COUNT = 58

# Unit tiles
NONE = 0
HERO = 1        # + colour (0..9)
HERO_HOME = 11  # hero on its htarget
BOX = 21
BOX_HOME = 31   # box on a matching target
HERO_GOAL = 41  # a grey hero on a goal it does not match (XSB '+'): HERO, but at 4 px an H
UNIT_COUNT = 42


def make_sheets(bitmap_cls, size):
    """-> (static_sheet, unit_sheet). Unit sheet values: 0 transparent, 1 lit, 2 dark.
    Drawn by tile_art.py, which leaves the heap again as soon as the sheets are drawn."""
    from handheld.entry import once
    return once("games.whirly.tile_art", "make_sheets", bitmap_cls, size)


def static_tile(kind, colour, size, ground=0):
    """kind: FLOOR/WALL/TARGET/HTARGET or GROUND (coloured ground) -> tile index. ground: the
    floor's colour under a target or htarget. On a coloured floor only units matching the floor
    can reach the goal, so the floor's colour is drawn (a goal of another colour there can only
    take grey units: the floor's colour is what explains a refused step)."""
    if kind == FLOOR or (kind == GROUND and colour == 0):
        return FLOOR
    if ground and (kind == TARGET or kind == HTARGET):
        return (TARGET_G if kind == TARGET else HTARGET_G) + ground - 1
    if colour == 0:
        return kind
    return _COLOURED[kind] + colour - 1


GROUND = 99  # kind used only by static_tile for coloured grounds
_COLOURED = {WALL: WALL_C, TARGET: TARGET_C, HTARGET: HTARGET_C, GROUND: GROUND_C}


def coloured(e):
    """True when any unit, goal, wall or floor of engine e's level has a colour (0x20 is the
    outside ground, which has none)."""
    for arr in (e.unit, e.goal, e.ground):
        for v in arr:
            if v & 15:
                return True
    return False
