"""Solver figures on a 155-level beginner-style Sokoban collection made by our generator.

    python -m host_sim.whirly.bench make [--jobs 2]     rewrites tests/data/whirly-beginner-155.txt
    python -m host_sim.whirly.bench run [--time 30] [--jobs 2] [--pack FILE]

`run` solves every level once with the largest limit and counts the levels solved within
1 s, 5 s and the limit (A* is deterministic: a level solved in t seconds is solved by any limit
above t). The collection is ours (generated, like the shipped packs): no third-party levels.
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(REPO, "lib"), REPO):  # the device's sys.path, as host_sim/__main__.py
    if _p not in sys.path:
        sys.path.insert(0, _p)

from host_sim.whirly import generator as G  # noqa: E402
COLLECTION = os.path.join(REPO, "tests", "data", "whirly-beginner-155.txt")

# Microban-like: many small levels, fewer big ones with up to 10 boxes (155 in all)
TIERS = (G.Tier(30, 8, 7, 2), G.Tier(30, 10, 8, 3), G.Tier(30, 12, 9, 4),
         G.Tier(25, 14, 10, 5, states=40000), G.Tier(20, 16, 12, 6, states=50000),
         G.Tier(12, 18, 13, 8, states=60000), G.Tier(8, 20, 15, 10, states=80000))
SEED = 155


def make(path=COLLECTION, jobs=2, progress=True):
    bar = G.Progress("beginner-155", sum(t.count for t in TIERS), enabled=progress)
    levels = G.generate_levels("sokoban", TIERS, SEED, G.GREY, (8, 15, 2), jobs, bar)
    bar.end()
    text = G.pack_text("Beginner 155 (generated test collection)", "sokoban", levels, "xsb",
                       "Solver benchmark: 155 generated levels, Microban-like sizes.",
                       "made by: python -m host_sim.whirly.bench make")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write(text)
    return levels


def _solve_one(job):
    index, level, limit = job
    from host_sim.whirly import solver
    st = {}
    t0 = time.time()
    moves = solver.solve(level, None, time_limit=limit, stats=st)
    return index, moves is not None, time.time() - t0, st.get("pushes"), st.get("states")


def run(path=COLLECTION, limit=30.0, jobs=1, out=None, limits=(1.0, 5.0)):
    from host_sim.whirly import packfile
    out = out or sys.stdout
    pack, items = packfile.levels(path)
    jobs_list = [(i, lv, limit) for i, raw, lv, err in items if lv is not None]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_solve_one, jobs_list, chunksize=1)
    else:
        results = [_solve_one(j) for j in jobs_list]
    results.sort()
    for i, ok, secs, pushes, states in results:
        print("%3d %-8s %6.2f s %s" % (i + 1, "solved" if ok else "-", secs,
                                       "%d pushes, %d positions" % (pushes, states) if ok else
                                       "%s positions" % states), file=out)
    counts = []
    for lim in tuple(limits) + (limit,):
        n = sum(1 for r in results if r[1] and r[2] <= lim)
        counts.append((lim, n))
        print("solved within %4g s: %d/%d" % (lim, n, len(items)), file=out)
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.whirly.bench")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("make")
    p.add_argument("--jobs", type=int, default=2)
    p = sub.add_parser("run")
    p.add_argument("--time", type=float, default=30.0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--pack", default=COLLECTION)
    args = ap.parse_args(argv)
    if args.cmd == "make":
        levels = make(jobs=args.jobs)
        print("%s: %d levels" % (COLLECTION, len(levels)))
        return 0
    run(args.pack, args.time, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
