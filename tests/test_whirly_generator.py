"""The Whirly level generator (host_sim/whirly/generator.py): co-game search, determinism,
non-trivial levels whose stored solutions replay, and the co-map + co-path round trip."""
import random
import types

import pytest

import games
from games.whirly import board, notation, rules
from games.whirly.engine import Engine, G_VOID
from host_sim import packs_check
from host_sim.whirly import cli, generator as G, solver

def make(game, count=1, seed=7, tier=None):
    rec = G.recipe(game)
    # games whose levels must use their own rule (flocks, trains, pull and swap) need 3 boxes
    boxes = 3 if game in G.RULE_NEEDS else 2
    t = tier or G.Tier(count, 8, 7, boxes, states=8000, solve_states=8000)
    if rec.style.htarget:
        t = G.Tier(count, 10, 7, 5, states=8000, solve_states=4000)
    return G.generate_levels(game, [t], seed, rec.style, rec.limits), rec


def replay(lv, moves, variant=None):
    e = Engine()
    e.load(lv, variant)
    assert notation.verify_moves(e, moves) is None
    return e


def test_generator_is_deterministic_for_a_seed():
    a, _ = make("sokoban", 2, seed=11)
    b, _ = make("sokoban", 2, seed=11)
    c, _ = make("sokoban", 2, seed=12)
    assert [(m.text, m.solution) for m in a] == [(m.text, m.solution) for m in b]
    assert [m.text for m in a] != [m.text for m in c]
    x, _ = make("leappush", 1, seed=3)  # through the engine-driven co-game search
    y, _ = make("leappush", 1, seed=3)
    assert [(m.text, m.solution) for m in x] == [(m.text, m.solution) for m in y]


def test_parallel_generation_gives_the_same_levels_as_serial():
    tier = G.Tier(3, 8, 7, 2, states=5000)
    one = G.generate_levels("sokoban", [tier], 5, G.GREY, (8, 15, 2), jobs=1)
    two = G.generate_levels("sokoban", [tier], 5, G.GREY, (8, 15, 2), jobs=2)
    assert [m.text for m in one] == [m.text for m in two]


@pytest.mark.parametrize("game", rules.NAMES)
def test_generated_level_is_not_trivial_and_its_solution_replays_to_solved(game):
    levels, rec = make(game, 1, seed=21)
    assert len(levels) == 1
    m = levels[0]
    min_pushes, min_moves, min_boxes = rec.limits
    lv = board.parse_rows(m.text.split("\n"), 1, rec.style.fmt, game)
    e = replay(lv, m.solution)
    assert e.solved()
    assert e.pushes >= min_pushes and e.moves >= min_moves
    assert G.boxes_moved(lv, m.solution) >= min_boxes
    assert (m.pushes, m.moves) == (e.pushes, e.moves)
    # the solution stops where the level is solved
    e = replay(lv, m.solution[:-1])
    assert not e.solved()


CO_GAMES = [g for g in rules.NAMES if rules.get(g).co_game and not G.recipe(g).style.htarget]


@pytest.mark.parametrize("game", CO_GAMES)
def test_copath_of_a_generated_solution_solves_the_comap_from_its_end(game):
    levels, rec = make(game, 1, seed=33)
    m = levels[0]
    lv = board.parse_rows(m.text.split("\n"), 1, rec.style.fmt, game)
    end = replay(lv, m.solution)
    assert end.solved()
    co = notation.comap(lv, end)
    assert co.variant == rules.co_rules(game).name
    c = Engine()
    c.load(co)
    assert not c.solved()
    assert notation.verify_moves(c, notation.copath(m.solution)) is None
    assert c.solved()
    assert bytes(c.unit) == bytes(lv.unit)  # back at the level's start


def test_co_game_depth_is_the_optimal_push_count():
    # solve_states=0: the stored solution is the co-path itself, not the solver's
    levels, _ = make("sokoban", 3, seed=41, tier=G.Tier(3, 8, 7, 2, states=8000, solve_states=0))
    assert len(levels) == 3
    for m in levels:
        st = {}
        assert solver.solve(m.level, time_limit=10, stats=st) is not None
        assert st["pushes"] == m.pushes


def test_generated_levels_fit_their_frame_and_read_back_identically():
    for game, w, h in (("sokoban", 8, 7), ("colorban", 12, 8), ("pullswappush", 16, 7)):
        rec = G.recipe(game)
        levels = G.generate_levels(game, [G.Tier(1, w, h, 2, states=4000)], 5, rec.style,
                                   rec.limits)
        for m in levels:
            assert m.level.width <= w and m.level.height <= h
            again = board.parse_rows(G.level_text(m.level, rec.style.fmt).split("\n"), 1,
                                     rec.style.fmt, game)
            assert bytes(again.ground) == bytes(m.level.ground)
            assert bytes(again.unit) == bytes(m.level.unit)
            assert bytes(again.goal) == bytes(m.level.goal)


