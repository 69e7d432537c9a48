"""Whirly level text, writing: format_board() prints a position back as XSB or Whirly rows
(Engine.text() and the host tools; imported on first use)."""

from games.whirly.constants import COLOURS, G_FLOOR, G_VOID, G_WALL, T_TARGET, U_BOX, U_HERO
from games.whirly.board_cells import CAPS, DIGITS


def _xsb_char(g, t, u):
    if g == G_WALL:
        return "#" if not t and not u else None
    if g == G_VOID:
        return " "
    if g != G_FLOOR or (t and t != T_TARGET) or (u and u != U_HERO and u != U_BOX):
        return None
    if t:
        return "." if not u else ("+" if u == U_HERO else "*")
    if u:
        return "@" if u == U_HERO else "$"
    return " "


def _whirly_char(g, t, u):
    if g == G_WALL:
        return "#" if not t and not u else None
    if g == G_VOID:
        return "-"
    if g != G_FLOOR:
        return None
    if t and u:
        if t == T_TARGET and u == U_HERO:
            return "+"
        if t == T_TARGET and u == U_BOX:
            return "*"
        return None
    if t:
        if t >> 4 != 2:
            return None
        return "." if t == T_TARGET else DIGITS[t & 15]
    if u:
        if u >> 4 == 1:
            return "@" if u == U_HERO else COLOURS[u & 15]
        return "$" if u == U_BOX else CAPS[u & 15]
    return "-"


def _token(g, t, u):
    # grey units and targets print as in XSB (@ $ . + *), like the one-character cells
    k = g >> 4
    s = ""
    if k == 1:
        s = "#" if g == G_WALL else "#" + COLOURS[g & 15]
    elif k == 0 and g & 15:
        s = "-" + COLOURS[g & 15]
    if t == T_TARGET and (u == U_HERO or u == U_BOX):
        return s + ("+" if u == U_HERO else "*")
    if t:
        s += "h" + DIGITS[t & 15] if t >> 4 == 1 else ("." if t == T_TARGET else DIGITS[t & 15])
    if u:
        if u >> 4 == 1:
            s += "@" if u == U_HERO else COLOURS[u & 15]
        else:
            s += "$" if u == U_BOX else CAPS[u & 15]
    return s or "-"


def format_board(W, H, ground, goal, unit, fmt="whirly"):
    """A position as body text ('xsb' falls back to 'whirly' when colours need it)."""
    if fmt != "whirly":
        rows = []
        for y in range(H):
            row = []
            for x in range(W):
                c = y * W + x
                ch = _xsb_char(ground[c], goal[c], unit[c])
                if ch is None:
                    return format_board(W, H, ground, goal, unit, "whirly")
                if ch == " " and x == W - 1 and ground[c] == G_FLOOR:
                    ch = "-"  # keep the width when the last column is open floor
                row.append(ch)
            rows.append("".join(row).rstrip())
        return "\n".join(rows)
    rows = []
    for y in range(H):
        row = []
        lead = True
        for x in range(W):
            c = y * W + x
            ch = _whirly_char(ground[c], goal[c], unit[c])
            if ch is None:
                row = None
                break
            if lead and ground[c] == G_VOID:
                ch = " "
            else:
                lead = False
            row.append(ch)
        if row is not None and not lead:
            rows.append("".join(row))
            continue
        toks = []
        for x in range(W):
            c = y * W + x
            toks.append(_token(ground[c], goal[c], unit[c]))
        rows.append(" ".join(toks))
    return "\n".join(rows)
