"""Whirly's hint: the shared stored-solution hint with Whirly's engine and move names."""
from handheld.hint import hint as shared_hint
from games.whirly import notation
from games.whirly.engine import Engine

NAMES = ("up", "right", "down", "left", "SELECT (next hero)", "previous hero")


def hint(engine, level):
    if not level.solution:
        return None
    try:
        solution = notation.parse_moves(level.solution)
    except ValueError:
        return "The stored solution of this level is unreadable."

    def scratch():
        e = Engine(64)
        e.load(level)
        return e
    return shared_hint(engine, scratch, solution, lambda a: NAMES[a])
