"""The Gravity room engine and AI inside real MicroPython: same games as CPython, nothing
allocated per play/undo after warm-up, and the AI's heap under 16 KB.

Needs `make setup` (node + the MicroPython WebAssembly package). Figures print with `pytest -s`.
"""
import json
import random

import pytest

from host_sim import micropython as mpy

from games.gravity import ai, board
from games.gravity.engine import MAX_ACTIONS, Engine
from handheld.rng import Rng
from host_sim.gravity import generator as G

AI_HEAP_MAX = 16 * 1024


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


def boards():
    return [G.generate(1, 1, 12, 8)[0], G.generate(1, 2, 5, 4)[0], G.generate(1, 3, 8, 8)[0]]


def random_actions(b, players, seed, n=400):
    """A random full game (setup included) as actions."""
    rnd = random.Random(seed)
    e = Engine()
    e.new_game(b, players)
    buf = bytearray(MAX_ACTIONS)
    acts = []
    while e.winner() < 0 and len(acts) < n:
        a = buf[rnd.randrange(e.legal(buf))]
        e.play(a)
        acts.append(a)
    return acts


SAME = '''
import json
from games.gravity import ai, board
from games.gravity.engine import Engine
from handheld.rng import Rng
out = []
for text, players, acts, seed in json.loads(%r):
    b = board.parse_rows(text.split("\\n"))
    e = Engine()
    e.new_game(b, players)
    paths = []
    for a in acts:
        e.play(a)
        paths.append(list(e.path[:(e.nticks + 1) * (players + 1)]))
    rec = board.record_text(e)
    f = Engine()
    f.load_state(e.save_state())
    g = Engine()
    g.new_game(b, players)
    rng = Rng(seed)
    cpu = []
    while g.winner() < 0 and len(cpu) < 60:
        a = ai.choose(g, 1 + len(cpu) %% 3, rng)
        cpu.append(a)
        g.play(a)
    out.append([paths, list(e.pos), e.winner(), rec, list(f.pos), cpu, g.winner()])
print(json.dumps(out))
'''


def test_micropython_plays_and_chooses_exactly_like_cpython():
    jobs = []
    for k, b in enumerate(boards()):
        for players in (2, 3):
            jobs.append([board.format_board(b), players, random_actions(b, players, k), 40 + k])
    got = json.loads(mpy.run(SAME % json.dumps(jobs)))
    for (text, players, acts, seed), res in zip(jobs, got):
        b = board.parse_rows(text.split("\n"))
        e = Engine()
        e.new_game(b, players)
        paths = []
        for a in acts:
            e.play(a)
            paths.append(list(e.path[:(e.nticks + 1) * (players + 1)]))
        g = Engine()
        g.new_game(b, players)
        rng = Rng(seed)
        cpu = []
        while g.winner() < 0 and len(cpu) < 60:
            a = ai.choose(g, 1 + len(cpu) % 3, rng)
            cpu.append(a)
            g.play(a)
        want = [paths, list(e.pos), e.winner(), board.record_text(e), list(e.pos), cpu,
                g.winner()]
        assert res == want


ALLOC = mpy.HEAP_PROBE + '''
from games.gravity import board
from games.gravity.engine import Engine
b = board.parse_rows(%r.split("\\n"))
e = Engine()
e.new_game(b, %d)
acts = bytearray(%r)
n = len(acts)
r = {"play": -1, "undo": -1, "mixed": -1, "probe": 0, "ok": 0}

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
        e.play(acts[i])
        if i %% 3 == 2:
            e.undo()
            e.play(acts[i])
        i += 1
    while e.undo():
        pass

def probe():
    return bytearray(100)

for k in range(3):  # warm up
    play_all()
    undo_all()
    mixed()
'''


@pytest.mark.parametrize("k, players", [(0, 2), (0, 3), (2, 2)])
def test_micropython_allocates_nothing_per_play_and_undo_after_warm_up(k, players):
    b = boards()[k]
    seed = 100 + k
    acts = random_actions(b, players, seed)
    while len(acts) < 20:  # a game with many turns of play
        seed += 1
        acts = random_actions(b, players, seed)
    e = Engine()
    e.new_game(b, players)
    for a in acts:
        e.play(a)
    out = mpy.run([ALLOC % (board.format_board(b), players, bytes(acts)),
                   "r['play'] = alloc_of(play_all)",
                   "r['ok'] = e.nactions",
                   "r['undo'] = alloc_of(undo_all)",
                   "r['mixed'] = alloc_of(mixed)",
                   "r['probe'] = alloc_of(probe)",
                   "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("gravity MicroPython bytes allocated (%d actions): %r" % (len(acts), r))
    assert r["ok"] == e.nactions == len(acts) >= 20
    assert r["probe"] >= 100
    assert r["play"] == 0 and r["undo"] == 0 and r["mixed"] == 0


HEAP = mpy.HEAP_PROBE + '''
from games.gravity import ai, board
from games.gravity.engine import Engine
from handheld.rng import Rng
b = board.parse_rows(%r.split("\\n"))
e = Engine()
e.new_game(b, 3)
rng = Rng(3)
for a in %r:
    e.play(a)
before = e.save_state()
r = {"ai": 0, "hard": 0, "normal": 0, "easy": 0, "same": 0, "engine": 0}
'''


def test_micropython_ai_heap_stays_under_16_kb():
    b = boards()[0]
    acts = random_actions(b, 3, 7)[:6]  # setup done, a turn of play
    out = mpy.run([HEAP % (board.format_board(b), acts),
                   "mark()", "ai.get()", "r['ai'] = since()",
                   "mark()", "f = Engine()", "r['engine'] = since()",
                   "r['hard'] = alloc_of(lambda: ai.choose(e, 3, rng))",
                   "r['normal'] = alloc_of(lambda: ai.choose(e, 2, rng))",
                   "r['easy'] = alloc_of(lambda: ai.choose(e, 1, rng))",
                   "r['same'] = e.save_state() == before",
                   "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("gravity MicroPython heap: %r" % r)
    assert r["same"] is True  # the AI left the engine as it found it
    assert 0 < r["ai"] <= AI_HEAP_MAX
    # everything one CPU turn allocates (gc off) fits too: the AI's ceiling
    assert r["ai"] + max(r["hard"], r["normal"], r["easy"]) <= AI_HEAP_MAX
