"""Gravity room figures: `python -m host_sim.gravity.bench` (or main(out=print)).

Engine action time and CPU turn time (host CPU time, and the device estimate x150 against the
1.5 s budget), the AI's heap in MicroPython when it is installed, and the tournament hard vs
normal over 200 seeded games on varied boards (who starts alternates).
"""
import os
import random
import sys
import time

from games.gravity import ai
from games.gravity import board as B
from games.gravity.engine import DRAW, MAX_ACTIONS, PLAY, Engine
from handheld.packs import Pack, list_packs
from handheld.rng import Rng
from host_sim.gravity import generator as G

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_FACTOR = 150
BUDGET_S = 1.5
NAMES = {1: "easy", 2: "normal", 3: "hard"}


def boards():
    """Shipped boards plus generated ones of every size class."""
    out = []
    folder = os.path.join(ROOT, "levels", "gravity")
    for name in list_packs(folder):
        pack = Pack(os.path.join(folder, name), B.FORMAT)
        for i in range(pack.count):
            out.append(B.parse(pack.level(i)))
    out.extend(G.generate(25, 2027))
    return out


def _clock():
    return time.process_time()  # CPU time: other processes on the host do not count


def engine_times(bds, games=200, seed=1):
    rnd = random.Random(seed)
    buf = bytearray(MAX_ACTIONS)
    times = []
    for g in range(games):
        e = Engine()
        e.new_game(bds[g % len(bds)], 2 + (g % 3 == 0))
        while e.winner() < 0:
            a = buf[rnd.randrange(e.legal(buf))]
            playing = e.phase == PLAY
            t0 = _clock()
            e.play(a)
            dt = _clock() - t0
            if playing:
                times.append(dt)
    return times


def play_game(board, players, strengths, seed, times=None):
    """One seeded game; strengths[i] for player i. Returns the winner (DRAW for a draw)."""
    e = Engine()
    e.new_game(board, players)
    rng = Rng(seed)
    while e.winner() < 0:
        s = strengths[e.turn]
        t0 = _clock()
        a = ai.choose(e, s, rng)
        dt = _clock() - t0
        if times is not None and e.phase == PLAY:
            times.setdefault(s, []).append(dt)
        if not e.play(a):
            raise RuntimeError("the AI chose an illegal action %d" % a)
    return e.winner()


def tournament(bds, games=200, seed=500, times=None, strong=3, weak=2, players=2):
    """strong vs weak; returns (strong wins, draws, weak wins)."""
    w = d = l = 0
    for g in range(games):
        if g % 2 == 0:
            strengths = (strong, weak, weak)[:players]
            strong_is = (0,)
        else:
            strengths = (weak, strong, weak)[:players]
            strong_is = (1,)
        r = play_game(bds[g % len(bds)], players, strengths, seed + g, times)
        if r == DRAW:
            d += 1
        elif r in strong_is:
            w += 1
        else:
            l += 1
    return w, d, l


def ms(t):
    return t * 1000.0


def heap_figures():
    """(AI object heap, bytes allocated by one hard choose()) in MicroPython, or None."""
    try:
        from host_sim import micropython as mpy
    except ImportError:
        return None
    if not mpy.available():
        return None
    text = B.format_board(G.generate(1, 5, 12, 8)[0])
    out = mpy.run([mpy.HEAP_PROBE + '''
from games.gravity import ai, board
from games.gravity.engine import Engine
from handheld.rng import Rng
b = board.parse_rows(%r.split("\\n"))
e = Engine()
e.new_game(b, 2)
rng = Rng(3)
for tok in ("Gv", "@3,3", "@9,2", "@5,6"):
    e.play(board.parse_action(tok, b.width, b.height))
r = {"ai": 0, "choose": 0}
''' % text, "mark()", "ai.get()", "r['ai'] = since()",
        "r['choose'] = alloc_of(lambda: ai.choose(e, 3, rng))", "print(r)"])
    return eval(out.strip().splitlines()[-1])


def main(out=print, games=200):
    bds = boards()
    out("Gravity room (host CPU time; device estimate = host x %d; budget %.1f s per CPU turn)"
        % (DEVICE_FACTOR, BUDGET_S))
    t = engine_times(bds)
    mean = sum(t) / len(t)
    out("engine action: mean %.3f ms, max %.3f ms host -> %.0f / %.0f ms device (%d actions)"
        % (ms(mean), ms(max(t)), ms(mean) * DEVICE_FACTOR, ms(max(t)) * DEVICE_FACTOR, len(t)))
    times = {}
    tournament(bds, 40, 900, times, 1, 2)  # easy and normal turns
    w, d, l = tournament(bds, games, 500, times)
    for s in (1, 2, 3):
        ts = times.get(s, [])
        if not ts:
            continue
        mean = sum(ts) / len(ts)
        dev = max(ts) * DEVICE_FACTOR
        out("AI %-6s turn: mean %.2f ms, max %.2f ms host -> mean %.2f s, max %.2f s device "
            "(%s; %d turns)" % (NAMES[s], ms(mean), ms(max(ts)), mean * DEVICE_FACTOR, dev,
                                "within 1.5 s" if dev <= BUDGET_S else "OVER 1.5 s", len(ts)))
    hp = heap_figures()
    if hp is None:
        out("AI heap: MicroPython not installed (make setup)")
    else:
        out("AI heap (MicroPython): AI object %d bytes; one hard turn allocates %d bytes "
            "(ceiling 16384)" % (hp["ai"], hp["choose"]))
    decided = w + l
    out("tournament hard vs normal, %d games, %d boards, 2 players, starts alternate: "
        "hard %d wins, %d draws, %d losses" % (games, len(bds), w, d, l))
    out("  hard win share: %.1f%% of decided games, %.1f%% of all games (target >= 70%%)"
        % (100.0 * w / decided if decided else 0.0, 100.0 * w / games))
    return 0


if __name__ == "__main__":
    sys.path[:0] = [os.path.join(ROOT, "lib"), ROOT]
    sys.exit(main())
