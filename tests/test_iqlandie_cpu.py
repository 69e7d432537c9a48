"""iQLANDIE CPU players: solve times, legal decisions in every phase, greedy choices, strength."""
from handheld.rng import Rng
from games.iqlandie import cpu
from games.iqlandie import exhibits as X
from games.iqlandie import game as G
from games.iqlandie import pieces as P


def test_solve_times_are_faster_and_errors_rarer_for_stronger_cpus():
    rng = Rng(5)
    for topic in range(G.TOPICS):
        means = []
        errors = []
        for s in (cpu.EASY, cpu.NORMAL, cpu.HARD):
            ts = [cpu.solve_result(rng, s, topic) for _ in range(400)]
            means.append(sum(t for t, _ in ts) / 400)
            errors.append(sum(1 for _, ok in ts if not ok))
            m = cpu.MEAN_DS[s][topic]
            assert all(m * 60 // 100 <= t <= m * 140 // 100 for t, _ in ts)
        assert means[0] > means[1] > means[2]
        assert errors[0] > errors[2]


def test_decide_is_legal_in_every_phase_and_leaves_the_game_unchanged():
    rng = Rng(9)
    seen = set()
    for n in (2, 3, 4):
        g = G.Game.new(n, [1, 2, 3, 3][:n], 40 + n)
        while g.phase != G.OVER:
            before = g.save_state()
            cells = [bytes(g.boards[p].cells) for p in range(n)]
            a = cpu.decide(g, g.kinds[g.turn], rng)
            assert g.save_state() == before
            assert cells == [bytes(g.boards[p].cells) for p in range(n)]
            seen.add((g.phase, a[0]))
            assert g.apply(a), (g.phase, a)
    assert {G.CHOOSE, G.SOLVE, G.DRAFT, G.PLACE, G.END} <= {ph for ph, _ in seen}


def test_cpu_uses_fallback_when_the_piece_fits_nowhere():
    g = G.Game.new(2, [3, 3], 2)
    rng = Rng(1)
    while g.phase != G.PLACE:
        g.apply(cpu.decide(g, 3, rng))
    b = g.boards[g.turn]
    for i in range(X.NCELLS - 1):
        b.cells[i] = 1
    b.n = 1
    assert cpu.decide(g, 3, rng) == (G.A_FALLBACK, 0)


def test_hard_cpu_takes_the_piece_that_completes_its_colour_pair():
    g = G.Game.new(2, [3, 3], 2)
    rng = Rng(1)
    g.apply(cpu.decide(g, 3, rng))
    g.report(0, 10, True)
    g.report(1, 20, True)
    p = g.turn
    a, b = g.pair[2 * p], g.pair[2 * p + 1]
    other = [c for c in range(5) if c not in (a, b)][0]
    g.boards[p].place(P.make(P.MONO, a), 0, 0, 0, 0)
    t = g.topic
    g.offers[t][0] = P.make(P.I3, other)
    g.offers[t][1] = P.make(P.I3, b)
    g.offers[t][2] = P.make(P.I3, other)
    g.offn[t] = 3
    assert cpu.decide(g, 3, rng) == (G.A_TAKE, 1)


def test_cpu_places_a_robot_next_to_a_robot():
    g = G.Game.new(2, [3, 3], 2)
    rng = Rng(1)
    while g.phase != G.PLACE:
        g.apply(cpu.decide(g, 3, rng))
    p = g.turn
    b = g.boards[p]
    b.place(P.make(P.MONO, 0, 1), X.ROBOTS, 0, 1, 1)
    g.hands[2 * p] = P.make(P.I4, 0, 1)  # robot on its 2nd cell
    g.handn[p] = 1
    a = cpu.decide(g, 3, rng)
    assert a[0] == G.A_PLACE and a[2] == X.ROBOTS
    g.apply(a)
    assert b.score(X.ROBOTS) > 0


def test_joker_colour_choice_maximises_the_total():
    g = G.Game.new(2, [3, 3], 2)
    g.phase = G.END
    b = g.boards[0]
    for x in range(3):
        b.place(P.make(P.MONO, P.BLUE), X.MAJORITY, 0, x, 0)
    b.place(P.make(P.MONO, P.JOKER), X.MAJORITY, 0, 4, 4)
    g.pair[0], g.pair[1] = P.RED, P.GREEN
    g._end_turn()
    assert g.turn == 0
    a = cpu.decide(g, 3, Rng(1))
    assert a[:3] == (G.A_JOKER, 0, 3)
    # blue adds a majority square (+1); red or green alone completes no pair (0)
    assert a[3] == P.BLUE


def test_hard_beats_easy_in_seeded_games_and_decisions_stay_in_budget():
    from host_sim.iqlandie import bench
    lines = []
    fig = bench.main(out=lines.append, games=24)
    assert fig["hard_outright"] >= 0.8
    assert fig["save_max"] < 1024
    assert fig["max_ms"] < 40  # host figure is ~10 ms; slack for a loaded test machine
    assert any("hard wins outright" in s for s in lines)


def test_cpu_solve_times_and_errors_grow_with_the_task_difficulty():
    for s in (cpu.EASY, cpu.NORMAL, cpu.HARD):
        means = []
        wrong = []
        for d in range(3):
            rng = Rng(77)                     # the same draws: only the difficulty differs
            ts = [cpu.solve_result(rng, s, i % 4, d) for i in range(400)]
            means.append(sum(t for t, _ in ts))
            wrong.append(sum(1 for _, ok in ts if not ok))
        assert means[0] < means[1] < means[2]
        assert wrong[0] <= wrong[1] <= wrong[2] and wrong[0] < wrong[2]


def test_cpu_reports_use_the_games_task_difficulty():
    got = []
    for d in range(3):
        g = G.Game.new(2, [2, 2], 5)
        g.difficulty = d
        g.choose_topic(1)
        got.append(cpu.decide(g, 2, Rng(3))[2])
    assert got[0] < got[1] < got[2]


def test_normal_and_hard_value_a_robot_with_room_in_the_robot_exhibit():
    b = X.Board()
    robot = P.make(6, P.RED, 1)               # L4 with a robot
    plain = P.make(6, P.RED)
    for s in (cpu.NORMAL, cpu.HARD):
        assert cpu._gain(b, robot, X.ROBOTS, 0, 1, 0, s) > 0      # no points yet, but hope
        assert cpu._gain(b, plain, X.ROBOTS, 0, 1, 0, s) < 0      # takes the robots' room
    assert cpu._gain(b, robot, X.ROBOTS, 0, 1, 0, cpu.EASY) == 0


def test_hard_scores_at_least_1_15_times_normal_over_50_four_player_games():
    from host_sim.iqlandie.bench import versus
    fig = versus(50, 1)
    assert fig["ratio"] >= 1.15
    assert fig["normal_crit"][4] >= 2.0 and fig["hard_crit"][4] >= 4.0   # robots are valued
