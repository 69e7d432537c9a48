"""iQLANDIE scoring: criteria 1-8, the seed's worked examples, and the tie-breaks."""
from games.iqlandie import exhibits as X
from games.iqlandie import game as G
from games.iqlandie import pieces as P

R, Y, GR, B, PU, J = P.RED, P.YELLOW, P.GREEN, P.BLUE, P.PURPLE, P.JOKER


def put(board, shape, colour, e, o, x, y, robot=0):
    code = P.make(shape, colour, robot)
    assert board.fits(e, shape, o, x, y)
    return board.place(code, e, o, x, y)


def mono(board, colour, e, x, y, robot=0):
    return put(board, P.MONO, colour, e, 0, x, y, robot)


def test_geometry_is_six_grids_5x5_4x4_4x5_4x5_4x4_4x4():
    sizes = [(X.EXH_W[e], X.EXH_H[e]) for e in range(6)]
    assert sizes == [(5, 5), (4, 4), (5, 4), (5, 4), (4, 4), (4, 4)]
    assert X.NCELLS == sum(w * h for w, h in sizes) == 113


def test_criterion1_counts_only_the_most_frequent_colour():
    b = X.Board()
    put(b, P.I4, R, X.MAJORITY, 0, 0, 0)
    put(b, P.I3, B, X.MAJORITY, 0, 0, 1)
    mono(b, B, X.MAJORITY, 4, 4)
    assert b.score(X.MAJORITY) == 4  # red 4, blue 4: the top count is 4
    mono(b, B, X.MAJORITY, 3, 4)
    assert b.score(X.MAJORITY) == 5


def test_criterion1_seed_example_20_squares_of_one_colour_score_20():
    b = X.Board()
    for y in range(5):
        put(b, P.I4, R, X.MAJORITY, 0, 0, y)
    put(b, P.I3, B, X.MAJORITY, 1, 4, 0)
    assert b.score(X.MAJORITY) == 20


def test_criterion2_scores_2_per_square_of_the_second_colour_seed_example_14():
    b = X.Board()
    put(b, P.I4, R, X.SECOND, 0, 0, 0)
    put(b, P.I4, R, X.SECOND, 0, 0, 1)
    put(b, P.I4, B, X.SECOND, 0, 0, 2)
    put(b, P.I3, B, X.SECOND, 0, 0, 3)
    assert b.score(X.SECOND) == 14


def test_criterion2_one_colour_scores_nothing_and_a_tie_counts_the_tied_colour():
    b = X.Board()
    put(b, P.I4, R, X.SECOND, 0, 0, 0)
    assert b.score(X.SECOND) == 0
    put(b, P.I4, GR, X.SECOND, 0, 0, 1)
    assert b.score(X.SECOND) == 8


def test_criterion3_empty_exhibit_is_one_gap():
    assert X.Board().score(X.GAPS) == 3


def test_criterion3_full_exhibit_has_no_gap_and_a_wall_makes_two():
    b = X.Board()
    put(b, P.I4, R, X.GAPS, 1, 2, 0)  # vertical I4 splits the 5x4 grid in two
    assert b.score(X.GAPS) == 6
    b = X.Board()
    for y in range(4):
        put(b, P.I4, R, X.GAPS, 0, 0, y)
        mono(b, R, X.GAPS, 4, y)
    assert b.score(X.GAPS) == 0


def test_criterion3_seed_example_7_gaps_score_21_whatever_their_size():
    b = X.Board()
    rows = ["._._.", "XXXXX", "._._.", "X.XXX"]  # gaps: 3 + 3 + 1 (of sizes 1 and 2)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "X" or ch == "_":
                mono(b, R, X.GAPS, x, y)
    assert b.gaps(X.GAPS) == 7
    assert b.score(X.GAPS) == 21


def test_criterion4_scores_3_per_distinct_shape_seed_example_15():
    b = X.Board()
    put(b, P.I4, R, X.SHAPES, 0, 0, 0)
    put(b, P.I4, B, X.SHAPES, 0, 0, 1)  # same shape again: no points
    put(b, P.O4, R, X.SHAPES, 0, 0, 2)
    put(b, P.I3, R, X.SHAPES, 1, 4, 0)
    put(b, P.V3, R, X.SHAPES, 0, 2, 2)
    put(b, P.MONO, R, X.SHAPES, 0, 3, 2)  # the 1x1 fallback is not a shape
    assert b.score(X.SHAPES) == 12  # I4, O4, I3, L3
    b2 = X.Board()
    for s in (P.T4, P.I4, P.O4, P.I3, P.V3):
        o, x, y = b2.first_fit(X.SHAPES, s)
        b2.place(P.make(s, R), X.SHAPES, o, x, y)
    assert b2.score(X.SHAPES) == 15


