"""The Whirly solver (host_sim/whirly): every named game through the engine, and the strong
push-level search for Sokoban-class rules (lower bound, dead squares, freeze deadlocks)."""
import itertools
import os
import random
import re
import time
import types

import pytest

from games.whirly import board, notation, rules
from games.whirly.engine import Engine
from host_sim.whirly import cli, packfile, pushpull, search, solver

DATA = os.path.join(os.path.dirname(__file__), "data")


def level(rows, variant="sokoban", fmt="whirly"):
    return board.parse_rows(rows, 1, fmt, variant)


def replays_to_solved(lv, moves, variant=None):
    """Independent check: a fresh engine plays the moves (letter case checked)."""
    e = Engine()
    e.load(lv, variant)
    assert notation.verify_moves(e, moves) is None
    return e.solved()


# one small level per named game (whirly one-character rows: - floor, digits targets,
# lowercase heroes, capitals boxes)
SMALL = {
    "sokoban": ["#######", "#@-$-.#", "#-$--.#", "#######"],
    "co-sokoban": ["#########", "#$@--.--#", "#$---.--#", "#########"],
    "colorban": ["########", "#@-A--1#", "#-B--2-#", "########"],
    "flocks": ["#######", "#@A--1#", "#-A--1#", "#######"],
    "monkeyban": ["#######", "#@$--.#", "#-$--.#", "#######"],
    "pullpush": ["#########", "#aA-1---#", "#-B--2--#", "#########"],
    "co-pullpush": ["#########", "#Aa--1--#", "#-B--2--#", "#########"],
    "doubleban": ["#######", "#@$$..#", "#######"],
    "colortrain": ["########", "#@AA-11#", "########"],
    "boximaze": ["########", "# @ - $ - h0 - #", "########"],
    "leappush": ["########", "#-Ba--2#", "#-A--1-#", "#------#", "########"],
    "pullswappush": ["#########", "#Ab---1-#", "#--C-3--#", "#########"],
}


def test_every_named_game_has_a_small_test_level():
    assert set(SMALL) == set(rules.NAMES)


@pytest.mark.parametrize("game", rules.NAMES)
def test_solver_solves_a_small_level_of_every_named_game(game):
    lv = level(SMALL[game], game)
    st = {}
    moves = solver.solve(lv, time_limit=10, stats=st)
    assert moves, st
    assert replays_to_solved(lv, moves)
    assert st["pushes"] >= 1


def test_several_heroes_are_solved_by_switching_with_select():
    # colorban: hero a pushes only A, hero b only B
    lv = level(["#########", "#a-A--1-#", "#b-B--2-#", "#########"], "colorban")
    assert solver.method_for(lv) == "engine"
    moves = solver.solve(lv, time_limit=10)
    assert moves is not None and ("*" in moves or "~" in moves)
    assert replays_to_solved(lv, moves)


def test_sokoban_class_games_use_the_push_model_and_the_others_the_engine_search():
    for game in ("sokoban", "co-sokoban", "colorban", "pullpush", "co-pullpush", "boximaze"):
        assert solver.method_for(level(SMALL[game], game)) == "push", game
    for game in ("flocks", "monkeyban", "doubleban", "colortrain", "leappush", "pullswappush"):
        assert solver.method_for(level(SMALL[game], game)) == "engine", game


def test_the_same_level_is_solved_under_rules_given_by_the_caller():
    lv = level(["#######", "#@$$..#", "#######"], "sokoban")
    assert solver.solve(lv, time_limit=5, stats={}) is None  # Sokoban cannot push two
    moves = solver.solve(lv, "doubleban", time_limit=5)
    assert moves and replays_to_solved(lv, moves, "doubleban")


def test_solution_letters_are_uppercase_exactly_for_pushes_and_pulls():
    for game in ("sokoban", "co-sokoban", "pullpush"):
        lv = level(SMALL[game], game)
        moves = solver.solve(lv, time_limit=5)
        e = solver.replay(lv, moves)
        assert sum(1 for c in moves if c.isupper()) == e.pushes


def test_unsolvable_level_is_reported_after_the_whole_space_is_searched():
    lv = level(["######", "#$---#", "#@--.#", "######"])  # the box is in a corner
    st = {}
    assert solver.solve(lv, time_limit=5, stats=st) is None
    assert st["complete"]
    lv = level(["######", "#A---#", "#@--1#", "######"], "flocks")
    st = {}
    assert solver.solve(lv, time_limit=5, stats=st) is None and st["complete"]


