"""Whirly's tile art and the code drawing it into sheets (tiles.make_sheets imports this once
per size and drops it again). Tile indexes: tiles.py."""
from games.whirly.tiles import (WALL, TARGET, HTARGET, WALL_C, GROUND_C, TARGET_C, HTARGET_C,
                                STATIC_COUNT, HERO, HERO_HOME, BOX, BOX_HOME, UNIT_COUNT)

# 3x5 letters A..I, rows top to bottom.
LETTERS = (
    (".#.", "#.#", "###", "#.#", "#.#"),
    ("##.", "#.#", "##.", "#.#", "##."),
    (".##", "#..", "#..", "#..", ".##"),
    ("##.", "#.#", "#.#", "#.#", "##."),
    ("###", "#..", "##.", "#..", "###"),
    ("###", "#..", "##.", "#..", "#.."),
    (".##", "#..", "#.#", "#.#", ".##"),
    ("#.#", "#.#", "###", "#.#", "#.#"),
    ("###", ".#.", ".#.", ".#.", "###"),
)

WALL_ART = ("#######.",) * 7 + ("........",)
# A coloured wall blocks only its own colour: a see-through checkerboard with the letter.
GATE_ART = ("#.#.#.#.", ".#...#..", "#.....#.", ".#...#..", "#.....#.", ".#...#..",
            "#.#.#.#.", "........")
TARGET_ART = ("##...##.", "#.....#.", "........", "........", "........",
              "#.....#.", "##...##.", "........")
GROUND_ART = ("#.....#.", "........", "........", "........", "........",
              "........", "#.....#.", "........")
HTARGET_ART = ("#.#.#.#.", "........", "#.....#.", "........", "#.....#.",
               "........", "#.#.#.#.", "........")
HERO_ART = ("..###...", ".#...#..", "#.....#.", "#.....#.", "#.....#.",
            ".#...#..", "..###...", "........")
BOX_ART = ("#######.", "#.....#.", "#.....#.", "#.....#.", "#.....#.",
           "#.....#.", "#######.", "........")
GREY_TARGET_MARK = ("...", "...", ".#.", "...", "...")
GREY_HTARGET_MARK = GREY_TARGET_MARK
GREY_HERO_MARK = ("...", "#.#", "...", "#.#", ".#.")
GREY_BOX_MARK = ("#.#", ".#.", "#.#", ".#.", "#.#")


def _art(bitmap, index, size, rows, value, fill_value=None):
    """Draw `rows` ('#' lit) into tile `index`; other pixels get fill_value if given."""
    x0 = index * size
    for y in range(size):
        row = rows[y]
        for x in range(size):
            if row[x] == "#":
                bitmap[x0 + x, y] = value
            elif fill_value is not None:
                bitmap[x0 + x, y] = fill_value


def _mark(bitmap, index, size, mark, value):
    """A 3x5 letter or mark at columns 2..4, rows 1..5 of an 8 px tile."""
    x0 = index * size
    for y in range(5):
        for x in range(3):
            if mark[y][x] == "#":
                bitmap[x0 + 2 + x, 1 + y] = value


def _small(size):
    """Shapes for 6, 5 and 4 px tiles: (wall, target, htarget, hero, box)."""
    n = size - 1
    full = ["#" * n + "." for _ in range(n)] + ["." * size]
    outline = ["#" * n + "."] + ["#" + "." * (n - 2) + "#." for _ in range(n - 2)] + \
        ["#" * n + "."] + ["." * size]
    mid = n // 2
    dot = ["." * size for _ in range(size)]
    dot[mid] = "." * mid + "#" + "." * (size - mid - 1)
    corners = ["." * size for _ in range(size)]
    corners[0] = "#" + "." * (n - 2) + "#."
    corners[n - 1] = corners[0]
    hero = []
    for y in range(size):
        row = ""
        for x in range(size):
            row += "#" if y < n and x < n and abs(x - mid) + abs(y - mid) <= mid else "."
        hero.append(row)
    return full, dot, corners, hero, outline


