"""Gravity room action notation and game records: action_text, parse_action, result_text,
record_text and replay_record (imported on first use, through board.py's wrappers)."""

from games.gravity.constants import DRAW, FLOW_BASE, PLACE_BASE
from games.gravity.engine import Engine
from games.gravity.board import GRAVITY_CHARS, Board, format_board, is_board_line, parse_rows


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
