"""The Mental IQ+ host solver (host_sim/mentaliq/solver.py) and its pack command (cli.py):
shortest solutions, proofs of unsolvability, limits, solutions written into packs in place."""
import argparse
import os
import random
import shutil
from collections import deque

import pytest

from games.mentaliq import board
from games.mentaliq.engine import Engine
from host_sim.mentaliq import cli, packfile, solver


def level(rows):
    return board.parse_rows(rows)


def length(moves):
    return len(board.parse_moves(moves))


def naive_shortest(lv, limit=20000):
    """An independent BFS that replays every path from the start: (length or None, positions)."""
    e = Engine()
    e.load(lv)
    seen = {e.key()}
    queue = deque([()])
    while queue:
        path = queue.popleft()
        for a in range(6):
            e.restart()
            for x in path:
                assert e.play(x)
            if not e.play(a):
                continue
            k = e.key()
            if k in seen:
                continue
            seen.add(k)
            if e.solved():
                return len(path) + 1, len(seen)
            if not e.lost():
                queue.append(path + (a,))
            assert len(seen) < limit
    return None, len(seen)


# ---------------------------------------------------------------- shortest solutions
@pytest.mark.parametrize("rows, best", [
    ([".@ .J .. f."], 2),  # RR
    ([".@ .. ..", ".. .J ..", ".. .. f."], 5),  # dRurD or rDldR
    ([".. .. .. .. ..", ".@ .J .. .B f.", ".. .. .. .. .."], 11),  # the brick must go first
    ([".@ .J s. s. f."], 1),  # the jewel slides onto the flag
    ([".@ .J >. >. f."], 1),  # the vectors carry it there
    # lifted by the transborder, then pushed on plane 2: R l d + u r R
    ([".@ .J .+ .. | .. .. .. f.", "t. .. .. .. | t. .. .. .."], 7),
])
def test_bfs_finds_the_known_shortest_solution(rows, best):
    lv = level(rows)
    st = {}
    moves = solver.solve(lv, stats=st)
    assert moves is not None and length(moves) == best == st["moves"]
    assert board.verify(lv, moves) is None


LEVELS = [
    # every kind of tile and piece, small enough for the replaying BFS
    [".@ .J s. s. v. .. | .. .. .. .. .. ..", ".. .. .. .. f. .. | .. .. .. .. .. ..",
     ".1 .. .. .. .. .. | .. .. .2 .. .. .."],
    [".. .J .* .. ..", ".@ .B .. .B f.", ".. .. x. .. .."],
    [".@ .1 .. .. | .. .. .1 ..", "t. .J .. f. | t. .. .. .."],
    [".@ .1 .. | .. .. .1", "t. .J .. | t. .. ..", ".. .. f. | .. .2 .."],
    [".@ .1 .J .. | .. .. .1 ..", "t. .2 .. f. | t. .. .. .."],
    [".. >. >. v. ..", ".@ .J .. v. ..", ".. .B .. >. f."],
]


@pytest.mark.parametrize("rows", LEVELS)
def test_bfs_length_equals_an_independent_replaying_bfs(rows):
    lv = level(rows)
    best, positions = naive_shortest(lv)
    st = {}
    moves = solver.solve(lv, stats=st)
    if best is None:
        assert moves is None and st["complete"] and st["states"] == positions
    else:
        assert length(moves) == best


def test_bfs_agrees_with_the_replaying_bfs_on_random_small_levels():
    rng = random.Random(7)
    checked = solvable = 0
    while checked < 40:
        rows = []
        P = rng.choice((1, 2))
        for y in range(3):
            segs = []
            for z in range(P):
                cells = []
                for x in range(4):
                    t = rng.choice("......xs>v<t")
                    p = "." if t == "x" else rng.choice("..........JJB*12#")
                    cells.append(t + p)
                segs.append(" ".join(cells))
            rows.append(" | ".join(segs))
        rows[0] = ".@" + rows[0][2:]
        rows[2] = rows[2][:-2] + "f."
        try:
            lv = level(rows)
        except Exception:
            continue
        best, positions = naive_shortest(lv)
        st = {}
        moves = solver.solve(lv, stats=st)
        assert (None if moves is None else length(moves)) == best, rows
        if moves is None:
            assert st["complete"] and st["states"] == positions, rows
        else:
            solvable += 1
            assert board.verify(lv, moves) is None
        checked += 1
    assert solvable >= 3


# ---------------------------------------------------------------- unsolvable, limits
def test_returns_none_and_proves_it_for_an_unsolvable_level():
    lv = level([".J .. ..", ".. .@ f."])  # the jewel sits in a corner
    st = {}
    assert solver.solve(lv, stats=st) is None
    assert st["complete"] and st["moves"] is None


def test_a_destroyed_jewel_is_a_dead_end_not_a_solution():
    # the only way to the flag goes through the bomb: every push loses the jewel
    lv = level([".@ .J .* f."])
    st = {}
    assert solver.solve(lv, stats=st) is None and st["complete"]


