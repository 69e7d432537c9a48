"""Whirly level bodies: parse XSB/SOK and Whirly maps into a Level, print positions back.

Two body syntaxes, chosen per pack by the header key `Format:` (a level's own `Format:` key
wins); without one the body is XSB, so standard Sokoban collections load unchanged:

  xsb     # wall, space - _ floor, @ p hero, + P hero on target, $ b box, * B box on target,
          . target; digits are run lengths ("3#-$" = "###-$"), | splits rows.
  whirly  a row with no inner spaces has one character per cell:
            # wall   - _ floor (leading spaces too)   . target   @ hero   $ box   + *
            x a..i hero of that colour   X A..I box   0..9 target of colour 0..9 (0 = grey)
          a row with inner spaces is a list of cell tokens, units bottom up:
            [ground] [goal] [unit]
            ground: # wall, - or _ floor, each optionally followed by its colour letter
                    (#a = wall a, -b = floor b; omitted = grey floor)
            goal:   0..9 target, h0..h9 htarget, . grey target
            unit:   x a..i hero, X A..I box, @ grey hero, $ grey box; + and * as in XSB
          e.g. "# 1A h2b -c #a" = wall, box a on target a, hero b on htarget b,
          floor c, wall a. A colour letter right after # - _ is always the ground's colour.

Every board row contains a '#', as in XSB: that is how the pack reader finds board lines.
Plain floor outside the walls (reaching the map's edge, bordering only grey walls) becomes
G_VOID.
"""

from handheld.packs_util import PackError
from games.whirly.constants import _EMASK, COLOURS, G_FLOOR, G_VOID, G_WALL, MAX_H, MAX_W
from games.whirly.board_cells import (CAPS, DIGITS, _WCHARS, _WVALS, _XCHARS, _XVALS, _bad_char,
                                      _named, _token_cell, _xsb_rows)

BOARD_CHARS = " #@+$*.-_|pPbB" + DIGITS + COLOURS + CAPS


def _error(line, reason):
    return PackError(line, reason)


class Level:
    """A parsed level: static ground and goal arrays, the start units (see engine.py)."""

    def __init__(self, width, height, ground, goal, unit, variant="sokoban", fmt="xsb",
                 name="", solution="", active=0):
        self.width = width
        self.height = height
        self.ground = ground
        self.goal = goal
        self.unit = unit
        self.variant = variant
        self.fmt = fmt  # body syntax used by text(): 'xsb' or 'whirly'
        self.name = name
        self.solution = solution
        self.active = active  # starting hero: index in reading order
        self.start_goals_left = -1  # set by parse_rows: goals left at the start

    def text(self, fmt=None):
        return format_board(self.width, self.height, self.ground, self.goal, self.unit,
                            fmt or self.fmt)


# ---------------------------------------------------------------- reading
# A cell while reading: ground << 16 | goal << 8 | unit.
def parse_rows(rows, first_line=1, fmt="xsb", variant="sokoban", name="", solution=""):
    """Rows of a body -> Level. Raises PackError(line, reason)."""
    fmt = (fmt or "xsb").strip().lower()
    if fmt not in ("xsb", "sok", "whirly"):
        raise _error(first_line, "unknown Format %r (xsb or whirly)" % fmt)
    from games.whirly import rules
    try:
        rules.get(variant)
    except ValueError:
        raise _error(first_line, "unknown Variant %r (one of: %s)"
                     % (variant, ", ".join(rules.NAMES)))
    whirly = fmt == "whirly"
    if whirly:
        src = []
        for k in range(len(rows)):
            line = first_line + k
            row = rows[k].rstrip()
            body = row.lstrip(" ")
            if " " in body or "\t" in body:  # a token row: read it now
                toks = body.split()
                cells = []
                for j in range(len(toks)):
                    v = _token_cell(toks[j])
                    if v < 0:
                        raise _error(line, "cell %d: %r is not a Whirly cell token"
                                     % (j + 1, toks[j]))
                    cells.append(v)
                row = cells
            src.append((line, row))
        chars = _WCHARS
        vals = _WVALS
    else:
        src = _xsb_rows(rows, first_line)
        chars = _XCHARS
        vals = _XVALS
    while src and not src[-1][1]:  # a blank line never belongs to a board; be safe
        src.pop()
    H = len(src)
    if H == 0:
        raise _error(first_line, "empty board")
    W = 0
    for line, row in src:
        if len(row) > W:
            W = len(row)
    if W > MAX_W or H > MAX_H:
        raise _error(first_line, "board is %dx%d; the most is %dx%d" % (W, H, MAX_W, MAX_H))
    size = W * H
    ground = bytearray(size)
    goal = bytearray(size)
    unit = bytearray(size)
    heroes = 0
    count = [0, 0, 0, 0, 0, 0, 0, 0, 0]  # goals, batons, matched: heroes at 1, 4, 7; boxes 2, 5, 8
    find = chars.find
    for y in range(H):
        line, row = src[y]
        text = isinstance(row, str)
        c = y * W
        for x in range(len(row)):
            if text:
                k = find(row[x])
                if k < 0:
                    raise _bad_char(line, x, row[x], whirly)
                v = vals[k]
            else:
                v = row[x]
            if v:
                g = v >> 16
                u = v & 255
                t = (v >> 8) & 255
                ground[c] = g
                goal[c] = t
                if t:
                    count[t >> 4] += 1
                    if u >> 4 == t >> 4 and (u & 15 == t & 15 or not u & 15 or not t & 15):
                        count[6 + (t >> 4)] += 1
                if u:
                    count[3 + (u >> 4)] += 1
                    unit[c] = u
                    if not (_EMASK[g] >> (u & 15)) & 1:
                        raise _error(line, "cell %d: a %s cannot stand on a %s" % (
                            x + 1, _named("hero" if u >> 4 == 1 else "box", u & 15),
                            _named("wall" if g >> 4 == 1 else "floor", g & 15)))
                    if u >> 4 == 1:
                        heroes += 1
            c += 1
    if heroes == 0:
        raise _error(first_line, "no hero (@) in the board")
    _mark_void(W, H, ground, goal, unit)
    lv = Level(W, H, ground, goal, unit, variant, "whirly" if whirly else "xsb", name, solution)
    left = 0
    for k in (1, 2):  # the objective, as in Engine.goals_left()
        left += min(count[k], count[3 + k]) - count[6 + k]
    lv.start_goals_left = left
    return lv


