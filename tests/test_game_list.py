"""The game list (issue 13): one card per game with its icon cut from its own screens, its
blurb and its progress from the save memory."""
import os

import pytest

from host_sim import icons
from host_sim.session import Session
from handheld import cards
from handheld.progress import Progress
from handheld.tally import count_match
from handheld.store import Store

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def card(s):
    return " ".join(s.text())


def test_every_registered_game_has_a_blurb_that_fits_its_three_rows():
    from games import GAMES
    from handheld.gfx import wrap, COLS
    for game in GAMES:
        assert game.BLURB, game.ID
        assert len(wrap(game.BLURB, COLS - cards.TEXT_COL)) <= cards.BLURB_ROWS, game.BLURB


@pytest.mark.parametrize("game_id", sorted(icons.SOURCES))
def test_committed_icons_are_what_the_games_draw_today(game_id):
    with open(icons.path_of(game_id), "rb") as f:
        committed = f.read()
    assert committed == icons.pbm(icons.render(game_id)), \
        "run: python -m host_sim.icons"
    bits = cards.read_icon(game_id)
    assert bits is not None and 100 < sum(bin(b).count("1") for b in bits) < 900


def test_the_card_draws_the_icon_pixels_from_the_file():
    s = Session()
    s.keys("A")
    bits = cards.read_icon("whirly")
    d = s.hw.display
    for y in range(cards.ICON):
        for x in range(cards.ICON):
            want = (bits[(y * 32 + x) >> 3] >> (7 - (x & 7))) & 1
            assert d.pixel(cards.ICON_X + x, cards.ICON_Y + y) == want


def test_a_missing_or_broken_icon_gives_a_frame_not_an_error(tmp_path, monkeypatch):
    bad = tmp_path / "icon.pbm"
    bad.write_bytes(b"P4\n16 16\n" + bytes(32))
    monkeypatch.setattr(cards, "icon_path", lambda game_id: str(bad))
    assert cards.read_icon("whirly") is None
    monkeypatch.setattr(cards, "icon_path", lambda game_id: str(tmp_path / "none.pbm"))
    s = Session()
    s.keys("A")
    d = s.hw.display
    assert d.pixel(cards.ICON_X, cards.ICON_Y + 5) == 1 and d.pixel(cards.ICON_X + 5, cards.ICON_Y + 5) == 0


class Pack:
    def __init__(self, filename, count):
        self.filename = filename
        self.count = count


def test_progress_counts_solved_levels_of_every_pack_and_matches_won():
    nvm = bytearray(b"\xff" * 4096)
    store = Store(nvm)
    for name, solved in (("a.txt", 3), ("b.txt", 2)):
        p = Progress(store, "whirly", Pack(name, 10))
        for i in range(solved):
            p.record(i, 10 + i)
    Progress(store, "mentaliq", Pack("a.txt", 10)).record(0, 5)
    count_match(store, "gravity", True)
    count_match(store, "gravity", False)
    count_match(store, "gravity", True)
    assert cards.progress_line(store, "whirly") == "5 solved"
    assert cards.progress_line(store, "mentaliq") == "1 solved"
    assert cards.progress_line(store, "gravity") == "2/3 won"
    assert cards.progress_line(store, "mobger") == "not played yet"
    s = Session(nvm=nvm)
    s.keys("A")
    assert "5 solved" in card(s)
    s.keys("DOWN*2")
    assert "Gravity room" in card(s) and "2/3 won" in card(s)


def test_a_finished_match_against_the_cpu_counts_on_the_card():
    from handheld.match_end import won_against_cpu

    class Engine:
        def __init__(self, w):
            self.w = w

        def winner(self):
            return self.w

    class Scene:
        pass
    scene = Scene()
    scene.kinds = [0, 2]            # a person, a CPU
    scene.engine = Engine(0)
    assert won_against_cpu(scene)
    scene.engine = Engine(1)
    assert not won_against_cpu(scene)
    scene.engine = Engine(255)      # a draw
    assert not won_against_cpu(scene)
    scene.kinds = [0, 0]            # two people: nobody beat the CPU
    scene.engine = Engine(0)
    assert not won_against_cpu(scene)


