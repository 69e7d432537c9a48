"""iQLANDIE game + CPU inside real MicroPython: same games as CPython, heap of a running
4-player game, and the heap a CPU decision allocates (<= 16 KB).

Needs `make setup` (node + the MicroPython WebAssembly package). Figures print with `pytest -s`.
"""
import json

import pytest

from host_sim import micropython as mpy

from handheld.rng import Rng
from games.iqlandie import cpu
from games.iqlandie import game as G

# measured 4.3 KB: boards, bags, offers, the 1 KB log; running 8.4 KB with game_draft's code
# loaded (7.7 KB before issue 14 added picking pieces up again: lift, end_placing)
GAME_HEAP_MAX = 9 * 1024
DECISION_HEAP_MAX = 16 * 1024  # the budget per CPU decision
GAMES = [(4, [1, 3, 2, 3], 77, 5), (3, [3, 1, 2], 8, 6), (2, [2, 3], 123, 7)]


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


def cpython_game(n, kinds, seed, rseed):
    g = G.Game.new(n, kinds, seed)
    rng = Rng(rseed)
    while g.phase != G.OVER:
        assert g.apply(cpu.decide(g, g.kinds[g.turn], rng))
    return g


SCRIPT = '''
import json
from handheld.rng import Rng
from games.iqlandie import game as G, cpu
out = []
for n, kinds, seed, rseed in json.loads(%r):
    g = G.Game.new(n, bytes(kinds), seed)
    rng = Rng(rseed)
    while g.phase != G.OVER:
        if not g.apply(cpu.decide(g, g.kinds[g.turn], rng)):
            raise Exception("illegal cpu decision")
    h = G.Game.restore(g.save_state())
    order, shared = g.ranking()
    out.append([g.save_state().hex(), g.scores(), [g.score_breakdown(p) for p in range(n)],
                order, shared, h.scores()])
print(json.dumps(out))
'''


def test_micropython_plays_the_same_cpu_games_as_cpython():
    got = json.loads(mpy.run(SCRIPT % json.dumps(GAMES)))
    for (n, kinds, seed, rseed), res in zip(GAMES, got):
        g = cpython_game(n, kinds, seed, rseed)
        order, shared = g.ranking()
        want = [g.save_state().hex(), g.scores(), [g.score_breakdown(p) for p in range(n)],
                order, shared, g.scores()]
        assert res == want


STEP_SETUP = mpy.HEAP_PROBE + '''
from handheld.rng import Rng
from games.iqlandie import game as G, cpu
g = None
rng = Rng(5)
last = [None]
r = {'game': 0, 'running': 0, 'decision_max': 0, 'decisions': 0, 'phase_max': [0, 0, 0, 0, 0]}

def dec():
    last[0] = cpu.decide(g, g.kinds[g.turn], rng)

def play(k):
    while k and g.phase != G.OVER:
        ph = g.phase
        a = alloc_of(dec)
        if a > r['decision_max']:
            r['decision_max'] = a
        if a > r['phase_max'][ph]:
            r['phase_max'][ph] = a
        r['decisions'] += 1
        if not g.apply(last[0]):
            raise Exception("illegal")
        k -= 1
'''


def test_micropython_heap_of_a_running_4_player_game_and_of_each_cpu_decision():
    steps = [STEP_SETUP, "mark()", "g = G.Game.new(4, bytes((1, 3, 2, 3)), 77)",
             "r['game'] = since()"]
    steps += ["play(60)"] * 6 + ["r['running'] = since()"]
    steps += ["play(80)"] * 20 + ["print(r)"]
    out = mpy.run(steps)
    r = eval(out.strip().splitlines()[-1])
    print("iqlandie MicroPython heap: %r" % r)
    assert r["decisions"] > 250  # the whole game
    assert r["game"] <= GAME_HEAP_MAX and r["running"] <= GAME_HEAP_MAX
    assert r["decision_max"] <= DECISION_HEAP_MAX


LIFT_SCRIPT = '''
import json
from handheld.rng import Rng
from games.iqlandie import game as G, cpu, pieces as P
g = G.Game.new(2, bytes([0, 0]), 7)
rng = Rng(1)
out = []
while g.round < 3:
    if g.phase == G.PLACE:
        p = g.turn
        b = g.boards[p]
        if g.hand(p):
            a = cpu.decide(g, 2, rng)
            g.apply(a)
            if not g.hand(p) and len(g.lifts()) == 2:
                g.lift(0)            # pick the first piece up again and place it anew
                g.apply(cpu.decide(g, 3, rng))
        else:
            g.end_placing()
        out.append(list(b.cells))
    elif not g.apply(cpu.decide(g, 2, rng)):
        raise Exception("illegal")
print(json.dumps([out, g.save_state().hex(), G.Game.restore(g.save_state()).save_state().hex()]))
'''


def test_micropython_lifts_pieces_like_cpython():
    from games.iqlandie import pieces as P  # noqa: F401
    got = json.loads(mpy.run(LIFT_SCRIPT))
    ns = {}
    exec(LIFT_SCRIPT.replace("print(json.dumps(", "RESULT = (("), ns)
    want = ns["RESULT"]
    assert got == json.loads(json.dumps(list(want)))
    assert got[1] == got[2] and "e0" in got[1]      # a lift (0xE0) is in the saved log