def test_check_rejects_a_wrong_or_unfinished_solution():
    lv = level(SMALL["sokoban"])
    assert solver.check(lv, "rRRllldRRR") is None
    assert solver.check(lv, "rRR") is not None  # goals left
    assert solver.check(lv, "rrRllldRRR") is not None  # a push written lowercase
    assert solver.check(lv, "uuu") is not None  # illegal move


def test_time_limit_and_state_cap_are_respected():
    lv = level(["##########", "#@---#---#", "#-$$-$-$-#", "#-$.*.-$-#", "#-..#..--#",
                "#-$-$---$#", "#--.#.---#", "##########"])
    for game in ("sokoban", "monkeyban"):
        t0 = time.time()
        st = {}
        solver.solve(lv, game, time_limit=0.3, stats=st)
        assert time.time() - t0 < 1.5, game
        st = {}
        solver.solve(lv, game, time_limit=30, max_states=2000, stats=st)
        assert st["states"] < 4000 or st["pushes"] is not None, game


# ---------------------------------------------------------------- lower bound
def hungarian_brute(cost):
    n, m = len(cost), len(cost[0])
    return min(sum(cost[i][p[i]] for i in range(n)) for p in itertools.permutations(range(m), n))


def test_hungarian_gives_the_minimum_assignment():
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(1, 5)
        m = rng.randint(n, 6)
        cost = [[rng.randint(0, 9) for _ in range(m)] for _ in range(n)]
        assert pushpull.hungarian(cost) == hungarian_brute(cost)


def _exact_distances(lv, game):
    """Every position from which the goal is reachable, with its exact push distance: a BFS of
    the co-game (through the engine) from the solved position, from every hero region."""
    co = rules.co_rules(game)
    solved_unit = bytearray(lv.unit)
    for c in range(len(solved_unit)):
        if solved_unit[c] >> 4 == 2:
            solved_unit[c] = 0
    for c in range(len(solved_unit)):
        g = lv.goal[c]
        if g >> 4 == 2:
            solved_unit[c] = 0x20 | (g & 15)
    hero = [c for c in range(len(solved_unit)) if solved_unit[c] >> 4 == 1][0]
    solved = board.Level(lv.width, lv.height, lv.ground, lv.goal, solved_unit, co.name, "whirly")
    sp = search.Space(solved, co)
    bkey, canon, region = sp.start_state()
    free = sp.walk[bkey[sp.size] & 15] & ~sp.bits.mask_of(bkey[:sp.size])
    roots, seen = [], 0
    for c in sp.bits.cells(free | (1 << hero)):
        if not (seen >> c) & 1:
            seen |= sp.bits.flood(c, free)
            roots.append((bkey, c))
    return sp, search.bfs(sp, roots)


ADMISSIBLE = [
    ("sokoban", ["########", "#@-$--.#", "#-$#$-.#", "#---.--#", "########"]),
    ("sokoban", ["#######", "#.-$--#", "#-#$#-#", "#.-@-.#", "#--$--#", "#######"]),
    ("pullpush", ["########", "#a-A-1-#", "#-B#-2-#", "#---B-2#", "########"]),
    ("colorban", ["#########", "#@-A-1--#", "#-B#-2--#", "#--A-1--#", "#-------#", "#########"]),
]


@pytest.mark.parametrize("game,rows", ADMISSIBLE)
def test_lower_bound_is_admissible_compared_with_bfs_distances(game, rows):
    lv = level(rows, game)
    M = pushpull.Model(lv, game)
    sp, g = _exact_distances(lv, game)
    assert len(g) > 50
    worst = 0
    for i in range(len(g)):
        boxes = M.boxes_of(g.bkeys[i][:sp.size])
        lb = M.lower_bound(boxes)
        assert lb <= g.depth[i], (i, lb, g.depth[i])
        worst = max(worst, g.depth[i] - lb)
    assert any(M.lower_bound(M.boxes_of(g.bkeys[i][:sp.size])) > 0 for i in range(len(g)))


# the box in the door can only be pushed back in from the right room: the hero, on the left,
# pushes it in first, walks round it and pushes it out again (5 pushes, 3 without the sides)
DOOR = ("sokoban", ["########",
                    "#@-#---#",
                    "#.--$--#",
                    "#--#---#",
                    "########"])


