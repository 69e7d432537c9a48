"""The shipped Mental IQ+ packs (levels/mentaliq/): at least 30 levels that teach the pieces one
at a time, in order, then combine them; every stored solution replays to solved through the
engine and is the shortest the BFS solver finds; every level fits the handheld."""
import os
import time

import pytest

from games.mentaliq import board
from games.mentaliq.engine import (P_BLOCK, P_BOMB, P_BRICK, P_JEWEL, P_REP, P_REP2, P_TB_DOWN,
                                   P_TB_UP, T_FLAG, T_HOLE, T_SLIDER, T_TRANSFERT, T_VECTOR)
from host_sim import packs_check
from host_sim.mentaliq import packfile, solver

FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "levels", "mentaliq")
MAX_W, MAX_H, MAX_PLANES = 16, 8, 4
MIN_MOVES, MAX_MOVES = 6, 60  # non-trivial but fair
# Issue 15: the generated pack of long levels (host_sim/mentaliq/generator.py) is the difficulty
# curve's end: its last levels need 60+ moves, so it has its own ceiling (the undo ring keeps
# about 520 plain steps or 320 pushes, games/mentaliq/README.md).
LONG_PACK = "06-long-roads.txt"
LONG_MIN_LAST, LONG_MAX_MOVES = 60, 120
SOLVER_BUDGET = 15.0  # seconds for re-solving the small levels


class _Game:
    """Stands in for the game package in packs_check's registry."""
    ID = "mentaliq"
    PACK_FORMAT = board.FORMAT


def pack_files():
    return sorted((f for f in os.listdir(FOLDER) if f.lower().endswith(".txt")), key=str.lower)


PACKS = {name: packfile.levels(os.path.join(FOLDER, name)) for name in pack_files()}
ALL = [(name, i, raw, lv) for name in pack_files() for i, raw, lv, err in PACKS[name][1]]


def length(moves):
    return len(board.parse_moves(moves))


def test_every_pack_passes_packs_check():
    stats = {}
    assert packs_check.check_paths([FOLDER], [_Game], stats) == []
    assert stats["packs"] == len(PACKS) >= 4


def test_packs_check_passes_with_the_registered_game_too():
    import games
    registry = [g for g in games.GAMES if g.ID == "mentaliq"]
    if not registry:
        pytest.skip("games.mentaliq is not registered yet")
    assert packs_check.check_paths([FOLDER], registry) == []


def test_at_least_30_levels_in_total():
    assert len(ALL) >= 30


@pytest.mark.parametrize("name", pack_files())
def test_pack_header_and_readable_named_levels_with_solutions(name):
    pack, items = PACKS[name]
    assert pack.title and pack.author == "Puzzle Handheld team"
    assert pack.header.get("game") == "mentaliq"
    assert len(items) >= 5
    for i, raw, lv, err in items:
        assert err is None, err
        assert raw.name and raw.solution, (name, i + 1)
        assert not any(ch.isdigit() for ch in raw.name), raw.name  # the list shows numbers


def test_level_names_are_unique():
    names = [raw.name for name, i, raw, lv in ALL]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("name", pack_files())
def test_every_stored_solution_replays_to_solved_through_the_engine(name):
    for i, raw, lv, err in PACKS[name][1]:
        assert board.verify(lv, raw.solution) is None, (name, i + 1)
        e = solver.replay(lv, raw.solution)
        assert e.solved() and not e.lost(), (name, i + 1)


@pytest.mark.parametrize("name", pack_files())
def test_levels_fit_the_handheld(name):
    for i, raw, lv, err in PACKS[name][1]:
        assert lv.width <= MAX_W and lv.height <= MAX_H and lv.planes <= MAX_PLANES


def test_solutions_are_non_trivial_but_fair():
    for name, i, raw, lv in ALL:
        top = LONG_MAX_MOVES if name == LONG_PACK else MAX_MOVES
        assert MIN_MOVES <= length(raw.solution) <= top, (name, raw.name)


# ---------------------------------------------------------------- difficulty curve (issue 15)
def long_levels():
    return PACKS[LONG_PACK][1]


