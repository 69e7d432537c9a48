"""iQLANDIE task screens: tile art for the four topics (1 bit, drawn once per boot).

Art is 7x7 strings ('#' lit). Sheets (built through handheld.gfx.cached by task_screens):
  biology board 17 px tiles (grid line on top/left, art scaled x2), biology goal 10 px tiles,
  programming / optics / space 8 px tiles. Colour sides use the game's colour fill patterns
  (pieces.PATTERNS), so a colour looks the same on every iQLANDIE screen.
"""
from games.iqlandie import pieces as P

BIO_ART = (
    None,
    ("....###", "..#####", ".###.##", ".##.###", ".#.###.", "..#....", ".#....."),   # leaf
    (".......", "..###.#", ".#.####", "######.", ".######", "..###.#", "......."),   # fish
    (".......", "##...##", ".##.##.", "..###..", "...#...", ".......", "......."),   # bird
    (".#...#.", "..###..", ".##.##.", "###.###", ".##.##.", "###.###", "..###.."),   # bug
    ("...#...", ".#.#.#.", "..###..", "###.###", "..###..", ".#.#.#.", "...#..."),   # flower
    (".......", ".###...", "#...#..", "#.#.#..", "#..##.#", ".####.#", "#######"),   # snail
    (".#...#.", "###.###", "#######", "#.###.#", ".#####.", "#.#.#.#", "##...##"),   # frog
    (".......", "..###..", ".#.#.#.", "#.#.#.#", "#.#.#.#", ".#####.", "..#.#.."),   # shell
)

PROG_SYMBOL_ART = (
    ("..###..", ".#...#.", "#.....#", "#.....#", "#.....#", ".#...#.", "..###.."),   # circle
    ("#######", "#.....#", "#.....#", "#.....#", "#.....#", "#.....#", "#######"),   # square
    ("...#...", "..#.#..", "..#.#..", ".#...#.", ".#...#.", "#.....#", "#######"),   # triangle
    ("#.....#", ".#...#.", "..#.#..", "...#...", "..#.#..", ".#...#.", "#.....#"),   # cross
)
ROBOT_ART = ("...#...", ".#####.", ".#.#.#.", ".#####.", "..###..", ".#####.", ".#...#.")

SPACE_ART = (
    None,
    (".....##", "..###.#", ".#####.", "#######", ".#####.", "#.###..", "##....."),   # planet
    ("...#...", "...#...", "#######", ".#####.", "..###..", ".##.##.", ".#...#."),   # star
    ("#..#..#", ".#...#.", "..###..", "#.###.#", "..###..", ".#...#.", "#..#..#"),   # sun
    ("..###..", ".##....", "##.....", "##.....", "##.....", ".##....", "..###.."),   # moon
    ("#.#....", ".#.#...", "#.#.##.", "...####", "..#####", "...###.", "......."),   # meteor
)

# programming colour ids (Red, Blue, Green, Yellow) -> the game's colour ids (fill pattern, RGB)
PROG_COLOUR = (P.RED, P.BLUE, P.GREEN, P.YELLOW)

# --- tile indices ---------------------------------------------------------------------------
# programming sheet (8 px)
PG_EMPTY = 0
PG_ROBOT = 1
PG_INV = 2            # + PG_EMPTY / PG_ROBOT: the cursor (inverted cell)
PG_SIDE = 4           # + side * 4 + colour id
PG_CORNER = 20        # + symbol id
PG_SWATCH = 24        # + colour id: a framed pattern square for the program list
PG_BLANK = 28         # nothing (an unused program row)
PG_COUNT = 29
# optics sheet (8 px): cell tiles = mask (N1 E2 S4 W8 half-beams) + 16 * mirror (0 none, 1 /, 2 \)
OP_INV = 48           # + cell tile: under the cursor
OP_PORT = 96          # + side * 5 + kind
PORT_BLANK = 0
PORT_START = 1
PORT_GOAL = 2
PORT_GOAL_HIT = 3
PORT_OUT = 4          # the laser leaves the grid here
OP_CORNER = 116
OP_COUNT = 117
# space sheet (8 px): space.TILE[symbol + 6 * orientation] (space.py), + space.NTILES inverted


