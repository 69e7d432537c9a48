"""MobGer's tile art and the code drawing it into sheets (tiles.make_sheets imports this once
per boot and drops it again). Tile indexes and the art's layout: tiles.py."""
from games.mobger.tiles import (SIZE, S_EMPTY, S_HOUSE, S_CUBOID, S_DEFL_CW, S_DEFL_CCW,
                                S_FLIP_CW, S_FLIP_CCW, STATIC_COUNT, U_GER, U_BLACK, U_JOKER,
                                U_RANK, U_RANK_BLACK, U_RANK_JOKER, U_FLASH, U_STAR, UNIT_COUNT,
                                RANKS, CURSOR_W, CURSOR_H, FRAME)

# 5x5 arrows, up and up-right; the other six are rotations of these two.
ARROW_UP = ("..#..",
            ".###.",
            "#.#.#",
            "..#..",
            "..#..")
ARROW_UR = ("..###",
            "...##",
            "..#.#",
            ".#...",
            "#....")

STAR_ART = ("#.#.#",
            ".###.",
            "#####",
            ".###.",
            "#.#.#")

# 7x7 static art ('#' lit)
HOUSE_ART = ("...#...",
             "..###..",
             ".#####.",
             "#######",
             ".#####.",
             ".##.##.",
             ".##.##.")
CUBOID_ART = ("#######",
              "##...##",
              "#.#.#.#",
              "#..#..#",
              "#.#.#.#",
              "##...##",
              "#######")
# Deflector: a column with a curved arrow showing its turning sense (this one clockwise).
DEFL_CW_ART = ("..###.#",
               ".#...##",
               "#...###",
               "#......",
               "#.....#",
               ".#...#.",
               "..###..")
# Flipflap: the same with a double bar inside: its sense flips after every contact.
FLIP_CW_ART = ("..###.#",
               ".#...##",
               "#.#.###",
               "#.#....",
               "#.#.#.#",
               ".#...#.",
               "..###..")
DOT_ART = ("",) * 3 + ("...#",)

# 3x5 digits 0..9
DIGITS = (
    ("###", "#.#", "#.#", "#.#", "###"),
    (".#.", "##.", ".#.", ".#.", "###"),
    ("##.", "..#", ".#.", "#..", "###"),
    ("##.", "..#", ".#.", "..#", "##."),
    ("#.#", "#.#", "###", "..#", "..#"),
    ("###", "#..", "##.", "..#", "##."),
    (".##", "#..", "###", "#.#", "###"),
    ("###", "..#", ".#.", ".#.", ".#."),
    ("###", "#.#", "###", "#.#", "###"),
    ("###", "#.#", "###", "..#", "##."),
)

# Cursor: a bracket on each side, one pixel outside the cell's gap column (an 11x7 tile drawn
# at cell x-2, y), so a dark line separates it from any tile, also the lit Black Ger, and it
# stays on the cell's 8-pixel page (a cursor move rewrites 2 x 11 bytes of the display).
# The bars lie in the neighbours' outer column, where only Black Gers and Joker dots are lit.
CURSOR_ART = ("##.......##",
              "#.........#",
              "#.........#",
              "#.........#",
              "#.........#",
              "#.........#",
              "##.......##")
# House: a dotted frame in the gap lines (same 11x11 tile), shown while a Ger stands in the
# House; its dots avoid the middle pixel, where they would lengthen an arrow.
HOUSE_MARK_ART = ("...........",
                  "..#.#.#.#..",
                  ".#.......#.",
                  "...........",
                  ".#.......#.",
                  "...........",
                  ".#.......#.",
                  "...........",
                  ".#.......#.",
                  "..#.#.#.#..",
                  "...........")

def rotate(rows):
    """Rows of a square pattern turned 90 degrees clockwise."""
    n = len(rows)
    out = []
    for y in range(n):
        line = ""
        for x in range(n):
            line += rows[n - 1 - x][y]
        out.append(line)
    return out


def mirror(rows):
    """Left-right mirror image (a clockwise sense becomes counter-clockwise)."""
    out = []
    for r in rows:
        line = ""
        for i in range(len(r) - 1, -1, -1):   # no str[::-1]: MicroPython lacks step slices
            line += r[i]
        out.append(line)
    return out


