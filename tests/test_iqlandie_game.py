"""iQLANDIE game flow: rounds, finishing order, drafting, refills, bags, placement, save/load."""
import pytest

from handheld.rng import Rng
from games.iqlandie import cpu
from games.iqlandie import exhibits as X
from games.iqlandie import game as G
from games.iqlandie import pieces as P


def sizes(codes):
    out = [0, 0, 0]
    for c in codes:
        out[(P.size_of(c) - 3)] += 1
    return tuple(out)


def solve_all(g, results):
    """results: {player: (time_ds, correct)}"""
    for p, (t, ok) in results.items():
        assert g.report(p, t, ok)


def test_bags_hold_159_pieces_with_9_jokers_and_robots_only_on_medium_and_large():
    bags = [P.bag_contents(b) for b in range(3)]
    assert [len(b) for b in bags] == [32, 55, 72]
    allp = b"".join(bytes(b) for b in bags)
    assert sum(1 for c in allp if P.colour_of(c) == P.JOKER) == 9
    assert not any(P.has_robot(c) for c in bags[0])
    assert sum(1 for c in allp if P.has_robot(c)) == 25 + 30
    assert not any(P.has_robot(c) and P.colour_of(c) == P.JOKER for c in allp)


def test_nine_shapes_have_8_orientations_and_keep_their_cell_count():
    for s in range(P.NSHAPES):
        for o in range(8):
            cs = P.cells(s, o)
            assert len(cs) == P.SIZE[s] and len(set(cs)) == len(cs)
            assert min(x for x, _ in cs) == 0 and min(y for _, y in cs) == 0
    assert [len(P.DISTINCT[s]) for s in range(P.NSHAPES)] == [2, 4, 2, 1, 4, 4, 8, 8, 4]


@pytest.mark.parametrize("n,mix", [(2, (1, 1, 1)), (3, (1, 2, 1)), (4, (1, 2, 2))])
def test_offer_per_topic_depends_on_player_count(n, mix):
    g = G.Game.new(n, [0] * n, 11)
    for t in range(G.TOPICS):
        assert sizes(g.offer(t)) == mix


def test_personal_colour_pairs_are_distinct_pairs_of_two_colours():
    for seed in range(20):
        g = G.Game.new(4, [0] * 4, seed)
        pairs = set()
        for p in range(4):
            a, b = g.pair[2 * p], g.pair[2 * p + 1]
            assert a != b and a < P.NCOLOURS and b < P.NCOLOURS
            pairs.add((a, b))
        assert len(pairs) == 4


def test_chooser_picks_topic_then_everybody_solves():
    g = G.Game.new(3, [0, 0, 0], 1)
    assert g.phase == G.CHOOSE and g.turn == 0 == g.chooser
    assert not g.choose_topic(4)
    assert not g.report(0, 10, True)
    assert g.choose_topic(2)
    assert g.phase == G.SOLVE and g.topic == 2 and g.turn == 0
    assert g.report(0, 50, True)
    assert not g.report(0, 40, True)  # only once
    assert g.turn == 1


def test_finishing_order_by_time_and_first_place_scores_2():
    g = G.Game.new(4, [0] * 4, 1)
    g.choose_topic(0)
    solve_all(g, {0: (300, True), 1: (120, True), 2: (200, True), 3: (90, True)})
    assert list(g.order[:g.players]) == [3, 1, 2, 0]
    assert g.first == 3 and g.firsts[3] == 1
    assert g.phase == G.DRAFT and g.turn == 3


def test_wrong_answer_goes_last_in_finish_order_and_passes_first_place_on():
    g = G.Game.new(4, [0] * 4, 1)
    g.choose_topic(0)
    solve_all(g, {0: (300, True), 1: (120, False), 2: (200, True), 3: (90, False)})
    assert list(g.order[:g.players]) == [2, 0, 3, 1]
    assert g.first == 2 and list(g.firsts[:4]) == [0, 0, 1, 0]


def test_nobody_right_means_no_first_place_points():
    g = G.Game.new(2, [0, 0], 1)
    g.choose_topic(0)
    solve_all(g, {0: (300, False), 1: (100, False)})
    assert list(g.order[:g.players]) == [1, 0] and g.first == -1 and sum(g.firsts) == 0


