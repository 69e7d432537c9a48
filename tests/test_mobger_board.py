"""MobGer position text and record text (games/mobger/board.py, engine.record_text)."""
import pytest

from games.mobger import board
from games.mobger.engine import (NONE, K_JOKER, MAX_ACTIONS, Engine, Options, record_text,
                                 replay_record)

ROWS = [".. .. .. .. .. .. ..",
        ".. .. v3 .. #. .. ..",
        ".. .. .. .. .. .. ..",
        "<1 .. .. ^0 .. >4 ..",
        ".. .. .. .. .. R. ..",
        ".. ?2 L. .. .. .. ..",
        ".. .. .. .. .. f. F."]


def opts(**kw):
    o = Options()
    o.gers = 5
    o.joker = True
    for k, v in kw.items():
        setattr(o, k, v)
    return o


def test_position_text_round_trips_every_glyph():
    e = Engine()
    e.load_position(opts(), ROWS)
    assert board.position_text(e) == ROWS
    assert e.pos[0] == e.house == 24 and e.dir[0] == 0
    assert e.pos[1] == 21 and e.dir[1] == 6
    assert e.kind[2] == K_JOKER and e.pos[2] == 36
    assert [e.obj[c] for c in (11, 33, 37, 47, 48)] == [1, 2, 3, 5, 4]


def test_diagonal_glyphs_and_keypad_digits():
    rows = ["91 .. 32 .. ..", ".. .. .. .. ..", "83 .. H. .. 64", ".. .. .. .. ..",
            "15 .. 76 .. 40"]
    o = Options()
    o.width = o.height = 5
    o.gers = 7
    o.sequence = 1
    o.dirset = 1
    pos, dr, kind, obj, house = board.parse_position(rows, o)
    assert list(dr) == [6, 1, 3, 0, 2, 5, 7] and house == 12  # 4 on a keypad: left
    e = Engine()
    e.load_position(o, rows)
    assert board.position_text(e)[2] == "^3 .. H. .. >4"


def test_empty_house_marker_sets_the_house_and_missing_ranks_are_removed():
    rows = ["H. .. .. .. ..", ".. .. .. .. ..", ".. .. ^0 .. ..", ".. .. .. .. ..",
            ".. .. .. .. <2"]
    o = Options()
    o.width = o.height = 5
    o.gers = 3
    o.goal = 1
    e = Engine()
    e.load_position(o, rows)
    assert e.house == 0 and e.pos[1] == NONE and list(e.score) == [1, 0]
    assert board.position_text(e) == rows


@pytest.mark.parametrize("rows, why", [
    (ROWS[:6], "rows"),
    ([ROWS[0] + " .."] + ROWS[1:], "fields"),
    ([ROWS[0].replace("..", "...", 1)] + ROWS[1:], "2 characters"),
    ([ROWS[0].replace("..", "Zz", 1)] + ROWS[1:], "rank"),
    ([ROWS[0].replace("..", "^1", 1)] + ROWS[1:], "twice"),
    ([ROWS[0].replace("..", "^9", 1)] + ROWS[1:], "only 5"),
    ([ROWS[0].replace("..", "91", 1)] + ROWS[1:], "extended"),
    ([ROWS[0].replace("..", "X.", 1)] + ROWS[1:], "unknown field"),
    ([ROWS[0].replace("..", "?0", 1)] + ROWS[1:], "Joker"),
    ([ROWS[0].replace("..", "H.", 1), ROWS[1].replace("..", "H.", 1)] + ROWS[2:], "second House"),
])
def test_bad_positions_name_the_problem(rows, why):
    with pytest.raises(ValueError) as err:
        board.parse_position(rows, opts())
    assert why in str(err.value)


def test_black_ger_may_be_missing_only_in_goal_b():
    rows = [r.replace("^0", "..") for r in ROWS]
    with pytest.raises(ValueError):
        board.parse_position(rows, opts())
    board.parse_position(rows, opts(goal=1))


def test_record_text_replays_the_same_game():
    o = Options()
    o.seed = 99
    o.flipflaps = 2
    o.joker = True
    e = Engine()
    e.new_game(o)
    buf = bytearray(MAX_ACTIONS)
    while e.winner() < 0:
        n = e.legal(buf)
        e.play(buf[e.nactions % n])
    text = record_text(e)
    assert text.startswith("MobGer record 1\nGame: mobger\noptions ")
    f = replay_record(text)
    assert board.position_text(f) == board.position_text(e)
    assert f.winner() == e.winner() and list(f.score) == list(e.score)
    # without the board block the options alone rebuild the start
    lines = text.split("\n")
    short = "\n".join(lines[:3] + lines[4 + o.height:])
    g = replay_record(short)
    assert board.position_text(g) == board.position_text(e)


def test_bad_records_raise_clear_errors():
    e = Engine()
    e.new_game(Options())
    text = record_text(e)
    for bad, why in ((text.replace("MobGer record 1", "Mob"), "not a MobGer record"),
                     (text.replace("moves", "moves Z"), "not a rank"),
                     (text.replace("gers=6", "gers=60"), "out of range")):
        with pytest.raises(ValueError) as err:
            replay_record(bad)
        assert why in str(err.value)
    with pytest.raises(ValueError) as err:
        replay_record(text.replace("moves", "moves 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"))
    assert "cannot move" in str(err.value)


def test_keypad_digits_name_the_straight_directions_and_other_letters_are_refused():
    o = opts(width=5, height=5)
    rows = [".. .. .. .. ..", ".. 81 .. .. ..", ".. .. 80 .. ..", ".. .. .. 62 ..",
            ".. 23 .. 44 .."]
    pos, dr, kind, obj, house = board.parse_position(rows, o)
    assert [dr[1], dr[2], dr[3], dr[4]] == [0, 2, 4, 6]
    with pytest.raises(ValueError):   # not a diagonal either, even with all eight directions
        board.parse_position([r.replace("81", "x1") for r in rows], opts(width=5, height=5,
                                                                         dirset=1))
