"""The C search for classic levels (host_sim/whirly/native.py, native/sokosolve.c): built with the
machine's C compiler, run beside solve()'s portfolio; its solutions replayed through the engine."""
import glob
import os
import random
import shutil
import time

import pytest

from host_sim.whirly import native, packfile, packing, pushpull, solver
from test_whirly_solver_meet import COLUMN
from test_whirly_solver_portfolio import collection_level
from test_whirly_solver_pruning import random_level, xsb

LEVELS = os.path.join(os.path.dirname(__file__), "..", "levels", "whirly")

# five boxes in an open room, a pillar by the hero
ROOM = ["########",
        "#.  .  #",
        "# $$ $ #",
        "#  @#  #",
        "# $  $ #",
        "#.  . .#",
        "########"]
# the box in the corner can never move: unsolvable from the start
CORNER = ["######",
          "#$ . #",
          "# @$.#",
          "######"]
# a box pushed into the lower room can never come back: every way to the targets dead
CLOSED = ["#######",
          "#.  . #",
          "#  @  #",
          "##$#$##",
          "#     #",
          "#######"]


def shipped_push_levels(classic):
    """(pack, number, level) of the shipped push-model levels the C search takes (classic) or
    leaves (pulls, several box colours)."""
    out = []
    for path in sorted(glob.glob(os.path.join(LEVELS, "*.txt"))):
        pack, items = packfile.levels(path)
        for number, item in enumerate(items, 1):
            lv = item[2]
            if lv is None or pushpull.applicable(lv) is not None:
                continue
            if native.applies(pushpull.Model(lv)) == classic:
                out.append((os.path.basename(path), number, lv))
    return out


