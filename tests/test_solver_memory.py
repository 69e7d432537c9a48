"""The solvers' memory guard (host_sim/memguard.py): past memguard.limit() resident bytes
every search (Whirly's, Mental IQ+'s) stops as at a position cap and solve() says why
(stats["stopped"]), so a long `solve --time` never swaps the machine to a halt or gets killed."""
import argparse
import os

import pytest

from host_sim import memguard
from host_sim.mentaliq import cli as mq_cli
from host_sim.mentaliq import packfile as mq_packfile
from host_sim.mentaliq import solver as mq_solver
from host_sim.whirly import cli, pushpull, search, solver
from test_whirly_solver import SMALL, level


SMALL_XSB = [r.replace("-", " ") for r in SMALL["sokoban"]]  # as a pack file has it


@pytest.fixture
def no_room(monkeypatch):
    """A limit every process is over, looked at after each position."""
    monkeypatch.setattr(memguard, "LIMIT", 1)
    monkeypatch.setattr(memguard, "EVERY", 1)


def test_memory_guard_reads_this_process_and_defaults_to_half_the_machine():
    size = memguard.resident()
    assert size is not None and size > 1 << 20  # a Python process with the solver loaded
    phys = memguard.physical()
    assert phys is not None and phys > size
    assert memguard.limit() == int(phys * memguard.SHARE) and memguard.SHARE == 0.5
    assert not memguard.over()  # the test run itself is far from half this machine


def test_portfolio_stops_every_search_at_the_memory_limit(no_room):
    lv = level(SMALL["sokoban"])
    st = {}
    assert solver.solve(lv, time_limit=30, stats=st) is None
    assert st["stopped"] == "memory"
    assert not st["complete"]  # not proved unsolvable: only stopped
    # each search started stopped at its first position: the portfolio did not go on
    # running the others for the rest of the 30 s
    assert st["expanded"] <= len(solver.PORTFOLIO)


def test_without_the_limit_the_same_level_is_solved_and_nothing_stopped():
    lv = level(SMALL["sokoban"])
    st = {}
    moves = solver.solve(lv, time_limit=30, stats=st)
    assert moves is not None and solver.check(lv, moves) is None
    assert st["stopped"] is None


def test_single_push_search_and_engine_search_stop_at_the_memory_limit(no_room):
    res = pushpull.astar(level(SMALL["sokoban"]), time_limit=30)
    assert res.moves is None and res.stopped == "memory" and not res.complete
    assert res.expanded == 1
    res = search.astar(level(SMALL["flocks"], "flocks"), "flocks", time_limit=30)
    assert res.moves is None and res.stopped == "memory" and not res.complete
    assert res.expanded == 1
    st = {}
    assert solver.solve(level(SMALL["flocks"], "flocks"), time_limit=30, stats=st) is None
    assert st["method"].startswith("engine") and st["stopped"] == "memory"


def test_solve_command_names_the_memory_limit(no_room, tmp_path, capsys):
    pack = tmp_path / "one.txt"
    pack.write_text("Title: one\nGame: whirly\n\n" + "\n".join(SMALL_XSB) + "\nTitle: first\n")
    args = argparse.Namespace(pack=str(pack), level=None, time=30.0, states=None,
                              write=False)
    assert cli.cmd_solve(args) == 1
    out = capsys.readouterr().out
    assert "not solved, stopped at the memory limit (0 MB)" in out
    assert "0/1 solved" in out


MQ_PACK = os.path.join(os.path.dirname(__file__), "..", "levels", "mentaliq", "01-first-steps.txt")


def test_mental_iq_search_stops_at_the_memory_limit_and_solve_says_so(no_room, capsys):
    pack, items = mq_packfile.levels(MQ_PACK)
    lv = items[0][2]
    st = {}
    assert mq_solver.solve(lv, time_limit=30, stats=st) is None
    assert st["stopped"] == "memory" and not st["complete"] and st["expanded"] == 0
    assert mq_cli.solve_pack(MQ_PACK, level=1, time=30.0) == 1
    assert "not solved, stopped at the memory limit (0 MB)" in capsys.readouterr().out


def test_mental_iq_search_without_the_limit_solves_and_nothing_stopped():
    pack, items = mq_packfile.levels(MQ_PACK)
    st = {}
    assert mq_solver.solve(items[0][2], time_limit=30, stats=st) is not None
    assert st["stopped"] is None


def test_bench_workers_share_the_memory_limit(monkeypatch, tmp_path):
    # two workers, each given half of a limit just above this process's size: a forked
    # worker is about as big, so each stops at once; with the whole limit each would not
    from host_sim.whirly import bench
    pack = tmp_path / "two.txt"
    pack.write_text("Title: two\nGame: whirly\n\n" + "\n".join(SMALL_XSB) + "\nTitle: a\n\n"
                    + "\n".join(SMALL_XSB) + "\nTitle: b\n")
    jobs = bench._jobs_of(str(pack), 30.0, None, pushpull.DEFAULT)
    monkeypatch.setattr(memguard, "EVERY", 1)
    monkeypatch.setattr(memguard, "LIMIT", memguard.resident() * 3 // 2)
    results = bench._map(jobs, 2)
    assert [r[1] for r in results] == [False, False]  # both stopped: not solved
    assert [r[1] for r in bench._map(jobs, 1)] == [True, True]  # one process: the whole limit


def test_where_only_the_peak_is_known_a_later_search_is_not_stopped_by_an_old_peak(monkeypatch):
    # macOS: getrusage's peak only; it stays up after a stopped search's tables are freed
    peak = [150]
    monkeypatch.setattr(memguard, "_now", lambda: None)
    monkeypatch.setattr(memguard, "_peak", lambda: peak[0])
    monkeypatch.setattr(memguard, "_tripped", 0)
    monkeypatch.setattr(memguard, "LIMIT", 100)
    assert memguard.resident() == 150
    assert memguard.over()  # the first search past the limit stops
    assert not memguard.over()  # the next one, at the same peak, goes on
    peak[0] = 151
    assert memguard.over()  # until it grows past that peak
    peak[0] = 90
    monkeypatch.setattr(memguard, "_tripped", 0)
    assert not memguard.over()  # under the limit: never
    monkeypatch.setattr(memguard, "_peak", lambda: None)
    assert not memguard.over() and memguard.resident() is None  # nothing readable: no guard


def test_solve_memory_option_sets_the_limit_for_both_games(monkeypatch, capsys):
    from host_sim.__main__ import main
    monkeypatch.setattr(memguard, "LIMIT", None)
    monkeypatch.setattr(memguard, "EVERY", 1)
    repo = os.path.join(os.path.dirname(__file__), "..")
    wh = os.path.join(repo, "levels", "whirly", "01-sokoban.txt")
    assert main(["solve", wh, "--level", "2", "--time", "10", "--memory", "1"]) == 1
    assert memguard.LIMIT == 1 << 20
    assert main(["solve", MQ_PACK, "--level", "2", "--time", "10", "--memory", "1"]) == 1
    out = capsys.readouterr().out
    assert out.count("not solved, stopped at the memory limit (1 MB)") == 2
