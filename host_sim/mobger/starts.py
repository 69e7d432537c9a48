"""MobGer start balance: `python -m host_sim.mobger.starts [--starts N] [--seed0 S]`.

Samples N seeded default starts (7x7, 6 Gers, simple directions) per goal, solves each exactly
(host_sim/mobger/solver.py) and prints the first mover's forced wins / draws / losses and the
share of Gers (not the Black Ger, which starts in the House) on the House's row or column.
Target (issue 14): the first mover wins by force in at most 55% of starts.
"""
import argparse
import time

from games.mobger.engine import Engine, Options
from host_sim.mobger.solver import Solver

TARGET = 0.55


def start_options(seed, goal):
    o = Options()
    o.seed = seed & 0xFFFF
    o.goal = goal
    return o


def on_lines(e):
    """(Gers on the House's row or column, Gers) over ranks 1.. of engine e's position."""
    hx = e.house % e.w
    hy = e.house // e.w
    k = 0
    for r in range(1, e.n):
        c = e.pos[r]
        if c % e.w == hx or c // e.w == hy:
            k += 1
    return k, e.n - 1


def balance(goal, starts=500, seed0=0, cap=2000000):
    """-> dict: starts, wins, draws, losses, unknown (first mover's exact result), line share,
    all_on_lines (starts with every Ger on the House's row/column), seconds."""
    t0 = time.perf_counter()
    res = {1: 0, 0: 0, -1: 0, None: 0}
    on = tot = every = 0
    solver = Solver(cap)
    for g in range(starts):
        e = Engine()
        e.new_game(start_options(seed0 + g, goal))
        k, n = on_lines(e)
        on += k
        tot += n
        every += k == n
        res[solver.value(e)] += 1
    return {"starts": starts, "wins": res[1], "draws": res[0], "losses": res[-1],
            "unknown": res[None], "line_share": on / float(max(1, tot)), "all_on_lines": every,
            "seconds": time.perf_counter() - t0}


def report(goal, r, out=print):
    share = r["wins"] / float(max(1, r["starts"]))
    out("MobGer starts goal %s: %d starts sampled (seeds from the default options), first mover "
        "by force: %d wins, %d draws, %d losses, %d unsolved; first-mover win share %.1f%% %s; "
        "Gers on the House's row/column %.1f%% (every Ger in %d starts); %.1f s"
        % ("AB"[goal], r["starts"], r["wins"], r["draws"], r["losses"], r["unknown"], 100 * share,
           "ok" if share <= TARGET else "OVER 55%", 100 * r["line_share"], r["all_on_lines"],
           r["seconds"]))
    return share <= TARGET


def main(argv=None, out=print):
    ap = argparse.ArgumentParser(prog="python -m host_sim.mobger.starts")
    ap.add_argument("--starts", type=int, default=500)
    ap.add_argument("--seed0", type=int, default=0)
    a = ap.parse_args(argv)
    ok = True
    for goal in (0, 1):
        ok = report(goal, balance(goal, a.starts, a.seed0), out) and ok
    return ok


if __name__ == "__main__":
    main()
