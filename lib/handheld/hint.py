"""Hints from a level's stored solution, for any engine with play(), key() and history().

On the solution's path: its next move. Off it: how many undos lead back to the path.
Both come from replaying (the solution, then the player's own history) in a scratch engine,
once, when the player asks, so nothing is kept in RAM between hints.
"""


def _path_keys(make_engine, actions):
    """Position keys along a replay of `actions` from the start; stops at an illegal move."""
    e = make_engine()
    keys = [e.key()]
    for a in actions:
        if not e.play(a):
            break
        keys.append(e.key())
    return keys


def hint(engine, make_engine, solution, action_name):
    """engine: the one being played; make_engine(): a fresh scratch engine on the same level;
    solution: list of actions; action_name(a) -> str. Returns the hint text."""
    path = _path_keys(make_engine, solution)
    here = engine.key()
    for k in range(len(path)):
        if path[k] == here:
            if k >= len(solution):
                return "Solved already!"
            return "Next: %s  (%d of %d)" % (action_name(solution[k]), k + 1, len(solution))
    if not engine.history_complete():
        return "You are off the stored solution's path. Restart to follow it."
    mine = _path_keys(make_engine, [a & 7 for a in engine.history()])
    on_path = {}
    for k in path:
        on_path[k] = True
    for back in range(len(mine) - 1, -1, -1):
        if mine[back] in on_path:
            undos = len(mine) - 1 - back
            return "Off the solution: %d undo%s lead%s back to it." % (
                undos, "" if undos == 1 else "s", "s" if undos == 1 else "")
    return "Off the solution. Restart to follow it."