def test_equal_times_go_by_seat_from_the_chooser():
    g = G.Game.new(3, [0] * 3, 1)
    g.chooser = 2
    g.turn = 2
    g.choose_topic(1)
    solve_all(g, {0: (100, True), 1: (100, True), 2: (100, True)})
    assert list(g.order[:g.players]) == [2, 0, 1]


def _to_draft(g, times=None):
    g.choose_topic(0)
    n = g.players
    for p in range(n):
        g.report(p, (times or list(range(10, 10 * n + 10, 10)))[p], True)


def test_drafting_take_two_add_one_last_takes_remaining_two_then_refill():
    g = G.Game.new(4, [0] * 4, 5)
    _to_draft(g)
    off = g.offer(0)
    assert len(off) == 5 and list(g.order[:g.players]) == [0, 1, 2, 3]
    assert g.take(4) and g.take(0)
    assert g.hand(0) == bytes((off[4], off[0]))
    assert not g.take(0)  # now a bag piece is due
    before = list(g.bagn)
    assert g.add_from_bag(G.LARGE)
    assert g.bagn[G.LARGE] == before[G.LARGE] - 1
    assert g.offer(0) == off[1:4] + bytes((g.drawn,))
    for p in (1, 2):
        assert g.turn == p
        assert g.take(0) and g.take(0) and g.add_from_bag(G.SMALL)
    # the last player got the 2 remaining pieces without acting; offer refilled
    assert len(g.hand(3)) == 2
    assert sizes(g.offer(0)) == (1, 2, 2)
    assert g.phase == G.PLACE and g.turn == 0


def test_empty_bag_gives_a_medium_piece():
    g = G.Game.new(2, [0, 0], 5)
    _to_draft(g)
    g.take(0)
    g.take(0)
    g.bagn[G.SMALL] = 0
    assert g.add_from_bag(G.SMALL)
    assert P.size_of(g.drawn) == 4


def test_refill_with_an_empty_large_bag_uses_medium_pieces():
    g = G.Game.new(2, [0, 0], 5)
    g.bagn[G.LARGE] = 0
    _to_draft(g)
    g.take(0)
    g.take(0)
    g.add_from_bag(G.MEDIUM)
    assert sizes(g.offer(0)) == (1, 2, 0)


def _to_place(g):
    _to_draft(g)
    while g.phase == G.DRAFT:
        if g.draft_step < 2:
            g.take(0)
        else:
            g.add_from_bag(G.SMALL)


def test_place_checks_bounds_and_overlap():
    g = G.Game.new(2, [0, 0], 5)
    _to_place(g)
    p = g.turn
    code = g.hand(p)[0]
    s = P.shape_of(code)
    assert not g.place(0, 0, 0, 5, 0)  # outside
    assert not g.place(2, 0, 0, 0, 0)  # no third piece
    assert g.place(0, 0, 0, 0, 0)
    assert g.boards[p].n == 1 and g.boards[p].code[0] == code
    assert not g.place(0, 0, 0, 0, 0) or P.shape_of(g.boards[p].code[0]) != s


def test_fallback_refused_when_the_piece_fits():
    g = G.Game.new(2, [0, 0], 5)
    _to_place(g)
    assert g.fits_anywhere(0)
    assert g.fallback(0) == 0


def _fill(board, leave=()):
    k = 0
    for e in range(X.NEXH):
        for y in range(X.EXH_H[e]):
            for x in range(X.EXH_W[e]):
                if (e, x, y) not in leave:
                    board.cells[X.EXH_OFF[e] + y * X.EXH_W[e] + x] = 1
                    k += 1
    board.n = max(board.n, 1)


def test_piece_that_fits_nowhere_becomes_a_1x1_of_its_colour_without_robot():
    g = G.Game.new(2, [0, 0], 5)
    _to_place(g)
    p = g.turn
    _fill(g.boards[p], leave=((4, 0, 0),))
    code = g.hand(p)[0]
    assert not g.fits_anywhere(0)
    assert g.fallback(0) == 1
    mono = g.hand(p)[0]
    assert P.shape_of(mono) == P.MONO and P.colour_of(mono) == P.colour_of(code)
    assert not P.has_robot(mono)
    assert g.place(0, 4, 0, 0, 0)


def test_piece_discarded_when_even_a_1x1_fits_nowhere():
    g = G.Game.new(2, [0, 0], 5)
    _to_place(g)
    p = g.turn
    _fill(g.boards[p])
    assert g.fallback(0) == 2 and g.fallback(0) == 2
    assert g.boards[p].ndiscard == 2
    assert g.turn == p                   # may still pick pieces up again until ending
    assert g.end_placing()
    assert g.turn != p or g.phase != G.PLACE