def test_limits_give_up_without_claiming_unsolvable():
    lv = level([".. .. .. .. .. ..", ".@ .J .. .. .J ..", ".. .. .B .. .. ..",
                ".. .. .. .B .. ..", ".. f. .. .. .. f."])
    st = {}
    assert solver.solve(lv, max_states=50, stats=st) is None
    assert not st["complete"] and st["states"] >= 50
    st = {}
    assert solver.solve(lv, time_limit=0.0, stats=st) is None and not st["complete"]


# ---------------------------------------------------------------- solutions
def test_solution_replays_to_solved_with_pushes_in_uppercase():
    lv = level([".. .. .. .. ..", ".@ .J .. .B f.", ".. .. .. .. .."])
    moves = solver.solve(lv)
    e = solver.replay(lv, moves)
    assert e.solved() and not e.lost()
    assert board.verify_moves(solver.engine_for(lv), moves, strict_case=True) is None
    assert sum(1 for c in moves if c.isupper()) == e.pushes


def test_events_of_counts_what_a_solution_does():
    lv = level([".@ .J .+ .. | .. .. .. f.", "t. .. .. .. | t. .. .. .."])
    ev = solver.events_of(lv, solver.solve(lv))
    assert ev["transborder"] == 1 and ev["plane"] == 1 and ev["push"] == 1


# ---------------------------------------------------------------- packs
PACK = """Title: Test pack
Author: tests
Game: mentaliq

; Straight
.@ .J .. f.
Comment: keep me

.@ .. ..
.. .J ..
.. .. f.
Title: Corner turn
Solution: rDldRuu

.J .. ..
.. .@ f.
Title: Stuck
"""


def write_pack(tmp_path, text=PACK):
    p = tmp_path / "t.txt"
    p.write_bytes(text.encode())
    return str(p)


def test_solve_pack_reports_each_level_and_fails_on_an_unsolvable_one(tmp_path, capsys):
    path = write_pack(tmp_path)
    assert cli.solve_pack(path, time=5) == 1
    out = capsys.readouterr().out.splitlines()
    assert "found   2 moves" in out[0] and "nothing stored" in out[0]
    assert "found   5 moves" in out[1] and "stored 7, shorter found" in out[1]
    assert "unsolvable" in out[2]
    assert out[3].startswith("2/3 solved")


def test_solve_pack_write_stores_shortest_solutions_and_keeps_every_other_line(tmp_path):
    path = write_pack(tmp_path)
    cli.solve_pack(path, time=5, write=True, out=open(os.devnull, "w"))
    text = open(path).read()
    before = PACK.splitlines()
    after = text.splitlines()
    assert [l for l in after if not l.startswith("Solution:")] == \
        [l for l in before if not l.startswith("Solution:")]
    pack, items = packfile.levels(path)
    assert length(items[0][1].solution) == 2 and length(items[1][1].solution) == 5
    assert items[2][1].solution == ""
    for i, raw, lv, err in items[:2]:
        assert board.verify(lv, raw.solution) is None
    again = open(path, "rb").read()
    cli.solve_pack(path, time=5, write=True, out=open(os.devnull, "w"))
    assert open(path, "rb").read() == again  # nothing shorter: nothing written


def test_solve_pack_write_keeps_crlf_line_ends(tmp_path):
    path = write_pack(tmp_path, PACK.replace("\n", "\r\n"))
    cli.solve_pack(path, level=1, time=5, write=True, out=open(os.devnull, "w"))
    data = open(path, "rb").read()
    assert b"Solution: RR\r\n" in data and data.count(b"\n") == data.count(b"\r\n")


def test_solve_pack_single_level_and_bad_level_number(tmp_path, capsys):
    path = write_pack(tmp_path)
    assert cli.solve_pack(path, level=2, time=5) == 0
    assert cli.solve_pack(path, level=9, time=5) == 2
    assert cli.solve_pack(str(tmp_path / "missing.txt")) == 2


def test_cli_registers_its_own_commands_next_to_whirlys_solve():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd")
    try:
        from host_sim.whirly import cli as whirly_cli
        whirly_cli.register(sub)
    except ImportError:
        pass
    cli.register(sub)
    args = ap.parse_args(["mentaliq-solve", "x.txt", "--level", "3", "--time", "2", "--write"])
    assert (args.pack, args.level, args.time, args.write) == ("x.txt", 3, 2.0, True)
    args = ap.parse_args(["mentaliq-info", "x.txt"])
    assert args.pack == "x.txt"


def test_info_pack_names_the_events_of_each_stored_solution(tmp_path, capsys):
    path = str(tmp_path / "i.txt")
    shutil.copy(write_pack(tmp_path), path)
    cli.solve_pack(path, time=5, write=True, out=open(os.devnull, "w"))
    assert cli.info_pack(path) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and " 2 " in out[0] and "Corner turn" in out[1]
