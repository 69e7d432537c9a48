"""Hypothesis properties of the Whirly engine on random maps, games and action sequences.

The random rules tables (any hero row, box rows of push/stop, depth 0..3, herd 0..2) check that
every variant that can be written as data works, not only the named ones.
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.whirly import board, notation, rules
from games.whirly.engine import Engine

COL = "xabcdefghi"


@st.composite
def levels(draw, max_colour=3):
    W = draw(st.integers(3, 9))
    H = draw(st.integers(3, 7))
    walled = draw(st.booleans())
    colour = st.integers(0, max_colour)
    rows = []
    free = []
    for y in range(H):
        toks = []
        for x in range(W):
            if walled and (x in (0, W - 1) or y in (0, H - 1)):
                toks.append("#")
                continue
            kind = draw(st.integers(0, 19))  # small values (what shrinking aims at) = floor
            if kind <= 6:
                toks.append("-")
                free.append((y, x))
            elif kind <= 12:
                box = "XABCDEFGHI"[draw(colour)]
                if draw(st.integers(0, 3)) == 0:  # already on a target
                    box = str(draw(colour)) + box
                toks.append(box)
            elif kind <= 14:
                toks.append(str(draw(colour)))
            elif kind == 15:
                toks.append("h" + str(draw(colour)))
            elif kind == 16:
                toks.append("#" + COL[draw(st.integers(1, max_colour))])
            elif kind == 17:
                toks.append("-" + COL[draw(st.integers(1, max_colour))])
            else:
                toks.append("#")
        rows.append(toks)
    if not free:
        rows[H // 2][W // 2] = "-"
        free.append((H // 2, W // 2))
    nh = draw(st.integers(1, min(3, len(free))))
    spots = draw(st.permutations(free))[:nh]
    for y, x in spots:
        rows[y][x] = COL[draw(colour)]
    return board.parse_rows([" ".join(r) for r in rows], 1, "whirly", "sokoban")


@st.composite
def dense_levels(draw):
    """Roomier maps crowded with boxes, from a seeded PRNG (more interactions per example)."""
    rnd = draw(st.randoms(use_true_random=False))
    W = rnd.randint(5, 10)
    H = rnd.randint(4, 8)
    ncol = rnd.randint(1, 4)
    rows = []
    free = []
    for y in range(H):
        toks = []
        for x in range(W):
            r = rnd.random()
            c = rnd.randrange(ncol)
            if x in (0, W - 1) or y in (0, H - 1):
                toks.append("#" if r < 0.8 else "-")
            elif r < 0.05:
                toks.append("#")
            elif r < 0.08:
                toks.append("#" + COL[1 + c % 9])
            elif r < 0.11:
                toks.append("-" + COL[1 + c % 9])
            elif r < 0.45:
                toks.append("XABCDEFGHI"[c])
            elif r < 0.55:
                toks.append(str(c))
            elif r < 0.58:
                toks.append("h" + str(c))
            else:
                toks.append("-")
                free.append((y, x))
        rows.append(toks)
    if not free:
        rows[1][1] = "-"
        free.append((1, 1))
    rnd.shuffle(free)
    for y, x in free[:rnd.randint(1, 3)]:
        rows[y][x] = COL[rnd.randrange(ncol)]
    return board.parse_rows([" ".join(r) for r in rows], 1, "whirly", "sokoban")


named = st.sampled_from(rules.NAMES).map(rules.get)


@st.composite
def data_rules(draw):
    hero = "".join(draw(st.lists(st.sampled_from(".PLSVJ"), min_size=4, max_size=4)))
    box = "".join(draw(st.lists(st.sampled_from(".P"), min_size=4, max_size=4)))
    return rules.Rules("random", "Random", hero, box, draw(st.integers(0, 3)),
                       draw(st.integers(0, 2)))


any_rules = st.one_of(named, data_rules())
maps = st.one_of(levels(), dense_levels())
actions = st.lists(st.sampled_from((0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5)), min_size=10,
                   max_size=80)
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def snapshot(e):
    return (bytes(e.unit), e.hero, e.moves, e.pushes, e.goals_left())


def recount(e):
    """goals_left() from scratch, straight from the issue's objective."""
    left = 0
    for kind in (1, 2):  # heroes/htargets, boxes/targets
        goals = [c for c in range(e.size) if e.goal[c] >> 4 == kind]
        batons = [c for c in range(e.size) if e.unit[c] >> 4 == kind]

        def ok(c):
            g = e.goal[c] & 15
            u = e.unit[c] & 15
            return e.goal[c] >> 4 == kind and e.unit[c] >> 4 == kind and rules.matches(g, u)
        if len(goals) < len(batons):
            left += sum(1 for c in goals if not ok(c))
        else:
            left += sum(1 for c in batons if not ok(c))
    return left


def census(e):
    return sorted(v for v in e.unit if v)


