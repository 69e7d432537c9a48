"""One test per rule of the Mental IQ+ issue (seed 000) and per choice in games/mentaliq/README.md.

Boards are written in the body syntax: two characters per cell (tile, piece), planes side by
side separated by '|', spaces ignored. rows_of() gives the position back without spaces.
"""
import random

import pytest

from games.mentaliq import board
from games.mentaliq.engine import (EV_BOOM, EV_BRICK, EV_LOOP, EV_PLANE, EV_PUSH, EV_REPULSE,
                                   EV_SLIDE, EV_STEP, EV_TRANSBORDER, EV_VECTOR, K_BLOCKED,
                                   K_PLANE, K_PUSH, K_STEP, PLANE_DOWN, PLANE_UP, SETTLE_MAX,
                                   Engine)


def level(rows):
    return board.parse_rows(rows)


def start(rows):
    e = Engine()
    e.load(level(rows))
    return e


def run(rows, moves):
    """Play moves; returns the engine and the list of play() results."""
    e = start(rows)
    return e, [e.play(a) for a in board.parse_moves(moves)]


def norm(rows):
    return [r.replace(" ", "") for r in rows]


def rows_of(e):
    return norm(e.text().split("\n"))


def events(e):
    """[(kind, piece, a, b, frame)] of the last play()."""
    out = []
    for i in range(e.nevents):
        w = e.events[3 * i]
        out.append((w & 15, (w >> 4) & 15, e.events[3 * i + 1], e.events[3 * i + 2], w >> 8))
    return out


def kinds(e):
    return [ev[0] for ev in events(e)]


GOAL6 = ".J f. .. .. .. .."  # a jewel and its flag, for boards that test something else


# ---------------------------------------------------------------- tiles
def test_floor_gwydyon_steps_one_cell_in_the_four_directions():
    rows = [".. .. ..", ".. .@ ..", ".. .. ..", ".J f. .."]
    for moves, where in (("u", 1), ("r", 5), ("d", 7), ("l", 3)):
        e, ok = run(rows, moves)
        assert ok == [True] and e.hero == where
        assert e.last_kind == K_STEP and e.moves == 1 and e.pushes == 0
        assert kinds(e) == [EV_STEP]


def test_plane_edge_blocks_like_a_wall():
    e, ok = run([".@ .. ..", ".J f. .."], "ul")
    assert ok == [False, False]
    assert e.last_kind == K_BLOCKED and e.moves == 0 and e.nchanged == 0


def test_hole_nothing_may_enter_it():
    e, ok = run([".@ x. .. ..", ".J f. .. .."], "r")
    assert ok == [False]
    e, ok = run([".@ .J x. ..", ".J f. .. .."], "r")  # a pushed piece neither
    assert ok == [False] and rows_of(e)[0] == ".@.Jx..."


def test_flag_a_jewel_on_every_flag_wins():
    e, ok = run([".@ .J f. .J f."], "R")
    assert ok == [True] and not e.solved() and e.flags_left() == 1
    e, ok = run([".@ .J f. .J f.", ".. .. .. .. .."], "Rdrrurrr")
    assert not e.solved()
    e, ok = run([".@ .J f. .. ..", ".. .. .. .J f."], "RdrR")
    assert ok == [True] * 4 and e.solved() and not e.lost()


def test_slider_a_piece_entering_keeps_moving_until_it_leaves_the_sliders():
    e, ok = run([".@ .J s. s. .. ..", GOAL6], "R")
    assert ok == [True]
    assert rows_of(e)[0] == "...@s.s..J.."  # slid over both sliders, stopped on the floor
    assert [(k, f) for k, p, a, b, f in events(e)] == [
        (EV_PUSH, 0), (EV_STEP, 0), (EV_SLIDE, 1), (EV_SLIDE, 2)]


def test_slider_a_piece_stops_when_blocked_on_the_sliders():
    e, ok = run([".@ .J s. s. .B ..", GOAL6], "R")
    assert rows_of(e)[0] == "...@s.sJ.B.."


