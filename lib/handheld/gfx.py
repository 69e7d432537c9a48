"""Drawing helpers on displayio: the shared 1-bit palette and the text grid.

Text is a TileGrid of 6x8 glyph cells (21 columns x 8 rows): rows match the SH1106's 8-pixel
pages, so changing a character refreshes one small page-aligned area. Highlighted text uses the
inverted half of the glyph sheet, so a selection bar costs no extra bitmap.
"""
import displayio

from handheld import font
from handheld.entry import unload  # noqa: F401 - screens free their code with gfx.unload

COLS = 21
ROWS = 8
WIDTH = 128
HEIGHT = 64

_palette = None
_sheet = None


def palette():
    """Two colours: 0 off, 1 lit."""
    global _palette
    if _palette is None:
        _palette = displayio.Palette(2)
        _palette[0] = 0x000000
        _palette[1] = 0xFFFFFF
    return _palette


_unit_palette = None
_sheets = {}


def unit_palette():
    """Three colours for a layer drawn over another: 0 see-through, 1 lit, 2 dark (opaque)."""
    global _unit_palette
    if _unit_palette is None:
        _unit_palette = displayio.Palette(3)
        _unit_palette[0] = 0x000000
        _unit_palette[1] = 0xFFFFFF
        _unit_palette[2] = 0x000000
        _unit_palette.make_transparent(0)
    return _unit_palette


def cached(key, build):
    """Tile sheets are drawn once per boot: build(displayio.Bitmap) the first time `key` is asked."""
    sheet = _sheets.get(key)
    if sheet is None:
        sheet = _sheets[key] = build(displayio.Bitmap)
    return sheet


def forget(key):
    """Drop a cached sheet that will not be needed for a while (a screen seen once a round)."""
    _sheets.pop(key, None)


def forget_all():
    """Drop every cached sheet (the player left the game that drew them)."""
    _sheets.clear()


def glyph_sheet():
    global _sheet
    if _sheet is None:
        _sheet = font.make_sheet(displayio.Bitmap)
    return _sheet


_edge_sheet = None


def edge_sheet():
    """Two 2x8 tiles: dark, and lit over the top 7 rows like a highlighted glyph cell."""
    global _edge_sheet
    if _edge_sheet is None:
        bmp = _edge_sheet = displayio.Bitmap(4, font.CELL_H, 2)
        for y in range(font.CELL_H - 1):
            bmp[2, y] = bmp[3, y] = 1
    return _edge_sheet


class TextGrid:
    """A grid of character cells; `grid` is what to add to a scene's group.

    Without an x, the grid spans the screen (21 columns from x=2) and a 2-pixel edge before
    column 0 is lit on highlighted rows: a highlighted first letter does not merge into the
    dark screen edge ("Play" read "9lay")."""

    def __init__(self, cols=COLS, rows=ROWS, x=None, y=0):
        self.cols = cols
        self.rows = rows
        self.edge = None
        tiles = self.tiles = displayio.TileGrid(
            glyph_sheet(), pixel_shader=palette(), width=cols, height=rows,
            tile_width=font.CELL_W, tile_height=font.CELL_H, x=2 if x is None else x, y=y)
        self.grid = tiles
        if x is None:
            self.edge = displayio.TileGrid(edge_sheet(), pixel_shader=palette(), width=1,
                                           height=rows, tile_width=2, tile_height=font.CELL_H,
                                           x=0, y=y)
            self.grid = displayio.Group()
            self.grid.append(tiles)
            self.grid.append(self.edge)
        self.blank = font.glyph_index(" ")
        # What line() last wrote on each row: a HUD redrawn after every move rewrites only the
        # rows that changed (checking 21 cells of a row costs ~2 ms on the device).
        self.lines = [None] * rows

    def write(self, col, row, text, inverted=False):
        """Write text at (col, row), clipped to the grid."""
        if row < 0 or row >= self.rows:
            return
        self.lines[row] = None
        shift = font.COUNT if inverted else 0
        grid = self.tiles
        edge = self.edge
        if col == 0 and edge is not None and edge[0, row] != (1 if inverted else 0):
            edge[0, row] = 1 if inverted else 0
        for ch in text:
            if col >= self.cols:
                break
            if col >= 0:
                tile = font.glyph_index(ch) + shift
                # Setting a tile to its own value still marks it dirty: skip it, or
                # a redrawn menu would resend the whole screen.
                if grid[col, row] != tile:
                    grid[col, row] = tile
            col += 1

    def line(self, row, text, inverted=False, right=""):
        """Fill a whole row: text on the left, `right` flush right, blanks between."""
        if 0 <= row < self.rows:
            lines = self.lines
            last = lines[row]
            if last is not None and last[0] == text and last[1] == right and last[2] == inverted:
                return
        asked = text
        width = self.cols - len(right)
        # a blank always parts a name from its count (a lone scroll arrow may touch it)
        room = width - 1 if len(right) > 1 and text and right[0] != " " else width
        if len(text) > room:
            text = text[:max(0, room - 1)] + font.ELLIPSIS if room > 0 else ""
        self.write(0, row, text + " " * (width - len(text)) + right, inverted)
        if 0 <= row < self.rows:
            self.lines[row] = (asked, right, inverted)

    def center(self, row, text, inverted=False):
        pad = (self.cols - len(text)) // 2
        self.line(row, " " * max(0, pad) + text, inverted)

    def clear(self):
        self.lines = [None] * self.rows
        grid = self.tiles
        for row in range(self.rows):
            if self.edge is not None and self.edge[0, row]:
                self.edge[0, row] = 0
            for col in range(self.cols):
                if grid[col, row] != self.blank:
                    grid[col, row] = self.blank


def wrap(text, width=COLS):
    """Word-wrap text into lines of at most `width` characters; blank lines keep paragraphs."""
    lines = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = ""
        for word in words:
            while len(word) > width:
                if cur:
                    lines.append(cur)
                    cur = ""
                lines.append(word[:width])
                word = word[width:]
            if not cur:
                cur = word
            elif len(cur) + 1 + len(word) <= width:
                cur = cur + " " + word
            else:
                lines.append(cur)
                cur = word
        if cur:
            lines.append(cur)
    return lines