@pytest.mark.parametrize("game,rows", ADMISSIBLE + [DOOR])
def test_side_bound_is_admissible_compared_with_bfs_distances(game, rows):
    """The bound on distances that know the hero's side of each box (sides.py) is still a
    lower bound, never below the plain one (above it at the door)."""
    lv = level(rows, game)
    M = pushpull.Model(lv, game)
    sp, g = _exact_distances(lv, game)
    above = 0
    for i in range(len(g)):
        boxes = M.boxes_of(g.bkeys[i][:sp.size])
        lb = M.lower_bound(boxes, g.canon[i])
        assert M.lower_bound(boxes) <= lb <= g.depth[i], (i, lb, g.depth[i])
        above += lb > M.lower_bound(boxes)
    assert above or rows != DOOR[1]


@pytest.mark.parametrize("game,rows", ADMISSIBLE)
def test_push_search_is_optimal_compared_with_bfs(game, rows):
    lv = level(rows, game)
    sp, g = _exact_distances(lv, game)
    deepest = sorted(range(len(g)), key=lambda i: -g.depth[i])[:4]
    for i in deepest:
        unit = bytearray(g.bkeys[i][:sp.size])
        unit[g.canon[i]] = g.bkeys[i][sp.size]
        start = board.Level(lv.width, lv.height, lv.ground, lv.goal, unit, game, "whirly")
        st = {}
        moves = solver.solve(start, game, time_limit=10, stats=st)
        assert moves is not None and replays_to_solved(start, moves, game)
        assert st["pushes"] == g.depth[i]