def test_native_solver_builds_wherever_there_is_a_c_compiler():
    if not (os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("no C compiler on this machine: the Python searches work alone")
    assert native.available() is None


def test_native_takes_classic_levels_only():
    assert native.applies(pushpull.Model(xsb(ROOM)))
    others = shipped_push_levels(classic=False)
    packs = {name for name, number, lv in others}
    assert {"03-colorban.txt", "06-pullpush.txt"} <= packs
    for name, number, lv in others:
        M = pushpull.Model(lv)
        assert not M.pure_push or len(M.cols) > 1
        assert native.start(M, 1) is None


def test_native_solution_is_a_legal_move_string_that_solves_the_level():
    lv = xsb(ROOM)
    r = native.solve(pushpull.Model(lv), 10)
    assert r.status == "solved" and r.moves
    assert solver.check(lv, r.moves) is None
    assert sum(ch.isupper() for ch in r.moves) == r.pushes


def test_native_proves_dead_levels_unsolvable():
    for rows in (CORNER, CLOSED):
        lv = xsb(rows)
        r = native.solve(pushpull.Model(lv), 10)
        assert r.status == "unsolvable" and r.moves is None
        py = pushpull.astar(lv, time_limit=20, prune=frozenset())
        assert py.moves is None and py.complete


def test_native_a_star_finds_the_shortest_solution_of_every_shipped_classic_level():
    """Weight 1: the optimal A* (consistent bound, a shorter way to a waiting position taken),
    forward and backward (by pulls from the solved position, its hero in any of its regions):
    the same pushes as the Python A* with the prunings proven to keep optimality."""
    levels = shipped_push_levels(classic=True)
    assert len(levels) >= 20
    for name, number, lv in levels:
        M = pushpull.Model(lv)
        py = pushpull.astar(lv, time_limit=60, prune=pushpull.OPTIMAL, model=M)
        assert py.moves is not None, (name, number)
        for prunings in (native.PRUNINGS, native.BACKWARD):
            r = native.solve(M, 20, "1", prunings=prunings)
            assert r.status == "solved" and r.pushes == py.pushes, (name, number, prunings)
            assert solver.check(lv, r.moves) is None


def test_native_deadlock_and_corral_pruning_never_lose_a_solution_on_random_levels():
    """Dead squares, freeze deadlocks, PI-corrals, frozen goals and held boxes are sound: on
    small random levels (about half of them unsolvable) the C search's verdict and shortest
    push count, forward and backward, are the plain Python search's, which prunes nothing."""
    rng = random.Random(2611)
    solvable = dead = 0
    for k in range(600):
        rows = random_level(rng, rng.choice((6, 7, 8, 9)), rng.choice((5, 6, 7)),
                            rng.choice((2, 3, 4)), rng.choice((0.1, 0.25, 0.4)),
                            rng.choice((40, 120)), scatter=k % 2 == 0)
        if rows is None:
            continue
        lv = xsb(rows)
        if pushpull.applicable(lv) is not None or not native.applies(pushpull.Model(lv)):
            continue
        plain = pushpull.astar(lv, time_limit=30, prune=frozenset())
        assert plain.moves is not None or plain.complete
        for prunings in (native.PRUNINGS, native.BACKWARD):
            r = native.solve(pushpull.Model(lv), 10, "1", prunings=prunings)
            if plain.moves is None:
                assert r.status == "unsolvable", (rows, prunings)
            else:
                assert r.status == "solved" and r.pushes == plain.pushes, (rows, prunings)
                assert solver.check(lv, r.moves) is None
        solvable += plain.moves is not None
        dead += plain.moves is None
    assert solvable >= 150 and dead >= 150, (solvable, dead)


def test_native_each_pruning_keeps_the_shortest_solution_and_cuts_positions():
    """PI-corrals, frozen goals and held boxes, each alone and all together, against none: the
    same pushes on every shipped classic level and 150 random ones, and fewer positions in
    all."""
    levels = [lv for name, number, lv in shipped_push_levels(classic=True)]
    rng = random.Random(77)
    while len(levels) < 175:
        rows = random_level(rng, rng.choice((7, 8, 9)), rng.choice((6, 7)), rng.choice((3, 4)),
                            rng.choice((0.1, 0.25)), 120)
        if rows is not None and native.applies(pushpull.Model(xsb(rows))):
            levels.append(xsb(rows))
    total = {}
    for lv in levels:
        M = pushpull.Model(lv)
        plain = None
        for prunings in ((), ("corral",), ("frozen",), ("held",), native.PRUNINGS):
            r = native.solve(M, 20, "1", prunings=prunings)
            plain = plain or r
            assert r.status == plain.status and r.pushes == plain.pushes
            total[prunings] = total.get(prunings, 0) + r.expanded
    assert all(total[(p,)] < total[()] for p in native.PRUNINGS)
    assert total[native.PRUNINGS] < min(total[(p,)] for p in native.PRUNINGS)


def test_native_backward_search_solves_a_goal_room_the_forward_one_cannot():
    """Our hard #26 (generated): boxes must fill a room in a right order; pulling them out of
    the solved position finds the order at once."""
    lv = collection_level("whirly-hard-45.txt", 26)
    M = pushpull.Model(lv)
    back = native.solve(M, 20, "3", prunings=native.BACKWARD)
    assert back.status == "solved" and back.expanded < 1000
    assert solver.check(lv, back.moves) is None
    fwd = native.solve(M, 2, "3")
    assert fwd.status == "timeout" or fwd.expanded > 50 * back.expanded


def test_native_weighted_searches_taking_turns_find_a_legal_solution():
    lv = xsb(ROOM)
    M = pushpull.Model(lv)
    best = native.solve(M, 10, "1").pushes
    for weights in ("3", "1,3", "1,3,10"):
        r = native.solve(M, 10, weights)
        assert r.status == "solved" and r.pushes >= best, weights
        assert solver.check(lv, r.moves) is None


def test_native_run_stopped_or_timed_out_says_so():
    lv = xsb(ROOM)
    r = native.solve(pushpull.Model(lv), 0.0)  # no time: it still answers, never hangs
    assert r.status in ("solved", "timeout")
    run = native.start(pushpull.Model(lv), 30)
    run.stop()
    assert run.poll().status in ("solved", "stopped")


def test_native_broken_input_is_an_error_not_a_crash(monkeypatch):
    lv = xsb(ROOM)
    M = pushpull.Model(lv)
    monkeypatch.setattr(native, "board", lambda M: "3 2\nA?A\n")
    r = native.solve(M, 5)
    assert r.status == "error" and r.moves is None


def _serpentine(bands, width, boxes):
    """A board in native.board()'s letters: 3-wide corridors winding down bands times across
    width cells (push distances up to about bands * width), boxes and targets at the top."""
    rows = []
    for b in range(bands):
        rows += [["D"] * width for _ in range(3)]  # floor
        if b < bands - 1:
            gap = range(width - 3, width) if b % 2 == 0 else range(3)
            rows.append(["D" if x in gap else "A" for x in range(width)])  # a wall, a way on
    for i in range(boxes):
        rows[1][2 + i], rows[1][3 + boxes + i] = "L", "H"  # box, target
    rows[1][0] = "T"  # hero
    return "%d %d\n" % (width, len(rows)) + "\n".join("".join(r) for r in rows) + "\n"


def test_native_declines_a_level_whose_bound_could_reach_its_infinity(monkeypatch):
    """The assignment bound counts an unreachable target as INF (16,383 pushes) like any cost:
    exact while every assignment of reachable targets costs less, which the C search checks
    (boxes times the cells a box may stand on alive: 5,472 at most on XSokoban) before it
    takes a level."""
    M = pushpull.Model(xsb(ROOM))
    monkeypatch.setattr(native, "board", lambda M: _serpentine(3, 120, 5))
    assert native.solve(M, 20).status == "solved"  # about 5 * 1,000
    monkeypatch.setattr(native, "board", lambda M: _serpentine(33, 120, 5))
    r = native.solve(M, 20)  # about 5 * 12,000
    assert r.status == "error" and r.moves is None


@pytest.mark.native
def test_portfolio_takes_the_native_solution_when_the_python_searches_have_none(monkeypatch):
    lv = xsb(ROOM)
    idle = pushpull.Result()

    def nothing(self, seconds):
        import time
        time.sleep(min(seconds, 0.01))
        return idle
    monkeypatch.setattr(pushpull.Search, "run", nothing)
    monkeypatch.setattr(packing.PackingSearch, "run", nothing)
    monkeypatch.setattr(solver, "NATIVE", (("1", native.PRUNINGS), ("3", native.PRUNINGS),
                                           ("10", native.BACKWARD)))
    st = {}
    moves = solver.solve(lv, time_limit=20, stats=st)
    assert moves is not None and solver.check(lv, moves) is None
    assert st["method"] in ("native A*", "native WA*(3)", "native WA*(10) backward")
    assert st["optimal"] == (st["method"] == "native A*")  # the A*'s pushes are the fewest
    assert st["seconds"] < 15  # it ended when the C search answered, not at the limit


@pytest.mark.native
def test_portfolio_hears_the_native_proof_that_a_level_is_unsolvable(monkeypatch):
    lv = xsb(CLOSED)
    monkeypatch.setattr(solver, "NATIVE", (("1", native.PRUNINGS),))
    st = {}
    assert solver.solve(lv, time_limit=20, stats=st) is None
    assert st["complete"]


@pytest.mark.native
def test_portfolio_without_a_c_compiler_is_the_python_searches_alone(monkeypatch):
    monkeypatch.setattr(native, "_build", lambda: (None, "no C compiler found"))
    monkeypatch.setattr(solver, "NATIVE", (("1", native.PRUNINGS),))
    assert native.available() == "no C compiler found"
    lv = xsb(ROOM)
    st = {}
    moves = solver.solve(lv, time_limit=20, stats=st)
    assert moves is not None and solver.check(lv, moves) is None
    assert not st["method"].startswith("native")


def test_a_run_made_nicer_yields_its_share_of_the_cores():
    if not hasattr(os, "getpriority"):
        pytest.skip("no process priorities on this system")
    import subprocess
    p = subprocess.Popen(["sleep", "30"])
    try:
        native._nicer(p.pid, 3)
        assert os.getpriority(os.PRIO_PROCESS, p.pid) == os.getpriority(os.PRIO_PROCESS, 0) + 3
        run = native.Run.__new__(native.Run)
        run.p = p
        run.renice(solver.NATIVE_LAST)  # later, to the lowest priority
        assert os.getpriority(os.PRIO_PROCESS, p.pid) == \
            min(19, os.getpriority(os.PRIO_PROCESS, 0) + solver.NATIVE_LAST)
    finally:
        p.kill()
        p.wait()


@pytest.mark.native
def test_the_weighted_c_searches_run_nicer_than_the_a_star(monkeypatch):
    """Where busy processes outnumber the cores the optimal A* keeps the larger share (Microban
    II #124 within 20 s on 2 cores): the weighted searches start NATIVE_NICE steps nicer."""
    given = {}

    def start(M, seconds, weights="1", megabytes=None, prunings=native.PRUNINGS, nice=0,
              share=native.SHARE):
        given[(weights, "backward" in prunings)] = nice
        return _Busy()
    monkeypatch.setattr(native, "start", start)
    monkeypatch.setattr(solver, "NATIVE_PACKING", 0)
    monkeypatch.setattr(solver, "_turns", lambda *a: [("forward", pushpull.Result())])
    solver.solve(xsb(ROOM), time_limit=0.2)
    assert solver.NATIVE_NICE > 0
    assert given == {("1", False): 0, ("3", False): solver.NATIVE_NICE,
                    ("10", True): solver.NATIVE_NICE}


TURNS = solver._turns


def _c_runs(monkeypatch, limit, alone_all, spare=False, python_turns=False):
    """The C runs (fakes that never answer) of one solve() with a core to spare or not, the
    wait lasting the whole time at limits up to alone_all s (else a tenth of the time), the
    yields due 0.3 s (backward) or 0.6 s (forward) in; python_turns: the turns run after the
    wait (a Python search that finds nothing) -> [(weights, backward, memory share,
    [(seconds after the start, nice) of each renice])]."""
    runs = []

    def start(M, seconds, weights="1", megabytes=None, prunings=native.PRUNINGS, nice=0,
              share=native.SHARE):
        run = _Busy()
        run.backward, run.reniced = "backward" in prunings, []
        run.renice = lambda n: run.reniced.append((time.time() - t0, n))
        runs.append((weights, run.backward, share, run.reniced))
        return run
    monkeypatch.setattr(native, "start", start)
    monkeypatch.setattr(solver, "NATIVE_PACKING", 0)
    monkeypatch.setattr(solver, "NATIVE_ALONE", 0.1)
    monkeypatch.setattr(solver, "NATIVE_ALONE_ALL", alone_all)
    monkeypatch.setattr(solver, "NATIVE_BACKWARD_FIRST", 0.3)
    monkeypatch.setattr(solver, "NATIVE_FORWARD_FIRST", 0.6)
    monkeypatch.setattr(solver, "_spare_core", lambda searches: spare)
    if python_turns:
        monkeypatch.setattr(solver, "PORTFOLIO", (("forward", 1, 1.0),))
        monkeypatch.setattr(pushpull, "Search", lambda *a, **k: _Fruitless())
        monkeypatch.setattr(solver, "_turns", TURNS)  # (a call before may have faked them)
    else:
        monkeypatch.setattr(solver, "_turns", lambda *a: [("forward", pushpull.Result())])
    t0 = time.time()
    solver.solve(xsb(ROOM), time_limit=limit)
    return runs


class _Fruitless:
    """A Python search that finds nothing in its turns."""
    done = False

    def __init__(self):
        self.res = pushpull.Result()
        self.meet = []

    def run(self, seconds):
        time.sleep(seconds)
        return self.res


@pytest.mark.native  # (solver.NATIVE kept: the runs are fakes)
def test_at_short_limits_the_backward_c_search_yields_its_core_after_its_first_seconds(
        monkeypatch):
    """Microban #153 needs the WA*(3)'s whole core for 12-14 s, the backward search's levels
    of the beginner collections come within 0.15 s: after NATIVE_BACKWARD_FIRST the backward
    one runs at the lowest priority."""
    runs = _c_runs(monkeypatch, 1.0, alone_all=5)
    assert [(w, b) for w, b, share, reniced in runs] == [("1", False), ("3", False),
                                                         ("10", True)]
    for w, backward, share, reniced in runs:
        assert share == solver.NATIVE_SHARE_SHORT > native.SHARE  # the Python ones keep little
        if backward:
            assert len(reniced) == 1 and reniced[0][1] == solver.NATIVE_LAST
            assert 0.3 <= reniced[0][0] < 0.3 + 0.2
        else:
            assert reniced == []
    # with a core to spare the Python turns run beside them: no step aside, the usual share
    for w, backward, share, reniced in _c_runs(monkeypatch, 1.0, 5, spare=True):
        assert share == native.SHARE and reniced == []


@pytest.mark.native  # (solver.NATIVE kept: the runs are fakes)
def test_at_longer_limits_the_forward_c_searches_yield_their_cores_after_their_first_seconds(
        monkeypatch):
    """On XSokoban at 60 s the forward C searches found their levels within 3 s, the backward
    one its own in up to 35 s on a third of a core: after NATIVE_FORWARD_FIRST the forward
    ones run at the lowest priority, in the wait or between the Python turns, and the
    backward one may take the larger memory share."""
    for turns, limit in ((False, 8.0), (True, 1.5)):
        # (the wait: a tenth of the time: 0.78 s, then the turns faked; or 0.15 s, then turns)
        runs = _c_runs(monkeypatch, limit, alone_all=0.5, python_turns=turns)
        assert [b for w, b, share, reniced in runs] == [False, False, True]
        for w, backward, share, reniced in runs:
            if backward:
                assert share == solver.NATIVE_SHARE_SHORT and reniced == []
            else:
                assert share == native.SHARE
                assert len(reniced) == 1 and reniced[0][1] == solver.NATIVE_LAST, (turns, reniced)
                assert 0.6 <= reniced[0][0] < 0.6 + 0.2
    for w, backward, share, reniced in _c_runs(monkeypatch, 1.5, 0.5, spare=True,
                                               python_turns=True):
        assert share == native.SHARE and reniced == []


class _Busy:
    """A native run that never answers (a level beyond the C searches)."""
    backward = False

    def __init__(self):
        self.result = None
        self.stopped = False

    def renice(self, nice):
        pass

    def poll(self):
        return self.result

    def stop(self):
        self.stopped = True
        self.result = native.Result("stopped")


def test_the_packing_order_search_fills_the_wait_for_the_c_searches(monkeypatch):
    """While the C searches have the time alone, the Python process runs the packing-order
    search (not the other Python searches): its solution ends the wait and every C run."""
    lv = xsb(COLUMN)
    busy = []
    monkeypatch.setattr(solver, "NATIVE", (("1", native.PRUNINGS),))
    monkeypatch.setattr(solver, "_spare_core", lambda searches: False)
    monkeypatch.setattr(native, "start", lambda *a, **k: busy.append(_Busy()) or busy[-1])

    def never(self, seconds):
        raise AssertionError("a Python search other than the packing one ran in the wait")
    monkeypatch.setattr(pushpull.Search, "run", never)
    st = {}
    moves = solver.solve(lv, time_limit=20, stats=st)
    assert moves is not None and solver.check(lv, moves) is None
    assert st["method"] == "packing order" and st["seconds"] < 10
    assert busy and all(run.stopped for run in busy)


def _packing_runs(monkeypatch, packing_seconds, spare=False, alone_all=0):
    """When (seconds after the start) a packing-order search and the other Python searches,
    all finding nothing, ran, the C searches never answering, within a 4 s limit, with a core
    to spare or not, the wait lasting the whole time at limits up to alone_all s -> (the
    packing one's times, the others', the wait's end)."""
    monkeypatch.setattr(solver, "NATIVE", (("1", native.PRUNINGS),))
    monkeypatch.setattr(solver, "NATIVE_PACKING", packing_seconds)
    monkeypatch.setattr(solver, "NATIVE_ALONE_ALL", alone_all)
    monkeypatch.setattr(solver, "_spare_core", lambda searches: spare)
    monkeypatch.setattr(native, "start", lambda *a, **k: _Busy())
    ran, others = [], []

    def recorder(times):
        def nothing(self, seconds):
            times.append(time.time())
            time.sleep(max(0, min(seconds, 0.01)))
            return self.res
        return nothing
    monkeypatch.setattr(packing.PackingSearch, "run", recorder(ran))
    monkeypatch.setattr(pushpull.Search, "run", recorder(others))
    t0 = time.time()
    solver.solve(xsb(COLUMN), time_limit=4, stats={})
    return [t - t0 for t in ran], [t - t0 for t in others], 4 * solver.NATIVE_ALONE


def test_without_the_packing_wait_the_python_searches_idle_until_their_turns(monkeypatch):
    ran, others, wait = _packing_runs(monkeypatch, 0)
    assert others and all(t >= wait * 0.9 for t in ran + others)


def test_a_core_is_spare_when_this_process_may_use_more_than_the_c_searches(monkeypatch):
    if hasattr(os, "sched_getaffinity"):
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    else:
        monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert solver._spare_core(3) and not solver._spare_core(4)


def test_with_a_core_to_spare_the_python_searches_do_not_wait(monkeypatch):
    """More cores than C searches: the turns begin when the packing-order search's first
    seconds are over, not when the wait for the C searches would end."""
    ran, others, wait = _packing_runs(monkeypatch, 0.5, spare=True)
    assert min(others) < 0.5 + 0.2 < wait * 0.9
    assert max(t for t in ran if t < 0.5 + 0.2) >= 0.4  # the packing one had its seconds first
    assert all(t >= 0.45 for t in others)


def test_the_packing_order_search_has_the_wait_for_its_first_seconds_only(monkeypatch):
    """Then the C searches get the cores back until the Python searches' turns."""
    ran, others, wait = _packing_runs(monkeypatch, 0.5)
    early = [t for t in ran + others if t < wait * 0.9]
    assert early and max(early) < 0.5 + 0.2


def test_at_short_limits_the_python_searches_wait_as_long_as_a_c_search_runs(monkeypatch):
    """At limits up to NATIVE_ALONE_ALL, with no core to spare, no Python turn begins while a
    C search runs: the packing-order search has its first seconds, then the C searches keep
    the cores to the end (their first search only computes its bound, after the end)."""
    ran, others, wait = _packing_runs(monkeypatch, 0.5, alone_all=5)
    end = 4 * (1 - solver.FREE)
    assert ran and max(ran) < 0.5 + 0.2
    assert others and min(others) >= end * 0.98 and len(others) == 1
    # past the threshold the turns begin at the usual wait's end
    ran, others, wait = _packing_runs(monkeypatch, 0.5, alone_all=3)
    assert others and min(others) < end * 0.9
