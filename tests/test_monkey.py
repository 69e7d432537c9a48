"""Random key presses through every game (a seeded "monkey"): whatever a player presses, no
screen ever raises (App.show_error is the launcher's net for a bug in a scene)."""
import random

import pytest

from games import GAMES
from handheld import buttons as B
from handheld.app import App
from host_sim.session import Session

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "A", "A", "B", "SELECT", "START")
PRESSES = 400


@pytest.mark.parametrize("index", range(len(GAMES)), ids=[g.ID for g in GAMES])
def test_random_presses_never_reach_the_error_net(index, monkeypatch):
    errors = []

    def caught(self, where, exc):
        errors.append("%s: %r" % (where, exc))

    monkeypatch.setattr(App, "show_error", caught)
    rnd = random.Random(1000 + index)
    s = Session()
    s.keys("A " + "DOWN " * index + "A")          # Play -> this game
    assert s.app.top().__class__.__name__ != "GameList"
    for _ in range(PRESSES):
        key = rnd.choice(KEYS)
        if key == "START" and rnd.random() < 0.7:  # fewer pauses, more play
            continue
        s.press(B.NAMES.index(key))
        if rnd.random() < 0.1:
            s.run(rnd.choice((200, 600, 1500)))      # let animations and CPU turns run
    assert errors == []
