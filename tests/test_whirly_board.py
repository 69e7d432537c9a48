"""Whirly level bodies: XSB/SOK unchanged, Whirly character and token rows, errors, text output."""

import pytest

from handheld.packs import PackError

from games.whirly import board, notation
from games.whirly.board import FORMAT
from games.whirly.engine import (Engine, G_FLOOR, G_VOID, G_WALL, T_HTARGET, T_TARGET, U_BOX,
                                 U_HERO)


class Text:
    """Stands in for handheld.packs.Level (what the container hands to FORMAT.parse)."""

    def __init__(self, rows, first_line=10, meta=None, name="", solution=""):
        self.rows = rows
        self.first_line = first_line
        self.meta = meta or {}
        self.name = name
        self.solution = solution


CLASSIC = ["    #####",
           "    #   #",
           "    #$  #",
           "  ###  $##",
           "  #  $ $ #",
           "### # ## #   ######",
           "#   # ## #####  ..#",
           "# $  $          ..#",
           "##### ### #@##  ..#",
           "    #     #########",
           "    #######"]


def cell(lv, x, y):
    c = y * lv.width + x
    return lv.ground[c], lv.goal[c], lv.unit[c]


# ---------------------------------------------------------------- XSB
def test_xsb_standard_level_loads_unchanged():
    lv = FORMAT.parse(Text(CLASSIC), {})
    assert (lv.width, lv.height) == (19, 11)
    assert lv.fmt == "xsb" and lv.variant == "sokoban"
    e = Engine()
    e.load(lv)
    assert e.boxes == 6 and e.targets == 6 and e.heroes == 1
    assert cell(lv, 11, 8) == (G_FLOOR, 0, U_HERO)
    assert cell(lv, 0, 0) == (G_VOID, 0, 0)  # outside the walls
    assert cell(lv, 7, 1) == (G_FLOOR, 0, 0)  # inside
    assert lv.text() == "\n".join(r.rstrip() for r in CLASSIC)


def test_xsb_all_symbols():
    lv = FORMAT.parse(Text(["########", "#@$*.+-#", "#_pPbB #", "########"]), {})
    assert [cell(lv, x, 1)[1:] for x in range(1, 7)] == [
        (0, U_HERO), (0, U_BOX), (T_TARGET, U_BOX), (T_TARGET, 0), (T_TARGET, U_HERO), (0, 0)]
    assert [cell(lv, x, 2)[1:] for x in range(1, 7)] == [
        (0, 0), (0, U_HERO), (T_TARGET, U_HERO), (0, U_BOX), (T_TARGET, U_BOX), (0, 0)]


def test_xsb_run_length_rows_and_bar_separators():
    rle = FORMAT.parse(Text(["8#", "#@$3-.#", "8#"]), {})
    assert rle.text() == "########\n#@$   .#\n########"
    bars = FORMAT.parse(Text(["8#|#@$3-.#|8#"]), {})
    assert bars.text() == rle.text()


def test_xsb_digits_are_run_lengths_but_whirly_digits_are_targets():
    xsb = FORMAT.parse(Text(["#####", "#@$2.#", "#####"]), {})
    assert xsb.width == 6 and cell(xsb, 3, 1) == (G_FLOOR, T_TARGET, 0)
    wh = FORMAT.parse(Text(["#####", "#@$2#", "#####"]), {"format": "whirly"})
    assert wh.width == 5 and cell(wh, 3, 1) == (G_FLOOR, T_TARGET | 2, 0)


def test_xsb_rejects_colour_letters_with_a_hint():
    with pytest.raises(PackError) as err:
        FORMAT.parse(Text(["#####", "#aA1#", "#####"], first_line=7), {})
    assert err.value.line == 8
    assert "Format: whirly" in err.value.reason
    assert str(err.value).startswith("line 8: ")


def test_pack_header_decides_the_syntax_and_a_level_key_overrides_it():
    rows = ["#####", "#aA1#", "#####"]
    assert FORMAT.parse(Text(rows), {"format": "whirly", "variant": "colorban"}).fmt == "whirly"
    lv = FORMAT.parse(Text(rows, meta={"format": "Whirly", "variant": "Colorban"}), {})
    assert lv.fmt == "whirly" and lv.variant == "Colorban"
    with pytest.raises(PackError):
        FORMAT.parse(Text(rows, meta={"format": "xsb"}), {"format": "whirly"})


