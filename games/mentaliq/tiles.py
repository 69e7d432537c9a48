"""Mental IQ+ tile art at 8 px (7x7 drawn) and 6 px (5x5 drawn) a cell.

Static tiles are indexed by the engine's tile codes (floor, hole, flag, slider, four vectors,
transfert); unit tiles by its piece codes, plus JEWEL_HOME (a jewel on a flag) and BOOM (an
explosion, shown for one animation frame). Unit art: '#' lit, 'o' dark (opaque), '.' shows
the tile underneath, so a flag's corners stay visible around most pieces.

The art and the code drawing it are in tile_art.py: make_sheets() imports it once per size
(gfx.cached keeps the sheets) and lets it go again, so play does not keep it in the heap.
"""
JEWEL_HOME = 10
BOOM = 11
UNIT_COUNT = 12
STATIC_COUNT = 9


def make_sheets(bitmap_cls, size):
    """-> (static sheet, unit sheet) for 8 or 6 px tiles. Unit values: 0 clear, 1 lit, 2 dark.
    Drawn by tile_art.py, which leaves the heap again as soon as the sheets are drawn."""
    from handheld.entry import once
    return once("games.mentaliq.tile_art", "make_sheets", bitmap_cls, size)
