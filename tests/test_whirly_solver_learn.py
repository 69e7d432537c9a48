"""Dead patterns learned while a weighted search runs (host_sim/whirly/learn.py), and the
prunings' rules for the positions its proofs search, which hold fewer boxes than targets.
"""
import os
import random
import time

from games.whirly import board
from host_sim.whirly import learn, packfile, pushpull, solver
from host_sim.whirly.search import lowest

DATA = os.path.join(os.path.dirname(__file__), "data")


def xsb(rows):
    return board.parse_rows(rows, 1, "xsb", "sokoban")


def learner(M, seconds=30.0):
    return learn.Learner(M, [time.time() + seconds])


def solvable(M, boxes, hero):
    """The plain search (no pruning, no position cap) from this position: True / False."""
    res = pushpull.astar(M.level, M.rules, time_limit=60.0, model=M, prune=(),
                         origin=(boxes, hero))
    assert res.pushes is not None or res.complete
    return res.pushes is not None


# two boxes side by side against the top wall freeze each other off target; the third is free
PAIR = ["#########",
        "#.$$   .#",
        "#       #",
        "#  @ $ .#",
        "#########"]


def test_a_dead_position_is_cut_down_to_the_boxes_that_keep_it_dead():
    M = pushpull.Model(xsb(PAIR))
    L = learner(M)
    masks, area = L.learn(M.start_boxes, M.hero)
    pair = (1 << (M.W + 2)) | (1 << (M.W + 3))
    assert masks == (pair,)  # the free box went; either of the pair alone can be solved
    assert area == M.bits.flood(M.hero, M.walk & ~pair)
    L.found.append((masks, area))
    free = M.start_boxes[0] & ~pair
    moved = pair | (1 << (3 * M.W + 1))  # the free box elsewhere: still the pattern
    assert L.dead(M.start_boxes, M.hero) and L.dead((moved,), M.hero)
    assert not L.dead((free | (1 << (M.W + 2)),), M.hero)  # one of the pair gone
    assert not L.dead(M.start_boxes, M.W + 2)  # the hero outside the pattern's area


def test_a_position_that_can_be_solved_gives_no_pattern():
    M = pushpull.Model(xsb(["#######",
                            "#.$ @ #",
                            "#  $. #",
                            "#######"]))
    assert learner(M).learn(M.start_boxes, M.hero) is None


# two corner targets: any box pushed onto one is frozen there, a wall for the bound
CORNERS = ["######",
           "#.  .#",
           "# $$ #",
           "#@   #",
           "######"]


def test_a_box_frozen_on_its_target_is_no_deadlock_with_fewer_boxes_than_targets():
    M = pushpull.Model(xsb(CORNERS))
    one = (M.start_boxes[0] & -M.start_boxes[0],)
    res = pushpull.astar(M.level, M.rules, time_limit=10.0, model=M, prune=pushpull.DEFAULT,
                         origin=(one, M.hero))
    assert res.pushes == 2  # up, then left into the corner target (frozen there: done)
    assert res.pruned["frozen_goals"] == 0


def test_a_box_frozen_on_its_target_walls_off_the_others_with_fewer_boxes_than_targets():
    """Model.lower_bound on a FrozenGoals view: the frozen box (on the middle target) is a wall; the box beside it
    reaches neither the target behind it nor, with the hero on its right, the one on its
    right. Without the view, the box alone is one push from the middle target."""
    M = pushpull.Model(xsb(["########",
                            "#. *$@.#",
                            "########"]))
    frozen, box = 1 << (M.W + 3), 1 << (M.W + 4)
    view = pushpull.FrozenGoals(M, frozen)
    assert M.lower_bound((frozen | box,), M.hero, view) >= pushpull.INF
    assert M.lower_bound((box,), M.hero) == 1
    assert M.lower_bound((frozen,), view=view) == 0


# the right room's only way in is its door, where a box stands on a target; the room holds an
# empty target: unfinished with a box per target, finished when the boxes are fewer
ROOM = ["##########",
        "#@   #   #",
        "# $$ * . #",
        "#  . #   #",
        "##########"]


