"""Gravity room boards (pack bodies), action notation and game records.

A board of W x H cells is drawn as 2H+1 lines of 2W+1 characters (full syntax:
games/gravity/README.md):

    +-+-+-+-+        edge lines: '+' corners, '-' a wall on that cell edge, ' ' no wall
    |. . .|.         cell lines: '.' cells, '|' a wall on that edge, ' ' no wall
    + + +-+ +
     . .|. .|        (a cell line without a left wall starts with a space)
    +-+ + + +

The board wraps (a torus): the first and last edge lines describe the same edges, as do the
first and last characters of a cell line; a wall drawn on either side counts. Trailing spaces
may be missing. A valid board has at least one wall across every row (a '|' in its cell
line) and every column (a '-' in its column), so nothing can slide forever.

Notation (1-based, x from the left, y from the top): G^ G> Gv G< gravity; R3> R3< the flow on
row 3 to the right / left; C5^ C5v the flow on column 5 up / down; @4,2 a placement at x=4,
y=2 (the objective, or the pawn being placed).
"""

from handheld.packs_util import PackError
from games.gravity.constants import MAX_H, MAX_W, MIN_H, MIN_W

GRAVITY_CHARS = "^>v<"
BOARD_CHARS = "+-|. "


def _error(line, reason):
    return PackError(line, reason)


class Board:
    """A parsed board: wall[c] bits 0 top, 1 right, 2 bottom, 3 left (both sides kept)."""

    def __init__(self, width, height, wall, name=""):
        self.width = width
        self.height = height
        self.wall = wall
        self.name = name

    def text(self):
        return format_board(self)


# ---------------------------------------------------------------- reading
def is_board_line(text):
    """A board line: only '+-|. ' characters, starting with '+', '|' or ' .'."""
    s = text.rstrip()
    if len(s) < 2:
        return False
    c = s[0]
    if not (c == "+" or c == "|" or (c == " " and s[1] == ".")):
        return False
    for ch in s:
        if BOARD_CHARS.find(ch) < 0:
            return False
    return True


def row_width(text):
    """Cells a board line stands for."""
    return len(text.rstrip()) // 2


def set_wall(wall, W, H, c, d):
    """Put a wall on side d of cell c, and on the matching side of its neighbour."""
    x = c % W
    y = c // W
    wall[c] |= 1 << d
    if d == 0:
        n = ((y - 1) % H) * W + x
    elif d == 1:
        n = y * W + (x + 1) % W
    elif d == 2:
        n = ((y + 1) % H) * W + x
    else:
        n = y * W + (x - 1) % W
    wall[n] |= 1 << ((d + 2) & 3)


def check_walls(W, H, wall):
    """None when every row and every column holds a wall, else ("row"|"column", index)."""
    for y in range(H):
        ok = False
        for x in range(W):
            if wall[y * W + x] & 2:
                ok = True
                break
        if not ok:
            return ("row", y)
    for x in range(W):
        ok = False
        for y in range(H):
            if wall[y * W + x] & 4:
                ok = True
                break
        if not ok:
            return ("column", x)
    return None


