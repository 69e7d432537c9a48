"""Mental IQ+ level bodies: the syntax, its errors (with line numbers), the pack container, text
output, move notation and stored-solution checks."""

import pytest

from games.mentaliq import board
from games.mentaliq.board import FORMAT
from games.mentaliq.engine import (Engine, P_BLOCK, P_BOMB, P_BRICK, P_GWYDYON, P_JEWEL, P_REP,
                                   P_REP2, P_TB_DOWN, P_TB_UP, T_FLAG, T_FLOOR, T_HOLE,
                                   T_SLIDER, T_TRANSFERT, T_VECTOR)
from handheld.packs import Pack, PackError


class Text:
    """Stands in for handheld.packs.Level (what the container hands to FORMAT.parse)."""

    def __init__(self, rows, first_line=10, name="", solution=""):
        self.rows = rows
        self.first_line = first_line
        self.meta = {}
        self.name = name
        self.solution = solution


def parse(rows, first_line=10):
    return FORMAT.parse(Text(rows, first_line), {})


def error_of(rows, first_line=10):
    with pytest.raises(PackError) as err:
        parse(rows, first_line)
    return err.value


# ---------------------------------------------------------------- syntax
def test_each_cell_is_a_tile_character_then_a_piece_character():
    lv = parse([".. x. f. s. ^. >. v. <. t.",
                ".@ .J .B .* .1 .2 .# .. ..",
                ".. .. .. .. .. .. .. fJ .."], 1)
    assert (lv.planes, lv.width, lv.height) == (1, 9, 3)
    assert list(lv.tile[:9]) == [T_FLOOR, T_HOLE, T_FLAG, T_SLIDER, T_VECTOR, T_VECTOR + 1,
                                 T_VECTOR + 2, T_VECTOR + 3, T_TRANSFERT]
    assert list(lv.piece[9:16]) == [P_GWYDYON, P_JEWEL, P_BRICK, P_BOMB, P_REP, P_REP2, P_BLOCK]
    assert lv.tile[25] == T_FLAG and lv.piece[25] == P_JEWEL  # a jewel already on a flag


def test_planes_stand_side_by_side_plane_one_first_separated_by_a_bar():
    lv = parse([".@ .J .+ | .. .. .- | .. .. ..",
                ".. f. .. | .. .. .. | f. .J .."])
    assert (lv.planes, lv.width, lv.height, lv.psize) == (3, 3, 2, 6)
    assert lv.piece[2] == P_TB_UP and lv.piece[6 + 2] == P_TB_DOWN
    assert lv.tile[12 + 3] == T_FLAG and lv.piece[12 + 4] == P_JEWEL


def test_spaces_inside_a_row_are_ignored_and_text_prints_without_them():
    a = parse([".@.Jf. | ......"])
    b = parse(["  .@ .J f.|.. .. .."])
    assert a.tile == b.tile and a.piece == b.piece
    assert a.text() == ".@.Jf. | ......"


def test_text_round_trips_through_the_parser_for_levels_and_positions():
    rows = [".@ .J s. >. .+ | t. .. x. .. ..", ".. f. .1 .2 .* | .. .B .# .. f.",
            ".J .. .. .. .. | .. .. .. .. .J"]
    lv = parse(rows)
    again = parse(lv.text().split("\n"))
    assert again.tile == lv.tile and again.piece == lv.piece
    e = Engine()
    e.load(lv)
    assert e.play(1)  # the jewel slides over the slider onto the vector and waits
    pos = parse(e.text().split("\n"))
    assert bytes(pos.piece) == bytes(e.piece)


def test_largest_level_four_planes_of_16x8_parses_and_loads():
    # (load time is a bench figure, `make bench`, not a wall-clock assert: machines are noisy)
    row = "|".join([".." * 16] * 4)
    rows = [row] * 8
    rows[0] = ".@.J" + rows[0][4:]
    rows[7] = rows[7][:-2] + "f."
    lv = parse(rows)
    Engine().load(lv)
    assert (lv.planes, lv.width, lv.height) == (4, 16, 8)


