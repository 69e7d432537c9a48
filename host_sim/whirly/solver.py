"""Whirly solver (host only): solve(level) -> LURD move string or None, for every variant.

Two searches, both over push-level positions (the hero walks for free between actions):
  - Sokoban-class levels (one hero that pushes, pulls or leaves alone each box colour, boxes never
    move boxes, no flocking: Sokoban, Co-Sokoban, Colorban, PullPush, Co-PullPush, BoxiMaze):
    pushpull.astar, a push-level A* with an assignment lower bound, dead squares, freeze
    deadlocks and a transposition table. Optimal in pushes (pulls) when it finishes.
  - everything else (flocking, trains, swaps, leaps, several heroes): search.astar, an A* whose
    moves are played by games.whirly.engine itself.
Whatever finds it, a solution is replayed from the start through the engine and returned only
when it is legal, written in the right letter case and ends solved.
"""

from games.whirly import notation
from games.whirly import rules as R
from games.whirly.engine import Engine
from host_sim.whirly import pushpull, search


def rules_of(level, rules=None):
    return R.get(rules if rules is not None else getattr(level, "variant", "sokoban"))


def check(level, moves, rules=None):
    """None when moves solve level under rules (replayed through the engine, letter case
    checked), else a reason."""
    e = Engine()
    e.load(level, rules_of(level, rules))
    try:
        bad = notation.verify_moves(e, moves)
    except ValueError as err:
        return str(err)
    if bad is not None:
        return bad[1]
    if not e.solved():
        return "ends with %d goal(s) left" % e.goals_left()
    return None


def replay(level, moves, rules=None):
    """Play moves through a fresh engine; returns the engine (stops at an illegal move)."""
    e = Engine()
    e.load(level, rules_of(level, rules))
    notation.verify_moves(e, moves, False)
    return e


def figures(level, moves, rules=None):
    """(pushes, moves) of a solution: the engine's counters after replaying it. Pushes count
    every action that moved or met a box (push, pull, swap, leap, jump)."""
    e = replay(level, moves, rules)
    return e.pushes, e.moves


def method_for(level, rules=None):
    """'push' when the fast push/pull model applies, else 'engine'."""
    return "push" if pushpull.applicable(level, rules_of(level, rules)) is None else "engine"


def solve(level, rules=None, time_limit=10.0, max_states=None, stats=None, weight=1,
          method=None, prune=None, cap_every=1):
    """A verified solution of level (a board.Level) under rules (default: the level's
    variant), or None when none was found within time_limit seconds / max_states states.

    stats, when a dict, receives: method, pushes, moves, expanded, states, seconds, complete
    (True when the search space was exhausted: None then means unsolvable, unless a weight > 1
    was used), lower_bound (push model).
    """
    r = rules_of(level, rules)
    if method is None:
        method = method_for(level, r)
    if method == "push":
        res = pushpull.astar(level, r, time_limit=time_limit, max_states=max_states,
                             weight=weight, cap_every=cap_every,
                             prune=pushpull.DEFAULT if prune is None else prune)
    else:
        res = search.astar(level, r, time_limit=time_limit, max_states=max_states,
                           weight=float(weight))
    moves = res.moves
    if moves is not None:
        why = check(level, moves, r)
        if why is not None:
            raise AssertionError("solver produced a wrong solution (%s): %s" % (why, moves))
    if stats is not None:
        stats["method"] = res.method
        stats["pushes"] = res.pushes
        stats["moves"] = len(notation.parse_moves(moves)) if moves else None
        stats["expanded"] = res.expanded
        stats["states"] = res.states
        stats["seconds"] = res.seconds
        stats["complete"] = res.complete
        stats["lower_bound"] = getattr(res, "lower_bound", None)
    return moves