def parse_rows(rows, first_line=1, name=""):
    """Board lines -> Board. Raises PackError(line, reason)."""
    src = []
    for k in range(len(rows)):
        src.append((first_line + k, rows[k].rstrip()))
    while src and not src[-1][1]:
        src.pop()
    if not src:
        raise _error(first_line, "empty board")
    n = len(src)
    line0, top = src[0]
    if top[:1] != "+":
        raise _error(line0, "a board starts with an edge line ('+-+-+...')")
    if n % 2 == 0:
        raise _error(src[-1][0], "a board has an odd number of lines (2 per row + 1); "
                     "the last edge line is missing")
    H = (n - 1) // 2
    W = (len(top) - 1) // 2
    if len(top) % 2 == 0:
        raise _error(line0, "an edge line has 2 characters per cell + 1 ('+' at both ends)")
    if not (MIN_W <= W <= MAX_W):
        raise _error(line0, "the board is %d cells wide; it must be %d..%d" % (W, MIN_W, MAX_W))
    if not (MIN_H <= H <= MAX_H):
        raise _error(line0, "the board has %d rows; it must have %d..%d" % (H, MIN_H, MAX_H))
    size = 2 * W + 1
    wall = bytearray(W * H)
    for k in range(n):
        line, s = src[k]
        if len(s) > size:
            raise _error(line, "line is %d characters long; this board's lines have %d"
                         % (len(s), size))
        s = s + " " * (size - len(s))
        if k % 2 == 0:  # edge line: the top edges of row k // 2 (mod H)
            y = (k // 2) % H
            for i in range(size):
                ch = s[i]
                if i % 2 == 0:
                    if ch != "+":
                        raise _error(line, "character %d: %r where a corner '+' belongs"
                                     % (i + 1, ch))
                elif ch == "-":
                    set_wall(wall, W, H, y * W + i // 2, 0)
                elif ch != " ":
                    raise _error(line, "character %d: %r on an edge line (use '-' for a wall, "
                                 "' ' for none)" % (i + 1, ch))
        else:
            y = k // 2
            for i in range(size):
                ch = s[i]
                if i % 2 == 1:
                    if ch != ".":
                        raise _error(line, "character %d: %r where a cell '.' belongs"
                                     % (i + 1, ch))
                elif ch == "|":
                    set_wall(wall, W, H, y * W + (i // 2) % W, 3)
                elif ch != " ":
                    raise _error(line, "character %d: %r between cells (use '|' for a wall, "
                                 "' ' for none)" % (i + 1, ch))
    bad = check_walls(W, H, wall)
    if bad is not None:
        kind, k = bad
        if kind == "row":
            raise _error(src[2 * k + 1][0], "row %d has no wall: a piece could slide around "
                         "it forever (put a '|' in it)" % (k + 1))
        raise _error(line0, "column %d has no wall: a piece could slide around it forever "
                     "(put a '-' in it)" % (k + 1))
    return Board(W, H, wall, name)


def parse(level_text, header=None):
    """The pack container's entry: level_text has .rows, .first_line and .name."""
    return parse_rows(level_text.rows, getattr(level_text, "first_line", 1),
                      getattr(level_text, "name", "") or "")


# ---------------------------------------------------------------- writing
def format_board(board):
    """Board lines as text (the wrap-around border drawn on both sides)."""
    W = board.width
    H = board.height
    wall = board.wall
    out = []
    for y in range(H + 1):
        yy = y % H
        e = ["+"]
        for x in range(W):
            e.append("-" if wall[yy * W + x] & 1 else " ")
            e.append("+")
        out.append("".join(e))
        if y == H:
            break
        r = []
        for x in range(W):
            r.append("|" if wall[y * W + x] & 8 else " ")
            r.append(".")
        r.append("|" if wall[y * W] & 8 else " ")
        out.append("".join(r).rstrip())
    return "\n".join(out)


# ---------------------------------------------------------------- notation and records
def action_text(a, W, H):
    """One action as a token: G> R3< C5^ @4,2 (1-based). In record.py, imported on use."""
    from games.gravity.record import action_text as f
    return f(a, W, H)


def parse_action(tok, W, H):
    """A token (any letter case) -> action; ValueError with a clear message (record.py)."""
    from games.gravity.record import parse_action as f
    return f(tok, W, H)


def result_text(engine):
    """The result line of a game record (record.py, imported on use)."""
    from games.gravity.record import result_text as f
    return f(engine)


def record_text(engine):
    """A game record: header, board, then one token per action (record.py, imported on use)."""
    from games.gravity.record import record_text as f
    return f(engine)


def replay_record(text):
    """Engine that replayed a record_text(); ValueError naming the line or action at fault
    (record.py, imported on use)."""
    from games.gravity.record import replay_record as f
    return f(text)


class _Format:
    name = "gravity"
    max_width = MAX_W
    max_height = 2 * MAX_H + 1  # board lines
    move_chars = None

    def is_board_line(self, text):
        return is_board_line(text)

    def row_width(self, text):
        return row_width(text)

    def parse(self, level_text, header=None):
        return parse(level_text, header)


FORMAT = _Format()