def test_the_list_keeps_its_place_and_turns_both_ways():
    from games import GAMES
    s = Session()
    s.keys("A LEFT")
    assert GAMES[-1].NAME in card(s)
    s.keys("A")                     # opens that game
    assert s.app.top() is not s.app.stack[1]
    s.app.pop()
    assert GAMES[-1].NAME in card(s) and s.app.top().icon is not None


def test_on_a_board_that_starts_afresh_the_launcher_leaves_the_heap_while_a_game_runs():
    """Issue 11/13: the title and the game list (handheld.title, handheld.cards) are put aside
    when a game opens on the device; if the board then cannot start afresh, going back builds
    them again."""
    import sys
    calls = []
    s = Session()
    s.hw.fresh_start = lambda depth: calls.append(depth)   # a board that could not reload
    s.keys("A A")                                          # Whirly's pack list: a game is open
    assert [type(x).__name__ for x in s.app.stack[:2]] == ["Later", "Later"]
    assert "handheld.cards" not in sys.modules and "handheld.title" not in sys.modules
    s.keys("B")                                            # back: fresh start asked, then...
    assert calls == [3 | 1 << 8, 2 | 1 << 8]               # into Whirly (game 1), back to its card
    assert type(s.app.top()).__name__ == "GameList" and "Whirly" in card(s)
    s.keys("B")
    assert type(s.app.top()).__name__ == "TitleMenu" and "Play" in card(s)


def test_a_match_game_runs_without_the_launcher_module_in_the_heap():
    """On a board that starts afresh, a match game (Gravity room) keeps no launcher code while
    its menu and match run; a pack game (Whirly) keeps it for its pack and level lists."""
    import sys
    s = Session()
    s.hw.fresh_start = lambda depth: None
    s.keys("A DOWN*2 A")                                   # Gravity room's menu
    assert "handheld.launcher" not in sys.modules
    s.keys("A")                                            # New game: the options
    options = s.app.top()
    options.cursor = [item.label for item in options.items].index("Start")
    s.keys("A")
    assert type(s.app.top()).__name__ == "GravityScene"
    s.app.pop()
    s.keys("A")                                            # a second match reads its board again
    assert type(s.app.top()).__name__ == "GravityScene"
    s2 = Session()
    s2.hw.fresh_start = lambda depth: None
    s2.keys("A A")                                         # Whirly's pack list
    assert "handheld.launcher" in sys.modules


def test_a_fresh_start_into_a_game_holds_no_launcher_screen_and_comes_back_to_its_card():
    """On the device, A on a card starts code.py afresh with the game's number: the new heap
    opens that game's first screen over placeholders (never importing the title or the cards);
    leaving the game lands on the game list with that game's card showing."""
    import sys
    from handheld import gfx
    gfx.unload(("handheld.title", "handheld.cards", "handheld.title_art"))

    class Landing:
        def __init__(self, value):
            self.value = value

        def __call__(self):
            value, self.value = self.value, 0
            return value
    s = Session.__new__(Session)
    from host_sim.hw import HostHardware
    hw = HostHardware()
    hw.landing = Landing(3 | 3 << 8)                       # game 3: Gravity room
    asked = []
    hw.fresh_start = lambda landing: asked.append(landing)
    from handheld.app import App
    from games import GAMES
    app = App(hw, GAMES)
    assert [type(x).__name__ for x in app.stack] == ["Later", "Later", "Menu"]
    assert app.stack[2].title == "Gravity room"
    assert "handheld.title" not in sys.modules and "handheld.cards" not in sys.modules
    app.pop()                                              # leave: a fresh start to the list
    assert asked == [2 | 3 << 8]
    hw2 = HostHardware()
    hw2.landing = Landing(asked[0])
    app2 = App(hw2, GAMES)
    assert type(app2.top()).__name__ == "GameList" and app2.top().cursor == 2