def test_criterion5_seed_example_robot_with_two_neighbours_6_plus_3_plus_3():
    b = X.Board()
    # I4 lying flat: robot on its 2nd cell, so robots at (1,0), (1,1), (1,2)
    for y in range(3):
        put(b, P.I4, R, X.ROBOTS, 0, 0, y, robot=1)
    assert b.robot_at(X.ROBOTS, 1, 1)
    assert b.score(X.ROBOTS) == 12


def test_criterion5_diagonal_robots_are_not_adjacent():
    b = X.Board()
    mono(b, R, X.ROBOTS, 0, 0, robot=1)
    mono(b, R, X.ROBOTS, 1, 1, robot=1)
    assert b.score(X.ROBOTS) == 0
    mono(b, R, X.ROBOTS, 1, 0, robot=1)
    assert b.score(X.ROBOTS) == 12  # (1,0) touches both: 6, each other one 3


def test_criterion6_seed_example_4_full_lines_with_at_most_2_colours_score_12():
    b = X.Board()
    for y, c in enumerate((R, B, GR, R)):
        put(b, P.I4, c, X.LINES, 0, 0, y)
    assert b.score(X.LINES) == 12  # 4 rows; every column has 3 colours


def test_criterion6_counts_rows_and_columns_and_ignores_unfilled_lines():
    b = X.Board()
    for y, c in enumerate((R, R, B)):
        put(b, P.I4, c, X.LINES, 0, 0, y)
    assert b.score(X.LINES) == 9  # 3 rows, no full column
    put(b, P.I4, B, X.LINES, 0, 0, 3)
    assert b.score(X.LINES) == 24  # 4 rows + 4 two-colour columns


def _game_with(pair, colours):
    g = G.Game.new(2, [0, 0], 1)
    g.pair[0], g.pair[1] = pair
    b = g.boards[0]
    b.reset()
    i = 0
    for c in colours:  # 1x1 pieces fill the grids cell by cell
        e = 0
        k = i
        while k >= X.EXH_W[e] * X.EXH_H[e]:
            k -= X.EXH_W[e] * X.EXH_H[e]
            e += 1
        b.place(P.make(P.MONO, c), e, 0, k % X.EXH_W[e], k // X.EXH_W[e])
        i += 1
    return g


def test_criterion7_seed_example_8_pairs_of_red_and_purple_score_16():
    g = _game_with((R, PU), [R] * 8 + [PU] * 13 + [B] * 3)
    assert g.score_breakdown(0)[6] == 16


def test_criterion7_counts_jokers_as_their_chosen_colour_only():
    g = _game_with((R, PU), [R] * 3 + [PU] * 2 + [J])
    assert g.score_breakdown(0)[6] == 4
    g.boards[0].colour[5] = PU
    assert g.score_breakdown(0)[6] == 6


def test_criterion8_two_points_per_first_place_seed_example_12():
    g = G.Game.new(2, [0, 0], 1)
    g.firsts[1] = 6
    assert g.score_breakdown(1)[7] == 12


def test_breakdown_has_8_criteria_and_total_is_their_sum():
    g = _game_with((R, PU), [R] * 30)
    bd = g.score_breakdown(0)
    assert len(bd) == 8
    assert g.scores()[0] == sum(bd)


def _tied_pair():
    """Two players with empty boards and no first places."""
    g = G.Game.new(2, [0, 0], 3)
    for p in range(2):
        g.boards[p].reset()
        g.firsts[p] = 0
    return g


def test_tie_break_more_points_from_criterion7_wins():
    g = _tied_pair()
    g.pair[0], g.pair[1] = R, B
    g.pair[2], g.pair[3] = GR, Y
    b0, b1 = g.boards[0], g.boards[1]
    # player 0: one red + one blue 1x1 in the majority grid: 1 + pair 2 = 3
    b0.place(P.make(P.MONO, R), 0, 0, 0, 0)
    b0.place(P.make(P.MONO, B), 0, 0, 1, 0)
    # player 1: three purple 1x1: 3 points, no pair
    for x in range(3):
        b1.place(P.make(P.MONO, PU), 0, 0, x, 0)
    # second-colour grid: player 0 gets nothing extra; gaps etc. equal (empty grids)
    assert g.scores()[0] == g.scores()[1]
    order, shared = g.ranking()
    assert order == [0, 1] and shared == [True, False]


def test_tie_break_fewer_jokers_then_shared_win():
    g = _tied_pair()
    g.pair[0], g.pair[1] = R, B
    g.pair[2], g.pair[3] = R, B
    b0, b1 = g.boards[0], g.boards[1]
    b0.place(P.make(P.MONO, J), 0, 0, 0, 0)
    b0.colour[0] = PU
    b1.place(P.make(P.MONO, PU), 0, 0, 0, 0)
    order, shared = g.ranking()
    assert g.scores()[0] == g.scores()[1]
    assert order == [1, 0] and shared == [True, False]
    b1.code[0] = P.make(P.MONO, J)  # now both used one joker: a shared win
    order, shared = g.ranking()
    assert shared == [True, True]
