"""Our own 5x7 bitmap font for the 128x64 SH1106 OLED.

Every glyph is drawn in 5 columns x 7 rows inside a 6x8 cell: one blank column on the right and one
blank row at the bottom, so text rows line up with the SH1106's 8-pixel pages and 21 characters fit on
a 128-pixel line. The glyph designs are original to this project.

Layout: GLYPHS holds 5 bytes per glyph, column-major, bit 0 = top row. Glyph k is character FIRST + k
for printable ASCII (32..126); the symbols after 126 are reachable through the one-character
constants below (ARROW_UP, CHECK, ...) or their Unicode look-alikes ("\u2713" -> CHECK).
Runs on CircuitPython/MicroPython: no allocation in glyph_index/column.
"""

FIRST = 32
COUNT = 106
CELL_W = 6
CELL_H = 8
GLYPH_W = 5
GLYPH_H = 7

# Extra symbols after '~' (126), usable inside ordinary strings.
ARROW_UP = chr(127)
ARROW_DOWN = chr(128)
ARROW_LEFT = chr(129)
ARROW_RIGHT = chr(130)
CHECK = chr(131)
CROSS = chr(132)
DOT_BIG = chr(133)
BOX_EMPTY = chr(134)
BOX_FULL = chr(135)
ELLIPSIS = chr(136)
STAR = chr(137)

