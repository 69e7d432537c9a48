"""Solver figures on our own Sokoban collections (made by our generator, no third-party levels).

    python -m host_sim.whirly.bench make [--set beginner|corridors|hard] [--jobs 2]  rewrites one
    python -m host_sim.whirly.bench run [--set all] [--time 60] [--limits 1,5,20] [--jobs 2]
                                [--prune default|all|optimal|none|pi_corral,tunnel,...]
                                [--optimal] [--pack FILE]
    python -m host_sim.whirly.bench ablation [--set all] [--states 20000] [--jobs 2]

`run` solves every level with solver.solve()'s portfolio (the optimal A* forward and backward
alone first, then they, weighted A* both ways and the packing-order search taking turns) and
counts the levels solved within each limit: each limit gets its own run, except for the levels
an optimal phase already solved at a smaller one. With --optimal (the forward A* alone) one run
at the largest limit is counted at each smaller one too (A* is deterministic: a level solved in
t seconds is solved by any limit above t, on the same machine under the same load). Times depend
on the machine and its load; the positions expanded do not, so they are printed too. `ablation`
caps each search at a number of positions instead of seconds, so its table is the same on any
machine: solved levels and positions expanded with no pruning, each pruning alone, the default
set without each of its own, the default set, and all.
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

from host_sim import memguard  # noqa: E402
from host_sim.whirly import generator as G  # noqa: E402
from host_sim.whirly import pushpull, solver  # noqa: E402

DATA = os.path.join(REPO, "tests", "data")
COLLECTION = os.path.join(DATA, "whirly-beginner-155.txt")


class Collection:
    def __init__(self, name, filename, title, about, tiers, seed, search=None):
        self.name = name
        self.path = os.path.join(DATA, filename)
        self.title = title
        self.about = about
        self.tiers = tiers
        self.seed = seed
        self.search = G.SEARCH if search is None else search  # solve() options of its making


SETS = {
    # Microban-like: many small levels, fewer big ones with up to 10 boxes (155 in all)
    "beginner": Collection(
        "beginner", "whirly-beginner-155.txt", "Beginner 155 (generated test collection)",
        "Solver benchmark: 155 generated levels, Microban-like sizes.",
        (G.Tier(30, 8, 7, 2), G.Tier(30, 10, 8, 3), G.Tier(30, 12, 9, 4),
         G.Tier(25, 14, 10, 5, states=40000), G.Tier(20, 16, 12, 6, states=50000),
         G.Tier(12, 18, 13, 8, states=60000), G.Tier(8, 20, 15, 10, states=80000)), 155),
    # bigger rooms, more boxes, deeper co-game searches: longer solutions
    "hard": Collection(
        "hard", "whirly-hard-45.txt", "Hard 45 (generated test collection)",
        "Solver benchmark: 45 generated levels, bigger rooms, 6 to 12 boxes.",
        (G.Tier(10, 14, 10, 6, states=60000), G.Tier(10, 16, 12, 7, states=80000),
         G.Tier(10, 18, 13, 8, states=100000), G.Tier(10, 20, 15, 10, states=120000),
         G.Tier(5, 22, 16, 12, states=150000)), 45,
        # made with solve()'s default search of its day (the prunings but frozen_goals, the
        # sides' bound and the held boxes, which came later), not the packs' one
        search={"prune": pushpull.DEFAULT - {"frozen_goals", "sides", "held"}}),
    # corridor mazes with loops (generator.make_maze): one-wide tunnels everywhere
    "corridors": Collection(
        "corridors", "whirly-corridors-36.txt", "Corridors 36 (generated test collection)",
        "Solver benchmark: 36 generated levels in corridor mazes with loops, 3 to 6 boxes.",
        (G.Tier(10, 13, 9, 3, maze=8), G.Tier(10, 15, 11, 4, maze=12),
         G.Tier(10, 17, 11, 5, maze=14, states=60000),
         G.Tier(6, 19, 13, 6, maze=18, states=80000)), 36),
}
TIERS = SETS["beginner"].tiers  # kept for callers of the old single collection
SEED = SETS["beginner"].seed

PRUNE_SETS = {"default": pushpull.DEFAULT, "all": pushpull.ALL, "optimal": pushpull.OPTIMAL,
              "none": frozenset()}


def prune_of(text):
    """'default', 'all', 'optimal', 'none' or names of PRUNINGS joined by commas -> a
    frozenset."""
    if text in PRUNE_SETS:
        return PRUNE_SETS[text]
    names = frozenset(n for n in text.split(",") if n)
    bad = names - set(pushpull.PRUNINGS)
    if bad:
        raise SystemExit("unknown pruning: %s (known: %s)" % (", ".join(sorted(bad)),
                                                              ", ".join(pushpull.PRUNINGS)))
    return names


def _maze_room(rng, tier, style):
    """generator._room for Sokoban with Tier(maze=n): a corridor maze instead of a room (the
    generator makes those for BoxiMaze only)."""
    floor = G.make_maze(rng, tier.width, tier.height, tier.maze)
    if not floor:
        return None
    floor, W, H = G.crop(floor)
    d = G.dress(rng, floor, W, H, tier.boxes, style)
    return None if d is None else (W, H) + d


def make(name="beginner", jobs=2, progress=True):
    c = SETS[name]
    bar = G.Progress("%s-%d" % (name, sum(t.count for t in c.tiers)),
                     sum(t.count for t in c.tiers), enabled=progress)
    room, search = G._room, G.SEARCH
    if any(t.maze for t in c.tiers):
        G._room = _maze_room  # worker processes are forked after this, so they see it too
    G.SEARCH = c.search
    try:
        levels = G.generate_levels("sokoban", c.tiers, c.seed, G.GREY, (8, 15, 2), jobs, bar)
    finally:
        G._room, G.SEARCH = room, search
    bar.end()
    how = "python -m host_sim.whirly.bench make" + ("" if name == "beginner" else
                                                     " --set " + name)
    text = G.pack_text(c.title, "sokoban", levels, "xsb", c.about, "made by: " + how)
    os.makedirs(os.path.dirname(c.path), exist_ok=True)
    with open(c.path, "w", newline="\n") as f:
        f.write(text)
    return levels


def _solve_one(job):
    """(index, solved, seconds, pushes, expanded, stored pushes, expanded by corral searches,
    found by a weighted phase of the portfolio, method) of one level. With a position cap (the
    ablation) the forward A* alone; else solver.solve() (optimal: the forward A* alone)."""
    index, level, limit, states, prune, stored, optimal = job
    if states is not None:
        t0 = time.time()
        res = pushpull.astar(level, None, time_limit=limit, max_states=states, prune=prune)
        secs = time.time() - t0
        if res.moves is not None:
            why = solver.check(level, res.moves)
            if why is not None:
                raise AssertionError("wrong solution (%s) for level %d" % (why, index + 1))
        return (index, res.moves is not None, secs, res.pushes, res.expanded, stored,
                res.corral_expanded, False, res.method)
    st = {}
    moves = solver.solve(level, time_limit=limit, prune=prune, optimal=optimal, stats=st)
    return (index, moves is not None, st["seconds"], st["pushes"], st["expanded"], stored,
            st["corral_expanded"], moves is not None and not st["optimal"], st["method"])


def _jobs_of(path, limit, states, prune, first=None, optimal=False):
    from host_sim.whirly import packfile, solver
    pack, items = packfile.levels(path)
    out = []
    for i, raw, lv, err in items[:first]:
        if lv is None:
            continue
        stored = None
        if raw.solution and solver.check(lv, raw.solution) is None:
            stored = solver.figures(lv, raw.solution)[0]
        out.append((i, lv, limit, states, prune, stored, optimal))
    return out


def _worker_memory(limit):
    memguard.LIMIT = limit


def _map(jobs_list, jobs, progress=None):
    """_solve_one() of each job, in jobs processes; progress: a file told each level's result as
    it comes (an XSokoban run at 60 s takes an hour)."""
    results = []

    def came(r):
        results.append(r)
        if progress is not None:
            print("[%d/%d, limit %g s] %3d %s %.2f s" % (
                len(results), len(jobs_list), jobs_list[0][2], r[0] + 1,
                "solved" if r[1] else "-", r[2]), file=progress, flush=True)
    if jobs > 1 and len(jobs_list) > 1:
        import multiprocessing
        # the workers share the memory guard's limit (each alone would take all of it)
        lim = memguard.limit()
        share = (lim // jobs if lim is not None else None,)
        with multiprocessing.get_context("fork").Pool(jobs, _worker_memory, share) as pool:
            for r in pool.imap_unordered(_solve_one, jobs_list, chunksize=1):
                came(r)
    else:
        for j in jobs_list:
            came(_solve_one(j))
    results.sort()
    return results


def run(path=COLLECTION, limit=30.0, jobs=1, out=None, limits=(1.0, 5.0),
        prune=pushpull.DEFAULT, first=None, verbose=True, optimal=False, progress=None):
    """Solve every level of path with solve()'s portfolio and count the levels solved within
    each of limits and limit; -> [(limit, solved)] and the figures dict of the largest limit.

    The portfolio's phases get shares of the limit, so each limit gets its own run, smallest
    first; a level an optimal phase solved at a smaller limit keeps that result (at a larger one
    that search has had at least as much time at every moment: solved again, by it or by a
    search before it). optimal: the forward A* alone, one run at the largest limit counted at
    each smaller one by its time. progress: a file told each level's result as it comes.
    (Only what the optimal phase solved within solver.NATIVE_ALONE_MAX seconds is kept: past
    that a limit over solver.NATIVE_ALONE_ALL gives the Python turns a share of the cores.)"""
    out = out or sys.stdout
    ladder = sorted(set(tuple(limits) + (limit,)))
    jobs_list = _jobs_of(path, ladder[-1], None, prune, first, optimal)
    per = {}
    if optimal:
        results = _map(jobs_list, jobs, progress)
        for lim in ladder:
            per[lim] = [r for r in results if r[1] and r[2] <= lim]
    else:
        kept = {}  # index -> result of a level an optimal phase solved
        for lim in ladder:
            todo = [j[:2] + (lim,) + j[3:] for j in jobs_list if j[0] not in kept]
            results = sorted(list(kept.values()) + _map(todo, jobs, progress))
            per[lim] = [r for r in results if r[1] and r[2] <= lim]
            for r in results:
                if r[1] and not r[7] and r[2] <= solver.NATIVE_ALONE_MAX:
                    kept[r[0]] = r
    longer = longer_weighted = 0
    methods = {}
    for i, ok, secs, pushes, expanded, stored, sub, weighted, how in results:
        if ok and stored is not None and pushes > stored:
            longer += 1
            longer_weighted += weighted
        if ok:
            methods[how] = methods.get(how, 0) + 1
        if verbose:
            print("%3d %-8s %6.2f s %7d expanded  %s" % (
                i + 1, "solved" if ok else "-", secs, expanded,
                "%d pushes (stored %s), %s" % (pushes, stored, how) if ok else ""), file=out)
    counts = [(lim, len(per[lim])) for lim in ladder]
    figs = {"levels": len(results), "expanded": sum(r[4] for r in results),
            "corral_expanded": sum(r[6] for r in results),
            "seconds": sum(r[2] for r in results), "longer_than_stored": longer,
            "weighted": sum(1 for r in results if r[7]),
            "weighted_per_limit": [(lim, sum(1 for r in per[lim] if r[7])) for lim in ladder],
            "longer_weighted": longer_weighted, "methods": methods}
    if verbose:
        for lim, n in counts:
            nw = dict(figs["weighted_per_limit"])[lim]
            print("solved within %4g s: %d/%d%s" % (
                lim, n, len(results), " (%d by a weighted phase)" % nw if nw else ""),
                file=out)
        print("positions expanded in all: %d (and %d in corral searches); solutions longer "
              "than the stored one: %d (%d found by a weighted phase)" % (
                  figs["expanded"], figs["corral_expanded"], longer, longer_weighted),
              file=out)
        print("found by: " + ", ".join("%s %d" % kv for kv in sorted(methods.items())),
              file=out)
    return counts, figs


def ablation_configs():
    """(label, pruning set): none, each alone, the default set without each of its own, the
    default set, and all (the default set with the corral searches)."""
    out = [("none", frozenset())]
    for p in pushpull.PRUNINGS:
        out.append((p + " only", frozenset((p,))))
    for p in pushpull.PRUNINGS:
        if p in pushpull.DEFAULT:
            out.append(("default but " + p, pushpull.DEFAULT - {p}))
    out.append(("default", pushpull.DEFAULT))
    out.append(("all", pushpull.ALL))
    return out


def ablation(path=COLLECTION, states=20000, jobs=1, out=None, first=None, configs=None):
    """Per pruning set: levels solved within `states` positions, positions expanded in all and
    on the levels every set solved (with, after a +, those the corral searches expanded).
    Deterministic (no clock). -> [(label, solved, expanded, expanded on common, corral)]."""
    out = out or sys.stdout
    configs = configs or ablation_configs()
    per = []
    for label, prune in configs:
        per.append((label, _map(_jobs_of(path, 1e9, states, prune, first), jobs)))
    common = None
    for label, res in per:
        ok = {r[0] for r in res if r[1]}
        common = ok if common is None else common & ok
    rows = []
    print("%-28s %8s %18s %20s" % ("pruning (cap %d positions)" % states, "solved", "expanded",
                                   "on the %d common" % len(common)), file=out)
    for label, res in per:
        solved = sum(1 for r in res if r[1])
        exp = sum(r[4] for r in res)
        sub = sum(r[6] for r in res)
        exp_common = sum(r[4] for r in res if r[0] in common)
        sub_common = sum(r[6] for r in res if r[0] in common)
        rows.append((label, solved, exp, exp_common, sub))
        print("%-28s %4d/%-3d %18s %20s" % (
            label, solved, len(res), "%d%s" % (exp, "+%d" % sub if sub else ""),
            "%d%s" % (exp_common, "+%d" % sub_common if sub_common else "")), file=out)
    return rows


# make bench's share (host_sim/bench.py): (set, largest limit, smaller limits, first levels)
MAKE_BENCH_RUNS = (("beginner", 20.0, (1.0, 5.0), None), ("corridors", 20.0, (1.0, 5.0), None),
                   ("hard", 20.0, (1.0, 5.0), 20))
MAKE_BENCH_ABLATION = ("corridors", 3000)  # set, position cap


def bench_lines(out=print, jobs=2):
    """The `make bench` section, kept under 2 minutes on 2 cores (about 20 s when they are
    free): solve()'s portfolio on each set, counted at 1, 5 and 20 s (run() runs a limit again
    only for the levels an optimal phase did not solve at a smaller one; the hard set: its
    first 20 levels), then the ablation on the corridor set with a small position cap
    (deterministic)."""
    import io
    t0 = time.time()
    for name, limit, limits, first in MAKE_BENCH_RUNS:
        c = SETS[name]
        if not os.path.exists(c.path):
            out("%s: no collection (python -m host_sim.whirly.bench make --set %s)" % (name, name))
            continue
        counts, figs = run(c.path, limit, jobs, limits=limits, first=first, verbose=False)
        out("%s%s: solved within %s; %d positions expanded; %d found by a weighted phase" % (
            os.path.basename(c.path), " (first %d levels)" % first if first else "",
            ", ".join("%g s %d/%d" % (lim, n, figs["levels"]) for lim, n in counts),
            figs["expanded"], figs["weighted"]))
    name, cap = MAKE_BENCH_ABLATION
    buf = io.StringIO()
    ablation(SETS[name].path, states=cap, jobs=jobs, out=buf,
             configs=[(lb, p) for lb, p in ablation_configs()
                      if lb in ("none", "default") or lb.startswith("default but")])
    out("ablation on %s:" % os.path.basename(SETS[name].path))
    for line in buf.getvalue().splitlines():
        out("  " + line)
    out("(Whirly solver section: %.0f s)" % (time.time() - t0))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.whirly.bench")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("make")
    p.add_argument("--set", default="beginner", choices=sorted(SETS))
    p.add_argument("--jobs", type=int, default=2)
    p = sub.add_parser("run")
    p.add_argument("--set", default="all", choices=["all"] + sorted(SETS))
    p.add_argument("--time", type=float, default=60.0)
    p.add_argument("--limits", default="1,5,20")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--prune", default="default")
    p.add_argument("--optimal", action="store_true",
                   help="the optimal A* alone, no weighted phase (implied by --prune optimal)")
    p.add_argument("--pack", help="another pack file instead of --set")
    p = sub.add_parser("ablation")
    p.add_argument("--set", default="all", choices=["all"] + sorted(SETS))
    p.add_argument("--states", type=int, default=20000)
    p.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.cmd == "make":
        levels = make(args.set, jobs=args.jobs)
        print("%s: %d levels" % (SETS[args.set].path, len(levels)))
        return 0
    paths = [args.pack] if getattr(args, "pack", None) else \
        [c.path for n, c in sorted(SETS.items()) if args.set in ("all", n)]
    for path in paths:
        print("== %s ==" % os.path.basename(path))
        if args.cmd == "run":
            limits = tuple(float(x) for x in args.limits.split(",") if x)
            run(path, args.time, args.jobs, limits=limits, prune=prune_of(args.prune),
                optimal=args.optimal or args.prune == "optimal", progress=sys.stderr)
        else:
            ablation(path, args.states, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
