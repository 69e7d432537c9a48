"""Rules of the level-pack container (lib/handheld/packs.py, docs/formats.md) and of its host
checker (host_sim/packs_check.py)."""

import io
import json
import os
import shutil
import subprocess
import tracemalloc
import types
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import handheld.packs as packs
import handheld.packs_index as packs_index
from handheld.packs import Level, Pack, PackError, list_packs
from host_sim import packs_check

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# A small Sokoban game format, as a game package would give it.

BOARD_CHARS = set("#@+$*. -_0123456789")


class Soko:
    max_width = 30
    max_height = 20
    move_chars = "lurdLURD"
    row_width = staticmethod(packs.rle_width)

    @staticmethod
    def is_board_line(text):
        s = text.rstrip()
        return "#" in s and all(c in BOARD_CHARS for c in s)

    @staticmethod
    def parse(level, header):
        rows = [packs.rle_expand(r).replace("-", " ").replace("_", " ") for r in level.rows]
        players = [(y, x) for y, r in enumerate(rows) for x, c in enumerate(r) if c in "@+"]
        if len(players) != 1:
            raise PackError(level.first_line, "level needs exactly one player, has %d" % len(players))
        boxes = sum(r.count("$") + r.count("*") for r in rows)
        goals = sum(r.count(".") + r.count("*") + r.count("+") for r in rows)
        if boxes != goals:
            raise PackError(level.first_line, "%d boxes but %d goals" % (boxes, goals))
        return rows

    @staticmethod
    def verify(rows, solution):
        grid = [list(r) for r in rows]
        y, x = next((y, x) for y, r in enumerate(grid) for x, c in enumerate(r) if c in "@+")
        step = {"l": (0, -1), "r": (0, 1), "u": (-1, 0), "d": (1, 0)}

        def at(yy, xx):
            return grid[yy][xx] if 0 <= yy < len(grid) and 0 <= xx < len(grid[yy]) else "#"

        for i, m in enumerate(solution):
            dy, dx = step[m.lower()]
            ahead = at(y + dy, x + dx)
            if ahead == "#":
                return i, "walks into a wall"
            if ahead in "$*":
                if at(y + 2 * dy, x + 2 * dx) not in " .":
                    return i, "box is blocked"
                grid[y + 2 * dy][x + 2 * dx] = "*" if at(y + 2 * dy, x + 2 * dx) == "." else "$"
                grid[y + dy][x + dx] = "." if ahead == "*" else " "
            y, x = y + dy, x + dx
        if any("$" in r for r in grid):
            return len(solution), "boxes left off their goals"
        return None


SOKO_GAME = types.SimpleNamespace(ID="soko", PACK_FORMAT=Soko)
PLAIN_GAME = types.SimpleNamespace(ID="plain", PACK_FORMAT=types.SimpleNamespace(
    is_board_line=lambda t: t.startswith("|"), max_width=None, max_height=None, move_chars=None))
REGISTRY = [SOKO_GAME, PLAIN_GAME]

# An XSB collection in the '; name' style, saved by a Windows editor (BOM + CRLF).
XSB = """Microban demo
Author: David Example
Description: three tiny levels
; a comment line in the header
:: a raw note for people reading the file ::

; Square one
####
# .#
#  ###
#*@  #
#  $ #
#  ###
####

; Level with a plain note after it
######
#    #
# #@ #
# $* #
# .* #
#    #
######
this plain text after a board is a comment

####
#.@#
#$ #
#  #
####
"""

# A SOK collection: Title:/Author:/Solution:/Comment blocks after boards, run-length rows.
SOK = """::  Sokoban SOK file: these lines are for people  ::
Collection: SOK demo
Author: Jane Doe
Comment:
A header comment
that spans lines.
Comment-End:

#####
#@$.#
#####
Title: Alpha
Author: Someone Else
Solution: r
Difficulty: easy

5#
#@$.#
5#
Title: Beta
Solution:
  R l
  r
Comment:
#### this board-looking line is comment text
Comment-End:

Gamma is named by the line just above its board
-###-
#@$.#
#####

##########
#@$     .#
##########
Solution: rrrrrR
"""


def write(tmp_path, name, data):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return str(path)


