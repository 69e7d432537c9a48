"""Issue 12, packs that cannot crash the launcher: one named regression test per defect found
(stored solutions, MobGer ranks, Gravity boards, packs changed while open, per-level errors,
the MobGer checker's time) and `packs check` agreeing with the launcher."""
import io
import os
import time

import pytest

from handheld import font
from handheld import moves as M
from handheld.moves import MoveError
from handheld.packs import Pack, PackChanged, PackError, MAX_ERRORS
from handheld.packs_solution import MOVES_MAX, RUN_MAX
from host_sim import packs_check
from host_sim.session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PACK = """Title: Tiny pack
Author: tests

#######
#.  $@#
#######
Title: One row
Solution: LLL

#######
#.$ $.#
#  @  #
#######
Title: Two boxes
Solution: uLrR

#######
#. $ @#
#######
Title: Three
Solution: lLL
"""


def screen(s):
    return " ".join(line.strip() for line in s.text())


@pytest.fixture
def levels(tmp_path):
    root = tmp_path / "levels"
    (root / "whirly").mkdir(parents=True)
    return root


def whirly_pack(levels, text, name="tiny.txt"):
    path = levels / "whirly" / name
    path.write_text(text)
    return path


def whirly_format():
    from games.whirly.board import FORMAT
    return FORMAT


def check(paths):
    import games
    return packs_check.check_paths([str(p) for p in paths], list(games.GAMES))


# ------------------------------------------------------------------------------------------
# 6. stored solutions with a trailing or huge count


@pytest.mark.parametrize("sol, why", [
    ("LL9", "ends with a number (9) that repeats no move"),
    ("L\n  9", "ends with a number (9) that repeats no move"),
    ("294967L", "a run of 294 moves; the most is %d" % RUN_MAX),
    ("255L" * 20, "more than %d moves" % MOVES_MAX),
])
def test_stored_solution_with_trailing_or_huge_count_is_ignored_with_warning(levels, sol, why):
    path = whirly_pack(levels, PACK.replace("Solution: LLL", "Solution: " + sol))
    pack = Pack(str(path), whirly_format())
    assert pack.errors == [] and pack.problem is None
    assert len(pack.warnings) == 1 and why in pack.warnings[0][1]
    assert pack.warnings[0][1].endswith("the solution is ignored")
    lv = pack.level(0)
    assert lv.solution == "" and lv.rows           # the level stays playable, without a hint
    assert pack.level(1).solution == "uLrR"
    out = check([path])
    assert len(out) == 1 and packs_check.is_warning(out[0]) and why in out[0]
    assert out[0].startswith("%s:%d: warning: " % (path, pack.warnings[0][0]))


