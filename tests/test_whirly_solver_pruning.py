"""The push search's prunings (host_sim/whirly/pushpull.py, PRUNINGS): PI-corrals, corral
deadlocks, held boxes and tunnel macros. Each prunes on a level made for it, keeps the shortest solution,
and a cross-check against the plain search on random levels catches a pruning that cuts too much.
"""
import random

import pytest

from games.whirly import board
from host_sim.whirly import bench, pushpull, solver

NONE = frozenset()


def xsb(rows, variant="sokoban"):
    return board.parse_rows(rows, 1, "xsb", variant)


def search(lv, prune, variant=None):
    res = pushpull.astar(lv, variant, time_limit=20, prune=prune)
    if res.moves is not None:
        assert solver.check(lv, res.moves, variant) is None
    return res


def start(lv):
    M = pushpull.Model(lv)
    return M, M.start_boxes, M.region(M.start_boxes, M.hero)


def dead_at_start(lv, pruning):
    """The plain search and the one with `pruning` both prove lv unsolvable, the pruning at
    once (one position expanded); -> the plain search's Result."""
    plain, pruned = search(lv, NONE), search(lv, {pruning})
    assert plain.moves is None and plain.complete
    assert pruned.moves is None and pruned.complete
    assert pruned.pruned[pruning] == 1 and pruned.expanded == 1
    return plain


# the hero's room on the left, a box in the door of the right room: the right room is a
# PI-corral (the door box can only go in, and the hero can push it in now)
CORRAL = ["##########",
          "#@   #   #",
          "# $  $ . #",
          "#  . #   #",
          "##########"]


def test_pi_corral_keeps_only_the_pushes_into_the_corral():
    M, boxes, region = start(xsb(CORRAL))
    assert M.pure_push
    door = 2 * M.W + 5
    assert M.pi_corral(boxes, region) == [(0, door, 1, door + 1, door)]  # pushed right
    assert len(M.moves(boxes, region)) > 1  # the left box could move too


def test_pi_corral_pruning_expands_fewer_positions_and_keeps_the_shortest_solution():
    lv = xsb(CORRAL)
    plain, pruned = search(lv, NONE), search(lv, {"pi_corral"})
    assert pruned.pushes == plain.pushes == 4
    assert pruned.pruned["pi_corral"] > 0
    assert pruned.states < plain.states


def test_no_pi_corral_when_a_border_box_could_leave_the_corral():
    # the door box can also be pushed down, out of the corral's reach: not an I-corral
    M, boxes, region = start(xsb(["##########",
                                  "#@   #   #",
                                  "#    $ . #",
                                  "#        #",
                                  "##########"]))
    assert M.pi_corral(boxes, region) is None


def test_a_finished_corral_is_not_a_pi_corral():
    # the right room holds no target and its border box stands on one: nothing to do there
    M, boxes, region = start(xsb(["##########",
                                  "#@  .#   #",
                                  "# $  *   #",
                                  "#    #   #",
                                  "##########"]))
    assert M.pi_corral(boxes, region) is None


# the hero can never get behind the box at the top: it could only go right, from the cell on
# its left, which nobody reaches. Not a dead square, not frozen: a corral deadlock.
CORRAL_DEADLOCK = ["########",
                   "# $.   #",
                   "##     #",
                   "#      #",
                   "#@.$   #",
                   "########"]


def test_corral_deadlock_a_corral_no_push_can_open():
    lv = xsb(CORRAL_DEADLOCK)
    M, boxes, region = start(lv)
    top = M.W + 2
    assert M.lower_bound(boxes) < pushpull.INF and not M.is_dead(0, top)
    assert not M.frozen_deadlock(boxes, top)
    assert M.pi_corral(boxes, region) == []
    plain = dead_at_start(lv, "corral_deadlock")
    assert plain.expanded > 1  # the other box moves before the plain search gives up


# the two boxes in column 3 shut the hero out of the left part (a PI-corral: both can only be
# pushed left, from where the hero stands); alone on the board, every other box taken away,
# they can never both reach targets: the corral search proves the deadlock at the start
CORRAL_SEARCH = ["########",
                 "#  *. ##",
                 "# # $ ##",
                 "#  $@ .#",
                 "########"]