def line_of(text, needle, nth=1):
    """1-based number of the line holding the nth occurrence of needle."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1


def windows(text):
    return "\ufeff" + text.replace("\n", "\r\n")


# ---------------------------------------------------------------------------------------------
# Reading standard collections unchanged


def test_xsb_collection_with_bom_and_crlf_reads_unchanged(tmp_path):
    pack = Pack(write(tmp_path, "micro.xsb", windows(XSB)), Soko)
    assert pack.errors == []
    assert pack.count == 3
    assert pack.title == "Microban demo"
    assert pack.author == "David Example"
    assert pack.header == {"author": "David Example", "description": "three tiny levels"}
    one = pack.level(0)
    assert isinstance(one, Level) and one.index == 0
    assert one.name == "Square one"
    assert one.rows == ["####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####"]
    assert one.first_line == line_of(XSB, "####")
    assert one.solution == "" and one.meta == {}
    assert pack.level(1).name == "Level with a plain note after it"
    assert pack.level(1).rows[2] == "# #@ #"
    assert pack.level(2).name == "Level 3"  # no name given: default
    assert pack.level(2).rows == ["####", "#.@#", "#$ #", "#  #", "####"]


def test_sok_collection_keys_after_boards_comments_and_run_length_rows(tmp_path):
    pack = Pack(write(tmp_path, "demo.sok", SOK), Soko)
    assert pack.errors == []
    assert pack.count == 4
    assert pack.title == "SOK demo"  # Collection: names the pack
    assert pack.author == "Jane Doe"
    assert pack.header["comment"] == "A header comment\nthat spans lines."
    alpha, beta, gamma, delta = [pack.level(i) for i in range(4)]
    assert (alpha.name, alpha.solution, alpha.solution_line) == ("Alpha", "r", line_of(SOK, "Solution: r"))
    assert alpha.meta == {"author": "Someone Else", "difficulty": "easy"}
    assert beta.name == "Beta"
    assert beta.rows == ["5#", "#@$.#", "5#"]  # rows as written; the game expands them
    assert beta.solution == "Rlr"  # continued on the next lines, blanks removed
    assert beta.meta["comment"] == "#### this board-looking line is comment text"
    assert gamma.name == "Gamma is named by the line just above its board"
    assert gamma.first_line == line_of(SOK, "-###-")
    assert gamma.rows == ["-###-", "#@$.#", "#####"]
    assert delta.name == "Level 4" and delta.solution == "rrrrrR"


def test_crlf_and_lf_files_give_identical_levels(tmp_path):
    lf = Pack(write(tmp_path, "lf.sok", SOK), Soko)
    crlf = Pack(write(tmp_path, "crlf.sok", windows(SOK)), Soko)
    assert crlf.count == lf.count == 4
    for i in range(lf.count):
        a, b = lf.level(i), crlf.level(i)
        assert (a.name, a.first_line, a.rows, a.solution, a.meta) == \
               (b.name, b.first_line, b.rows, b.solution, b.meta)


@pytest.mark.parametrize("style", ["lf", "crlf"])
def test_offsets_reread_the_right_level_in_any_order(tmp_path, style):
    levels = []
    for i in range(40):
        w = 4 + i % 7
        levels.append("; L%d\n%s\n#@%s.#\n%s\nSolution: %s\n" % (
            i, "#" * (w + 3), "$" * (w - 2) if i % 3 else "", "#" * (w + 3), "r" * (i % 5)))
    text = "Offsets\n\n" + "\n".join(levels)
    if style == "crlf":
        text = windows(text)
    pack = Pack(write(tmp_path, "many.txt", text), Soko)
    assert pack.count == 40
    for i in [39, 0, 17, 38, 1, 20, 20, 5]:
        lvl = pack.level(i)
        assert lvl.name == "L%d" % i
        assert lvl.rows[1].startswith("#@")
        assert len(lvl.rows[0]) == 7 + i % 7
        assert lvl.solution == "r" * (i % 5)
        assert lvl.first_line == 4 + 6 * i


def test_header_plain_text_sets_title_unless_title_key(tmp_path):
    plain = Pack(write(tmp_path, "a.txt", "; note\nFirst words\nSecond words\n\n#@$.#\n"), Soko)
    assert plain.title == "First words"
    keyed = Pack(write(tmp_path, "b.txt", "First words\nTitle: The Real Title\nGame: soko\n"
                                          "X-Extra_1: kept\n\n#@$.#\n"), Soko)
    assert keyed.title == "The Real Title"
    assert keyed.header == {"title": "The Real Title", "game": "soko", "x-extra_1": "kept"}
    bare = Pack(write(tmp_path, "c.txt", "#@$.#\n"), Soko)
    assert bare.title == "c"  # no title at all: the file name without its extension


def test_text_line_touching_first_board_names_the_level_not_the_pack(tmp_path):
    pack = Pack(write(tmp_path, "p.txt", "Pack Title\n\nFirst level\n#@$.#\n"), Soko)
    assert pack.title == "Pack Title"
    assert pack.names(0, 1) == ["First level"]
    touching = Pack(write(tmp_path, "q.txt", "Only line\n#@$.#\n"), Soko)
    assert touching.title == "q"
    assert touching.level(0).name == "Only line"


def test_name_rules_title_key_beats_name_line_and_blank_line_detaches_a_name(tmp_path):
    text = ("; named above\n#@$.#\nTitle: named below\n\n"
            "; detached by a blank line\n\n#@$.#\n\n"
            "#@$.#\nName: via Name key\n\n"
            ":: raw note, never a name\n#@$.#\n")
    pack = Pack(write(tmp_path, "n.txt", text), Soko)
    assert pack.names(0, 10) == ["named below", "Level 2", "via Name key", "Level 4"]


def test_solution_continues_until_blank_line_or_key_or_comment(tmp_path):
    text = ("#@$.#\nSolution: rr\n uu \ndd\nAuthor: A\nll\n\n"
            "#@$.#\nSolution:\nRR\n; a comment ends it\nLL\n#@$.#\n")
    pack = Pack(write(tmp_path, "s.txt", text), Soko)
    assert pack.level(0).solution == "rruudd"
    assert pack.level(0).meta == {"author": "A"}
    assert pack.level(1).solution == "RR"
    # the comment line touched nothing; 'LL' touching the board names level 3
    assert pack.level(2).name == "LL"


def test_one_line_comment_key_and_stray_comment_end(tmp_path):
    text = "#@$.#\nComment: short note\nComment-End:\nSolution: r\n"
    pack = Pack(write(tmp_path, "c.txt", text), Soko)
    assert pack.errors == []
    assert pack.level(0).meta == {"comment": "short note"}
    assert pack.level(0).solution == "r"


def test_only_the_first_solution_is_kept(tmp_path):
    pack = Pack(write(tmp_path, "s.txt", "#@$.#\nSolution: r\nSolution: rrr\nu\n"), Soko)
    assert pack.level(0).solution == "r"
    assert pack.level(0).solution_line == 2


def test_names_page_matches_levels(tmp_path):
    pack = Pack(write(tmp_path, "demo.sok", windows(SOK)), Soko)
    every = [pack.level(i).name for i in range(pack.count)]
    assert pack.names(0, pack.count) == every
    assert pack.names(1, 2) == every[1:3]
    assert pack.names(3, 10) == every[3:]
    assert pack.names(4, 3) == []


def test_list_packs_filters_sorts_and_tolerates_missing_folder(tmp_path):
    folder = tmp_path / "levels" / "soko"
    for name in ["b.txt", "A.sok", "c.XSB", "d.lvl", "notes.md", "._b.txt", ".hidden.txt"]:
        write(folder, name, "#@$.#\n")
    (folder / "sub.txt").mkdir()
    assert list_packs(str(folder)) == ["A.sok", "b.txt", "c.XSB", "d.lvl"]
    assert list_packs(str(folder), (".lvl",)) == ["d.lvl"]
    assert list_packs(str(tmp_path / "nope")) == []


def test_run_length_helpers():
    assert packs.rle_expand("4#-2$") == "####-$$"
    assert packs.rle_expand("#@$.#") == "#@$.#"
    assert packs.rle_expand("12#") == "#" * 12
    assert packs.rle_width("3#   ") == 3
    assert len(packs.rle_expand("99999#")) == packs.RLE_MAX


# ---------------------------------------------------------------------------------------------
# Digest: the progress key


def test_digest_is_crc32_of_raw_bytes_and_changes_with_any_byte(tmp_path):
    raw = windows(SOK).encode("utf-8")
    a = Pack(write(tmp_path, "a.sok", raw), Soko)
    assert a.digest == zlib.crc32(raw)
    assert Pack(write(tmp_path, "copy.sok", raw), Soko).digest == a.digest
    for at in (0, len(raw) // 2, len(raw) - 1):
        edited = bytearray(raw)
        edited[at] ^= 0x01
        assert Pack(write(tmp_path, "e.sok", bytes(edited)), Soko).digest != a.digest


def test_fingerprints_hash_board_rows_only_so_solutions_names_and_keys_keep_them(tmp_path):
    a = Pack(write(tmp_path, "a.sok", SOK), Soko)
    assert isinstance(a.fingerprints, bytearray) and len(a.fingerprints) == a.count == 4
    for i in range(a.count):
        rows = a.level(i).rows
        want = zlib.crc32(b"\n".join(r.rstrip(" \t").encode() for r in rows)) & 0xFF
        assert a.fingerprints[i] == want
    # metadata, names, comments, line ends, a BOM, trailing blanks: same fingerprints
    meta = SOK.replace("Solution: r\n", "Solution: rl r\nAuthor: X\n").replace(
        "Title: Beta", "Title: Beta II\nComment: new").replace(
        "Gamma is named", "Gamma was named").replace("#@$     .#\n", "#@$     .#  \n")
    meta += "Solution-note: added\n"
    b = Pack(write(tmp_path, "b.sok", windows(meta)), Soko)
    assert b.digest != a.digest and b.fingerprints == a.fingerprints
    # one changed row changes that level's fingerprint only
    edited = SOK.replace("#@$     .#", "#@ $    .#")
    c = Pack(write(tmp_path, "c.sok", edited), Soko)
    assert c.fingerprints[:3] == a.fingerprints[:3] and c.fingerprints[3] != a.fingerprints[3]
    # appending a level keeps the others
    d = Pack(write(tmp_path, "d.sok", SOK + "\n#####\n#@$.#\n#####\n"), Soko)
    assert d.count == 5 and d.fingerprints[:4] == a.fingerprints


def test_index_stops_at_levels_max_with_a_warning_and_ignores_the_rest(tmp_path):
    n = packs.LEVELS_MAX
    text = big_pack_text(n + 3) + "\n" + "#" * 40 + "\n"   # an error after the cut
    pack = Pack(write(tmp_path, "huge.txt", text), Soko)
    assert pack.count == n and len(pack.fingerprints) == n and len(pack._off) == n
    cut = line_of(text, "; Level %d\n" % n)
    assert pack.warnings == [(cut, "more than %d levels: the rest are left out" % n)]
    assert pack.errors == [] and pack.problem is None
    last = pack.level(n - 1)
    assert last.name == "Level %d" % (n - 1) and len(last.rows) == 4
    assert pack.broken(n - 1) is None and pack.digest == zlib.crc32(text.encode())


def test_soft_crc32_matches_binascii():
    for data in (b"", b"a", b"#@$.#\r\n" * 50, bytes(range(256))):
        assert packs._soft_crc32(data) == zlib.crc32(data)
        assert packs._soft_crc32(data[5:], packs._soft_crc32(data[:5])) == zlib.crc32(data)


# ---------------------------------------------------------------------------------------------
# Errors: each kind, with its line number


def errors_of(tmp_path, data, fmt=Soko):
    pack = Pack(write(tmp_path, "bad.txt", data), fmt)
    return pack, pack.errors


def test_error_no_level(tmp_path):
    _, errors = errors_of(tmp_path, "Just a title\n; and a comment\n")
    assert errors == [(1, "no level found: no line is a board of this game")]
    _, errors = errors_of(tmp_path, b"")
    assert errors[0][0] == 1


def test_error_row_too_wide_counts_run_length(tmp_path):
    text = "T\n\n#@$.#\n\n" + "#" * 31 + "\n#@$.#\n\n31#\n#@$.#\n\n30#   \n#@$.#\n"
    pack, errors = errors_of(tmp_path, text)
    assert errors == [(line_of(text, "#" * 31), "row is 31 cells wide; the most is 30"),
                      (line_of(text, "31#"), "row is 31 cells wide; the most is 30")]
    assert pack.count == 4  # a broken level keeps its place: numbering stays true


def test_error_too_many_rows_points_at_the_level(tmp_path):
    text = "T\n\n#@$.#\n\n" + "# #\n" * 21 + "\n#@$.#\n"
    pack, errors = errors_of(tmp_path, text)
    assert errors == [(5, "level 2 has more than 20 rows")]
    assert pack.count == 3


# an old collection's 8-bit text: Windows-1252 (Latin-1 letters, curly quotes and dashes)
LEGACY_PACK = (b"Title: Les niveaux de Fran\xe7ois\nAuthor: J\xfcrgen \x96 \x93Box\x94 fan\n\n"
               b"#####\n#@$.#\n#####\n; Caf\xe9\n\n; Der Stra\xdfe\xb4s\n#####\n#.$@#\n#####\n")


def test_legacy_8bit_text_is_read_as_windows_1252_with_one_warning_and_every_level_plays(tmp_path):
    pack, errors = errors_of(tmp_path, LEGACY_PACK)
    assert errors == [] and pack.problem is None and pack.count == 2
    assert pack.warnings == [(1, "bytes that are not UTF-8: such lines are read as "
                                 "Windows-1252 (Latin-1)")]  # once, at the first such line
    assert pack.title == "Les niveaux de Fran\u00e7ois"
    assert pack.header["author"] == 'J\u00fcrgen - "Box" fan'  # its quotes and dash as ASCII
    assert pack.level(0).name == "Caf\u00e9" and pack.level(1).name == "Der Stra\u00dfe\u00b4s"
    assert pack.level(1).rows == ["#####", "#.$@#", "#####"]
    # UTF-8 and 8-bit lines may mix (a file edited twice): each line is read as what it is
    pack, errors = errors_of(tmp_path, "Title: caf\u00e9\n\n#@$.#\nAuthor: Fran".encode()
                             + b"\xe7ois\n\n#@$.#\n")
    assert errors == [] and pack.title == "caf\u00e9" and pack.count == 2
    assert pack.level(0).meta["author"] == "Fran\u00e7ois"
    assert [w[0] for w in pack.warnings] == [4]


def test_solution_outside_move_alphabet_is_ignored_with_a_warning_level_stays_playable(tmp_path):
    text = "#@$.#\nSolution: rrUx\n\n#@$.#\nSolution: rr\n  r?\n"
    pack, errors = errors_of(tmp_path, text)
    assert errors == [] and pack.problem is None
    ignored = "; the solution is ignored"
    assert pack.warnings == [(2, "solution has 'x', which is not a move (moves: lurdLURD)" + ignored),
                             (6, "solution has '?', which is not a move (moves: lurdLURD)" + ignored)]
    for i in (0, 1):
        assert pack.broken(i) is None
        lv = pack.level(i)
        assert lv.rows == ["#@$.#"] and lv.solution == ""
    free = types.SimpleNamespace(is_board_line=Soko.is_board_line, max_width=30,
                                 max_height=20, move_chars=None)
    pack = errors_of(tmp_path, text, free)[0]
    assert pack.errors == pack.warnings == [] and pack.level(0).solution == "rrUx"


def test_error_comment_block_never_closed(tmp_path):
    text = "#@$.#\nComment:\nnever closed\n\n#@$.#\n"
    pack, errors = errors_of(tmp_path, text)
    assert errors == [(2, "Comment: block has no Comment-End: line")]
    assert pack.count == 1  # everything after the opening is comment text


def test_old_mac_cr_only_file_reads_like_the_same_file_with_lf(tmp_path):
    # classic Mac OS text: lines end in CR alone; read as it is (offsets and CRC the file's)
    text = ("Title: Old Mac\nAuthor: Someone\n\n; First\n#####\n#@$.#\n#####\n\n"
            + "".join("; Level %d\n#######\n#@ $ .#\n#######\nSolution: %s\n\n"
                      % (i, "R" + "rL" * (120 + i)) for i in range(2, 40)))  # lines over _CHUNK
    lf = Pack(write(tmp_path, "lf.txt", text), Soko)
    cr = Pack(write(tmp_path, "mac.txt", text.replace("\n", "\r").encode()), Soko)
    assert cr.errors == [] and cr.warnings == [] and cr.problem is None
    assert (cr.title, cr.author, cr.count) == ("Old Mac", "Someone", 39) == (lf.title, lf.author,
                                                                            lf.count)
    assert cr.digest == zlib.crc32(text.replace("\n", "\r").encode())
    assert cr.names(0, cr.count) == lf.names(0, lf.count)
    for i in (38, 0, 17):   # re-read at their offsets, in any order
        a, b = cr.level(i), lf.level(i)
        assert (a.name, a.rows, a.solution, a.first_line) == (b.name, b.rows, b.solution,
                                                              b.first_line)
    assert len(cr.level(38).solution) > packs._CHUNK
    assert list(cr.fingerprints) == list(lf.fingerprints)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_error_utf16_file_says_what_it_is(tmp_path, codec):
    # Windows Notepad's old "Unicode" choice: not a level in it reads, so say why
    data = "\ufeffTitle: Notepad\r\n\r\n#@$.#\r\n".encode(codec)  # FF FE or FE FF first
    pack, errors = errors_of(tmp_path, data)
    assert errors == [(1, 'the file is UTF-16 ("Unicode"): save it as UTF-8')]
    assert pack.problem == errors[0] and pack.count == 0 and pack.warnings == []
    assert pack.digest == zlib.crc32(data)   # read to its end all the same


def test_error_cr_only_lines_in_a_file_that_began_with_lf(tmp_path):
    data = b"Title: mixed\n\n" + b"#@$.#\r#@$.#\r" * 40
    pack, errors = errors_of(tmp_path, data)
    assert errors[0] == (3, "carriage return inside a line: save the file with LF or CRLF "
                            "line ends")


def test_error_solution_line_longer_than_limit(tmp_path):
    text = "#@$.#\nSolution: " + "r" * (packs.LINE_MAX + 10) + "\n\n#@$.#\n"
    pack, errors = errors_of(tmp_path, text)
    assert errors == [] and pack.warnings == [
        (2, "line is longer than %d bytes: split the solution over several lines; the "
            "solution is ignored" % packs.LINE_MAX)]
    assert pack.count == 2 and pack.level(1).first_line == 4
    assert pack.level(0).solution == ""


def test_long_comment_line_is_no_error_and_offsets_stay_exact(tmp_path):
    text = "; " + "\u00e9" * 5000 + "\n\n#@$.#\n\n; next\n#@$.#\n"
    pack, errors = errors_of(tmp_path, text)
    assert errors == []
    assert pack.names(0, 2) == ["Level 1", "next"]
    assert pack.level(1).first_line == 6


def test_pack_error_text_and_level_with_error_raises_it(tmp_path):
    text = "#@$.#\n\n" + "#" * 40 + "\n\n#@$.#\n"
    pack, errors = errors_of(tmp_path, text)
    with pytest.raises(PackError) as info:
        pack.level(1)
    assert str(info.value) == "line 3: row is 40 cells wide; the most is 30"
    assert (info.value.line, info.value.reason) == (3, "row is 40 cells wide; the most is 30")
    assert pack.level(0).rows == ["#@$.#"] and pack.level(2).rows == ["#@$.#"]
    with pytest.raises(IndexError):
        pack.level(3)


def test_changed_file_is_detected_not_misread(tmp_path):
    path = write(tmp_path, "p.txt", "#@$.#\n\n#@$.#\n")
    pack = Pack(path, Soko)
    write(tmp_path, "p.txt", "#@$.#\n\n\n#@$.#\n")
    with pytest.raises(PackError, match="changed"):
        pack.level(1)
    write(tmp_path, "p.txt", "##@$.#\n\n@$.#\n")  # same size, level moved
    with pytest.raises(PackError, match="changed"):
        pack.level(1)


def test_missing_file_raises_oserror_only(tmp_path):
    with pytest.raises(OSError):
        Pack(str(tmp_path / "missing.txt"), Soko)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(
    st.sampled_from(["#@$.#", "# #", "; x", "Title: t", "Solution: rr", "Comment:", "Comment-End:",
                     "", "   ", "text", "::", "31#", "#" * 35, "Solution:", "uU?"]),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1"))), max_size=40),
    st.sampled_from(["\n", "\r\n", "\r"]), st.binary(max_size=60))
def test_broken_pack_never_raises_and_every_level_is_readable(tmp_path, lines, eol, tail):
    data = eol.join(lines).encode("utf-8", "surrogatepass") + tail
    path = write(tmp_path, "fuzz.txt", data)
    pack = Pack(path, Soko)
    assert pack.digest == zlib.crc32(data)
    assert all(isinstance(line, int) and line >= 1 for line, _ in pack.errors)
    names = pack.names(0, pack.count)
    assert len(names) == pack.count
    for i in range(pack.count):
        try:
            lvl = pack.level(i)
        except PackError as exc:
            assert (exc.line, exc.reason) in pack.errors
            continue
        assert lvl.name == names[i]
        assert lvl.rows and all(Soko.is_board_line(r) for r in lvl.rows)


# ---------------------------------------------------------------------------------------------
# Streaming: the file is read line by line, never whole


class SpyFile:
    """Wraps a real binary file; records every read call and refuses whole-file reads."""

    def __init__(self, f, log):
        self.f = f
        self.log = log

    def readline(self, size=-1):
        assert 0 < size <= packs._CHUNK, "readline without a small limit"
        b = self.f.readline(size)
        self.log.append(("readline", len(b)))
        return b

    def read(self, *args):
        raise AssertionError("read() of the file")

    def readlines(self, *args):
        raise AssertionError("readlines() of the file")

    def __iter__(self):
        raise AssertionError("iterating the whole file")

    def seek(self, pos, whence=0):
        self.log.append(("seek", pos))
        return self.f.seek(pos, whence)

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def spy_open(monkeypatch):
    log = []

    def fake_open(path, mode="r", *args, **kwargs):
        assert mode == "rb", "packs must be read in binary mode"
        return SpyFile(io.open(path, mode), log)

    monkeypatch.setattr(packs, "open", fake_open, raising=False)  # reading levels
    monkeypatch.setattr(packs_index, "open", fake_open, raising=False)  # indexing
    return log


def big_pack_text(n):
    parts = ["Big pack\nAuthor: Gen\n"]
    for i in range(n):
        parts.append("\n; Level %d\n#######\n#@ $ .#\n#  $ .#\n#######\nSolution: rrRdr\n" % i)
    return "".join(parts)


def test_indexing_reads_line_by_line_never_the_whole_file(tmp_path, monkeypatch):
    text = big_pack_text(200)
    path = write(tmp_path, "big.txt", windows(text))
    log = spy_open(monkeypatch)
    pack = Pack(path, Soko)
    assert pack.count == 200
    reads = [n for kind, n in log if kind == "readline"]
    assert max(reads) <= packs._CHUNK
    # the first line twice (its line end tells an old Mac file), then every byte once
    assert reads[0] == reads[1] and sum(reads[1:]) == os.path.getsize(path)


def test_level_seeks_and_reads_only_its_own_lines(tmp_path, monkeypatch):
    path = write(tmp_path, "big.txt", big_pack_text(200))
    pack = Pack(path, Soko)
    log = spy_open(monkeypatch)
    lvl = pack.level(150)
    assert lvl.name == "Level 150"
    assert log[0][0] == "seek" and log[0][1] > 0
    read = sum(n for kind, n in log if kind == "readline")
    assert read <= len("; Level 150\n#######\n#@ $ .#\n#  $ .#\n#######\nSolution: rrRdr\n\n")
    log.clear()
    assert pack.names(10, 5) == ["Level %d" % i for i in range(10, 15)]
    assert [kind for kind, _ in log].count("seek") == 1  # one seek for a whole page


def test_cr_only_file_is_never_read_whole(tmp_path, monkeypatch):
    path = write(tmp_path, "mac.txt", b"#@$.#\r" * 20000)
    log = spy_open(monkeypatch)
    pack = Pack(path, Soko)
    assert pack.errors and max(n for kind, n in log if kind == "readline") <= packs._CHUNK


def index_peak(path):
    Pack(path, Soko)    # the reader's modules are imported (compiled) before measuring
    tracemalloc.start()
    pack = Pack(path, Soko)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return pack, peak


def test_index_memory_does_not_grow_with_file_size(tmp_path):
    plain = write(tmp_path, "plain.txt", big_pack_text(500))
    chatty_text = big_pack_text(500).replace("\n; Level", "\n" + "; blah blah blah\n" * 120 + "\n; Level")
    chatty = write(tmp_path, "chatty.txt", chatty_text)
    assert os.path.getsize(chatty) > 30 * os.path.getsize(plain)
    pack_a, peak_a = index_peak(plain)
    pack_b, peak_b = index_peak(chatty)
    assert pack_a.count == pack_b.count == 500
    assert peak_b < peak_a + 4096, (peak_a, peak_b)
    assert peak_a < os.path.getsize(plain) / 2, peak_a


# ---------------------------------------------------------------------------------------------
# MicroPython: the same module, the same answers


MPY_DIR = os.path.join(ROOT, "host_sim", "mpy")
MPY_MJS = os.path.join(MPY_DIR, "node_modules", "@micropython",
                       "micropython-webassembly-pyscript", "micropython.mjs")

MPY_RUNNER = r"""
import { loadMicroPython } from %(mjs)s;
import { readFileSync } from "fs";
let out = "";
const mp = await loadMicroPython({stdout: (s) => { out += s + "\n"; }, stderr: (s) => { out += s + "\n"; }});
mp.FS.mkdirTree("/lib/handheld");
mp.FS.writeFile("/lib/handheld/__init__.py", "");
for (const m of ["packs", "packs_util", "packs_sink", "packs_index", "packs_solution", "moves", "entry"]) {
  mp.FS.writeFile("/lib/handheld/" + m + ".py", readFileSync(%(src)s + "/" + m + ".py"));
}
mp.FS.writeFile("/pack.txt", readFileSync(%(pack)s));
mp.FS.writeFile("/big.txt", readFileSync(%(big)s));
mp.runPython(`
import sys, gc, json
sys.path.insert(0, "/lib")
from handheld.packs import Pack
class F:
    max_width = 30
    max_height = 20
    move_chars = "lurdLURD"
    def is_board_line(self, t):
        s = t.rstrip()
        if "#" not in s:
            return False
        for c in s:
            if "#@+$*. -_0123456789".find(c) < 0:
                return False
        return True
f = F()
p = Pack("/pack.txt", f)
lv = []
for i in range(p.count):
    try:
        l = p.level(i)
        lv.append([l.name, l.first_line, l.rows, l.solution, l.meta])
    except Exception as e:
        lv.append(str(e))
`);
// gc.collect() only frees memory between runPython calls in this build: measure across them
mp.runPython("gc.collect(); before = gc.mem_alloc()");
mp.runPython("b = Pack('/big.txt', f)");
mp.runPython(`
gc.collect()
kept = gc.mem_alloc() - before
print(json.dumps({"title": p.title, "digest": p.digest, "errors": p.errors, "levels": lv,
                  "warnings": p.warnings,
                  "fps": list(p.fingerprints),
                  "names": p.names(0, 10), "big": b.count, "big_digest": b.digest, "kept": kept}))
`);
process.stdout.write(out);
"""


def test_same_results_under_micropython(tmp_path):
    node = shutil.which("node")
    if node is None or not os.path.exists(MPY_MJS):
        pytest.skip("node or the MicroPython WebAssembly package is missing (make setup)")
    pack_path = write(tmp_path, "pack.txt", windows(SOK) + "\n#@$.#\nSolution: rx\n\n" +
                      "#" * 40 + "\n")
    big_path = write(tmp_path, "big.txt", big_pack_text(1000))
    runner = tmp_path / "run.mjs"
    runner.write_text(MPY_RUNNER % {
        "mjs": json.dumps("file://" + MPY_MJS), "src": json.dumps(os.path.dirname(packs.__file__)),
        "pack": json.dumps(pack_path), "big": json.dumps(big_path)})
    proc = subprocess.run([node, str(runner)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    p = Pack(pack_path, Soko)
    want = []
    for i in range(p.count):
        try:
            lv = p.level(i)
            want.append([lv.name, lv.first_line, lv.rows, lv.solution, lv.meta])
        except PackError as exc:
            want.append(str(exc))
    assert got["title"] == p.title and got["digest"] == p.digest
    assert got["fps"] == list(p.fingerprints) and len(got["fps"]) == p.count
    assert [tuple(e) for e in got["errors"]] == p.errors
    assert got["names"] == p.names(0, 10)
    assert [tuple(w) for w in got["warnings"]] == p.warnings and len(p.warnings) == 1
    assert got["levels"] == want and len(p.errors) == 1
    assert got["big"] == 1000 and got["big_digest"] == Pack(big_path, Soko).digest
    # the index of 1000 levels stays within a few KB of heap on MicroPython
    assert got["kept"] < 12000, got["kept"]


# ---------------------------------------------------------------------------------------------
# host_sim packs check


def test_packs_check_reports_file_line_message_and_exit_status(tmp_path):
    good = write(tmp_path / "levels" / "soko", "good.sok", SOK)
    bad_text = ("Bad pack\n\n#@$.#\nSolution: lr\n\n#@ .#\n\n" + "#" * 31 + "\n\n"
                "##########\n#@$     .#\n##########\nSolution: rrrrx\n")
    bad = write(tmp_path / "levels" / "soko", "bad.txt", bad_text)
    out = io.StringIO()
    status = packs_check.main([str(tmp_path / "levels")], REGISTRY, out=out)
    lines = out.getvalue().splitlines()
    assert status == 1
    assert lines == [
        "%s:8: row is 31 cells wide; the most is 30" % bad,
        "%s:13: warning: solution has 'x', which is not a move (moves: lurdLURD); the solution "
        "is ignored" % bad,
        "%s:4: level 1: solution fails at move 1: walks into a wall" % bad,
        "%s:6: 0 boxes but 1 goals" % bad,
        "2 packs, 8 levels, 3 problems, 1 warning",
    ]
    out = io.StringIO()
    assert packs_check.main([good], REGISTRY, out=out) == 0
    assert out.getvalue() == "1 pack, 4 levels, 0 problems\n"
    assert packs_check.check_paths([good], REGISTRY) == []


def test_packs_check_finds_game_from_folder_or_game_header(tmp_path):
    by_header = write(tmp_path, "elsewhere/p.txt", "Game: plain\n|row\n|row\n")
    assert packs_check.check_paths([by_header], REGISTRY) == []
    unknown = write(tmp_path, "elsewhere/q.txt", "#@$.#\n")
    assert packs_check.check_paths([unknown], REGISTRY) == [
        "%s:1: unknown game: put the pack in levels/<game>/ or add a 'Game: <id>' line to its "
        "header (games: plain, soko)" % unknown]
    wrong = write(tmp_path, "levels/soko/w.txt", "Title: W\nGame: plain\n\n#@$.#\n")
    assert packs_check.check_paths([wrong], REGISTRY) == [
        "%s:2: Game: plain does not match its folder levels/soko/" % wrong]
    stranger = write(tmp_path, "elsewhere/s.txt", "Game: chess\n#@$.#\n")
    assert packs_check.check_paths([stranger], REGISTRY) == [
        "%s:1: unknown game 'chess' (known: plain, soko)" % stranger]
    missing = str(tmp_path / "nothing")
    assert packs_check.check_paths([missing], REGISTRY) == ["%s:0: no such file or folder" % missing]
    # the Game: line of an old Mac file (CR alone) in 8-bit text, second line of its header
    mac = write(tmp_path, "elsewhere/m.txt", b"Title: Caf\xe9\rGame: plain\r|row\r|row\r")
    assert packs_check.check_paths([mac], REGISTRY) == [
        "%s:1: warning: bytes that are not UTF-8: such lines are read as Windows-1252 "
        "(Latin-1)" % mac]
    wrong = write(tmp_path, "levels/soko/m.txt", b"Title: Caf\xe9\rGame: plain\r\r#@$.#\r")
    assert packs_check.check_paths([wrong], REGISTRY)[0] == (
        "%s:2: Game: plain does not match its folder levels/soko/" % wrong)


def test_shipped_packs_pass_their_games_checks():
    import games  # the registry: games/__init__.py GAMES
    registry = list(games.GAMES)
    if not registry:
        pytest.skip("no game registry yet")
    stats = {}
    assert packs_check.check_paths([os.path.join(ROOT, "levels")], registry, stats) == []
