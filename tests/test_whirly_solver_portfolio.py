"""solve()'s portfolio (host_sim/whirly/solver.py, PORTFOLIO): with a clock and no position
cap, searches taking turns (pushpull.Search: resumable): the optimal A* forward and backward
(pushpull.backward: the co-game from the solved position) alone for a while, then they and
weighted A* backward and forward. The searches the generator asks for (a position cap) and
optimal=True stay the single forward A* they were.
"""
import gc
import os
import random

from games.whirly import board
from host_sim.whirly import bench, generator, pushpull, solver
from test_whirly_solver_pruning import NONE, random_level, xsb

DATA = os.path.join(os.path.dirname(__file__), "data")
LEVELS = os.path.join(os.path.dirname(__file__), "..", "levels", "whirly")


def collection_level(name, number):
    from host_sim.whirly import packfile
    pack, items = packfile.levels(os.path.join(DATA, name))
    return items[number - 1][2]


def test_portfolio_solves_a_level_the_optimal_search_cannot_finish():
    # hard #42 (our generated collection): the forward A* is nowhere near done after 20,000
    # positions (nor after 20 s); the weighted backward search needs a few hundred
    lv = collection_level("whirly-hard-45.txt", 42)
    res = pushpull.astar(lv, None, time_limit=60, max_states=20000)
    assert res.moves is None and not res.complete
    back = pushpull.backward(lv, None, time_limit=60, weight=10)
    assert back.moves is not None and back.expanded < 2000
    assert solver.check(lv, back.moves) is None
    st = {}
    moves = solver.solve(lv, time_limit=12, stats=st)
    assert moves is not None and solver.check(lv, moves) is None
    # found by it, or where it met the optimal forward search's positions (on a loaded machine
    # the rounds' clock may give it to the WA*(30) backward instead: seen once)
    assert st["method"] in ("push WA*(10) backward", "met: push A* + push WA*(10) backward",
                            "push WA*(30) backward", "met: push A* + push WA*(30) backward")
    assert not st["optimal"]
    assert st["pushes"] == solver.figures(lv, moves)[0]
    assert st["expanded"] > back.expanded  # the phases before it are counted too
    # the forward A* alone (optimal=True) finds nothing in a second
    st = {}
    assert solver.solve(lv, time_limit=1, stats=st, optimal=True) is None
    assert st["method"] == "push A*" and not st["complete"]


class _Clock:
    """time.time() for solver and pushpull: a step per call (the searches read the clock every
    64 positions), so the portfolio's schedule does not depend on the machine."""

    def __init__(self, step):
        self.now = 1000.0
        self.step = step

    def time(self):
        self.now += self.step
        return self.now


def test_portfolio_searches_take_turns_so_a_weighted_one_starts_early(monkeypatch):
    # hard #42 again: the weighted backward search needs a few hundred positions, the optimal
    # ones never finish. Taking turns, it gets its first turn at SOLO (20 %) of the limit and
    # finds it within a few rounds; the phases one after another (the portfolio before) only
    # started it at half the limit
    lv = collection_level("whirly-hard-45.txt", 42)
    clock = _Clock(0.02)
    monkeypatch.setattr(solver, "time", clock)
    monkeypatch.setattr(pushpull, "time", clock)
    st = {}
    t0 = clock.now
    moves = solver.solve(lv, time_limit=20, stats=st)
    assert moves is not None and st["method"] in ("push WA*(10) backward",
                                                  "met: push A* + push WA*(10) backward")
    assert solver.SOLO * 20 < clock.now - t0 < 0.3 * 20
    assert solver.check(lv, moves) is None
    # with a longer limit the optimal searches' time alone stops at SOLO_MAX seconds, not at
    # 20 % of it: at 60 s it is found between 4 and 6 s, not past 12
    clock.now = t0 = 1000.0
    st = {}
    moves = solver.solve(lv, time_limit=60, stats=st)
    assert moves is not None and "WA*(" in st["method"]
    assert solver.SOLO_MAX == 4 and solver.SOLO_MAX < clock.now - t0 < 6 < solver.SOLO * 60


