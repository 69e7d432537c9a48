"""The shared match frame (lib/handheld/match.py) with a toy game: take 1 or 2 stones, whoever
takes the last stone wins. Options, CPU turns, undo against the CPU, results, rematch, resume
after a power cut, hot-seat without undo, and the game record."""
import types

from handheld import buttons as B
from handheld.match import (MatchScene, OptionsMenu, Option, HUMAN, DRAW, encode_match,
                            decode_match, PLAYER_COLORS)
from handheld.progress import RESUME_KEY, decode_resume
from handheld.scenes import Menu, Item
from host_sim.session import Session


class NimEngine:
    def __init__(self, players=2, stones=7):
        self.players = players
        self.stones0 = stones
        self.stones = stones
        self.turn = 0
        self.actions = bytearray(64)
        self.nactions = 0

    def legal(self, buf):
        n = 0
        for a in (1, 2):
            if a <= self.stones:
                buf[n] = a
                n += 1
        return n

    def play(self, a):
        if self.winner() >= 0 or a not in (1, 2) or a > self.stones:
            return False
        self.stones -= a
        self.actions[self.nactions] = a
        self.nactions += 1
        if self.stones:
            self.turn = (self.turn + 1) % self.players
        return True

    def undo(self):
        if not self.nactions:
            return False
        self.nactions -= 1
        if self.stones:
            self.turn = (self.turn - 1) % self.players
        self.stones += self.actions[self.nactions]
        return True

    def winner(self):
        return self.turn if self.stones == 0 else -1

    def save_state(self):
        return bytes([self.players, self.stones0]) + bytes(self.actions[:self.nactions])

    def load_state(self, data):
        if len(data) < 2:
            raise ValueError("short")
        self.__init__(data[0], data[1])
        for a in data[2:]:
            if not self.play(a):
                raise ValueError("bad action")


class NimScene(MatchScene):
    def __init__(self, app, game, engine, kinds, seed=1):
        MatchScene.__init__(self, app, game, engine, kinds, seed)
        self.take = 1
        self.frames = 0
        self.redraw()

    def redraw(self):
        self.drawn = (self.engine.stones, self.engine.turn)

    def handle(self, button, kind):
        if kind != B.PRESS:
            return
        if button == B.UP:
            self.take = 2
        elif button == B.DOWN:
            self.take = 1
        elif button == B.A:
            self.submit(self.take)

    def start_animation(self):
        self.frames = 3

    def animate(self, now):
        self.frames -= 1
        return self.frames > 0

    def finish_animation(self):
        self.frames = 0

    def cpu_action(self, strength):
        # perfect play: leave a multiple of 3
        r = self.engine.stones % 3
        return r if r else 1


def make_game():
    game = types.SimpleNamespace(ID="nim", NAME="Nim", RULES="Take 1 or 2; last stone wins.")

    def start(app, values):
        kinds = [HUMAN, values["p2"]]
        app.push(NimScene(app, game, NimEngine(2, 7), kinds, seed=5))

    def make_menu(app):
        return OptionsMenu(app, "nim", "Nim", [
            Option("p2", "Player 2", ("Human", "CPU easy", "CPU normal", "CPU hard"), 2)],
            lambda values: start(app, values))

    def rematch(app, old):
        app.replace(NimScene(app, game, NimEngine(2, 7), old.kinds, old.seed))

    def resume_match(app, data):
        kinds, seed, state = decode_match(data)
        e = NimEngine()
        e.load_state(state)
        app.push(NimScene(app, game, e, kinds, seed))

    game.make_menu = make_menu
    game.rematch = rematch
    game.resume_match = resume_match
    game.record_text = lambda e: "Game: nim\n" + " ".join(str(a) for a in e.actions[:e.nactions])
    return game


def boot(nvm=None):
    return Session(games=[make_game()], nvm=nvm)


def start_match(s):
    s.keys("A A")        # Play -> Nim (its own menu: the options screen)
    assert isinstance(s.app.top(), OptionsMenu)
    s.keys("A")          # Start
    scene = s.app.top()
    assert isinstance(scene, NimScene)
    return scene


def test_game_with_its_own_menu_opens_it_instead_of_packs():
    s = boot()
    s.keys("A A")
    assert isinstance(s.app.top(), OptionsMenu)
    assert "Player 2" in " ".join(s.text())


