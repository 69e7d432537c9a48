"""Mental IQ+ solver (host only): solve(level) -> shortest move string, or None.

Breadth-first search over the positions games.mentaliq.engine reaches: every move is played by
the engine itself (play/undo), positions are told apart by Engine.key() (pieces plus the FIFO
ranks on vectors), so the solver can never disagree with the game's rules. BFS finds a
solution with the fewest actions (steps, pushes and plane changes all count one), which is what
the handheld's move counter shows.

The engine walks the BFS tree: to expand a node it undoes back to the common ancestor of the
node it stands on and replays down, so no position is ever copied. Consecutive nodes of a BFS
layer are close in the tree, so the walk costs a few moves per node.

Positions where a needed jewel was destroyed (Engine.lost()) are never expanded. When the
search runs out of positions without a solution and no limit was hit, the level is proven
unsolvable (stats["complete"]).
"""

import time
from array import array
from hashlib import blake2b

from games.mentaliq import board
from games.mentaliq.engine import (EV_BOOM, EV_BRICK, EV_LOOP, EV_PLANE, EV_PUSH, EV_REPULSE,
                                   EV_SLIDE, EV_STEP, EV_TRANSBORDER, EV_VECTOR, Engine,
                                   T_TRANSFERT)
from host_sim import memguard

UNDO_WORDS = 1 << 18  # deep enough for any BFS path: the undo ring is the solver's stack
_SHORT_KEY = 24  # longer keys are stored as a 16-byte digest (memory; collisions ~2**-128)

EVENT_NAMES = {EV_STEP: "step", EV_PUSH: "push", EV_SLIDE: "slide", EV_VECTOR: "vector",
               EV_TRANSBORDER: "transborder", EV_REPULSE: "repulse", EV_BOOM: "boom",
               EV_BRICK: "brick", EV_PLANE: "plane", EV_LOOP: "loop"}


def _digest(k):
    if len(k) <= _SHORT_KEY:
        return k
    return blake2b(k, digest_size=16).digest()


def engine_for(level):
    e = Engine(undo_words=UNDO_WORDS)
    e.load(level)
    return e


def check(level, moves):
    """None when moves solve level (replayed through the engine, letter case checked), else
    the reason."""
    bad = board.verify(level, moves)
    return None if bad is None else bad[1]


def replay(level, moves):
    """A fresh engine after playing moves (stops at the first impossible move)."""
    e = engine_for(level)
    board.verify_moves(e, moves, False)
    return e


def events_of(level, moves):
    """{event name: count} of every event the moves cause (see EVENT_NAMES)."""
    e = engine_for(level)
    out = {}
    for a in board.parse_moves(moves):
        if not e.play(a):
            break
        for i in range(e.nevents):
            name = EVENT_NAMES.get(e.events[3 * i] & 15, "?")
            out[name] = out.get(name, 0) + 1
    return out


def solve(level, time_limit=10.0, max_states=None, stats=None):
    """The shortest solution of level (a board.Level) as move text (case as the engine plays
    it), or None when none was found within time_limit seconds / max_states positions.

    stats, when a dict, receives: method ("BFS"), states (positions stored), expanded,
    seconds, complete (True when every reachable position was searched: None then means
    unsolvable), moves (solution length or None), depth (deepest layer reached), stopped
    ("memory" when it stopped at the memory guard's limit, host_sim/memguard.py; else None).
    """
    t0 = time.time()
    e = engine_for(level)
    play = e.play
    undo = e.undo
    key = e.key
    tile = e.tile
    seen = {_digest(key()): 0}
    parent = array("i", [-1])
    move = bytearray(1)
    depth = array("H", [0])
    found = -1
    cur = 0  # the node the engine stands on
    head = 0  # next node to expand (nodes are numbered in BFS order)
    complete = False
    limited = False
    stopped = False  # by the memory guard
    path = []
    while True:
        if head >= len(parent):
            complete = True
            break
        if head & 255 == 0 and time_limit is not None and time.time() - t0 >= time_limit:
            limited = True
            break
        if memguard.due(head):
            limited = stopped = True
            break
        n = head
        head += 1
        # walk the engine from cur to n: undo up to the common ancestor, replay down
        a = cur
        b = n
        del path[:]
        while depth[a] > depth[b]:
            undo()
            a = parent[a]
        while depth[b] > depth[a]:
            path.append(move[b])
            b = parent[b]
        while a != b:
            undo()
            a = parent[a]
            path.append(move[b])
            b = parent[b]
        for i in range(len(path) - 1, -1, -1):
            play(path[i])
        cur = n
        dn = depth[n] + 1
        last = 4 if tile[e.hero] != T_TRANSFERT else 6
        for act in range(last):
            if not play(act):
                continue
            k = _digest(key())
            if k not in seen:
                m = len(parent)
                seen[k] = m
                if e.solved():
                    parent.append(n)
                    move.append(act)
                    depth.append(dn)
                    found = m
                    undo()
                    break
                if not e.lost():
                    parent.append(n)
                    move.append(act)
                    depth.append(dn)
                else:
                    seen[k] = -1
            undo()
        if found >= 0:
            break
        if max_states is not None and len(parent) >= max_states:
            limited = True
            break
    moves = None
    if found >= 0:
        acts = []
        b = found
        while b > 0:
            acts.append(move[b])
            b = parent[b]
        acts.reverse()
        r = engine_for(level)
        for act in acts:
            if not r.play(act):
                raise AssertionError("solver path does not replay at move %d" % len(r.history()))
        if not r.solved():
            raise AssertionError("solver path does not end solved")
        moves = board.format_moves(r)
        why = check(level, moves)
        if why is not None:
            raise AssertionError("solver produced a wrong solution (%s): %s" % (why, moves))
    if stats is not None:
        stats["method"] = "BFS"
        stats["states"] = len(seen)
        stats["expanded"] = head
        stats["seconds"] = time.time() - t0
        stats["complete"] = complete and not limited
        stats["moves"] = len(board.parse_moves(moves)) if moves is not None else None
        stats["depth"] = depth[len(depth) - 1]
        stats["stopped"] = "memory" if stopped else None
    return moves


def shortest_length(level, time_limit=10.0, max_states=None):
    """Length of the shortest solution, or None."""
    m = solve(level, time_limit, max_states)
    return None if m is None else len(board.parse_moves(m))


PROVE_STATES = 300000   # positions `packs check` searches for a level with no stored solution


def prove(level, max_states=PROVE_STATES):
    """For `packs check`: is a level without a stored solution solvable? -> None when the
    solver found a solution, else the reason as text ("warning: ..." when the search stopped at
    max_states before it could tell). Deterministic: bounded by positions, not by time."""
    stats = {}
    moves = solve(level, time_limit=None, max_states=max_states, stats=stats)
    if moves is not None:
        return None
    if stats["complete"]:
        return "no solution: every one of the %d reachable positions was searched" % stats["states"]
    return "warning: could not prove it solvable (searched %d positions, no solution yet)" % \
        stats["states"]
