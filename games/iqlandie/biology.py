"""iQLANDIE biology tasks: an 8-puzzle on a 3x3 board; any quarter turn of the target counts.

Cells are y * 3 + x; 0 is the empty cell, 1..8 the symbol tokens. See TASKS.md.
"""

SYMBOLS = ("", "Leaf", "Fish", "Bird", "Bug", "Flower", "Snail", "Frog", "Shell")
# (min, max) optimal slides per difficulty (min via the Manhattan bound, max via the walk length)
LEVELS = ((4, 8), (6, 14), (10, 18))
# clockwise quarter turn: new[i] = old[ROT[i]]
ROT = b"\x06\x03\x00\x07\x04\x01\x08\x05\x02"
NEIGHBOURS = ((1, 3), (0, 2, 4), (1, 5), (0, 4, 6), (1, 3, 5, 7), (2, 4, 8),
              (3, 7), (4, 6, 8), (5, 7))


class Task:
    def __init__(self, start, target, path):
        self.topic = 0
        self.seed = 0
        self.difficulty = 1
        self.start = start
        self.target = target
        self.path = path


def rotate(board, quarter_turns=1):
    """A new board: `board` turned clockwise `quarter_turns` times."""
    out = bytearray(board)
    tmp = bytearray(9)
    for _ in range(quarter_turns & 3):
        for i in range(9):
            tmp[i] = out[ROT[i]]
        out[:] = tmp
    return out


def slide(board, cell):
    """Slide the token at `cell` into the empty neighbour; False (board unchanged) if none."""
    if not 0 <= cell < 9 or board[cell] == 0:
        return False
    for n in NEIGHBOURS[cell]:
        if board[n] == 0:
            board[n] = board[cell]
            board[cell] = 0
            return True
    return False


def _parity(board):
    """Inversion parity of the tokens: invariant under slides on an odd-width board."""
    inv = 0
    for i in range(9):
        a = board[i]
        if a:
            for j in range(i + 1, 9):
                b = board[j]
                if b and b < a:
                    inv += 1
    return inv & 1


def _turns():
    """TURN[k][i]: where cell i goes when the board turns clockwise k times."""
    out = []
    to = bytearray(range(9))
    for _ in range(4):
        out.append(bytes(to))
        nxt = bytearray(9)
        for i in range(9):
            nxt[i] = _old_to_new(to[i])
        to = nxt
    return tuple(out)


def _old_to_new(i):
    # ROT[new] = old, so the new place of old cell i is where ROT holds i
    j = 0
    while ROT[j] != i:
        j += 1
    return j


TURN = _turns()
_pos = bytearray(9)


def lower_bound(start, target, stop=0):
    """Manhattan lower bound on the slides to any quarter turn of target (the sum of the tokens'
    distances); stops early once it is below `stop`."""
    pos = _pos
    for i in range(9):
        pos[target[i]] = i
    best = 99
    for k in range(4):
        to = TURN[k]
        d = 0
        for i in range(9):
            v = start[i]
            if v:
                j = to[pos[v]]
                dx = i % 3 - j % 3
                dy = i // 3 - j // 3
                d += (dx if dx >= 0 else -dx) + (dy if dy >= 0 else -dy)
        if d < best:
            best = d
            if best < stop:
                break
    return best


def generate(rng, difficulty=1):
    lo, hi = LEVELS[difficulty]
    target = bytearray(range(9))
    rng.shuffle(target)
    board = bytearray(9)
    walk = bytearray(hi)
    while True:
        board[:] = target
        blank = 0
        while board[blank]:  # (MicroPython's bytearray has no index())
            blank += 1
        prev = 255
        n = hi - rng.below(3)
        for k in range(n):
            nb = NEIGHBOURS[blank]
            c = nb[rng.below(len(nb))]
            if c == prev:  # no immediate backtracking
                c = nb[(nb.index(c) + 1 + rng.below(len(nb) - 1)) % len(nb)]
            walk[k] = blank
            board[blank] = board[c]
            board[c] = 0
            prev = blank
            blank = c
        if lower_bound(board, target, lo) >= lo:
            break
    # the walk moved the empty cell target -> start; replayed backwards it solves the task
    # (not always the shortest way: the walk may wander)
    path = bytearray(n)
    for k in range(n):
        path[k] = walk[n - 1 - k]
    return Task(board, target, path)


def key(task):
    """16-bit identity of the puzzle the player sees (start and target)."""
    from games.iqlandie.tasks import hash16
    return hash16(task.target, hash16(task.start))


def new_answer(task):
    return bytearray(task.start)


def solution(task):
    return bytearray(task.target)


def check(task, answer):
    try:
        if len(answer) != 9:
            return False
        seen = 0
        for v in answer:
            if not 0 <= v <= 8 or seen & (1 << v):
                return False
            seen |= 1 << v
    except TypeError:
        return False
    if _parity(answer) != _parity(task.start):
        return False  # not reachable by slides
    t = bytearray(task.target)
    for _ in range(4):
        if bytearray(answer) == t:
            return True
        t = rotate(t)
    return False