def test_slider_a_piece_resting_on_a_slider_does_not_start_moving():
    e, ok = run([".@ .. sJ .. ..", ".J f. .. .. .."], "r")
    assert ok == [True] and rows_of(e)[0] == "...@sJ...."
    e, ok = run([".@ .. sJ .. ..", ".J f. .. .. .."], "rR")  # pushed off it: one cell
    assert rows_of(e)[0] == "....s@.J.."


def test_slider_moves_gwydyon_too_and_he_stops_before_a_piece_without_pushing_it():
    e, ok = run([".@ s. s. .. ..", ".J f. .. .. .."], "r")
    assert rows_of(e)[0] == "..s.s..@.."
    e, ok = run([".@ s. s. .J ..", ".J f. .. .. .."], "r")
    assert rows_of(e)[0] == "..s.s@.J.."


def test_slider_the_pushed_piece_slides_first_then_gwydyon():
    e, ok = run([".@ sJ s. s. ..", ".J f. .. .. .."], "R")
    assert rows_of(e)[0] == "..s.s.s@.J"
    assert kinds(e) == [EV_PUSH, EV_STEP, EV_SLIDE, EV_SLIDE, EV_SLIDE, EV_SLIDE]


def test_vector_moves_a_piece_one_cell_as_soon_as_the_cell_ahead_is_free():
    e, ok = run([">J .@ ..", ".J f. .."], "d")
    assert ok == [True]
    assert rows_of(e)[0] == ">..J.."
    assert kinds(e) == [EV_STEP, EV_VECTOR]


def test_vector_waits_while_the_cell_ahead_is_taken():
    e, ok = run([".@ .J >. .B", ".J f. .. .."], "R")
    assert rows_of(e)[0] == "...@>J.B" and e.nvq == 1


def test_vector_moves_gwydyon():
    e, ok = run([".@ >. .. ..", ".J f. .. .."], "r")
    assert rows_of(e)[0] == "..>..@.."
    assert kinds(e) == [EV_STEP, EV_VECTOR] and e.hero == 2


def test_vector_needs_a_free_cell_it_never_pushes_or_feeds_a_bomb():
    for ahead in (".J", ".*", ".+"):
        rows = [".@ .J >. " + ahead + " ..", ".J f. .. .. ..", ".. .. .. .. .."]
        if ahead == ".+":
            rows = [r + " | .. .. .. .. .." for r in rows]
        e, ok = run(rows, "R")
        assert ok == [True] and rows_of(e)[0][:10] == "...@>J" + ahead + ".."


def test_vector_onto_a_slider_the_piece_keeps_moving():
    e, ok = run([".@ .J >. s. s. ..", GOAL6], "R")
    assert rows_of(e)[0] == "...@>.s.s..J"
    assert kinds(e) == [EV_PUSH, EV_STEP, EV_VECTOR, EV_SLIDE, EV_SLIDE]


def test_vector_chain_moves_from_its_end():
    e, ok = run([">J >J >J .@ ..", ".J f. .. .. .."], "r")
    assert rows_of(e)[0] == ">.>J>J.J.@"
    vec = [(a, b, f) for k, p, a, b, f in events(e) if k == EV_VECTOR]
    assert vec == [(2, 3, 1), (1, 2, 2), (0, 1, 3)]


# Two vectors lead to D (x 2, y 2): A (2, 1) from above, the chain C1 (0, 2) > C2 (1, 2) from
# the left. D holds a brick until a bomb pushed from below destroys it.
FIFO = [".. .@ .. .. .. ..",
        ".J .J v. .J .. ..",
        ">. >. .B .. .. ..",
        ".. .. .* .. .. f.",
        ".. .. .. .. .. ..",
        ".. .. .. .. .. .."]
FREE_D = "urrrddddlU"  # from (0, 1): round to (2, 4), push the bomb up


def test_vector_fifo_the_piece_that_arrived_first_takes_the_contested_cell():
    # P2 reaches the chain's end C2 first, then Q reaches A, then P1 reaches C1
    e, ok = run(FIFO, "D" + "urrrd" + "L" + "ulll" + "D" + FREE_D)
    assert all(ok)
    r = rows_of(e)
    assert r[1][4:6] == "vJ"  # Q still waits on A
    assert r[2][:6] == ">.>J.J"  # P2 took D; the chain moved up: P1 now on C2
    # Q first: Q wins, the chain waits
    e, ok = run(FIFO, "rrrd" + "L" + "ull" + "D" + "ul" + "D" + FREE_D)
    assert all(ok)
    r = rows_of(e)
    assert r[1][4:6] == "v." and r[2][:6] == ">J>J.J"


