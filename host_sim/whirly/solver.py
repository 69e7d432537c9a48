"""Whirly solver (host only): solve(level) -> LURD move string or None, for every variant.

Two searches, both over push-level positions (the hero walks for free between actions):
  - Sokoban-class levels (one hero that pushes, pulls or leaves alone each box colour, boxes never
    move boxes, no flocking: Sokoban, Co-Sokoban, Colorban, PullPush, Co-PullPush, BoxiMaze):
    pushpull.astar, a push-level A* with an assignment lower bound, dead squares, freeze
    deadlocks and a transposition table. Optimal in pushes (pulls) when it finishes. Given a
    clock only, solve() runs a portfolio (PORTFOLIO): that A* and the same backwards
    (pushpull.backward) alone first, then they and weighted A* both ways taking turns
    (pushpull.Search, resumable), for any solution within the time; a position a search
    forward and one backward both reached joins their paths into a solution (they meet).
    Given more than a minute, a weighted A* that learns dead patterns as it goes (learn.py)
    joins them: slow, but it solves levels the others leave (XSokoban #9). On classic levels
    (pure push, one box colour) the C search (native.py: the same A*, a hundred times the
    positions a second) runs beside them in processes of its own (NATIVE).
  - everything else (flocking, trains, swaps, leaps, several heroes): search.astar, an A* whose
    moves are played by games.whirly.engine itself.
Whatever finds it, a solution is replayed from the start through the engine and returned only
when it is legal, written in the right letter case and ends solved.
"""

import os
import time

from games.whirly import notation
from games.whirly import rules as R
from games.whirly.engine import Engine
from handheld.moves import MOVES_MAX
from host_sim.whirly import native, packing, pushpull, search

_LETTERS = frozenset("urdlURDL*~")


def rules_of(level, rules=None):
    return R.get(rules if rules is not None else getattr(level, "variant", "sokoban"))


def count_moves(moves):
    """Moves in a move text, runs expanded. Plain letters are counted at any length; a text
    with runs is read as a pack's solution is (handheld.moves): -1 past MOVES_MAX or unreadable."""
    if _LETTERS.issuperset(moves):
        return len(moves)
    try:
        return len(notation.parse_moves(moves))
    except ValueError:
        return -1


def storable(moves):
    """True when a pack can store moves: the device reads at most MOVES_MAX moves of a
    solution; the solver's may be longer (Microban II's largest levels, 4,000+ moves)."""
    return 0 <= count_moves(moves) <= MOVES_MAX


def _play(e, moves, strict=True):
    """notation.verify_moves for moves of any length: plain move letters past MOVES_MAX (a
    solution found here, too long for a pack) are played in pieces of MOVES_MAX."""
    if len(moves) <= MOVES_MAX or not _LETTERS.issuperset(moves):
        return notation.verify_moves(e, moves, strict)
    for k in range(0, len(moves), MOVES_MAX):
        bad = notation.verify_moves(e, moves[k:k + MOVES_MAX], strict)
        if bad is not None:  # "move N ..." counted in the piece: counted from the start
            return (k + bad[0], "move %d %s" % (k + bad[0] + 1, bad[1].split(" ", 2)[2]))
    return None


def check(level, moves, rules=None):
    """None when moves solve level under rules (replayed through the engine, letter case
    checked), else a reason."""
    e = Engine()
    e.load(level, rules_of(level, rules))
    try:
        bad = _play(e, moves)
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
    _play(e, moves, False)
    return e


def figures(level, moves, rules=None):
    """(pushes, moves) of a solution: the engine's counters after replaying it. Pushes count
    every action that moved or met a box (push, pull, swap, leap, jump)."""
    e = replay(level, moves, rules)
    return e.pushes, e.moves


PROVE_STATES = 300  # packs check: positions searched per level without a stored solution


def prove(level, max_states=PROVE_STATES):
    """For `packs check`, a level without a stored solution: the forward search, capped at
    max_states positions (deterministic), -> "no solution: ..." when it proves none exists
    (targets no box can reach, every position searched), else None: a level it does not
    finish is not reported (published collections hold many no search finishes so soon)."""
    st = {}
    if solve(level, time_limit=60.0, max_states=max_states, stats=st) is not None \
            or not st["complete"]:
        return None
    if not st["states"]:
        return "no solution: dead at the start (boxes and targets that can never all be " \
            "matched, or a box stuck off target)"
    return "no solution: every one of the %d reachable positions was searched" % st["states"]