def test_corral_search_deadlock_the_border_boxes_alone_cannot_be_solved():
    lv = xsb(CORRAL_SEARCH)
    M, boxes, region = start(lv)
    pushes, border = M.pi_corral(boxes, region, with_border=True)
    assert pushes and bin(border).count("1") == 2  # a PI-corral with pushes: no simple deadlock
    assert M.corral_unsolvable(boxes, region, border)
    assert dead_at_start(lv, "corral_search").expanded == 12
    # the border boxes of a solvable level's corral are solvable alone
    M, boxes, region = start(xsb(CORRAL))
    pushes, border = M.pi_corral(boxes, region, with_border=True)
    assert not M.corral_unsolvable(boxes, region, border)


# the right room's door holds a box with another box behind it: the door box could only go
# right, into that box, and the hero can never reach the room to move the other one. Both
# alive cells, neither frozen (the box behind could go up or down), no PI-corral (the push into
# the room is blocked by a box, not impossible from where the hero stands): held boxes
HELD = ["###########",
        "#     #   #",
        "# $@  $$ .#",
        "#     #  .#",
        "#.    #   #",
        "###########"]


def test_held_boxes_a_room_the_hero_can_never_enter_again():
    lv = xsb(HELD)
    M, boxes, region = start(lv)
    door = 2 * M.W + 6
    assert M.lower_bound(boxes) < pushpull.INF
    assert not M.is_dead(0, door) and not M.is_dead(0, door + 1)
    assert not M.frozen_deadlock(boxes, door) and not M.frozen_deadlock(boxes, door + 1)
    assert M.pi_corral(boxes, region) is None
    assert M.held_off_target(boxes, region)
    # the left box tried everywhere before the plain search gives up
    assert dead_at_start(lv, "held").expanded > 10


def test_held_boxes_let_go_when_the_hero_can_free_them():
    # the same boxes, the hero in the right room: it pushes the box behind the door aside,
    # then the door box left, and gets back into its room
    rows = [r.replace("@", " ") for r in HELD]
    rows[1] = rows[1][:8] + "@" + rows[1][9:]
    lv = xsb(rows)
    M, boxes, region = start(lv)
    assert not M.held_off_target(boxes, region)
    plain, pruned = search(lv, NONE), search(lv, pushpull.DEFAULT)
    assert plain.moves is not None and pruned.pushes == plain.pushes


# a box pushed into the one-wide corridors keeps going: one macro move per corridor
TUNNEL = ["##########",
          "#  $   . #",
          "#@ ##### #",
          "#  $ . # #",
          "######## #",
          "##########"]


def test_tunnel_macro_pushes_on_and_keeps_the_shortest_solution():
    lv = xsb(TUNNEL)
    plain, macro = search(lv, NONE), search(lv, {"tunnel"})
    assert macro.pushes == plain.pushes == 6
    assert macro.pruned["tunnel"] > 0  # pushes made as parts of macro moves
    assert macro.expanded < plain.expanded and macro.states < plain.states


def test_tunnel_macro_stops_on_a_target_and_where_the_hero_can_go_round():
    M, boxes, region = start(xsb(TUNNEL))
    W = M.W
    # the upper box pushed right from (3,1) to (4,1): it runs to the target at (7,1)
    b = (boxes[0] ^ (1 << (W + 3)) ^ (1 << (W + 4)),)
    run = M.tunnel_run(b, 0, W + 3, 1, W + 4, M.region(b, W + 3))
    assert [t for _, t, _ in run] == [W + 5, W + 6, W + 7]
    # a corridor the hero can reach from both ends is no tunnel for the macro
    M, boxes, region = start(xsb(["#########",
                                  "#@ $   .#",
                                  "# ##### #",
                                  "#       #",
                                  "#########"]))
    b = (boxes[0] ^ (1 << (M.W + 3)) ^ (1 << (M.W + 4)),)
    assert M.tunnel_run(b, 0, M.W + 3, 1, M.W + 4, M.region(b, M.W + 3)) == []


