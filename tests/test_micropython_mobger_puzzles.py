"""MobGer puzzles inside real MicroPython: generate() gives the same puzzles as CPython, check()
gives the same verdicts, the pack format reads the shipped packs the same way.

Needs `make setup` (node + the MicroPython WebAssembly package). Figures print with `pytest -s`.
"""
import json
import os

import pytest

from host_sim import micropython as mpy

from games.mobger import puzzles as P

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = (0, 1, 7, 123, 4242, 65535)


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


SCRIPT = '''
import json, time
from games.mobger import puzzles as P
from games.mobger.engine import Engine
e = Engine()
out = []
worst = 0
for kind in range(3):
    for seed in %r:
        t = time.ticks_ms()
        p = P.generate(kind, seed, e)
        dt = time.ticks_diff(time.ticks_ms(), t)
        if dt > worst:
            worst = dt
        verdicts = []
        if kind == 0:
            for r in range(p.opts.gers):
                verdicts.append(P.check(p, r, e))
        elif kind == 1:
            for d in range(8):
                verdicts.append(P.check(p, d, e))
        else:
            verdicts.append(P.check(p, p.answer, e))
            verdicts.append(P.check(p, p.answer[:-1], e))
            verdicts.append(P.check(p, [p.answer[-1]] + p.answer[:-1], e))
        out.append([P.puzzle_text(p), p.question(), verdicts])
print(json.dumps([out, worst]))
'''


def cpython_results():
    out = []
    for kind in range(3):
        for seed in SEEDS:
            p = P.generate(kind, seed)
            if kind == 0:
                verdicts = [P.check(p, r) for r in range(p.opts.gers)]
            elif kind == 1:
                verdicts = [P.check(p, d) for d in range(8)]
            else:
                verdicts = [P.check(p, p.answer), P.check(p, p.answer[:-1]),
                            P.check(p, [p.answer[-1]] + p.answer[:-1])]
            out.append([P.puzzle_text(p), p.question(), verdicts])
    return out


def test_micropython_generates_and_checks_the_same_puzzles_as_cpython():
    got, worst = json.loads(mpy.run(SCRIPT % (SEEDS,)).strip().splitlines()[-1])
    print("mobger puzzles: MicroPython (wasm) worst generate %d ms" % worst)
    want = cpython_results()
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g == w
    assert any(v[2][0] for v in got)  # the verdicts are not all False


READ = '''
import json
from handheld.packs import Pack
from games.mobger import puzzles as P
out = []
for name in %r:
    pack = Pack("/levels/mobger/" + name, P.FORMAT)
    for i in range(pack.count):
        p = P.FORMAT.parse(pack.level(i), pack.header)
        out.append([p.kind, P.answer_text(p), P.check(p, p.answer), p.question()])
print(json.dumps(out))
'''


def test_micropython_reads_the_shipped_packs_and_their_answers_check():
    from handheld.packs import Pack
    from host_sim.mobger import puzzlegen as G
    files = {}
    for name in G.PACK_FILES:
        with open(os.path.join(ROOT, "levels", "mobger", name)) as f:
            files["/levels/mobger/" + name] = f.read()
    got = json.loads(mpy.run(READ % (G.PACK_FILES,), files=files).strip().splitlines()[-1])
    want = []
    for name in G.PACK_FILES:
        pack = Pack(os.path.join(ROOT, "levels", "mobger", name), P.FORMAT)
        for i in range(pack.count):
            p = P.FORMAT.parse(pack.level(i), pack.header)
            want.append([p.kind, P.answer_text(p), True, p.question()])
    assert got == want
