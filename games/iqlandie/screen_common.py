"""iQLANDIE screen parts shared by the table and the phase screens: art, colours, names, grids."""
import displayio

from handheld.gfx import palette, unit_palette, cached
from games.iqlandie import pieces as P
# The table's small helpers live in table_text.py (the table keeps them while a task runs and
# this module leaves the heap): re-exported here for the phase screens.
from games.iqlandie.table_text import rgb, ds_text, humans, name_of, pause, boards  # noqa: F401

CRIT_SHORT = ("Col", "2nd", "Gap", "Shp", "Rob", "Lin", "Pair", "1st")
CRIT_HELP = ("1/sq top col", "2/sq 2nd col", "3 per gap", "3 per shape", "3/robot pair",
             "3/2-col line")
TOPIC_SHORT = ("Bio", "Prog", "Optic", "Space")
PX = 2                    # the big exhibit's top-left pixel (placement, jokers)
PY = 8                    # on a page: a one-cell move touches the fewest pages
HUD_COL = 8               # text column of the HUD beside it


def _draw(kind, bitmap_cls):
    from handheld import gfx
    from games.iqlandie import tile_art
    sheet = getattr(tile_art, "make_" + kind)(bitmap_cls)
    gfx.unload(("games.iqlandie.tile_art",))
    return sheet


def _sheet(kind):
    """A tile sheet ("big", "ghost", "mini"), drawn by tile_art.py when first shown; that code
    leaves the heap right after (the sheet stays cached until screens.phase_screens forgets it)."""
    return cached("iq-" + kind, lambda bitmap_cls: _draw(kind, bitmap_cls))


def big_sheet():
    return _sheet("big")


def ghost_sheet():
    return _sheet("ghost")


def mini_sheet():
    return _sheet("mini")


def sheets():
    """(big, ghost, mini): all three (a screen asks only for those it draws)."""
    return big_sheet(), ghost_sheet(), mini_sheet()


def pair_text(g, p):
    return "%s+%s" % (P.COLOUR_NAMES[g.pair[2 * p]], P.COLOUR_NAMES[g.pair[2 * p + 1]])


def _grid(sheet, w, h, x, y, cell, transparent=False):
    return displayio.TileGrid(sheet, pixel_shader=unit_palette() if transparent else palette(),
                              width=w, height=h, tile_width=cell, tile_height=cell, x=x, y=y)


def _frame(x, y, w, h):
    """A see-through rectangle outline (an exhibition's border)."""
    bmp = displayio.Bitmap(w, h, 3)
    for i in range(w):
        bmp[i, 0] = 1
        bmp[i, h - 1] = 1
    for i in range(h):
        bmp[0, i] = 1
        bmp[w - 1, i] = 1
    return displayio.TileGrid(bmp, pixel_shader=unit_palette(), x=x, y=y)