def test_vector_chain_priority_is_evaluated_at_the_end_of_the_chain():
    # the chain's end piece P2 arrived before Q, its first piece P1 after Q: P2 goes first,
    # then P1 follows into C2 while Q keeps waiting
    e, ok = run(FIFO, "D" + "urrrd" + "L" + "ulll" + "D" + FREE_D)
    vec = [(a, b) for k, p, a, b, f in events(e) if k == EV_VECTOR]
    assert vec == [(13, 14), (12, 13)]


def test_settle_that_would_loop_stops_at_the_first_repeated_configuration():
    rows = [".. .. >. v. ..",
            ".@ .J ^. <. ..",
            ".. .. .. .. f."]
    e, ok = run(rows, "R")
    assert ok == [True] and e.looped
    assert rows_of(e)[1] == "...@^J<..."  # back where it entered, after one round
    vec = [(a, b) for k, p, a, b, f in events(e) if k == EV_VECTOR]
    assert vec == [(7, 2), (2, 3), (3, 8), (8, 7)]
    assert kinds(e)[-1] == EV_LOOP
    assert e.undo() and rows_of(e)[1] == ".@.J^.<..."


def test_settle_is_bounded_even_without_a_repeat(monkeypatch):
    from games.mentaliq import moves  # the settle loop (Engine._settle) lives there
    assert 0 < SETTLE_MAX <= 1000
    monkeypatch.setattr(moves, "SETTLE_MAX", 2)
    e, ok = run([">J >J >J .@ ..", ".J f. .. .. .."], "r")
    assert rows_of(e)[0] == ">J>.>J.J.@"  # two vector steps, then the settle stops
    assert e.play(2) and rows_of(e)[0] == ">.>J>J.J.."  # the next move settles the rest


def test_transfert_gwydyon_goes_to_the_aligned_cell_above_and_below():
    rows = ["t@ .J f. | t. .. .."]
    e, ok = run(rows, "+")
    assert ok == [True] and rows_of(e) == ["t..Jf.|t@...."]
    assert e.last_kind == K_PLANE and e.hero_plane() == 1 and e.moves == 1
    assert kinds(e) == [EV_PLANE]
    assert e.play(PLANE_DOWN) and rows_of(e) == ["t@.Jf.|t....."]


def test_transfert_refused_without_tile_plane_or_free_aligned_cell():
    e, ok = run(["t@ .J f. | t. .. .."], "-")
    assert ok == [False]  # no plane below plane 1
    e, ok = run([".. .@ .J f. | t. .. .. .."], "+")
    assert ok == [False]  # not on a transfert tile
    e, ok = run(["t@ .J f. | x. .. .."], "+")
    assert ok == [False]  # hole above
    e, ok = run(["t@ .J f. | .B .. .."], "+")
    assert ok == [False]  # taken above
    e, ok = run(["t@ .J f. | t. .. .."], "+r-")
    assert ok == [True, True, False]  # he left the transfert tile


def test_transfert_select_plays_up_when_possible_else_down():
    e = start(["t. .. | t@ .J | t. f."])
    assert e.select_action() == PLANE_UP
    e = start(["t. .. | t@ .J | x. f."])
    assert e.select_action() == PLANE_DOWN
    e = start(["t. .. | .@ .J | t. f."])
    assert e.select_action() == -1


def test_transfert_arriving_on_a_vector_the_vector_moves_gwydyon():
    e, ok = run(["t@ .J f. | >. .. .."], "+")
    assert rows_of(e) == ["t..Jf.|>..@.."]
    assert kinds(e) == [EV_PLANE, EV_VECTOR]


# ---------------------------------------------------------------- pieces
def test_jewel_is_pushed_one_cell():
    e, ok = run([".@ .J .. f."], "R")
    assert ok == [True] and rows_of(e) == ["...@.Jf."]
    assert e.last_kind == K_PUSH and e.pushes == 1 and sorted(e.changed[:e.nchanged]) == [0, 1, 2]
    assert kinds(e) == [EV_PUSH, EV_STEP]


