"""`make shots`: the README's screenshots, made by the headless simulator (docs/shots/*.png)."""
import os

from host_sim.session import Session

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "docs", "shots")

# name -> key script from a fresh boot (with the shipped packs)
SHOTS = (
    ("launcher", ""),
    ("games", "A"),
    ("packs", "A A"),
    ("rules", "A A A"),
    ("levels", "A A DOWN A"),
    ("pack-info", "A A DOWN A SELECT"),
    ("games-gravity", "A DOWN*2"),
    ("keys", "DOWN*2 A"),
    ("whirly-sokoban", "A A DOWN A A RIGHT"),
    ("whirly-colorban", "A A DOWN*3 A DOWN*2 A RIGHT"),
    ("whirly-flocks", "A A DOWN*4 A DOWN*4 A"),
    ("whirly-boximaze", "A A DOWN*10 A UP A"),
    ("mentaliq-comment", "A DOWN A DOWN*3 A A"),
    ("mentaliq", "A DOWN A DOWN*3 A A A"),
    ("mentaliq-moved", "A DOWN A DOWN*3 A A A DOWN SELECT"),
    ("gravity", "A DOWN*2 A A A LEFT A wait:2000 UP*3 LEFT*3 A wait:3000"),
    ("mobger", "A DOWN*3 A A A wait:300 RIGHT*2"),
    ("mobger-puzzle", "A DOWN*3 A DOWN A A wait:200 A wait:500 A wait:1500"),
    ("iqlandie-topic", "A DOWN*4 A A A wait:3000"),
    ("iqlandie-biology", "A DOWN*4 A A A wait:3000 A wait:500 A wait:1500"),
    ("pause", "A A DOWN A A START"),
    ("settings", "DOWN A"),
)


def main(levels_root=None, out=OUT, shots=SHOTS):
    os.makedirs(out, exist_ok=True)
    for name, script in shots:
        s = Session(levels_root=levels_root)
        s.keys(script)
        s.run(300)
        print(s.save(os.path.join(out, name + ".png")))
    return 0
