"""Real Sokoban collection files play as-is (issue 15, "Collections as-is"): the YASC .sok and
common XSB conventions for pack titles, level names, authors, comments and built-in solutions,
read by the device's pack reader (lib/handheld/packs.py) with Whirly's format.

Every file here is our own, hand-written in the style of one convention (no third-party
levels): one small file per convention, each with its own named test, then the same files read
by the device's reader inside real MicroPython. docs/formats.md says what is read.
"""
import io
import json
import os

import pytest

from games import whirly
from games.whirly import board
from handheld import packs
from handheld.packs import Pack
from host_sim import micropython as mpy
from host_sim import packs_check

FMT = board.FORMAT
REGISTRY = [whirly]

# Three small boards of our own and a solution of each (moves; a longer one with as few pushes)
ONE = ["#####", "#@$.#", "#####"]
TWO = ["#######", "#@ $ .#", "#######"]
THREE = ["  ####", "###  #", "#@$ .#", "###  #", "  ####"]
MOVES = {"one": "R", "two": "rRR", "three": "RR"}
PUSHES = {"two": "rlrRR", "three": "RlrR"}


def rows(b):
    return "\n".join(b)


def write(tmp_path, name, text, newline="\n"):
    folder = tmp_path / "levels" / "whirly"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return str(path)


def read(path):
    """(pack, [(name, rows, solution, meta)]) through the device reader; every level parses."""
    pack = Pack(path, FMT)
    out = []
    for i in range(pack.count):
        lv = pack.level(i)
        FMT.parse(lv, pack.header)
        out.append((lv.name, lv.rows, lv.solution, lv.meta))
    return pack, out


def solves(b, moves):
    return FMT.verify(board.parse_rows(b), moves) is None


def check(path):
    out = io.StringIO()
    status = packs_check.main([path], REGISTRY, out=out)
    return status, out.getvalue().splitlines()


# ---------------------------------------------------------------------------------------------
# The files, one per convention

YASC_HEADER = """Date Created: 2026-11-26  10:00:00  Date of Last Change: 2026-11-26  10:05:00
Copyright (c) 2026 the test suite
::::::::::::::::::::::::::::::::::::::::::::::::::::::
::  A raw-notes block, for people reading the file  ::
::  Legend: # wall  @ player  $ box  . goal         ::
::::::::::::::::::::::::::::::::::::::::::::::::::::::
Author: Test Author

First Steps

%s
Author: Someone Else
Comment:
Push the box right.
#### a board-looking line in a comment block is text
Comment-End:

Solution/Moves
R

Second Walk

%s

Solution/Pushes
%s

Solution/Moves
%s

Third Bend

%s
Date Created: 2026-11-26  10:02:00

Solution/Pushes
%s
""" % (rows(ONE), rows(TWO), PUSHES["two"], MOVES["two"], rows(THREE), PUSHES["three"])


def test_yasc_header_notes_copyright_and_raw_notes_are_not_the_pack_title(tmp_path):
    pack, levels = read(write(tmp_path, "yasc.sok", YASC_HEADER))
    assert pack.errors == [] and pack.warnings == [] and pack.problem is None
    assert pack.title == "yasc"  # no Title:/Collection: key and no title line: the file name
    assert pack.author == "Test Author"
    keyed = YASC_HEADER.replace("Author: Test Author", "Collection: Test Collection")
    assert Pack(write(tmp_path, "keyed.sok", keyed), FMT).title == "Test Collection"


def test_yasc_title_line_before_each_board_names_the_level(tmp_path):
    pack, levels = read(write(tmp_path, "yasc.sok", YASC_HEADER))
    assert [lv[0] for lv in levels] == ["First Steps", "Second Walk", "Third Bend"]
    assert pack.names(0, 3) == ["First Steps", "Second Walk", "Third Bend"]
    assert [lv[1] for lv in levels] == [ONE, TWO, THREE]


def test_yasc_author_and_comment_block_are_level_metadata(tmp_path):
    pack, levels = read(write(tmp_path, "yasc.sok", YASC_HEADER))
    assert levels[0][3] == {"author": "Someone Else",
                            "comment": "Push the box right.\n"
                                       "#### a board-looking line in a comment block is text"}


