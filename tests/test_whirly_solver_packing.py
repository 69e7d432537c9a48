"""The packing-order search (host_sim/whirly/packing.py): the targets filled one at a time in
an order found by pulling the boxes out of the solved position, each stage's search seeing
only the boxes that matter to it (a plan that fails on the whole board names the boxes in
its way, which the stage then sees too).
"""
import pytest

from host_sim.whirly import packing, pushpull, solver
from test_whirly_solver_meet import COLUMN
from test_whirly_solver_portfolio import collection_level
from test_whirly_solver_pruning import xsb

# targets (1, 1) and (2, 1) at the end of a corridor; box A (5, 1) nearer, box B (6, 1)
# between it and the hero: A alone can be pushed left at once, not on the whole board
QUEUE = ["#########",
         "#..  $$@#",
         "#########"]


def _cell(M, x, y):
    return y * M.W + x


def test_packing_order_fills_a_goal_column_from_its_far_end():
    lv = xsb(COLUMN)
    M = pushpull.Model(lv)
    order = packing.packing_order(M)
    assert sorted(order) == sorted(M.targets)
    # the column's dead end first, down to its mouth: a box pushed up the column never
    # passes a filled target
    assert order[:3] == [_cell(M, 1, 1), _cell(M, 1, 2), _cell(M, 1, 3)]
    # and nothing filled later closes the way to a target before it: each target of the
    # order can still be reached by a lone box with the earlier ones as walls
    s = packing.PackingSearch(lv)
    walls = 0
    for t in order:
        d = s.dist(0, t, walls)
        assert any(d[c] < pushpull.INF for c in range(M.size) if not (walls >> c) & 1
                   and c != t)
        walls |= 1 << t


def test_packing_search_solves_a_goal_column_level():
    lv = xsb(COLUMN)
    res = packing.PackingSearch(lv).run(20)
    assert res.moves is not None
    assert solver.check(lv, res.moves) is None
    assert res.method == "packing order" and res.pushes == solver.figures(lv, res.moves)[0]


def test_a_stage_plan_that_fails_on_the_whole_board_names_the_box_in_its_way():
    lv = xsb(QUEUE)
    s = packing.PackingSearch(lv)
    M = s.M
    a, b, hero = _cell(M, 5, 1), _cell(M, 6, 1), _cell(M, 7, 1)
    assert M.hero == hero
    sub = (1 << a,)  # the stage sees A only
    left = 3  # pushpull's directions: up, right, down, left
    after, blocking = s.replay(M.start_boxes, hero, [(a, left)], sub)
    assert after is None and blocking == [b]  # B stands where the hero must go
    # with B moved out of the way the same plan holds, the hero behind A after it
    after, blocking = s.replay((1 << a,), hero, [(a, left)], sub)
    assert blocking is None and after == ((1 << _cell(M, 4, 1),), a)


def test_a_stage_moves_first_its_box_alone_then_the_boxes_in_its_way():
    # filling (1, 1): A alone may move, B standing still (no plan: the hero is shut in
    # behind B); then A with B taken away (a plan, which runs into B on the whole board); then
    # A and B may both move (no plan: B cannot be pushed, A is behind it): the level has no
    # solution, and the stages say so
    lv = xsb(QUEUE)
    s = packing.PackingSearch(lv)
    M = s.M
    a, b = _cell(M, 5, 1), _cell(M, 6, 1)
    calls = []
    stage = s._stage

    def spy(sub, hero, t, fixed):
        calls.append((sub[0], fixed))
        return stage(sub, hero, t, fixed)
    s._stage = spy
    res = s.run(10)
    assert res.moves is None and s.done
    assert calls[:3] == [((1 << a) | (1 << b), 1 << b), (1 << a, 0), ((1 << a) | (1 << b), 0)]


def test_a_stage_plan_never_moves_the_boxes_it_holds_still():
    # our hard #19 (nine boxes): the stages' plans push only the boxes they may move, every
    # other box (not only the filled targets') standing where it stood, and the solution holds
    lv = collection_level("whirly-hard-45.txt", 19)
    s = packing.PackingSearch(lv)
    held = []
    stage = s._stage

    def spy(sub, hero, t, fixed):
        for steps in stage(sub, hero, t, fixed):
            if steps is not packing.PAUSE:
                boxes = filled = 0
                for m in sub:
                    boxes |= m
                for x in s.order[:s.order.index(t)]:
                    filled |= 1 << x
                held.append(bin(fixed & boxes & ~filled).count("1"))
                assert not any((fixed >> n) & 1 for n, d in steps)  # a held box never pushed
            yield steps
    s._stage = spy
    res = s.run(20)
    assert res.moves is not None and solver.check(lv, res.moves) is None
    assert max(held) > 0  # plans found with boxes besides the filled targets' held still


def test_packing_search_runs_in_steps_as_at_once(monkeypatch):
    # the same plans whatever the clock: paused every 64 positions, it goes on where it was
    # (hard #19 of our collection: 652 positions)
    lv = collection_level("whirly-hard-45.txt", 19)
    whole = packing.PackingSearch(lv).run(20)
    s = packing.PackingSearch(lv)
    runs = 0
    while not s.done:
        s.run(0)  # out of time at its first look at the clock
        runs += 1
    assert runs > 1
    assert whole.moves is not None and solver.check(lv, whole.moves) is None
    assert (s.res.moves, s.res.expanded) == (whole.moves, whole.expanded)


def test_packing_search_needs_a_pure_push_level():
    lv = xsb(COLUMN, "co-sokoban")
    with pytest.raises(ValueError):
        packing.PackingSearch(lv)


def test_portfolio_names_the_packing_search_when_it_solves(monkeypatch):
    monkeypatch.setattr(solver, "PORTFOLIO", (("packing", 0, 1.0),))
    lv = xsb(COLUMN)
    stats = {}
    moves = solver.solve(lv, time_limit=20, stats=stats)
    assert moves is not None and solver.check(lv, moves) is None
    assert stats["method"] == "packing order" and stats["optimal"] is False
