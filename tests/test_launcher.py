"""The launcher and the play frame, driven through the headless simulator with a virtual clock."""
import os

import pytest

from handheld import buttons as B
from handheld.progress import RESUME_KEY
from host_sim.session import Session

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
"""


@pytest.fixture
def levels(tmp_path):
    root = tmp_path / "levels"
    (root / "whirly").mkdir(parents=True)
    (root / "whirly" / "tiny.txt").write_text(PACK)
    return root


def boot(levels, nvm=None):
    return Session(levels_root=str(levels), nvm=nvm)


def screen(s):
    """The screen's text with wrapped lines joined."""
    return " ".join(line.strip() for line in s.text())


def open_level(s, n=1):
    """Title -> Play -> Whirly -> Tiny pack -> level n."""
    s.keys("A")                       # Play (first item on a fresh title)
    s.keys("A")                       # Whirly
    s.keys("DOWN A")                  # the pack (after "How to play")
    s.keys("DOWN*%d A" % (n - 1) if n > 1 else "A")
    return s.app.top()


def test_title_shows_the_banner_over_play_settings_and_keys(levels):
    s = boot(levels)
    text = screen(s)
    assert "Play" in text and "Settings" in text and "Keys & help" in text
    d = s.hw.display
    lit = sum(d.pixel(x, y) for x in range(128) for y in range(32))
    assert s.app.top().art is not None and lit > 300        # the name in big letters, a puzzle
    assert "New? See Keys & help" in text                     # first use: where the keys are


def test_keys_page_explains_every_button_and_then_the_legend_says_a_choose(levels):
    s = boot(levels)
    s.keys("DOWN*2 A")
    page = " ".join(s.app.top().lines)        # the whole page (it scrolls)
    for word in ("D-pad", "A:", "B:", "START", "SELECT", "undo"):
        assert word in page
    s.keys("B")
    assert s.text()[-1].strip() == "A: choose"                # the title has no "back"


def test_title_with_a_notice_uses_a_title_bar_so_every_line_fits(levels):
    from handheld.app import App
    s = boot(levels)
    s.app.notices.append("display not available: test")
    s.app.top().on_show()
    text = screen(s)
    assert "Puzzle Handheld" in text and "display not" in text
    assert s.app.top().art is None


def test_game_list_shows_every_registered_game_and_its_rules(levels):
    from games import GAMES
    s = boot(levels)
    s.keys("A")
    for k, game in enumerate(GAMES):  # one card per game: icon, name, blurb, progress
        text = screen(s)
        assert game.NAME in text and "%d/%d" % (k + 1, len(GAMES)) in text
        assert game.BLURB.split()[0] in text and "not played yet" in text
        assert s.app.top().icon is not None
        s.keys("RIGHT")
    assert GAMES[0].NAME in screen(s)   # round again
    s.keys("A A")                     # Whirly -> How to play
    assert "Push boxes" in screen(s)


def test_pack_list_shows_solved_counts(levels):
    s = boot(levels)
    s.keys("A A")
    assert "Tiny pack" in screen(s) and "0/2" in screen(s)


def test_level_list_then_play_and_win_records_progress(levels):
    s = boot(levels)
    scene = open_level(s)
    assert type(scene).__name__ == "WhirlyScene"
    s.keys("LEFT*3")
    assert type(s.app.top()).__name__ == "Results"
    assert "Solved" in screen(s) and "3" in screen(s)
    s.keys("DOWN*5 A")                # Level list (last item)
    assert "1/2" in screen(s)
    from handheld import font
    assert s.text()[1].startswith(" 1" + font.CHECK)   # level 1 carries the solved mark
    assert s.app.top().progress.solved(0) and s.app.top().progress.best(0) == 3


def test_pause_menu_has_resume_undo_restart_hint_rules_levels_quit(levels):
    s = boot(levels)
    open_level(s)
    s.keys("START")
    text = " ".join(item.label for item in s.app.top().items)   # the last ones scroll
    for word in ("Resume", "Undo", "Restart", "Hint", "Rules", "Level list", "Quit"):
        assert word in text


def test_undo_from_pause_menu_and_b_button(levels):
    s = boot(levels)
    scene = open_level(s)
    s.keys("LEFT")
    assert scene.engine.moves == 1
    s.keys("B")
    assert scene.engine.moves == 0
    s.keys("LEFT START DOWN A")       # pause -> Undo
    assert s.app.top() is scene and scene.engine.moves == 0


def test_hint_gives_next_move_of_stored_solution(levels):
    s = boot(levels)
    open_level(s)
    s.keys("START DOWN*4 A")          # Hint
    assert "left" in screen(s)


def test_hint_counts_undos_back_to_the_path(levels):
    s = boot(levels)
    open_level(s, 2)
    s.keys("RIGHT")                   # off the stored path (it starts with u)
    s.keys("START DOWN*4 A")
    assert "1 undo" in screen(s)