def method_for(level, rules=None):
    """'push' when the fast push/pull model applies, else 'engine'."""
    return "push" if pushpull.applicable(level, rules_of(level, rules)) is None else "engine"


# The portfolio: solve() with a clock and no position cap (hints need any valid solution within
# the time given, the shortest when there is time for it): searches taking turns, each resumed
# where it stopped (its queue and table kept). (direction, weight, share): rounds of ROUND of
# time_limit, each search running for its share of a round, the optimal ones (weight 1) alone
# for the first SOLO of time_limit (easy levels get the shortest solution), until one finds a
# solution or a forward one proves the level unsolvable. The optimal A* forward and backward
# (pushpull.backward: the co-game from the solved position; far easier on crowded ends such
# as goal rooms) give the shortest solution in pushes; weighted A* (f = g + w h) backward and
# forward look at far fewer positions, their solutions not always the shortest; the
# packing-order search (packing.PackingSearch, "weight" 0: never in the time alone) fills the
# targets one at a time in an order found backwards, a stage moving only its box and the
# boxes in its way. A search that does not apply (backward: spare targets, an htarget, colours that
# differ; packing: any but pure push) leaves its share to the others. The searches meet
# (pushpull.Search.meet): the forward ones look up the positions they reach in the backward
# ones' tables and the other way round; the two optimal ones' meeting is taken when proven
# shortest, else the best of theirs when their time alone ends (Search.settle). Measured
# (README, "The solver"): XSokoban's first 20 levels at 60 s a level 13 solved (with the
# bound on the hero's sides; 12 before it), 10 of them where a weighted backward search met
# the optimal forward one, #4 and #8 by the packing-order search (10 before it); Microban
# 152 / 154 / 154 at 1 / 5 / 20 s.
PORTFOLIO = (("forward", 1, 0.15), ("backward", 1, 0.1), ("backward", 10, 0.25),
             ("backward", 30, 0.45), ("forward", 10, 0.05), ("packing", 0, 0.1))
