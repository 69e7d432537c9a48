"""Gravity room figures: `python -m host_sim.gravity.bench` (or main(out=print)).

Engine action time and CPU turn time (host CPU time, and the device estimate x150 against the
1.5 s budget), the AI's heap in MicroPython when it is installed, and issue 14's figures for the
hard CPU over 200 seeded games on varied boards (who starts alternates): against the
"safe-random" opponent and against normal, its avoidable immediate losses and instant-win
setups. Those alone: `python -m host_sim.gravity.bench tournament [--games N] [--seed S]`.
"""
import os
import random
import sys
import time

if __name__ == "__main__":  # run as a script: the device's sys.path (CIRCUITPY/, CIRCUITPY/lib)
    _R = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path[:0] = [os.path.join(_R, "lib"), _R]

from games.gravity import ai
from games.gravity import board as B
from games.gravity.engine import DRAW, MAX_ACTIONS, PLAY, SETUP_PAWNS, Engine
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


SAFE = 0  # bench-only opponent: takes a win, else a random move that hands no immediate win


def wins_now(e):
    """True when the player to move has a winning action (every legal action is tried)."""
    me = e.turn
    buf = bytearray(MAX_ACTIONS)
    for i in range(e.legal(buf)):
        e.play(buf[i])
        w = e.won
        e.undo()
        if w == me:
            return True
    return False


def _safe_after(e, a, me):
    # a wins, or leaves the next player no immediate win
    e.play(a)
    ok = e.won == me or (e.won < 0 and not wins_now(e)) or e.won == DRAW
    e.undo()
    return ok


def safe_random(e, rng):
    """The "safe-random" opponent of issue 14: a winning action when there is one, else a random
    legal action after which the next player cannot win at once (any legal action when every
    one loses). Setup: random placements that leave the first mover no immediate win."""
    buf = bytearray(MAX_ACTIONS)
    n = e.legal(buf)
    me = e.turn
    if e.phase == PLAY:
        for i in range(n):
            e.play(buf[i])
            w = e.won
            e.undo()
            if w == me:
                return buf[i]
    safe = [buf[i] for i in range(n) if _safe_after(e, buf[i], me)]
    if safe:
        return safe[rng.below(len(safe))]
    return buf[rng.below(n)]


def avoidable(e, me):
    """True when the player to move (me) has an action that wins or hands no immediate win."""
    buf = bytearray(MAX_ACTIONS)
    for i in range(e.legal(buf)):
        if _safe_after(e, buf[i], me):
            return True
    return False


def choose(e, s, rng):
    return safe_random(e, rng) if s == SAFE else ai.choose(e, s, rng)


def play_game(board, players, strengths, seed, times=None, stats=None):
    """One seeded game; strengths[i] for player i (SAFE: the safe-random opponent). Returns the
    winner (DRAW for a draw). stats (a dict) counts, for hard (3) players: "turns", "lost"
    (an action after which the next player could win at once), "avoidable" (of those, when a
    winning or safe action existed), "setups" (hard made the last placement), "instant" (the
    first mover could then win at once) and "instant_avoidable"."""
    e = Engine()
    e.new_game(board, players)
    rng = Rng(seed)
    while e.winner() < 0:
        s = strengths[e.turn]
        ph = e.phase
        me = e.turn
        t0 = _clock()
        a = choose(e, s, rng)
        dt = _clock() - t0
        if times is not None and ph == PLAY:
            times.setdefault(s, []).append(dt)
        check = stats is not None and s == 3 and (
            ph == PLAY or (ph == SETUP_PAWNS and me == players - 1))
        if not e.play(a):
            raise RuntimeError("the CPU chose an illegal action %d" % a)
        if check:
            k = "turns" if ph == PLAY else "setups"
            stats[k] = stats.get(k, 0) + 1
            if e.won < 0 and wins_now(e):
                k = "lost" if ph == PLAY else "instant"
                stats[k] = stats.get(k, 0) + 1
                e.undo()
                if avoidable(e, me):
                    k = "avoidable" if ph == PLAY else "instant_avoidable"
                    stats[k] = stats.get(k, 0) + 1
                e.play(a)
    return e.winner()


def tournament(bds, games=200, seed=500, times=None, strong=3, weak=2, players=2, stats=None):
    """strong vs weak; returns (strong wins, draws, weak wins)."""
    w = d = l = 0
    for g in range(games):
        if g % 2 == 0:
            strengths = (strong, weak, weak)[:players]
            strong_is = (0,)
        else:
            strengths = (weak, strong, weak)[:players]
            strong_is = (1,)
        r = play_game(bds[g % len(bds)], players, strengths, seed + g, times, stats)
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
    issue14(out, games, 500, bds, times)
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
    return 0


def issue14(out=print, games=200, seed=500, bds=None, times=None):
    """Issue 14's figures for the hard CPU, 2 players, starts alternate, seeded: against the
    safe-random opponent and against normal, with hard's avoidable immediate losses, instant-win
    setups and host time per turn (CPU time; times[strength] gets the turn times)."""
    bds = bds or boards()
    stats = {}
    times = {} if times is None else times
    rows = []
    for weak, name in ((SAFE, "safe-random"), (2, "normal")):
        w, d, l = tournament(bds, games, seed, times, 3, weak, 2, stats)
        rows.append((name, w, d, l))
        out("hard vs %-11s %d games (seed %d, %d boards): %d wins, %d draws, %d losses = %.1f%% "
            "wins (target >= %d%%)" % (name, games, seed, len(bds), w, d, l, 100.0 * w / games,
                                      80 if weak == SAFE else 75))
    g = stats.get
    out("hard turns %d: %d let the opponent win at once, %d of them avoidable (target 0)"
        % (g("turns", 0), g("lost", 0), g("avoidable", 0)))
    out("hard last placements %d: %d leave the first mover a win at once, %d of them avoidable "
        "(target 0)" % (g("setups", 0), g("instant", 0), g("instant_avoidable", 0)))
    ts = sorted(times.get(3, []))
    if ts:
        out("hard turn host CPU time: mean %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms "
            "(%d turns)" % (ms(sum(ts) / len(ts)), ms(ts[len(ts) // 2]),
                            ms(ts[len(ts) * 95 // 100]), ms(ts[-1]), len(ts)))
    return rows, stats, times


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_sim.gravity.bench")
    ap.add_argument("command", nargs="?", default="all", choices=("all", "tournament"),
                    help="all: every figure (make bench); tournament: issue 14's figures only")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=500)
    args = ap.parse_args()
    if args.command == "tournament":
        issue14(games=args.games, seed=args.seed)
        sys.exit(0)
    sys.exit(main(games=args.games))
