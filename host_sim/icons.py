"""`python -m host_sim.icons`: each game's 32x32 icon on the game list, cut from a screen the
game itself draws (its own tiles, pieces and symbols), written to games/<id>/icon.pbm.

PBM (P4) is the plain 1-bit image format: any image editor opens it, so a new game's author may
draw one by hand instead. The device reads its 128 bytes as a file (importing a module in the
game's folder would import the whole game package); a test checks that the committed icons are
the ones the games draw today.
"""
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(REPO, "lib"), REPO):   # run as python -m host_sim.icons
    if _p not in sys.path:
        sys.path.insert(0, _p)

from host_sim.session import Session  # noqa: E402
SIZE = 32

# game id -> (key script from a fresh boot with the shipped packs, left, top of the crop)
SOURCES = {
    "whirly": ("A A DOWN*3 A DOWN*2 A RIGHT", 24, 16),
    "mentaliq": ("A DOWN A DOWN*3 A A A", 34, 6),   # the last A closes the level comment
    "gravity": ("A DOWN*2 A A A LEFT A wait:2000 UP*3 LEFT*3 A wait:3000", 8, 8),
    "mobger": ("A DOWN*3 A A A wait:300 RIGHT*2", 0, 8),
    "iqlandie": ("A DOWN*4 A A A wait:3000 A wait:500 A wait:1500", 1, 11),
}


def cut(display, left, top):
    """SIZE x SIZE pixels from (left, top), 1 bit each, rows top to bottom, MSB first."""
    out = bytearray(SIZE * SIZE // 8)
    for y in range(SIZE):
        for x in range(SIZE):
            if display.pixel(left + x, top + y):
                out[(y * SIZE + x) >> 3] |= 0x80 >> (x & 7)
    return bytes(out)


def render(game_id):
    script, left, top = SOURCES[game_id]
    s = Session()
    s.keys(script)
    s.run(300)
    return cut(s.hw.display, left, top)


def pbm(data):
    return b"P4\n%d %d\n" % (SIZE, SIZE) + data


def path_of(game_id):
    return os.path.join(REPO, "games", game_id, "icon.pbm")


def main(argv=()):
    for game_id in SOURCES:
        with open(path_of(game_id), "wb") as f:
            f.write(pbm(render(game_id)))
        print(path_of(game_id))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
