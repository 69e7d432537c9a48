"""Whirly's host commands, registered into `python -m host_sim` by register(subparsers):

    generate whirly --game NAME [--count N] [--seed S] [--width W --height H] [--boxes B]
                    [--out FILE] [--jobs J]          without --seed: a fresh seed, printed
                                                     as "seed: S" on stderr
    generate whirly --all [--out-dir DIR] [--jobs J]      every shipped pack
    solve PACK [--level N] [--time S] [--write]            solve, optionally store solutions
    copath MOVES                                           the co-path of a move string
    comap PACK --level N [--moves MOVES]                   the co-map of a level, as text
"""

import os
import sys
import time

from games.whirly import notation
from games.whirly import rules as R
from handheld.moves import MOVES_MAX


def register_generate(gsub):
    """`generate whirly ...` (the `generate` command itself belongs to host_sim/__main__)."""
    p = gsub.add_parser("whirly", help="generate a Whirly pack (solver-checked levels)")
    p.add_argument("--game", dest="variant", help="named Whirly game: " + ", ".join(R.NAMES))
    p.add_argument("--all", action="store_true", help="regenerate every shipped pack")
    p.add_argument("--count", type=int, help="number of levels (default: the shipped pack's)")
    p.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed as "
                                            "'seed: N' on stderr; --all uses the shipped ones)")
    p.add_argument("--width", type=int, help="frame width in cells, walls included")
    p.add_argument("--height", type=int, help="frame height in cells, walls included")
    p.add_argument("--boxes", type=int, help="boxes per level (with --width/--height)")
    p.add_argument("--states", type=int, default=30000, help="co-game search cap (positions)")
    p.add_argument("--out", help="pack file to write (default: standard output)")
    p.add_argument("--out-dir", help="with --all: folder (default levels/whirly)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="parallel worker processes")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_generate)


def register(sub):
    p = sub.add_parser("copath", help="print the co-path of a Whirly move string")
    p.add_argument("moves")
    p.set_defaults(func=cmd_copath)

    p = sub.add_parser("comap", help="print the co-map of a Whirly level")
    p.add_argument("pack")
    p.add_argument("--level", type=int, default=1)
    p.add_argument("--moves", help="start the co-map where these moves end (default: the "
                                   "boxes on the targets)")
    p.set_defaults(func=cmd_comap)


# ---------------------------------------------------------------- generate
def cmd_generate(args, out=None):
    from host_sim.whirly import generator as G
    out = out or sys.stdout
    if args.all:
        t0 = time.time()
        done = G.make_all(args.out_dir, args.jobs, not args.quiet)
        for path, levels in done:
            print("%s: %d levels" % (path, len(levels)), file=out)
        print("%d packs in %.0f s" % (len(done), time.time() - t0), file=out)
        return 0
    if not args.variant:
        print("generate whirly: give --game NAME (one of %s) or --all" % ", ".join(R.NAMES),
              file=sys.stderr)
        return 2
    try:
        rec = G.recipe(args.variant)
    except ValueError as e:
        print("generate whirly: %s" % e, file=sys.stderr)
        return 2
    if args.count is not None and args.count < 1:
        print("generate whirly: --count must be at least 1", file=sys.stderr)
        return 2
    if getattr(args, "jobs", 1) < 1:
        print("generate whirly: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.width or args.height or args.boxes:
        w = args.width or 12
        h = args.height or 8
        if w > 30 or h > 20 or w < 5 or h < 5:
            print("generate whirly: the frame must be 5x5 .. 30x20", file=sys.stderr)
            return 2
        tiers = [G.Tier(args.count or 10, w, h, args.boxes or 3, args.states)]
    else:
        tiers = list(rec.tiers)
        if args.count:
            total = sum(t.count for t in tiers)
            tiers = [G.Tier(max(1, (t.count * args.count + total - 1) // total), t.width,
                            t.height, t.boxes, t.states, t.solve_states, t.style, t.beam)
                     for t in tiers]
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        print("generate whirly: cannot write %s: its folder does not exist" % args.out,
              file=sys.stderr)
        return 2
    seed = args.seed
    if seed is None:
        import random
        seed = random.SystemRandom().randrange(1, 0x10000)
        print("seed: %d" % seed, file=sys.stderr)
    bar = G.Progress(rec.variant, sum(t.count for t in tiers), enabled=not args.quiet)
    levels = G.generate_levels(rec.variant, tiers, seed, rec.style, rec.limits, args.jobs, bar)
    bar.end()
    if args.count:
        levels = levels[:args.count]
    fmt = "whirly" if (rec.style.fmt == "whirly" or
                       any(t.style and t.style.fmt == "whirly" for t in tiers)) else "xsb"
    text = G.pack_text(rec.title + " (seed %d)" % seed,
                       rec.variant, levels, fmt, rec.description)
    if args.out:
        with open(args.out, "w", newline="\n") as f:
            f.write(text)
        print("%s: %d levels" % (args.out, len(levels)), file=sys.stderr)
    else:
        out.write(text)
    return 0 if levels else 1


# ---------------------------------------------------------------- solve
def cmd_solve(args, out=None):
    from host_sim import memguard
    from host_sim.whirly import packfile, solver
    out = out or sys.stdout
    found = packfile.chosen(args.pack, args.level, "solve")
    if found is None:
        return 2
    pack, items = found
    solved = 0
    writes = {}
    total = 0.0
    for i, raw, lv, err in items:
        name = raw.name if raw is not None else ""
        head = "%3d %-22s" % (i + 1, name[:22])
        if lv is None:
            print("%s error: %s" % (head, err), file=out)
            continue
        st = {}
        moves = solver.solve(lv, None, time_limit=args.time, max_states=args.states, stats=st)
        total += st["seconds"]
        if moves is None:
            why = "unsolvable" if st["complete"] and st["method"].endswith("A*") else "not solved"
            if st["stopped"] == "memory":
                why = "not solved, " + memguard.message()
            print("%s %s  %.2f s  %s, %d positions" % (head, why, st["seconds"], st["method"],
                                                    st["states"]), file=out)
            continue
        solved += 1
        p, m = solver.figures(lv, moves)
        note = ""
        if not solver.storable(moves):
            note = "too long for a pack (more than %d moves): not stored" \
                % MOVES_MAX
        elif raw.solution:
            if solver.check(lv, raw.solution) is None:
                sp, sm = solver.figures(lv, raw.solution)
                note = "stored %d/%d" % (sp, sm)
                if (p, m) < (sp, sm):
                    writes[i] = moves
                    note += ", better found"
            else:
                note = "stored solution fails"
                writes[i] = moves
        else:
            writes[i] = moves
        print("%s solved %3d pushes %4d moves  %.2f s  %s, %d positions  %s"
              % (head, p, m, st["seconds"], st["method"], st["states"], note), file=out)
    print("%d/%d solved in %.1f s (limit %g s per level)" % (solved, len(items), total,
                                                            args.time), file=out)
    if args.write and writes:
        packfile.write_solutions(args.pack, writes)
        print("wrote %d solution(s) into %s" % (len(writes), args.pack), file=out)
    return 0 if solved == len(items) else 1


# ---------------------------------------------------------------- co-paths
def cmd_copath(args, out=None):
    out = out or sys.stdout
    try:
        print(notation.copath(args.moves), file=out)
    except ValueError as e:
        print("copath: %s" % e, file=sys.stderr)
        return 2
    return 0


def cmd_comap(args, out=None):
    from host_sim.whirly import packfile, solver
    out = out or sys.stdout
    try:
        lv = packfile.level(args.pack, args.level)
    except (OSError, ValueError) as e:
        print("comap: %s" % e, file=sys.stderr)
        return 2
    try:
        co_rules = R.co_rules(lv.variant)
    except ValueError as e:
        print("comap: %s" % e, file=sys.stderr)
        return 1
    end = None
    if args.moves:
        end = solver.replay(lv, args.moves)
    co = notation.comap(lv, end, co_rules.name)
    print("; co-map of level %d (%s), co-game %s" % (args.level, lv.variant, co_rules.name),
          file=out)
    print("Variant: %s" % co_rules.name, file=out)
    print("Format: whirly", file=out)
    print("", file=out)
    from host_sim.whirly.generator import level_text
    print(level_text(co, "whirly"), file=out)
    return 0