def _art(bmp, x0, y0, rows, scale=1, value=1):
    for y in range(len(rows)):
        row = rows[y]
        for x in range(len(row)):
            if row[x] == "#":
                for dy in range(scale):
                    for dx in range(scale):
                        bmp[x0 + x * scale + dx, y0 + y * scale + dy] = value


def _invert(bmp, x0, size):
    for y in range(size):
        for x in range(size):
            bmp[x0 + x, y] = 1 - bmp[x0 + x, y]


def _copy(bmp, src, dst, size):
    for y in range(size):
        for x in range(size):
            bmp[dst + x, y] = bmp[src + x, y]


def biology_board(bitmap_cls):
    """17 px tiles: grid line on the top and left edges, the token scaled x2 in the middle."""
    s = 17
    bmp = bitmap_cls(s * 9, s, 2)
    for t in range(9):
        x0 = t * s
        for i in range(s):
            bmp[x0 + i, 0] = 1
            bmp[x0, i] = 1
        if BIO_ART[t]:
            _art(bmp, x0 + 2, 2, BIO_ART[t], 2)
    return bmp


def biology_goal(bitmap_cls):
    """10 px tiles: grid line top/left, the 7x7 token centred in the 9x9 field."""
    s = 10
    bmp = bitmap_cls(s * 9, s, 2)
    for t in range(9):
        x0 = t * s
        for i in range(s):
            bmp[x0 + i, 0] = 1
            bmp[x0, i] = 1
        if BIO_ART[t]:
            _art(bmp, x0 + 2, 2, BIO_ART[t])
    return bmp


def _pattern_fill(bmp, x0, x1, y1, x2, y2, colour):
    pat = P.PATTERNS[P.PATTERN[colour]]
    for y in range(y1, y2 + 1):
        bits = pat[y & 7]
        for x in range(x1, x2 + 1):
            if bits & (0x80 >> (x & 7)):
                bmp[x0 + x, y] = 1


def programming(bitmap_cls):
    bmp = bitmap_cls(8 * PG_COUNT, 8, 2)
    for t in (PG_EMPTY, PG_ROBOT):
        x0 = t * 8
        # dotted grid lines on the top and left edges: fields stay countable, the board stays calm
        for i in range(0, 8, 2):
            bmp[x0 + i, 0] = 1
            bmp[x0, i] = 1
        if t == PG_ROBOT:
            _art(bmp, x0 + 1, 1, ROBOT_ART)
        _copy(bmp, x0, (PG_INV + t) * 8, 8)
        _invert(bmp, (PG_INV + t) * 8, 8)
    for side in range(4):
        for c in range(4):
            x0 = (PG_SIDE + side * 4 + c) * 8
            col = PROG_COLOUR[c]
            # a band of the colour's pattern, 1 px away from the grid; S and E close the grid
            if side == 0:
                _pattern_fill(bmp, x0, 0, 1, 7, 5, col)
            elif side == 1:
                for i in range(0, 8, 2):
                    bmp[x0, i] = 1
                _pattern_fill(bmp, x0, 2, 0, 6, 7, col)
            elif side == 2:
                for i in range(0, 8, 2):
                    bmp[x0 + i, 0] = 1
                _pattern_fill(bmp, x0, 0, 2, 7, 6, col)
            else:
                _pattern_fill(bmp, x0, 1, 0, 5, 7, col)
    for s in range(4):
        x0 = (PG_CORNER + s) * 8
        _art(bmp, x0, 0, PROG_SYMBOL_ART[s])
    for c in range(4):
        x0 = (PG_SWATCH + c) * 8
        for i in range(7):
            bmp[x0 + i, 0] = 1
            bmp[x0 + i, 6] = 1
            bmp[x0, i] = 1
            bmp[x0 + 6, i] = 1
        _pattern_fill(bmp, x0, 1, 1, 5, 5, PROG_COLOUR[c])
    return bmp


