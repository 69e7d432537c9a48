"""Solutions longer than a pack can store (handheld.moves.MOVES_MAX, 4,000 moves): the solver
may find them (Microban II's largest level: 124 pushes, 5,037 moves); they are checked like
any other, reported, and never written into a pack (the device's reader would refuse them)."""
import io
import types

from games.whirly import board
from handheld import moves
from host_sim.whirly import cli, packfile, solver

# the hero walks left and right as long as it likes, then pushes the box home
ROOM = ["######", "#-@$.#", "######"]


def level(rows):
    return board.parse_rows(rows, 1, "whirly", "sokoban")


def test_check_replays_a_legal_solution_longer_than_a_pack_holds():
    lv = level(ROOM)
    long = "lr" * 2100 + "R"
    assert len(long) > moves.MOVES_MAX
    assert solver.check(lv, long) is None
    assert solver.figures(lv, long) == (1, 4201)
    assert solver.count_moves(long) == 4201 and not solver.storable(long)
    assert solver.storable("lr" * 1000 + "R")


def test_check_counts_a_bad_move_of_a_long_solution_from_the_start():
    lv = level(ROOM)
    assert solver.check(lv, "lr" * 2250 + "llR") == "move 4502 (l) is not possible"
    assert solver.check(lv, "lr" * 2100 + "r") \
        == "move 4201 is a push or pull: write 'R', not 'r'"
    assert solver.check(lv, "lr" * 2100) == "ends with 1 goal(s) left"


def test_a_long_text_with_runs_is_still_held_to_the_packs_limit():
    # a stored solution ("255r" runs) is read as the device reads it
    lv = level(ROOM)
    assert "more than %d moves" % moves.MOVES_MAX in solver.check(lv, "250l250r" * 9 + "R")
    assert solver.count_moves("250l250r" * 9 + "R") == -1


FAR = ["#############", "#@-------$-.#", "#############"]  # 7 steps, then 2 pushes


def test_solve_returns_a_solution_too_long_for_a_pack_and_cli_does_not_store_it(
        monkeypatch, tmp_path):
    # the pack's limit lowered to 8 moves: the solution (9 moves) is longer than a pack holds
    # (before, solve() raised "solver produced a wrong solution (... more than 4000 moves)")
    monkeypatch.setattr(moves, "MOVES_MAX", 8)
    monkeypatch.setattr(solver, "MOVES_MAX", 8)
    monkeypatch.setattr(cli, "MOVES_MAX", 8)
    st = {}
    found = solver.solve(level(FAR), time_limit=5.0, stats=st)
    assert found == "rrrrrrrRR" and st["moves"] == 9 and not solver.storable(found)
    path = tmp_path / "far.txt"
    path.write_text("Game: whirly\nTitle: Far\n\n" + "\n".join(FAR).replace("-", " ") + "\n")
    before = path.read_text()
    out = io.StringIO()
    args = types.SimpleNamespace(pack=str(path), level=None, time=5.0, states=None, write=True)
    assert cli.cmd_solve(args, out=out) == 0  # solved
    assert "too long for a pack (more than 8 moves): not stored" in out.getvalue()
    assert "wrote" not in out.getvalue() and path.read_text() == before
    pack, items = packfile.levels(str(path))
    assert items[0][1].solution == ""


# ---------------------------------------------------------------------------------------------
# `packs check` and levels without a stored solution: a proof that none exists is a problem

NO_WAY = """Game: whirly
Title: No Way

; fine
#####
#@$.#
#####

; the box in the corner can never move: dead at the start
######
#@  $#
#.   #
######

; two boxes side by side: any first push leaves one where no push brings it home
######
#.$  #
#@$. #
######
"""
# level 3 of NO_WAY, with the `-` floor
SIDE_BY_SIDE = ["######", "#.$--#", "#@$.-#", "######"]


def test_packs_check_reports_whirly_levels_proven_unsolvable(tmp_path):
    from games import whirly
    from host_sim import packs_check
    path = tmp_path / "noway.txt"
    path.write_text(NO_WAY)
    out = io.StringIO()
    assert packs_check.main([str(path)], [whirly], out=out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == "%s:10: level 2: no solution: dead at the start (boxes and targets " \
        "that can never all be matched, or a box stuck off target)" % path
    assert lines[1] == "%s:16: level 3: no solution: every one of the 4 reachable positions " \
        "was searched" % path
    assert lines[2] == "1 pack, 3 levels, 2 problems"
    # the engine's own exhaustive search (no pruning of the push model) agrees
    st = {}
    third = level(SIDE_BY_SIDE)
    assert solver.solve(third, method="engine", time_limit=60, stats=st) is None \
        and st["complete"]


def test_prove_is_silent_on_a_level_its_capped_search_does_not_finish():
    lv = level(FAR)
    assert solver.prove(lv) is None  # solved within the cap
    assert solver.prove(lv, max_states=1) is None  # not finished: not reported
    assert solver.prove(level(SIDE_BY_SIDE)).startswith(
        "no solution")
