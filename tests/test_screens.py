"""Every screen, rendered headless to PNG (build/screens/) so a person can look at them all.

The test proves each screen draws something of its own: no blank screen, no two alike.
"""
import os

import pytest

from host_sim.png import read_png
from host_sim.session import Session

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "build", "screens")
PACK = """Title: Screens
Author: tests

#########
#.   $ @#
#  #    #
#########
Title: One box
Solution: lLLLL
"""
TO_LEVEL = "A A DOWN A A"
SCREENS = {
    "title": "",
    "games": "A",
    "packs": "A A",
    "how-to-play": "A A A",
    "levels": "A A DOWN A",
    "play": TO_LEVEL + " LEFT",
    "level-info": TO_LEVEL + " A",
    "pause": TO_LEVEL + " START",
    "hint": TO_LEVEL + " START DOWN*4 A",
    "rules": TO_LEVEL + " START DOWN*6 A",
    "results": TO_LEVEL + " LEFT*5",
    "settings": "DOWN A",
    "confirm-reset": "DOWN A DOWN*3 A",
    "about": "DOWN A DOWN*4 A",
    "broken-pack": "A A DOWN A",
    "mentaliq-play": "A DOWN A DOWN A A",
    "mentaliq-upper-plane": "A DOWN A DOWN A A RIGHT LEFT SELECT",
}
MENTALIQ = """Title: Screens IQ
Game: mentaliq

t@ .J .+ .. | t. .. .. f.
.. .. .. .. | .. .. .. ..
Title: Up and over
Solution: Rl+rR
"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    root = tmp_path_factory.mktemp("levels")
    (root / "whirly").mkdir()
    (root / "whirly" / "screens.txt").write_text(PACK)
    (root / "mentaliq").mkdir()
    (root / "mentaliq" / "screens.txt").write_text(MENTALIQ)
    broken = tmp_path_factory.mktemp("broken")
    (broken / "whirly").mkdir()
    (broken / "whirly" / "notes.txt").write_text("Just some notes, no level here.\n")
    os.makedirs(OUT, exist_ok=True)
    out = {}
    for name, script in SCREENS.items():
        s = Session(levels_root=str(broken if name == "broken-pack" else root))
        s.keys(script)
        s.run(200)
        out[name] = (s.save(os.path.join(OUT, name + ".png")), s.text())
    return out


def test_every_screen_is_drawn_and_distinct(shots):
    seen = {}
    for name, (path, text) in shots.items():
        w, h, rows = read_png(path)
        assert len(set(rows)) > 5, name + " looks blank"
        key = b"".join(rows)
        assert key not in seen, "%s looks like %s" % (name, seen.get(key))
        seen[key] = name


def test_screens_say_what_they_are(shots):
    joined = {name: " ".join(text) for name, (path, text) in shots.items()}
    assert "Play" in joined["title"] and "Keys & help" in joined["title"]
    assert "Whirly" in joined["games"]
    assert "Screens" in joined["packs"]
    assert "One box" in joined["levels"]
    assert "Paused" in joined["pause"]
    assert "Next: left" in joined["hint"]
    assert "Solved" in joined["results"]
    assert "Contrast" in joined["settings"]
    assert "Erase" in joined["confirm-reset"]
    assert "Save memory" in joined["about"] and "Puzzle Handheld 0." in joined["about"]
    assert "notes.txt" in joined["broken-pack"] and "line" in joined["broken-pack"]
    assert "Sokoban plus" in joined["games"] and "A:play" in joined["games"]
