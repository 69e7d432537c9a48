"""Whirly solver (host only): solve(level) -> LURD move string or None, for every variant.

Two searches, both over push-level positions (the hero walks for free between actions):
  - Sokoban-class levels (one hero that pushes, pulls or leaves alone each box colour, boxes never
    move boxes, no flocking: Sokoban, Co-Sokoban, Colorban, PullPush, Co-PullPush, BoxiMaze):
    pushpull.astar, a push-level A* with an assignment lower bound, dead squares, freeze
    deadlocks and a transposition table. Optimal in pushes (pulls) when it finishes. Given a
    clock only, solve() runs a portfolio (PORTFOLIO): that A*, the same backwards
    (pushpull.backward), then weighted A* both ways, for any solution within the time.
  - everything else (flocking, trains, swaps, leaps, several heroes): search.astar, an A* whose
    moves are played by games.whirly.engine itself.
Whatever finds it, a solution is replayed from the start through the engine and returned only
when it is legal, written in the right letter case and ends solved.
"""

import time

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


# The portfolio: solve() with a clock and no position cap (hints need any valid solution within
# the time given, the shortest when there is time for it). Phases in turn, each until its share
# of time_limit (added up) has passed: (direction, weight, share). The optimal A* forward, then
# backward (pushpull.backward: the co-game from the solved position; far easier on crowded
# ends such as goal rooms), both shortest in pushes; then weighted A* (f = g + w h) backward
# (w 10, then 30) and forward (w 10): far fewer positions, solutions not always the shortest.
# Measured on Microban, XSokoban's first 20 levels and our three collections (README, "The
# solver"): a w 30 phase after w 10 solved one more XSokoban level at 60 s, Microban the same.
PORTFOLIO = (("forward", 1, 0.3), ("backward", 1, 0.2), ("backward", 10, 0.2),
             ("backward", 30, 0.15), ("forward", 10, 0.15))


def solve(level, rules=None, time_limit=10.0, max_states=None, stats=None, weight=1,
          method=None, prune=None, cap_every=1, optimal=False):
    """A verified solution of level (a board.Level) under rules (default: the level's
    variant), or None when none was found within time_limit seconds / max_states states.

    With a clock only (max_states None, weight 1, optimal False) a push-model level gets the
    portfolio (PORTFOLIO: optimal A* forward and backward, then weighted A* backward and
    forward). optimal=True, a weight or a max_states gives the one forward search asked for
    (the generator caps positions, so its searches stay the ones the shipped packs were made
    with).

    stats, when a dict, receives: method (the search that found the solution, or the last
    one tried, e.g. "push A*", "push WA*(10) backward"), optimal (True when an A* of weight 1
    found it: shortest in pushes, with prune=pushpull.OPTIMAL forward), pushes, moves,
    expanded and states (all phases), seconds, complete (True when a forward search
    exhausted the positions: None then means unsolvable), lower_bound (the level's, push
    model), corral_expanded.
    """
    r = rules_of(level, rules)
    if method is None:
        method = method_for(level, r)
    t0 = time.time()
    if method == "push":
        prune = pushpull.DEFAULT if prune is None else prune
        M = pushpull.Model(level, r)
        phases = PORTFOLIO
        if max_states is not None or weight != 1 or optimal:
            phases = (("forward", weight, 1.0),)  # one search, as asked
        done = []  # (direction, Result) of the phases run
        share = 0.0
        for direction, w, part in phases:
            share += part
            left = time_limit * share - (time.time() - t0)
            if done and left <= 0:
                continue  # the phases before took its time
            if direction == "forward":
                res = pushpull.astar(level, r, time_limit=left, max_states=max_states, weight=w,
                                     cap_every=cap_every, prune=prune, model=M)
            else:
                res = pushpull.backward(level, r, time_limit=left, weight=w)
                if res is None:
                    continue  # no co-game or no single solved position: the time goes on
            done.append((direction, res))
            if res.moves is not None or (res.complete and direction == "forward"):
                break  # solved, or proved unsolvable
        res = done[-1][1]
        # only a forward search proves a level unsolvable (backward() assumes where the
        # boxes of each colour end)
        complete = any(x.complete for d, x in done if d == "forward")
    else:
        res = search.astar(level, r, time_limit=time_limit, max_states=max_states,
                           weight=float(weight))
        done = [("engine", res)]
        complete = res.complete
    seconds = time.time() - t0
    moves = res.moves
    if moves is not None:
        why = check(level, moves, r)
        if why is not None:
            raise AssertionError("solver produced a wrong solution (%s): %s" % (why, moves))
    if stats is not None:
        stats["method"] = res.method
        stats["optimal"] = moves is not None and res.method.startswith("push A*")
        stats["pushes"] = res.pushes
        stats["moves"] = len(notation.parse_moves(moves)) if moves else None
        stats["expanded"] = sum(x.expanded for d, x in done)
        stats["states"] = sum(x.states for d, x in done)
        stats["seconds"] = seconds
        stats["complete"] = complete
        stats["lower_bound"] = getattr(done[0][1], "lower_bound", None)
        stats["corral_expanded"] = sum(getattr(x, "corral_expanded", 0) for d, x in done)
    return moves