def test_a_search_run_in_slices_expands_the_same_positions():
    """pushpull.Search.run() resumes where it stopped: cut into runs of no time at all (64
    expansions each, the clock's step) it finds what astar() finds in one run, after the same
    positions; forward, backward and weighted."""
    easy = collection_level("whirly-beginner-155.txt", 140)
    hard = collection_level("whirly-hard-45.txt", 42)
    for lv, make, one in (
            (easy, lambda: pushpull.Search(easy), lambda: pushpull.astar(easy, time_limit=60)),
            (easy, lambda: pushpull.backward_search(easy),
             lambda: pushpull.backward(easy, time_limit=60)),
            (hard, lambda: pushpull.backward_search(hard, weight=10),
             lambda: pushpull.backward(hard, time_limit=60, weight=10))):
        whole = one()
        s = make()
        runs = 0
        while not s.done:
            res = s.run(0)
            runs += 1
        assert res.moves is not None and res.method == whole.method
        assert (res.moves, res.pushes, res.expanded, res.states) == \
            (whole.moves, whole.pushes, whole.expanded, whole.states)
        assert runs >= whole.expanded // 64 and runs > 3
        assert solver.check(lv, res.moves) is None


def test_a_search_pauses_the_garbage_collector_and_leaves_no_cycles():
    lv = collection_level("whirly-beginner-155.txt", 140)
    gc.collect()
    seen = []
    s = pushpull.Search(lv)
    heappop = pushpull.heapq.heappop

    def pop(heap):
        seen.append(gc.isenabled())
        return heappop(heap)
    pushpull.heapq.heappop = pop
    try:
        assert s.run(60).moves is not None
    finally:
        pushpull.heapq.heappop = heappop
    assert seen and not any(seen) and gc.isenabled()  # paused while searching, then back on
    gc.disable()
    try:
        pushpull.astar(lv, time_limit=60)
        assert not gc.isenabled()  # left off when it was off
    finally:
        gc.enable()
    del s
    assert gc.collect() == 0  # nothing for the collector: pausing it kept no garbage


def test_portfolio_gives_the_shortest_solution_when_an_optimal_phase_finishes():
    lv = xsb(["#######",
              "#@ $ .#",
              "# $ . #",
              "#######"])
    st = {}
    assert solver.solve(lv, time_limit=10, stats=st) is not None
    assert st["method"] == "push A*" and st["optimal"]
    assert st["pushes"] == pushpull.astar(lv, None, prune=pushpull.OPTIMAL).pushes
    pack = os.path.join(DATA, "whirly-beginner-155.txt")
    from host_sim.whirly import packfile
    p, items = packfile.levels(pack)
    for i, raw, lv, err in items[::20]:
        st = {}
        moves = solver.solve(lv, time_limit=20, stats=st)
        assert st["optimal"], (i + 1, st["method"])
        assert st["pushes"] == pushpull.astar(lv, None, prune=pushpull.OPTIMAL).pushes, i + 1
        assert solver.check(lv, moves) is None


def test_backward_search_finds_the_forward_push_count():
    """backward() with weight 1 is an optimal search too: the plain forward A*'s push count on
    small random levels (solvable or not: an unsolvable level has no backward solution)."""
    rng = random.Random(7)
    compared = solved = 0
    for k in range(150):
        rows = random_level(rng, rng.choice((6, 7, 8)), rng.choice((5, 6, 7)),
                            rng.choice((2, 3)), rng.choice((0.15, 0.3)), 60, scatter=k % 4 == 0)
        if rows is None:
            continue
        lv = xsb(rows)
        fwd = pushpull.astar(lv, None, time_limit=20, prune=NONE)
        if fwd.moves is None and not fwd.complete:
            continue
        back = pushpull.backward(lv, None, time_limit=20)
        assert back is not None and back.pushes == fwd.pushes, rows
        if back.moves is not None:
            assert solver.check(lv, back.moves) is None
            assert back.moves == "" or back.moves[-1].isupper()  # no walk after the end
            solved += 1
        compared += 1
    assert compared >= 100 and solved >= 60


def test_backward_search_on_the_shipped_pull_and_colour_packs():
    """Co-games both ways: Co-Sokoban, Colorban, PullPush and Co-PullPush levels solved
    backwards in the forward A*'s push (and pull) counts."""
    from host_sim.whirly import packfile
    for pack in ("02-co-sokoban.txt", "03-colorban.txt", "06-pullpush.txt",
                 "07-co-pullpush.txt"):
        p, items = packfile.levels(os.path.join(LEVELS, pack))
        for i, raw, lv, err in items[-3:]:
            back = pushpull.backward(lv, None, time_limit=20)
            assert back is not None and back.moves is not None, (pack, i + 1)
            assert solver.check(lv, back.moves) is None
            assert back.pushes == pushpull.astar(lv, None, time_limit=20).pushes, (pack, i + 1)