# Adjacent literals are joined at compile time: this is one bytes object.
GLYPHS = (
    b"\x00\x00\x00\x00\x00"  # 32 space
    b"\x00\x00\x4f\x00\x00"  # 33 '!'
    b"\x00\x07\x00\x07\x00"  # 34 '"'
    b"\x14\x7f\x14\x7f\x14"  # 35 '#'
    b"\x24\x2a\x7f\x2a\x12"  # 36 '$'
    b"\x23\x13\x08\x64\x62"  # 37 '%'
    b"\x36\x49\x55\x22\x50"  # 38 '&'
    b"\x00\x00\x07\x00\x00"  # 39 "'"
    b"\x00\x1c\x22\x41\x00"  # 40 '('
    b"\x00\x41\x22\x1c\x00"  # 41 ')'
    b"\x14\x08\x3e\x08\x14"  # 42 '*'
    b"\x08\x08\x3e\x08\x08"  # 43 '+'
    b"\x40\x30\x30\x00\x00"  # 44 ','
    b"\x08\x08\x08\x08\x08"  # 45 '-'
    b"\x00\x60\x60\x00\x00"  # 46 '.'
    b"\x60\x10\x08\x04\x03"  # 47 '/'
    b"\x3e\x51\x49\x45\x3e"  # 48 '0'
    b"\x44\x42\x7f\x40\x40"  # 49 '1'
    b"\x42\x61\x51\x49\x46"  # 50 '2'
    b"\x21\x41\x45\x4b\x31"  # 51 '3'
    b"\x18\x14\x12\x7f\x10"  # 52 '4'
    b"\x27\x45\x45\x45\x39"  # 53 '5'
    b"\x3c\x4a\x49\x49\x30"  # 54 '6'
    b"\x01\x71\x09\x05\x03"  # 55 '7'
    b"\x36\x49\x49\x49\x36"  # 56 '8'
    b"\x06\x49\x49\x29\x1e"  # 57 '9'
    b"\x00\x66\x66\x00\x00"  # 58 ':'
    b"\x40\x36\x36\x00\x00"  # 59 ';'
    b"\x00\x08\x14\x22\x41"  # 60 '<'
    b"\x14\x14\x14\x14\x14"  # 61 '='
    b"\x41\x22\x14\x08\x00"  # 62 '>'
    b"\x02\x01\x51\x09\x06"  # 63 '?'
    b"\x3e\x41\x5d\x55\x1e"  # 64 '@'
    b"\x7e\x09\x09\x09\x7e"  # 65 'A'
    b"\x7f\x49\x49\x49\x36"  # 66 'B'
    b"\x3e\x41\x41\x41\x22"  # 67 'C'
    b"\x7f\x41\x41\x22\x1c"  # 68 'D'
    b"\x7f\x49\x49\x49\x41"  # 69 'E'
    b"\x7f\x09\x09\x09\x01"  # 70 'F'
    b"\x3e\x41\x49\x49\x7a"  # 71 'G'
    b"\x7f\x08\x08\x08\x7f"  # 72 'H'
    b"\x00\x41\x7f\x41\x00"  # 73 'I'
    b"\x20\x40\x41\x3f\x01"  # 74 'J'
    b"\x7f\x08\x14\x22\x41"  # 75 'K'
    b"\x7f\x40\x40\x40\x40"  # 76 'L'
    b"\x7f\x02\x0c\x02\x7f"  # 77 'M'
    b"\x7f\x04\x08\x10\x7f"  # 78 'N'
    b"\x3e\x41\x41\x41\x3e"  # 79 'O'
    b"\x7f\x09\x09\x09\x06"  # 80 'P'
    b"\x3e\x41\x51\x21\x5e"  # 81 'Q'
    b"\x7f\x09\x19\x29\x46"  # 82 'R'
    b"\x46\x49\x49\x49\x31"  # 83 'S'
    b"\x01\x01\x7f\x01\x01"  # 84 'T'
    b"\x3f\x40\x40\x40\x3f"  # 85 'U'
    b"\x1f\x20\x40\x20\x1f"  # 86 'V'
    b"\x3f\x40\x38\x40\x3f"  # 87 'W'
    b"\x63\x14\x08\x14\x63"  # 88 'X'
    b"\x03\x04\x78\x04\x03"  # 89 'Y'
    b"\x61\x51\x49\x45\x43"  # 90 'Z'
    b"\x00\x7f\x41\x41\x00"  # 91 '['
    b"\x03\x04\x08\x10\x60"  # 92 backslash
    b"\x00\x41\x41\x7f\x00"  # 93 ']'
    b"\x04\x02\x01\x02\x04"  # 94 '^'
    b"\x40\x40\x40\x40\x40"  # 95 '_'
    b"\x00\x01\x02\x00\x00"  # 96 '`'
    b"\x20\x54\x54\x54\x78"  # 97 'a'
    b"\x7f\x44\x44\x44\x38"  # 98 'b'
    b"\x38\x44\x44\x44\x44"  # 99 'c'
    b"\x38\x44\x44\x44\x7f"  # 100 'd'
    b"\x38\x54\x54\x54\x18"  # 101 'e'
    b"\x08\x7e\x09\x01\x02"  # 102 'f'
    b"\x08\x54\x54\x54\x38"  # 103 'g'
    b"\x7f\x08\x04\x04\x78"  # 104 'h'
    b"\x00\x44\x7d\x40\x00"  # 105 'i'
    b"\x20\x40\x44\x3d\x00"  # 106 'j'
    b"\x7f\x10\x28\x44\x00"  # 107 'k'
    b"\x01\x3f\x40\x40\x00"  # 108 'l'
    b"\x7c\x04\x78\x04\x78"  # 109 'm'
    b"\x7c\x08\x04\x04\x78"  # 110 'n'
    b"\x38\x44\x44\x44\x38"  # 111 'o'
    b"\x7c\x14\x14\x14\x08"  # 112 'p'
    b"\x08\x14\x14\x14\x7c"  # 113 'q'
    b"\x7c\x08\x04\x04\x08"  # 114 'r'
    b"\x48\x54\x54\x54\x24"  # 115 's'
    b"\x04\x3f\x44\x44\x20"  # 116 't'
    b"\x3c\x40\x40\x20\x7c"  # 117 'u'
    b"\x1c\x20\x40\x20\x1c"  # 118 'v'
    b"\x3c\x40\x30\x40\x3c"  # 119 'w'
    b"\x44\x28\x10\x28\x44"  # 120 'x'
    b"\x0c\x50\x50\x50\x3c"  # 121 'y'
    b"\x44\x64\x54\x4c\x44"  # 122 'z'
    b"\x00\x08\x36\x41\x41"  # 123 '{'
    b"\x00\x00\x7f\x00\x00"  # 124 '|'
    b"\x41\x41\x36\x08\x00"  # 125 '}'
    b"\x08\x04\x08\x10\x08"  # 126 '~'
    b"\x10\x18\x1c\x18\x10"  # 127 ARROW_UP
    b"\x04\x0c\x1c\x0c\x04"  # 128 ARROW_DOWN
    b"\x00\x08\x1c\x3e\x00"  # 129 ARROW_LEFT
    b"\x00\x3e\x1c\x08\x00"  # 130 ARROW_RIGHT
    b"\x18\x30\x18\x0c\x06"  # 131 CHECK
    b"\x22\x36\x1c\x36\x22"  # 132 CROSS
    b"\x1c\x3e\x3e\x3e\x1c"  # 133 DOT_BIG
    b"\x3e\x22\x22\x22\x3e"  # 134 BOX_EMPTY
    b"\x3e\x3e\x3e\x3e\x3e"  # 135 BOX_FULL
    b"\x40\x00\x40\x00\x40"  # 136 ELLIPSIS
    b"\x24\x1c\x0f\x1c\x24"  # 137 STAR
)

