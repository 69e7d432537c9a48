"""The shipped Whirly packs (levels/whirly/): one per named game, >= 20 levels each, in
difficulty order, every stored solution replayed to solved through the engine; and the pack of
two-hero levels (host_sim/whirly/multihero.py), where neither hero can finish alone."""
import os

import pytest

import games
from games.whirly import notation, rules
from games.whirly.engine import Engine
from host_sim import packs_check
from host_sim.whirly import generator as G
from host_sim.whirly import packfile

FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "levels", "whirly")
MAX_W, MAX_H = 16, 8  # shown whole with 8-px tiles
COLOUR_GAMES = ("colorban", "flocks", "pullpush", "co-pullpush", "colortrain", "leappush",
                "pullswappush")


MULTIHERO = "13-two-heroes.txt"   # not one of the generator's per-game packs


def pack_files():
    return sorted((f for f in os.listdir(FOLDER) if f.endswith(".txt") and f != MULTIHERO),
                  key=str.lower)


def load(name):
    return packfile.levels(os.path.join(FOLDER, name))


PACKS = {name: load(name) for name in pack_files()}


def replay(lv, moves):
    e = Engine()
    e.load(lv)
    assert notation.verify_moves(e, moves) is None
    return e


def test_every_named_game_has_a_pack_in_menu_order():
    variants = [pack.header.get("variant") for pack, items in PACKS.values()]
    assert variants == list(rules.NAMES)
    assert list(PACKS) == [r.filename for r in G.PACKS]


def test_every_pack_passes_packs_check():
    assert packs_check.check_paths([FOLDER], games.GAMES) == []


@pytest.mark.parametrize("name", pack_files())
def test_pack_header_and_at_least_20_readable_levels(name):
    pack, items = PACKS[name]
    assert pack.title and pack.author == "Puzzle Handheld team (generated)"
    assert pack.header.get("game") == "whirly"
    assert len(items) >= 20
    for i, raw, lv, err in items:
        assert err is None, err
        assert raw.name and raw.solution


@pytest.mark.parametrize("name", pack_files())
def test_every_stored_solution_replays_to_solved_through_the_engine(name):
    pack, items = PACKS[name]
    for i, raw, lv, err in items:
        e = replay(lv, raw.solution)
        assert e.solved(), (name, i + 1)


@pytest.mark.parametrize("name", pack_files())
def test_levels_fit_16x8_cells(name):
    """Shown whole with 8 px tiles; BoxiMaze's last mazes (issue 15: a difficulty curve) are
    shown whole with 6 px tiles, 21 x 10 cells at most."""
    wide = PACKS[name][0].header.get("variant") == "boximaze"
    for i, raw, lv, err in PACKS[name][1]:
        if wide and lv.width > MAX_W:
            assert lv.width * 6 <= 128 and lv.height * 6 <= 64, (name, i + 1)
            continue
        assert lv.width <= MAX_W and lv.height <= MAX_H, (name, i + 1)


@pytest.mark.parametrize("name", pack_files())
def test_levels_are_in_difficulty_order_and_not_trivial(name):
    pack, items = PACKS[name]
    rec = G.recipe(pack.header["variant"])
    min_pushes, min_moves, min_boxes = rec.limits
    keys = []
    for i, raw, lv, err in items:
        e = replay(lv, raw.solution)
        keys.append(G.difficulty(e.pushes, e.moves, pack.header["variant"]))
        assert e.pushes >= min_pushes and e.moves >= min_moves, (name, i + 1)
        assert G.boxes_moved(lv, raw.solution) >= min_boxes, (name, i + 1)
    assert keys == sorted(keys)
    assert keys[-1][0] > keys[0][0]  # the pack does get harder


@pytest.mark.parametrize("name", pack_files())
def test_no_level_appears_twice(name):
    pack, items = PACKS[name]
    boards = [tuple(raw.rows) for i, raw, lv, err in items]
    assert len(set(boards)) == len(boards)