def test_the_mentaliq_packs_have_a_difficulty_curve():
    """Issue 15: the levels were tutorial-sized (7-38 moves). The last pack is the long one;
    its levels grow in shortest-solution length and its last level needs 60+ moves, more than
    any level of the teaching packs."""
    assert pack_files()[-1] == LONG_PACK
    lengths = [length(raw.solution) for i, raw, lv, err in long_levels()]
    assert 12 <= len(lengths) <= 16
    assert all(a < b for a, b in zip(lengths, lengths[1:])), lengths
    assert lengths[-1] >= LONG_MIN_LAST
    teaching = [length(raw.solution) for name, i, raw, lv in ALL if name != LONG_PACK]
    assert lengths[-1] > max(teaching) and lengths[0] <= max(teaching)


def test_the_last_long_road_truly_needs_60_moves():
    """Its stored solution is the BFS solver's shortest (bounded by positions, not time)."""
    i, raw, lv, err = long_levels()[-1]
    st = {}
    moves = solver.solve(lv, time_limit=None, max_states=300000, stats=st)
    assert moves is not None and st["moves"] == length(raw.solution) >= LONG_MIN_LAST


def test_long_roads_levels_have_a_short_comment_and_name_the_regenerating_command():
    for i, raw, lv, err in long_levels():
        comment = raw.meta.get("comment", "")
        assert 10 <= len(comment) <= 120, (raw.name, comment)
    with open(os.path.join(FOLDER, LONG_PACK)) as f:
        head = f.read().split("\n\n")[0]
    assert "; regenerate: python -m host_sim.mentaliq.generator --seed" in head


def test_stored_solutions_are_the_solvers_shortest_on_the_small_levels():
    # smallest state spaces first, as many as fit the budget (at least 15 levels)
    t0 = time.time()
    done = 0
    order = sorted(ALL, key=lambda it: (it[3].planes * it[3].psize, it[1]))
    for name, i, raw, lv in order:
        if done >= 15 and time.time() - t0 > SOLVER_BUDGET:
            break
        st = {}
        moves = solver.solve(lv, time_limit=10.0, stats=st)
        assert moves is not None, (name, raw.name)
        assert st["moves"] == length(raw.solution), (name, raw.name)
        done += 1
    assert done >= 15


# ---------------------------------------------------------------- teaching order
def kinds(lv):
    """The kinds a level shows: 'jewel', 'brick', 'hole', ... (see ORDER)."""
    out = set()
    pieces = set(lv.piece)
    tiles = set(lv.tile)
    if P_JEWEL in pieces and T_FLAG in tiles:
        out.add("jewel")
    if P_BRICK in pieces:
        out.add("brick")
    if T_HOLE in tiles:
        out.add("hole")
    if T_SLIDER in tiles:
        out.add("slider")
    if tiles & {T_VECTOR, T_VECTOR + 1, T_VECTOR + 2, T_VECTOR + 3}:
        out.add("vector")
    if T_TRANSFERT in tiles or lv.planes > 1:
        out.add("planes")
    if pieces & {P_TB_UP, P_TB_DOWN}:
        out.add("transborder")
    if P_BOMB in pieces:
        out.add("bomb")
    if P_REP in pieces:
        out.add("repulsor")
    if P_REP2 in pieces:
        out.add("repulsor2")
    return out


ORDER = ["jewel", "brick", "hole", "slider", "vector", "planes", "transborder", "bomb",
         "repulsor", "repulsor2"]


def test_the_packs_teach_the_pieces_one_at_a_time_in_the_issues_order():
    first = {}
    for n, (name, i, raw, lv) in enumerate(ALL):
        for k in kinds(lv):
            first.setdefault(k, n)
    assert sorted(first, key=first.get) == ORDER  # every kind appears, in this order
    assert len(set(first.values())) == len(ORDER)  # each one gets its own first level
    # blocks (fixed walls) may appear anywhere; they are in the packs too
    assert any(P_BLOCK in lv.piece for name, i, raw, lv in ALL)


def test_the_last_pack_combines_the_pieces():
    name = pack_files()[-1]
    for i, raw, lv, err in PACKS[name][1]:
        assert len(kinds(lv) - {"jewel", "brick", "hole"}) >= 2, raw.name


USES = {  # a level that shows this kind uses it: its solution causes this event
    "slider": "slide", "vector": "vector", "transborder": "transborder", "bomb": "boom",
}


def bomb_moved(lv, moves):
    e = solver.replay(lv, moves)
    return [c for c in range(e.ncells) if lv.piece[c] == P_BOMB] != \
        [c for c in range(e.ncells) if e.piece[c] == P_BOMB]


