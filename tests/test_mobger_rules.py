"""MobGer rules: one named test per rule and per variant (games/mobger/README.md)."""
import pytest

from games.mobger import board
from games.mobger.engine import (
    DRAW, F_DEST, F_HIT, F_PASS, GOAL_A, GOAL_B, K_JOKER, MAX_ACTIONS, NONE, O_FF_CCW, O_FF_CW,
    QUIET_MAX, R_BLACK_HOME, R_BLOCKED, R_COMPLETE, R_NO_MOVE, R_QUIET, R_STUCK, SEQUENCES,
    Engine, Options)


def game(rows, gers=None, **kw):
    o = Options()
    o.height = len(rows)
    o.width = len(rows[0].split())
    for k, v in kw.items():
        setattr(o, k, v)
    if gers is None:
        gers = 1 + max("0123456789AB".index(f[1]) for r in rows for f in r.split()
                       if f[1] != ".")
    o.gers = gers
    e = Engine()
    e.load_position(o, rows)
    return e


def cell(x, y, w=5):
    return y * w + x


def fields(e, i):
    """(cell, flag) examined by the i-th Ger moved."""
    out = []
    for k in range(e.anim_first[i], e.anim_first[i] + e.anim_len[i]):
        v = e.anim_fields[k]
        out.append((v & 0xFF, v >> 11))
    return out


def legal(e):
    buf = bytearray(MAX_ACTIONS)
    return list(buf[:e.legal(buf)])


