"""Gravity room rules (games/gravity/README.md): one named test per rule, the seed's two worked
examples included. Positions are set up directly (pieces, gravity, flows), then real actions
are played through Engine.play()."""
import random

import pytest

from games.gravity import board
from games.gravity.engine import (DOWN, DRAW, Engine, FLOW_BASE, LEFT, MAX_ACTIONS,
                                  MAX_TURNS, OVER, PLACE_BASE, PLAY, RIGHT, SETUP_GRAVITY,
                                  SETUP_OBJECTIVE, SETUP_PAWNS, UP)

BOX5 = """
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+-+-+-+-+-+
"""

# The seed's room: row 2 has no wall on the border (it wraps) but one between x=1 and x=2;
# the green pawn rests on a wall under (4, 2), the objective on a wall under (3, 1).
SEED = """
+-+-+-+-+-+-+
|. . . . . .|
+ + + +-+ + +
|. . . . . .|
+ + + + + + +
 . .|. . . .
+ + + + +-+ +
|. . . . . .|
+-+-+-+-+-+-+
"""


# BOX5 with the objective's cell (2, 2) walled in: nobody ever reaches it
BOXED = """
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . . . .|
+ + +-+ + +
|. .|.|. .|
+ + +-+ + +
|. . . . .|
+ + + + + +
|. . . . .|
+-+-+-+-+-+
"""

# (2, 2) has walls on its right and below: two pawns can reach it in the same tick
TIE = """
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . .|. .|
+ + +-+ + +
|. . . . .|
+ + + + + +
|. . . . .|
+-+-+-+-+-+
"""

# row 3 wraps (its only wall is between x=1 and x=2); (0, 1) has a wall on its right
OPEN3 = """
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|.|. . . .|
+ + + + + +
|. . . . .|
+ + + + + +
 . .|. . .
+ + + + + +
|. . . . .|
+-+-+-+-+-+
"""


def rows(text):
    return text.strip("\n").split("\n")


def make(text, pawns, obj, gravity=DOWN, turn=0, flows=()):
    """A position in play: pawns [(x, y)], objective (x, y), flows [(player, 'R'|'C', index,
    s)] laid in that order."""
    b = board.parse_rows(rows(text))
    e = Engine()
    e.new_game(b, len(pawns))
    W = b.width
    for i in range(len(pawns)):
        e.pos[i] = pawns[i][1] * W + pawns[i][0]
    e.pos[len(pawns)] = obj[1] * W + obj[0]
    e.gravity = gravity
    e.phase = PLAY
    e.turn = turn
    for k in range(len(flows)):
        p, kind, idx, s = flows[k]
        e.place_flow(p, idx if kind == "R" else b.height + idx, s, k + 1)
    return e