_LAST = FIRST + COUNT - 1
_UNKNOWN = ord("?") - FIRST

# Unicode look-alikes of our symbols, so source text may say "\u2713" instead of CHECK.
_ALIASES = {
    0x2191: 95,  # up arrow
    0x25B2: 95,  # black up-pointing triangle
    0x2193: 96,  # down arrow
    0x25BC: 96,  # black down-pointing triangle
    0x2190: 97,  # left arrow
    0x25C0: 97,  # black left-pointing triangle
    0x2192: 98,  # right arrow
    0x25B6: 98,  # black right-pointing triangle
    0x2713: 99,  # check mark
    0x2714: 99,  # heavy check mark
    0x2717: 100,  # ballot x
    0x2718: 100,  # heavy ballot x
    0x25CF: 101,  # black circle
    0x2022: 101,  # bullet
    0x25A1: 102,  # white square
    0x25A0: 103,  # black square
    0x2026: 104,  # horizontal ellipsis
    0x2605: 105,  # black star
}


# Latin letters with accents (U+00C0..U+017F: French, German, Czech, Nordic names in imported
# packs) drawn as their base letter: "Caf\u00e9" reads "Cafe", not "Caf?" (the character code
# of the glyph; U+00D7, the multiplication sign, is CROSS)
_FOLD = (b"AAAAAAACEEEEIIIIDNOOOOO\x84OUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuyty"
         b"AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLlL"
         b"lLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs")


def glyph_index(ch):
    """Glyph index of a one-character str (or a character code); unknown characters give '?'."""
    c = ch if isinstance(ch, int) else ord(ch)
    if FIRST <= c <= _LAST:
        return c - FIRST
    if 0xC0 <= c < 0x180:
        return _FOLD[c - 0xC0] - FIRST
    return _ALIASES.get(c, _UNKNOWN)


def column(index, col):
    """Column byte `col` (0..4) of glyph `index`; bit 0 is the top row."""
    return GLYPHS[index * 5 + col]


def tile_index(ch, inverted=False):
    """Tile of `ch` in the sheet from make_sheet: inverted tiles follow the COUNT normal ones."""
    if inverted:
        return glyph_index(ch) + COUNT
    return glyph_index(ch)


def make_sheet(bitmap_cls):
    """Build a 2-colour tile sheet (CELL_W*COUNT*2 x CELL_H) for displayio.TileGrid.

    Tile k is glyph k (1 = lit pixel); tile COUNT + k is its complement over the top 7 rows of the
    6x8 cell, for highlighted lines. The bottom row stays dark in both, so a highlighted line under
    a highlighted title (or another bar) keeps a 1-pixel gap. Relies on the new bitmap being all 0
    (displayio.Bitmap is), so each cell pixel is written at most once.
    """
    inv = CELL_W * COUNT
    bmp = bitmap_cls(inv * 2, CELL_H, 2)
    glyphs = GLYPHS
    for k in range(COUNT):
        x0 = k * CELL_W
        base = k * 5
        for col in range(CELL_W):
            bits = glyphs[base + col] if col < 5 else 0
            x = x0 + col
            for y in range(CELL_H - 1):
                if (bits >> y) & 1:
                    bmp[x, y] = 1
                else:
                    bmp[x + inv, y] = 1
    return bmp