# ---------------------------------------------------------------- Whirly maps
def test_whirly_one_character_per_cell():
    lv = board.parse_rows(["##########", "#xa.3XB+*#", "#@$-_h0i-#"], 1, "whirly", "colorban")
    assert [cell(lv, x, 1)[1:] for x in range(1, 9)] == [
        (0, U_HERO), (0, U_HERO | 1), (T_TARGET, 0), (T_TARGET | 3, 0), (0, U_BOX),
        (0, U_BOX | 2), (T_TARGET, U_HERO), (T_TARGET, U_BOX)]
    # in a character row "h0" is hero h then target 0: htargets need tokens
    assert cell(lv, 5, 2)[2] == U_HERO | 8 and cell(lv, 6, 2)[1] == T_TARGET
    assert cell(lv, 7, 2)[2] == U_HERO | 9


def test_whirly_cell_tokens_list_units_bottom_up():
    lv = board.parse_rows(["# # # # # # # #",
                           "# 1A h2b -c #a -ch3c #",
                           "# * + .@ 0X -aa #bC"], 1, "whirly", "colorban")
    assert lv.width == 8
    assert cell(lv, 1, 1) == (G_FLOOR, T_TARGET | 1, U_BOX | 1)
    assert cell(lv, 2, 1) == (G_FLOOR, T_HTARGET | 2, U_HERO | 2)
    assert cell(lv, 3, 1) == (G_FLOOR | 3, 0, 0)
    assert cell(lv, 4, 1) == (G_WALL | 1, 0, 0)
    assert cell(lv, 5, 1) == (G_FLOOR | 3, T_HTARGET | 3, U_HERO | 3)
    assert cell(lv, 1, 2) == (G_FLOOR, T_TARGET, U_BOX)
    assert cell(lv, 2, 2) == (G_FLOOR, T_TARGET, U_HERO)
    assert cell(lv, 3, 2) == (G_FLOOR, T_TARGET, U_HERO)
    assert cell(lv, 4, 2) == (G_FLOOR, T_TARGET, U_BOX)
    assert cell(lv, 5, 2) == (G_FLOOR | 1, 0, U_HERO | 1)
    assert cell(lv, 6, 2) == (G_WALL | 2, 0, U_BOX | 3)  # box c may stand on wall b


def test_colour_letter_after_a_ground_symbol_colours_the_ground():
    lv = board.parse_rows(["# # # #", "# -h0 h0 #", "# @ -xh #"], 1, "whirly", "colorban")
    assert cell(lv, 1, 1) == (G_FLOOR | 8, T_TARGET, 0)  # floor h, target 0
    assert cell(lv, 2, 1) == (G_FLOOR, T_HTARGET, 0)  # grey htarget
    assert cell(lv, 2, 2) == (G_FLOOR, 0, U_HERO | 8)  # grey floor, hero h


def test_text_round_trip_whirly_and_xsb():
    rows = ["  #######", "  #-a.-1#", "# # 1A h2b -c #a -ch3c #", "# * + .@ 0X -aa #bC", "#####"]
    lv = board.parse_rows(rows, 1, "whirly", "colorban")
    again = board.parse_rows(lv.text().split("\n"), 1, "whirly", "colorban")
    assert (again.width, again.height) == (lv.width, lv.height)
    assert (bytes(again.ground), bytes(again.goal), bytes(again.unit)) == \
        (bytes(lv.ground), bytes(lv.goal), bytes(lv.unit))
    xsb = FORMAT.parse(Text(CLASSIC), {})
    again = FORMAT.parse(Text(xsb.text().split("\n")), {})
    assert bytes(again.ground) == bytes(xsb.ground) and bytes(again.unit) == bytes(xsb.unit)


def test_engine_text_prints_the_current_position():
    e = Engine()
    e.load(FORMAT.parse(Text(["#######", "#@$ ..#", "#######"]), {}))
    e.play(1)
    assert e.text() == "#######\n# @$..#\n#######"
    e.play(1)
    assert e.text() == "#######\n#  @*.#\n#######"


def test_outside_cells_are_void_and_inner_floor_is_not():
    lv = board.parse_rows(["  ####", "###--#", "#@$.-#", "######", "#--#"], 1, "whirly")
    assert cell(lv, 0, 0)[0] == G_VOID and cell(lv, 1, 0)[0] == G_VOID
    assert cell(lv, 3, 1)[0] == G_FLOOR
    assert cell(lv, 1, 4)[0] == G_VOID  # a closed room nobody can reach