def test_one_push_no_chains_a_pushed_piece_blocks_at_any_piece():
    for ahead in (".J", ".B", ".1", ".#", ".+"):
        rows = [".@ .J " + ahead + " .. f."]
        if ahead == ".+":
            rows = [rows[0] + " | .. .. .B .. .."]  # transborder to a taken cell: a wall
        e, ok = run(rows, "R")
        assert ok == [False], ahead
        assert e.nchanged == 0 and e.nevents == 0
    e, ok = run([".@ .1 .1 .. | .. .. .. .. ", ".J f. .. .. | .. .. .. .."], "R")
    assert ok == [False]  # repulsors of one type on one plane just block


def test_brick_is_movable_by_pushing():
    e, ok = run([".@ .B .. ..", ".J f. .. .."], "R")
    assert rows_of(e)[0] == "...@.B.."


def test_block_is_immovable_and_indestructible():
    e, ok = run([".@ .# .. ..", ".J f. .. .."], "R")
    assert ok == [False]
    e, ok = run([".@ .* .# ..", ".J f. .. .."], "R")  # a bomb does not destroy it
    assert ok == [False] and rows_of(e)[0] == ".@.*.#.."


def test_transborder_gwydyon_cannot_enter_it():
    e, ok = run([".@ .+ .. | .. .. ..", ".J f. .. | .. .. .."], "r")
    assert ok == [False]


def test_transborder_moves_a_pushed_piece_to_the_aligned_cell_above():
    e, ok = run([".@ .J .+ .. | .. .. .. ..", ".J f. .. .. | .. .. .. .."], "R")
    assert ok == [True]
    assert rows_of(e)[0] == "...@.+..|.....J.."
    assert [(k, a, b) for k, p, a, b, f in events(e)] == [(EV_TRANSBORDER, 1, 10), (EV_STEP, 0, 1)]


def test_transborder_down_moves_a_pushed_piece_to_the_plane_below():
    e, ok = run([".. .. .. .. | .@ .J .- ..", ".J f. .. .. | .. .. .. .."], "R")
    assert rows_of(e)[0] == ".....J..|...@.-.."


def test_transborder_with_its_destination_taken_acts_as_a_wall():
    for there in (".B", "x."):
        e, ok = run([".@ .J .+ .. | .. .. " + there + " ..", ".J f. .. .. | .. .. .. .."], "R")
        assert ok == [False]


def test_transborder_carried_piece_landing_on_a_slider_keeps_moving():
    e, ok = run([".@ .J .+ .. .. | .. .. s. s. ..", ".J f. .. .. .. | .. .. .. .. .."], "R")
    assert rows_of(e)[0] == "...@.+....|....s.s..J"


def test_transborder_carries_a_bomb_too():
    e, ok = run([".@ .* .+ .. | .. .. .. ..", ".J f. .. .. | .. .. .. .."], "R")
    assert rows_of(e)[0] == "...@.+..|.....*.."


# ---------------------------------------------------------------- bombs
def test_bomb_a_piece_that_moves_into_a_bomb_is_destroyed():
    e, ok = run([".@ .J .* ..", ".J f. .J .."], "R")
    assert ok == [True] and rows_of(e)[0] == "...@.*.."
    assert e.jewels == 2 and e.last_kind == K_PUSH
    assert events(e)[0] == (EV_BOOM, 2, 2, 1, 0)  # bomb at 2 destroys the jewel at 1


def test_bomb_pushed_toward_a_piece_destroys_it_and_stays_where_it_is():
    for target in (".J", ".B", ".1", ".2"):
        e, ok = run([".@ .* " + target + " ..", ".J f. .J .."], "R")
        assert ok == [True], target
        assert rows_of(e)[0] == ".@.*...."  # the bomb survives, Gwydyon stays
        assert e.last_kind == K_PUSH and e.moves == 1 and kinds(e) == [EV_BOOM]


def test_bomb_pushed_into_a_free_cell_just_moves():
    e, ok = run([".@ .* .. ..", ".J f. .. .."], "R")
    assert rows_of(e)[0] == "...@.*.."


