"""Rules of our 5x7 font (lib/handheld/font.py) and of the host PNG writer (host_sim/png.py)."""

import os
import zlib

import pytest

import handheld.font as font
from host_sim import png

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECIMEN = os.path.join(ROOT, "build", "font_specimen.png")

SYMBOLS = ("ARROW_UP", "ARROW_DOWN", "ARROW_LEFT", "ARROW_RIGHT", "CHECK", "CROSS", "DOT_BIG",
           "BOX_EMPTY", "BOX_FULL", "ELLIPSIS", "STAR")


def glyph_pixels(index):
    """Set of lit (x, y) of a glyph, x in 0..4."""
    return {(x, y) for x in range(5) for y in range(8) if (font.column(index, x) >> y) & 1}


def art(index):
    """ASCII picture of a glyph for failure messages."""
    lit = glyph_pixels(index)
    return "\n".join("".join("#" if (x, y) in lit else "." for x in range(6)) for y in range(8))


class FakeBitmap:
    """Minimal stand-in for displayio.Bitmap: zero-filled, item assignment, counts writes."""

    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self.value_count = value_count
        self.px = bytearray(width * height)
        self.writes = 0

    def __setitem__(self, xy, value):
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(xy)
        if not 0 <= value < self.value_count:
            raise ValueError(value)
        self.px[y * self.width + x] = value
        self.writes += 1

    def __getitem__(self, xy):
        x, y = xy
        return self.px[y * self.width + x]


# ---------------------------------------------------------------- layout

def test_layout_constants_fit_21_chars_on_128px_and_rows_on_8px_pages():
    assert (font.FIRST, font.CELL_W, font.CELL_H) == (32, 6, 8)
    assert 128 // font.CELL_W == 21
    assert font.COUNT == 95 + len(SYMBOLS)
    assert isinstance(font.GLYPHS, bytes)
    assert len(font.GLYPHS) == 5 * font.COUNT


def test_no_glyph_touches_the_spacing_row():
    for k in range(font.COUNT):
        for col in range(5):
            assert font.column(k, col) < 0x80, "glyph %d uses row 7:\n%s" % (k, art(k))


def test_every_glyph_is_distinct_from_every_other():
    seen = {}
    for k in range(font.COUNT):
        key = font.GLYPHS[5 * k:5 * k + 5]
        assert key not in seen, "glyph %d duplicates glyph %d:\n%s" % (k, seen.get(key), art(k))
        seen[key] = k


def test_every_glyph_differs_from_every_other_by_two_pixels_or_more():
    for a in range(font.COUNT):
        pa = glyph_pixels(a)
        for b in range(a + 1, font.COUNT):
            d = len(pa ^ glyph_pixels(b))
            assert d >= 2, "glyphs %d and %d differ by %d pixel:\n%s\n\n%s" % (a, b, d, art(a), art(b))


def test_confusable_characters_differ_by_three_pixels_or_more():
    # Readability on a 1.3" panel: a stray pixel or two is not enough to tell these apart.
    groups = ["0OQD", "1lI|i", "5S", "2Z", "8B", "6G", "uv", "ao", "ce", "rn", "pq", "gq", "g9", "q9", "pP", ".,", ":;",
              "'`", "()", "[]", "{}", "<(", "vy", "hb", "mw", "-_"]
    for group in groups:
        for a in group:
            for b in group:
                if a < b:
                    d = len(glyph_pixels(font.glyph_index(a)) ^ glyph_pixels(font.glyph_index(b)))
                    assert d >= 3, "%r and %r differ by only %d pixels" % (a, b, d)


def test_only_space_is_blank():
    for k in range(font.COUNT):
        blank = not glyph_pixels(k)
        assert blank == (k == 0), "glyph %d:\n%s" % (k, art(k))


# ---------------------------------------------------------------- lookup

def test_printable_ascii_maps_to_its_own_glyph():
    for c in range(32, 127):
        assert font.glyph_index(chr(c)) == c - 32
        assert font.glyph_index(c) == c - 32  # iterating bytes gives ints


def test_unknown_characters_map_to_question_mark():
    q = font.glyph_index("?")
    for ch in ("\x00", "\n", "\x1f", chr(138), chr(191), "\u0180", "\u20ac", "\U0001F600"):
        assert font.glyph_index(ch) == q, repr(ch)


def test_accented_latin_letters_are_drawn_as_their_base_letter():
    # names in imported packs (French, German, Czech, Nordic): legible, not "Caf?"
    pairs = {"Caf\u00e9": "Cafe", "Fran\u00e7ois": "Francois", "M\u00fcller": "Muller",
             "Dvo\u0159\u00e1k": "Dvorak", "\u00c5ngstr\u00f6m": "Angstrom",
             "\u0141\u00f3d\u017a": "Lodz", "\u00d8resund": "Oresund", "\u00ff\u017f": "ys"}
    for text, shown in pairs.items():
        assert [font.glyph_index(c) for c in text] == [font.glyph_index(c) for c in shown], text
    for c in range(0xC0, 0x180):   # every one of them a letter (but x and / for the signs)
        g = chr(font.glyph_index(c) + font.FIRST)
        assert g.isalpha() or chr(c) in "\u00d7\u00f7", hex(c)


