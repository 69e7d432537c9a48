"""The Whirly engine inside real MicroPython: same results as CPython, no allocation per move.

Needs `make setup` (node + the MicroPython WebAssembly package), like the other MicroPython tests.
Figures print with `pytest -s`.
"""
import json

import pytest

from host_sim import micropython as mpy

from games.whirly import board, notation
from games.whirly.engine import Engine

# Ceilings: measured figures plus headroom (see the printed figures).
HEAP_30X20_MAX = 20 * 1024  # engine + its 12 KB undo ring + level arrays, after load()
LEVEL_30X20_MAX = 4 * 1024  # the parsed Level's live size


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


GAMES = [
    ("monkeyban", ["##########", "#-@-$--.-#", "#---$$-..#", "#--------#", "##########"],
     "rRdRRuulDDllluR"),
    ("pullswappush", ["# # # # # # #", "# - b C - 3 #", "# - A B - 1 #", "# - - - - - #",
                      "# # # # # # #"], "rrdlLddRuu"),
    ("flocks", ["# # # # # # # #", "# - a A - 1 - #", "# b - A B - 2 #", "# - - - - - . #",
                "# # # # # # # #"], "Rr*dRRuu~lL"),
    ("colortrain", ["############", "#aAAAAXBB-.#", "############"], "Rlr"),
]

SCRIPT = '''
import json
from games.whirly import board, notation
from games.whirly.engine import Engine
out = []
for game, rows, moves in json.loads(%r):
    lv = board.parse_rows(rows, 1, "whirly", game)
    e = Engine()
    e.load(lv)
    ok = []
    for a in notation.parse_moves(moves):
        ok.append(e.play(a))
    state = e.save_state()
    f = Engine()
    f.load(lv)
    f.load_state(state)
    hist = notation.format_moves(f)
    n = 0
    while e.undo():
        n += 1
    out.append([ok, hist, f.text(), f.moves, f.pushes, f.goals_left(), n,
                bytes(e.unit) == bytes(lv.unit)])
print(json.dumps(out))
'''


def test_micropython_plays_exactly_like_cpython():
    got = json.loads(mpy.run(SCRIPT % json.dumps(GAMES)))
    for (game, rows, moves), res in zip(GAMES, got):
        lv = board.parse_rows(rows, 1, "whirly", game)
        e = Engine()
        e.load(lv)
        ok = [e.play(a) for a in notation.parse_moves(moves)]
        assert res[:6] == [ok, notation.format_moves(e), e.text(), e.moves, e.pushes,
                           e.goals_left()], game
        assert res[7] is True and res[6] == e.moves + notation.format_moves(e).count("*") \
            + notation.format_moves(e).count("~")


ALLOC = mpy.HEAP_PROBE + '''
from games.whirly import board, notation
from games.whirly.engine import Engine
rows = ["##########", "#-@-$--.-#", "#---$$-..#", "#--------#", "#-.---$--#", "##########"]
lv = board.parse_rows(rows, 1, "whirly", "monkeyban")
e = Engine()
e.load(lv)
acts = bytearray(notation.parse_moves("rRdRRuulDDllluRrdddllluuRRRddrruu"))
n = len(acts)
r = {"play": -1, "undo": -1, "mixed": -1, "ok": 0, "probe": 0, "ring": -1}
small = Engine(16)  # a ring this small drops its oldest actions on almost every move
small.load(lv)

def ring():
    i = 0
    while i < n:
        small.play(acts[i])
        i += 1
    while small.undo():
        pass

def probe():
    return bytearray(100)

def play_all():
    i = 0
    while i < n:
        e.play(acts[i])
        i += 1

def undo_all():
    while e.undo():
        pass

def mixed():
    i = 0
    while i < n:
        if not e.play(acts[i]):
            e.undo()
        i += 1
    while e.undo():
        pass

for k in range(3):  # warm up
    play_all()
    undo_all()
    mixed()
    ring()
'''


def test_micropython_allocates_nothing_per_move_after_warm_up():
    out = mpy.run([ALLOC,
                   "r['play'] = alloc_of(play_all)",
                   "r['ok'] = e.moves",
                   "r['undo'] = alloc_of(undo_all)",
                   "r['mixed'] = alloc_of(mixed)",
                   "r['ring'] = alloc_of(ring)",
                   "r['probe'] = alloc_of(probe)",
                   "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("whirly MicroPython bytes allocated: %r" % r)
    assert r["ok"] > 10  # the script really moves
    assert r["probe"] >= 100  # the probe does see an allocation
    assert r["play"] == 0 and r["undo"] == 0 and r["mixed"] == 0 and r["ring"] == 0


def test_micropython_flocking_and_pull_moves_allocate_nothing():
    out = mpy.run([ALLOC + '''
lv = board.parse_rows(["# # # # # # # #", "# - a A - 1 - #", "# - A A A - 2 #",
                       "# - - A - - . #", "# # # # # # # #"], 1, "whirly", "flocks")
e.load(lv)
acts = bytearray(notation.parse_moves("RlLdRRuuRlL"))
n = len(acts)
for k in range(3):
    mixed()
''', "r['mixed'] = alloc_of(mixed)", "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    assert r["mixed"] == 0


HEAP = mpy.HEAP_PROBE + '''
from games.whirly import board
from games.whirly.engine import Engine
rows = ["#" * 30] + ["#" + ("-$.-" * 7) + "#"] * 18 + ["#" * 30]
rows[5] = "#@" + rows[5][2:]
lv = None
e = None
r = {"level": 0, "engine": 0}
'''


def test_micropython_heap_after_loading_a_30x20_level():
    out = mpy.run([HEAP, "mark()", "lv = board.parse_rows(rows, 1, 'whirly')",
                   "r['level'] = since()", "mark()", "e = Engine()\ne.load(lv)",
                   "r['engine'] = since()", "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("whirly MicroPython heap, 30x20 level: %r" % r)
    assert 0 < r["level"] <= LEVEL_30X20_MAX
    assert 0 < r["engine"] <= HEAP_30X20_MAX
