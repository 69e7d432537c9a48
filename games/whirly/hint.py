"""Hints from the level's stored solution.

On the solution's path: its next move. Off it: how many undos lead back to the path.
Both are found by replaying (solution and own history) in a small scratch engine, so a hint
costs a few hundred moves of work, once, when the player asks.
"""
from games.whirly import notation
from games.whirly.engine import Engine

DIRS = "urdl"


def _path_keys(level, actions):
    """Position keys along a replay of `actions` from the start; stops at an illegal move."""
    e = Engine(64)
    e.load(level)
    keys = [e.key()]
    for a in actions:
        if not e.play(a):
            break
        keys.append(e.key())
    return keys


def hint(engine, level):
    if not level.solution:
        return None
    try:
        solution = notation.parse_moves(level.solution)
    except ValueError:
        return "The stored solution of this level is unreadable."
    path = _path_keys(level, solution)
    here = engine.key()
    for k in range(len(path)):
        if path[k] == here:
            if k >= len(solution):
                return "Solved already!"
            return "Next: %s  (%d of %d)" % (_name(solution[k]), k + 1, len(solution))
    if not engine.history_complete():
        return "You are off the stored solution's path. Restart to follow it."
    mine = _path_keys(level, [a & 7 for a in engine.history()])
    on_path = {}
    for k in path:
        on_path[k] = True
    for back in range(len(mine) - 1, -1, -1):
        if mine[back] in on_path:
            undos = len(mine) - 1 - back
            return "Off the solution: %d undo%s lead%s back to it." % (
                undos, "" if undos == 1 else "s", "s" if undos == 1 else "")
    return "Off the solution. Restart to follow it."


def _name(action):
    if action < 4:
        return ("up", "right", "down", "left")[action]
    return "SELECT (next hero)"