# ---------------------------------------------------------------- board lines and widths
def test_is_board_line_a_row_starts_with_a_tile_then_a_piece_character():
    for row in (".@.Jf.", "  .. .. | .. ..", "x.x.", "f*f*", "^.>.v.<.", "t@|t.",
                ".@ .J .q"):  # a typo further on: still a row, the parser names it
        assert FORMAT.is_board_line(row), row
    for text in ("Title: First steps", "title: first", "Solution: rRuL+", "urdlURDL", "+-+-",
                 "3R2u", "; comment", "Level 1", "####", "", "   ", "Mental IQ+ levels", ".",
                 "J.", "@.", "1.2", "this is text", "f", ". text", "the end"):
        assert not FORMAT.is_board_line(text), text


def test_row_width_counts_the_cells_of_the_widest_plane():
    assert FORMAT.row_width(".@.J | ......") == 3
    assert FORMAT.row_width(".. .. .. ..") == 4
    assert FORMAT.max_width == 16 and FORMAT.max_height == 8
    assert set("urdlURDL+-0123456789") == set(FORMAT.move_chars)


# ---------------------------------------------------------------- errors, with their lines
@pytest.mark.parametrize("rows, line, words", [
    ([".@ .J f. .q"], 10, "plane 1, cell 4: 'q' is not a piece"),
    ([".@ .J f.", "q. .. .."], 11, "plane 1, cell 1: 'q' is not a tile"),
    ([".@ .J f. | .. .. .Z"], 10, "plane 2, cell 3: 'Z' is not a piece"),
    ([".@ .J f. .", ".. .. .. .."], 10, "plane 1 has 7 characters"),
    ([".@ .J f. | .. .. ..", ".. .. .. "], 11, "this row has 1 planes, the first row has 2"),
    ([".@ .J f.", ".. .. .. .."], 11, "plane 1 is 4 cells wide"),
    ([".@ .J f. | .. .. .. ..", ".. .. .. | .. .. .."], 10, "plane 2 is 4 cells wide"),
    (["|".join([".@.Jf."] + ["......"] * 4)], 10, "5 planes; the most is 4"),
    ([".@.Jf." + ".." * 14], 10, "17 cells wide; the most is 16"),
    ([".@.Jf."] + ["......"] * 8, 10, "9 rows; a plane has at most 8"),
    ([".@ .J f. xB"], 10, "plane 1, cell 4: a piece cannot stand on a hole"),
    ([".. .J f."], 10, "no Gwydyon (@)"),
    ([".@ .J f. .@"], 10, "2 Gwydyons"),
    ([".@ .J .."], 10, "no flag (f)"),
    ([".@ .J f. f."], 10, "1 jewel(s) for 2 flag(s)"),
    ([".@ .J f. | .. .. ..", ".. .1 .. | .. .1 .."], 11, "two repulsors of the same type are "
                                                         "aligned (planes 1 and 2, cell 2)"),
    ([".@ .J f. .+"], 10, "plane 1, cell 4: this transborder leads off the planes"),
    ([".@ .J f. .- | .. .. .. .."], 10, "plane 1, cell 4: this transborder leads off"),
    ([".@ .. f.", ">J .. .."], 11, "the start must be at rest: the vector at plane 1, x 1, y 2"),
    ([".@ fJ .."], 10, "nothing to do"),
])
def test_body_errors_name_their_line_and_reason(rows, line, words):
    err = error_of(rows)
    assert err.line == line, str(err)
    assert words in err.reason, err.reason


def test_more_than_255_pieces_that_could_stand_on_vectors_is_an_error():
    full = "|".join([">B" * 16] * 4)  # every brick at rest: the next cell is taken or the edge
    rows = [full] * 5 + ["|".join([".@.Jf." + ".." * 13] + [".." * 16] * 3)] + ["|".join(
        [".." * 16] * 4)] * 2
    err = error_of(rows)
    assert err.line == 10 and "320 vectors and 322 movable pieces" in err.reason