def _colours(items):
    boxes, targets, grounds = set(), set(), set()
    for i, raw, lv, err in items:
        for c in range(lv.width * lv.height):
            if lv.unit[c] >> 4 == 2:
                boxes.add(lv.unit[c] & 15)
            if lv.goal[c] >> 4 == 2:
                targets.add(lv.goal[c] & 15)
            if lv.ground[c] < 0x20 and lv.ground[c] & 15:
                grounds.add(lv.ground[c] & 15)
    return boxes, targets, grounds


def test_colour_games_use_several_colours_and_the_grey_games_none():
    for name, (pack, items) in PACKS.items():
        variant = pack.header["variant"]
        boxes, targets, grounds = _colours(items)
        if variant in COLOUR_GAMES:
            assert pack.header.get("format") == "whirly", name
            assert len(boxes - {0}) >= 2 and len(targets - {0}) >= 2, name
            assert grounds, name  # coloured walls or floors
        elif variant != "boximaze":
            assert boxes == {0} and not grounds, name


def test_boximaze_levels_have_an_htarget_and_no_box_targets():
    pack, items = PACKS["10-boximaze.txt"]
    for i, raw, lv, err in items:
        goals = [g for g in lv.goal if g]
        assert goals and all(g >> 4 == 1 for g in goals)


def test_packs_are_small_for_the_device_drive():
    total = sum(os.path.getsize(os.path.join(FOLDER, f)) for f in pack_files())
    assert total < 150 * 1024


def test_the_two_hero_pack_needs_both_heroes_in_every_level():
    """Issue 15: at least one pack of multi-hero levels; each level is solved by its stored
    solution, and with either hero alone (the other removed) it has no solution at all."""
    from host_sim.whirly import multihero
    pack, items = load(MULTIHERO)
    assert pack.header.get("game") == "whirly" and len(items) >= 8
    lengths = []
    for i, raw, lv, err in items:
        assert err is None, err
        assert lv.width <= MAX_W and lv.height <= MAX_H
        e = replay(lv, lv.solution)
        assert e.heroes == 2 and e.solved()
        assert "*" in lv.solution            # the solution switches heroes
        rows = raw.rows if hasattr(raw, "rows") else raw
        heroes = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c in "@+"]
        assert len(heroes) == 2
        for h in heroes:
            assert multihero.solved_alone(rows, h) is False, (lv.name, h)
        lengths.append(len(notation.parse_moves(lv.solution)))
    assert lengths == sorted(lengths) and lengths[-1] >= 60


@pytest.mark.parametrize("name", pack_files())
def test_every_level_needs_its_games_own_rule(name):
    """Issue 15: half the Flocks, Monkeyban, Doubleban and Colortrain levels were solved with
    single pushes only, and PullSwapPush levels without a pull: each stored solution must use
    what makes its game (generator.RULE_NEEDS; the generator rejects levels that do not)."""
    pack, items = PACKS[name]
    variant = pack.header.get("variant")
    need = set(G.RULE_NEEDS.get(variant, ()))
    for i, raw, lv, err in items:
        assert need <= G.rule_uses(lv, lv.solution), (name, i + 1, need)


def test_rule_uses_sees_a_flock_a_depth_two_push_and_a_pull():
    from games.whirly import board
    flock = board.parse_rows(["######", "#@$  #", "# $  #", "######"], 1, "xsb", "monkeyban")
    assert "multi" in G.rule_uses(flock, "R")            # the box below follows the pushed one
    line = board.parse_rows(["#######", "#@$$  #", "#######"], 1, "xsb", "doubleban")
    assert "multi" in G.rule_uses(line, "R")
    assert "multi" not in G.rule_uses(line, "")
    pull = board.parse_rows(["######", "# $@ #", "######"], 1, "xsb", "co-sokoban")
    assert G.rule_uses(pull, "L") == {"pull"}          # moving into the box pulls it back


def test_boximaze_gets_harder_up_to_a_60_move_way_home():
    """Issue 15: BoxiMaze was trivial throughout (12-21 moves); its last levels are mazes."""
    pack, items = PACKS["10-boximaze.txt"]
    moves = [replay(lv, raw.solution).moves for i, raw, lv, err in items]
    assert moves == sorted(moves) and moves[-1] >= 60 and moves[0] < 20
