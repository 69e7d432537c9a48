"""iQLANDIE task generators and checkers: a named test per rule, and hypothesis properties over
seeds and difficulties (every generated task has an answer the checker accepts; wrong answers
are rejected, judged by independent reference checkers written here). Generation time is a
bench figure (`python -m host_sim.iqlandie.bench`), not a test: the machines are noisy.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.iqlandie import biology, optics, programming, space, tasks, task_tiles

PROPS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 0xFFFF)
levels = st.integers(0, 2)


def gen(topic, seed, difficulty=1):
    return tasks.generate(topic, seed, difficulty)


# ---------------------------------------------------------------- common


def test_topics_are_the_four_topics_of_the_seed():
    assert tasks.TOPICS == ("Biology", "Programming", "Optics", "Space")
    # by name: the game frees task modules between rounds, so a later import is a new object
    assert [tasks.module(t).__name__ for t in range(4)] == [
        m.__name__ for m in (biology, programming, optics, space)]


def fields(task):
    d = dict(vars(task))
    for k, v in d.items():
        if isinstance(v, (bytes, bytearray)):
            d[k] = bytes(v)
    return d


@pytest.mark.parametrize("topic", range(4))
def test_same_seed_gives_the_same_task(topic):
    for seed in (0, 1, 77, 65535):
        for d in range(3):
            assert fields(gen(topic, seed, d)) == fields(gen(topic, seed, d))


@pytest.mark.parametrize("topic", range(4))
def test_only_the_low_16_bits_of_the_seed_count(topic):
    a = gen(topic, 0x12345)
    assert a.seed == 0x2345
    assert fields(a) == fields(gen(topic, 0x2345))


@pytest.mark.parametrize("topic", range(4))
def test_consecutive_seeds_give_different_tasks(topic):
    seen = set()
    for seed in range(200):
        f = fields(gen(topic, seed))
        del f["seed"]
        seen.add(repr(sorted(f.items())))
    # optics tasks differ by start and goal only (24 x 23 pairs) and their mirrors: some repeat
    assert len(seen) >= (180 if topic == tasks.OPTICS else 198)


VISIBLE = {0: lambda t: (bytes(t.start), bytes(t.target)),
           1: lambda t: (bytes(t.sides), bytes(t.corners), t.start, bytes(t.prog)),
           2: lambda t: (t.start, t.goal),
           3: lambda t: bytes(t.target)}


@pytest.mark.parametrize("topic", range(4))
def test_task_id_is_equal_for_the_same_visible_puzzle_so_repeats_are_refused(topic):
    by_id = {}
    shown = set()
    for d in range(3):
        for seed in range(700):
            t = gen(topic, seed, d)
            i = tasks.task_id(t)
            assert i >> 16 == d * 4 + topic and 0 <= i & 0xFFFF <= 0xFFFF
            v = (d, VISIBLE[topic](t))
            shown.add(v)
            by_id.setdefault(i, set()).add(v)
    # the same puzzle always has the same id; distinct puzzles almost always distinct ids
    assert sum(len(v) for v in by_id.values()) == len(shown)
    assert len(by_id) >= len(shown) * 0.99
    if topic == tasks.OPTICS:
        assert len(by_id) == len(shown)


def test_generate_rejects_an_unknown_topic_or_difficulty():
    with pytest.raises(ValueError):
        tasks.generate(4, 1)
    with pytest.raises(ValueError):
        tasks.generate(0, 1, 3)


@pytest.mark.parametrize("topic", range(4))
def test_new_answer_is_fresh_and_not_a_solution(topic):
    for seed in range(30):
        t = gen(topic, seed)
        a = tasks.new_answer(t)
        assert not tasks.check(t, a)
        if topic != tasks.PROGRAMMING:
            assert tasks.new_answer(t) is not a


# ---------------------------------------------------------------- biology

def bfs_distance(start, target, limit):
    """Optimal slides from start to any quarter turn of target (None beyond limit)."""
    goals = set()
    t = bytes(target)
    for _ in range(4):
        goals.add(t)
        t = bytes(t[i] for i in biology.ROT)
    frontier = [bytes(start)]
    seen = {frontier[0]}
    for d in range(limit + 1):
        nxt = []
        for b in frontier:
            if b in goals:
                return d
            z = b.index(0)
            for n in biology.NEIGHBOURS[z]:
                c = bytearray(b)
                c[z], c[n] = c[n], 0
                c = bytes(c)
                if c not in seen:
                    seen.add(c)
                    nxt.append(c)
        frontier = nxt
    return None


def test_biology_solution_is_the_target_and_the_checker_accepts_it():
    t = gen(0, 5)
    assert tasks.solution(t) == t.target
    assert tasks.check(t, tasks.solution(t))


def test_biology_any_of_the_four_quarter_turns_of_the_target_counts():
    for seed in range(20):
        t = gen(0, seed)
        for k in range(4):
            assert tasks.check(t, biology.rotate(t.target, k))


def test_biology_a_mirrored_target_does_not_count():
    for seed in range(20):
        t = gen(0, seed)
        m = bytearray(9)
        for i in range(9):
            m[i] = t.target[i // 3 * 3 + 2 - i % 3]
        if all(bytes(m) != bytes(biology.rotate(t.target, k)) for k in range(4)):
            assert not tasks.check(t, m)


def test_biology_a_board_unreachable_by_slides_is_rejected():
    t = gen(0, 9)
    # swapping two tokens of the start changes the slide parity: even a turned target built
    # from it must be refused
    b = bytearray(t.target)
    i, j = [k for k in range(9) if b[k]][:2]
    b[i], b[j] = b[j], b[i]
    assert biology._parity(b) != biology._parity(t.start)
    assert not tasks.check(t, b)


def test_biology_quarter_turns_keep_the_slide_parity():
    # so every turned target is reachable: the rule is fair
    for seed in range(50):
        t = gen(0, seed)
        for k in range(4):
            assert biology._parity(biology.rotate(t.start, k)) == biology._parity(t.start)


def test_biology_boards_with_missing_or_doubled_tokens_are_rejected():
    t = gen(0, 3)
    for bad in (bytearray(8), bytearray(10), bytearray(9), bytearray([1] * 9),
                bytearray([9, 1, 2, 3, 4, 5, 6, 7, 8]), [0, 1, 2], None, 5):
        assert not tasks.check(t, bad)


def test_biology_slide_moves_only_a_neighbour_of_the_empty_cell():
    b = bytearray([1, 2, 3, 4, 0, 5, 6, 7, 8])
    assert not biology.slide(b, 0) and b == bytearray([1, 2, 3, 4, 0, 5, 6, 7, 8])
    assert not biology.slide(b, 4) and not biology.slide(b, 9) and not biology.slide(b, -1)
    assert biology.slide(b, 1) and b == bytearray([1, 0, 3, 4, 2, 5, 6, 7, 8])
    assert biology.slide(b, 0) and b == bytearray([0, 1, 3, 4, 2, 5, 6, 7, 8])


def test_biology_rotate_turns_clockwise():
    b = bytearray([1, 2, 3, 4, 5, 6, 7, 8, 0])
    assert biology.rotate(b) == bytearray([7, 4, 1, 8, 5, 2, 0, 6, 3])
    assert biology.rotate(b, 4) == b


def test_biology_path_slides_the_start_to_the_target():
    for seed in range(50):
        t = gen(0, seed)
        b = biology.new_answer(t)
        for cell in t.path:
            assert b[cell] != 0
            assert biology.slide(b, cell)
        assert b == t.target


@given(seeds, levels)
@PROPS
def test_biology_optimal_slides_lie_in_the_difficulty_range(seed, d):
    t = gen(0, seed, d)
    lo, hi = biology.LEVELS[d]
    assert len(t.path) <= hi
    dist = bfs_distance(t.start, t.target, hi)
    assert dist is not None and lo <= dist <= hi
    assert not tasks.check(t, t.start)


@given(seeds, levels, st.lists(st.integers(0, 8), max_size=30))
@PROPS
def test_biology_checker_accepts_exactly_the_turned_targets(seed, d, cells):
    t = gen(0, seed, d)
    b = tasks.new_answer(t)
    for c in cells:  # the player's slides
        biology.slide(b, c)
    want = any(bytes(b) == bytes(biology.rotate(t.target, k)) for k in range(4))
    assert tasks.check(t, b) == want
    assert tasks.check(t, tasks.solution(t))


# ---------------------------------------------------------------- programming

def robot_end(t):
    """Reference: walk field by field; colour = the side's unit step, symbol = the corner's."""
    side = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
    corner = {0: (1, -1), 1: (1, 1), 2: (-1, 1), 3: (-1, -1)}
    x, y = t.start % 6, t.start // 6
    crossed = []
    for i in range(t.ncmd):
        tg, n = t.prog[2 * i], t.prog[2 * i + 1]
        if tg < 4:
            dx, dy = side[list(t.sides).index(tg)]
        else:
            dx, dy = corner[list(t.corners).index(tg - 4)]
        for _ in range(n):
            x, y = x + dx, y + dy
            crossed.append((x, y))
    return y * 6 + x, crossed


def test_programming_colour_moves_orthogonally_and_symbol_diagonally():
    t = programming.Task(bytearray([2, 0, 3, 1]), bytearray([1, 3, 0, 2]), 14, bytearray())
    assert programming.direction(t, 2) == (0, -1)  # colour 2 is on side N
    assert programming.direction(t, 1) == (-1, 0)  # colour 1 on side W
    assert programming.direction(t, 4 + 0) == (-1, 1)  # symbol 0 at corner SW
    assert programming.direction(t, 4 + 2) == (-1, -1)  # symbol 2 at corner NW
    assert programming.direction(t, 4 + 3) == (1, 1)  # symbol 3 at corner SE
    t.prog = bytearray([2, 1, 4 + 3, 2])  # from (2, 2): colour 2 (N) 1 field, symbol 3 (SE) 2
    t.ncmd = 2
    assert programming.solution(t) == 3 * 6 + 4
    assert programming.run(t) == bytearray([8, 22])


def test_programming_the_robot_stops_where_the_commands_lead():
    for seed in range(100):
        t = gen(1, seed)
        assert tasks.solution(t) == robot_end(t)[0]
        assert tasks.check(t, robot_end(t)[0])
        assert programming.run(t)[-1] == robot_end(t)[0]


def test_programming_every_other_field_is_rejected():
    t = gen(1, 42)
    good = tasks.solution(t)
    for cell in range(36):
        assert tasks.check(t, cell) == (cell == good)
    for bad in (None, "3", good + 0.0, True, [good]):
        assert not tasks.check(t, bad)


@given(seeds, levels)
@PROPS
def test_programming_generated_programs_stay_inside_the_grid(seed, d):
    t = gen(1, seed, d)
    assert t.ncmd == programming.COMMANDS[d] and len(t.prog) == 2 * t.ncmd
    assert sorted(t.sides) == [0, 1, 2, 3] and sorted(t.corners) == [0, 1, 2, 3]
    end, crossed = robot_end(t)
    for x, y in crossed:
        assert 0 <= x < 6 and 0 <= y < 6
    for i in range(t.ncmd):
        assert 0 <= t.prog[2 * i] < 8 and 1 <= t.prog[2 * i + 1] <= 3
        if i:
            assert t.prog[2 * i] != t.prog[2 * i - 2]
    assert end != t.start  # the start is never the answer
    assert tasks.check(t, end) and not tasks.check(t, t.start)
    assert tasks.check(t, tasks.solution(t))


# ---------------------------------------------------------------- optics

def laser(t, answer):
    """Reference simulator: True if the laser from start reaches goal hitting every token once."""
    if len(answer) != t.ntokens:
        return False
    mirrors = {}
    for c, o in answer:
        if not (0 <= c < 36) or o not in (0, 1) or c in mirrors:
            return False
        mirrors[c] = o
    side, i = divmod(t.start, 6)
    x, y = [(i, 0), (5, i), (i, 5), (0, i)][side]
    dx, dy = [(0, 1), (-1, 0), (0, -1), (1, 0)][side]  # perpendicular into the grid
    hit = set()
    while 0 <= x < 6 and 0 <= y < 6:
        c = y * 6 + x
        if c in mirrors:
            if c in hit:
                return False  # crossing a mirror field
            hit.add(c)
            if mirrors[c] == 0:  # "/"
                dx, dy = -dy, -dx
            else:  # "\"
                dx, dy = dy, dx
        x, y = x + dx, y + dy
    if dy == -1:
        port = x
    elif dx == 1:
        port = 6 + y
    elif dy == 1:
        port = 12 + x
    else:
        port = 18 + y
    return port == t.goal and len(hit) == len(mirrors)


def otask(start, goal, sol):
    return optics.Task(start, goal, bytearray(sol))


def test_optics_slash_and_backslash_reflect_as_drawn():
    # "/" : east -> north, north -> east, west -> south, south -> west; "\" the other way
    assert list(optics.REFLECT[0]) == [1, 0, 3, 2]
    assert list(optics.REFLECT[1]) == [3, 2, 1, 0]


def test_optics_the_laser_leaves_the_start_perpendicularly():
    buf = bytearray(optics.TRACE_MAX)
    for port in range(24):
        t = otask(port, (port + 1) % 24, [])
        n, _ = optics.trace(t, [], buf)
        cell, d = optics.port_cell(port)
        assert buf[0] == cell * 4 + d
        assert d == (port // 6 + 2) % 4  # straight into the grid
        assert n == 6  # crosses the grid in a straight line


def test_optics_a_mirror_turns_the_laser_to_the_goal():
    # enter from W at row 2, "/" at (3, 2) turns it north: leaves at top column 3
    t = otask(18 + 2, 0 * 6 + 3, [2 * 6 + 3, 0])
    assert tasks.check(t, [[2 * 6 + 3, 0]])
    assert not tasks.check(t, [[2 * 6 + 3, 1]])  # "\" sends it south
    assert not tasks.check(t, [[2 * 6 + 4, 0]])  # leaves at column 4


def test_optics_the_laser_may_cross_its_own_path():
    # from S column 2 going N: "/"(2,1) -> E, "\\"(4,1) -> S, "/"(4,3) -> W, crossing (2,3)
    # (crossed before going N), leaving at W row 3
    sol = [[1 * 6 + 2, 0], [1 * 6 + 4, 1], [3 * 6 + 4, 0]]
    t = otask(12 + 2, 18 + 3, [c for p in sol for c in p])
    assert tasks.check(t, sol) and laser(t, sol)
    buf = bytearray(optics.TRACE_MAX)
    n, status = optics.trace(t, sol, buf)
    cells = [b // 4 for b in buf[:n]]
    assert status == optics.OK and cells.count(3 * 6 + 2) == 2


def test_optics_the_laser_may_not_pass_a_mirror_field():
    # from N column 1 going S: "\\"(1,2) -> E, "\\"(4,2) -> S, "/"(4,4) -> W, "\\"(1,4) -> N,
    # back into (1,2): a mirror field entered a second time
    sol = [[2 * 6 + 1, 1], [2 * 6 + 4, 1], [4 * 6 + 4, 0], [4 * 6 + 1, 1]]
    t = otask(0 * 6 + 1, 0 * 6 + 1, [c for p in sol for c in p])
    buf = bytearray(optics.TRACE_MAX)
    n, status = optics.trace(t, sol, buf)
    assert status == optics.TWICE
    assert not tasks.check(t, sol) and not laser(t, sol)
    # the same route with the last mirror turned leaves through the bottom: goal there is right
    sol[3][1] = 0
    t = otask(0 * 6 + 1, 12 + 1, [c for p in sol for c in p])
    assert tasks.check(t, sol) and laser(t, sol)


def test_optics_every_token_must_be_used():
    t = otask(18 + 2, 0 * 6 + 3, [2 * 6 + 3, 0, 5 * 6 + 5, 0])
    ok = [[2 * 6 + 3, 0], [5 * 6 + 5, 0]]  # the second mirror lies off the laser's path
    assert not tasks.check(t, ok)
    assert optics.trace(t, ok)[1] == optics.UNUSED
    half = [[2 * 6 + 3, 0], [optics.NONE, 0]]  # an unplaced token
    assert optics.trace(t, half)[1] == optics.UNUSED and not tasks.check(t, half)


def test_optics_tokens_on_one_field_or_outside_the_grid_are_rejected():
    t = gen(2, 11)
    sol = tasks.solution(t)
    dup = [list(p) for p in sol]
    dup[1][0] = dup[0][0]
    assert optics.trace(t, dup)[1] == optics.BAD and not tasks.check(t, dup)
    out = [list(p) for p in sol]
    out[0][0] = 36
    assert not tasks.check(t, out)
    bad_o = [list(p) for p in sol]
    bad_o[0][1] = 2
    assert not tasks.check(t, bad_o)
    assert not tasks.check(t, sol[:-1]) and not tasks.check(t, sol + [[0, 0]])
    assert not tasks.check(t, None) and not tasks.check(t, [[1]] * t.ntokens)


def test_optics_several_answers_can_be_right():
    # two 2-mirror routes from W row 1 to E row 4: "\\"(2,1), "\\"(2,4) or "\\"(3,1), "\\"(3,4)
    t = otask(18 + 1, 6 + 4, [1 * 6 + 2, 1, 4 * 6 + 2, 1])
    a = [[1 * 6 + 2, 1], [4 * 6 + 2, 1]]
    b = [[1 * 6 + 3, 1], [4 * 6 + 3, 1]]
    assert tasks.check(t, a) and tasks.check(t, b) and tasks.check(t, b[::-1])


@given(seeds, levels)
@PROPS
def test_optics_generated_solution_reaches_the_goal_using_every_token(seed, d):
    t = gen(2, seed, d)
    assert t.ntokens == optics.TOKENS[d] and t.start != t.goal
    sol = tasks.solution(t)
    assert tasks.check(t, sol) and laser(t, sol)
    buf = bytearray(optics.TRACE_MAX)
    n, status = optics.trace(t, sol, buf)
    assert status == optics.OK
    assert not tasks.check(t, tasks.new_answer(t))


@given(seeds, levels, st.lists(st.tuples(st.integers(0, 3), st.integers(0, 5)), min_size=1,
                                max_size=4))
@PROPS
def test_optics_checker_agrees_with_the_reference_on_changed_answers(seed, d, edits):
    t = gen(2, seed, d)
    ans = [list(p) for p in tasks.solution(t)]
    for tok, what in edits:  # move or turn tokens of the solution
        tok %= t.ntokens
        if what == 0:
            ans[tok][1] ^= 1
        else:
            ans[tok][0] = (ans[tok][0] + (1, 6, 5, 7, 35)[what - 1]) % 36
    assert tasks.check(t, ans) == laser(t, ans)


# ---------------------------------------------------------------- space

def ref_turn(rows, t):
    """Reference: a square grid flipped left-right (t & 4), then turned clockwise t & 3 times."""
    g = [list(r) for r in rows]
    if t & 4:
        g = [row[::-1] for row in g]
    for _ in range(t & 3):
        g = [list(r) for r in zip(*g[::-1])]  # clockwise
    return g


def seen(sym, t):
    """Reference: what a field shows: the symbol and its picture turned with its card; the
    meteor's picture does not count (the seed: meteors may lie turned any way)."""
    if not sym:
        return 0
    pic = tuple("".join(r) for r in ref_turn(task_tiles.SPACE_ART[sym], t))
    return (sym, None if sym == 5 else pic)


