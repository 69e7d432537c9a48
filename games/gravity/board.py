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

from handheld.packs import PackError
from games.gravity.engine import (DRAW, Engine, FLOW_BASE, MAX_H, MAX_W, MIN_H, MIN_W,
                                  PLACE_BASE)

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


# ---------------------------------------------------------------- notation
def action_text(a, W, H):
    """One action as a token: G> R3< C5^ @4,2 (1-based)."""
    if a < FLOW_BASE:
        return "G" + GRAVITY_CHARS[a]
    if a < PLACE_BASE:
        line = (a - FLOW_BASE) >> 1
        s = (a - FLOW_BASE) & 1
        if line < H:
            return "R%d%s" % (line + 1, ">" if s else "<")
        return "C%d%s" % (line - H + 1, "v" if s else "^")
    c = a - PLACE_BASE
    return "@%d,%d" % (c % W + 1, c // W + 1)


def _num(s, what, tok, hi):
    try:
        v = int(s)
    except ValueError:
        raise ValueError("%r: %s is not a number" % (tok, what))
    if not 1 <= v <= hi:
        raise ValueError("%r: %s must be 1..%d" % (tok, what, hi))
    return v - 1


def parse_action(tok, W, H):
    """A token (any letter case) -> action; ValueError with a clear message."""
    t = tok.strip()
    if len(t) < 2:
        raise ValueError("%r is not an action (G^ G> Gv G< R3> C5^ @4,2)" % tok)
    k = t[0].upper()
    if k == "G" and len(t) == 2:
        d = GRAVITY_CHARS.find(t[1].lower())
        if d >= 0:
            return d
    elif k == "R" and t[-1] in "<>":
        y = _num(t[1:-1], "the row", tok, H)
        return FLOW_BASE + 2 * y + (1 if t[-1] == ">" else 0)
    elif k == "C" and t[-1] in "^vV":
        x = _num(t[1:-1], "the column", tok, W)
        return FLOW_BASE + 2 * (H + x) + (0 if t[-1] == "^" else 1)
    elif k == "@":
        parts = t[1:].split(",")
        if len(parts) == 2:
            x = _num(parts[0], "x", tok, W)
            y = _num(parts[1], "y", tok, H)
            return PLACE_BASE + y * W + x
    raise ValueError("%r is not an action (G^ G> Gv G< R3> C5^ @4,2)" % tok)


# ---------------------------------------------------------------- records
def result_text(engine):
    w = engine.winner()
    if w < 0:
        return "unfinished"
    if w == DRAW:
        return "draw"
    return "P%d wins" % (w + 1)


def record_text(engine):
    """A game record: header, board, then one token per action (see the module doc)."""
    W = engine.width
    H = engine.height
    b = Board(W, H, engine.wall[:W * H])
    toks = []
    for i in range(engine.nactions):
        toks.append(action_text(engine.actions[i], W, H))
    lines = ["Gravity room record", "Game: gravity", "Players: %d" % engine.players,
             format_board(b)]
    for i in range(0, len(toks), 12):
        lines.append(("Actions: " if i == 0 else "  ") + " ".join(toks[i:i + 12]))
    if not toks:
        lines.append("Actions:")
    lines.append("Result: %s" % result_text(engine))
    return "\n".join(lines) + "\n"


def replay_record(text):
    """Engine that replayed a record_text(); ValueError naming the line or action at fault."""
    players = 2
    rows = []
    first = 0
    toks = []
    result = None
    in_actions = False
    lines = text.split("\n")
    for n in range(len(lines)):
        raw = lines[n].rstrip("\r")
        s = raw.strip()
        low = s.lower()
        if not s:
            in_actions = False
            continue
        if is_board_line(raw) and not in_actions:
            if rows and first + len(rows) != n + 1:
                raise ValueError("line %d: a second board" % (n + 1))
            if not rows:
                first = n + 1
            rows.append(raw)
            continue
        if low.startswith("players:"):
            try:
                players = int(s[8:])
            except ValueError:
                raise ValueError("line %d: Players: needs 2 or 3" % (n + 1))
            if players not in (2, 3):
                raise ValueError("line %d: Players: needs 2 or 3" % (n + 1))
            in_actions = False
        elif low.startswith("actions:"):
            in_actions = True
            toks.extend((n + 1, t) for t in s[8:].split())
        elif low.startswith("result:"):
            result = s[7:].strip().lower()
            in_actions = False
        elif in_actions:
            toks.extend((n + 1, t) for t in s.split())
    if not rows:
        raise ValueError("the record has no board")
    board = parse_rows(rows, first)
    e = Engine()
    e.new_game(board, players)
    for k in range(len(toks)):
        line, t = toks[k]
        try:
            a = parse_action(t, board.width, board.height)
        except ValueError as err:
            raise ValueError("line %d: action %d: %s" % (line, k + 1, err))
        if not e.play(a):
            raise ValueError("line %d: action %d (%s) is not legal here" % (line, k + 1, t))
    if result is not None and result != result_text(e).lower():
        raise ValueError("the record says %r but the actions give %r" % (result, result_text(e)))
    return e


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