SOLO = 0.2
SOLO_MAX = 4.0  # seconds: past them the optimal searches' time alone buys little (their
# meetings settle it) and the weighted ones need the time (XSokoban at 60 s a level)
ROUND = 0.02
# Past DEEP_AFTER seconds (a long limit, `solve --time`), a forward WA*(10) that learns dead
# patterns as it goes (learn.py) joins the rounds with DEEP_SHARE (against the others' 1.1):
# each pattern costs thousands of positions of proof, too slow for 20 s, but with it XSokoban #9
# is solved in 409 s, unsolved in 600 s without it (README.md, "Learned dead patterns").
DEEP_AFTER = 60.0
DEEP_SHARE = 3.0
# Classic levels (pure push, one box colour: native.applies): the C search (native.py) runs
# beside the portfolio in processes of its own, one per entry (weights, prunings): an A*, a
# WA*(3), and a WA*(10) backward (from the solved position by pulls: goal rooms), for the
# whole time; the first solution found ends all. Each solves levels the others do not in 20 s
# (Microban II #124 the A*, #126 and #131 the WA*(3), XSokoban #2 the backward one). The
# backward weight, measured alone on XSokoban (20 s a level, README.md "The C search"): 10
# solves 19 of the 20 that 3 solves (not #9) and 8 more; 30 and 1.5 fewer; 3 and 10 taking
# turns on one table 19 of the 20 (#9, not #25) and 6 of the 8.
NATIVE = (("1", native.PRUNINGS), ("3", native.PRUNINGS), ("10", native.BACKWARD))
# The weighted searches run NATIVE_NICE steps nicer than the A*: where the busy processes
# outnumber the cores, the A* keeps the larger share (on 2 cores nearly a core in the wait and
# two thirds after it, instead of two thirds and a half). Microban II #124 needs 10-12 s of a
# core of its own (1.9 million positions): solved in 12.4-14.9 s at nice 3-5, 18.1-19.7 s at
# 0-1 (limit 20 s); the WA*(3)'s #131 in 13.3-17.3 s (9.9 s at 0).
NATIVE_NICE = 3
# For the first NATIVE_ALONE of the time (at most NATIVE_ALONE_MAX seconds) the Python searches
# wait: the C searches then have the machine's cores to themselves (on 2 cores, three busy
# processes would give each two thirds). Microban II #124 and #130 need the C A*'s whole 20 s.
# Where the machine has a core to spare (more than C searches: _spare_core()) nobody waits.
# At limits up to NATIVE_ALONE_ALL seconds the wait lasts as long as a C search runs: on 2
# cores the Python turns found none of Microban's, Microban II's or XSokoban's levels at 20 s
# (at 60 s XSokoban #49 and #62), and the C A* solved Microban II #130 in 12 s instead of
# 15-17 (before held boxes; with them in 5.5 s).
NATIVE_ALONE = 0.5
NATIVE_ALONE_MAX = 10.0
NATIVE_ALONE_ALL = 20.0
# At those limits, with no core to spare, the backward C search runs at the lowest priority
# (NATIVE_LAST, on what the others leave) after its first NATIVE_BACKWARD_FIRST seconds: it
# solves its Microban and Microban II levels within 0.15 s, and the WA*(3) needs a core of its
# own for 12-14 s on Microban #153 (solved in 14.7-18.2 s; unsolved at 20 s without the
# step). The Python searches then keep little memory: each C search may take
# NATIVE_SHARE_SHORT of it (#153's WA*(3): 0.54 GB), else native.SHARE.
NATIVE_BACKWARD_FIRST = 2.0
NATIVE_LAST = 19
NATIVE_SHARE_SHORT = 0.3
# At longer limits, with no core to spare, the forward C searches yield theirs (NATIVE_LAST)
# after their first NATIVE_FORWARD_FIRST seconds (as many as a 20 s limit gives them), and the
# backward one may take NATIVE_SHARE_SHORT of the memory: on XSokoban the forward ones found
# their 5 levels within 3 s, the backward one its 25 in up to 35 s on a third of a core; alone
# (40 s, 4 GB) it solves 6 more in 9-32 s (#16, #29, #41, #46, #81, #87), and it runs out of
# memory on 20 of the others in 15-35 s.
NATIVE_FORWARD_FIRST = 20.0
NATIVE_POLL = 0.01  # seconds between two looks at the C searches while they run alone
# Meanwhile, for its first NATIVE_PACKING seconds, the packing-order search runs (in this
# process, a fourth busy one): alone it solves its XSokoban levels (#4, #8, #55, #57, #60-#62,
# #64, #65, #68, #82, #83; no C search solves them) in 0.1-2.1 s, in its share of the turns
# after the wait in 17-58 s, #62 not within 60 s.
NATIVE_PACKING = 3.0
FREE = 0.03  # the last part of time_limit: freeing the searches' tables (2.5-3 % of the time
# they ran: XSokoban #16, 739,471 positions in 30 s, 0.79 s)


