"""Two more strengths of the push search (host_sim/whirly/pushpull.py): searches both ways that
meet (a position the forward and a backward search both reached joins their paths into one
solution; two weight-1 searches' meeting is taken as shortest only once bidirectional A*'s
stopping rule proves it), and boxes frozen on their targets seen as walls by the lower bound
(FrozenGoals: a goal column shut at its mouth is a deadlock at once).
"""
import os
import random

from host_sim.whirly import pushpull, solver
from test_whirly_solver_pruning import NONE, random_level, xsb
from test_whirly_solver_portfolio import DATA, _Clock, collection_level

# a goal column (x 1, y 1-5) entered at (1, 4) from the room and pushed up from (1, 5): a box
# on (1, 5), the column's mouth, can never move (walls below and beside it) and shuts the rest
COLUMN = ["#########",
          "#.#######",
          "#.#######",
          "#.#######",
          "#.      #",
          "#.$ $ $ #",
          "## $ $  #",
          "##  @   #",
          "#########"]


def _cell(M, x, y):
    return y * M.W + x


def _moved(M, boxes, frm, to):
    return (boxes[0] & ~(1 << frm) | (1 << to),)


def test_frozen_goals_a_goal_column_shut_at_its_mouth_is_a_deadlock():
    lv = xsb(COLUMN)
    M = pushpull.Model(lv)
    mouth = _cell(M, 1, 5)
    shut = _moved(M, M.start_boxes, _cell(M, 2, 5), mouth)  # the first box pushed left
    # the freeze test and the plain bound see nothing wrong: the box is on a target
    assert not M.frozen_deadlock(shut, mouth)
    assert M.lower_bound(shut) < pushpull.INF
    F = M.frozen_goals(shut, mouth, 0)
    assert F == 1 << mouth
    view = pushpull.FrozenGoals(M, F)
    assert M.bound_state(shut, view)[0] >= pushpull.INF  # (1, 1)-(1, 4) are out of reach
    # the deepest target filled is frozen too, and harmless: a finite bound, never below
    # the plain one
    deep = _cell(M, 1, 1)
    packed = _moved(M, M.start_boxes, _cell(M, 2, 5), deep)
    F = M.frozen_goals(packed, deep, 0)
    assert F == 1 << deep
    v = M.bound_state(packed, pushpull.FrozenGoals(M, F))[0]
    assert M.lower_bound(packed) <= v < pushpull.INF
    # a box on a target that can still move is not frozen
    free = _moved(M, M.start_boxes, _cell(M, 2, 5), _cell(M, 1, 4))
    assert M.frozen_goals(free, _cell(M, 1, 4), 0) == 0


def test_a_target_no_box_reaches_ends_the_bound_before_any_assignment(monkeypatch):
    """The column shut at its mouth: its top targets have no box that reaches them, so the
    bound is INF at once, with no assignment searched (most full assignments in a search of
    Microban #153 were of such children, pruned anyway); a bound moved on from such a state
    is still the plain one."""
    lv = xsb(COLUMN)
    M = pushpull.Model(lv)
    mouth = _cell(M, 1, 5)
    shut = _moved(M, M.start_boxes, _cell(M, 2, 5), mouth)
    view = pushpull.FrozenGoals(M, M.frozen_goals(shut, mouth, 0))
    calls = []
    full = pushpull._augment
    monkeypatch.setattr(pushpull, "_augment", lambda *a: calls.append(1) or full(*a))
    state = M.bound_state(shut, view)
    assert state[0] >= pushpull.INF and calls == []
    # an open column: the assignment is searched (one augmenting search per box)
    assert M.bound_state(M.start_boxes)[0] < pushpull.INF and calls
    # a box on a dead cell: INF with no assignment either; pushed back onto a live cell, the
    # bound moved on from that state is the plain one of the new position
    live = M.boxok[0] & ~M.dead[0]
    dead = next(c for c in range(M.size) if (M.walk >> c) & 1 and not (live >> c) & 1)
    first = (M.start_boxes[0] & -M.start_boxes[0]).bit_length() - 1
    stuck = _moved(M, M.start_boxes, first, dead)
    state = M.bound_state(stuck)
    assert state[0] >= pushpull.INF and state[3] is None
    assert M.child_bound(state, 0, dead, first) == M.lower_bound(M.start_boxes) \
        < pushpull.INF


