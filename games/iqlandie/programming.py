"""iQLANDIE programming tasks: follow colour/symbol commands on a 6x6 grid; where does the robot stop?

Cells are y * W + x. See TASKS.md.
"""

W = 6
H = 6
COLOURS = ("Red", "Blue", "Green", "Yellow")
SYMBOLS = ("Circle", "Square", "Triangle", "Cross")
# steps of the sides N, E, S, W and of the corners NE, SE, SW, NW
SIDE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
CORNER_STEP = ((1, -1), (1, 1), (-1, 1), (-1, -1))
COMMANDS = (3, 4, 5)  # per difficulty
MAX_COUNT = 3


class Task:
    def __init__(self, sides, corners, start, prog):
        self.topic = 1
        self.seed = 0
        self.difficulty = 1
        self.sides = sides
        self.corners = corners
        self.start = start
        self.prog = prog
        self.ncmd = len(prog) // 2


def direction(task, target):
    """(dx, dy) of a command target: 0..3 colour id, 4..7 symbol id + 4."""
    return direction_of(task.sides, task.corners, target)


def run(task):
    """The cell the robot stops on after each command."""
    out = bytearray(task.ncmd)
    x = task.start % W
    y = task.start // W
    for i in range(task.ncmd):
        dx, dy = direction(task, task.prog[2 * i])
        n = task.prog[2 * i + 1]
        x += dx * n
        y += dy * n
        out[i] = y * W + x
    return out


def generate(rng, difficulty=1):
    ncmd = COMMANDS[difficulty]
    sides = bytearray(range(4))
    rng.shuffle(sides)
    corners = bytearray(range(4))
    rng.shuffle(corners)
    prog = bytearray(2 * ncmd)
    opts = bytearray(8 * MAX_COUNT * 2)
    while True:
        start = rng.below(W * H)
        x = start % W
        y = start // W
        prev = 255
        for i in range(ncmd):
            # every (target, count) whose whole move stays inside the grid
            m = 0
            for t in range(8):
                if t == prev:
                    continue  # the same target twice in a row would just be one longer move
                dx, dy = direction_of(sides, corners, t)
                for n in range(1, MAX_COUNT + 1):
                    nx = x + dx * n
                    ny = y + dy * n
                    if 0 <= nx < W and 0 <= ny < H:
                        opts[2 * m] = t
                        opts[2 * m + 1] = n
                        m += 1
            k = rng.below(m)
            t = opts[2 * k]
            n = opts[2 * k + 1]
            prog[2 * i] = t
            prog[2 * i + 1] = n
            dx, dy = direction_of(sides, corners, t)
            x += dx * n
            y += dy * n
            prev = t
        if y * W + x != start:
            return Task(sides, corners, start, prog)


def _where(buf, v):
    # (MicroPython's bytearray has no index())
    i = 0
    while buf[i] != v:
        i += 1
    return i


def direction_of(sides, corners, target):
    if target < 4:
        return SIDE_STEP[_where(sides, target)]
    return CORNER_STEP[_where(corners, target - 4)]


def key(task):
    """16-bit identity of the puzzle the player sees (grid colours, start, program)."""
    from games.iqlandie.tasks import hash16
    h = hash16(task.sides, task.start)
    return hash16(task.prog, hash16(task.corners, h))


def new_answer(task):
    return task.start


def solution(task):
    x = task.start % W
    y = task.start // W
    for i in range(task.ncmd):
        dx, dy = direction(task, task.prog[2 * i])
        n = task.prog[2 * i + 1]
        x += dx * n
        y += dy * n
    return y * W + x


def check(task, answer):
    return type(answer) is int and answer == solution(task)
