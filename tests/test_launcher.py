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


def test_title_lists_play_and_settings(levels):
    s = boot(levels)
    text = screen(s)
    assert "Puzzle Handheld" in text and "Play" in text and "Settings" in text


def test_game_list_shows_every_registered_game_and_its_rules(levels):
    from games import GAMES
    s = boot(levels)
    s.keys("A")
    text = screen(s)
    for game in GAMES:
        assert game.NAME in text
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
    text = screen(s)
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
    s.keys("START DOWN*3 A")          # Hint
    assert "left" in screen(s)


def test_hint_counts_undos_back_to_the_path(levels):
    s = boot(levels)
    open_level(s, 2)
    s.keys("RIGHT")                   # off the stored path (it starts with u)
    s.keys("START DOWN*3 A")
    assert "1 undo" in screen(s)


def test_long_start_returns_to_the_launcher_from_a_level(levels):
    s = boot(levels)
    open_level(s)
    s.keys("START:2100")
    assert s.app.top() is s.app.stack[0]
    assert "Puzzle Handheld" in screen(s)


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
