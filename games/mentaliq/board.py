"""Mental IQ+ level bodies and move notation (syntax: games/mentaliq/README.md).

A board row lists every plane's row side by side, plane 1 first, separated by '|'. Each cell is
two characters, its tile then its piece:

    tiles   .  floor   x hole   f flag   s slider   ^ > v <  vector   t transfert
    pieces  .  none    @ Gwydyon   J jewel   B brick   * bomb   1 repulsor   2 repulsor2
            #  block   +  transborder up   -  transborder down

Spaces inside a row are ignored ("f. .J" = "f..J"); leading spaces too. A board row is a line
whose first two non-blank characters are a tile and a piece character; that is how the pack
reader tells board rows from text. Rows: the planes' height (1..8); cells per plane:
1..16; planes: 1..4.

Moves: u r d l (uppercase when the step pushed), + plane up, - plane down; a number repeats
the next move ("3r" = "rrr").

Play needs only the reading side, board_read.py (re-exported here); this module adds the
writing side, the move notation and the solution check, imported on use.
"""

from handheld import moves
from handheld.moves import LOWER, UPPER, MoveError  # noqa: F401 (part of this module's API)
from games.mentaliq.engine import Engine, K_PUSH
# The reading side (board_read.py: all play needs), part of this module's API as before.
from games.mentaliq.board_read import (FORMAT, MAX_H, MAX_PLANES, MAX_W, MOVE_CHARS,  # noqa: F401
                                       PIECE_CHARS, TILE_CHARS, Level, _error, is_board_line,
                                       neighbour, parse, parse_rows, row_width)


# ---------------------------------------------------------------- writing
def format_board(P, W, H, tile, piece, sep=" | "):
    """A position as body rows (planes side by side, plane 1 first)."""
    ps = W * H
    rows = []
    for y in range(H):
        segs = []
        for z in range(P):
            c = z * ps + y * W
            row = []
            for x in range(W):
                row.append(TILE_CHARS[tile[c + x]])
                row.append(PIECE_CHARS[piece[c + x]])
            segs.append("".join(row))
        rows.append(sep.join(segs))
    return "\n".join(rows)


# ---------------------------------------------------------------- moves


def _tokens(text):
    return moves.tokens(text, "+-")


def parse_moves(text):
    """Move text -> list of actions (either case is accepted for a step)."""
    return moves.parse(text, "+-")


def letter(action, kind):
    """The letter of one history entry."""
    if action == 4:
        return "+"
    if action == 5:
        return "-"
    return UPPER[action] if kind == K_PUSH else LOWER[action]


def format_moves(src):
    """Moves as text: src is an Engine (its retained history) or history entries
    (action | kind << 3)."""
    return moves.format_moves(src, letter)


def verify_moves(engine, text, strict_case=True):
    """Play text on engine: None when every move is possible (and, with strict_case, written
    in the right case), else (move index, reason). Moves before the problem stay played."""
    toks = _tokens(text)
    for i in range(len(toks)):
        a, case, pos = toks[i]
        if not engine.play(a):
            return (i, "move %d (%s) is not possible" % (i + 1, text[pos]))
        if strict_case and case >= 0:
            want = 1 if engine.last_kind == K_PUSH else 0
            if want != case:
                return (i, "move %d %s: write %r, not %r"
                        % (i + 1, "pushes" if want else "pushes nothing",
                           letter(a, engine.last_kind), text[pos]))
    return None


def verify(level, solution, strict_case=True):
    """Replay a stored solution: None when it solves the level, else (move index, reason)."""
    e = Engine()
    e.load(level)
    try:
        bad = verify_moves(e, solution, strict_case)
    except MoveError as err:
        return (err.index, str(err))
    if bad is not None:
        return bad
    n = len(parse_moves(solution))
    if e.lost():
        return (n, "the solution destroys a needed jewel")
    if not e.solved():
        return (n, "the solution ends with %d flag(s) without a jewel" % e.flags_left())
    return None