# ---------------------------------------------------------------- errors with line and reason
@pytest.mark.parametrize("rows,header,line,words", [
    (["#####", "#@Q.#", "#####"], {}, 11, "not an XSB cell"),
    (["#####", "#@$.#", "#q###"], {"format": "whirly"}, 12, "column 2"),
    (["# # #", "# @ 1$$ #", "# # #"], {"format": "whirly"}, 11, "cell 3"),
    (["#####", "#-$.#", "#####"], {}, 10, "no hero"),
    (["#####", "#@$.#", "#####"], {"variant": "tetris"}, 10, "unknown Variant"),
    (["#####", "#@$.#", "#####"], {"format": "json"}, 10, "unknown Format"),
    (["#####", "#@--#", "#####"], {}, 10, "nothing to do"),
    (["# # # #", "# @ #A . #", "# # # #"], {"format": "whirly"}, 11, "box a cannot stand"),
    (["# # # #", "# @ #X . #", "# # # #"], {"format": "whirly"}, 11, "grey wall"),
    (["#" * 65, "#@$.#"], {}, 10, "the most is 64x64"),
    (["#####", "#@$.3", "#####"], {}, 11, "repeats nothing"),
])
def test_errors_name_the_line_and_the_reason(rows, header, line, words):
    with pytest.raises(PackError) as err:
        FORMAT.parse(Text(rows), header)
    assert err.value.line == line, str(err.value)
    assert words in err.value.reason, str(err.value)


def test_errors_are_the_containers_pack_errors():
    from handheld.packs import PackError
    with pytest.raises(PackError):
        FORMAT.parse(Text(["#####", "#@Q.#", "#####"]), {})


# ---------------------------------------------------------------- the container's hooks
def test_is_board_line():
    for row in ("#####", "  #@$.#", "# 1A h2b -c #a", "3#-$|#@#", "#aA1#"):
        assert FORMAT.is_board_line(row), row
    for row in ("", "   ", "Title: #1", "; comment #", "uurrDDl", "Level 1", "abc", "dd"):
        assert not FORMAT.is_board_line(row), row


def test_row_width_never_overstates():
    assert FORMAT.row_width("#@$.#") == 5
    assert FORMAT.row_width("# 1A h2b -c #a") == 5
    assert FORMAT.row_width("3#-$") == 4
    assert FORMAT.row_width("#" * 70) == 70


def test_move_chars_cover_the_notation():
    for c in "lurdLURD*~0123456789":
        assert c in FORMAT.move_chars


def test_verify_replays_stored_solutions():
    lv = FORMAT.parse(Text(["######", "#@$ .#", "######"]), {})
    assert FORMAT.verify(lv, "RR") is None
    assert FORMAT.verify(lv, "R")[0] == 1
    assert FORMAT.verify(lv, "RRR")[0] == 2
    assert FORMAT.verify(lv, "rR")[0] == 0
    assert "not a move" in FORMAT.verify(lv, "RxR")[1]


def test_a_pack_file_through_the_container(tmp_path):
    from handheld.packs import Pack
    p = tmp_path / "mix.txt"
    p.write_text("Title: Test pack\nFormat: whirly\nVariant: colorban\n\n"
                 "; one\n# # # # # # #\n# - a A - 1 #\n# - b B - 2 #\n# # # # # # #\n"
                 "Solution: RR*RR\n\n"
                 "; two\n#######\n#@$-..#\n#######\nSolution: RR\nVariant: sokoban\n")
    pack = Pack(str(p), FORMAT)
    assert pack.errors == [] and pack.count == 2
    for i in range(2):
        t = pack.level(i)
        lv = FORMAT.parse(t, pack.header)
        assert FORMAT.verify(lv, t.solution) is None, (i, t.solution)
    assert FORMAT.parse(pack.level(1), pack.header).variant == "sokoban"


def test_a_30x20_level_loads():
    # (load time is a bench figure, `make bench`, not a wall-clock assert: machines are noisy)
    rows = ["#" * 30] + ["#" + ("-$.-" * 7) + "#"] * 18 + ["#" * 30]
    rows[5] = "#@" + rows[5][2:]
    e = Engine()
    lv = FORMAT.parse(Text(rows), {"format": "whirly"})
    e.load(lv)
    assert e.boxes == 18 * 7


def test_comap_text_can_be_written_and_read_back():
    lv = board.parse_rows(["#######", "#@$-.-#", "#######"], 1, "xsb")
    e = Engine()
    e.load(lv)
    notation.verify_moves(e, "RR")
    co = notation.comap(lv, e)
    again = board.parse_rows(co.text().split("\n"), 1, "whirly", co.variant)
    assert bytes(again.unit) == bytes(co.unit) and bytes(again.goal) == bytes(co.goal)