def make_sheets(bitmap_cls, size):
    """-> (static_sheet, unit_sheet). Unit sheet values: 0 transparent, 1 lit, 2 dark."""
    static = bitmap_cls(size * STATIC_COUNT, size, 2)
    units = bitmap_cls(size * UNIT_COUNT, size, 3)
    if size == 8:
        _art(static, WALL, 8, WALL_ART, 1)
        _art(static, TARGET, 8, TARGET_ART, 1)
        _mark(static, TARGET, 8, GREY_TARGET_MARK, 1)
        _art(static, HTARGET, 8, HTARGET_ART, 1)
        _mark(static, HTARGET, 8, GREY_HTARGET_MARK, 1)
        for c in range(9):
            letter = LETTERS[c]
            _art(static, WALL_C + c, 8, GATE_ART, 1)
            _mark(static, WALL_C + c, 8, letter, 1)
            _art(static, GROUND_C + c, 8, GROUND_ART, 1)
            _mark(static, GROUND_C + c, 8, letter, 1)
            _art(static, TARGET_C + c, 8, TARGET_ART, 1)
            _mark(static, TARGET_C + c, 8, letter, 1)
            _art(static, HTARGET_C + c, 8, HTARGET_ART, 1)
            _mark(static, HTARGET_C + c, 8, letter, 1)
        for c in range(10):
            mark_hero = GREY_HERO_MARK if c == 0 else LETTERS[c - 1]
            mark_box = GREY_BOX_MARK if c == 0 else LETTERS[c - 1]
            # Outline units: lit outline, dark inside, lit letter.
            _art(units, HERO + c, 8, HERO_ART, 1, 0)
            _fill_inside(units, HERO + c, 8, HERO_ART)
            _mark(units, HERO + c, 8, mark_hero, 1)
            _art(units, BOX + c, 8, BOX_ART, 1, 0)
            _fill_inside(units, BOX + c, 8, BOX_ART)
            _mark(units, BOX + c, 8, mark_box, 1)
            # Home units: filled shape, dark letter.
            _solid(units, HERO_HOME + c, 8, HERO_ART)
            _mark(units, HERO_HOME + c, 8, mark_hero, 2)
            _solid(units, BOX_HOME + c, 8, BOX_ART)
            _mark(units, BOX_HOME + c, 8, mark_box, 2)
        return static, units
    wall, dot, corners, hero, outline = _small(size)
    for c in range(10):
        if c:
            _art(static, WALL_C + c - 1, size, wall, 1)
            _art(static, GROUND_C + c - 1, size, corners, 1)
            _art(static, TARGET_C + c - 1, size, dot, 1)
            _art(static, HTARGET_C + c - 1, size, corners, 1)
        _art(units, HERO + c, size, hero, 1)
        _art(units, BOX + c, size, outline, 1)
        _fill_inside(units, BOX + c, size, outline)
        _art(units, HERO_HOME + c, size, hero, 1)
        _art(units, HERO_HOME + c, size, dot, 2)
        _art(units, BOX_HOME + c, size, wall, 1)
    _art(static, WALL, size, wall, 1)
    _art(static, TARGET, size, dot, 1)
    _art(static, HTARGET, size, corners, 1)
    return static, units


def _inside(rows, size):
    """Cells enclosed by the outline of `rows` (scanline between first and last lit pixel)."""
    out = []
    for y in range(size):
        row = rows[y]
        first = row.find("#")
        last = row.rfind("#")
        out.append((first, last))
    return out


def _fill_inside(bitmap, index, size, rows):
    """Make the inside of an outline opaque dark (value 2) so the floor does not show through."""
    x0 = index * size
    for y, (first, last) in enumerate(_inside(rows, size)):
        if first < 0:
            continue
        for x in range(first + 1, last):
            if rows[y][x] != "#":
                bitmap[x0 + x, y] = 2


def _solid(bitmap, index, size, rows):
    x0 = index * size
    for y, (first, last) in enumerate(_inside(rows, size)):
        if first < 0:
            continue
        for x in range(first, last + 1):
            bitmap[x0 + x, y] = 1