def test_options_are_adjusted_and_remembered_in_the_store():
    s = boot()
    s.keys("A A DOWN LEFT")            # CPU normal -> CPU easy
    assert "CPU easy" in " ".join(s.text())
    s.keys("UP A")
    assert s.app.top().kinds == [HUMAN, 1]
    nvm = s.hw.nvm
    s2 = boot(nvm=nvm)
    s2.keys("A A")
    assert "CPU easy" in " ".join(s2.text())


def test_cpu_plays_after_the_human_and_animations_run_to_the_end():
    s = boot()
    m = start_match(s)
    s.keys("A")                        # take 1: 6 left, CPU's turn
    assert m.engine.stones == 6
    s.run(2000)
    assert m.engine.stones == 5 and m.engine.turn == 0   # the CPU took one (5 % 3 == 2... )
    assert not m.animating


def test_a_key_during_an_animation_skips_it():
    s = boot()
    m = start_match(s)
    m.submit(1)
    assert m.animating
    m.on_button(B.B, B.PRESS)
    assert not m.animating and m.frames == 0


def test_leds_show_whose_turn_it_is():
    s = boot()
    m = start_match(s)
    s.keys("A")
    s.run(100)
    assert s.app.leds.colors[0] == PLAYER_COLORS[1]   # the CPU (player 2) is thinking
    s.run(2000)
    assert s.app.leds.colors[0] == PLAYER_COLORS[0]


def test_undo_against_the_cpu_takes_back_the_cpu_reply_and_the_human_move():
    s = boot()
    m = start_match(s)
    s.keys("A")
    s.run(2000)
    assert m.engine.nactions == 2
    assert m.undo()
    assert m.engine.nactions == 0 and m.engine.turn == 0 and m.engine.stones == 7


def test_hot_seat_offers_no_undo():
    s = boot()
    s.keys("A A DOWN LEFT LEFT UP A")  # Player 2: Human
    m = s.app.top()
    assert m.kinds == [HUMAN, HUMAN]
    s.keys("A")
    assert m.engine.turn == 1 and not m.can_undo()
    s.keys("START")
    assert "Undo" not in " ".join(s.text())


def test_win_shows_the_result_and_saves_the_game_record():
    s = boot()
    m = start_match(s)
    for _ in range(3):
        s.keys("A")                    # always take 1; the perfect CPU wins
        s.run(2000)
    assert m.engine.winner() == 1
    text = " ".join(s.text())
    assert "CPU wins!" in text and "Rematch" in text
    assert s.hw.records and s.hw.records[0][0] == "nim"
    assert s.hw.records[0][1].startswith("Game: nim\n1 ")
    assert s.hw.nvm and s.app.store.get(RESUME_KEY) is None


def test_rematch_starts_a_fresh_game_with_the_same_players():
    s = boot()
    m = start_match(s)
    for _ in range(3):
        s.keys("A")
        s.run(2000)
    s.keys("A")                        # Rematch (first selectable line)
    m2 = s.app.top()
    assert isinstance(m2, NimScene) and m2 is not m
    assert m2.engine.stones == 7 and m2.kinds == m.kinds


def test_a_match_survives_a_power_cut_and_resumes_from_the_title():
    s = boot()
    m = start_match(s)
    s.keys("A")
    s.run(5000)                        # CPU reply, then 3 s idle: the resume record is written
    rec = decode_resume(s.app.store.get(RESUME_KEY))
    assert rec[1] == "*match"
    s2 = boot(nvm=s.hw.nvm)            # power cut: a new boot on the same save memory
    assert "Resume Nim" in " ".join(s2.text())
    s2.keys("A")
    m2 = s2.app.top()
    assert isinstance(m2, NimScene)
    assert m2.engine.stones == 5 and m2.engine.turn == 0 and m2.kinds == [HUMAN, 2]


def test_a_damaged_saved_match_is_explained_and_dropped():
    from handheld.progress import encode_resume
    s = boot()
    s.app.store.put(RESUME_KEY, encode_resume("nim", "*match", 0, 0, b"\x07junk"))
    s2 = boot(nvm=s.hw.nvm)
    s2.keys("A")
    assert "damaged" in " ".join(s2.text())
    assert s2.app.store.get(RESUME_KEY) is None


def test_match_data_round_trip_and_rejects_garbage():
    data = encode_match([0, 3, 2], 0x1234, b"abc")
    assert decode_match(data) == ([0, 3, 2], 0x1234, b"abc")
    for bad in (b"", b"\x02\x02\x00\x00\x00\x00", b"\x01\x09", b"\x01\x02\x00\x07\x00\x00"):
        try:
            decode_match(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % bad)
