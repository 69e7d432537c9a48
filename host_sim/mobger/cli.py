"""MobGer host commands for `python -m host_sim` (puzzles; the engine's bench lives in bench.py).

    generate mobger --all [--out-dir DIR]
        regenerate the shipped puzzle packs levels/mobger/01-who-starts.txt, 02-joker.txt,
        03-reach.txt (fixed seeds: the same files every time)
    generate mobger --kind start|joker|reach [--count N] [--seed S] [--out FILE]
        a pack of N device-generated puzzles (puzzles.generate(kind, S), S+1, ...); without
        --seed a fresh S, printed as "seed: S" on stderr
    mobger-check [PACK ...]
        check puzzle packs fully: parse, stored answers right, fair (START target not an
        answer, REACH not shorter than Moves:), exit 1 on a problem. `packs check` runs the
        same verification when it calls the format's check_level() (see PUZZLES.md).
"""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEVELS = os.path.join(REPO, "levels", "mobger")


def fresh_seed():
    """A new seed for each run (the device's puzzle seeds are 16-bit)."""
    import random
    return random.SystemRandom().randrange(1, 0x10000)


def register_generate(gsub):
    p = gsub.add_parser("mobger", help="generate MobGer puzzle packs (verified answers)")
    p.add_argument("--all", action="store_true", help="regenerate the shipped puzzle packs")
    p.add_argument("--kind", choices=("start", "joker", "reach"), help="puzzle kind")
    p.add_argument("--count", type=int, default=10, help="number of puzzles (default 10)")
    p.add_argument("--seed", type=int, help="first seed (default: a fresh one, printed as "
                                            "'seed: N' on stderr)")
    p.add_argument("--out", help="pack file to write (default: standard output)")
    p.add_argument("--out-dir", default=LEVELS, help="with --all: folder (default levels/mobger)")
    p.set_defaults(func=cmd_generate)


def register(sub):
    p = sub.add_parser("mobger-check", help="verify MobGer puzzle packs (answers, fairness)")
    p.add_argument("paths", nargs="*")
    p.set_defaults(func=lambda a: check_main(a.paths))


def cmd_generate(args, out=None):
    from host_sim.mobger import puzzlegen as G
    from games.mobger import puzzles as P
    out = out or sys.stdout
    if args.all:
        os.makedirs(args.out_dir, exist_ok=True)
        for kind in range(3):
            path = os.path.join(args.out_dir, G.PACK_FILES[kind])
            text = G.pack_text(kind, G.shipped_pack(kind))
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            print("wrote %s" % path, file=out)
        return 0
    if not args.kind:
        print("generate mobger: give --all or --kind start|joker|reach", file=sys.stderr)
        return 2
    if args.count < 1 or args.count > 1000:
        print("generate mobger: --count must be 1..1000", file=sys.stderr)
        return 2
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        print("generate mobger: cannot write %s: its folder does not exist" % args.out,
              file=sys.stderr)
        return 2
    seed = args.seed
    if seed is None:
        seed = fresh_seed()
        print("seed: %d" % seed, file=sys.stderr)
    kind = P.KIND_KEYS.index(args.kind)
    text = G.pack_text(kind, G.seeded_pack(kind, args.count, seed),
                       "%s (seeds %d..%d)" % (G.PACK_TITLES[kind], seed, seed + args.count - 1))
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("wrote %s (%d puzzles)" % (args.out, args.count), file=out)
    else:
        out.write(text)
    return 0


def check_pack(path):
    """["file:line: reason"] for every problem of one puzzle pack ([] when fine)."""
    from handheld.packs import Pack, PackError
    from games.mobger import puzzles as P
    out = []
    pack = Pack(path, P.FORMAT)
    for line, reason in pack.errors:
        out.append("%s:%d: %s" % (path, line, reason))
    for i in range(pack.count):
        try:
            lv = pack.level(i)
            p = P.FORMAT.parse(lv, pack.header)
        except PackError as exc:
            out.append("%s:%d: %s" % (path, exc.line, exc.reason))
            continue
        bad = P.FORMAT.check_level(p)
        if bad:
            out.append("%s:%d: puzzle %d: %s" % (path, lv.first_line, i + 1, bad[1]))
    return out


def check_main(paths, out=None):
    out = out or sys.stdout
    if not paths:
        paths = [LEVELS]
    files = []
    for p in paths:
        if not os.path.exists(p):
            print("mobger-check: %s: no such file or folder" % p, file=sys.stderr)
            return 2
        if os.path.isdir(p):
            for name in sorted(os.listdir(p), key=str.lower):
                if name.lower().endswith(".txt") and not name.startswith("."):
                    files.append(os.path.join(p, name))
        else:
            files.append(p)
    probs = []
    for f in files:
        probs.extend(check_pack(f))
    for line in probs:
        print(line, file=out)
    print("%d packs, %d problems" % (len(files), len(probs)), file=out)
    return 1 if probs else 0
