"""Mental IQ+ host commands, registered into `python -m host_sim` by register(subparsers):

    mentaliq-solve PACK [--level N] [--time S] [--states N] [--write]
        solve every level by BFS (shortest in moves) and optionally store the solutions
    mentaliq-info PACK [--level N]
        per level: size, planes, pieces, stored solution length and the events it causes

`python -m host_sim solve PACK` (owned by the lead's dispatcher) should call solve_pack() for
packs of levels/mentaliq/ or with a `Game: mentaliq` header.
"""

import sys

from games.mentaliq import board
from host_sim import memguard
from host_sim.args import positive_float, positive_int


def register(sub):
    p = sub.add_parser("mentaliq-solve", help="solve the levels of a Mental IQ+ pack (BFS)")
    p.add_argument("pack")
    p.add_argument("--level", type=positive_int, help="only this level (from 1)")
    p.add_argument("--time", type=positive_float, default=30.0,
                   help="seconds per level (default 30)")
    p.add_argument("--states", type=positive_int, help="give up after this many positions")
    p.add_argument("--write", action="store_true",
                   help="store found solutions in the pack (when missing, wrong or longer)")
    p.set_defaults(func=lambda a: solve_pack(a.pack, a.level, a.time, a.write, a.states,
                                             command="mentaliq-solve"))

    p = sub.add_parser("mentaliq-info", help="what each level of a Mental IQ+ pack uses")
    p.add_argument("pack")
    p.add_argument("--level", type=positive_int, help="only this level (from 1)")
    p.set_defaults(func=lambda a: info_pack(a.pack, a.level, command="mentaliq-info"))


def solve_pack(path, level=None, time=30.0, write=False, states=None, out=None,
               command="solve"):
    """Solve a pack's levels (all, or level N from 1); print one line per level (found or not,
    length, positions, seconds); with write, store each shortest solution found in place of a
    missing, failing or longer one. Exit status: 0 all solved, 1 some not, 2 bad arguments."""
    from host_sim.mentaliq import packfile, solver
    out = out or sys.stdout
    found = packfile.chosen(path, level, command)
    if found is None:
        return 2
    pack, items = found
    solved = 0
    writes = {}
    total = 0.0
    for i, raw, lv, err in items:
        name = raw.name if raw is not None else ""
        head = "%3d %-24s" % (i + 1, name[:24])
        if lv is None:
            print("%s error: %s" % (head, err), file=out)
            continue
        st = {}
        moves = solver.solve(lv, time_limit=time, max_states=states, stats=st)
        total += st["seconds"]
        if moves is None:
            why = "unsolvable" if st["complete"] else "not solved"
            if st["stopped"] == "memory":
                why = "not solved, " + memguard.message()
            print("%s %s  %d positions  %.2f s" % (head, why, st["states"], st["seconds"]),
                  file=out)
            continue
        solved += 1
        n = st["moves"]
        note = ""
        if raw.solution:
            if solver.check(lv, raw.solution) is None:
                k = len(board.parse_moves(raw.solution))
                note = "stored %d" % k
                if n < k:
                    writes[i] = moves
                    note += ", shorter found"
            else:
                note = "stored solution fails"
                writes[i] = moves
        else:
            note = "nothing stored"
            writes[i] = moves
        print("%s found %3d moves  %7d positions  %6.2f s  %s"
              % (head, n, st["states"], st["seconds"], note), file=out)
    print("%d/%d solved in %.1f s (limit %g s per level)" % (solved, len(items), total, time),
          file=out)
    if write and writes:
        packfile.write_solutions(path, writes)
        print("wrote %d solution(s) into %s" % (len(writes), path), file=out)
    return 0 if solved == len(items) else 1


def info_pack(path, level=None, out=None, command="mentaliq-info"):
    """Print, per level: size, planes, piece and tile kinds, stored solution length, and the
    events (slides, vectors, transborders, ...) the stored solution causes."""
    from host_sim.mentaliq import packfile, solver
    out = out or sys.stdout
    found = packfile.chosen(path, level, command)
    if found is None:
        return 2
    pack, items = found
    status = 0
    for i, raw, lv, err in items:
        name = raw.name if raw is not None else ""
        if lv is None:
            print("%3d %-24s error: %s" % (i + 1, name[:24], err), file=out)
            status = 1
            continue
        n = "-"
        ev = ""
        if raw.solution:
            n = len(board.parse_moves(raw.solution))
            evs = solver.events_of(lv, raw.solution)
            ev = " ".join("%s:%d" % (k, v) for k, v in sorted(evs.items())
                          if k not in ("step", "push"))
        print("%3d %-24s %2dx%d x%d  %-12s %-10s %3s  %s"
              % (i + 1, name[:24], lv.width, lv.height, lv.planes, kinds(lv, board.PIECE_CHARS,
                 lv.piece), kinds(lv, board.TILE_CHARS, lv.tile), n, ev), file=out)
    return status


def kinds(lv, chars, cells):
    """The characters of the kinds present (floor, no piece and Gwydyon left out)."""
    seen = set(cells)
    return "".join(chars[k] for k in range(1, len(chars)) if k in seen and chars[k] != "@")


def cmd_solve(args):
    """`python -m host_sim solve PACK` for Mental IQ+ packs (dispatched by host_sim.__main__)."""
    return solve_pack(args.pack, args.level, args.time, args.write, args.states)
