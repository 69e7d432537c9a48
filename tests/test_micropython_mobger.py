"""The MobGer engine and CPU players inside real MicroPython: the same games as CPython, no
allocation per play/undo after warm-up, and the heap of the AI.

Needs `make setup` (node + the MicroPython WebAssembly package). Figures print with `pytest -s`.
"""
import json

import pytest

from host_sim import micropython as mpy

from handheld.rng import Rng

from games.mobger import ai, board
from games.mobger.engine import Engine, Options

AI_HEAP_MAX = 16 * 1024

# option sets covering every variant (attribute: value)
VARIANTS = [
    {},
    {"goal": 1, "dirset": 1},
    {"reflect_borders": True, "dirset": 1, "cuboids": 2, "deflectors": 2, "flipflaps": 2},
    {"joker": True, "reflect_gers": True, "random_order": True, "goal": 1},
    {"black_special": True, "width": 12, "height": 8, "sequence": 2, "gers": 12, "joker": True,
     "flipflaps": 3, "goal": 1},
]


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


GAME_CODE = '''
from handheld.rng import Rng
from games.mobger import ai, board
from games.mobger.engine import Engine, Options

def make(variant, seed):
    o = Options()
    for k in variant:
        setattr(o, k, variant[k])
    o.seed = seed
    e = Engine()
    e.new_game(o)
    return e

def duel(variant, seed):
    e = make(variant, seed)
    rng = Rng(seed + 5)
    start = board.position_text(e)
    anim = []
    while e.winner() < 0:
        a = ai.choose(e, 1 + (e.turn + seed) % 3, rng)
        e.play(a)
        anim.append([e.anim_n, list(e.anim_to[:e.anim_n]), e.anim_removed, e.anim_joker,
                     e.anim_nf])
    return [start, list(e.actions[:e.nactions]), board.position_text(e), e.winner(),
            e.reason, list(e.score), list(e.save_state()), anim]
'''

SCRIPT = '''
import json
out = []
for variant, seed in json.loads(%r):
    out.append(duel(variant, seed))
print(json.dumps(out))
'''

CASES = [(v, s) for v in VARIANTS for s in (3, 8)]


def test_micropython_plays_and_chooses_exactly_like_cpython():
    got = json.loads(mpy.run(GAME_CODE + SCRIPT % json.dumps(CASES)))
    ns = {}
    exec(GAME_CODE, ns)
    for (variant, seed), res in zip(CASES, got):
        want = ns["duel"](variant, seed)
        assert res == json.loads(json.dumps(want)), (variant, seed)


ALLOC = '''
e = make(%r, %d)
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


def cpython_actions(variant, seed):
    o = Options()
    for k in variant:
        setattr(o, k, variant[k])
    o.seed = seed
    e = Engine()
    e.new_game(o)
    rng = Rng(seed)
    while e.winner() < 0:
        e.play(ai.choose(e, 2, rng))
    return e


def test_micropython_allocates_nothing_per_play_and_undo_after_warm_up():
    steps = []
    expect = []
    for variant in VARIANTS:
        e = cpython_actions(variant, 11)
        expect.append(e.nactions)
        steps.append(mpy.HEAP_PROBE + GAME_CODE
                     + ALLOC % (variant, 11, bytes(e.actions[:e.nactions])))
        steps.append("r['play'] = alloc_of(play_all)")
        steps.append("r['ok'] = e.nactions")
        steps.append("r['undo'] = alloc_of(undo_all)")
        steps.append("r['mixed'] = alloc_of(mixed)")
        steps.append("r['probe'] = alloc_of(probe)")
        steps.append("print(r)")
    out = mpy.run(steps)
    lines = [ln for ln in out.strip().splitlines() if ln.startswith("{")]
    assert len(lines) == len(VARIANTS)
    for variant, n, line in zip(VARIANTS, expect, lines):
        r = eval(line)
        print("mobger MicroPython bytes allocated %r: %r" % (variant, r))
        assert r["ok"] == n  # the same game as CPython
        assert r["probe"] >= 100  # the probe does see an allocation
        assert r["play"] == 0 and r["undo"] == 0 and r["mixed"] == 0, variant


HEAP = mpy.HEAP_PROBE + '''
from handheld.rng import Rng
from games.mobger import ai
from games.mobger.engine import Engine, Options
o = Options()
o.width = 12
o.height = 8
o.sequence = 2
o.gers = 12
o.dirset = 1
o.flipflaps = 3
o.seed = 4
e = None
bot = None
rng = Rng(3)
r = {"engine": 0, "ai": 0, "turn": 0, "a": 0}

def turn():
    r["a"] = bot.choose(e, 3, rng)
'''


def test_micropython_heap_of_the_engine_and_the_ai():
    out = mpy.run([HEAP, "mark()", "e = Engine()\ne.new_game(o)", "r['engine'] = since()",
                   "mark()", "bot = ai.Ai()", "r['ai'] = since()",
                   "turn()", "r['turn'] = alloc_of(turn)", "print(r)"])
    r = eval(out.strip().splitlines()[-1])
    print("mobger MicroPython heap: %r" % r)
    assert 0 < r["ai"] <= AI_HEAP_MAX
    assert r["turn"] <= AI_HEAP_MAX  # everything a hard turn allocates, garbage included
    assert 0 < r["engine"] <= 24 * 1024