def test_long_start_returns_to_the_launcher_from_a_level(levels):
    s = boot(levels)
    open_level(s)
    s.keys("START:2100")
    assert s.app.top() is s.app.stack[0]
    assert type(s.app.top()).__name__ == "TitleMenu" and "Play" in screen(s)


def test_settings_survive_a_power_cycle(levels):
    nvm = bytearray(b"\xff" * 4096)
    s = boot(levels, nvm)
    s.keys("DOWN A")                  # Settings
    s.keys("LEFT LEFT DOWN RIGHT DOWN RIGHT B")
    s2 = boot(levels, nvm)
    st = s2.app.settings
    assert (st.contrast, st.led, st.repeat) == (1, 3, 2)
    assert s2.hw.display.contrast < 0.5


def test_led_brightness_can_be_off(levels):
    s = boot(levels)
    s.keys("DOWN A DOWN LEFT*6")
    assert s.app.settings.led == 0 and s.hw.pixels.brightness == 0


def test_reset_progress_asks_first_and_then_erases(levels):
    nvm = bytearray(b"\xff" * 4096)
    s = boot(levels, nvm)
    open_level(s)
    s.keys("LEFT*3")                  # solve level 1
    s.keys("START:2100 DOWN A DOWN*3 A")   # home -> Settings -> Reset progress
    assert "Erase" in screen(s)
    s.keys("A")                       # "No" is preselected
    s.keys("B")
    s2 = boot(levels, nvm)
    s2.keys("A A")
    assert "1/2" in screen(s2)        # nothing was erased
    s2.keys("B B DOWN A DOWN*3 A DOWN A")  # Settings -> Reset -> Erase
    assert "reset" in screen(s2).lower()
    s3 = boot(levels, nvm)
    s3.keys("A A")
    assert "0/2" in screen(s3)


def test_resume_offers_the_exact_position_after_a_reboot(levels):
    nvm = bytearray(b"\xff" * 4096)
    s = boot(levels, nvm)
    scene = open_level(s, 2)
    s.keys("UP LEFT")
    s.run(4000)                       # the resume record is written once the player pauses
    unit = bytes(scene.engine.unit)
    s2 = boot(levels, nvm)
    assert "Resume Whirly 2" in screen(s2)
    s2.keys("A")
    resumed = s2.app.top()
    assert type(resumed).__name__ == "WhirlyScene"
    assert bytes(resumed.engine.unit) == unit and resumed.engine.moves == 2
    s2.keys("B B")                    # undo history came along
    assert resumed.engine.moves == 0


def test_quitting_a_level_keeps_the_resume_record(levels):
    nvm = bytearray(b"\xff" * 4096)
    s = boot(levels, nvm)
    open_level(s)
    s.keys("LEFT START:2100")
    assert s.app.store.get(RESUME_KEY)


def test_resume_of_a_changed_pack_explains_instead_of_crashing(levels):
    nvm = bytearray(b"\xff" * 4096)
    s = boot(levels, nvm)
    open_level(s)
    s.keys("LEFT START:2100")
    (levels / "whirly" / "tiny.txt").write_text(PACK.replace("Tiny", "Edited"))
    s2 = boot(levels, nvm)
    s2.keys("A")
    assert "changed" in screen(s2)


def test_broken_pack_shows_file_line_reason_and_others_work(levels):
    (levels / "whirly" / "broken.txt").write_text("Title: Broken\nThis file has no level.\n")
    s = boot(levels)
    s.keys("A A")
    text = screen(s)
    assert "! broken.txt" in text and "Tiny pack" in text
    s.keys("DOWN A")                  # "! broken.txt" sorts first
    text = screen(s)
    assert "broken.txt" in text and "line" in text
    s.keys("B DOWN A")                # the good pack still opens
    assert "One row" in screen(s)


def test_broken_level_body_shows_error_and_launcher_keeps_running(levels):
    (levels / "whirly" / "tiny.txt").write_text(PACK + "\n#####\n#  .#\n#####\nTitle: No hero\n")
    s = boot(levels)
    s.keys("A A DOWN A DOWN*2 A")
    text = screen(s)
    assert "level 3" in text and "hero" in text
    s.keys("B UP A")
    assert type(s.app.top()).__name__ == "WhirlyScene"


def test_rescan_finds_a_pack_copied_while_running(levels):
    s = boot(levels)
    s.keys("A A")
    assert "Extra" not in screen(s)
    (levels / "whirly" / "extra.txt").write_text(PACK.replace("Tiny pack", "Extra"))
    s.keys("UP A")                    # Rescan packs is the last item
    assert "Extra" in screen(s)


