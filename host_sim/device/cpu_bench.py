# The code.py of `make device`'s "cpu" tour (never shipped): the CPU players' turns and the
# task generation timed on the emulated Pico with the real games' modules of the .mpy bundle.
# Lines "cpu: game=G strength=S ms=N" and "gen: game=G task=T level=L ms=N" are read by
# host_sim/device/report.py; "@@NAME" lines let the key script wait for each part.
import gc
import os
import sys
import time

TURNS = {"gravity": 32, "mobger": 64}  # mobger: about 11 games, their long first turns
PER_BOARD = 8            # Gravity: play-phase turns timed per board, boards of levels/gravity in order
GEN_SEEDS = (60, 10)     # iQLANDIE: hard space tasks, hard tasks of the other topics
# and the slowest hard space seeds of 0-299 on the host (make bench lists them): the tail timed
# here, not estimated from the host
SLOW_SPACE_SEEDS = (96, 118, 175, 229)


def wait_console():
    try:
        import supervisor
        t0 = time.monotonic()
        while not supervisor.runtime.serial_connected and time.monotonic() - t0 < 10:
            time.sleep(0.05)
    except ImportError:
        pass


def ms_since(t0):
    return (time.monotonic_ns() - t0) // 1000000


def forget(prefix):
    for name in list(sys.modules):
        if name.startswith(prefix):
            del sys.modules[name]
    gc.collect()


def gravity():
    from handheld.packs import Pack, list_packs
    from handheld.rng import Rng
    from games.gravity.board import FORMAT
    from games.gravity import ai
    from games.gravity.engine import Engine, PLAY
    timed = 0
    for name in list_packs("/levels/gravity"):
        pack = Pack("/levels/gravity/" + name, FORMAT)
        for i in range(pack.count):
            if timed >= TURNS["gravity"]:
                return
            e = Engine()
            e.new_game(FORMAT.parse(pack.level(i), pack.header), 2)
            rng = Rng(1234 + i)
            here = 0
            while e.winner() < 0 and here < PER_BOARD and timed < TURNS["gravity"]:
                playing = e.phase == PLAY
                gc.collect()
                t0 = time.monotonic_ns()
                a = ai.choose(e, 3, rng)
                if playing:
                    print("cpu: game=gravity strength=3 ms=%d" % ms_since(t0))
                    here += 1
                    timed += 1
                if not e.play(a):
                    print("error: the CPU chose an illegal action %d" % a)
                    return


def mobger():
    from handheld.rng import Rng
    from games.mobger.engine import Engine
    from games.mobger.options import Options
    from games.mobger import ai
    g = 0
    timed = 0
    while timed < TURNS["mobger"]:
        o = Options()       # the default board, both goals, as host_sim/mobger/bench.py
        o.seed = 1000 + g
        o.goal = g & 1
        e = Engine()
        e.new_game(o)
        rng = Rng(7 + g)
        while e.winner() < 0 and timed < TURNS["mobger"]:
            gc.collect()
            t0 = time.monotonic_ns()
            a = ai.choose(e, 3, rng)
            print("cpu: game=mobger strength=3 ms=%d" % ms_since(t0))
            timed += 1
            if not e.play(a):
                print("error: the CPU chose an illegal action %d" % a)
                return
        g += 1


def iqlandie():
    from handheld.entry import unload
    from games.iqlandie import tasks
    hard = len(tasks.DIFFICULTIES) - 1
    for topic in (tasks.SPACE, tasks.BIOLOGY, tasks.PROGRAMMING, tasks.OPTICS):
        seeds = tuple(range(GEN_SEEDS[0] if topic == tasks.SPACE else GEN_SEEDS[1]))
        if topic == tasks.SPACE:
            seeds += SLOW_SPACE_SEEDS
        for seed in seeds:
            if topic == tasks.SPACE:
                # the game unloads space_gen after each round's task (screens.GENERATORS):
                # every space task pays its import and table build, timed with it
                unload(("games.iqlandie.space_gen",))
            gc.collect()
            t0 = time.monotonic_ns()
            tasks.generate(topic, seed, hard)
            print("gen: game=iqlandie task=%s level=hard ms=%d"
                  % (tasks.TOPICS[topic].lower(), ms_since(t0)))


wait_console()
print("@@start free=%d" % gc.mem_free())
for part in (gravity, mobger, iqlandie):
    try:
        part()
    except Exception as exc:    # reported, and the tour fails on it
        print("error: %s: %r" % (part.__name__, exc))
        sys.print_exception(exc)
    forget("games.")
    print("@@%s free=%d" % (part.__name__, gc.mem_free()))
print("@@DONE")
while True:
    time.sleep(1)