def test_frozen_goals_prunes_the_column_and_keeps_the_shortest_solution():
    lv = xsb(COLUMN)
    without = pushpull.astar(lv, None, prune=pushpull.DEFAULT - {"frozen_goals"})
    res = pushpull.astar(lv, None, prune=pushpull.DEFAULT)
    assert res.moves is not None and solver.check(lv, res.moves) is None
    assert res.pushes == without.pushes == pushpull.astar(lv, None, prune=NONE).pushes
    assert res.pruned["frozen_goals"] >= 1 and without.pruned["frozen_goals"] == 0
    assert res.states < without.states
    # not in the proven-optimal set (the frozen boxes a position sees depend on the way it
    # was reached: an admissible bound, but not a consistent one)
    assert "frozen_goals" in pushpull.DEFAULT and "frozen_goals" not in pushpull.OPTIMAL


def _pair(lv, fwd_weight=1, back_weight=1, prune=pushpull.DEFAULT):
    fwd = pushpull.Search(lv, weight=fwd_weight, prune=prune)
    back = pushpull.backward_search(lv, weight=back_weight)
    fwd.meet.append(back.shared())
    back.meet.append(fwd.shared())
    return fwd, back


def _turns(searches, rounds=2000):
    """run(0) in turn (64 positions each) until one is done -> that one."""
    for _ in range(rounds):
        for s in searches:
            s.run(0)
            if s.done:
                return s
    return None


def test_searches_both_ways_meet_and_join_their_paths():
    # hard #42 (our generated collection): the optimal A* forward never finishes; taking
    # turns with the weighted backward search, the two meet before either ends alone
    lv = collection_level("whirly-hard-45.txt", 42)
    fwd, back = _pair(lv, 1, 10)
    done = _turns([fwd, back])
    res = done.res
    assert res.met is not None and res.method == "met: push A* + push WA*(10) backward"
    assert solver.check(lv, res.moves) is None
    assert res.pushes == solver.figures(lv, res.moves)[0]
    alone = pushpull.backward_search(lv, weight=10)
    _turns([alone])
    assert done is back or alone.res.expanded > back.res.expanded


def test_a_meeting_of_the_two_optimal_searches_is_taken_only_when_shortest():
    """Bidirectional A*'s stopping rule: on a third of our beginner collection the forward A*
    (proven prunings) and the backward one taking turns give the forward A*'s push count,
    joined by a meeting on many; a meeting not yet proven shortest waits as res.candidate
    until it is (or the portfolio settles on it)."""
    from host_sim.whirly import packfile
    p, items = packfile.levels(os.path.join(DATA, "whirly-beginner-155.txt"))
    compared = met = waited = 0
    for i, raw, lv, err in items[::3]:
        alone = pushpull.astar(lv, None, time_limit=20, prune=pushpull.OPTIMAL)
        fwd, back = _pair(lv, prune=pushpull.OPTIMAL)
        done = _turns([fwd, back])
        assert done.res.pushes == alone.pushes, i + 1
        assert solver.check(lv, done.res.moves) is None
        compared += 1
        if done.res.met is not None:
            assert done.res.met[2] and done.res.method == "push A* (met: forward and backward)"
            met += 1
        waited += any(s.res.candidate is not None for s in (fwd, back))
    assert compared == 52 and met >= 8 and waited >= 2, (compared, met, waited)


def test_settle_takes_the_best_meeting_not_yet_proven_shortest():
    # beginner #106: the optimal searches both ways meet before they can prove the meeting
    # shortest; Search.settle() (the portfolio's, once the optimal searches' time alone is
    # over) joins the best such meeting into a valid solution of its push count
    lv = collection_level("whirly-beginner-155.txt", 106)
    fwd, back = _pair(lv, prune=pushpull.OPTIMAL)
    waiting = None
    for _ in range(200):
        for s in (fwd, back):
            s.run(0)
            assert not s.done  # proven before a candidate: a different level is needed
            if s.res.candidate is not None:
                waiting = s
                break
        if waiting:
            break
    c = waiting.res.candidate[0]
    res = waiting.settle()
    assert waiting.done and res.met is not None and not res.met[2]
    assert res.method == "met: push A* + push A* backward"
    assert solver.check(lv, res.moves) is None and res.pushes == c
    assert solver.figures(lv, res.moves)[0] == c >= pushpull.astar(lv, None).pushes
    assert fwd.settle() is fwd.res and not fwd.done or fwd is waiting  # nothing to settle