def arrows():
    """The eight 5x5 arrow patterns, index = direction."""
    out = [None] * 8
    a, b = list(ARROW_UP), list(ARROW_UR)
    for k in range(4):
        out[2 * k] = a
        out[2 * k + 1] = b
        a, b = rotate(a), rotate(b)
    return out


def _put(bitmap, index, rows, x0, y0, value, off=None):
    """Draw pattern `rows` at (x0, y0) in tile `index`; '#' -> value, others -> off if given."""
    base = index * SIZE
    for y in range(len(rows)):
        row = rows[y]
        for x in range(len(row)):
            if row[x] == "#":
                bitmap[base + x0 + x, y0 + y] = value
            elif off is not None:
                bitmap[base + x0 + x, y0 + y] = off


def _fill(bitmap, index, value):
    base = index * SIZE
    for y in range(7):
        for x in range(7):
            bitmap[base + x, y] = value


def _ring(bitmap, index, value, dotted):
    """The 1-pixel ring around the 5x5 core (the border of the 7x7 square)."""
    base = index * SIZE
    for i in range(7):
        for x, y in ((i, 0), (i, 6), (0, i), (6, i)):
            if not dotted or (x + y) % 2 == 0:
                bitmap[base + x, y] = value


def _corners(bitmap, index):
    """The Joker's mark: the four corner pixels of its square."""
    for x, y in ((0, 0), (6, 0), (0, 6), (6, 6)):
        bitmap[index * SIZE + x, y] = 1


def _number(bitmap, index, n, value):
    """Rank number n (1..12) centred in the 7x7 square."""
    if n < 10:
        _put(bitmap, index, DIGITS[n], 2, 1, value)
    else:
        _put(bitmap, index, DIGITS[n // 10], 0, 1, value)
        _put(bitmap, index, DIGITS[n % 10], 4, 1, value)


def make_sheets(bitmap_cls):
    """-> (static, units, house frame, cursor) bitmaps."""
    static = bitmap_cls(SIZE * STATIC_COUNT, SIZE, 2)
    _put(static, S_EMPTY, DOT_ART, 0, 0, 1)
    _put(static, S_HOUSE, HOUSE_ART, 0, 0, 1)
    _put(static, S_CUBOID, CUBOID_ART, 0, 0, 1)
    _put(static, S_DEFL_CW, DEFL_CW_ART, 0, 0, 1)
    _put(static, S_DEFL_CCW, mirror(DEFL_CW_ART), 0, 0, 1)
    _put(static, S_FLIP_CW, FLIP_CW_ART, 0, 0, 1)
    _put(static, S_FLIP_CCW, mirror(FLIP_CW_ART), 0, 0, 1)

    units = bitmap_cls(SIZE * UNIT_COUNT, SIZE, 3)
    arr = arrows()
    for d in range(8):
        t = U_GER + d
        _fill(units, t, 2)
        _put(units, t, arr[d], 1, 1, 1)
        t = U_JOKER + d
        _fill(units, t, 2)
        _put(units, t, arr[d], 1, 1, 1)
        _corners(units, t)
        t = U_BLACK + d
        _fill(units, t, 1)
        _put(units, t, arr[d], 1, 1, 2)
    for r in range(RANKS):
        _fill(units, U_RANK + r, 2)
        _number(units, U_RANK + r, r + 1, 1)
        _fill(units, U_RANK_BLACK + r, 1)
        _number(units, U_RANK_BLACK + r, r + 1, 2)
        t = U_RANK_JOKER + r
        _fill(units, t, 2)
        _corners(units, t)
        _number(units, t, r + 1, 1)
    _fill(units, U_FLASH, 2)
    _ring(units, U_FLASH, 1, False)
    _put(units, U_FLASH, ("#...#", ".#.#.", "..#..", ".#.#.", "#...#"), 1, 1, 1)

    _fill(units, U_STAR, 2)
    _put(units, U_STAR, STAR_ART, 1, 1, 1)
    _corners(units, U_STAR)

    frames = bitmap_cls(FRAME, FRAME, 3)
    _draw(frames, HOUSE_MARK_ART)
    cursor = bitmap_cls(CURSOR_W, CURSOR_H, 3)
    _draw(cursor, CURSOR_ART)
    return static, units, frames, cursor


def _draw(bitmap, art):
    for y in range(len(art)):
        row = art[y]
        for x in range(len(row)):
            if row[x] == "#":
                bitmap[x, y] = 1