def test_an_empty_target_leaves_a_corral_unfinished_only_when_every_target_needs_a_box():
    M = pushpull.Model(xsb(ROOM))
    assert M.pure_push
    region = M.region(M.start_boxes, M.hero)
    assert M.pi_corral(M.start_boxes, region)  # the door box pushed in
    fewer = (M.start_boxes[0] & ~(1 << (2 * M.W + 3)),)
    region = M.region(fewer, M.hero)
    assert M.pi_corral(fewer, region) is not None
    assert M.pi_corral(fewer, region, spare=True) is None


# corner targets, a pillar: pairs freeze, corrals form, boxes freeze on targets
FIELD = ["#######",
         "#.   .#",
         "#  #  #",
         "# $$$ #",
         "#  @  #",
         "#.    #",
         "#######"]


def test_every_learned_pattern_is_dead_and_every_dead_claim_is_true():
    """Random positions: each proven dead is unsolvable by the plain exhaustive search, and
    each pattern learned, its boxes alone with the hero in its area, too."""
    M = pushpull.Model(xsb(FIELD))
    rng = random.Random(7)
    floor = [c for c in M.bits.cells(M.walk) if (M.boxok[0] >> c) & 1 and not
             (M.dead[0] >> c) & 1]
    L = learner(M, 120.0)
    dead = patterns = 0
    for _ in range(40):
        cells = rng.sample(floor, 3)
        boxes = (sum(1 << c for c in cells),)
        free = [c for c in M.bits.cells(M.walk) if c not in cells]
        hero = lowest(M.region(boxes, rng.choice(free)))
        if L.proven_dead(boxes, hero, learn.PROOF):
            dead += 1
            assert not solvable(M, boxes, hero)
            masks, area = L.learn(boxes, hero)
            patterns += 1
            assert not solvable(M, masks, lowest(area))
            assert bin(masks[0]).count("1") <= 3
    assert dead >= 5 and patterns == dead


def test_a_search_that_learns_prunes_with_its_patterns_and_each_is_dead():
    """Our hard set's #2 (tests/data), the best position checked after 50 expansions without
    a better bound: a pattern learned, positions pruned by it, the solution legal, and every
    pattern dead by the plain exhaustive search (its boxes alone, the hero in its area)."""
    lv = packfile.level(os.path.join(DATA, "whirly-hard-45.txt"), 2)
    s = pushpull.Search(lv, weight=10, learn=True)
    assert s.res.method == "push WA*(10) learning"
    s.learned.stall = 50
    res = s.run(60.0)
    assert res.moves is not None and solver.check(lv, res.moves) is None
    assert s.learned.found and res.pruned["learned"] > 0
    for masks, area in s.learned.found:
        assert not solvable(s.M, masks, lowest(area))


def test_only_weighted_pure_push_searches_learn():
    lv = xsb(FIELD)
    assert pushpull.Search(lv, weight=1, learn=True).learned is None
    assert pushpull.Search(lv, weight=10).learned is None


def test_the_portfolio_adds_the_learning_search_only_past_deep_after(monkeypatch):
    """solve()'s portfolio on our corridor set's #35 (solved by a weighted search's meeting
    after the optimal searches' time alone): the learning search takes turns once DEEP_AFTER
    seconds have passed, never when the limit is shorter."""
    lv = packfile.level(os.path.join(DATA, "whirly-corridors-36.txt"), 35)
    r = solver.rules_of(lv)

    def methods(limit):
        M = pushpull.Model(lv, r)
        with pushpull.no_gc():
            done = solver._portfolio(lv, r, M, pushpull.DEFAULT, time.time() + limit)
        assert any(x.moves is not None for d, x in done)
        return [x.method for d, x in done]

    assert not any("learning" in m for m in methods(5.0))  # DEEP_AFTER: 60 s
    monkeypatch.setattr(solver, "DEEP_AFTER", 0.0)
    assert any("learning" in m for m in methods(5.0))