def test_yasc_built_in_solutions_are_read_and_moves_are_preferred(tmp_path):
    pack, levels = read(write(tmp_path, "yasc.sok", YASC_HEADER))
    # level 2 has both (pushes first): Solution/Moves wins; level 3 only Solution/Pushes
    assert [lv[2] for lv in levels] == [MOVES["one"], MOVES["two"], PUSHES["three"]]
    assert all(solves(b, lv[2]) for b, lv in zip((ONE, TWO, THREE), levels))
    assert pack.level(1).solution_line == YASC_HEADER.splitlines().index("Solution/Moves", 20) + 1
    status, lines = check(pack.path)
    assert status == 0 and lines == ["1 pack, 3 levels, 0 problems"]  # all replayed
    # a built-in solution gives a hint at once
    from games.whirly import hint
    second = FMT.parse(pack.level(1), pack.header)
    assert hint.hint(whirly.new_engine(second), second) == "Next: right  (1 of 3)"


TITLE_KEYS = """Title: Keyed Collection
Author: Keyed Author
Description: title keys after boards

%s
Title: Alpha
Author: A. Uthor
Solution: R

%s
Title: Beta
Comment: one-line comment
Solution:
  r R
  R
""" % (rows(ONE), rows(TWO))


def test_title_author_and_solution_keys(tmp_path):
    pack, levels = read(write(tmp_path, "keys.sok", TITLE_KEYS))
    assert (pack.title, pack.author) == ("Keyed Collection", "Keyed Author")
    assert [(lv[0], lv[2]) for lv in levels] == [("Alpha", "R"), ("Beta", "rRR")]
    assert levels[0][3] == {"author": "A. Uthor"}
    assert levels[1][3] == {"comment": "one-line comment"}


SEMICOLON_BELOW = """Semicolons Below
Author: Test Author

%s
; 1

%s
; 2 'The Corridor'

%s
; 155 'The Dungeon'
""" % (rows(ONE), rows(TWO), rows(THREE))


def test_semicolon_number_and_quoted_name_below_a_board_name_it(tmp_path):
    pack, levels = read(write(tmp_path, "below.txt", SEMICOLON_BELOW))
    assert pack.title == "Semicolons Below"
    assert [lv[0] for lv in levels] == ["1", "2 'The Corridor'", "155 'The Dungeon'"]
    assert pack.names(0, 3) == [lv[0] for lv in levels]


SEMICOLON_ABOVE = """; Semicolons above: the XSB style
Semicolons Above

; 1 'Start'
%s

; 155 'The Dungeon'
%s
; a note right below, not a name: the level has one
""" % (rows(ONE), rows(TWO))


def test_semicolon_number_and_quoted_name_above_a_board_name_it(tmp_path):
    pack, levels = read(write(tmp_path, "above.xsb", SEMICOLON_ABOVE))
    assert pack.title == "Semicolons Above"
    assert [lv[0] for lv in levels] == ["1 'Start'", "155 'The Dungeon'"]


SEMICOLON_NOTES = """; Notes in semicolon lines above each board: key and value
Semicolon Notes

;title: First Push
;optimal: 1
%s

; Author: Someone
;optimal: 3
%s

; Level 7: Seven
;difficulty: easy
%s
""" % (rows(ONE), rows(TWO), rows(THREE))


def test_semicolon_notes_above_a_board_never_name_it_but_a_title_note_does(tmp_path):
    # '; optimal: 97' touching a board was its name before; '; title: X' gives the name X
    pack, levels = read(write(tmp_path, "notes.xsb", SEMICOLON_NOTES))
    assert pack.title == "Semicolon Notes"
    assert [lv[0] for lv in levels] == ["First Push", "Level 2", "Level 7: Seven"]
    assert pack.names(0, 3) == [lv[0] for lv in levels]
    assert [lv[1] for lv in levels] == [ONE, TWO, THREE]


SLASH_BRACE = """/{
  A header between slash-brace lines: a comment, never the title.
  Title-looking text in here is not read either.
/}
Slash Brace Levels

%s

/{ a one-line slash-brace comment /}
%s
""" % (rows(ONE), rows(TWO))


