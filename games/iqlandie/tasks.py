"""iQLANDIE tasks: seeded generation, checking and solutions of the four topics. See TASKS.md."""
from handheld.rng import Rng

TOPICS = ("Biology", "Programming", "Optics", "Space")
BIOLOGY = 0
PROGRAMMING = 1
OPTICS = 2
SPACE = 3
DIFFICULTIES = ("Easy", "Normal", "Hard")
NORMAL = 1


def module(topic):
    """The topic's module, imported on first use (keeps the heap small)."""
    if topic == BIOLOGY:
        from games.iqlandie import biology as m
    elif topic == PROGRAMMING:
        from games.iqlandie import programming as m
    elif topic == OPTICS:
        from games.iqlandie import optics as m
    elif topic == SPACE:
        from games.iqlandie import space as m
    else:
        raise ValueError("topic")
    return m


def rng_for(topic, seed, difficulty=NORMAL):
    """The PRNG of one task: small consecutive seeds give unrelated tasks."""
    s = ((seed & 0xFFFF) << 4 | topic << 2 | difficulty) + 1
    s = (s * 2654435761) & 0xFFFFFFFF  # Knuth's multiplicative hash spreads the low bits
    r = Rng(s)
    for _ in range(4):  # xorshift needs a few rounds to mix a sparse state
        r.next()
    return r


def generate(topic, seed, difficulty=NORMAL):
    if not 0 <= difficulty < len(DIFFICULTIES):
        raise ValueError("difficulty")
    task = module(topic).generate(rng_for(topic, seed, difficulty), difficulty)
    task.topic = topic
    task.seed = seed & 0xFFFF
    task.difficulty = difficulty
    return task


def task_seed(game_seed, rnd, topic):
    """The first seed tried for a round's task."""
    return (game_seed * 31 + rnd * 977 + topic * 131 + 7) & 0xFFFF


def round_tasks(game_seed, topics, difficulty, used, out):
    """The tasks of rounds len(out)..len(topics)-1 (topics: the topic of each round so far),
    appended to out; none repeated in a game: a seed whose puzzle was already seen (same
    task_id, kept in `used`) moves on to the next seed. Deterministic, so a resumed game gets
    the same tasks."""
    for rnd in range(len(out), len(topics)):
        seed = task_seed(game_seed, rnd, topics[rnd])
        while True:
            task = generate(topics[rnd], seed, difficulty)
            tid = task_id(task)
            if tid not in used:
                break
            seed = (seed + 40503) & 0xFFFF
        used[tid] = rnd
        out.append(task)
    return out


def hash16(data, h=0):
    """A small 16-bit hash of bytes (small ints only: no long-int allocation on the device)."""
    for b in data:
        h = (h * 33 + b + 1) % 65521
    return h


def task_id(task):
    """(difficulty * 4 + topic) << 16 | a 16-bit key of what the player sees: equal for two seeds
    that give the same puzzle, so the game refuses it as a repeat (optics: start and goal, exact;
    other topics: a hash, whose rare collisions only cost the game one more seed)."""
    return (task.difficulty * 4 + task.topic) << 16 | module(task.topic).key(task)


def check(task, answer):
    return module(task.topic).check(task, answer)


def solution(task):
    return module(task.topic).solution(task)


def new_answer(task):
    return module(task.topic).new_answer(task)