def test_portfolio_settles_when_the_optimal_searches_time_alone_is_over(monkeypatch):
    # the same level, the portfolio on a step clock with the optimal searches' time alone
    # cut short: it ends with the best meeting they found, before any weighted search
    lv = collection_level("whirly-beginner-155.txt", 106)
    monkeypatch.setattr(solver, "SOLO", 0.1)
    clock = _Clock(0.003)
    monkeypatch.setattr(solver, "time", clock)
    monkeypatch.setattr(pushpull, "time", clock)
    st = {}
    moves = solver.solve(lv, time_limit=1, stats=st)
    assert st["method"] == "met: push A* + push A* backward" and not st["optimal"]
    assert solver.check(lv, moves) is None and st["pushes"] == solver.figures(lv, moves)[0]


def test_frozen_goals_bound_from_the_parents_assignment_equals_a_new_one():
    """A push that freezes boxes on their targets: frozen_child_state(), the bound on the new
    walls from the parent's assignment (rows and columns of the frozen boxes dropped, the
    others re-placed where no longer tight), gives bound_state()'s total, along random walks
    of the search's pushes on random levels; its assignment carries on into child_bound()."""
    rng = random.Random(21)
    warm = checked = 0
    for k in range(300):
        rows = random_level(rng, rng.choice((7, 8, 9)), rng.choice((6, 7)),
                            rng.choice((3, 4, 5)), rng.choice((0.1, 0.2, 0.3)), 60,
                            scatter=k % 3 == 0)
        if rows is None:
            continue
        M = pushpull.Model(xsb(rows))
        for _ in range(10):
            boxes, hero, F = M.start_boxes, M.hero, 0
            state = M.bound_state(boxes, None, hero)
            for _ in range(30):
                moves = M.moves(boxes, M.region(boxes, hero))
                if not moves or state is None or state[3] is None or state[0] >= pushpull.INF:
                    break  # the search expands no position with an infinite bound
                gi, n, d, t, hero = rng.choice(moves)
                nbx = (boxes[0] ^ (1 << n) ^ (1 << t),)
                new = M.frozen_goals(nbx, t, F) if (M.anygoal >> t) & 1 else 0
                if new < 0 or M.frozen_deadlock(nbx, t):
                    continue
                view = pushpull.FrozenGoals(M, F | new) if F | new else None
                want = M.bound_state(nbx, view, hero)
                if new:
                    old_cols = pushpull.FrozenGoals(M, F).index if F else None
                    got = M.frozen_child_state(state, old_cols, gi, n, t, view, hero)
                    warm += 1
                else:
                    got = M.child_bound(state, gi, n, t, keep=True, hero=hero)[1]
                assert got[0] == want[0], rows
                checked += 1
                boxes, F, state = nbx, F | new, got
    assert checked > 10000 and warm > 500


def test_frozen_goals_from_the_parents_assignment_leave_the_search_as_it_was(monkeypatch):
    """The searches with pushpull.WARM (the parent's assignment reused) and without (a new
    O(n^3) one whenever boxes freeze): the same positions, in the same order, the same
    solution, on our own collections' levels where boxes freeze."""
    calls = [0]
    reuse = pushpull.Model.frozen_child_state

    def counted(self, *args):
        calls[0] += 1
        return reuse(self, *args)
    monkeypatch.setattr(pushpull.Model, "frozen_child_state", counted)
    for name, n in (("whirly-hard-45.txt", 5), ("whirly-hard-45.txt", 37),
                    ("whirly-hard-45.txt", 45), ("whirly-corridors-36.txt", 6),
                    ("whirly-corridors-36.txt", 16), ("whirly-corridors-36.txt", 31)):
        lv = collection_level(name, n)
        runs = []
        for warm in (False, True):
            monkeypatch.setattr(pushpull, "WARM", warm)
            for weight in (1, 10):
                r = pushpull.Search(lv, weight=weight, max_states=3000).run(60)
                runs.append((r.pushes, r.expanded, r.states, r.moves))
        assert runs[:2] == runs[2:], (name, n)
    assert calls[0] > 100