def test_slash_brace_header_is_a_comment_not_the_title(tmp_path):
    pack, levels = read(write(tmp_path, "slash.txt", SLASH_BRACE))
    assert pack.title == "Slash Brace Levels" and pack.count == 2 and pack.errors == []
    assert [lv[0] for lv in levels] == ["Level 1", "Level 2"]
    only = Pack(write(tmp_path, "only.txt", "/{\nnotes\n/}\n\n" + rows(ONE) + "\n"), FMT)
    assert only.title == "only" and only.count == 1
    unclosed = Pack(write(tmp_path, "open.txt", "/{ never closed\nnotes\n" + rows(ONE) + "\n"), FMT)
    assert unclosed.count == 1 and unclosed.errors == []  # a board ends the block


@pytest.mark.parametrize("newline", ["\r\n", "\r\r\n"])
def test_crlf_and_twice_converted_line_ends_read_like_lf(tmp_path, newline):
    want = read(write(tmp_path, "lf.sok", YASC_HEADER))
    got = read(write(tmp_path, "crlf.sok", YASC_HEADER, newline))
    assert got[0].errors == [] and got[0].title == "crlf"
    assert got[1] == want[1]


def test_mixed_line_ends_read_like_lf(tmp_path):
    lines = YASC_HEADER.split("\n")
    mixed = "".join(line + ("\r\n" if k % 3 == 0 else "\n") for k, line in enumerate(lines))
    path = str(tmp_path / "mixed.sok")
    with open(path, "wb") as f:
        f.write(mixed.encode("utf-8"))
    pack, levels = read(path)
    assert pack.errors == [] and levels == read(write(tmp_path, "lf.sok", YASC_HEADER))[1]


UNREADABLE = [
    ("box path", "Solution: 8-4l1u1l2d", "'-'"),
    ("undefined", "Solution: undefined", "'n'"),
    ("trailing count", "Solution: R9", "ends with a number (9)"),
    ("huge count", "Solution: 99999999999999999999R", "a run of"),
    ("pushes in box path", "Solution/Pushes\n2-3r4u", "'-'"),
]


@pytest.mark.parametrize("what,line,reason", UNREADABLE, ids=[u[0] for u in UNREADABLE])
def test_unreadable_solution_is_a_warning_and_the_level_plays(tmp_path, what, line, reason):
    text = "Unreadable\n\n%s\n%s\n\n%s\nSolution: R\n" % (rows(ONE), line, rows(ONE))
    path = write(tmp_path, "bad.sok", text)
    pack, levels = read(path)
    assert pack.errors == [] and pack.problem is None and pack.broken(0) is None
    assert len(pack.warnings) == 1 and reason in pack.warnings[0][1]
    assert pack.warnings[0][1].endswith("; the solution is ignored")
    assert [lv[2] for lv in levels] == ["", "R"]
    status, lines = check(path)
    assert status == 0 and len(lines) == 2 and ": warning: solution " in lines[0]
    assert lines[1] == "1 pack, 2 levels, 0 problems, 1 warning"


def test_ninety_unreadable_solutions_never_break_the_pack(tmp_path):
    text = "Ninety\n\n" + "".join("%s\nSolution: %d-4l1u1l2d\n\n" % (rows(ONE), k)
                                   for k in range(90))
    pack, levels = read(write(tmp_path, "ninety.sok", text))
    assert pack.count == 90 and pack.errors == [] and pack.problem is None
    assert all(pack.broken(i) is None for i in range(90))
    assert len(pack.warnings) == packs.MAX_ERRORS  # kept warnings are capped, nothing else
    assert all(lv[2] == "" for lv in levels)


def test_readable_solution_after_an_unreadable_one_is_kept(tmp_path):
    text = "%s\nSolution: undefined\n\nSolution/Moves\nrRR\n" % rows(TWO)
    pack, levels = read(write(tmp_path, "second.sok", text))
    assert levels[0][2] == "rRR" and len(pack.warnings) == 1
    assert pack.level(0).solution_line == 6


def test_solution_notes_and_blank_line_before_the_moves(tmp_path):
    text = ("%s\nSolution/Moves\n\nrR\nR\nDate Created: 2026-11-26\nFound by hand\n\n"
            "%s\nSolution (2 moves, 2 pushes)\nRR\n" % (rows(TWO), rows(THREE)))
    pack, levels = read(write(tmp_path, "notes.sok", text))
    assert pack.warnings == [] and [lv[2] for lv in levels] == ["rRR", "RR"]
    assert [lv[0] for lv in levels] == ["Level 1", "Level 2"]  # notes never name a level


