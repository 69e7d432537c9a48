"""The bound's distances that know which side of each box the hero is on
(host_sim/whirly/sides.py): what a box cuts apart, the ways round they count, the deadlocks
they see, and the search's incremental bound on them."""
import random

from host_sim.whirly import pushpull, solver
from host_sim.whirly.search import lowest
from test_whirly_solver import DOOR as DOOR_LEVEL
from test_whirly_solver_meet import _cell as cell
from test_whirly_solver_pruning import xsb

# the box in the door can only be pushed back in from the right room (test_whirly_solver)
DOOR = [r.replace("-", " ") for r in DOOR_LEVEL[1]]
# the same with a right room too narrow to walk round the box in
NARROW = ["#######",
          "#@ #  #",
          "#.  $ #",
          "#  #  #",
          "#######"]


def test_a_box_in_a_door_cuts_the_floor_in_two_sides():
    M = pushpull.Model(xsb(DOOR))
    sd = M.sides()
    door, left, right = cell(M, 3, 2), cell(M, 1, 1), cell(M, 5, 1)
    assert len(sd.parts[door]) == 2
    assert sd.side(door, left) != sd.side(door, right)
    assert sd.side(cell(M, 1, 2), left) == sd.side(cell(M, 1, 2), right)  # cuts nothing


def test_side_distance_goes_round_through_the_far_room():
    """Plain push distances let the hero push the box home from the right room at once (3);
    from the left it must push it in, walk round and push it out again (5, the optimum)."""
    lv = xsb(DOOR)
    M = pushpull.Model(lv)
    box, target = cell(M, 4, 2), cell(M, 1, 2)
    assert M.dist[0][M.targets.index(target)][box] == 3
    assert M.lower_bound(M.start_boxes) == 3
    assert M.lower_bound(M.start_boxes, M.hero) == 5
    assert M.lower_bound(M.start_boxes, cell(M, 6, 1)) == 3  # the hero on the right
    st = {}
    moves = solver.solve(lv, time_limit=10, stats=st)
    assert solver.check(lv, moves) is None and st["pushes"] == 5
    res = pushpull.astar(lv, time_limit=10)
    assert res.lower_bound == 5 and res.pushes == 5


def test_a_box_the_hero_can_never_get_behind_is_a_deadlock_the_sides_see():
    """In the narrow room the hero never gets to the box's right: with the sides the bound is
    infinite at the start, without them the search pushes about until nothing is left."""
    lv = xsb(NARROW)
    M = pushpull.Model(lv)
    assert M.lower_bound(M.start_boxes) < pushpull.INF
    assert M.lower_bound(M.start_boxes, M.hero) >= pushpull.INF
    with_sides = pushpull.astar(lv, time_limit=10)
    without = pushpull.astar(lv, time_limit=10, prune=pushpull.DEFAULT - {"sides"})
    assert with_sides.moves is None and with_sides.complete and with_sides.expanded == 0
    assert without.moves is None and without.complete and without.expanded > 0


def test_incremental_bound_with_sides_follows_the_hero_along_random_pushes():
    """child_bound with the hero's cell after each push gives lower_bound's total on the
    sides along random walks of legal pushes: only the pushed box changes side."""
    rng = random.Random(7)
    lv = xsb(["##########",  # rooms and doors: boxes in doors cut the floor
              "#  .#   .#",
              "#@$  $ $ #",
              "#  .#   .#",
              "## ###$###",
              "#   $ .  #",
              "##########"])
    M = pushpull.Model(lv)
    checked = differs = 0
    for _ in range(40):
        boxes, hero = M.start_boxes, M.hero
        state = M.bound_state(boxes, None, hero)
        for _ in range(25):
            reg = M.region(boxes, hero)
            moves = M.moves(boxes, reg, prune=False)
            if not moves:
                break
            gi, n, d, t, hero = rng.choice(moves)
            boxes = (boxes[0] ^ (1 << n) ^ (1 << t),)
            total, state = M.child_bound(state, gi, n, t, keep=True, hero=hero)
            assert total == M.lower_bound(boxes, hero)
            assert total == M.lower_bound(boxes, lowest(M.region(boxes, hero)))
            differs += total != M.lower_bound(boxes)
            checked += 1
    assert checked > 500 and differs > 10
