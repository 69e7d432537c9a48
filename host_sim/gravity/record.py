"""Replay a Gravity room game record (`python -m host_sim record FILE [--shot PNG]`).

Prints the board, then every action turn by turn (who played it, what it is, where the pieces
ended), the result and the final position as text; --shot also writes the final position as
the handheld shows it (games/gravity/scene.py), as a PNG.
"""
import sys

from host_sim import records
from games.gravity.board import replay_record, action_text, format_board, result_text
from games.gravity.engine import (Engine, FLOW_BASE, PLACE_BASE, NONE, SETUP_GRAVITY,
                                  SETUP_OBJECTIVE)

DIRS = ("up", "right", "down", "left")
PIECE_CHARS = "123"


def describe(e, a, phase, turn):
    """What action a meant, in words, for the player who played it."""
    W, H = e.width, e.height
    if a < FLOW_BASE:
        return "%s gravity %s" % ("sets" if phase == SETUP_GRAVITY else "turns", DIRS[a])
    if a < PLACE_BASE:
        line = (a - FLOW_BASE) >> 1
        s = (a - FLOW_BASE) & 1
        if line < H:
            return "flow on row %d, %s" % (line + 1, "right" if s else "left")
        return "flow on column %d, %s" % (line - H + 1, "down" if s else "up")
    c = a - PLACE_BASE
    what = "the objective" if phase == SETUP_OBJECTIVE else \
        "P%d's pawn" % ((turn + 1) % e.players + 1)
    return "places %s at %d,%d" % (what, c % W + 1, c // W + 1)


def where(e):
    out = []
    for i in range(e.players + 1):
        c = e.pos[i]
        name = "goal" if i == e.players else "P%d" % (i + 1)
        out.append("%s %s" % (name, "-" if c == NONE else "%d,%d" % (c % e.width + 1,
                                                                    c // e.width + 1)))
    return " ".join(out)


def position_text(e):
    """The board with the pieces: 1 2 3 the pawns, o the objective, * a pawn on it."""
    lines = [list(line) for line in format_board(e).split("\n")]
    for i in range(e.players + 1):
        c = e.pos[i]
        if c == NONE:
            continue
        y, x = 2 * (c // e.width) + 1, 2 * (c % e.width) + 1
        row = lines[y]
        while len(row) <= x:
            row.append(" ")
        if i == e.players:
            row[x] = "*" if row[x] in PIECE_CHARS else "o"
        else:
            row[x] = "*" if row[x] == "o" else PIECE_CHARS[i]
    return "\n".join("".join(r) for r in lines)


class _Board:
    def __init__(self, e):
        self.width, self.height = e.width, e.height
        self.wall = bytes(e.wall[:e.width * e.height])


def replay_lines(final):
    """Turn-by-turn lines of a finished (or unfinished) game."""
    e = Engine()
    e.new_game(_Board(final), final.players)
    out = []
    for k in range(final.nactions):
        a = final.actions[k]
        phase, turn = e.phase, e.turn
        token = action_text(a, e.width, e.height)
        if not e.play(a):
            raise ValueError("action %d (%s) is not legal" % (k + 1, token))
        moved = " (%d ticks)" % e.ticks if e.ticks else ""
        out.append("%3d. P%d %-6s %s%s -> %s" % (k + 1, turn + 1, token,
                                                describe(e, a, phase, turn), moved, where(e)))
    return out


def shot_png(engine, path):
    """The final position as the handheld shows it."""
    import games.gravity as game
    from handheld.match import HUMAN
    from games.gravity.scene import GravityScene
    return records.final_png(
        game, lambda app: GravityScene(app, game, engine, [HUMAN] * engine.players), path)


def main(path, shot=None, out=print):
    e = records.load(path, replay_record)
    out("Gravity room, %d players, %dx%d board" % (e.players, e.width, e.height))
    out(format_board(e))
    for line in replay_lines(e):
        out(line)
    out("Result: %s after %d turns of play" % (result_text(e), e.plies))
    out(position_text(e))
    if shot:
        out("final position: %s" % shot_png(e, shot))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
