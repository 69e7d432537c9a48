"""MobGer's tile art: 8x8 cells (7x7 drawn, one pixel of gap on the right and bottom).

Two board layers over the same cells, drawn once per boot into cached sheets:
  STATIC  (2 colours): empty field dot, the Black House, cuboids, deflector and flipflap
          columns (never change during a game, except a flipflap's sense).
  UNITS   (0 see-through, 1 lit, 2 dark): Gers as 5x5 arrow glyphs in the middle of the cell,
          the Joker is a star at rest and an arrow with a dot in each corner of its square while
          it moves, the Black Ger is inverted (lit
          square, dark arrow). Rank view: the rank number in 3x5 digits instead of the arrow.
A unit tile is opaque over its 7x7 square, so it hides the static tile below it.
The House's dotted frame and the cursor's side brackets are drawn around a cell, never over
its glyph.
Directions follow the engine: 0 up, 1 up-right, 2 right, ... 7 up-left (clockwise).
"""
SIZE = 8

# Static tiles
S_EMPTY = 0
S_HOUSE = 1
S_CUBOID = 2
S_DEFL_CW = 3
S_DEFL_CCW = 4
S_FLIP_CW = 5
S_FLIP_CCW = 6
S_BLANK = 7          # off-board / nothing
STATIC_COUNT = 8

# Unit tiles: base + direction (0..7), ranks: base + rank index (0..11)
U_NONE = 0
U_GER = 1
U_BLACK = 9          # the Black Ger: inverted
U_JOKER = 17         # the Joker: four corner dots
U_RANK = 25          # rank view: the number, lit on dark
U_RANK_BLACK = 37    # the Black Ger's rank, inverted
U_RANK_JOKER = 49    # the Joker's rank with the dotted corners
U_FLASH = 61         # a removed Ger flashing out of the House
U_STAR = 62          # the Joker at rest: a star (its direction is drawn anew at each move)
UNIT_COUNT = 63
RANKS = 12
CURSOR_W = 11        # the cursor's tile (tile_art.CURSOR_ART)
CURSOR_H = 7
FRAME = 11           # the House's dotted frame (tile_art.HOUSE_MARK_ART)


def make_sheets(bitmap_cls):
    """-> (static, units, house frame, cursor) bitmaps. The art and its drawing code
    (tile_art.py) are needed once per boot (gfx.cached keeps the sheets): they leave the
    heap again as soon as the sheets are drawn."""
    from handheld.entry import once
    return once("games.mobger.tile_art", "make_sheets", bitmap_cls)


def static_tile(obj):
    """Engine object code (0 none, 1 cuboid, 2/3 deflector cw/ccw, 4/5 flipflap cw/ccw)."""
    return S_EMPTY if obj == 0 else obj + 1