def shown(v):
    """Reference: a window value of the module (symbol + 6 * orientation) as seen."""
    return seen(v % 6, v // 6)


def place(card, t, dx, dy):
    """Reference: window field -> what one laid card shows there."""
    g = ref_turn([space.CARDS[card][r * 3:r * 3 + 3] for r in range(3)], t)
    out = {}
    for y in range(3):
        for x in range(3):
            if g[y][x]:
                out[(x + dx, y + dy)] = seen(g[y][x], t)
    return out


def window(stack):
    w = [0] * 9
    for card, t, dx, dy in stack:
        for (x, y), v in place(card, t, dx, dy).items():
            if 0 <= x < 3 and 0 <= y < 3:
                w[y * 3 + x] = v
    return w


def space_ok(task, stack):
    cards = [e[0] for e in stack]
    if not stack or len(set(cards)) != len(cards):
        return False
    for card, t, dx, dy in stack:
        if not (0 <= card < 5 and 0 <= t < 8 and -2 <= dx <= 2 and -2 <= dy <= 2):
            return False
    return window(stack) == [shown(v) for v in task.target]


def test_space_the_five_cards_hold_the_five_symbols():
    assert len(space.CARDS) == 5
    assert space.SYMBOLS == ("", "Planet", "Star", "Sun", "Moon", "Meteor")
    syms = set()
    for c in space.CARDS:
        assert len(c) == 9 and 0 < sum(1 for v in c if v) < 9  # one card never fills the window
        syms |= set(c)
    assert syms == {0, 1, 2, 3, 4, 5}


def test_space_transforms_are_quarter_turns_and_a_flip():
    for card in range(5):
        for t in range(8):
            got = space.transform(card, t)
            want = window([(card, t, 0, 0)])
            assert [shown(v) for v in got] == want
    c = space.CARDS[2]  # S M P / m . . / * . .
    assert [v % 6 for v in space.transform(2, 1)] == [c[6], c[3], c[0], c[7], c[4], c[1], c[8],
                                                      c[5], c[2]]
    assert [v % 6 for v in space.transform(2, 4)] == [c[2], c[1], c[0], c[5], c[4], c[3], c[8],
                                                      c[7], c[6]]
    # a transform moves the symbols (and turns their pictures), never changes them
    for t in range(8):
        assert sorted(v % 6 for v in space.transform(4, t)) == sorted(space.CARDS[4])


def test_space_orientation_table_matches_the_pictures():
    for sym in range(1, 6):
        for t in range(8):
            o = space.ORIENT[sym * 8 + t]
            assert seen(sym, o) == seen(sym, t)          # the same picture
            for u in range(8):                          # different values: different pictures
                if space.ORIENT[sym * 8 + u] != o:
                    assert seen(sym, u) != seen(sym, t)
    assert set(space.ORIENT[5 * 8:6 * 8]) == {0}         # the meteor: always one value


def test_space_orientation_counts_except_for_the_meteor():
    # card 3 (. . . / . P S / . M *) has the planet in the centre, card 1 the meteor, card 0 the sun
    planet = [space.compose([[3, t, 0, 0]])[4] for t in range(8)]
    assert {v % 6 for v in planet} == {1}
    assert planet[1] != planet[0] and planet[2] == planet[0]   # a quarter turn shows; 180 not
    assert planet[4] != planet[0]                              # nor does the flip
    meteor = [space.compose([[1, t, 0, 0]])[4] for t in range(8)]
    assert meteor == [5] * 8
    sun = [space.compose([[0, t, 0, 0]])[4] for t in range(8)]
    assert sun == [3] * 8                                      # its picture is symmetric
    # the checker: the right symbols, one of them turned the wrong way, is wrong
    t = gen(3, 8, 1)
    sol = tasks.solution(t)
    assert tasks.check(t, sol)
    for i in range(9):
        sym = t.target[i] % 6
        if sym in (1, 2, 4):
            wrong = bytearray(t.target)
            wrong[i] = sym + 6 * space.ORIENT[sym * 8 + (t.target[i] // 6 + 1) % 4]
            t2 = space.Task(wrong, t.sol)
            assert wrong != t.target and not tasks.check(t2, sol)


def test_space_the_top_symbol_of_each_field_is_the_one_seen():
    w = space.compose([[1, 0, 0, 0], [3, 0, 0, 0]])  # card 3 lies on card 1
    c1, c3 = space.CARDS[1], space.CARDS[3]
    for i in range(9):
        assert w[i] % 6 == (c3[i] or c1[i])
    assert w[4] % 6 == c3[4] != c1[4]  # the centre shows the upper card's symbol


def test_space_cards_may_stick_out_of_the_window():
    w = space.compose([[0, 0, 2, 2]])  # only the card's top-left field reaches the window
    assert list(w) == [0] * 8 + [space.CARDS[0][0]]          # upright: orientation 0
    w = space.compose([[0, 0, -1, 0]])
    c = space.CARDS[0]
    assert list(w) == [c[1], c[2], 0, c[4], c[5], 0, c[7], c[8], 0]


def test_space_an_empty_field_is_rejected():
    t = gen(3, 8)
    sol = tasks.solution(t)
    part = sol[-1:]  # only the top card: one card never fills the window
    assert 0 in space.compose(part)
    assert not tasks.check(t, part)


def test_space_a_foreign_symbol_is_rejected():
    # the target shows sun everywhere but one star: a stack showing a moon there is wrong
    t = space.Task(bytearray(9), bytearray())
    sol = [[4, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]]
    t.target = space.compose(sol)
    assert tasks.check(t, sol)
    t.target[4] = 5 if t.target[4] % 6 != 5 else 1
    assert not tasks.check(t, sol)


def test_space_a_card_may_be_used_only_once_and_stay_in_range():
    t = gen(3, 21)
    sol = tasks.solution(t)
    assert not tasks.check(t, sol + [list(sol[-1])])
    for k, bad in ((1, 8), (2, 3), (3, -3), (0, 5)):
        s2 = [list(e) for e in sol]
        s2[0][k] = bad
        assert not tasks.check(t, s2)
    assert not tasks.check(t, None) and not tasks.check(t, [[0, 0, 0]])


@given(seeds, levels)
@PROPS
def test_space_generated_stack_fills_the_window_and_every_card_shows(seed, d):
    t = gen(3, seed, d)
    sol = tasks.solution(t)
    assert len(sol) == space.CARDS_PER_TASK[d] == t.ncards
    assert 0 not in t.target  # no empty field
    target = [shown(v) for v in t.target]
    assert window(sol) == target
    assert tasks.check(t, sol) and space_ok(t, sol)
    for j in range(len(sol)):  # removing any card changes the window: every card matters
        assert window(sol[:j] + sol[j + 1:]) != target
    assert not tasks.check(t, tasks.new_answer(t))


@given(seeds, levels, st.lists(st.tuples(st.integers(0, 4), st.integers(-2, 2)), min_size=1,
                                max_size=4))
@PROPS
def test_space_checker_agrees_with_the_reference_on_changed_stacks(seed, d, edits):
    t = gen(3, seed, d)
    stack = [list(e) for e in tasks.solution(t)]
    for what, v in edits:
        j = (v + 2) % len(stack)
        if what == 0:
            stack[j][1] = (stack[j][1] + v + 2) % 8
        elif what in (1, 2):
            stack[j][1 + what] = v
        elif what == 3:
            stack[j][0] = (stack[j][0] + v + 2) % 5
        elif len(stack) > 1:
            stack.insert(0, stack.pop(j))  # reorder
    assert tasks.check(t, stack) == space_ok(t, stack)


def test_space_tile_table_gives_every_look_its_own_tile():
    want = bytearray(48)
    n = 1
    for v in range(1, 48):
        if v % 6 and v // 6 in space.ORIENT[v % 6 * 8:v % 6 * 8 + 8]:
            want[v] = n
            n += 1
    assert space.TILE == bytes(want) and space.NTILES == n == 15
