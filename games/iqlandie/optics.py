"""iQLANDIE optics tasks: place and turn n double-sided mirrors so a laser from the start port
reaches the goal port, reflecting off every mirror exactly once.

Cells are y * W + x; directions 0 N, 1 E, 2 S, 3 W; ports side * 6 + i. See TASKS.md.
"""

W = 6
H = 6
NONE = 255
TOKENS = (2, 3, 4)  # per difficulty
TRACE_MAX = 256
OK = 0
MISSED = 1
UNUSED = 2
TWICE = 3
BAD = 4
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
# reflected direction: REFLECT[orientation][direction]; 0 = "/", 1 = "\"
REFLECT = (b"\x01\x00\x03\x02", b"\x03\x02\x01\x00")

_mir = bytearray(W * H)  # scratch: orientation + 1 per cell (0 = empty)
_hit = bytearray(W * H)
TRACE_BUF = bytearray(TRACE_MAX)  # the default trace() buffer


class Task:
    def __init__(self, start, goal, sol):
        self.topic = 2
        self.seed = 0
        self.difficulty = 1
        self.start = start
        self.goal = goal
        self.sol = sol
        self.ntokens = len(sol) // 2


def port_cell(port):
    """(cell, inward direction) of an edge port."""
    side = port // 6
    i = port % 6
    if side == 0:
        return i, 2
    if side == 1:
        return i * W + W - 1, 3
    if side == 2:
        return (H - 1) * W + i, 0
    return i * W, 1


def exit_port(x, y, d):
    """The port a laser crosses leaving cell (x, y) in direction d."""
    if d == 0 or d == 2:
        return d * 6 + x
    return d * 6 + y


def _follow(start, mir, hit, buf):
    """Follow the laser through mirrors `mir`; returns (fields written to buf, exit port or NONE
    if it entered a mirror field twice)."""
    cell, d = port_cell(start)
    x = cell % W
    y = cell // W
    n = 0
    while True:
        o = mir[cell]
        if o:
            if hit[cell]:
                return n, NONE
            hit[cell] = 1
            d = REFLECT[o - 1][d]
        if n < len(buf):  # never exceeded: a laser from the edge visits each (field, dir) once
            buf[n] = cell * 4 + d
            n += 1
        dx, dy = STEP[d]
        x += dx
        y += dy
        if not (0 <= x < W and 0 <= y < H):
            return n, exit_port(x - dx, y - dy, d)
        cell = y * W + x


def trace(task, answer, buf=None):
    """(count, status) of the laser under `answer`; the fields it crosses go to buf."""
    if buf is None:
        buf = TRACE_BUF
    mir = _mir
    hit = _hit
    for i in range(W * H):
        mir[i] = 0
        hit[i] = 0
    placed = 0
    bad = False
    for tok in answer:
        c = tok[0]
        o = tok[1]
        if c == NONE:
            continue
        if not (0 <= c < W * H) or not (0 <= o <= 1) or mir[c]:
            bad = True
            continue
        mir[c] = o + 1
        placed += 1
    n, port = _follow(task.start, mir, hit, buf)
    if bad:
        return n, BAD
    if port == NONE:
        return n, TWICE
    if port != task.goal:
        return n, MISSED
    used = 0
    for i in range(W * H):
        used += hit[i]
    if used != placed or placed != task.ntokens:
        return n, UNUSED
    return n, OK


def check(task, answer):
    try:
        if len(answer) != task.ntokens:
            return False
        return trace(task, answer)[1] == OK
    except (TypeError, IndexError):
        return False


def generate(rng, difficulty=1):
    n = TOKENS[difficulty]
    mir = bytearray(W * H)
    seen = bytearray(W * H)
    sol = bytearray(2 * n)
    while True:
        for i in range(W * H):
            mir[i] = 0
            seen[i] = 0
        start = rng.below(24)
        cell, d = port_cell(start)
        x = cell % W
        y = cell // W
        placed = 0
        ok = True
        while True:
            if mir[cell]:
                ok = False  # would pass through (or hit again) a mirror
                break
            # a mirror only on a field the laser has not crossed yet, or it would change that pass
            if placed < n and not seen[cell] and rng.below(3) == 0:
                o = rng.below(2)
                mir[cell] = o + 1
                sol[2 * placed] = cell
                sol[2 * placed + 1] = o
                placed += 1
                d = REFLECT[o][d]
            seen[cell] = 1
            dx, dy = STEP[d]
            x += dx
            y += dy
            if not (0 <= x < W and 0 <= y < H):
                break
            cell = y * W + x
        if not ok or placed < n:
            continue
        goal = exit_port(x - dx, y - dy, d)
        if goal != start:
            return Task(start, goal, sol)


def key(task):
    """Identity of the puzzle the player sees: start and goal (the token count is the difficulty's)."""
    return task.start * 24 + task.goal


def new_answer(task):
    out = []
    for _ in range(task.ntokens):
        out.append([NONE, 0])
    return out


def solution(task):
    out = []
    for i in range(task.ntokens):
        out.append([task.sol[2 * i], task.sol[2 * i + 1]])
    return out