def test_backward_search_does_not_apply_without_one_solved_position():
    spare = xsb(["#######", "#@$ ..#", "#######"])  # two targets, one box: two ends
    assert pushpull.co_level(spare) is None and pushpull.backward(spare) is None
    maze = board.parse_rows(["########", "# @ - $ - h0 - #", "########"], 1, "whirly",
                            "boximaze")  # the hero has a target: where it ends counts
    assert pushpull.co_level(maze) is None
    st = {}
    assert solver.solve(spare, time_limit=5, stats=st) is not None and st["optimal"]


def test_backward_search_starts_from_every_region_the_hero_may_finish_in():
    # solved, the box splits the corridor: the hero ends on its left (the side it pushes
    # from), never on its right; both are starts of the one backward search
    lv = xsb(["########",
              "#@ $ . #",
              "########"])
    co, rules, cells = pushpull.co_level(lv)
    assert rules.name == "co-sokoban" and sorted(cells) == [9, 14]  # (1,1) and (6,1)
    back = pushpull.backward(lv, None, time_limit=10)
    assert back.pushes == 2 and back.moves == "rRR"
    assert solver.check(lv, back.moves) is None


def test_the_generator_search_is_the_single_forward_search():
    """A position cap (the generator's searches, generator.SEARCH) gives the forward A*
    alone, as before the portfolio: the same moves, or None when the cap is hit, with no
    other phase run."""
    for lv in (collection_level("whirly-beginner-155.txt", 60),
               collection_level("whirly-hard-45.txt", 42)):
        st = {}
        moves = solver.solve(lv, "sokoban", max_states=3000, time_limit=600, stats=st,
                             **generator.SEARCH)
        res = pushpull.astar(lv, "sokoban", max_states=3000, time_limit=600, prune=(),
                             cap_every=64)
        assert moves == res.moves
        assert st["method"] == "push A*"
        assert (st["expanded"], st["states"]) == (res.expanded, res.states)
    assert moves is None  # the hard level: cap hit, no weighted or backward phase after it


def test_bench_counts_each_limit_with_its_own_portfolio_run():
    import io
    path = os.path.join(DATA, "whirly-hard-45.txt")
    out, progress = io.StringIO(), io.StringIO()
    counts, figs = bench.run(path, 2.0, 1, out=out, limits=(0.5,), first=3, progress=progress)
    assert [lim for lim, n in counts] == [0.5, 2.0]
    # a line per level as it comes, each limit's run (the levels solved optimally at 0.5 s kept)
    told = progress.getvalue().splitlines()
    assert told[:3] == [x for x in told if "limit 0.5 s" in x] and len(told) >= 3
    assert all(x.startswith("[%d/3, limit 0.5 s] " % (k + 1)) for k, x in enumerate(told[:3]))
    assert counts[-1][1] == 3 and figs["levels"] == 3
    assert sum(figs["methods"].values()) == 3
    assert "found by: push A*" in out.getvalue()
    counts, figs = bench.run(path, 2.0, 1, out=io.StringIO(), limits=(0.5,), first=3,
                             optimal=True)
    assert set(figs["methods"]) == {"push A*"} and figs["weighted"] == 0


def test_bench_keeps_an_optimal_result_only_from_before_the_python_turns(monkeypatch):
    """A level the optimal phase solved at a smaller limit within NATIVE_ALONE_MAX is kept; one
    it solved later is run again (past 20 s the Python turns take a share of the cores)."""
    import io
    ran = []

    def fake(job):
        index, level, limit = job[:3]
        ran.append((index, limit))
        secs = {0: 2.0, 1: solver.NATIVE_ALONE_MAX + 2}[index]
        return (index, True, secs, 10, 100, None, 0, False, "native A*")
    monkeypatch.setattr(bench, "_solve_one", fake)
    path = os.path.join(DATA, "whirly-hard-45.txt")
    counts, figs = bench.run(path, 60.0, 1, out=io.StringIO(), limits=(20.0,), first=2)
    assert ran == [(0, 20.0), (1, 20.0), (1, 60.0)]
    assert counts == [(20.0, 2), (60.0, 2)]