def test_chooser_rotates_and_game_ends_after_12_rounds_with_joker_choices():
    from host_sim.iqlandie.bench import play_game
    g = play_game(3, [2, 2, 2], 8)
    assert g.phase == G.OVER and g.round == G.ROUNDS and g.turn == -1
    for p in range(3):
        assert not g.jokers_pending(p)
        assert g.boards[p].n + g.boards[p].ndiscard == 24


def test_joker_colour_choice_in_end_phase():
    rng = Rng(3)
    for seed in range(40):
        g = G.Game.new(2, [2, 2], seed)
        while g.phase not in (G.END, G.OVER):
            if g.phase == G.CHOOSE:
                assert g.turn == g.chooser == g.round % 2
            g.apply(cpu.decide(g, 2, rng))
        if g.phase == G.END:
            p = g.turn
            s = g.jokers_pending(p)[0]
            assert not g.choose_joker_colour(p, s, P.JOKER)
            assert g.choose_joker_colour(p, s, P.GREEN)
            assert g.boards[p].colour[s] == P.GREEN
            return
    pytest.fail("no game with a joker")


def _cpu_game_states(n, seed):
    """Every saved state of a CPU game, and the game."""
    g = G.Game.new(n, [1, 3, 2, 3][:n], seed)
    rng = Rng(seed + 99)
    states = [g.save_state()]
    phases = [g.phase]
    actions = []
    while g.phase != G.OVER:
        a = cpu.decide(g, g.kinds[g.turn], rng)
        assert g.apply(a)
        actions.append(a)
        states.append(g.save_state())
        phases.append(g.phase)
    g.actions_played = actions
    return g, states, phases


def _same(a, b):
    assert a.save_state() == b.save_state()
    assert (a.phase, a.turn, a.round, a.chooser, a.topic) == (b.phase, b.turn, b.round, b.chooser,
                                                              b.topic)
    for p in range(a.players):
        assert a.boards[p].cells == b.boards[p].cells
        assert a.hand(p) == b.hand(p)
    for t in range(G.TOPICS):
        assert a.offer(t) == b.offer(t)
    assert a.bagn == b.bagn


def test_save_load_round_trip_at_every_action():
    g, states, _ = _cpu_game_states(4, 21)
    for data in states[::7] + [states[-1]]:
        h = G.Game.restore(data)
        assert h.save_state() == data
    _same(G.Game.restore(states[-1]), g)
    assert g.scores() == G.Game.restore(states[-1]).scores()


def test_resume_after_each_placement_continues_identically():
    g, states, phases = _cpu_game_states(3, 4)
    final = g.save_state()
    for i in range(1, len(states)):
        if phases[i - 1] != G.PLACE or i % 5:
            continue
        h = G.Game.restore(states[i])  # power cut right after this placement
        for a in g.actions_played[i:]:
            assert h.apply(a)
        assert h.save_state() == final
        _same(h, g)


def test_full_4_player_save_is_under_1_kb():
    for seed in (1, 2, 3):
        g, states, _ = _cpu_game_states(4, seed)
        assert max(len(s) for s in states) < 1024


def test_load_rejects_corrupt_data():
    g, states, _ = _cpu_game_states(2, 5)
    data = bytearray(states[-1])
    with pytest.raises(ValueError):
        G.Game.restore(bytes(data[:-3]))
    bad = bytearray(data)
    bad[20] ^= 0x10
    with pytest.raises(ValueError):
        G.Game.restore(bytes(bad))
    with pytest.raises(ValueError):
        G.Game.restore(b"XX" + bytes(data[2:]))
    with pytest.raises(ValueError):
        G.Game.restore(b"")


def test_load_rejects_an_illegal_action_with_a_valid_checksum():
    g = G.Game.new(2, [0, 0], 1)
    g.choose_topic(1)
    data = bytearray(g.save_state()[:-2])
    data[11] = 0x00 | 3  # still a topic choice: fine
    data += bytes((0x40,))  # a take during SOLVE: illegal
    data[9] += 1
    from games.iqlandie.game_save import _sum16
    c = _sum16(bytes(data))
    with pytest.raises(ValueError):
        G.Game.restore(bytes(data) + bytes((c >> 8, c & 0xFF)))
