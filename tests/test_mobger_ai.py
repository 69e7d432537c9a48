"""MobGer CPU players: legal choices, the engine left untouched, strengths ordered."""
from handheld.rng import Rng

from games.mobger import ai, board
from games.mobger.engine import DRAW, MAX_ACTIONS, Engine, Options
from host_sim.mobger import bench


def test_every_strength_returns_a_legal_action_and_leaves_the_engine_as_it_was():
    buf = bytearray(MAX_ACTIONS)
    for seed in range(6):
        o = Options()
        o.seed = seed
        o.goal = seed & 1
        o.dirset = 1
        o.flipflaps = seed % 3
        o.joker = seed % 2 == 0
        e = Engine()
        e.new_game(o)
        rng = Rng(seed + 1)
        while e.winner() < 0:
            before = (board.position_text(e), bytes(e.obj), e.nactions, e.jrng, e.hsh,
                      bytes(e.score), e.quiet)
            legal = list(buf[:e.legal(buf)])
            for s in (1, 2, 3):
                a = ai.choose(e, s, rng)
                assert a in legal
                assert (board.position_text(e), bytes(e.obj), e.nactions, e.jrng, e.hsh,
                        bytes(e.score), e.quiet) == before
            assert e.play(ai.choose(e, 1 + e.nactions % 3, rng))


def test_normal_and_hard_take_an_immediate_win():
    rows = [".. .. .. .. ..", ".. .. v0 .. ..", ".. >1 H. .. ..", ".. .. .. .. ..",
            ".. .. .. .. .."]
    o = Options()
    o.width = o.height = 5
    o.gers = 2
    e = Engine()
    e.load_position(o, rows)
    e.play(1)  # player 0 leads 1-0; now player 1 must not bring the Black Ger home
    assert e.score[0] == 1
    for s in (2, 3):
        for seed in range(5):
            assert ai.choose(e, s, Rng(seed)) == 0  # the only move: still legal
    o2 = Options()
    o2.width = o2.height = 5
    o2.gers = 3
    f = Engine()
    f.load_position(o2, [".. .. .. .. ..", ".. .. v0 .. ..", ".. >1 H. .. ..",
                         ".. .. .. .. ..", "<2 .. .. .. .."])
    f.play(1)
    f.play(2)  # player 1 wastes its move; black at (2, 4)...
    for s in (2, 3):
        a = ai.choose(f, s, Rng(1))
        f.play(a)
        assert f.winner() in (-1, 0)
        f.undo()


def test_hard_wins_a_small_seeded_goal_b_tournament_against_normal():
    # 20 seeded games, alternating seats (200 in the bench: 73.5%); every start is won by
    # force for one seat, so a hard that only matched normal would sit near 50%
    w, d, l, _t = bench.tournament(1, 20)
    assert w >= 13, (w, d, l)


def test_hard_beats_normal_more_often_than_it_loses_in_goal_a():
    w, d, l, _t = bench.tournament(0, 20)
    assert w > l + 3, (w, d, l)


def test_strengths_are_ordered_easy_below_normal_below_hard():
    # goal B against easy, 30 seeded starts played from both seats (draw = 1/2)
    ne = bench.paired(1, 30, 2, 1, perfect=False)["cpu"]
    he = bench.paired(1, 30, 3, 1, perfect=False)["cpu"]
    assert 30 < ne < he - 3, (ne, he)


def test_hard_nears_a_perfect_player_by_the_paired_measure_and_keeps_the_exact_value():
    # issue 14: each start twice with the seats swapped against normal, next to the exact
    # solver's score on the same starts (300 starts per goal in the bench: >= 0.98 in both);
    # the previous hard scored 0.936 of perfect here and kept the value in 95.8% of decisions
    cpu = perfect = kept = decisions = 0
    for goal in (0, 1):
        r = bench.paired(goal, 30)
        assert r["unsolved"] == 0
        cpu += r["cpu"]
        perfect += r["perfect"]
        kept += r["kept"]
        decisions += r["decisions"]
    assert cpu >= 0.96 * perfect and kept >= 0.965 * decisions, (cpu, perfect, kept, decisions)


def test_the_exact_solver_agrees_with_plain_alpha_beta():
    from host_sim.mobger.solver import Solver
    bufs = [bytearray(MAX_ACTIONS) for _ in range(41)]
    s = Solver()
    for g in range(16):
        e = Engine()
        e.new_game(bench.options(500 + g, g & 1))
        e.play(g % e.n)
        assert s.value(e) == bench.solve(e, 40, bufs, [0, 400000]), g


def test_hard_turns_stay_within_the_work_budget():
    o = Options()
    o.width = 12
    o.height = 8
    o.sequence = 2
    o.gers = 12
    o.dirset = 1
    o.flipflaps = 3
    e = Engine()
    e.new_game(o)
    bot = ai.Ai()
    rng = Rng(1)
    while e.winner() < 0:
        n = e.legal(bytearray(MAX_ACTIONS))
        a = bot.choose(e, 3, rng)
        # the whole first ply (n plays, like normal), then at most one play past the budget
        one = ai.NODE_BASE + 4 * e.n + 1024 + 12 * ai.BFS_COST
        assert bot.work <= max(ai.budget(e.n), n * one) + one
        e.play(a)


def test_the_exact_solver_agrees_with_hard_on_a_won_start():
    # hard searches to the end of these short games: on a start its seat wins by force it wins
    fw, fd, fl, fu, vals = bench.forced(1, 6)
    for g in range(6):
        if vals[g] == 1:
            e = Engine()
            e.new_game(bench.options(1000 + g, 1))
            w, _turns = bench.play_game(e, (3, 2) if g % 2 == 0 else (2, 3), Rng(7 + g))
            assert w == g % 2


def test_hard_searches_a_repeated_position_once_and_gives_it_the_same_score():
    # moves ending in the same position as an earlier sibling (about half of them: Gers that do
    # not meet land where they land in any order) share that move's score, unsearched
    buf = bytearray(MAX_ACTIONS)
    bot = ai.Ai()
    twins = 0
    for g in range(12):
        e = Engine()
        e.new_game(bench.options(1000 + g, g & 1))
        rng = Rng(g)
        while e.winner() < 0:
            n = e.legal(buf)
            a = bot.choose(e, 3, rng)
            if n > 1:
                ends = {}
                for i in range(n):
                    e.play(buf[i])
                    key = (bytes(e.pos[:e.n]), bytes(e.dir[:e.n]), bytes(e.score))
                    over = e.win >= 0  # a finished game: its result, never skipped
                    e.undo()
                    if key in ends and not over:
                        twins += 1
                        assert bot.twin[i] == ends[key]
                        assert bot.score[i] == bot.score[ends[key]]
                    else:
                        ends.setdefault(key, i)
            e.play(a)
    assert twins >= 20


def test_hard_turns_search_deeper_than_the_plain_tree_within_the_budget():
    # skipping repeated positions and the best-move table: on the default board the opening
    # turns reach depth 3 and often 4 within 7,000 units (plain alpha-beta needed about 7,500
    # units for depth 3 and 18,000 for depth 4)
    bot = ai.Ai()
    deep = 0
    for g in range(10):
        e = Engine()
        e.new_game(bench.options(1000 + g, g & 1))
        bot.choose(e, 3, Rng(g))
        assert bot.work <= ai.budget(e.n) + 2000
        assert bot.depth >= 3
        deep += bot.depth >= 4
    assert deep >= 5, deep
