"""Replay a MobGer game record (`python -m host_sim record FILE [--shot PNG]`).

Prints the options and the start position, then every move (who chose which Ger, which Ger
went into the House), the result and the final position; --shot also writes the final
position as the handheld shows it (games/mobger/scene.py), as a PNG.
"""
import sys

from host_sim import records
from games.mobger import board
from games.mobger.engine import (Engine, replay_record, NONE, DRAW, R_BLACK_HOME, R_COMPLETE,
                                 R_STUCK, R_QUIET, R_NO_MOVE, R_BLOCKED, R_FULL)

REASONS = {R_BLACK_HOME: "the Black Ger is home", R_COMPLETE: "all Gers of a side are home",
           R_STUCK: "nobody can win any more", R_QUIET: "too long without a removal",
           R_NO_MOVE: "no legal move left", R_BLOCKED: "the Black Ger blocks the House",
           R_FULL: "the move log is full"}


def replay_lines(final):
    """Move-by-move lines: the same start, the record's moves played again."""
    e = Engine()
    e.load_position(final.opts, board.position_rows_start(final))
    out = []
    for k in range(final.nactions):
        r = final.actions[k]
        turn = e.turn
        name = e.color(r)[0]
        if not e.play(r):
            raise ValueError("move %d (rank %d) is not legal" % (k + 1, r + 1))
        gone = ""
        if e.anim_removed != NONE:
            gone = ", %s (#%d) into the House" % (e.color(e.anim_removed)[0], e.anim_removed + 1)
        out.append("%3d. P%d chooses %s (#%d)%s; score %d:%d" % (
            k + 1, turn + 1, name, r + 1, gone, e.score[0], e.score[1]))
    return out


def result_text(e):
    w = e.winner()
    if w < 0:
        return "not finished"
    why = REASONS.get(e.reason, "")
    what = "draw" if w == DRAW else "P%d wins" % (w + 1)
    return what + (" (%s)" % why if why else "")


def shot_png(engine, path):
    """The final position as the handheld shows it."""
    import games.mobger as game
    from handheld.match import HUMAN
    from games.mobger.scene import DuelScene
    return records.final_png(game, lambda app: DuelScene(app, game, engine, [HUMAN, HUMAN]),
                             path)


def main(path, shot=None, out=print):
    e = records.load(path, replay_record)
    try:
        lines = replay_lines(e)
    except ValueError as exc:
        raise SystemExit("record: %s: %s" % (path, exc))
    out("MobGer, options: %s" % e.opts.text())
    out("\n".join(board.position_rows_start(e)))
    for line in lines:
        out(line)
    out("Result: %s after %d moves" % (result_text(e), e.nactions))
    out("\n".join(board.position_text(e)))
    if shot:
        out("final position: %s" % shot_png(e, shot))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