def test_symbol_constants_are_single_chars_after_tilde_with_their_own_glyph():
    for k, name in enumerate(SYMBOLS):
        ch = getattr(font, name)
        assert isinstance(ch, str) and len(ch) == 1
        assert ord(ch) == 127 + k
        assert font.glyph_index(ch) == 95 + k
    text = "Level 3 " + font.CHECK
    assert [font.glyph_index(c) for c in text][-1] == 95 + SYMBOLS.index("CHECK")


def test_unicode_lookalikes_map_to_symbols():
    pairs = {"\u2713": "CHECK", "\u2717": "CROSS", "\u00d7": "CROSS", "\u2191": "ARROW_UP",
             "\u2193": "ARROW_DOWN", "\u2190": "ARROW_LEFT", "\u2192": "ARROW_RIGHT",
             "\u25cf": "DOT_BIG", "\u25a1": "BOX_EMPTY", "\u25a0": "BOX_FULL", "\u2026": "ELLIPSIS",
             "\u2605": "STAR"}
    for ch, name in pairs.items():
        assert font.glyph_index(ch) == font.glyph_index(getattr(font, name)), name


def test_tile_index_puts_inverted_tiles_after_the_normal_ones():
    assert font.tile_index("A") == 33
    assert font.tile_index("A", True) == 33 + font.COUNT


# ---------------------------------------------------------------- sheet

def test_make_sheet_has_normal_tiles_then_inverted_complements():
    bmp = font.make_sheet(FakeBitmap)
    assert (bmp.width, bmp.height, bmp.value_count) == (font.CELL_W * font.COUNT * 2, 8, 2)
    inv = font.CELL_W * font.COUNT
    for k in range(font.COUNT):
        lit = glyph_pixels(k)
        for y in range(8):
            for x in range(6):
                normal = bmp[k * 6 + x, y]
                inverted = bmp[inv + k * 6 + x, y]
                assert normal == (1 if (x, y) in lit else 0), (k, x, y)
                if y < 7:
                    assert inverted == 1 - normal, (k, x, y)
    # spacing column: blank in normal tiles, lit in inverted ones (solid highlight bar);
    # bottom row: dark in both, the gap between stacked bars
    for k in range(font.COUNT):
        assert all(bmp[k * 6 + 5, y] == 0 and bmp[inv + k * 6 + 5, y] == 1 for y in range(7))
        assert all(bmp[k * 6 + x, 7] == 0 and bmp[inv + k * 6 + x, 7] == 0 for x in range(6))


def test_make_sheet_writes_each_cell_pixel_once():
    bmp = font.make_sheet(FakeBitmap)
    assert bmp.writes == font.COUNT * font.CELL_W * (font.CELL_H - 1)


def test_make_sheet_works_with_displayio_bitmap():
    displayio = pytest.importorskip("displayio")
    bmp = font.make_sheet(displayio.Bitmap)
    assert (bmp.width, bmp.height) == (font.CELL_W * font.COUNT * 2, 8)
    a = font.glyph_index("A")
    inv = font.CELL_W * font.COUNT
    for y in range(8):
        for x in range(6):
            expect = 1 if (x, y) in glyph_pixels(a) else 0
            assert bmp[a * 6 + x, y] == expect
            assert bmp[inv + a * 6 + x, y] == (1 - expect if y < 7 else 0)


# ---------------------------------------------------------------- png

def test_png_round_trips_rgb_rows(tmp_path):
    rows = [bytes(b for x in range(5) for b in (x * 40, y * 60, 7)) for y in range(3)]
    path = str(tmp_path / "a.png")
    png.write_png(path, 5, 3, rows)
    assert png.read_png(path) == (5, 3, rows)


def test_png_file_is_standard_8bit_rgb(tmp_path):
    path = str(tmp_path / "b.png")
    png.write_png(path, 2, 1, [b"\x01\x02\x03\x04\x05\x06"])
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    assert data[16:29] == b"\x00\x00\x00\x02\x00\x00\x00\x01\x08\x02\x00\x00\x00"
    assert data.endswith(b"IEND\xaeB`\x82")


def test_png_rejects_wrong_row_length(tmp_path):
    with pytest.raises(ValueError):
        png.write_png(str(tmp_path / "c.png"), 2, 1, [b"\x00" * 5])


def test_read_png_rejects_corrupt_chunk(tmp_path):
    path = str(tmp_path / "d.png")
    png.write_png(path, 1, 1, [b"\x10\x20\x30"])
    data = bytearray(open(path, "rb").read())
    data[40] ^= 0xFF  # inside IDAT
    open(path, "wb").write(bytes(data))
    with pytest.raises((ValueError, zlib.error)):
        png.read_png(path)