def test_bomb_never_destroys_gwydyon_a_block_or_a_bomb():
    e, ok = run([".@ .* .* ..", ".J f. .. .."], "R")
    assert ok == [False]
    e, ok = run([".. .. .. ..", ".@ .* s. .*", ".J f. .. .."], "R")  # slides to the bomb, stops
    assert rows_of(e)[1] == "...@s*.*"


def test_bomb_destroys_a_piece_sliding_into_it():
    e, ok = run([".@ .J s. s. .*", ".J f. .J .. .."], "R")
    assert rows_of(e)[0] == "...@s.s..*" and e.jewels == 2


def test_bomb_sliding_toward_a_piece_destroys_it_and_stops():
    e, ok = run([".@ .* s. s. .J", ".J f. .J .. .."], "R")
    assert rows_of(e)[0] == "...@s.s*.." and e.jewels == 2


def test_bomb_moving_gwydyon_into_a_bomb_is_just_an_obstacle():
    e, ok = run([".@ s. s. .* ..", ".J f. .. .. .."], "r")
    assert rows_of(e)[0] == "..s.s@.*.."


# ---------------------------------------------------------------- repulsors across planes
R2 = ".J f. .. .. | .. .. .. .."


def test_repulsor_aligned_above_is_pushed_back_opposite_to_the_initiators_move():
    e, ok = run([".@ .1 .. .. | .. .. .1 ..", R2], "R")
    assert ok == [True]
    assert rows_of(e)[0] == "...@.1..|...1...."
    assert (EV_REPULSE, 5, 10, 9, 0) in events(e)  # plane 2 starts at cell 8


def test_repulsor_aligned_below_is_pushed_back_too():
    e, ok = run([".. .. .1 .. | .@ .1 .. ..", R2], "R")
    assert rows_of(e)[0] == "...1....|...@.1.."


def test_repulsor_both_planes_above_and_below_are_checked():
    rows = [".. .. .1 .. | .@ .1 .. .. | .. .. .1 ..",
            ".J f. .. .. | .. .. .. .. | .. .. .. .."]
    e, ok = run(rows, "R")
    assert rows_of(e)[0] == "...1....|...@.1..|...1...."
    assert kinds(e).count(EV_REPULSE) == 2


def test_repulsor_that_cannot_be_pushed_back_refuses_the_initiating_move():
    for behind in (".B", "x.", ".J"):  # taken, hole, taken
        e, ok = run([".@ .1 .. .. | .. " + behind + " .1 ..", R2], "R")
        assert ok == [False] and e.nchanged == 0, behind


def test_repulsor_pushed_back_into_another_alignment_of_its_type_is_refused():
    rows = [".@ .1 .. .. | .. .. .1 .. | .. .1 .. ..",
            ".J f. .. .. | .. .. .. .. | .. .. .. .."]
    e, ok = run(rows, "R")
    assert ok == [False]


def test_repulsor2_behaves_like_repulsor():
    e, ok = run([".@ .2 .. .. | .. .. .2 ..", R2], "R")
    assert rows_of(e)[0] == "...@.2..|...2...."


def test_repulsor_different_types_are_not_pushed_back():
    e, ok = run([".@ .1 .. .. | .. .. .. ..", R2], "R")
    assert rows_of(e)[0] == "...@.1..|........"


def test_repulsor_moved_by_a_vector_pushes_back_and_waits_when_it_cannot():
    e, ok = run([".@ .1 >. .. | .. .. .. .1", R2], "R")
    # the vector step ends aligned with the 1 above, which is pushed back to the left
    assert rows_of(e)[0] == norm([".. .@ >. .1 | .. .. .1 .."])[0]
    e, ok = run([".@ .1 >. .. | .. .. .B .1", R2], "R")
    # it could not be pushed back (a brick): the vector waits
    assert rows_of(e)[0] == norm([".. .@ >1 .. | .. .. .B .1"])[0]