@SETTINGS
@given(maps, any_rules, actions)
def test_undo_restores_the_exact_state_after_any_action_sequence(lv, r, acts):
    e = Engine()
    e.load(lv, r)
    seen = [snapshot(e)]
    for a in acts:
        if e.play(a):
            seen.append(snapshot(e))
        else:
            assert snapshot(e) == seen[-1]  # a refused move changes nothing
    while e.undo():
        seen.pop()
        assert snapshot(e) == seen[-1]
    assert len(seen) == 1 and bytes(e.unit) == bytes(lv.unit)


@SETTINGS
@given(maps, any_rules, actions)
def test_boxes_and_heroes_are_conserved_and_goals_counted_right(lv, r, acts):
    e = Engine()
    e.load(lv, r)
    assert e.goals_left() == lv.start_goals_left == recount(e)
    start = census(e)
    for a in acts:
        e.play(a)
        assert census(e) == start
        assert e.goals_left() == recount(e)
        assert e.unit[e.hero] >> 4 == 1
        assert sorted(e.hpos[i] for i in range(e.heroes)) == \
            [c for c in range(e.size) if e.unit[c] >> 4 == 1]
        for c in range(e.size):  # nobody stands where it may not
            if e.unit[c]:
                assert e.can_enter(c, e.unit[c] & 15)


@SETTINGS
@given(maps, any_rules, actions, st.data())
def test_changed_lists_every_cell_whose_unit_changed(lv, r, acts, data):
    e = Engine()
    e.load(lv, r)
    for a in acts:
        before = bytes(e.unit)
        hero = e.hero
        if data.draw(st.integers(0, 4)) == 0:
            e.undo()
        else:
            e.play(a)
        changed = set(e.changed[i] for i in range(e.nchanged))
        assert len(changed) == e.nchanged  # no duplicates
        diff = set(c for c in range(e.size) if e.unit[c] != before[c])
        assert diff <= changed
        if e.hero != hero:
            assert {hero, e.hero} <= changed


@SETTINGS
@given(maps, any_rules, actions, st.one_of(st.none(), st.integers(0, 20)))
def test_save_state_load_state_round_trip(lv, r, acts, limit):
    e = Engine()
    e.load(lv, r)
    for a in acts:
        e.play(a)
    data = e.save_state(limit)
    f = Engine()
    f.load(lv, r)
    f.load_state(data)
    assert snapshot(f) == snapshot(e)
    hist = e.history()
    assert f.history() == (hist if limit is None else hist[len(hist) - min(limit, len(hist)):])
    while f.undo():
        assert e.undo()
        assert snapshot(f) == snapshot(e)


@SETTINGS
@given(maps, any_rules, st.lists(st.integers(-1, 5), max_size=80), st.integers(8, 24))
def test_small_undo_ring_drops_oldest_and_undo_stays_exact(lv, r, acts, words):
    e = Engine(undo_words=words)
    e.load(lv, r)
    seen = [snapshot(e)]
    for a in acts:
        if a < 0:
            if e.undo():
                seen.pop()
                assert snapshot(e) == seen[-1]
        elif e.play(a):
            seen.append(snapshot(e))
        del seen[:-len(e.history()) - 1]
    while e.undo():
        seen.pop()
        assert snapshot(e) == seen[-1]


co_named = st.sampled_from([n for n in rules.NAMES
                            if rules.get(n).co_game is not None]).map(rules.get)


@st.composite
def co_data_rules(draw):
    hero = "".join(draw(st.lists(st.sampled_from(".PLSVJ"), min_size=4, max_size=4)))
    return rules.Rules("random", "Random", hero, "....", 1, 0)


@SETTINGS
@given(maps, st.one_of(co_named, co_data_rules()), actions)
def test_copath_on_the_comap_leads_back_to_the_start(lv, r, acts):
    e = Engine()
    e.load(lv, r)
    for a in acts:
        e.play(a)
    path = notation.format_moves(e)
    co = notation.comap(lv, e, rules.co_rules(r))
    c = Engine()
    c.load(co, rules.co_rules(r))
    assert notation.verify_moves(c, notation.copath(path)) is None
    assert bytes(c.unit) == bytes(lv.unit)
    assert c.goals_left() == 0


@SETTINGS
@given(maps, any_rules, actions)
def test_format_and_parse_moves_round_trip(lv, r, acts):
    e = Engine()
    e.load(lv, r)
    for a in acts:
        e.play(a)
    text = notation.format_moves(e)
    f = Engine()
    f.load(lv, r)
    assert notation.verify_moves(f, text) is None
    assert snapshot(f) == snapshot(e)


@SETTINGS
@given(levels(max_colour=9))
def test_board_text_round_trip(lv):
    again = board.parse_rows(lv.text().split("\n"), 1, "whirly", "sokoban")
    assert (again.width, again.height) == (lv.width, lv.height)
    assert bytes(again.ground) == bytes(lv.ground)
    assert bytes(again.goal) == bytes(lv.goal) and bytes(again.unit) == bytes(lv.unit)
