"""Whirly's tile art and the code drawing it into sheets (tiles.make_sheets imports this once
per size and drops it again). Tile indexes: tiles.py; the look of each tile: README.md."""
from games.whirly.tiles import (WALL, TARGET, HTARGET, WALL_C, GROUND_C, TARGET_C, HTARGET_C,
                                TARGET_G, HTARGET_G, STATIC_COUNT, HERO, HERO_HOME, BOX,
                                BOX_HOME, HERO_GOAL, UNIT_COUNT)

# 3x5 letters A..I, rows top to bottom (8 px tiles).
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
# A coloured floor: a dot at the middle of each edge (free in the target and htarget art, so a
# goal on a coloured floor shows both).
GROUND_ART = ("...#....", "........", "........", "#.....#.", "........",
              "........", "...#....", "........")
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

# Colour patterns of 6 and 5 px tiles (3x3 inside a 5x5 shape, row by row), colours a..i.
# None is another's complement (a hollow unit with pattern p never equals a filled one with
# pattern q), nor the grey box's X or its complement.
PAT3 = ("....#....",   # a  dot
        "...###...",   # b  bar
        ".#..#..#.",   # c  upright bar
        ".#.###.#.",   # d  plus
        "#...#...#",   # e  backslash
        "..#.#.#..",   # f  slash
        "...###.#.",   # g  T
        ".#.###...",   # h  upside-down T
        "#..###..#")   # i  Z
GREY3 = "#.#.#.#.#"    # grey box on its target: a dark X (a hollow grey box is empty)
DIAMOND3 = ".#.#.#.#."  # grey target or htarget
# 4 px: 2x2 inside a 4x4 shape. Home units differ from the others by their corners.
PAT2 = ("#...", ".#..", "...#", "..#.", "##..", "..##", "#.#.", ".#.#", ".##.")
# Grey 4 px tiles carry no pattern: 3x3 shapes and a gap, so a box never merges into a wall
# (# lit, o dark, . see-through): wall, target, htarget, hero, hero home, box, box home, and
# the hero on a target (an H: the plus would hide the target's diamond).
GREY4 = ("#.#..#.##.#..#.#", ".#..#.#..#......", "#.#.......#.#...",
         "o#o.###.o#o.....", "#o#.o#o.#o#.....", "###.#o#.###.....", "###.###.###.....",
         "#o#.###.#o#.....")


# Shapes of 6 and 5 px tiles, 5x5 (6 px: a dark gap column and row follow).
S5 = {
    "ring": "#####" "#...#" "#...#" "#...#" "#####",
    "disc": ".###." "#...#" "#...#" "#...#" ".###.",
    "target": "#...#" "....." "....." "....." "#...#",
    "htarget": "..#.." "....." "#...#" "....." "..#..",
    "gate": "#.#.#" "....." "#...#" "....." "#.#.#",
    "target_g": "##.##" "#...#" "....." "#...#" "##.##",
    "htarget_g": ".#.#." "#...#" "....." "#...#" ".#.#.",
}
# 4 px, 4x4, no gap.
S4 = {
    "ring": "####" "#..#" "#..#" "####",
    "disc": ".##." "#..#" "#..#" ".##.",
    "target": "#..#" "...." "...." "#..#",
    "htarget": ".##." "...." "...." ".##.",
    "gate": "#..#" "#..#" "#..#" "#..#",
    "target_g": "####" "...." "...." "####",
    "htarget_g": ".##." "...." "...." "#..#",
}
WALLS = {6: ("#####.",) * 5 + ("......",), 5: ("#####", ".....") * 2 + ("#####",)}


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