def xy(e, i):
    c = e.pos[i]
    return (c % e.width, c // e.width)


def G(d):
    return d


def ROW(y, s):
    return FLOW_BASE + 2 * y + s


def COL(e, x, s):
    return FLOW_BASE + 2 * (e.height + x) + s


def track(e, i):
    """Cells of piece i over the recorded ticks of the last action, as (x, y)."""
    NP = e.players + 1
    out = []
    for t in range(e.nticks + 1):
        c = e.path[t * NP + i]
        out.append((c % e.width, c // e.width))
    return out


def legal_set(e):
    buf = bytearray(MAX_ACTIONS)
    n = e.legal(buf)
    return set(buf[:n])


# ---------------------------------------------------------------- the seed's examples
def test_seed_example_gravity_right_wraps_green_around_the_edge():
    # blue (P0) on the floor, green (P1) on its ledge, gravity down; blue turns it right
    e = make(SEED, [(1, 3), (4, 2)], (3, 1), gravity=DOWN, turn=0)
    assert e.play(G(RIGHT))
    assert xy(e, 0) == (5, 3)  # blue slides to the wall
    assert xy(e, 2) == (5, 1)  # the objective too
    # green leaves the right edge, comes back on the left and stops at the wall
    assert track(e, 1)[:4] == [(4, 2), (5, 2), (0, 2), (1, 2)]
    assert xy(e, 1) == (1, 2)
    assert e.winner() == -1 and e.turn == 1


def test_seed_example_flow_up_then_gravity_takes_over():
    e = make(SEED, [(1, 3), (4, 2)], (3, 1), gravity=DOWN, turn=0)
    e.play(G(RIGHT))
    assert e.play(COL(e, 1, 0))  # green lays its flow up on its own column
    # up the column to the wall, then global gravity (right) pulls it along the top row
    assert track(e, 1) == [(1, 2), (1, 1), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    assert xy(e, 0) == (5, 3) and xy(e, 2) == (5, 1)  # off the column: not moved
    assert e.flow_line[1] == e.height + 1 and e.flow_dir[1] == 0


# ---------------------------------------------------------------- movement basics
def test_gravity_slides_every_piece_until_a_wall():
    e = make(BOX5, [(0, 0), (3, 2)], (1, 1), gravity=DOWN)
    assert e.play(G(LEFT))
    assert (xy(e, 0), xy(e, 1), xy(e, 2)) == ((0, 0), (0, 2), (0, 1))
    assert e.ticks == 3  # the farthest piece needed three cells


def test_walls_on_the_border_block_the_wrap_around():
    e = make(BOX5, [(2, 2), (3, 0)], (4, 4), gravity=DOWN, turn=1)
    e.play(G(UP))
    assert xy(e, 0) == (2, 0) and xy(e, 1) == (3, 0) and xy(e, 2) == (4, 0)


def test_rule7_all_pieces_advance_one_cell_per_tick():
    e = make(BOX5, [(0, 4), (2, 2)], (4, 0), gravity=DOWN)
    e.play(G(LEFT))
    assert track(e, 1) == [(2, 2), (1, 2), (0, 2), (0, 2), (0, 2)]
    assert track(e, 2) == [(4, 0), (3, 0), (2, 0), (1, 0), (0, 0)]
    assert track(e, 0) == [(0, 4)] * 5  # a piece at rest keeps its cell every tick
    assert e.nticks == e.ticks == 4


def test_rule7_the_first_pawn_to_reach_the_objective_wins():
    # P0 is two cells away along row 0; P1 (the active player) three cells up its flow
    e = make(BOX5, [(2, 0), (4, 3)], (4, 0), gravity=DOWN, turn=1, flows=[(1, "C", 4, 0)])
    assert e.play(G(RIGHT))
    assert e.winner() == 0 and e.phase == OVER
    assert e.ticks == 2 and xy(e, 0) == (4, 0)


def test_full_lap_safety_net_stops_a_piece_where_its_lap_began():
    # an invalid board (row 0 has no wall): the engine still stops
    W, H = 4, 4
    wall = bytearray(W * H)
    for c in range(W * H):
        board.set_wall(wall, W, H, c, 2)  # every cell has a floor; rows 1..3 keep a '|'
    for y in range(1, H):
        board.set_wall(wall, W, H, y * W, 3)
    e = Engine()
    e.new_game(board.Board(W, H, wall), 2)
    e.pos[0] = 1  # (1, 0)
    e.pos[1] = 2 * W + 1
    e.pos[2] = 3 * W + 1
    e.phase = PLAY
    e.gravity = DOWN
    assert e.play(G(RIGHT))
    assert e.pos[0] == 1 and e.ticks == W  # went all the way round and stopped


# ---------------------------------------------------------------- rule 1
def test_rule1_the_current_direction_cannot_be_chosen_again():
    e = make(BOX5, [(0, 4), (4, 4)], (2, 4), gravity=DOWN)
    L = legal_set(e)
    assert G(DOWN) not in L and {G(UP), G(LEFT), G(RIGHT)} <= L
    assert not e.play(G(DOWN))


def test_rule1_no_reversing_back_right_after_a_reversal():
    e = make(BOXED, [(0, 4), (4, 4)], (2, 2), gravity=DOWN)
    assert e.play(G(UP))  # a reversal
    assert e.reversed == 1
    assert not e.play(G(DOWN))  # may not reverse it back
    assert G(DOWN) not in legal_set(e)
    assert e.play(G(LEFT))  # a turn (not a reversal) is fine
    assert e.play(G(RIGHT))  # a reversal again: allowed, the previous turn was not one


def test_rule1_a_flow_turn_lifts_the_reversal_ban():
    e = make(BOX5, [(0, 4), (4, 4)], (2, 2), gravity=DOWN)
    e.play(G(UP))
    assert e.play(ROW(2, 1))  # P1 lays a flow
    assert G(DOWN) in legal_set(e) and e.play(G(DOWN))


def test_refusal_names_the_rule_an_action_breaks():
    from games.gravity import engine as E
    e = make(BOXED, [(0, 4), (4, 4)], (2, 2), gravity=DOWN)
    assert e.refusal(G(DOWN)) == E.SAME_GRAVITY and e.refusal(G(UP)) == E.LEGAL
    e.play(G(UP))
    assert e.refusal(G(DOWN)) == E.REVERSE_BACK
    f = make(BOX5, [(0, 4), (4, 4)], (2, 2), gravity=DOWN, turn=1, flows=[(0, "R", 1, 1)])
    assert f.refusal(ROW(1, 0)) == E.OTHERS_FLOW
    g = make(BOX5, [(0, 4), (4, 4)], (2, 2), gravity=DOWN, turn=0, flows=[(0, "R", 1, 1)])
    assert g.refusal(ROW(1, 1)) == E.SAME_FLOW and g.refusal(ROW(1, 0)) == E.LEGAL
    for a in range(E.PLACE_BASE):                   # the reasons and legality agree
        assert (e.refusal(a) == E.LEGAL) == e.is_legal(a)


# ---------------------------------------------------------------- rules 2 and 3
def test_rule2_a_line_holds_one_flow_and_nobody_touches_anothers():
    e = make(BOX5, [(0, 4), (4, 4)], (2, 2), gravity=DOWN, turn=1, flows=[(0, "R", 1, 1)])
    L = legal_set(e)
    assert ROW(1, 0) not in L and ROW(1, 1) not in L
    assert not e.play(ROW(1, 0)) and e.flow_line[0] == 1 and e.flow_dir[0] == 1


def test_rule2_a_player_may_flip_their_own_flow_but_not_relay_it_unchanged():
    e = make(BOX5, [(0, 4), (4, 4)], (2, 2), gravity=DOWN, turn=0, flows=[(0, "R", 1, 1)])
    assert not e.play(ROW(1, 1))  # exactly where and how it is: nothing would change
    assert e.play(ROW(1, 0))
    assert e.flow_line[0] == 1 and e.flow_dir[0] == 0 and e.owner[1] == 0


def test_rule3_laying_a_flow_elsewhere_removes_the_old_one():
    # P0's flow up on column 0 holds P0's pawn at the top against gravity down
    e = make(BOXED, [(0, 0), (4, 4)], (2, 2), gravity=DOWN, flows=[(0, "C", 0, 0)])
    assert e.play(COL(e, 3, 1))
    assert e.owner[e.height + 0] == 0xFF and e.owner[e.height + 3] == 0
    assert e.flow_line[0] == e.height + 3
    assert xy(e, 0) == (0, 4)  # freed from its old flow, the pawn fell


# ---------------------------------------------------------------- rule 4
def test_rule4_pawns_never_share_a_cell_the_second_stops_in_front():
    e = make(BOX5, [(2, 0), (2, 2)], (4, 0), gravity=LEFT, turn=0)
    e.play(G(DOWN))
    assert xy(e, 1) == (2, 4) and xy(e, 0) == (2, 3)


def test_rule4_a_train_of_pawns_moves_together():
    e = make(BOX5, [(1, 2), (2, 2)], (0, 0), gravity=DOWN)
    e.play(G(RIGHT))
    assert track(e, 0)[1] == (2, 2) and track(e, 1)[1] == (3, 2)  # same tick, no gap
    assert xy(e, 1) == (4, 2) and xy(e, 0) == (3, 2)


def test_rule4_two_pawns_wanting_one_cell_the_active_player_goes_first():
    # P0 falls into (2, 1) while P1's row flow pushes P1 into it, in the same tick
    for turn, first in ((0, 0), (1, 1)):
        e = make(BOX5, [(2, 0), (1, 1)], (0, 4), gravity=LEFT, turn=turn,
                 flows=[(1, "R", 1, 1)])
        e.play(G(DOWN))
        assert track(e, first)[1] == (2, 1)
        assert track(e, 1 - first)[1] != (2, 1)


def test_rule4_then_turn_order_from_the_active_player():
    # three players: P1 is active but not involved; P2 comes before P0 in turn order
    e = make(BOX5, [(2, 0), (4, 4), (1, 1)], (0, 4), gravity=LEFT, turn=1,
             flows=[(2, "R", 1, 1)])
    e.play(G(DOWN))
    assert track(e, 2)[1] == (2, 1) and track(e, 0)[1] == (2, 0)


# ---------------------------------------------------------------- rule 5
def test_rule5_a_flow_overrides_gravity_on_its_line_objective_included():
    e = make(BOX5, [(0, 0), (0, 4)], (2, 2), gravity=LEFT, turn=0)
    e.play(ROW(2, 1))  # P0's flow right on the objective's row
    assert track(e, 2) == [(2, 2), (3, 2), (4, 2)]  # right, against gravity (left)
    assert xy(e, 0) == (0, 0) and xy(e, 1) == (0, 4)


def test_rule5_a_blocked_piece_stays_when_gravity_is_opposite():
    e = make(BOXED, [(1, 4), (4, 4)], (2, 2), gravity=DOWN, turn=0)
    e.play(COL(e, 1, 0))  # flow up on column 1, gravity down (opposite)
    assert xy(e, 0) == (1, 0)  # the flow holds it against the wall
    e.play(G(LEFT))
    assert xy(e, 0) == (0, 0)  # blocked, gravity perpendicular: released


def test_rule5_a_piece_blocked_by_a_wall_is_released_to_perpendicular_gravity():
    e = make(BOXED, [(1, 4), (4, 4)], (2, 2), gravity=RIGHT, turn=0)
    e.play(COL(e, 1, 0))
    # up to the wall, then released to gravity (right) in the same action
    assert track(e, 0) == [(1, 4), (1, 3), (1, 2), (1, 1), (1, 0), (2, 0), (3, 0), (4, 0)]


def test_rule5_a_piece_blocked_by_a_pawn_is_released_to_perpendicular_gravity():
    # P0's flow down column 4 drives P0 onto P1, pinned in the corner; gravity is right and
    # row 3 wraps, so the released P0 goes round to the wall at x=1
    e = make(OPEN3, [(4, 0), (4, 4)], (0, 1), gravity=RIGHT, turn=0)
    e.play(COL(e, 4, 1))
    assert xy(e, 1) == (4, 4)
    assert track(e, 0) == [(4, 0), (4, 1), (4, 2), (4, 3), (0, 3), (1, 3)]
    assert xy(e, 2) == (0, 1) and e.winner() == -1


# ---------------------------------------------------------------- rule 6
def test_rule6_a_piece_moving_along_a_flow_switches_to_a_perpendicular_one():
    e = make(BOXED, [(0, 1), (0, 0)], (2, 2), gravity=LEFT, turn=0, flows=[(1, "C", 3, 1)])
    e.play(ROW(1, 1))
    # right along row 1, down column 3 at the crossing, then released to gravity (left)
    assert track(e, 0) == [(0, 1), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4), (2, 4),
                           (1, 4), (0, 4)]


@pytest.mark.parametrize("last, cell", [("C", (3, 4)), ("R", (4, 0))])
def test_rule6_at_rest_on_two_lines_the_flow_laid_last_wins(last, cell):
    flows = [(0, "R", 1, 1), (1, "C", 3, 1)]
    if last == "R":
        flows.reverse()
    e = make(BOXED, [(3, 1), (0, 4)], (2, 2), gravity=DOWN, turn=1, flows=flows)
    e.play(G(UP))  # something must start the action: gravity up is parallel to both
    assert track(e, 0)[1] == ((3, 2) if last == "C" else (4, 1))
    assert xy(e, 0) == cell


# ---------------------------------------------------------------- winning
def test_win_a_pawn_meeting_the_objective_mid_slide_wins_at_once():
    # P0 slides right along row 2; the objective comes down column 2 on P1's flow
    e = make(BOX5, [(0, 2), (4, 4)], (2, 0), gravity=DOWN, turn=1, flows=[(1, "C", 2, 1)])
    e.play(G(RIGHT))
    assert e.winner() == 0 and e.phase == OVER and e.ticks == 2
    assert xy(e, 0) == xy(e, 2) == (2, 2)
    assert legal_set(e) == set() and not e.play(G(UP))


def test_win_the_objective_is_not_blocked_by_a_pawn():
    e = make(BOX5, [(4, 2), (0, 0)], (1, 2), gravity=DOWN, turn=1)
    e.play(G(RIGHT))  # the objective slides into P0's cell
    assert e.winner() == 0


def test_win_two_pawns_reaching_the_objective_in_the_same_tick_the_active_player_wins():
    # P0 falls down column 2, P1 rides its row flow along row 2: both reach (2, 2) at tick 2
    for turn in (0, 1):
        e = make(TIE, [(2, 0), (0, 2)], (2, 2), gravity=LEFT, turn=turn,
                 flows=[(1, "R", 2, 1)])
        assert e.play(G(DOWN))
        assert e.winner() == turn and e.ticks == 2
        assert xy(e, turn) == (2, 2) and xy(e, 1 - turn) != (2, 2)


# ---------------------------------------------------------------- setup
def test_setup_order_two_players():
    b = board.parse_rows(rows(BOX5))
    e = Engine()
    e.new_game(b, 2)
    assert e.phase == SETUP_GRAVITY and e.turn == 0 and legal_set(e) == {0, 1, 2, 3}
    assert e.play(G(LEFT)) and e.gravity == LEFT
    assert e.phase == SETUP_OBJECTIVE and e.turn == 1  # the last player places the objective
    assert e.play(PLACE_BASE + 12)
    assert e.phase == SETUP_PAWNS and e.turn == 0 and e.placing() == 1  # P1 places P2's pawn
    assert not e.play(PLACE_BASE + 12)  # not on the objective
    assert e.play(PLACE_BASE + 7)
    assert e.turn == 1 and e.placing() == 0
    assert not e.play(PLACE_BASE + 7)  # not on another pawn
    assert e.play(PLACE_BASE + 24)
    # everything settled left as part of that placement, then P1 plays
    assert e.phase == PLAY and e.turn == 0
    assert (xy(e, 0), xy(e, 1), xy(e, 2)) == ((0, 4), (0, 1), (0, 2))
    assert e.nticks == 4


def test_setup_order_three_players_each_places_the_next_players_pawn():
    b = board.parse_rows(rows(BOX5))
    e = Engine()
    e.new_game(b, 3)
    e.play(G(DOWN))
    assert e.turn == 2  # P3 places the objective
    e.play(PLACE_BASE + 0)
    placed = []
    for c in (2, 4, 1):
        placed.append((e.turn, e.placing()))
        e.play(PLACE_BASE + c)
    assert placed == [(0, 1), (1, 2), (2, 0)]
    assert e.phase == PLAY and e.turn == 0
    assert (xy(e, 1), xy(e, 2), xy(e, 0), xy(e, 3)) == ((2, 4), (4, 4), (1, 4), (0, 4))


def test_setup_a_pawn_meeting_the_objective_while_settling_wins():
    b = board.parse_rows(rows(BOX5))
    e = Engine()
    e.new_game(b, 2)
    e.play(G(DOWN))
    e.play(PLACE_BASE + 22)  # objective (2, 4) on the floor
    e.play(PLACE_BASE + 2)  # P2's pawn above it
    e.play(PLACE_BASE + 0)
    assert e.winner() == 1 and e.phase == OVER


# ---------------------------------------------------------------- end of game
def test_draw_after_120_turns_without_a_winner():
    # the objective is boxed in: nobody can ever reach it
    text = BOX5.replace("|. . . . .|\n+ + + + + +", "|.|. . . .|\n+-+ + + + +", 1)
    b = board.parse_rows(rows(text))
    e = Engine()
    e.new_game(b, 2)
    e.play(G(DOWN))
    e.play(PLACE_BASE + 0)
    e.play(PLACE_BASE + 3)
    e.play(PLACE_BASE + 4)
    seq = [RIGHT, UP, LEFT, DOWN]
    for k in range(MAX_TURNS):
        assert e.winner() == -1
        a = seq[k % 4]
        if not e.play(a):
            assert e.play(seq[(k + 1) % 4])
    assert e.winner() == DRAW and e.phase == OVER and legal_set(e) == set()
    assert e.undo() and e.winner() == -1 and e.phase == PLAY


# ---------------------------------------------------------------- contract
def random_board(rnd, W, H):
    while True:
        wall = bytearray(W * H)
        for c in range(W * H):
            for d in (0, 1):
                if rnd.random() < 0.2:
                    board.set_wall(wall, W, H, c, d)
        if board.check_walls(W, H, wall) is None:
            return board.Board(W, H, wall)


def snapshot(e):
    return (bytes(e.pos), e.gravity, bytes(e.flow_line), bytes(e.flow_dir),
            bytes(e.flow_stamp), bytes(e.owner), e.phase, e.turn, e.won, e.plies, e.reversed,
            e.nactions)


def test_illegal_actions_change_nothing_and_legal_lists_exactly_the_playable_ones():
    rnd = random.Random(5)
    buf = bytearray(MAX_ACTIONS)
    for g in range(15):
        e = Engine()
        e.new_game(random_board(rnd, rnd.randint(4, 12), rnd.randint(4, 8)), rnd.choice((2, 3)))
        while e.winner() < 0:
            n = e.legal(buf)
            L = set(buf[:n])
            for a in range(-1, 200):
                if a not in L:
                    s = snapshot(e)
                    assert not e.play(a)
                    assert snapshot(e) == s
            e.play(buf[rnd.randrange(n)])


def test_undo_restores_every_position_back_to_the_start():
    rnd = random.Random(7)
    buf = bytearray(MAX_ACTIONS)
    for g in range(30):
        e = Engine()
        e.new_game(random_board(rnd, rnd.randint(4, 12), rnd.randint(4, 8)), rnd.choice((2, 3)))
        seen = [snapshot(e)]
        while e.winner() < 0:
            n = e.legal(buf)
            e.play(buf[rnd.randrange(n)])
            seen.append(snapshot(e))
        for k in range(len(seen) - 2, -1, -1):
            assert e.undo()
            assert snapshot(e) == seen[k]
        assert not e.undo()


def test_save_and_load_state_resume_the_same_game_and_reject_corrupt_data():
    rnd = random.Random(3)
    buf = bytearray(MAX_ACTIONS)
    e = Engine()
    e.new_game(random_board(rnd, 9, 6), 3)
    for _ in range(9):
        if e.winner() >= 0:
            break
        e.play(buf[rnd.randrange(e.legal(buf))])
    data = e.save_state()
    f = Engine()
    f.load_state(data)
    assert snapshot(f) == snapshot(e) and f.width == 9 and f.height == 6
    assert bytes(f.wall[:54]) == bytes(e.wall[:54])
    before = snapshot(f)
    for bad in (b"", b"GRV\x01", data[:-1], data[:10] + bytes([data[10] ^ 1]) + data[11:],
                b"XXXX" + data[4:]):
        with pytest.raises(ValueError):
            f.load_state(bad)
        assert snapshot(f) == before


def test_record_text_replays_to_the_same_game():
    rnd = random.Random(11)
    buf = bytearray(MAX_ACTIONS)
    for g in range(10):
        e = Engine()
        e.new_game(random_board(rnd, rnd.randint(4, 12), rnd.randint(4, 8)), rnd.choice((2, 3)))
        while e.winner() < 0:
            e.play(buf[rnd.randrange(e.legal(buf))])
        text = board.record_text(e)
        f = board.replay_record(text)
        assert snapshot(f) == snapshot(e)
        assert "Result: " in text


def test_record_notation_tokens():
    b = board.parse_rows(rows(SEED))
    assert board.action_text(RIGHT, 6, 4) == "G>"
    assert board.action_text(ROW(2, 1), 6, 4) == "R3>"
    assert board.action_text(FLOW_BASE + 2 * (4 + 4), 6, 4) == "C5^"
    assert board.action_text(PLACE_BASE + 2 * 6 + 3, 6, 4) == "@4,3"
    for a in list(range(4 + 2 * 10)) + list(range(PLACE_BASE, PLACE_BASE + 24)):
        assert board.parse_action(board.action_text(a, 6, 4), 6, 4) == a
    assert b.width == 6


def test_bad_record_is_rejected_with_a_clear_message():
    e = make(SEED, [(1, 3), (4, 2)], (3, 1))
    good = "Players: 2\n" + board.format_board(board.parse_rows(rows(SEED))) + "\n"
    with pytest.raises(ValueError, match="no board"):
        board.replay_record("Players: 2\nActions: G>\n")
    with pytest.raises(ValueError, match="action 1: .*not an action"):
        board.replay_record(good + "Actions: X9\n")
    with pytest.raises(ValueError, match="action 2 .*not legal"):
        board.replay_record(good + "Actions: Gv Gv\n")
    with pytest.raises(ValueError, match="Players"):
        board.replay_record("Players: 5\n" + good)
    assert e.width == 6


def test_rules5_6_every_action_ends_with_every_pawn_at_rest():
    """Issue 14: a pawn stopped on a flow crossing used to be carried off by the other flow at
    the start of the next action, whatever that action was (35 of 4,040 actions). The settle
    now goes on until nothing would move from rest: running the slide again from the position
    an action left moves nothing."""
    rnd = random.Random(14)
    buf = bytearray(MAX_ACTIONS)
    actions = 0
    for g in range(120):
        e = Engine()
        e.new_game(random_board(rnd, rnd.randint(4, 12), rnd.randint(4, 8)), rnd.choice((2, 3)))
        while e.winner() < 0:
            e.play(buf[rnd.randrange(e.legal(buf))])
            if e.phase != PLAY or e.winner() >= 0 or e.unsettled or e.ticks >= 250:
                continue                # the documented stops: round and round, the tick cap
            actions += 1
            again = Engine()
            again.load_state(e.save_state())
            before = bytes(again.pos)
            again._run()
            assert bytes(again.pos) == before and again.ticks == 0, (g, actions)
    assert actions > 1000