def test_solution_reader_bounds_expansion_with_documented_limits():
    assert len(M.parse("%dr" % RUN_MAX, "*~")) == RUN_MAX
    with pytest.raises(MoveError, match="run of"):
        M.parse("%dr" % (RUN_MAX + 1), "*~")
    with pytest.raises(MoveError, match="more than %d moves" % MOVES_MAX):
        M.parse("200r" * (MOVES_MAX // 200 + 1), "*~")
    assert len(M.parse("200r" * (MOVES_MAX // 200), "*~")) == MOVES_MAX
    with pytest.raises(MoveError, match="repeats nothing"):
        M.parse("rr9", "*~")
    assert M.count("3r 2L\n*", "*~") == 6
    for bad in ("rr9", "294967r", "255r" * 20, "rx"):
        assert M.count(bad, "*~") == -1


def test_whirly_info_stats_and_hint_never_raise_on_an_unreadable_stored_solution(levels):
    whirly_pack(levels, PACK)
    s = Session(levels_root=str(levels))
    s.keys("A A DOWN A A")
    scene = s.app.top()
    assert type(scene).__name__ == "WhirlyScene"
    scene.level.solution = "LL9"    # as if a reader had let it through
    assert "unreadable" in scene.info()
    assert ("Stored", "unreadable") in scene.stats()
    assert "unreadable" in scene.hint()
    s.keys("START DOWN*4 A")         # Hint from the pause menu: a page, not the error screen
    assert "unreadable" in screen(s) and "Problem" not in screen(s)
    s.keys("B")
    scene.level.solution = "LLL"
    s.keys("LEFT*3")                 # the win screen shows the stored solution's length
    assert type(s.app.top()).__name__ == "Results" and "3 moves" in screen(s)


def test_mentaliq_hint_and_info_never_raise_on_an_unreadable_stored_solution(tmp_path):
    root = tmp_path / "levels"
    (root / "mentaliq").mkdir(parents=True)
    text = open(os.path.join(ROOT, "levels", "mentaliq", "01-first-steps.txt")).read()
    (root / "mentaliq" / "p.txt").write_text(text)
    s = Session(levels_root=str(root))
    names = [g.ID for g in s.app.games]
    s.keys("A" + " DOWN" * names.index("mentaliq") + " A DOWN A A A")   # A: the comment page
    scene = s.app.top()
    assert type(scene).__name__ == "MentalScene"
    for bad in ("Rl9", "294967R", "255R" * 20):
        scene.level.solution = bad
        assert "unreadable" in scene.hint()
        assert "unreadable" in scene.info()
        assert ("Stored", "unreadable") in scene.stats()


# ------------------------------------------------------------------------------------------
# 8. Gravity: boards that do not parse


def test_gravity_board_that_does_not_parse_is_reported_with_file_line_and_not_offered(tmp_path):
    import games.gravity as game
    from games.gravity import menu
    root = tmp_path / "levels"
    (root / "gravity").mkdir(parents=True)
    good = open(os.path.join(ROOT, "levels", "gravity", "01-small-rooms.txt")).read()
    bad_board = "Game: gravity\n\n+-+-+ +-+\n|. . . .|\n+ + + + +\nTitle: Half a room\n"
    (root / "gravity" / "01-good.txt").write_text(good)
    (root / "gravity" / "02-bad.txt").write_text(bad_board + "\n" + good.split("\n\n", 1)[1])
    s = Session(games=[game], levels_root=str(root))
    broken = []
    found = menu.boards(s.app, game, broken)
    assert broken and broken[0][0] == "02-bad.txt board 1" and broken[0][1].startswith("line 3: ")
    assert all(not (p.filename == "02-bad.txt" and i == 0) for p, i, _ in found)
    s.keys("A A")
    assert "! 02-bad.txt board 1" in screen(s)
    s.keys("DOWN DOWN A")
    assert "02-bad.txt board 1" in screen(s) and "line 3" in screen(s)


def test_gravity_start_on_a_pack_changed_since_shows_the_file_not_the_error_screen(tmp_path):
    import games.gravity as game
    root = tmp_path / "levels"
    (root / "gravity").mkdir(parents=True)
    path = root / "gravity" / "01.txt"
    path.write_text(open(os.path.join(ROOT, "levels", "gravity", "01-small-rooms.txt")).read())
    s = Session(games=[game], levels_root=str(root))
    s.keys("A A A")                   # Play -> Gravity room -> New game
    path.unlink()
    options = s.app.top()
    options.cursor = [item.label for item in options.items].index("Start")
    s.keys("A")
    text = screen(s)
    assert "01.txt board 1" in text and "changed" in text and "Error" not in text
    assert type(s.app.top()).__name__ == "TextPage"


def test_gravity_lets_its_packs_go_during_a_match_and_start_reads_the_board_again(tmp_path):
    """Issue 11 heap: the match holds no Pack (the options keep file names); a second Start
    reads that file again, and names it when it went in between."""
    import games.gravity as game
    root = tmp_path / "levels"
    (root / "gravity").mkdir(parents=True)
    path = root / "gravity" / "01.txt"
    path.write_text(open(os.path.join(ROOT, "levels", "gravity", "01-small-rooms.txt")).read())
    s = Session(games=[game], levels_root=str(root))
    s.keys("A A A")                   # Play -> Gravity room -> New game
    options = s.app.top()
    options.cursor = [item.label for item in options.items].index("Start")
    s.keys("A")
    match = s.app.top()
    assert type(match).__name__ == "GravityScene"
    assert "gravity" not in s.app.packs
    s.app.pop()                       # back on the options
    assert s.app.top() is options
    s.keys("A")
    again = s.app.top()
    assert type(again).__name__ == "GravityScene" and again is not match
    assert again.engine.width == match.engine.width
    s.app.pop()
    path.unlink()
    s.keys("A")
    text = screen(s)
    assert "01.txt board 1" in text and "Error" not in text, text


# ------------------------------------------------------------------------------------------
# 9. a pack renamed, deleted or edited after the pack list was read


def at_pack_list(levels):
    whirly_pack(levels, PACK)
    s = Session(levels_root=str(levels))
    s.keys("A A")
    return s


def assert_changed_page(s, name="tiny.txt"):
    text = screen(s)
    assert name in text and "changed, renamed or deleted" in text, text
    assert "PackChanged" not in text and "Error" not in text
    s.keys("B")                       # back on the game's pack list, read again
    assert type(s.app.top()).__name__ == "PackList", screen(s)


def test_pack_deleted_after_the_list_was_read_opening_it_names_the_file(levels):
    s = at_pack_list(levels)
    (levels / "whirly" / "tiny.txt").rename(levels / "whirly" / "renamed.txt")
    s.keys("DOWN A")
    assert_changed_page(s)
    assert "Tiny pack" in screen(s)   # the renamed file is listed again


def test_pack_deleted_while_its_level_list_is_shown_scrolling_names_the_file(levels):
    s = at_pack_list(levels)
    s.keys("DOWN A")
    assert type(s.app.top()).__name__ == "LevelList"
    (levels / "whirly" / "tiny.txt").unlink()
    s.keys("DOWN")
    s.app.top().top = -1
    s.keys("DOWN")                    # the list reads names again
    s.run(50)
    assert_changed_page(s)


def test_pack_edited_before_a_level_is_picked_names_the_file(levels):
    s = at_pack_list(levels)
    s.keys("DOWN A")
    whirly_pack(levels, PACK.replace("Tiny", "Small longer name"))
    s.keys("A")
    assert_changed_page(s)


def test_pack_deleted_before_next_level_names_the_file(levels):
    s = at_pack_list(levels)
    s.keys("DOWN A A")
    (levels / "whirly" / "tiny.txt").unlink()
    s.keys("LEFT*3")
    assert type(s.app.top()).__name__ == "Results"
    s.keys("DOWN*3 A")                # Next level
    s.run(50)
    assert_changed_page(s)


def test_same_size_in_place_edit_is_noticed_by_time_or_by_the_level_fingerprint(levels):
    path = whirly_pack(levels, PACK)
    pack = Pack(str(path), whirly_format())
    edited = PACK.replace("#. $ @#", "#.$  @#")
    assert len(edited) == len(PACK)
    st = os.stat(path)
    path.write_text(edited)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2 * 10 ** 9))  # a later time
    assert pack.changed()
    with pytest.raises(PackChanged):
        pack.level(2)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))   # same size, same time: the rows
    assert not pack.changed()
    with pytest.raises(PackChanged) as info:
        pack.level(2)
    assert info.value.line == 17 and "changed" in info.value.reason   # level 3's first row
    assert pack.level(0).rows[1] == "#.  $@#"   # untouched levels still read


# ------------------------------------------------------------------------------------------
# 10. an error inside a level breaks that level only


def test_one_too_wide_row_in_level_3_breaks_only_level_3_not_the_pack(levels):
    wide = PACK.replace("#. $ @#\n", "#. $ @#\n" + "#" * 70 + "\n")
    path = whirly_pack(levels, wide)
    pack = Pack(str(path), whirly_format())
    assert pack.problem is None and len(pack.errors) == 1
    assert pack.broken(0) is None and pack.broken(1) is None and pack.broken(2) == pack.errors[0]
    s = Session(levels_root=str(levels))
    s.keys("A A")
    assert "Tiny pack" in screen(s) and "! tiny.txt" not in screen(s)
    s.keys("DOWN A")
    assert s.text()[3].startswith(" 3!")          # the level list marks the broken level
    s.keys("DOWN DOWN A")
    text = screen(s)
    assert "tiny.txt level 3" in text and "line %d" % pack.errors[0][0] in text
    assert "wide" in text
    s.keys("B UP A")                              # level 2 still plays
    assert type(s.app.top()).__name__ == "WhirlyScene"


def test_an_8bit_windows_1252_pack_plays_and_its_accented_names_read_as_letters(levels):
    # Title and level names with Latin-1 bytes (an old collection, saved before UTF-8): once an
    # error that made the whole pack "!", now read as Windows-1252 with one warning
    path = levels / "whirly" / "old.txt"
    path.write_bytes(PACK.replace("Tiny pack", "Caf\u00e9 Fran\u00e7ois").replace(
        "Two boxes", "Gr\u00fc\u00dfe \u2013 \u201cJos\u00e9\u201d").encode("cp1252"))
    pack = Pack(str(path), whirly_format())
    assert pack.problem is None and pack.errors == [] and len(pack.warnings) == 1
    s = Session(levels_root=str(levels))
    s.keys("A A")
    assert "Cafe Francois" in screen(s) and "!" not in screen(s)   # accents drawn as letters
    s.keys("DOWN A")
    assert 'Gruse - "Jose"' in screen(s)   # one glyph a character: \u00df is drawn 's'
    s.keys("A")
    assert type(s.app.top()).__name__ == "WhirlyScene"          # its first level plays
    out = check([path])
    assert out == ["%s:1: warning: bytes that are not UTF-8: such lines are read as "
                   "Windows-1252 (Latin-1)" % path]


@pytest.mark.parametrize("text, why", [
    ("Title: no board here\n", "no level found"),
    ("".join("#@$.#\n%s\n\n" % ("#" * 70) for _ in range(MAX_ERRORS + 2)), "too many errors"),
])
def test_only_a_file_level_problem_marks_the_whole_pack(levels, text, why):
    path = levels / "whirly" / "bad.txt"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    pack = Pack(str(path), whirly_format())
    assert pack.problem is not None and why in pack.problem[1]
    s = Session(levels_root=str(levels))
    s.keys("A A")
    assert "! bad.txt" in screen(s)
    out = check([path])
    assert any(why in line for line in out)


# ------------------------------------------------------------------------------------------
# 11. the MobGer checker's work is bounded


def test_mobger_check_of_an_expensive_reach_puzzle_is_capped_and_says_so():
    from games.mobger import puzzles as P
    pack = Pack(os.path.join(ROOT, "levels", "mobger", "03-reach.txt"), P.FORMAT)
    lv = pack.level(pack.count - 1)
    p = P.FORMAT.parse(lv, pack.header)
    # Moves: 9 with a target no shorter way reaches: the fairness search is exponential
    p.moves = 9
    p.rows2 = [r.replace("<3", "..") for r in p.rows2]
    p._t2 = None
    p.answer = []
    t = time.perf_counter()
    budget = [P.VERIFY_BUDGET]
    assert P.shortest(p, p.moves - 1, None, budget) is None and budget[0] < 0
    assert time.perf_counter() - t < 3.0
    real_check = P.check
    try:
        P.check = lambda *a, **k: True       # the stored answer "works": on to fairness
        t = time.perf_counter()
        bad = P.verify(p)
    finally:
        P.check = real_check
    assert time.perf_counter() - t < 3.0
    assert bad[1].startswith("warning: check capped") and "%d positions" % P.VERIFY_BUDGET in bad[1]


def test_mobger_checker_time_per_bad_file_is_bounded(tmp_path):
    src = open(os.path.join(ROOT, "levels", "mobger", "03-reach.txt")).read()
    path = tmp_path / "levels" / "mobger" / "bad.txt"
    path.parent.mkdir(parents=True)
    path.write_text(src.replace("Moves: 4", "Moves: 9").replace("Moves: 3", "Moves: 9"))
    t = time.perf_counter()
    check([path])
    assert time.perf_counter() - t < 12 * 0.5


# ------------------------------------------------------------------------------------------
# packs check reports what the launcher shows


def test_packs_check_reports_the_same_problems_as_the_launcher(levels):
    files = {
        "a-wide.txt": PACK.replace("#. $ @#\n", "#. $ @#\n" + "#" * 70 + "\n"),
        "b-none.txt": "Title: nothing\n",
        "c-nohero.txt": PACK + "\n#####\n#  .#\n#####\nTitle: No hero\n",
        "d-sol.txt": PACK.replace("Solution: LLL", "Solution: LL9"),
    }
    for name, text in files.items():
        whirly_pack(levels, text, name)
    out = check([levels / "whirly"])
    s = Session(levels_root=str(levels))
    s.keys("A A")
    shown = screen(s)
    for name in files:
        path = str(levels / "whirly" / name)
        pack = Pack(path, whirly_format())
        mine = [line for line in out if line.startswith(path + ":")]
        if pack.problem is not None:            # "!" in the launcher's pack list
            assert "! " + name in shown
            assert "%s:%d: %s" % (path, pack.problem[0], pack.problem[1]) in mine
            continue
        assert "! " + name not in shown
        for i in range(pack.count):             # what picking each level shows
            try:
                whirly_format().parse(pack.level(i), pack.header)
            except PackError as exc:
                assert "%s:%d: %s" % (path, exc.line, exc.reason) in mine
        for line, reason in pack.warnings:
            assert "%s:%d: warning: %s" % (path, line, reason) in mine
    assert len([line for line in out if not packs_check.is_warning(line)]) == 3


def test_the_pack_reader_and_the_move_reader_share_their_limits():
    from handheld import moves, packs_solution
    assert (moves.RUN_MAX, moves.MOVES_MAX) == (packs_solution.RUN_MAX, packs_solution.MOVES_MAX)