# ------------------------------------------------------------------ movement
def test_ger_moves_to_the_next_free_field_in_its_direction():
    e = game([".. .. .. .. ..",
              ">1 .. .. .. ..",
              ".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(1)
    assert e.pos[1] == cell(1, 1) and e.dir[1] == 2
    assert e.pos[0] == cell(2, 1) and e.dir[0] == 0


def test_occupied_fields_are_jumped_over():
    e = game([".. .. .. .. ..",
              ">1 v2 .. .. ..",
              ".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(1)
    assert e.pos[1] == cell(2, 1)  # over rank 2
    assert fields(e, 0) == [(cell(1, 1), F_PASS), (cell(2, 1), F_DEST)]
    assert e.pos[2] == cell(1, 2)
    assert e.pos[0] == cell(2, 0)  # over rank 1, which arrived earlier in the sequence


def test_the_board_is_a_torus_x_and_y_wrap_independently():
    e = game([".. .. .. .. 91",
              ".. .. .. .. ..",
              ".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. <2"], dirset=1)
    assert e.play(1)
    assert e.pos[1] == cell(0, 4)  # x 4 -> 0 and y 0 -> 4 in one step
    assert e.pos[2] == cell(3, 4)
    e2 = game([".. .. .. .. ..",
               ".. .. .. .. ..",
               "<1 .. ^0 .. ..",
               ".. .. .. .. ..",
               ".. .. .. .. .."])
    assert e2.play(1) and e2.pos[1] == cell(4, 2)


def test_own_start_field_counts_as_free_so_a_full_lap_brings_a_ger_home():
    e = game([">1 >2 >3 >4 >5",
              ".. .. .. .. ..",
              ".. .. <0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(1)
    assert [e.pos[r] for r in range(1, 6)] == [0, 1, 2, 3, 4]
    assert len(fields(e, 0)) == 5 and fields(e, 0)[-1] == (0, F_DEST)
    assert e.pos[0] == cell(1, 2)


def test_sequence_moves_the_chosen_ger_then_higher_ranks_wrapping_to_the_lowest():
    e = game([">1 .. .. .. ..",
              ".. .. .. .. >2",
              ".. .. ^0 .. ..",
              "<3 .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(2)
    assert e.anim_n == 4
    assert list(e.anim_rank[:4]) == [2, 3, 0, 1]


def test_every_ger_moves_exactly_once_per_sequence():
    e = game([">1 .. .. .. ..",
              ".. .. .. .. >2",
              ".. .. ^0 .. ..",
              "<3 .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(3)
    assert sorted(e.anim_rank[:e.anim_n]) == [0, 1, 2, 3]
    assert e.pos[1] == cell(1, 0) and e.pos[2] == cell(0, 1) and e.pos[3] == cell(4, 3)


def test_attempt_limit_returns_the_ger_to_its_start_with_its_original_direction():
    e = game([".. .. .. .. ..",
              "#. >1 #. .. ..",
              ".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(1)
    assert e.pos[1] == cell(1, 1) and e.dir[1] == 2  # 51 hits would have left it facing left
    assert e.anim_back[0] == 1
    assert e.anim_len[0] == 2 * 25 + 1
    assert e.anim_back[1] == 0


# ------------------------------------------------------------------ Black House
def test_a_ger_in_the_black_house_is_removed_after_the_sequence_and_blocks_it_meanwhile():
    e = game([".. .. .. .. ..",
              ".. .. .. .. ..",
              ".. >1 H. .. ..",
              ".. .. ^2 .. ..",
              ".. .. v0 .. .."])
    assert e.play(1)
    # rank 1 entered the House; rank 2, moving after it, had to jump over it
    assert e.pos[2] == cell(2, 1)
    assert fields(e, 1)[0] == (cell(2, 2), F_PASS)
    assert e.pos[1] == NONE and e.anim_removed == 1
    assert e.occ[e.house] == 0


def test_at_most_one_ger_is_removed_per_sequence():
    e = game([".. .. .. .. ..",
              ".. .. .. .. ..",
              ".. >1 H. <2 ..",
              ".. .. .. .. ..",
              ".. .. v0 .. .."])
    assert e.play(1)
    assert e.pos[1] == NONE and e.pos[2] == cell(1, 2)  # rank 2 jumped the occupied House
    assert e.score[0] == 1


def test_a_removed_ger_cannot_be_chosen_and_is_skipped_in_sequences():
    e = game([".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. >1 H. .. ..",
              ".. .. .. .. ..",
              "<2 .. .. .. .."])
    assert e.play(1) and e.pos[1] == NONE
    assert legal(e) == [0, 2]
    before = board.position_text(e)
    assert not e.play(1) and board.position_text(e) == before
    assert e.play(2) and list(e.anim_rank[:e.anim_n]) == [2, 0]


# ------------------------------------------------------------------ variants
def test_reflecting_borders_flip_the_component_normal_to_the_edge():
    rows = [".. .. .. 91 92",
            ".. .. .. .. ..",
            ".. .. <0 .. ..",
            ".. .. .. .. ..",
            ".. .. .. .. .."]
    e = game(rows, dirset=1, reflect_borders=True)
    assert e.play(1)
    assert e.pos[1] == cell(4, 1) and e.dir[1] == 3  # up-right at the top edge: down-right
    assert e.pos[2] == cell(3, 1) and e.dir[2] == 5  # in the corner: down-left
    t = game(rows, dirset=1)
    assert t.play(1) and t.pos[1] == cell(4, 4) and t.dir[1] == 1  # the torus does not turn


def test_reflecting_gers_reverse_instead_of_jumping():
    rows = [".. .. .. .. ..",
            ".. >1 v2 .. ..",
            ".. .. ^0 .. ..",
            ".. .. .. .. ..",
            ".. .. .. .. .."]
    e = game(rows, reflect_gers=True)
    assert e.play(1)
    assert e.pos[1] == cell(0, 1) and e.dir[1] == 6
    assert fields(e, 0) == [(cell(2, 1), F_HIT), (cell(0, 1), F_DEST)]
    j = game(rows)
    assert j.play(1) and j.pos[1] == cell(3, 1) and j.dir[1] == 2


def test_a_reflector_cuboid_reverses_the_ger_and_never_moves():
    e = game([".. .. .. .. ..",
              ".. >1 #. .. ..",
              ".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(1)
    assert e.pos[1] == cell(0, 1) and e.dir[1] == 6
    assert fields(e, 0) == [(cell(2, 1), F_HIT), (cell(0, 1), F_DEST)]
    assert e.obj[cell(2, 1)] == 1


def _board(cells, **kw):
    """5x5 board, Black Ger at (4, 2) facing up, the House at (4, 4), plus {(x, y): field}."""
    r = [[".."] * 5 for _ in range(5)]
    r[2][4] = "^0"
    r[4][4] = "H."
    for (x, y), f in cells.items():
        r[y][x] = f
    return game([" ".join(x) for x in r], **kw)


def test_deflector_columns_turn_by_90_degrees_in_their_fixed_sense():
    cw = _board({(1, 1): ">1", (2, 1): "R."})
    assert cw.play(1) and cw.pos[1] == cell(1, 2) and cw.dir[1] == 4  # right, clockwise: down
    ccw = _board({(1, 1): ">1", (2, 1): "L."})
    assert ccw.play(1) and ccw.pos[1] == cell(1, 0) and ccw.dir[1] == 0  # counter-clockwise: up
    assert ccw.play(1) and ccw.obj[cell(2, 1)] == 3  # fixed sense
    w = _board({(3, 3): "<2", (2, 3): "L.", (0, 0): ">1"})
    assert w.play(1) and w.pos[2] == cell(3, 4) and w.dir[2] == 4  # left, ccw: down


def test_deflectors_keep_a_simple_set_simple_and_turn_diagonals_by_90_degrees():
    e = _board({(0, 1): "91", (1, 0): "R."}, dirset=1)
    assert e.play(1) and e.pos[1] == cell(1, 2) and e.dir[1] == 3  # up-right, cw: down-right
    for d in (0, 2, 4, 6):
        for glyph in "RL":
            dx = (0, 1, 1, 1, 0, -1, -1, -1)[d]
            dy = (-1, -1, 0, 1, 1, 1, 0, -1)[d]
            g = _board({(1, 1): board.DIR_GLYPHS[d] + "1", (1 + dx, 1 + dy): glyph + "."})
            assert g.play(1) and g.dir[1] in (0, 2, 4, 6)
            assert g.dir[1] == (d + (2 if glyph == "R" else 6)) % 8


def test_flipflap_columns_switch_their_sense_after_every_contact():
    e = game([".. .. .. .. ..",
              ".. >1 F. <2 ..",
              ".. .. .. .. ..",
              ".. .. .. ^0 ..",
              ".. .. .. .. .."], house=cell(3, 3))
    assert e.play(1)
    assert e.pos[1] == cell(1, 2) and e.dir[1] == 4  # first contact: clockwise
    # rank 2 hits it next: now counter-clockwise, left turns down
    assert e.pos[2] == cell(3, 2) and e.dir[2] == 4
    assert e.obj[cell(2, 1)] == O_FF_CW  # two contacts: back to clockwise
    assert board.position_text(e)[1].split()[2] == "F."
    e.undo()
    g = game([".. .. .. .. ..",
              ".. >1 F. .. ..",
              ".. .. .. .. ..",
              ".. .. .. ^0 ..",
              ".. .. .. .. .."], house=cell(3, 3))
    assert g.play(1) and g.obj[cell(2, 1)] == O_FF_CCW
    assert board.position_text(g)[1].split()[2] == "f."


def test_extra_ger_types_the_extended_set_moves_diagonally():
    e = game([".. .. .. .. ..",
              ".. 31 .. .. ..",
              ".. .. ^0 .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."], dirset=1)
    assert e.play(1) and e.pos[1] == cell(3, 3)  # down-right, jumping the Black Ger
    o = Options()
    o.dirset = 0
    dirs = set()
    for seed in range(20):
        o.seed = seed
        g = Engine()
        g.new_game(o)
        dirs.update(g.dir[:g.n])
    assert dirs == {0, 2, 4, 6}
    o.dirset = 1
    for seed in range(20):
        o.seed = seed
        g = Engine()
        g.new_game(o)
        dirs.update(g.dir[:g.n])
    assert dirs == set(range(8))


LONG = ["30 .. .. .. .. .. .. .. .. .. .. ..",  # the Black Ger needs 37 sequences to the House
        "v1 .. .. .. .. .. .. .. .. .. .. v2",
        ".. .. .. .. .. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. H. .. .. .. ..",
        ".. .. .. .. .. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. .. .. .. .. .."]


def test_the_joker_becomes_a_ger_of_the_active_set_drawn_from_the_seeded_generator():
    simple = ["H. .. .. .. .. .. .. .. .. .. .. ..",  # the Black Ger comes home in 7 sequences
              "v0 .. .. .. .. .. .. .. .. .. .. ..",
              ".. .. .. .. .. .. .. .. .. .. .. ..",
              ".. .. .. .. .. ?1 .. .. .. .. .. ..",
              ".. .. .. .. .. .. .. .. .. .. .. ..",
              ".. .. .. .. .. .. .. .. .. .. .. ..",
              ".. .. .. .. .. .. .. .. .. .. .. ..",
              ".. .. .. .. .. .. .. .. .. .. .. .."]
    extended = list(LONG)
    extended[1] = "?1 " + LONG[1][3:]
    draws = {}
    for seed, rows, kw in ((1, simple, {}), (2, simple, {}),
                           (3, extended, {"dirset": 1, "reflect_borders": True})):
        e = game(rows, joker=True, seed=seed, **kw)
        got = []
        while e.winner() < 0 and e.pos[1] != NONE:
            assert e.play(0)
            got.append(e.anim_joker)
            assert e.kind[1] == K_JOKER
        draws[seed] = got
        assert len(got) >= 5
        again = game(rows, joker=True, seed=seed, **kw)
        for a in range(len(got)):
            again.play(0)
        assert board.position_text(again) == board.position_text(e)  # same seed, same draws
        if rows is simple:
            assert set(got) <= {0, 2, 4, 6} and len(set(got)) > 1
        else:
            assert set(got) - {0, 2, 4, 6}  # the extended set draws diagonals too
    assert draws[1][:5] != draws[2][:5]


def test_black_ger_special_status_jumps_objects_and_is_not_deflected():
    rows = [".. .. #. .. ..",
            ".. .. .. .. ..",
            ".. .. H. .. ..",
            ".. .. .. .. ..",
            ".. ^1 v0 .. .."]
    e = game(rows, black_special=True, goal=GOAL_B, gers=3)
    s = game(rows, goal=GOAL_B, gers=3)
    assert e.play(0) and e.pos[0] == cell(2, 1) and e.dir[0] == 4
    assert e.anim_len[0] == 2 and e.anim_fields[e.anim_first[0]] >> 11 == F_PASS
    assert s.play(0) and s.pos[0] == cell(2, 3) and s.dir[0] == 0  # plain: reflected


def test_black_ger_special_status_is_never_removed_and_blocks_the_house_for_good():
    rows = [".. .. .. .. ..",
            ".. .. v0 .. ..",
            ".. .. H. .. ..",
            ".. .. .. .. ..",
            ">2 .. .. .. .."]
    # goal B, rank 1 already in the House: player 0 is complete once the Black Ger is in
    e = game(rows, black_special=True, goal=GOAL_B, gers=3)
    assert e.score[0] == 1
    assert e.play(0)
    assert e.pos[0] == e.house and e.anim_removed == NONE
    assert e.winner() == 0 and e.reason == R_COMPLETE
    # nobody complete: the House is blocked for good, a draw
    f = game([".. .. .. .. ..", ".. .. v0 .. ..", ".. .. H. .. ..", ".. .. .. .. ..",
              ">2 .. ^1 .. .."], black_special=True, goal=GOAL_B, gers=3)
    assert f.play(0) and f.winner() == DRAW and f.reason == R_BLOCKED
    # without special status the Black Ger is removed like any Ger (and player 0 wins)
    g = game(rows, goal=GOAL_B, gers=3)
    assert g.play(0) and g.pos[0] == NONE and g.anim_removed == 0 and g.winner() == 0


def test_random_order_shuffles_the_colours_of_the_ranks_from_the_seed():
    o = Options()
    o.sequence = 2
    o.gers = 12
    o.width = 12
    o.height = 8
    o.random_order = True
    orders = set()
    for seed in range(5):
        o.seed = seed
        e = Engine()
        e.new_game(o)
        order = bytes(e.order[:12])
        assert order[0] == 0 and sorted(order) == list(range(12))
        assert e.color(0)[0] == "black"
        orders.add(order)
        f = Engine()
        f.new_game(o)
        assert bytes(f.order[:12]) == order
    assert len(orders) == 5 and bytes(range(12)) not in orders
    o.random_order = False
    e = Engine()
    e.new_game(o)
    assert bytes(e.order[:12]) == bytes(range(12))
    assert [e.color(r)[0] for r in range(3)] == ["black", "red", "orange"]


def test_colour_sequences_limit_the_number_of_gers():
    assert [len(s) for s in SEQUENCES] == [6, 9, 12]
    o = Options()
    o.width = 12
    o.height = 8
    for seq, n in ((0, 6), (1, 9), (2, 12)):
        o.sequence = seq
        o.gers = n
        o.validate()
        o.gers = n + 1
        with pytest.raises(ValueError):
            o.validate()
    assert [_e(Options()).color(r)[0] for r in range(6)] == [
        "black", "red", "yellow", "green", "blue", "purple"]


def _e(o):
    e = Engine()
    e.new_game(o)
    return e


def test_board_size_and_number_of_gers_are_options():
    for w, h, n in ((5, 5, 3), (12, 8, 12), (9, 6, 8)):
        o = Options()
        o.width = w
        o.height = h
        o.gers = n
        o.sequence = 2
        e = _e(o)
        assert (e.w, e.h, e.n) == (w, h, n)
        assert e.house == (h // 2) * w + w // 2 and e.pos[0] == e.house
        assert len(board.position_text(e)) == h
    for k, v in (("width", 13), ("width", 4), ("height", 9), ("gers", 1), ("goal", 1)):
        o = Options()
        o.gers = 2
        setattr(o, k, v)
        with pytest.raises(ValueError):
            o.validate()


# ------------------------------------------------------------------ no repetition, draws
TRAP = ["?2 <1 #. .. ..",  # every Ger bounces until its attempts run out: nothing changes
        "^3 .. .. .. ..",
        "#. .. H. .. ..",
        ".. .. .. .. ..",
        ".. .. .. .. .."]


def trap():
    return game(TRAP, gers=4, goal=GOAL_B, joker=True, reflect_borders=True, reflect_gers=True)


def test_no_repetition_a_move_already_played_from_the_same_position_is_illegal():
    e = trap()
    assert legal(e) == [1, 2, 3]
    before = board.position_text(e)
    assert e.play(1) and board.position_text(e) == before
    assert legal(e) == [2, 3]
    assert not e.play(1)
    assert e.play(2) and legal(e) == [3]
    e.undo()
    assert legal(e) == [2, 3]


def test_draw_when_no_legal_move_remains():
    e = trap()
    for a in (1, 2):
        assert e.play(a) and e.winner() == -1
    assert e.play(3)
    assert e.winner() == DRAW and e.reason == R_NO_MOVE and legal(e) == []


def test_draw_after_thirty_sequences_without_a_removal():
    # the Black Ger bounces along a long diagonal path; the House lies on it, 37 steps away
    e = game(LONG, dirset=1, reflect_borders=True)
    assert not e.stuck(0)
    for k in range(QUIET_MAX - 1):
        assert e.play(0) and e.winner() == -1, k
    assert e.quiet == QUIET_MAX - 1
    assert e.play(0)
    assert e.winner() == DRAW and e.reason == R_QUIET


def test_draw_when_a_bounded_search_proves_the_black_ger_can_never_reach_the_house():
    e = game([">0 .. .. .. ..",  # row 0 of a torus never meets the House
              ".. .. .. .. ..",
              ".. .. H. .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. <1"])
    assert e.stuck(0) and e.winner() == DRAW and e.reason == R_STUCK and legal(e) == []
    ok = game(["v0 .. .. .. ..", ".. .. .. .. ..", ".. .. .. .. ..", "H. .. .. .. ..",
               ".. .. .. .. <1"])
    assert not ok.stuck(0) and ok.winner() == -1
    # a deflector on the way sends it into a row without the House: proven at once
    d = game([".. .. R. .. ..", ".. .. ^0 .. ..", ".. .. H. .. ..", ".. .. .. .. ..",
              ".. .. .. .. <1"])
    assert d.winner() == DRAW and d.reason == R_STUCK


def test_goal_b_draw_when_each_player_has_a_ger_that_can_never_reach_the_house():
    rows = [">1 .. .. .. ..",  # rank 1 (player 0) on row 0, rank 2 (player 1) on row 4
            ".. .. .. .. ..",
            ".. .. ^0 .. ..",
            ".. .. .. .. ..",
            ".. .. .. .. <2"]
    e = game(rows, goal=GOAL_B)
    assert e.winner() == DRAW and e.reason == R_STUCK
    rows[4] = ".. .. v2 .. .."  # now player 1 can still win: play on
    f = game(rows, goal=GOAL_B)
    assert f.stuck(1) and not f.stuck(2) and f.winner() == -1
    a = game([">1 .. .. .. ..", ".. .. .. .. ..", ".. .. ^0 .. ..", ".. .. .. .. ..",
              ".. .. .. .. <2"], goal=GOAL_A)
    assert a.winner() == -1  # goal A only needs the Black Ger


# ------------------------------------------------------------------ goals
def test_goal_a_a_removal_is_credited_to_the_player_who_started_the_sequence():
    e = game([".. .. .. .. ..",
              ".. .. .. .. ..",
              ">1 .. H. .. ..",
              ".. .. .. .. ..",
              ".. .. ^0 .. .."])
    assert e.play(1) and e.pos[1] == cell(1, 2) and e.turn == 1
    assert e.play(1)  # player 1's sequence brings rank 1 in
    assert e.pos[1] == NONE and list(e.score) == [0, 1]
    assert e.pos[0] == cell(2, 1)  # the Black Ger jumped the occupied House


def test_goal_a_the_black_ger_returning_ends_the_game_most_gers_wins():
    e = game([".. .. .. .. ..",
              ".. .. v0 .. ..",
              ".. >1 H. .. ..",
              ".. .. .. .. ..",
              ".. .. .. .. .."])
    assert e.play(1) and list(e.score) == [1, 0] and e.pos[0] == cell(2, 3)
    for k in range(3):
        assert e.play(0) and e.winner() == -1
    assert e.play(0) and e.pos[0] == e.house
    assert e.winner() == 0 and e.reason == R_BLACK_HOME
    assert legal(e) == [] and not e.play(0)


def test_goal_a_equal_counts_when_the_black_ger_returns_is_a_draw():
    e = game([".. .. .. .. ..",
              ".. .. v0 .. ..",
              ".. .. H. .. ..",
              ".. .. .. .. ..",
              ">1 .. .. .. .."])
    assert e.play(0)
    assert e.winner() == DRAW and e.reason == R_BLACK_HOME


def test_goal_b_gers_alternate_ownership_by_rank_and_the_black_ger_is_neutral():
    e = game([">1 >2 >3 >4 >5", ".. .. .. .. ..", ".. .. ^0 .. ..", ".. .. .. .. ..",
              ".. .. .. .. .."], goal=GOAL_B)
    assert [e.owner(r) for r in range(6)] == [-1, 0, 1, 0, 1, 0]
    assert list(e.owned) == [3, 2]


def test_goal_b_first_with_all_own_gers_and_the_black_ger_in_the_house_wins():
    rows = [".. .. .. .. ..",
            ".. .. .. .. ..",
            ".. >2 H. .. ..",
            ".. .. .. .. ..",
            "^1 .. .. .. .."]
    e = game(rows, goal=GOAL_B, gers=3)  # the Black Ger is already in the House
    assert e.play(1)  # player 0 starts the sequence, but rank 2 is player 1's
    assert e.pos[2] == NONE and list(e.score) == [0, 1]
    assert e.winner() == 1 and e.reason == R_COMPLETE
    rows[0] = ".. .. ^0 .. .."  # the Black Ger still out: no win yet
    f = game(rows, goal=GOAL_B, gers=3)
    assert f.play(1) and f.pos[2] == NONE and f.winner() == -1


# ------------------------------------------------------------------ contract
def test_illegal_actions_change_nothing():
    e = game([".. .. .. .. ..", ">1 .. .. .. ..", ".. .. ^0 .. ..", ".. .. .. .. ..",
              ".. .. .. .. .."])
    before = (board.position_text(e), e.nactions)
    for a in (2, 5, 12, 255):
        assert not e.play(a)
    assert (board.position_text(e), e.nactions) == before


def test_undo_restores_every_array_and_the_game_state():
    o = Options()
    o.dirset = 1
    o.flipflaps = 2
    o.joker = True
    o.reflect_gers = True
    o.goal = GOAL_B
    buf = bytearray(MAX_ACTIONS)
    for seed in range(15):
        o.seed = seed
        e = _e(o)
        snaps = []
        while e.winner() < 0:
            snaps.append((bytes(e.pos), bytes(e.dir), bytes(e.obj), bytes(e.score), e.quiet,
                          e.jrng, e.hsh, e.winner(), e.turn))
            n = e.legal(buf)
            assert e.play(buf[(seed * 7 + e.nactions) % n])
        while snaps:
            assert e.undo()
            assert (bytes(e.pos), bytes(e.dir), bytes(e.obj), bytes(e.score), e.quiet, e.jrng,
                    e.hsh, e.winner(), e.turn) == snaps.pop()
        assert not e.undo()


def test_new_game_is_seeded_and_never_starts_drawn():
    for goal in (GOAL_A, GOAL_B):
        for seed in range(40):
            o = Options()
            o.goal = goal
            o.seed = seed
            o.cuboids = seed % 3
            o.deflectors = seed % 2
            o.flipflaps = seed % 4 // 2
            o.reflect_borders = seed % 5 == 0
            a = _e(o)
            b = _e(o)
            assert board.position_text(a) == board.position_text(b)
            assert a.winner() == -1 and a.pos[0] == a.house and a.obj[a.house] == 0
            assert legal(a) == list(range(o.gers))
    o = Options()
    texts = set()
    for seed in range(10):
        o.seed = seed
        texts.add(tuple(board.position_text(_e(o))))
    assert len(texts) == 10


def _on_house_lines(e, r):
    c = e.pos[r]
    return c % e.w == e.house % e.w or c // e.w == e.house // e.w


def test_new_game_lets_no_ger_reach_the_house_in_the_first_sequence_if_nothing_else_moves():
    # issue 14: a Ger one step from the House (or one jump away) gave the first mover a free
    # removal; engine_setup._lands walks its path with the others standing still
    from games.mobger.engine_setup import _lands
    for goal in (GOAL_A, GOAL_B):
        for seed in range(60):
            o = Options()
            o.goal = goal
            o.seed = seed
            o.dirset = seed % 2
            o.reflect_borders = seed % 3 == 0
            e = _e(o)
            for r in range(1, e.n):
                assert not _lands(e, e.pos[r], e.dir[r]), (goal, seed, r)
    rows = [".. .. .. .. ..", ".. .. .. .. ..", ">1 >2 H. .. ..", ".. .. ^0 .. ..",
            ".. .. .. .. .."]
    e = game(rows, width=5)
    assert _lands(e, e.pos[2], e.dir[2]) and _lands(e, e.pos[1], e.dir[1])  # a jump over 2
    assert not _lands(e, e.pos[0], 6)


def test_goal_a_starts_put_some_gers_off_the_houses_row_and_column():
    # issue 14: 489 of 500 default starts had every Ger on the House's row or column
    on = total = every = 0
    for seed in range(200):
        o = Options()
        o.seed = seed
        e = _e(o)
        k = sum(_on_house_lines(e, r) for r in range(1, e.n))
        on += k
        total += e.n - 1
        every += k == e.n - 1
    assert on < 0.85 * total and every < 100, (on, total, every)


def test_goal_a_starts_keep_two_gers_that_can_reach_the_house_and_goal_b_starts_all():
    for goal in (GOAL_A, GOAL_B):
        for seed in range(60):
            o = Options()
            o.goal = goal
            o.seed = seed
            o.gers = 3 + seed % 4
            e = _e(o)
            reach = sum(not e.stuck(r) for r in range(1, e.n))
            if goal == GOAL_A:
                assert reach >= min(2, e.n - 1), (seed, reach)
            else:
                assert reach == e.n - 1, (seed, reach)


def test_new_game_is_deterministic_for_a_seed_and_varies_with_it():
    starts = set()
    for goal in (GOAL_A, GOAL_B):
        for seed in (0, 1, 77, 65535):
            o = Options()
            o.goal = goal
            o.seed = seed
            a = board.position_text(_e(o))
            assert a == board.position_text(_e(o))
            starts.add(tuple(a))
    assert len(starts) == 8


def test_the_first_mover_wins_by_force_in_at_most_55_percent_of_default_starts():
    # issue 14, solved exactly (host_sim/mobger/starts.py prints the 500-start figures)
    from host_sim.mobger.starts import balance
    for goal in (GOAL_A, GOAL_B):
        r = balance(goal, 300)
        assert r["unknown"] == 0 and r["wins"] <= 0.55 * r["starts"], (goal, r)


def test_options_bytes_round_trip_and_corrupt_bytes_are_rejected():
    o = Options()
    o.width = 9
    o.height = 6
    o.house = 20
    o.gers = 8
    o.sequence = 1
    o.dirset = 1
    o.random_order = True
    o.goal = GOAL_B
    o.reflect_borders = True
    o.reflect_gers = True
    o.cuboids = 1
    o.deflectors = 2
    o.flipflaps = 1
    o.joker = True
    o.black_special = True
    o.seed = 54321
    b = o.to_bytes()
    assert Options.from_bytes(b) == o
    assert Options.parse(o.text()) == o
    for i in range(len(b)):
        bad = bytearray(b)
        bad[i] ^= 0x10
        with pytest.raises(ValueError):
            Options.from_bytes(bytes(bad))
    with pytest.raises(ValueError):
        Options.from_bytes(b[:-1])
    big = Options()
    big.width = 13
    raw = bytearray(big.to_bytes())
    with pytest.raises(ValueError):
        Options.from_bytes(raw)


def test_save_and_load_state_resume_the_game_and_reject_corrupt_data():
    o = Options()
    o.joker = True
    o.flipflaps = 2
    o.seed = 77
    e = _e(o)
    buf = bytearray(MAX_ACTIONS)
    for i in range(4):
        if e.winner() >= 0:
            break
        n = e.legal(buf)
        e.play(buf[i % n])
    data = e.save_state()
    f = Engine()
    f.load_state(data)
    assert board.position_text(f) == board.position_text(e)
    assert bytes(f.actions[:f.nactions]) == bytes(e.actions[:e.nactions])
    assert (list(f.score), f.winner(), f.jrng, f.turn) == (list(e.score), e.winner(), e.jrng, e.turn)
    for i in range(0, len(data), 3):
        bad = bytearray(data)
        bad[i] ^= 0x41
        with pytest.raises(ValueError):
            Engine().load_state(bytes(bad))
    with pytest.raises(ValueError):
        Engine().load_state(data[:10])


def test_undo_keeps_the_last_ring_of_moves_and_restart_reaches_the_start(monkeypatch):
    from games.mobger import engine as EM, engine_legal, engine_move
    for m in (EM, engine_legal, engine_move):        # every module that reads the ring size
        monkeypatch.setattr(m, "LOG_RING", 3)        # a tiny ring: the same code as 128
    buf = bytearray(MAX_ACTIONS)
    for seed in range(1, 200):                       # a start whose game lasts 5 moves
        e = Engine()
        o = Options()
        o.seed = seed
        e.new_game(o)
        start = board.position_text(e)
        seen = [start]
        while e.winner() < 0 and e.nactions < 5:
            e.play(buf[e.legal(buf) - 1])
            seen.append(board.position_text(e))
        if e.nactions == 5:
            break
    assert e.nactions == 5
    for k in (4, 3, 2):                              # the last three moves come back
        assert e.undo() and board.position_text(e) == seen[k]
    assert not e.undo() and e.nactions == 2          # older records were overwritten
    e.restart()
    assert e.nactions == 0 and board.position_text(e) == start and e.winner() < 0


def test_random_order_is_never_the_colour_order():
    """Issue 14 / seed 004: "random order" differs from the colour circle (it came out plain in
    216 of 2,000 games, 171 of 200 with 3 Gers); the Black Ger stays first."""
    from games.mobger.options import make_order, Options
    for gers in (3, 4, 5, 6):
        plain = bytearray(range(gers))
        for seed in range(1, 300):
            o = Options()
            o.gers, o.random_order, o.seed = gers, True, seed
            order = make_order(o)
            assert order != plain and order[0] == 0 and sorted(order) == list(plain)