# ---------------------------------------------------------------- repulsor meets repulsor2
def test_repulsor_ending_aligned_with_repulsor2_turns_the_passive_one_into_a_brick():
    e, ok = run([".@ .1 .. .. | .. .. .2 ..", R2], "R")
    assert rows_of(e)[0] == norm([".. .@ .1 .. | .. .. .B .."])[0]
    assert (EV_BRICK, 3, 2, 10, 0) in events(e)
    e, ok = run([".@ .2 .. .. | .. .. .1 ..", R2], "R")  # symmetric
    assert rows_of(e)[0] == norm([".. .@ .2 .. | .. .. .B .."])[0]


def test_repulsor_pushed_toward_repulsor2_on_its_plane_both_become_one_brick():
    e, ok = run([".@ .1 .2 ..", ".J f. .. .."], "R")
    assert ok == [True] and rows_of(e)[0] == "...@.B.."
    assert events(e)[0] == (EV_BRICK, 3, 1, 2, 0)
    e, ok = run([".@ .2 .1 ..", ".J f. .. .."], "R")  # symmetric
    assert rows_of(e)[0] == "...@.B.."


def test_repulsor_pushed_back_ending_aligned_with_the_other_type_makes_a_brick():
    rows = [".@ .1 .. .. | .. .. .1 .. | .. .2 .. ..",
            ".J f. .. .. | .. .. .. .. | .. .. .. .."]
    e, ok = run(rows, "R")
    assert rows_of(e)[0] == "...@.1..|...1....|...B...."


# ---------------------------------------------------------------- transborder and repulsors
def test_transborder_does_not_move_a_repulsor_aligned_with_its_type_at_the_destination():
    rows = [".@ .1 .+ .. | .. .. .. .. | .. .. .1 ..",
            ".J f. .. .. | .. .. .. .. | .. .. .. .."]
    e, ok = run(rows, "R")
    assert ok == [False]  # the transborder acts as a wall: no push-back through it


def test_transborder_moves_a_repulsor_next_to_the_other_type_which_turns_to_brick():
    rows = [".@ .1 .+ .. | .. .. .. .. | .. .. .2 ..",
            ".J f. .. .. | .. .. .. .. | .. .. .. .."]
    e, ok = run(rows, "R")
    assert rows_of(e)[0] == norm([".. .@ .+ .. | .. .. .1 .. | .. .. .B .."])[0]


# ---------------------------------------------------------------- goal, loss, counters, undo
def test_lost_when_a_jewel_needed_for_the_flags_is_destroyed():
    e, ok = run([".@ .J .* f."], "R")
    assert ok == [True] and e.lost() and not e.solved()
    assert e.undo() and not e.lost()


def test_not_lost_when_a_spare_jewel_is_destroyed():
    e, ok = run([".@ .J .* f.", ".. .J .. .."], "R")
    assert not e.lost() and e.jewels == 1 and e.flags == 1


def test_refused_move_changes_nothing():
    e = start([".@ .J .J f.", ".. .J .. .."])
    key = e.key()
    assert not e.play(1) and not e.play(0) and not e.play(4) and not e.play(9)
    assert e.key() == key and e.moves == 0 and e.nchanged == 0 and not e.can_undo()


def test_undo_takes_back_a_whole_move_with_its_settle_and_explosions():
    e, ok = run([".@ .J s. s. .*", ".J f. .J .. .."], "R")
    assert e.jewels == 2
    assert e.undo() and rows_of(e) == [".@.Js.s..*", ".Jf..J...."] and e.jewels == 3
    assert e.moves == 0 and e.pushes == 0 and e.last_undo and not e.undo()


def test_restart_goes_back_to_the_start_and_lists_the_changed_cells():
    e, ok = run([".@ .J .. f.", ".. .. .. .."], "Rd")
    e.restart()
    assert rows_of(e) == [".@.J..f.", "........"] and e.moves == 0 and not e.can_undo()
    assert sorted(e.changed[:e.nchanged]) == [0, 1, 2, 5]  # Gwydyon ended on (1, 1)


def test_changed_cells_use_plane_times_plane_size_plus_row_times_width_plus_x():
    e, ok = run([".. .. | .. .. | t@ .J", ".J f. | .. .. | .. .."], "-")
    assert ok == [True]
    assert sorted(e.changed[:e.nchanged]) == [1 * 4 + 0, 2 * 4 + 0]


