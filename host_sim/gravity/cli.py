"""Gravity room host commands:

    generate gravity [--count N] [--seed S] [--width W --height H] [--out FILE]
        without --seed a fresh seed, printed as "seed: S" on stderr (repeat a run with it)
"""
import os
import sys

from games.gravity.engine import MAX_H, MAX_W, MIN_H, MIN_W


def register_generate(gsub):
    """`generate gravity ...` (the `generate` command itself belongs to host_sim/__main__)."""
    p = gsub.add_parser("gravity", help="generate a pack of random valid Gravity room boards")
    p.add_argument("--count", type=int, default=10, help="number of boards (default 10)")
    p.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed as "
                                            "'seed: N' on stderr)")
    p.add_argument("--width", type=int, help="board width %d..%d (default: varied)"
                   % (MIN_W, MAX_W))
    p.add_argument("--height", type=int, help="board height %d..%d (default: varied)"
                   % (MIN_H, MAX_H))
    p.add_argument("--title", help="pack title")
    p.add_argument("--out", help="pack file to write (default: standard output)")
    p.set_defaults(func=cmd_generate)


def cmd_generate(args, out=None):
    from host_sim.gravity import generator as G
    out = out or sys.stdout
    if args.width is not None and not MIN_W <= args.width <= MAX_W:
        print("generate gravity: --width must be %d..%d" % (MIN_W, MAX_W), file=sys.stderr)
        return 2
    if args.height is not None and not MIN_H <= args.height <= MAX_H:
        print("generate gravity: --height must be %d..%d" % (MIN_H, MAX_H), file=sys.stderr)
        return 2
    if args.count < 1:
        print("generate gravity: --count must be at least 1", file=sys.stderr)
        return 2
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        print("generate gravity: cannot write %s: its folder does not exist" % args.out,
              file=sys.stderr)
        return 2
    seed = args.seed
    if seed is None:
        import random
        seed = random.SystemRandom().randrange(1, 0x10000)
        print("seed: %d" % seed, file=sys.stderr)
    boards = G.generate(args.count, seed, args.width, args.height)
    text = G.pack_text(boards, args.title or "Random rooms (seed %d)" % seed)
    if args.out:
        with open(args.out, "w", newline="\n") as f:
            f.write(text)
        print("%s: %d boards" % (args.out, len(boards)), file=sys.stderr)
    else:
        out.write(text)
    return 0