# ---------------------------------------------------------------- deadlocks
def cells(M, mask):
    return sorted((c % M.W, c // M.W) for c in M.bits.cells(mask))


def test_dead_squares_are_the_cells_no_reverse_pull_from_a_target_reaches():
    lv = level(["#######", "#@----#", "#--$--#", "#----.#", "#######"])
    M = pushpull.Model(lv)
    # the top row and the left column have no target: a box there never leaves them
    assert cells(M, M.dead[0]) == [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (4, 1), (5, 1)]
    assert not M.is_dead(0, 3 * 7 + 3)  # the bottom row leads to the target
    assert not M.is_dead(0, 2 * 7 + 5)  # so does the right column


def test_dead_squares_depend_on_the_box_colour():
    lv = level(["#######", "#----1#", "#@A---#", "#B---2#", "#######"], "colorban")
    M = pushpull.Model(lv)
    a, b = M.cols.index(1), M.cols.index(2)
    top, bottom = 1 * 7 + 3, 3 * 7 + 3
    assert not M.is_dead(a, top) and M.is_dead(b, top)  # only a has a target up there
    assert M.is_dead(a, bottom) and not M.is_dead(b, bottom)


def test_coloured_floors_keep_other_boxes_out_of_the_push_distances():
    lv = level(["# # # # # # #", "# @ - - - - #", "# - A -a -a 1 #", "# - - - - - #",
                "# # # # # # #"], "colorban")
    M = pushpull.Model(lv)
    assert M.dist[0][0][2 * 7 + 2] == 3  # box a crosses its floor straight to its target
    lv = level(["# # # # # # #", "# @ - - - - #", "# - A -b -b 1 #", "# - - - - - #",
                "# # # # # # #"], "colorban")
    M = pushpull.Model(lv)
    assert M.dist[0][0][2 * 7 + 2] > 3  # floor b is closed to it: around, or never


def test_dead_squares_are_not_used_when_there_are_fewer_targets_than_boxes():
    lv = level(["#######", "#@----#", "#-$-$-#", "#----.#", "#######"])
    assert pushpull.Model(lv).dead[0] == 0


def test_freeze_deadlock_two_boxes_side_by_side_against_a_wall():
    lv = level(["######", "#.$$.#", "#----#", "#-@--#", "######"])
    M = pushpull.Model(lv)
    W = M.W
    boxes = (1 << (1 * W + 2) | 1 << (1 * W + 3),)
    assert not M.is_dead(0, 1 * W + 2)  # each cell alone is fine (the targets are on that wall)
    assert M.frozen_deadlock(boxes, 1 * W + 3)
    # on targets the same block is no deadlock
    lv2 = level(["######", "#-**-#", "#----#", "#-@--#", "######"])
    assert not pushpull.Model(lv2).frozen_deadlock(boxes, 1 * W + 3)


def test_freeze_deadlock_a_two_by_two_block_in_the_open():
    lv = level(["########", "#......#", "#-$$---#", "#-$$---#", "#--@---#", "########"])
    M = pushpull.Model(lv)
    W = M.W
    block = [2 * W + 2, 2 * W + 3, 3 * W + 2, 3 * W + 3]
    boxes = (sum(1 << c for c in block),)
    assert M.frozen_deadlock(boxes, 3 * W + 3)
    three = (sum(1 << c for c in block[:3]),)
    assert not M.frozen_deadlock(three, block[2])  # an L of three can still move


def test_a_frozen_box_is_pruned_but_the_solver_still_finds_the_solution():
    lv = level(["#######", "#.-.--#", "#-$$--#", "#--@--#", "#######"])
    moves = solver.solve(lv, time_limit=5)
    assert moves and replays_to_solved(lv, moves)


# ---------------------------------------------------------------- the fast model vs the engine
def _engine_successors(sp, bkey, hero):
    j, region = search.Graph(sp).find(bkey, hero)
    canon = search.lowest(region)
    out = set()
    for cell, a, bk2, h2, _ in sp.successors(bkey, canon, region):
        out.add((bk2[:sp.size], search.lowest(sp.region_of(bk2, h2))))
    return out


def _model_successors(M, boxes, hero, hero_byte):
    out = set()
    reg = M.region(boxes, hero)
    for gi, n, d, t, h2 in M.moves(boxes, reg, prune=False):
        b2 = list(boxes)
        b2[gi] = b2[gi] ^ (1 << n) ^ (1 << t)
        unit = bytearray(M.size)
        for g, m in enumerate(b2):
            for c in M.bits.cells(m):
                unit[c] = 0x20 | M.cols[g]
        out.add((bytes(unit), search.lowest(M.region(tuple(b2), h2))))
    return out


@pytest.mark.parametrize("game", ["sokoban", "co-sokoban", "pullpush", "co-pullpush", "colorban"])
def test_push_model_moves_are_exactly_the_engine_moves(game):
    rows = {"sokoban": ADMISSIBLE[0][1], "co-sokoban": ADMISSIBLE[0][1],
            "colorban": ["# # # # # # # #", "# @ - A - 1 -b #", "# - B #a - 2 - #",
                         "# -a - A -b 1 - #", "# # # # # # # #"]}.get(game, ADMISSIBLE[2][1])
    lv = level(rows, game)
    M = pushpull.Model(lv, game)
    sp = search.Space(lv, game)
    rng = random.Random(5)
    e = Engine()
    e.load(lv, game)
    checked = 0
    for _ in range(150):  # positions along a random walk
        e.play(rng.randrange(4))
        bkey = bytearray(e.unit)
        hb = bkey[e.hero]
        bkey[e.hero] = 0
        bkey.append(hb)
        mine = _model_successors(M, M.boxes_of(e.unit), e.hero, hb)
        theirs = _engine_successors(sp, bytes(bkey), e.hero)
        assert mine == theirs
        checked += len(mine)
    assert checked > 100


# ---------------------------------------------------------------- command line
PACK = """Title: Test pack
Game: whirly
Variant: sokoban
; a comment that must survive

#######
#@-$-.#
#-$--.#
#######
Title: One
Solution: rrr
; wrong solution above

######
#@$.-#
######
Title: Two
Author: nobody
"""


def test_cli_solve_writes_solutions_into_the_pack_and_keeps_everything_else(tmp_path):
    path = str(tmp_path / "p.txt")
    with open(path, "w") as f:
        f.write(PACK.replace("-", " ").replace("Solution: rrr", "Solution: rrr\nllll"))
    args = types.SimpleNamespace(pack=path, level=None, time=5.0, states=None, write=True)
    assert cli.cmd_solve(args, out=open(os.devnull, "w")) == 0
    text = open(path).read()
    lines = text.split("\n")
    assert "; a comment that must survive" in lines and "; wrong solution above" in lines
    assert "llll" not in lines and "Author: nobody" in lines
    pack, items = packfile.levels(path)
    for i, raw, lv, err in items:
        assert err is None and raw.solution
        assert replays_to_solved(lv, raw.solution)
    assert items[1][1].solution == "R"
    # a second run finds nothing better to write
    before = open(path).read()
    assert cli.cmd_solve(args, out=open(os.devnull, "w")) == 0
    assert open(path).read() == before


def test_cli_solve_keeps_crlf_line_ends(tmp_path):
    path = str(tmp_path / "p.txt")
    with open(path, "wb") as f:
        f.write(PACK.replace("-", " ").replace("\n", "\r\n").encode())
    args = types.SimpleNamespace(pack=path, level=2, time=5.0, states=None, write=True)
    assert cli.cmd_solve(args, out=open(os.devnull, "w")) == 0
    data = open(path, "rb").read()
    assert b"Solution: R\r\n" in data and data.count(b"\n") == data.count(b"\r\n")


@pytest.mark.parametrize("name, data", [
    # an old collection: Windows-1252 text, CRLF (it made `solve --write` raise)
    ("latin1", b"Title: Caf\xe9\r\n\r\n; Niveau \xe0 Fran\xe7ois\r\n#####\r\n#@$.#\r\n#####\r\n"),
    # an old Mac OS file (CR alone), its last line without an end
    ("mac", b"Title: Vieux\r; Niveau \xe0\r#####\r#@$.#\r#####"),
    # line ends mixed line by line, as an editor left them
    ("mixed", b"Title: Mixed\n\n#####\r\n#@$.#\n#####\r\n\n#####\n#.$@#\r\n#####\n"),
])
def test_cli_solve_write_keeps_8bit_text_and_every_lines_own_end(tmp_path, name, data):
    path = str(tmp_path / (name + ".txt"))
    with open(path, "wb") as f:
        f.write(data)
    args = types.SimpleNamespace(pack=path, level=None, time=5.0, states=None, write=True,
                                 game="whirly")
    assert cli.cmd_solve(args, out=open(os.devnull, "w")) == 0
    after = open(path, "rb").read()
    # the file with its Solution: lines taken out is the file as it was (its last line's end
    # aside, which a line added after it needs)
    kept = re.sub(rb"Solution: [^\r\n]*(\r\n?|\n)", b"", after)
    assert kept == data or kept == data + (b"\r" if name == "mac" else b"")
    pack, items = packfile.levels(path)
    assert pack.errors == [] and all(replays_to_solved(lv, raw.solution) for i, raw, lv, e in items)


def test_cli_copath_prints_the_seed_example(capsys):
    assert cli.cmd_copath(types.SimpleNamespace(moves="uullURdl")) == 0
    assert capsys.readouterr().out.strip() == "ruRUrrdd"


def test_cli_comap_prints_a_level_of_the_co_game(tmp_path, capsys):
    path = str(tmp_path / "p.txt")
    with open(path, "w") as f:
        f.write(PACK.replace("-", " "))
    assert cli.cmd_comap(types.SimpleNamespace(pack=path, level=2, moves=None)) == 0
    out = capsys.readouterr().out
    assert "Variant: co-sokoban" in out
    rows = [r for r in out.split("\n") if "#" in r]
    co = board.parse_rows(rows, 1, "whirly", "co-sokoban")
    e = Engine()
    e.load(co)
    assert not e.solved()
    # the co-map of "R" started where "R" ends is solved by the co-path "R"
    assert cli.cmd_comap(types.SimpleNamespace(pack=path, level=2, moves="R")) == 0
    rows = [r for r in capsys.readouterr().out.split("\n") if "#" in r]
    co = board.parse_rows(rows, 1, "whirly", "co-sokoban")
    assert replays_to_solved(co, notation.copath("R"))


def test_solve_command_is_registered_in_host_sim(capsys):
    from host_sim.__main__ import main
    path = os.path.join(os.path.dirname(DATA), "..", "levels", "whirly", "01-sokoban.txt")
    assert main(["solve", path, "--level", "1", "--time", "5"]) == 0
    assert "1/1 solved" in capsys.readouterr().out


def test_solver_solves_a_sample_of_the_beginner_collection_in_at_most_the_stored_pushes():
    # tests/data/whirly-beginner-155.txt is generated (python -m host_sim.whirly.bench make);
    # its stored solutions are co-game paths: optimal in pushes for the small rooms, an upper
    # bound where the generator's search went on with a beam
    pack, items = packfile.levels(os.path.join(DATA, "whirly-beginner-155.txt"))
    assert len(items) == 155
    for i, raw, lv, err in items[::15]:
        stored = solver.figures(lv, raw.solution)[0]
        st = {}
        moves = solver.solve(lv, time_limit=20, stats=st)
        assert moves is not None and replays_to_solved(lv, moves)
        assert st["pushes"] <= stored, i + 1