def _mark_void(W, H, ground, goal, unit):
    # Plain floor outside the walls becomes G_VOID: each region of plain floor (no goal, no
    # unit) that reaches the map's edge and borders nothing but grey walls. The work is
    # proportional to the outside, not to the map.
    size = W * H
    seen = bytearray(size)
    stack = []
    region = []
    edge = list(range(W)) + list(range(size - W, size))
    for y in range(1, H - 1):
        edge.append(y * W)
        edge.append(y * W + W - 1)
    for c in edge:
        if seen[c] or ground[c] != G_FLOOR or goal[c] or unit[c]:
            continue
        seen[c] = 1
        stack.append(c)
        del region[:]
        open_ = False
        while stack:
            p = stack.pop()
            region.append(p)
            x = p % W
            for k in range(4):
                if k == 0:
                    n = p - W
                elif k == 1:
                    n = p + W if p + W < size else -1
                elif k == 2:
                    n = p - 1 if x > 0 else -1
                else:
                    n = p + 1 if x < W - 1 else -1
                if n < 0 or seen[n]:
                    continue
                g = ground[n]
                if g == G_WALL:
                    continue
                if g != G_FLOOR or goal[n] or unit[n]:
                    open_ = True  # touches something a unit may reach
                    continue
                seen[n] = 1
                stack.append(n)
        if not open_:
            for p in region:
                ground[p] = G_VOID


def parse(level_text, header=None):
    """The pack container's entry: level_text has .rows, .first_line, .name, .solution, .meta."""
    header = header or {}
    meta = getattr(level_text, "meta", None) or {}
    variant = meta.get("variant") or header.get("variant") or "sokoban"
    fmt = meta.get("format") or header.get("format") or "xsb"
    first = getattr(level_text, "first_line", 1)
    lv = parse_rows(level_text.rows, first, fmt, variant, getattr(level_text, "name", "") or "",
                    getattr(level_text, "solution", "") or "")
    if lv.start_goals_left == 0:
        raise _error(first, "nothing to do: the level is solved at its start (add targets)")
    return lv


def is_board_line(text):
    """A board row: only board characters, and at least one '#'."""
    s = text.rstrip()
    if "#" not in s:
        return False
    for c in s:
        if BOARD_CHARS.find(c) < 0:
            return False
    return True


def row_width(text):
    """Cells in a row, for the pack reader's width check. The body syntax is not known here,
    so this is the smallest reading (parse() checks the exact width)."""
    s = text.rstrip()
    body = s.lstrip(" ")
    n = len(s)
    if " " in body:
        n = min(n, len(body.split()))
    try:
        n = min(n, len(_xsb_rows([s], 1)[0][1]))
    except Exception:  # PackError is not a ValueError
        pass
    return n


# ---------------------------------------------------------------- writing
def format_board(W, H, ground, goal, unit, fmt="whirly"):
    """A position as level text (fmt 'whirly' or 'xsb'): board_format.py, imported on use."""
    from games.whirly.board_format import format_board as f
    return f(W, H, ground, goal, unit, fmt)


# ---------------------------------------------------------------- the pack container's format
def verify(level, solution, strict_case=True):
    """Replay a stored solution: None when it solves the level, else (move index, reason)."""
    from games.whirly import notation
    from games.whirly.engine import Engine
    e = Engine()
    e.load(level)
    try:
        bad = notation.verify_moves(e, solution, strict_case)
    except ValueError as err:
        return (getattr(err, "index", 0), str(err))
    if bad is not None:
        return bad
    if not e.solved():
        return (len(notation.parse_moves(solution)),
                "the solution ends with %d goal(s) left" % e.goals_left())
    return None


class _Format:
    name = "whirly"
    max_width = MAX_W
    max_height = MAX_H
    move_chars = "lurdLURD*~0123456789"

    def is_board_line(self, text):
        return is_board_line(text)

    def row_width(self, text):
        return row_width(text)

    def parse(self, level_text, header=None):
        return parse(level_text, header)

    def verify(self, level, solution):
        return verify(level, solution)


FORMAT = _Format()