def _grid(bitmap, index, size, cells, n, value, at=0):
    """An n x n mask ('#' set, row by row) at (at, at) of tile `index`, in `value`."""
    x0 = index * size + at
    for i in range(n * n):
        if cells[i] == "#":
            bitmap[x0 + i % n, at + i // n] = value


def _unit(bitmap, index, size, q, shape, pattern, k, home):
    """A hero or box: hollow (lit outline, dark inside, lit pattern) or, on its goal, filled
    (lit, dark pattern). The q x q square is opaque: a goal's corners showing round a hero
    would square it into a box."""
    _grid(bitmap, index, size, "#" * (q * q), q, 2)
    _grid(bitmap, index, size, shape, q, 1)
    inside = "#" * (k * k)
    if home:
        _grid(bitmap, index, size, inside, k, 1, 1)
        _grid(bitmap, index, size, pattern, k, 2, 1)
    else:
        _grid(bitmap, index, size, inside, k, 2, 1)
        _grid(bitmap, index, size, pattern, k, 1, 1)


def _small(static, units, size):
    q = 5 if size > 4 else 4
    k = q - 2
    shapes = S5 if q == 5 else S4
    pats = PAT3 if q == 5 else PAT2
    if q == 5:
        _art(static, WALL, size, WALLS[size], 1)
        for kind, shape in ((TARGET, "target"), (HTARGET, "htarget")):
            _grid(static, kind, size, shapes[shape], q, 1)
            _grid(static, kind, size, DIAMOND3, k, 1, 1)
    for c in range(9):
        p = pats[c]
        for base, shape in ((WALL_C, "gate"), (GROUND_C, None), (TARGET_C, "target"),
                            (HTARGET_C, "htarget"), (TARGET_G, "target_g"),
                            (HTARGET_G, "htarget_g")):
            if shape:
                _grid(static, base + c, size, shapes[shape], q, 1)
            _grid(static, base + c, size, p, k, 1, 1)
    for c in range(1 if q == 4 else 0, 10):
        p = pats[c - 1] if c else "." * (k * k)
        _unit(units, HERO + c, size, q, shapes["disc"], p, k, False)
        if c == 0:   # a grey hero on a target: the target's diamond inside
            _unit(units, HERO_GOAL, size, q, shapes["disc"], DIAMOND3, k, False)
        _unit(units, HERO_HOME + c, size, q, shapes["disc"], p, k, True)
        _unit(units, BOX + c, size, q, shapes["ring"], p, k, False)
        _unit(units, BOX_HOME + c, size, q, shapes["ring"], pats[c - 1] if c else GREY3, k,
              True)
        if q == 4:
            # 2x2 patterns cannot all avoid each other's complements: the corners tell home
            # units apart (box: three lit corners, hero: one; hollow box four, hero none)
            units[(BOX_HOME + c) * size + 3, 3] = 2
            units[(HERO_HOME + c) * size + 3, 3] = 1
    if q == 4:
        for i in range(8):
            bm, index = (static, (WALL, TARGET, HTARGET)[i]) if i < 3 else \
                (units, (HERO, HERO_HOME, BOX, BOX_HOME, HERO_GOAL)[i - 3])
            _grid(bm, index, 4, GREY4[i], 4, 1)
            _grid(bm, index, 4, GREY4[i].replace("#", ".").replace("o", "#"), 4, 2)


def make_sheets(bitmap_cls, size):
    """-> (static_sheet, unit_sheet). Unit sheet values: 0 transparent, 1 lit, 2 dark."""
    static = bitmap_cls(size * STATIC_COUNT, size, 2)
    units = bitmap_cls(size * UNIT_COUNT, size, 3)
    if size != 8:
        _small(static, units, size)
        return static, units
    _art(static, WALL, 8, WALL_ART, 1)
    _art(static, TARGET, 8, TARGET_ART, 1)
    _mark(static, TARGET, 8, GREY_TARGET_MARK, 1)
    _art(static, HTARGET, 8, HTARGET_ART, 1)
    _mark(static, HTARGET, 8, GREY_HTARGET_MARK, 1)
    for c in range(9):
        letter = LETTERS[c]
        for base, art in ((WALL_C, GATE_ART), (GROUND_C, GROUND_ART), (TARGET_C, TARGET_ART),
                          (HTARGET_C, HTARGET_ART), (TARGET_G, TARGET_ART),
                          (HTARGET_G, HTARGET_ART)):
            _art(static, base + c, 8, art, 1)
            _mark(static, base + c, 8, letter, 1)
        # a goal on a coloured floor: the floor's letter and dots too
        _art(static, TARGET_G + c, 8, GROUND_ART, 1)
        _art(static, HTARGET_G + c, 8, GROUND_ART, 1)
    for c in range(10):
        mark_hero = GREY_HERO_MARK if c == 0 else LETTERS[c - 1]
        mark_box = GREY_BOX_MARK if c == 0 else LETTERS[c - 1]
        # Outline units: lit outline, dark inside, lit letter.
        for index in (HERO + c, HERO_GOAL) if c == 0 else (HERO + c,):
            _art(units, index, 8, HERO_ART, 1, 0)
            _fill_inside(units, index, 8, HERO_ART)
            _mark(units, index, 8, mark_hero, 1)
        _art(units, BOX + c, 8, BOX_ART, 1, 0)
        _fill_inside(units, BOX + c, 8, BOX_ART)
        _mark(units, BOX + c, 8, mark_box, 1)
        # Home units: filled shape, dark letter.
        _solid(units, HERO_HOME + c, 8, HERO_ART)
        _mark(units, HERO_HOME + c, 8, mark_hero, 2)
        _solid(units, BOX_HOME + c, 8, BOX_ART)
        _mark(units, BOX_HOME + c, 8, mark_box, 2)
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