def solve(level, rules=None, time_limit=10.0, max_states=None, stats=None, weight=1,
          method=None, prune=None, cap_every=1, optimal=False):
    """A verified solution of level (a board.Level) under rules (default: the level's
    variant), or None when none was found within time_limit seconds / max_states states.
    It may be too long for a pack to store (storable()).

    With a clock only (max_states None, weight 1, optimal False) a push-model level gets the
    portfolio (PORTFOLIO: the optimal A* forward and backward alone first, then they,
    weighted A* backward and forward and the packing-order search taking turns).
    optimal=True, a weight or a max_states gives the one forward search asked for (the
    generator caps positions, so its searches stay the ones the shipped packs were made
    with).

    stats, when a dict, receives: method (the search that found the solution, or the last
    one started, e.g. "push A*", "push WA*(10) backward", "packing order"), optimal (True
    when an A* of weight 1 found it: shortest in pushes, with prune=pushpull.OPTIMAL
    forward), pushes, moves, expanded and states (all phases), seconds, complete (True when
    a forward search exhausted the positions: None then means unsolvable), lower_bound (the
    level's, push model), corral_expanded, stopped ("memory" when the searches stopped at
    the memory guard's limit, memguard.limit(), before the time was up; else None).
    """
    r = rules_of(level, rules)
    if method is None:
        method = method_for(level, r)
    t0 = time.time()
    if method == "push":
        prune = pushpull.DEFAULT if prune is None else prune
        M = pushpull.Model(level, r)
        if max_states is not None or weight != 1 or optimal:
            # one search, as asked
            res = pushpull.astar(level, r, time_limit=time_limit - (time.time() - t0),
                                 max_states=max_states, weight=weight, cap_every=cap_every,
                                 prune=prune, model=M)
            done = [("forward", res)]
        else:
            with pushpull.no_gc():  # the searches dropped before it looks (no_gc)
                done = _portfolio(level, r, M, prune, t0 + time_limit * (1 - FREE))
            res = next((x for d, x in done if x.moves is not None), done[-1][1])
        # only a forward search proves a level unsolvable (backward() assumes where the
        # boxes of each colour end)
        complete = any(x.complete for d, x in done if d in ("forward", "native"))
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
        # (the C A*: the same bound and optimal prunings, tested against the Python A*)
        stats["optimal"] = moves is not None and (res.method.startswith("push A*")
                                                  or res.method == "native A*")
        stats["pushes"] = res.pushes
        stats["moves"] = count_moves(moves) if moves else None
        stats["expanded"] = sum(x.expanded for d, x in done)  # all searches started
        stats["states"] = sum(x.states for d, x in done)
        stats["seconds"] = seconds
        stats["complete"] = complete
        stats["lower_bound"] = getattr(done[0][1], "lower_bound", None)
        stats["corral_expanded"] = sum(getattr(x, "corral_expanded", 0) for d, x in done)
        # "memory": a search stopped at the memory guard's limit (memguard), the others then
        stats["stopped"] = next((x.stopped for d, x in done if x.stopped), None)
    return moves


def _meet(item, searches):
    """A forward search and a backward one meet (pushpull.Search.meet): item and each of
    searches the other way round look up the positions the other reached."""
    ways = ("forward", "backward")
    if item[0] not in ways:
        return
    for o in searches:
        if o[0] in ways and o[0] != item[0]:
            item[1].meet.append(o[1].shared())
            o[1].meet.append(item[1].shared())


def _portfolio(level, r, M, prune, end):
    """PORTFOLIO's searches in turn until time end (and past DEEP_AFTER seconds the learning
    WA*(10)) -> [(direction, Result)] of those started, the first the optimal A* forward; one
    has moves when solved."""
    short = end - time.time() <= NATIVE_ALONE_ALL
    spare = _spare_core(len(NATIVE))
    # the larger memory share where no Python turn runs beside them (short) or for the one
    # that keeps its core to the end (backward)
    runs = [native.start(M, end - time.time(), w, prunings=p, nice=NATIVE_NICE * (w != "1"),
                         share=NATIVE_SHARE_SHORT if not spare and (short or "backward" in p)
                         else native.SHARE)
            for w, p in NATIVE] \
        if native.applies(M) else []
    runs = [x for x in runs if x is not None]
    # who yields the cores, when: (time, backward or forward)
    late = None if spare else (time.time() + NATIVE_BACKWARD_FIRST, True) if short \
        else (time.time() + NATIVE_FORWARD_FIRST, False)
    # the packing-order search fills the wait (one core; it finds the goal-room levels the C
    # searches do not, soon or not at all), then goes on in its turns
    packer = packing.PackingSearch(level, r, model=M) if runs and NATIVE_PACKING else None
    try:
        alone = end if short else \
            time.time() + min((end - time.time()) * NATIVE_ALONE, NATIVE_ALONE_MAX)
        packing_end = min(alone, time.time() + NATIVE_PACKING)
        while runs and time.time() < alone and not _native_done(runs) \
                and any(run.poll() is None for run in runs):
            if packer is not None and not packer.done and time.time() < packing_end:
                if packer.run(min(NATIVE_POLL * 5, packing_end - time.time())).moves is not None:
                    break
            elif spare:
                break  # (the turns begin: the C searches lose no core to them)
            else:
                time.sleep(NATIVE_POLL)
            late = _yield_cores(runs, late)
        solved = packer is not None and packer.res.moves is not None
        done = [] if solved else _turns(level, r, M, prune, end, runs, packer, late)
    finally:
        for run in runs:
            run.stop()
    if packer is not None and all(x is not packer.res for d, x in done):
        done.append(("packing", packer.res))  # it ran in the wait only
    return done + [("native", _native_result(run.result)) for run in runs
                   if run.result.status in ("solved", "unsolvable")]


