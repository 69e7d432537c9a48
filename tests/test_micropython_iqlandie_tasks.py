"""iQLANDIE task generators inside real MicroPython: the same tasks, solutions and verdicts as
CPython for several seeds of every topic and difficulty, and the heap of a generated task.

Needs `make setup` (node + the MicroPython WebAssembly package). Figures print with `pytest -s`.
"""
import json

import pytest

from host_sim import micropython as mpy

from games.iqlandie import tasks

SEEDS = (0, 1, 2, 77, 1234, 40000, 65535)
TASK_HEAP_MAX = 1024  # one generated task object with its buffers (measured ~0.3 KB)
MODULES_HEAP_MAX = 24 * 1024  # tasks + the four topic modules, imported (measured ~19 KB)

SCRIPT = '''
import json
from games.iqlandie import tasks

def plain(v):
    if isinstance(v, (bytes, bytearray)):
        return list(v)
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v

out = []
for topic in range(4):
    for d in range(3):
        for seed in %r:
            t = tasks.generate(topic, seed, d)
            f = {}
            for k in sorted(t.__dict__):
                f[k] = plain(t.__dict__[k])
            sol = tasks.solution(t)
            out.append([f, plain(sol), tasks.check(t, sol), tasks.check(t, tasks.new_answer(t)),
                        tasks.task_id(t)])
print(json.dumps(out))
'''


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


def plain(v):
    if isinstance(v, (bytes, bytearray)):
        return list(v)
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


def test_micropython_generates_the_same_tasks_as_cpython():
    got = json.loads(mpy.run(SCRIPT % (SEEDS,)))
    i = 0
    for topic in range(4):
        for d in range(3):
            for seed in SEEDS:
                t = tasks.generate(topic, seed, d)
                f = {k: plain(v) for k, v in sorted(vars(t).items())}
                sol = tasks.solution(t)
                want = [f, plain(sol), True, False, tasks.task_id(t)]
                assert got[i] == want, (topic, d, seed)
                i += 1


def test_micropython_checkers_reject_wrong_answers_like_cpython():
    script = '''
from games.iqlandie import tasks, biology, optics, space
r = []
t = tasks.generate(0, 5)
b = biology.rotate(t.target, 3)
r.append(tasks.check(t, b))
b[0], b[1] = b[1], b[0]
r.append(tasks.check(t, b))
t = tasks.generate(1, 5)
s = tasks.solution(t)
r.append([tasks.check(t, c) for c in range(36)].count(True) == 1 and tasks.check(t, s))
t = tasks.generate(2, 5)
a = tasks.solution(t)
a[0][1] ^= 1
r.append(tasks.check(t, a))
a[0][1] ^= 1
buf = bytearray(optics.TRACE_MAX)
r.append(list(optics.trace(t, a, buf)))
t = tasks.generate(3, 5)
a = tasks.solution(t)
r.append(tasks.check(t, a[1:]))
r.append(list(space.compose(a)) == list(t.target))
print(r)
'''
    got = mpy.run(script).strip().splitlines()[-1]
    assert got.startswith("[True, False, True, False, [") and got.endswith(", 0], False, True]")


HEAP = mpy.HEAP_PROBE + '''
import games.iqlandie
import handheld.rng
t = None
tasks = None
r = {"modules": 0, "task0": 0, "task1": 0, "task2": 0, "task3": 0}
'''


def test_micropython_heap_of_the_modules_and_of_a_generated_task():
    steps = [HEAP, "mark()",
             # space's generator (space_gen.py) is imported by the first space task
             "from games.iqlandie import tasks\nfor m in range(4):\n    tasks.module(m)\n"
             "from games.iqlandie import space_gen",
             "r['modules'] = since()"]
    for topic in range(4):
        steps += ["mark()", "t = tasks.generate(%d, 123, 2)" % topic,
                  "r['task%d'] = since()" % topic, "t = None"]
    steps.append("print(r)")
    out = mpy.run(steps)
    r = eval(out.strip().splitlines()[-1])
    print("iqlandie tasks MicroPython heap: %r" % r)
    assert 0 < r["modules"] <= MODULES_HEAP_MAX
    for topic in range(4):
        assert 0 < r["task%d" % topic] <= TASK_HEAP_MAX
