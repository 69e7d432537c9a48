"""Mental IQ+ tile art and the code drawing it into sheets (tiles.make_sheets imports this
once per size and drops it again). Tile indexes: tiles.py."""
from games.mentaliq.tiles import STATIC_COUNT, UNIT_COUNT

ART8 = {
    "floor": (".......", ".......", ".......", "...#...", ".......", ".......", "......."),
    "hole": ("#.#.#.#", ".#.#.#.", "#.#.#.#", ".#.#.#.", "#.#.#.#", ".#.#.#.", "#.#.#.#"),
    "flag": ("##...##", "#.....#", "..##...", "..###..", "..#....", "#.#...#", "##...##"),
    "slider": (".......", ".###...", ".......", "...###.", ".......", ".###...", "......."),
    "vector": ("...#...", "..###..", ".#.#.#.", "...#...", "...#...", "...#...", "......."),
    "transfert": ("..###..", ".#...#.", "#.....#", "#..#..#", "#.....#", ".#...#.", "..###.."),
    "gwydyon": ("...#...", "..###..", ".#####.", "..#o#..", "..###..", ".#.#.#.", "..#.#.."),
    "jewel": ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."),
    "jewel_home": ("###o###", "##ooo##", "#ooooo#", "ooooooo", "#ooooo#", "##ooo##", "###o###"),
    "brick": (".#####.", "##o####", "ooooooo", "####o##", "ooooooo", "##o####", ".#####."),
    "bomb": (".....#.", "....#..", "..###..", ".#####.", ".##o##.", ".#####.", "..###.."),
    "rep": (".......", "..###..", ".#ooo#.", ".#o#o#.", ".#ooo#.", "..###..", "......."),
    "rep2": (".......", ".#####.", ".#ooo#.", ".#o#o#.", ".#ooo#.", ".#####.", "......."),
    "block": (".#####.", "#######", "#######", "#######", "#######", "#######", ".#####."),
    "tb_up": ("...#...", "..###..", ".#####.", "...#...", "...#...", "#######", "#######"),
    "boom": ("#..#..#", ".#.#.#.", "..o#o..", "###o###", "..o#o..", ".#.#.#.", "#..#..#"),
}
ART6 = {
    "floor": (".....", ".....", "..#..", ".....", "....."),
    "hole": ("#.#.#", ".#.#.", "#.#.#", ".#.#.", "#.#.#"),
    "flag": ("#...#", "..##.", "..#..", ".....", "#...#"),
    "slider": (".....", "###..", ".....", "..###", "....."),
    "vector": ("..#..", ".###.", "#.#.#", "..#..", "..#.."),
    "transfert": (".###.", "#...#", "#.#.#", "#...#", ".###."),
    "gwydyon": ("..#..", ".###.", "..#..", ".###.", ".#.#."),
    "jewel": ("..#..", ".###.", "#####", ".###.", "..#.."),
    "jewel_home": ("##o##", "#ooo#", "ooooo", "#ooo#", "##o##"),
    "brick": (".###.", "#o###", "ooooo", "###o#", ".###."),
    "bomb": ("....#", ".###.", "#####", "#####", ".###."),
    "rep": (".###.", "#ooo#", "#o#o#", "#ooo#", ".###."),
    "rep2": ("#####", "#ooo#", "#o#o#", "#ooo#", "#####"),
    "block": (".###.", "#####", "#####", "#####", ".###."),
    "tb_up": ("..#..", ".###.", "#####", "..#..", "#####"),
    "boom": ("#.#.#", ".#o#.", "##o##", ".#o#.", "#.#.#"),
}
# Engine codes -> art names, in code order.
STATIC_ART = ("floor", "hole", "flag", "slider", "vector", "vector", "vector", "vector",
              "transfert")
VECTOR_TURNS = (0, 1, 2, 3)  # quarter turns clockwise of the up-arrow for tiles 4..7
UNIT_ART = (None, "gwydyon", "jewel", "brick", "bomb", "rep", "rep2", "block", "tb_up",
            "tb_down", "jewel_home", "boom")


def _turn(rows, quarters):
    """The art turned clockwise by `quarters` quarter turns."""
    for _ in range(quarters):
        n = len(rows)
        rows = tuple("".join(rows[n - 1 - x][y] for x in range(n)) for y in range(n))
    return rows


def _draw(bitmap, index, size, rows, lit, dark):
    x0 = index * size
    for y in range(len(rows)):
        row = rows[y]
        for x in range(len(row)):
            ch = row[x]
            if ch == "#":
                bitmap[x0 + x, y] = lit
            elif ch == "o" and dark:
                bitmap[x0 + x, y] = dark


def make_sheets(bitmap_cls, size):
    """-> (static sheet, unit sheet) for 8 or 6 px tiles. Unit values: 0 clear, 1 lit, 2 dark."""
    art = ART8 if size == 8 else ART6
    static = bitmap_cls(size * STATIC_COUNT, size, 2)
    units = bitmap_cls(size * UNIT_COUNT, size, 3)
    for code in range(STATIC_COUNT):
        rows = art[STATIC_ART[code]]
        if 4 <= code <= 7:
            rows = _turn(rows, VECTOR_TURNS[code - 4])
        _draw(static, code, size, rows, 1, 0)
    for code in range(1, UNIT_COUNT):
        name = UNIT_ART[code]
        if name == "tb_down":  # the up arrow upside down (MicroPython has no [::-1] on tuples)
            up = art["tb_up"]
            rows = tuple(up[len(up) - 1 - i] for i in range(len(up)))
        else:
            rows = art[name]
        _draw(units, code, size, rows, 1, 2)
    return static, units