def _yield_cores(runs, late):
    """late: (time, backward): once its time has come, the backward C search (backward True) or
    the forward ones yield their cores (NATIVE_LAST) -> late, None once done."""
    if late is None or time.time() < late[0]:
        return late
    for run in runs:
        if run.backward == late[1]:
            run.renice(NATIVE_LAST)
    return None


def _spare_core(searches):
    """Whether this process may use more cores than the C searches (then the Python searches
    need not wait for one)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) > searches


def _native_result(nr):
    """A native.Result as pushpull.Result."""
    res = pushpull.Result()
    res.method = ("native A*" if nr.weights == "1" else "native WA*(%s)" % nr.weights) \
        + (" backward" if nr.backward else "")
    res.moves, res.pushes = nr.moves, nr.pushes
    res.expanded = res.states = nr.expanded
    res.seconds = nr.seconds
    res.complete = nr.status == "unsolvable"
    return res


def _native_done(runs):
    """True when a native run solved the level or proved it unsolvable."""
    return any(run.poll() is not None and run.result.status in ("solved", "unsolvable")
               for run in runs)


def _turns(level, r, M, prune, end, runs, packer=None, late=None):
    """The portfolio's rounds (see _portfolio) until time end or a native run's answer;
    packer: the packing-order search already under way; late: _yield_cores()'s, between
    turns."""
    searches = []
    for direction, w, part in PORTFOLIO:
        if direction == "forward":
            s = pushpull.Search(level, r, weight=w, prune=prune, model=M)
        elif direction == "packing":
            if not M.pure_push:
                continue  # its stages assume every box pushed onto a target of its own
            s = packer or packing.PackingSearch(level, r, model=M)
        else:
            s = pushpull.backward_search(level, r, weight=w)
            if s is None:
                continue  # no co-game or no single solved position: the others share its time
        item = [direction, s, part, w]
        if s is packer and s.done:
            continue  # out of plans in the wait
        _meet(item, searches)
        searches.append(item)
    limit = end - time.time()
    solo_end = time.time() + min(limit * SOLO, SOLO_MAX)
    deep_at = time.time() + DEEP_AFTER if M.pure_push and limit > DEEP_AFTER else None
    started = []
    found = False
    was_solo = True
    while searches and not found and (time.time() < end or not started):
        if _native_done(runs):
            break
        # a round: the optimal searches alone until solo_end, then all of them (each for its
        # share of the round, the last turn cut at solo_end or end)
        solo = time.time() < solo_end and any(it[3] == 1 for it in searches)
        if not solo and was_solo:
            # the optimal searches' time alone is over: the best meeting of theirs not proven
            # shortest beats what the weighted ones find later
            best = min((it for it in searches if it[1].res.candidate is not None),
                       key=lambda it: it[1].res.candidate[0], default=None)
            if best is not None:
                best[1].settle()
                break
        was_solo = solo
        if deep_at is not None and time.time() >= deep_at:
            deep_at = None
            s = pushpull.Search(level, r, weight=10, prune=prune, model=M, learn=True)
            s.learned.end = end  # its proofs may run past its turn, not past the end
            item = ["forward", s, DEEP_SHARE, 10]
            _meet(item, searches)
            searches.append(item)
        pool = [it for it in searches if it[3] == 1 or not solo]
        total = sum(it[2] for it in pool)
        for item in pool:
            left = (solo_end if solo else end) - time.time()
            if left <= 0 and started:
                break  # the first search runs however little the time (its lower bound)
            late = _yield_cores(runs, late)
            direction, s, part, w = item
            if item not in started:
                started.append(item)
            res = s.run(min(limit * ROUND * part / total, left))
            if s.done:
                if res.moves is not None or (res.complete and direction == "forward") \
                        or res.stopped:
                    found = True  # solved, proved unsolvable, or out of memory (memguard)
                    break
                searches.remove(item)  # exhausted without a solution: out of the rounds
    return [(d, s.res) for d, s, p, w in started]
