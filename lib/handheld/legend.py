"""A legend page: every tile of a game as it is drawn on the board, each with its name.

Rows of one 8 px tile (a static tile, with a unit tile drawn over it) followed by the name;
UP/DOWN scroll, A/B/START close. Loaded from the pause menu only.
"""
import displayio

from handheld import buttons as B
from handheld.font import CELL_H
from handheld.gfx import palette, unit_palette, ROWS
from handheld.scenes import TextScene, draw_legend, LEGEND_BACK

TILE = 8
LIST_ROWS = ROWS - 2          # title bar above, key legend below


class LegendPage(TextScene):
    def __init__(self, app, title, sheets, entries):
        """sheets: (static sheet, unit sheet) of 8 px tiles; entries: [(static tile, unit tile
        or -1, name)]."""
        TextScene.__init__(self, app)
        self.title = title
        self.entries = entries
        self.top = 0
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

    def on_button(self, button, kind):
        if kind != B.PRESS and kind != B.REPEAT:
            return
        if button == B.DOWN and self.top + LIST_ROWS < len(self.entries):
            self.top += 1
            self.draw()
        elif button == B.UP and self.top > 0:
            self.top -= 1
            self.draw()
        elif kind == B.PRESS and (button == B.A or button == B.B or button == B.START):
            self.app.pop()
