"""A legend page: every tile of a game as it is drawn on the board, each with its name.

Rows of one 8 px tile (a static tile, with a unit tile drawn over it) followed by the name;
UP/DOWN scroll, A/B/START close. Loaded from the pause menu only.
"""
import displayio

from handheld.font import CELL_H
from handheld.gfx import palette, unit_palette, ROWS
from handheld.scenes import TextScene, TextPage, draw_legend, LEGEND_BACK

TILE = 8
LIST_ROWS = ROWS - 2          # title bar above, key legend below


class LegendPage(TextPage):
    """Scrolls and closes as a TextPage does, its lines being the entries."""
    visible = LIST_ROWS

    def __init__(self, app, title, sheets, entries):
        """sheets: (static sheet, unit sheet) of 8 px tiles; entries: [(static tile, unit tile
        or -1, name)]."""
        TextScene.__init__(self, app)
        self.title = title
        self.entries = self.lines = entries
        self.top = 0
        self.on_close = None
        static, units = sheets
        self.static = displayio.TileGrid(static, pixel_shader=palette(), width=1,
                                         height=LIST_ROWS, tile_width=TILE, tile_height=TILE,
                                         x=2, y=CELL_H)
        self.units = displayio.TileGrid(units, pixel_shader=unit_palette(), width=1,
                                        height=LIST_ROWS, tile_width=TILE, tile_height=TILE,
                                        x=2, y=CELL_H)
        self.group.append(self.static)
        self.group.append(self.units)
        self.draw()

    def draw(self):
        t = self.text
        n = len(self.entries)
        more = self.top + LIST_ROWS < n
        self.title_line(self.title, right="%d/%d" % (self.top + 1, n) if more or self.top else "")
        for r in range(LIST_ROWS):
            k = self.top + r
            static, unit, name = self.entries[k] if k < n else (0, 0, "")
            self.static[0, r] = static
            self.units[0, r] = unit if unit >= 0 else 0
            t.line(1 + r, "  " + name)
        draw_legend(t, ROWS - 1, [("UP/DOWN", "more") if more or self.top else ("A", "close"),
                                  LEGEND_BACK])