def test_first_plain_line_still_titles_an_xsb_pack(tmp_path):
    # the first line of the file is the pack's title even with a blank line before the board
    pack = Pack(write(tmp_path, "plain.txt", "My Pack\n\n%s\n" % rows(ONE)), FMT)
    assert pack.title == "My Pack" and pack.names(0, 1) == ["Level 1"]
    # a note right below a board and then a blank line does not name the next level
    text = "Notes\n\n%s\nThis one is easy.\n\n%s\n" % (rows(ONE), rows(TWO))
    assert Pack(write(tmp_path, "notes.txt", text), FMT).names(0, 2) == ["Level 1", "Level 2"]


def test_title_line_detached_by_blank_lines_is_not_a_date_or_copyright_note(tmp_path):
    text = "Pack\n\n%s\n\nDate Created: 2026-11-26\n\n%s\n\nCopyright 2026\n\n%s\n" % (
        rows(ONE), rows(TWO), rows(THREE))
    pack = Pack(write(tmp_path, "dates.txt", text), FMT)
    assert pack.names(0, 3) == ["Level 1", "Level 2", "Level 3"]
    # a colon after a number is a title's: only words and a colon make a note
    text = "Pack\n\n%s\n\nLevel 5: The Box\n\n%s\n" % (rows(ONE), rows(TWO))
    assert Pack(write(tmp_path, "five.txt", text), FMT).names(0, 2) == ["Level 1",
                                                                      "Level 5: The Box"]


# ---------------------------------------------------------------------------------------------
# The same files through the device's reader inside real MicroPython

FILES = {"yasc.sok": YASC_HEADER, "keys.sok": TITLE_KEYS, "below.txt": SEMICOLON_BELOW,
         "above.xsb": SEMICOLON_ABOVE, "notes.xsb": SEMICOLON_NOTES, "slash.txt": SLASH_BRACE,
         "crlf.sok": YASC_HEADER.replace("\n", "\r\n"),
         "mac.sok": YASC_HEADER.replace("\n", "\r"),  # old Mac OS: CR alone
         "bad.sok": "".join("%s\n%s\n\n" % (rows(ONE), u[1]) for u in UNREADABLE)}

MPY_READ = '''
import json
from handheld.packs import Pack
from games.whirly.board import FORMAT
out = []
for name in %r:
    p = Pack("/levels/whirly/" + name, FORMAT)
    lv = []
    for i in range(p.count):
        l = p.level(i)
        FORMAT.parse(l, p.header)
        lv.append([l.name, l.rows, l.solution, l.solution_line, l.meta])
    out.append([p.title, p.author, p.count, p.errors, p.warnings, p.names(0, 5), lv])
print(json.dumps(out))
'''


def test_micropython_reads_every_convention_file_the_same(tmp_path):
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)
    names = sorted(FILES)
    files = {"/levels/whirly/" + n: FILES[n] for n in names}
    got = json.loads(mpy.run(MPY_READ % (names,), files=files).strip().splitlines()[-1])
    want = []
    for n in names:
        p = Pack(write(tmp_path, n, FILES[n]), FMT)
        lv = []
        for i in range(p.count):
            lev = p.level(i)
            lv.append([lev.name, lev.rows, lev.solution, lev.solution_line, lev.meta])
        want.append([p.title, p.author, p.count, [list(e) for e in p.errors],
                     [list(w) for w in p.warnings], p.names(0, 5), lv])
    assert got == want
    counts = dict(zip(names, [w[2] for w in want]))
    assert counts == {"above.xsb": 2, "bad.sok": 5, "below.txt": 3, "crlf.sok": 3, "keys.sok": 2,
                      "mac.sok": 3, "notes.xsb": 3, "slash.txt": 2, "yasc.sok": 3}
    # CR LF and old Mac's CR alone read like LF: the same pack, levels, names and solutions
    # (all but the title, which is the file's name here)
    assert want[names.index("crlf.sok")][1:] == want[names.index("mac.sok")][1:] == \
        want[names.index("yasc.sok")][1:]
