"""Whirly level text, reading one cell: the XSB and Whirly characters and cell tokens, as
ground, goal and unit bytes (used by board.parse_rows)."""

from handheld.packs_util import PackError
from games.whirly.constants import (COLOURS, G_FLOOR, G_WALL, MAX_W, T_HTARGET, T_TARGET, U_BOX,
                                    U_HERO)

CAPS = "XABCDEFGHI"
DIGITS = "0123456789"


def _error(line, reason):
    return PackError(line, reason)


_XCHARS = "# -_@p+P$b*B."
_XVALS = (G_WALL << 16, 0, 0, 0, U_HERO, U_HERO, T_TARGET << 8 | U_HERO,
          T_TARGET << 8 | U_HERO, U_BOX, U_BOX, T_TARGET << 8 | U_BOX,
          T_TARGET << 8 | U_BOX, T_TARGET << 8)
_WCHARS = "# -_.@$+*" + COLOURS + CAPS + DIGITS
_WVALS = ((G_WALL << 16, 0, 0, 0, T_TARGET << 8, U_HERO, U_BOX, T_TARGET << 8 | U_HERO,
           T_TARGET << 8 | U_BOX) + tuple(U_HERO | i for i in range(10))
          + tuple(U_BOX | i for i in range(10)) + tuple((T_TARGET | i) << 8 for i in range(10)))


def _token_cell(t):
    # One whirly cell token, units bottom up -> packed cell, or -1
    n = len(t)
    i = 0
    ground = G_FLOOR
    goal = 0
    unit = 0
    c = t[0]
    if c == "#" or c == "-" or c == "_":
        ground = G_WALL if c == "#" else G_FLOOR
        i = 1
        if i < n:
            k = COLOURS.find(t[i])
            if k >= 0:
                ground |= k
                i += 1
    if i < n:
        c = t[i]
        k = DIGITS.find(c)
        if k >= 0:
            goal = T_TARGET | k
            i += 1
        elif c == ".":
            goal = T_TARGET
            i += 1
        elif c == "h" and i + 1 < n and DIGITS.find(t[i + 1]) >= 0:
            goal = T_HTARGET | DIGITS.find(t[i + 1])
            i += 2
        elif c == "+" or c == "*":
            goal = T_TARGET
            unit = U_HERO if c == "+" else U_BOX
            i += 1
    if i < n and not unit:
        c = t[i]
        k = COLOURS.find(c)
        if k >= 0:
            unit = U_HERO | k
        elif CAPS.find(c) >= 0:
            unit = U_BOX | CAPS.find(c)
        elif c == "@":
            unit = U_HERO
        elif c == "$":
            unit = U_BOX
        else:
            return -1
        i += 1
    if i != n:
        return -1
    return ground << 16 | goal << 8 | unit


def _xsb_rows(rows, first):
    # Expand run lengths and '|' row splits: -> list of (line, text)
    out = []
    for k in range(len(rows)):
        line = first + k
        row = rows[k].rstrip()
        if "|" not in row and not _has_digit(row):
            out.append((line, row))
            continue
        seg = []
        count = 0
        for c in row:
            if "0" <= c <= "9":
                count = count * 10 + ord(c) - 48
                if count > MAX_W:
                    raise _error(line, "run length %d is wider than a board" % count)
            elif c == "|":
                out.append((line, "".join(seg)))
                seg = []
                count = 0
            else:
                seg.append(c * count if count else c)
                count = 0
        if count:
            raise _error(line, "run length %d at the end of the row repeats nothing" % count)
        out.append((line, "".join(seg)))
    return out


def _has_digit(s):
    for d in DIGITS:
        if d in s:
            return True
    return False


def _named(what, col):
    return "grey " + what if col == 0 else what + " " + COLOURS[col]


def _bad_char(line, x, c, whirly):
    if whirly:
        hint = " (in XSB it would be; add 'Format: xsb')" if c in "pPbB" else ""
        return _error(line, "column %d: %r is not a Whirly cell%s" % (x + 1, c, hint))
    hint = ""
    if _WCHARS.find(c) >= 0:
        hint = " (coloured maps need 'Format: whirly' in the pack header)"
    return _error(line, "%r is not an XSB cell%s" % (c, hint))
