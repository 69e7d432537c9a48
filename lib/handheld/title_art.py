"""The title screen's banner, drawn once into a 128x32 1-bit bitmap: the product's name in
double-size letters and a small push puzzle (wall, hero, box, target). Used once per visit to
the title: the launcher lets this code go after drawing."""
from handheld import font

WIDTH = 128
HEIGHT = 32


def big_text(bmp, x, y, text):
    """text at (x, y) in the 5x7 font doubled (12 px per character)."""
    for ch in text:
        g = font.glyph_index(ch)
        for col in range(5):
            bits = font.column(g, col)
            for row in range(7):
                if (bits >> row) & 1:
                    px, py = x + 2 * col, y + 2 * row
                    bmp[px, py] = bmp[px + 1, py] = bmp[px, py + 1] = bmp[px + 1, py + 1] = 1
        x += 12


def fill(bmp, x0, y0, w, h):
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            bmp[x, y] = 1


def wall(bmp, x, y):
    fill(bmp, x, y, 7, 7)


def box(bmp, x, y):
    for i in range(7):
        bmp[x + i, y] = bmp[x + i, y + 6] = bmp[x, y + i] = bmp[x + 6, y + i] = 1
    for i in range(1, 6):
        bmp[x + i, y + i] = bmp[x + 6 - i, y + i] = 1


def target(bmp, x, y):
    for (dx, dy) in ((3, 1), (2, 2), (4, 2), (1, 3), (5, 3), (2, 4), (4, 4), (3, 5)):
        bmp[x + dx, y + dy] = 1


def hero(bmp, x, y):
    rows = ((2, 3), (1, 5), (0, 7), (0, 7), (0, 7), (1, 5), (2, 3))
    for r in range(7):   # a ball with a face
        fill(bmp, x + rows[r][0], y + r, rows[r][1], 1)
    bmp[x + 2, y + 2] = bmp[x + 4, y + 2] = 0      # eyes
    bmp[x + 2, y + 4] = bmp[x + 3, y + 5] = bmp[x + 4, y + 4] = 0   # a smile


def draw(bitmap_cls):
    """The banner as a new 2-colour bitmap."""
    bmp = bitmap_cls(WIDTH, HEIGHT, 2)
    big_text(bmp, 3, 1, "PUZZLE")
    big_text(bmp, 3, 17, "HANDHELD")
    # A level in three rows of 8 px cells at the right: the hero about to push a box home.
    x0, y0 = 102, 4
    for c in range(3):
        wall(bmp, x0 + 8 * c, y0)
        wall(bmp, x0 + 8 * c, y0 + 16)
    hero(bmp, x0, y0 + 8)
    box(bmp, x0 + 8, y0 + 8)
    target(bmp, x0 + 16, y0 + 8)
    return bmp