def test_no_packs_folder_says_so(tmp_path):
    s = Session(levels_root=str(tmp_path / "nothing"))
    s.keys("A A")
    assert "no packs" in screen(s)


def test_corrupt_save_memory_starts_empty_with_a_notice(levels):
    s = boot(levels, bytearray(os.urandom(4096)))
    assert "Save data" in screen(s)


def test_a_crashing_scene_becomes_an_error_screen(levels):
    s = boot(levels)
    scene = open_level(s)

    def boom(button, kind):
        raise RuntimeError("kaboom")
    scene.handle = boom
    s.keys("LEFT")
    assert "kaboom" in screen(s)
    s.keys("B")
    assert s.app.top() is scene


def test_same_script_gives_the_same_png(levels, tmp_path):
    paths = []
    for k in range(2):
        s = boot(levels)
        s.keys("A A DOWN A A LEFT")
        paths.append(s.save(str(tmp_path / ("a%d.png" % k))))
    assert open(paths[0], "rb").read() == open(paths[1], "rb").read()


def test_pack_list_shows_at_once_and_reads_one_pack_per_tick(levels):
    for n in (2, 3):
        (levels / "whirly" / ("more%d.txt" % n)).write_text(PACK.replace("Tiny pack", "More %d" % n))
    s = boot(levels)
    from handheld import launcher
    game = [g for g in s.app.games if g.ID == "whirly"][0]
    packs = launcher.PackList(s.app, game)
    s.app.push(packs)
    assert [e[1] for e in packs.entries] == [None, None, None]     # listed, nothing read yet
    assert "more2" in screen(s) and "..." in screen(s)
    packs.tick(0)
    assert packs.entries[0][1] is not None and packs.entries[1][1] is None
    assert packs.entries[1][0] == "more3.txt"
    packs.cursor = packs.first + 1                                 # open one not read yet
    s.keys("A")
    assert type(s.app.top()).__name__ == "LevelList"
    assert "More 3" in screen(s)
    s.keys("B")                                                    # back: read again, per tick
    s.run(200)
    assert all(not isinstance(e[1], type(None)) for e in packs.entries)
    assert "Tiny pack" in screen(s) and "0/2" in screen(s)


def test_leds_go_dark_when_a_game_is_left_for_the_launcher(levels):
    """Issue 13: a game's colours (and its win flash) do not stay lit on the launcher."""
    s = boot(levels)
    open_level(s)
    s.app.leds.fill(0x00FF00)
    s.app.leds.flash(0xFF0000, s.app.now, 5000)
    assert any(s.hw.pixels.shown)
    s.keys("START:2100")              # home
    assert type(s.app.top()).__name__ == "TitleMenu"
    assert not any(s.hw.pixels.shown)
    s.run(6000)                       # the flash's end does not bring the colours back
    assert not any(s.hw.pixels.shown)


def test_select_in_the_level_list_shows_the_packs_author_and_description(tmp_path):
    """Issue 13: the pack's own words reach the player (title, author, description)."""
    root = tmp_path / "levels"
    (root / "whirly").mkdir(parents=True)
    (root / "whirly" / "tiny.txt").write_text(PACK.replace(
        "Author: tests\n", "Author: Ada Lovelace\nDescription: Two small rooms to learn the "
        "push.\n"))
    s = boot(root)
    s.keys("A A DOWN A")               # Whirly -> Tiny pack: its level list
    assert type(s.app.top()).__name__ == "LevelList"
    assert s.text()[-1].strip() == "A:play B:back SEL:?"
    s.keys("SELECT")
    page = " ".join(s.app.top().lines)
    assert "by Ada Lovelace" in page and "Two small rooms to learn the push." in page
    assert "2 levels, 0 solved" in page and "tiny.txt" in page
    s.keys("B")
    assert type(s.app.top()).__name__ == "LevelList"


def test_a_name_never_runs_into_its_count(levels):
    """Issue 13 legibility: a long pack name is cut with an ellipsis one blank before its count."""
    from handheld.gfx import TextGrid, COLS
    t = TextGrid()
    t.line(1, "A very long pack name indeed", right="12/24")
    row = "".join(chr(32 + t.tiles[c, 1] % 106) for c in range(COLS))
    assert row.endswith(" 12/24") and row[COLS - 7] == chr(136)   # ... then a blank


def test_a_long_page_scrolls_whole_words_beside_its_scroll_arrows(levels):
    """Issue 13: every message fits its box: a page wraps one column short of the screen, so
    the scroll arrow never cuts a word."""
    from handheld import font
    s = boot(levels)
    s.keys("DOWN*2 A")                # Keys & help: longer than a screen
    page = s.app.top()
    assert len(page.lines) > 7
    for _ in range(len(page.lines)):
        assert not any(font.ELLIPSIS in row for row in s.text())
        s.keys("DOWN")
