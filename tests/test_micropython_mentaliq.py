"""The Mental IQ+ engine inside real MicroPython: same results as CPython, no allocation per
play/undo, and the heap of a loaded 4-plane 16x8 level.

Needs `make setup` (node + the MicroPython WebAssembly package). Figures print with `pytest -s`.
"""
import json
import random

import pytest

from host_sim import micropython as mpy

from games.mentaliq import board
from games.mentaliq.engine import Engine

# Ceilings: measured figures plus headroom (see the printed figures).
ENGINE_HEAP_MAX = 20 * 1024  # engine after load(): 8 KB undo ring, 4 KB settle set, arrays
LEVEL_HEAP_MAX = 3 * 1024  # the parsed 4-plane 16x8 Level


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


# (rows, moves): every rule family at least once
GAMES = [
    ([".@ .J s. s. .*", ".J f. .J .. ..", ">. .. .. .. .."], "Rdlurrrl"),  # slide, bomb, vector
    ([".@ .1 .. .. | .. .. .1 ..", ".J f. .. .. | .. .. .. .."], "RrlL"),  # repulse
    ([".@ .1 .2 .. | .. .. .. ..", ".J f. .. .. | .. .. .2 .."], "Rdr"),  # bricks
    ([".@ .J .+ .. .. | .. .. s. s. ..", ".J f. .. .. .. | .. .. .. .. .."], "Rd"),  # transborder
    ([".. .. >. v. ..", ".@ .J ^. <. ..", ".. .. .. .. f."], "Rud"),  # settle loop
    (["t@ .J f. | t. .. ..", ".. .. .. | .. .. .."], "+-+rd-RR"),  # planes
    ([".. .@ .. .. .. ..", ".J .J v. .J .. ..", ">. >. .B .. .. ..", ".. .. .* .. .. f.",
      ".. .. .. .. .. ..", ".. .. .. .. .. .."], "Durrrd" + "Lulll" + "D" + "urrrddddlU"),
]

SCRIPT = '''
import json
from games.mentaliq import board
from games.mentaliq.engine import Engine
out = []
for rows, moves in json.loads(%r):
    lv = board.parse_rows(rows)
    e = Engine()
    e.load(lv)
    ok = []
    evs = []
    for a in board.parse_moves(moves):
        ok.append(e.play(a))
        evs.append(list(e.events[:3 * e.nevents]))
    state = e.save_state()
    f = Engine()
    f.load(lv)
    f.load_state(state)
    n = 0
    while e.undo():
        n += 1
    g = Engine()
    g.load(lv)
    out.append([ok, evs, board.format_moves(f), f.text(), f.moves, f.pushes, f.jewels,
                f.solved(), f.lost(), list(f.key()), n, e.key() == g.key()])
print(json.dumps(out))
'''


def test_micropython_plays_exactly_like_cpython():
    got = json.loads(mpy.run(SCRIPT % json.dumps(GAMES)))
    for (rows, moves), res in zip(GAMES, got):
        lv = board.parse_rows(rows)
        e = Engine()
        e.load(lv)
        ok = []
        evs = []
        for a in board.parse_moves(moves):
            ok.append(e.play(a))
            evs.append(list(e.events[:3 * e.nevents]))
        want = [ok, evs, board.format_moves(e), e.text(), e.moves, e.pushes, e.jewels,
                e.solved(), e.lost(), list(e.key())]
        assert res[:10] == want, moves
        assert res[10] == e.moves and res[11] is True


ALLOC = mpy.HEAP_PROBE + '''
from games.mentaliq import board
from games.mentaliq.engine import Engine
rows = %r
lv = board.parse_rows(rows)
e = Engine()
e.load(lv)
acts = bytearray(%r)
n = len(acts)
r = {"play": -1, "undo": -1, "mixed": -1, "ring": -1, "probe": 0, "ok": 0}
small = Engine(24)  # a ring this small drops its oldest actions on almost every move
small.load(lv)

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

def ring():
    i = 0
    while i < n:
        small.play(acts[i])
        i += 1
    while small.undo():
        pass

def probe():
    return bytearray(100)

for k in range(3):  # warm up
    play_all()
    undo_all()
    mixed()
    ring()
'''


