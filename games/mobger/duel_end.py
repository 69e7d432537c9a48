"""The result screen's lines of a MobGer duel (why it ended, the score), loaded at the end."""
from games.mobger.constants import (R_BLACK_HOME, R_COMPLETE, R_STUCK, R_QUIET, R_NO_MOVE,
                                    R_BLOCKED, R_FULL)

REASONS = {R_BLACK_HOME: "Black Ger is home", R_COMPLETE: "All Gers home",
           R_STUCK: "Nobody can win now", R_QUIET: "30 moves, no removal",
           R_NO_MOVE: "No move left", R_BLOCKED: "House blocked",
           R_FULL: "Move log full"}


def result_lines(e):
    lines = []
    why = REASONS.get(e.reason)
    if why:
        lines.append(why)
    lines.append("Score %d:%d" % (e.score[0], e.score[1]))
    return lines