def test_errors_are_the_containers_pack_errors_with_line_and_reason():
    from handheld.packs import PackError
    with pytest.raises(PackError) as err:
        board.parse_rows([".. .J f."], 3)
    assert err.value.line == 3 and str(err.value) == "line 3: no Gwydyon (@)"


# ---------------------------------------------------------------- the pack container
PACK = """Mental IQ+ test pack
Author: Tester

; First steps
.@ .J .. f.
.. .. .. ..
Solution: RR

t@ .J .+ .. | t. .. .. f.
.. .. .. .. | .. .. .. ..
Title: Up we go
Solution: Rl+
  rR
Comment:
The jewel goes up the transborder, Gwydyon up the transfert.
.. .. .. looks like a board but is comment text
Comment-End:

.@ .J .. f. .q
Title: Broken
"""


def test_pack_container_indexes_levels_names_solutions_and_body_errors(tmp_path):
    path = tmp_path / "01-test.txt"
    path.write_text(PACK)
    pack = Pack(str(path), FORMAT)
    assert pack.errors == [] and pack.count == 3
    assert pack.title == "Mental IQ+ test pack" and pack.author == "Tester"
    assert pack.names(0, 3) == ["First steps", "Up we go", "Broken"]
    lt = pack.level(1)
    assert lt.solution == "Rl+rR" and lt.first_line == 9
    lv = FORMAT.parse(lt, pack.header)
    assert lv.planes == 2 and lv.name == "Up we go"
    for i in (0, 1):
        lt = pack.level(i)
        assert FORMAT.verify(FORMAT.parse(lt, pack.header), lt.solution) is None
    with pytest.raises(PackError) as err:
        FORMAT.parse(pack.level(2), pack.header)
    assert err.value.line == 19 and "'q' is not a piece" in err.value.reason


def test_pack_container_reports_rows_too_wide_and_bad_solution_letters(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(".@.Jf." + ".." * 15 + "\nSolution: rx\n")
    pack = Pack(str(path), FORMAT)
    assert (1, "row is 18 cells wide; the most is 16") in pack.errors
    assert any(line == 2 and "'x'" in reason for line, reason in pack.warnings)  # ignored


# ---------------------------------------------------------------- moves
def test_move_notation_letters_case_planes_and_run_lengths():
    assert board.parse_moves("urdl URDL +-") == [0, 1, 2, 3, 0, 1, 2, 3, 4, 5]
    assert board.parse_moves("3r2U+") == [1, 1, 1, 0, 0, 4]
    for bad, index in (("rrx", 2), ("r3", 1)):
        with pytest.raises(board.MoveError) as err:
            board.parse_moves(bad)
        assert err.value.index == index
    assert board.format_moves([1, 1 | 1 << 3, 4 | 2 << 3, 5 | 2 << 3]) == "rR+-"


def test_verify_accepts_a_solution_and_explains_every_failure():
    lv = parse([".@ .. .J f. .*", ".. .. .. .. .."])
    assert FORMAT.verify(lv, "rR") is None
    assert FORMAT.verify(lv, "RR")[0] == 0  # first move pushes nothing: 'r'
    assert "write 'r', not 'R'" in FORMAT.verify(lv, "RR")[1]
    assert FORMAT.verify(lv, "rRu")[0] == 2  # edge of the plane
    assert FORMAT.verify(lv, "r") == (1, "the solution ends with 1 flag(s) without a jewel")
    assert FORMAT.verify(lv, "rq")[0] == 1
    lv = parse([".@ .J .* f.", ".. .J .. .."])
    assert FORMAT.verify(lv, "R") == (1, "the solution ends with 1 flag(s) without a jewel")
    lv = parse([".@ .J .* f."])
    assert FORMAT.verify(lv, "R") == (1, "the solution destroys a needed jewel")