def test_prunings_are_off_for_pulls_and_for_spare_targets():
    pull = board.parse_rows(["#########", "#aA-1---#", "#-B--2--#", "#########"], 1, "whirly",
                            "pullpush")
    assert not pushpull.Model(pull).pure_push
    res = search(pull, pushpull.ALL)
    assert res.moves is not None and not any(res.pruned.values())
    spare = xsb(["#######", "#@$ ..#", "#######"])  # one box, two targets
    assert not pushpull.Model(spare).pure_push


def test_unknown_pruning_names_are_refused():
    with pytest.raises(ValueError):
        pushpull.astar(xsb(CORRAL), prune={"goal_room"})
    assert bench.prune_of("optimal") == pushpull.OPTIMAL
    assert bench.prune_of("pi_corral,tunnel") == {"pi_corral", "tunnel"}


def random_level(rng, W, H, nboxes, wall_share, steps=80, scatter=False):
    """A solvable level: boxes on targets in a random room, then the hero walks and pulls
    boxes at random (a pull undone is a push); more one-wide corridors with a higher wall
    share. scatter: boxes dropped anywhere instead (mostly unsolvable: deadlocks)."""
    grid = [["#"] * W for _ in range(H)]
    cells = [(x, y) for y in range(1, H - 1) for x in range(1, W - 1)
             if rng.random() >= wall_share]
    if len(cells) < nboxes + 2:
        return None
    for x, y in cells:
        grid[y][x] = " "
    picks = rng.sample(cells, nboxes + 1)
    boxes = set(picks[:nboxes])
    targets = set(boxes)
    if scatter:
        boxes = set(rng.sample(cells, nboxes))
    hx, hy = picks[-1]
    if (hx, hy) in boxes:
        return None
    dirs = ((0, -1), (1, 0), (0, 1), (-1, 0))
    for _ in range(0 if scatter else steps):
        dx, dy = rng.choice(dirs)
        nx, ny = hx + dx, hy + dy
        if grid[ny][nx] == "#" or (nx, ny) in boxes:
            continue
        behind = (hx - dx, hy - dy)
        if behind in boxes and rng.random() < 0.6:  # pull it along
            boxes.discard(behind)
            boxes.add((hx, hy))
        hx, hy = nx, ny
    rows = []
    for y in range(H):
        row = ""
        for x in range(W):
            c = grid[y][x]
            if (x, y) in boxes:
                c = "*" if (x, y) in targets else "$"
            elif (x, y) in targets:
                c = "."
            if (x, y) == (hx, hy):
                c = "+" if (x, y) in targets else "@"
            row += c
        rows.append(row)
    return rows


def test_random_levels_prunings_keep_the_push_count_of_the_plain_search():
    """Every pruning set gives the plain search's push count (or both fail) on small random
    levels, open rooms and corridor mazes, solvable or not; every pruning but the rare corral
    search (tested above) must fire on some."""
    rng = random.Random(15)
    fired = {p: 0 for p in pushpull.PRUNINGS}
    compared = solved = 0
    for k in range(400):
        rows = random_level(rng, rng.choice((6, 7, 8, 9)), rng.choice((5, 6, 7)),
                            rng.choice((2, 3)), rng.choice((0.15, 0.3, 0.4)),
                            rng.choice((40, 120)), scatter=k % 3 == 0)
        if rows is None:
            continue
        lv = xsb(rows)
        plain = search(lv, NONE)
        if plain.moves is None and not plain.complete:
            continue
        compared += 1
        solved += plain.moves is not None
        for prune in (pushpull.ALL, pushpull.DEFAULT, pushpull.OPTIMAL):
            res = search(lv, prune)
            assert res.pushes == plain.pushes, rows
            for p, n in res.pruned.items():
                fired[p] += n
    assert compared >= 300 and solved >= 200
    assert all(n for p, n in fired.items() if p != "corral_search"), fired