def _beam(bmp, x0, d, outer=7):
    """Half beam from the field's centre (4, 4) to edge d (0 N, 1 E, 2 S, 3 W)."""
    for i in range(4):
        if d == 0:
            bmp[x0 + 4, i] = 1
        elif d == 1:
            bmp[x0 + 4 + i, 4] = 1
        elif d == 2:
            bmp[x0 + 4, 4 + i] = 1
        else:
            bmp[x0 + i, 4] = 1
    if d == 1 and outer == 7:
        bmp[x0 + 7, 4] = 1
    if d == 2 and outer == 7:
        bmp[x0 + 4, 7] = 1


def optics(bitmap_cls):
    bmp = bitmap_cls(8 * OP_COUNT, 8, 2)
    for m in range(3):
        for mask in range(16):
            t = mask + 16 * m
            x0 = t * 8
            bmp[x0, 0] = 1  # lattice dot: fields stay countable
            for d in range(4):
                if mask & (1 << d):
                    _beam(bmp, x0, d)
            if m == 1:      # "/" two pixels thick
                for i in range(1, 8):
                    bmp[x0 + i, 8 - i] = 1
                    if i < 7:
                        bmp[x0 + i + 1, 8 - i] = 1
            elif m == 2:    # "\"
                for i in range(1, 8):
                    bmp[x0 + i, i] = 1
                    if i < 7:
                        bmp[x0 + i + 1, i] = 1
            _copy(bmp, x0, (OP_INV + t) * 8, 8)
            _invert(bmp, (OP_INV + t) * 8, 8)
    for side in range(4):
        for kind in range(5):
            x0 = (OP_PORT + side * 5 + kind) * 8
            _port(bmp, x0, side, kind)
    return bmp


# port art drawn for the N side (grid below); other sides are the same art turned
_PORT_ART = (
    (".......", ".......", ".......", ".......", ".......", ".......", "......."),
    (".......", "..###..", "..###..", "..###..", "...#...", "...#...", "...#..."),
    (".......", ".#####.", ".#...#.", ".#...#.", ".#...#.", ".#####.", "......."),
    (".......", ".#####.", ".#...#.", ".#.#.#.", ".#...#.", ".#####.", "...#..."),
    ("...#...", "..###..", ".#.#.#.", "...#...", "...#...", "...#...", "...#..."),
)


def _turned(rows, q):
    for _ in range(q):
        n = len(rows)
        rows = tuple("".join(rows[n - 1 - x][y] for x in range(n)) for y in range(n))
    return rows


def _port(bmp, x0, side, kind):
    # N ports sit above the grid: art in rows 0..6, the grid's dotted border on row 7
    rows = _turned(_PORT_ART[kind], side)
    # the beam column/row of the art meets the field's centre line (pixel 4)
    _art(bmp, x0 + (0 if side == 3 else 1), 0 if side == 0 else 1, rows)
    for i in range(0, 8, 2):
        if side == 0:
            bmp[x0 + i, 7] = 1
        elif side == 2:
            bmp[x0 + i, 0] = 1
        elif side == 1:
            bmp[x0, i] = 1
        else:
            bmp[x0 + 7, i] = 1


def space(bitmap_cls):
    from games.iqlandie.space import TILE, NTILES
    bmp = bitmap_cls(16 * NTILES, 8, 2)
    for v in range(48):
        x0 = TILE[v] * 8
        if v and not x0:
            continue            # an orientation nobody sees (space.ORIENT)
        if v:
            _art(bmp, x0 + 1, 1, turned_art(SPACE_ART[v % 6], v // 6))
        _copy(bmp, x0, (NTILES + TILE[v]) * 8, 8)
        _invert(bmp, (NTILES + TILE[v]) * 8, 8)
    return bmp


def turned_art(rows, t):
    """7x7 art as seen after transform t (t & 4: mirrored left-right first, t & 3 clockwise
    quarter turns; the same as space.PERM on a 3x3 card)."""
    out = []
    for y in range(7):
        row = ""
        for x in range(7):
            sx = x
            sy = y
            for _ in range(t & 3):
                sx, sy = sy, 6 - sx
            if t & 4:
                sx = 6 - sx
            row += rows[sy][sx]
        out.append(row)
    return out