def test_every_special_tile_and_piece_shown_is_used_by_the_solution():
    for name, i, raw, lv in ALL:
        ev = solver.events_of(lv, raw.solution)
        for k in kinds(lv):
            if k == "bomb":  # blown up with, or moved out of the way of a jewel
                assert "boom" in ev or bomb_moved(lv, raw.solution), (name, raw.name)
            elif k in USES:
                assert USES[k] in ev, (name, raw.name, k)
        if T_TRANSFERT in set(lv.tile):
            assert "plane" in ev, (name, raw.name)
        if P_REP in lv.piece and P_REP2 in lv.piece:
            assert "brick" in ev, (name, raw.name)  # the two types meet


def test_the_first_level_of_each_kind_uses_it():
    seen = set()
    need = {"repulsor": "repulse", "repulsor2": "brick", "planes": "plane"}
    need.update(USES)
    for name, i, raw, lv in ALL:
        new = kinds(lv) - seen
        ev = solver.events_of(lv, raw.solution)
        for k in new:
            if k in need:
                assert need[k] in ev, (name, raw.name, k)
        seen |= new


@pytest.mark.parametrize("name", pack_files())
def test_each_pack_opens_with_one_of_its_easiest_levels(name):
    lengths = [length(raw.solution) for i, raw, lv, err in PACKS[name][1]]
    assert lengths[0] <= sorted(lengths)[len(lengths) // 2]


def test_packs_check_proves_a_level_without_a_stored_solution_or_reports_it(tmp_path):
    """Issue 15: `packs check` passed a Mental IQ+ level that has no solution."""
    import games
    registry = [g for g in games.GAMES if g.ID == "mentaliq"]
    path = tmp_path / "p.txt"
    path.write_text("Title: Proofs\nGame: mentaliq\n\n"
                    ".@ .. .J .. f.\n"          # solvable: push the jewel right onto the flag
                    "Title: Solvable, no stored solution\n\n"
                    ".J .. .. .@ f.\n"          # the jewel sits at the edge: it can never move right
                    "Title: No way\n")
    problems = packs_check.check_paths([str(path)], registry)
    assert len(problems) == 1, problems
    assert ":7: level 2: no solution" in problems[0] and "warning" not in problems[0]


def test_packs_check_says_when_it_could_not_prove_a_level(tmp_path, monkeypatch):
    import games
    from host_sim.mentaliq import solver
    registry = [g for g in games.GAMES if g.ID == "mentaliq"]
    path = tmp_path / "p.txt"
    path.write_text("Title: Proofs\nGame: mentaliq\n\n.@ .. .. .. .J .. f.\nTitle: Far\n")
    monkeypatch.setattr(solver.prove, "__defaults__", (3,))
    problems = packs_check.check_paths([str(path)], registry)
    assert len(problems) == 1 and packs_check.is_warning(problems[0]), problems
    assert "could not prove it solvable" in problems[0]


def test_the_long_roads_carry_jewels_down_and_use_both_repulsor_rules():
    """Issue 15: the long pack used no répulsor and no transborder down. Now one level drops its
    jewels through transborders down, one needs a push-back across planes, one a brick made of
    two répulsors; the generator keeps a level only when its shortest solution does that."""
    from host_sim.mentaliq.generator import transborders_used, uses_everything
    down = repulse = brick = 0
    for i, raw, lv, err in long_levels():
        ev = solver.events_of(lv, raw.solution)
        if P_TB_DOWN in lv.piece:
            assert transborders_used(lv, raw.solution, {P_TB_DOWN}), raw.name
            moves = board.parse_moves(raw.solution)
            first = next(n for n in range(len(moves) + 1)
                         if transborders_used(lv, raw.solution[:n], {P_TB_DOWN}))
            # before the first drop the same level is refused
            assert not uses_everything(lv, raw.solution[:first - 1])
            down += 1
        repulse += "repulse" in ev
        brick += "brick" in ev
    assert down and repulse and brick


def test_pack_texts_are_ascii_the_handhelds_font_draws():
    """The 5x7 font draws ASCII; an accented letter would show as '?' on the device."""
    for name in pack_files():
        with open(os.path.join(FOLDER, name), "rb") as f:
            data = f.read()
        assert all(b < 128 for b in data), name