def test_rooms_are_connected_inside_the_frame_and_without_open_3x3_areas():
    rng = random.Random(1)
    for _ in range(30):
        floor = G.make_room(rng, 12, 8)
        assert G._connected(floor)
        assert all(1 <= x <= 10 and 1 <= y <= 6 for x, y in floor)
        blocks = [(x, y) for x, y in floor
                  if all((x + dx, y + dy) in floor for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
        assert len(blocks) <= 1  # a pillar is refused only when it would cut the floor


def test_outside_of_a_room_is_void_and_enclosed_pockets_are_walls():
    rng = random.Random(2)
    floor, W, H = G.crop(G.make_room(rng, 12, 8))
    ground, goal, unit = G.dress(rng, floor, W, H, 2, G.GREY)
    for c in range(W * H):
        x, y = c % W, c // W
        if ground[c] == G_VOID:  # void reaches the edge through void
            assert (x, y) not in floor
    lv = G.make_level(W, H, ground, goal, unit, "sokoban", "xsb")
    assert board.parse_rows(G.level_text(lv, "xsb").split("\n"), 1, "xsb").ground == ground


def test_colour_styles_put_colours_on_boxes_targets_and_grounds():
    rec = G.recipe("colorban")
    levels = G.generate_levels("colorban", [G.Tier(2, 12, 8, 3, states=5000)], 9, rec.style,
                               rec.limits)
    cols = set()
    grounds = set()
    for m in levels:
        lv = m.level
        for c in range(lv.width * lv.height):
            if lv.unit[c] >> 4 == 2:
                cols.add(lv.unit[c] & 15)
            if lv.ground[c] < 0x20 and lv.ground[c] & 15:
                grounds.add(lv.ground[c] & 15)
    assert len(cols) >= 2 and grounds


def test_pack_text_has_the_header_and_a_title_and_solution_per_level():
    levels, rec = make("colorban", 2, seed=4)
    text = G.pack_text("Demo", "colorban", levels, "whirly", "desc")
    lines = text.split("\n")
    assert lines[:6] == ["Title: Demo", "Author: Puzzle Handheld team (generated)",
                         "Game: whirly", "Variant: colorban", "Format: whirly",
                         "Description: desc"]
    assert sum(1 for l in lines if l.startswith("Title: ")) == 1 + len(levels)
    assert sum(1 for l in lines if l.startswith("Solution: ")) == len(levels)


def test_long_solutions_are_wrapped_and_read_back_whole(tmp_path):
    m = types.SimpleNamespace(text="#####\n#@$.#\n#####", solution="R" + "lr" * 60)
    path = str(tmp_path / "p.txt")
    with open(path, "w") as f:
        f.write(G.pack_text("Long", "sokoban", [m]))
    from host_sim.whirly import packfile
    pack, items = packfile.levels(path)
    assert items[0][1].solution == m.solution


def test_generate_command_writes_a_pack_that_packs_check_accepts(tmp_path):
    out = str(tmp_path / "gen.txt")
    args = types.SimpleNamespace(all=False, variant="co-sokoban", count=2, seed=3, width=8,
                                 height=7, boxes=2, states=5000, out=out, out_dir=None, jobs=1,
                                 quiet=True)
    assert cli.cmd_generate(args) == 0
    assert packs_check.check_paths([out], games.GAMES) == []
    from host_sim.whirly import packfile
    pack, items = packfile.levels(out)
    assert pack.count == 2 and pack.header["variant"] == "co-sokoban"
    assert all(replay(lv, raw.solution).solved() for i, raw, lv, err in items)


def test_generate_command_refuses_an_unknown_game(capsys):
    args = types.SimpleNamespace(all=False, variant="chess", count=1, seed=None, width=None,
                                 height=None, boxes=None, states=100, out=None, out_dir=None,
                                 jobs=1, quiet=True)
    assert cli.cmd_generate(args) == 2
    assert "chess" in capsys.readouterr().err


def test_every_named_game_has_a_recipe_and_file_names_follow_the_menu_order():
    assert [r.variant for r in G.PACKS] == list(rules.NAMES)
    names = [r.filename for r in G.PACKS]
    assert names == sorted(names, key=str.lower)