def test_incremental_lower_bound_equals_the_full_assignment():
    """child_bound redoes only the moved box's row of the Hungarian method: same totals as
    lower_bound on random moves of random box sets."""
    rng = random.Random(3)
    rows = ["##########",
            "#  *  #  #",
            "# ## *   #",
            "#  *   # #",
            "#   *#   #",
            "#@  *    #",
            "##########"]
    lv = xsb(rows)
    M = pushpull.Model(lv)
    floor = [c for c in range(M.size) if (M.boxok[0] >> c) & 1]
    for _ in range(300):
        cells = rng.sample(floor, 5)
        boxes = (sum(1 << c for c in cells),)
        state = M.bound_state(boxes)
        assert state[0] == M.lower_bound(boxes)
        n = rng.choice(cells)
        t = rng.choice([c for c in floor if c not in cells])
        moved = (boxes[0] ^ (1 << n) ^ (1 << t),)
        assert M.child_bound(state, 0, n, t) == M.lower_bound(moved)


def test_incremental_lower_bound_along_paths_with_its_shortcut(monkeypatch):
    """The states child_bound keeps carry on down a path (as in the search: a child's state
    for its children): along random walks of pushes the totals stay lower_bound's. A step
    that keeps the moved box's target (its column still the cheapest in reduced costs) runs
    no augmenting search at all (augment_row's shortcut: 43 % of these random steps; a box
    pushed on its way in a search, more); the others run one."""
    rng = random.Random(5)
    lv = xsb(["##########",
              "#  *  #  #",
              "# ## *   #",
              "#  *   # #",
              "#   *#   #",
              "#@  *    #",
              "##########"])
    M = pushpull.Model(lv)
    floor = [c for c in range(M.size) if (M.boxok[0] >> c) & 1]
    calls = []
    full = pushpull._augment
    monkeypatch.setattr(pushpull, "_augment", lambda *a: calls.append(1) or full(*a))
    steps = searched = 0
    for _ in range(60):
        cells = rng.sample(floor, 5)
        boxes = (sum(1 << c for c in cells),)
        state = M.bound_state(boxes)
        for _ in range(15):
            n = rng.choice(cells)
            near = [M.nb[d][n] for d in range(4)]
            free = [c for c in near if c in floor and c not in cells] or \
                [c for c in floor if c not in cells]
            t = rng.choice(free)
            boxes = (boxes[0] ^ (1 << n) ^ (1 << t),)
            cells[cells.index(n)] = t
            before = len(calls)
            total, state = M.child_bound(state, 0, n, t, keep=True)
            searched += len(calls) > before
            assert total == M.lower_bound(boxes)
            steps += 1
    assert steps == 900 and 100 < searched < steps - 100, searched  # both ways, often


def test_bench_counts_levels_per_time_limit_and_runs_the_ablation(tmp_path):
    import io
    path = bench.SETS["beginner"].path
    out = io.StringIO()
    counts, figs = bench.run(path, 10.0, 1, out=out, limits=(0.000001, 5.0), first=4)
    assert counts[0] == (0.000001, 0) and counts[-1] == (10.0, 4)
    assert figs["levels"] == 4 and figs["expanded"] > 0 and figs["longer_than_stored"] == 0
    assert "solved within   10 s: 4/4" in out.getvalue()
    rows = bench.ablation(path, states=2000, out=io.StringIO(), first=3)
    assert [r[0] for r in rows] == [label for label, p in bench.ablation_configs()]
    assert all(r[1] == 3 for r in rows)


def test_benchmark_collections_are_ours_and_modest():
    for name, c in bench.SETS.items():
        with open(c.path, encoding="utf-8") as f:
            text = f.read()
        assert len(text.encode()) < 100 * 1024, name
        assert "bench make" in text  # made by our generator, the command recorded


@pytest.mark.parametrize("pack, pure", [("01-sokoban.txt", True), ("03-colorban.txt", True),
                                        ("02-co-sokoban.txt", False), ("06-pullpush.txt", False)])
def test_shipped_levels_keep_their_push_counts_with_the_prunings(pack, pure):
    """Pure push packs (grey and coloured boxes) use the prunings, pull packs never; either way
    the solutions replay through the engine with the plain search's push counts."""
    import os
    from host_sim.whirly import packfile
    path = os.path.join(os.path.dirname(__file__), "..", "levels", "whirly", pack)
    p, items = packfile.levels(path)
    for i, raw, lv, err in items[-6:]:
        assert pushpull.Model(lv).pure_push == pure
        plain, pruned = search(lv, NONE), search(lv, pushpull.ALL)
        assert pruned.pushes == plain.pushes
        assert solver.check(lv, pruned.moves) is None