def test_mono_png_reads_page_packed_buffer_and_scales(tmp_path):
    w, h = 16, 16
    buf = bytearray(w * h // 8)
    buf[(9 // 8) * w + 3] |= 1 << (9 % 8)  # pixel (3, 9)
    path = str(tmp_path / "e.png")
    png.write_mono_png(path, buf, w, h, scale=2, on=(1, 2, 3), off=(9, 9, 9))
    pw, ph, rows = png.read_png(path)
    assert (pw, ph) == (32, 32)
    for y in range(32):
        for x in range(32):
            px = rows[y][3 * x:3 * x + 3]
            assert px == (b"\x01\x02\x03" if (x // 2, y // 2) == (3, 9) else b"\x09\x09\x09")


def test_mono_png_accepts_a_pixel_function(tmp_path):
    path = str(tmp_path / "f.png")
    png.write_mono_png(path, lambda x, y: x == y, 3, 3)
    _, _, rows = png.read_png(path)
    assert rows[1] == b"\x00\x00\x00\xff\xff\xff\x00\x00\x00"


# ---------------------------------------------------------------- specimen

SAMPLES = [
    "Whirly  Sokoban  Level 12/50 \u2713",
    "The quick brown fox jumps over the lazy dog 0123456789",
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG!",
    "0O 1lI| 5S 2Z 8B 6G rn.,:; `'\" ()[]{}<> +-*/=_~ #$%&@^\\ ?",
    "Moves: 134  Best: 98  Time 03:27  Undo (B)",
    "sympathy, jiggly quip, gypsy; pq bd 'quoted' \"dq\"",
    font.ARROW_UP + font.ARROW_DOWN + font.ARROW_LEFT + font.ARROW_RIGHT + " move  "
    + font.CHECK + " solved  " + font.CROSS + " fail  " + font.DOT_BIG + " " + font.BOX_EMPTY + " "
    + font.BOX_FULL + " " + font.STAR + " wait" + font.ELLIPSIS,
]

SCREEN = [
    "  Puzzle Handheld",
    font.ARROW_RIGHT + " Whirly        3/50",
    "  Sokoban  " + font.CHECK + "    12/50",
    "  Lights Out     0/40",
    "  Settings",
    "  Help",
    "",
    "A:play B:back " + font.STAR + " 1.0",
]


def render_lines(lines, width_chars, inverted_lines=(), inverted_width=21):
    """Page-packed 1-bit buffer of text lines drawn from the sheet, one 8-px page per line.

    Lines in `inverted_lines` use the inverted tiles for their first `inverted_width` cells.
    """
    w = width_chars * font.CELL_W
    sheet = font.make_sheet(FakeBitmap)
    buf = bytearray(w * len(lines))
    for row, text in enumerate(lines):
        for i in range(width_chars):
            ch = text[i] if i < len(text) else " "
            tile = font.tile_index(ch, row in inverted_lines and i < inverted_width)
            for x in range(font.CELL_W):
                byte = 0
                for y in range(8):
                    byte |= sheet[tile * font.CELL_W + x, y] << y
                buf[row * w + i * font.CELL_W + x] = byte
    return buf, w, 8 * len(lines)


def specimen_lines(per_line=28):
    lines = []
    chars = "".join(chr(font.FIRST + k) for k in range(font.COUNT))
    for i in range(0, len(chars), per_line):
        lines.append(chars[i:i + per_line])
    lines.append("")
    for s in SAMPLES:
        while s:
            lines.append(s[:per_line])
            s = s[per_line:]
    lines.append("")
    for s in SCREEN:
        lines.append((s + " " * 21)[:21] + "|")
    return lines


def test_specimen_png_renders_all_glyphs_and_samples():
    lines = specimen_lines()
    screen_first = len(lines) - len(SCREEN)
    buf, w, h = render_lines(lines, 28, inverted_lines=(screen_first + 1,))
    png.write_mono_png(SPECIMEN, buf, w, h, scale=6, on=(235, 245, 255), off=(10, 14, 30))
    pw, ph, rows = png.read_png(SPECIMEN)
    assert (pw, ph) == (w * 6, h * 6)
    # the '!' glyph (cell 1 of line 0) is lit at its stem: cell x 6 + column 2, glyph row 0
    x = (1 * font.CELL_W + 2) * 6
    assert rows[0][3 * x:3 * x + 3] == bytes((235, 245, 255))
    assert rows[0][3 * (x - 6):3 * (x - 6) + 3] == bytes((10, 14, 30))


def test_a_row_written_again_with_the_same_text_is_not_touched():
    from handheld.gfx import TextGrid
    t = TextGrid()
    t.line(2, "moves", right="12")
    touched = []
    real = t.write
    t.write = lambda *a, **k: (touched.append(a), real(*a, **k))
    t.line(2, "moves", right="12")
    assert touched == []
    t.line(2, "moves", right="13")               # a change is written
    assert len(touched) == 1
    t.write(0, 2, "x")                           # anything else written there forgets the row
    t.line(2, "moves", right="13")
    assert len(touched) == 3
    t.clear()
    t.line(2, "moves", right="13")
    assert len(touched) == 4