def crowded_rows(seed):
    """A valid crowded 4-plane 16x8 board: vectors, sliders, bombs, repulsors, transborders."""
    rnd = random.Random(seed)
    P, W, H = 4, 16, 8
    ps = W * H
    tiles = "......fss^>v<tx"
    pieces = "......JB*12+-"
    tile = bytearray(board.TILE_CHARS.find(rnd.choice(tiles)) for _ in range(P * ps))
    piece = bytearray(board.PIECE_CHARS.find(rnd.choice(pieces)) for _ in range(P * ps))
    for c in range(P * ps):
        z = c // ps
        if tile[c] == 1 or (piece[c] == 8 and z == P - 1) or (piece[c] == 9 and z == 0):
            piece[c] = 0
        if c >= ps and piece[c] in (5, 6) and piece[c - ps] == piece[c]:
            piece[c] = 0
    for c in range(P * ps):
        if 4 <= tile[c] <= 7 and piece[c]:
            tile[c] = 0
    tile[0] = 0
    piece[0] = 1
    flags = list(tile).count(2)
    jewels = list(piece).count(2)
    for c in range(1, P * ps):
        if jewels >= flags:
            break
        if tile[c] in (0, 2, 3, 8) and piece[c] == 0:  # not on a hole nor a vector
            piece[c] = 2
            jewels += 1
    return board.format_board(P, W, H, tile, piece).split("\n")


def test_micropython_allocates_nothing_per_play_and_undo_after_warm_up():
    rows = crowded_rows(33)
    e = Engine()
    e.load(board.parse_rows(rows))
    rnd = random.Random(1)
    acts = []
    a = 0
    for _ in range(400):  # a walk that often keeps its direction, so it pushes
        if rnd.random() < 0.5:
            a = rnd.randrange(6)
        acts.append(a)
    kinds = set()
    for a in acts:
        if e.play(a):
            for i in range(e.nevents):
                kinds.add(e.events[3 * i] & 15)
    # the walk really moves, and meets every event: slides, vectors, transborders, push-backs,
    # explosions, bricks, plane changes and a settle loop
    assert e.moves > 100 and sorted(kinds) == list(range(1, 11))
    out = mpy.run([ALLOC % (rows, bytes(acts)),
                   "r['play'] = alloc_of(play_all)",
                   "r['ok'] = e.moves",
                   "r['undo'] = alloc_of(undo_all)",
                   "r['mixed'] = alloc_of(mixed)",
                   "r['ring'] = alloc_of(ring)",
                   "r['probe'] = alloc_of(probe)",
                   "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("mentaliq MicroPython bytes allocated: %r (event kinds seen %s)" % (r, sorted(kinds)))
    assert r["ok"] == e.moves  # same walk as CPython
    assert r["probe"] >= 100  # the probe does see an allocation
    assert r["play"] == 0 and r["undo"] == 0 and r["mixed"] == 0 and r["ring"] == 0


def test_micropython_repulsor_bomb_and_loop_moves_allocate_nothing():
    # each scripted game of GAMES, played and undone in a loop
    steps = []
    for rows, moves in GAMES:
        acts = bytes(board.parse_moves(moves))
        steps.append(ALLOC % (rows, acts) + "\nfor k in range(3):\n    mixed()\n")
        steps.append("r['mixed'] = alloc_of(mixed)")
        steps.append("print(r['mixed'])")
    out = mpy.run(steps)
    got = [int(x) for x in out.split()]
    assert got == [0] * len(GAMES)


HEAP = mpy.HEAP_PROBE + '''
from games.mentaliq import board
from games.mentaliq.engine import Engine
rows = %r
lv = None
e = None
r = {"level": 0, "engine": 0}
'''


def test_micropython_heap_after_loading_a_four_plane_16x8_level():
    rows = crowded_rows(9)
    out = mpy.run([HEAP % (rows,), "mark()", "lv = board.parse_rows(rows)",
                   "r['level'] = since()", "mark()", "e = Engine()\ne.load(lv)",
                   "r['engine'] = since()", "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("mentaliq MicroPython heap, 4-plane 16x8 level: %r" % r)
    assert 0 < r["level"] <= LEVEL_HEAP_MAX
    assert 0 < r["engine"] <= ENGINE_HEAP_MAX