def test_history_and_notation_uppercase_pushes_and_plus_minus_for_planes():
    e, ok = run(["t@ .. .J f. | t. .. .. ..", ".. .. .. .. | .. .. .. .."], "+-rR")
    assert all(ok) and e.solved()
    assert board.format_moves(e) == "+-rR"
    assert e.moves == 4 and e.pushes == 1


def test_undo_ring_drops_the_oldest_moves_when_full():
    e = Engine(undo_words=16)
    e.load(level([".@ .. .. .. .. .J f.", ".. .. .. .. .. .. .."]))
    for a in [1, 3] * 20:
        assert e.play(a)
    assert e.moves == 40 and not e.history_complete()
    n = 0
    while e.undo():
        n += 1
    assert 0 < n < 40 and e.moves == 40 - n


def test_undo_ring_an_action_bigger_than_the_ring_is_played_but_cannot_be_undone():
    e = Engine(undo_words=16)
    e.load(level([".. .. >. v. ..", ".@ .J ^. <. ..", ".. .. .. .. f."]))
    assert e.play(1) and e.looped  # a whole loop round: more than 16 words of undo
    assert e.moves == 1 and not e.can_undo() and not e.history_complete()
    assert e.play(3) and e.undo() and not e.undo()  # later moves are logged again
    assert rows_of(e)[1] == "...@^J<..."


def test_save_state_round_trip_and_bad_data_raise_value_error():
    rows = [".@ .J s. s. .*", ".J f. .J .. ..", ">. .. .. .. .."]
    e, ok = run(rows, "Rdlu")
    data = e.save_state()
    f = start(rows)
    f.load_state(data)
    assert f.key() == e.key() and board.format_moves(f) == board.format_moves(e)
    assert f.moves == e.moves and f.pushes == e.pushes
    key = f.key()
    for bad in (b"", b"XX" + data[2:], data[:-1] + bytes([data[-1] ^ 1]), data[:-5],
                data[:15] + b"\x00\x01\x07" + data[18:]):
        with pytest.raises(ValueError):
            f.load_state(bad)
        assert f.key() == key and f.moves == e.moves
    other = start([".@ .J .. f."])
    with pytest.raises(ValueError):
        other.load_state(data)


def big_level(rnd):
    """A valid, crowded 4-plane 16x8 level (random pieces, tiles and vectors)."""
    P, W, H = 4, 16, 8
    ps = W * H
    tiles = "......fss^>v<tx"
    pieces = "......JB*12"
    tile = bytearray(board.TILE_CHARS.find(rnd.choice(tiles)) for _ in range(P * ps))
    piece = bytearray(board.PIECE_CHARS.find(rnd.choice(pieces)) for _ in range(P * ps))
    for c in range(P * ps):
        if tile[c] == 1:
            piece[c] = 0
        if c >= ps and piece[c] in (5, 6) and piece[c - ps] == piece[c]:
            piece[c] = 0
        if 4 <= tile[c] <= 7:
            m = board.neighbour(c, tile[c] - 4, W, ps)
            if piece[c] and m >= 0 and tile[m] != 1 and piece[m] == 0:
                tile[c] = 0
    for c in range(P * ps):  # a vector cleared above may have freed a cell ahead of another
        if 4 <= tile[c] <= 7 and piece[c]:
            tile[c] = 0
    tile[0] = 0
    piece[0] = 1
    flags = list(tile).count(2)
    jewels = list(piece).count(2)
    for c in range(1, P * ps):
        if jewels >= flags:
            break
        if tile[c] in (0, 2, 3, 8) and piece[c] == 0:  # not on a hole nor a vector
            piece[c] = 2
            jewels += 1
    return level(board.format_board(P, W, H, tile, piece).split("\n"))


def test_a_long_walk_on_a_four_plane_16x8_level_plays_and_undoes_within_the_ring():
    # (move time is a bench figure, `make bench`, not a wall-clock assert: machines are noisy)
    rnd = random.Random(7)
    e = Engine()
    e.load(big_level(rnd))
    acts = [rnd.randrange(6) for _ in range(4000)]
    n = 0
    for a in acts:
        if e.play(a):
            n += 1
    m = 0
    while e.undo():
        m += 1
    assert n > 500 and 0 < m <= n  # the 8 KB ring keeps the last ~1000 moves
