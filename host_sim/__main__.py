"""python -m host_sim COMMAND ...  (see README.md, "Simulator")."""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# The device's sys.path: CIRCUITPY/ and CIRCUITPY/lib.
for p in (os.path.join(REPO, "lib"), REPO):
    if p not in sys.path:
        sys.path.insert(0, p)


def registry():
    from games import GAMES
    return GAMES


def find_game(game_id):
    for game in registry():
        if game.ID == game_id:
            return game
    raise SystemExit("unknown game %r (games: %s)" % (game_id, ", ".join(g.ID for g in registry())))


def start_in_game(session, args):
    """--game ID [--pack FILE] [--level N]: open the launcher straight at that level."""
    if not args.game:
        return
    from handheld import launcher
    app = session.app
    game = find_game(args.game)
    packs = launcher.packs_of(app, game)
    chosen = None
    for name, pack in packs:
        if (args.pack is None or name == os.path.basename(args.pack)) and not isinstance(pack, str):
            chosen = pack
            break
    app.push(launcher.GameList(app))
    app.push(launcher.game_menu(app, game))
    if hasattr(game, "make_menu"):
        if args.pack is None and args.level is None:
            session.run(40)          # a match game: its own menu (new game, options...)
            return
        app.push(launcher.PackList(app, game, getattr(game, "PACKS_TITLE", "Packs"), how_to=False))
    if chosen is None:
        raise SystemExit("no readable pack %s for %s" % (args.pack or "", game.ID))
    launcher.open_pack(app, game, chosen, (args.level or 1) - 1)
    session.run(40)


def cmd_shot(args):
    from host_sim.session import Session
    if args.frames:
        os.makedirs(args.frames, exist_ok=True)
    nvm = None
    if args.nvm:
        from host_sim.hw import FileNvm
        nvm = FileNvm(args.nvm)
    s = Session(nvm=nvm, frames_dir=args.frames, scale=args.scale)
    start_in_game(s, args)
    s.keys(args.keys or "")
    s.run(100)
    s.save(args.out)
    print(args.out)


def cmd_play(args):
    from host_sim.window import play_window
    play_window(args, start_in_game)


def cmd_packs(args):
    from host_sim import packs_check
    paths = args.paths or [os.path.join(REPO, "levels")]
    return packs_check.main(paths, registry())


def cmd_replay(args):
    game = find_game(args.game)
    from host_sim.replay import replay
    return replay(game, args.pack, args.level, args.moves)


def cmd_bench(args):
    from host_sim import bench
    return bench.main(registry())


def cmd_bundle(args):
    from host_sim import bundle
    return bundle.build(args.out)


def cmd_deploy(args):
    from host_sim import bundle
    return bundle.deploy(args.drive, force=args.force)


def cmd_readme_shots(args):
    from host_sim import readme_shots
    return readme_shots.main()


def game_tools(sub):
    """Game-specific host tools register their own subcommands: `register(sub)` for their own
    commands, `register_generate(gsub)` for `generate <game> ...`."""
    import importlib
    gen = sub.add_parser("generate", help="generate levels, boards or puzzles: generate GAME ...")
    gsub = gen.add_subparsers(dest="generate_game", required=True)
    for game in registry():
        try:
            cli = importlib.import_module("host_sim.%s.cli" % game.ID)
        except ImportError:
            continue
        if hasattr(cli, "register"):
            cli.register(sub)
        if hasattr(cli, "register_generate"):
            cli.register_generate(gsub)


def game_of_pack(path, forced=None):
    """The game a pack belongs to: --game, else its levels/<game>/ folder, else its Game: key."""
    ids = [g.ID for g in registry()]
    if forced:
        return find_game(forced)
    folder = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if folder in ids:
        return find_game(folder)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for _ in range(40):
                line = f.readline()
                if line.lower().startswith("game:"):
                    return find_game(line.split(":", 1)[1].strip().lower())
    except OSError as exc:
        raise SystemExit("solve: %s" % exc)
    raise SystemExit("solve: cannot tell the game of %s: put it in levels/<game>/, add a "
                     "'Game:' line or pass --game" % path)


def cmd_solve(args):
    """One `solve` for every game: the pack's game solves it with its own host solver."""
    import importlib
    game = game_of_pack(args.pack, args.game)
    try:
        cli = importlib.import_module("host_sim.%s.cli" % game.ID)
    except ImportError:
        raise SystemExit("solve: %s has no solver" % game.NAME)
    return cli.cmd_solve(args)


def cmd_record(args):
    """Replay a finished match's game record (build/records/*.txt, or copied from the device
    console) through its game's engine: host_sim/<game>/record.py main(path, shot)."""
    import importlib
    game = game_of_pack(args.path, args.game)
    try:
        rec = importlib.import_module("host_sim.%s.record" % game.ID)
    except ImportError:
        raise SystemExit("record: %s has no game records" % game.NAME)
    return rec.main(args.path, shot=args.shot)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim", description="Puzzle handheld host tools")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def start_opts(p):
        p.add_argument("--game", help="start straight in this game (its ID, e.g. whirly)")
        p.add_argument("--pack", help="pack file name in levels/<game>/")
        p.add_argument("--level", type=int, help="level number, from 1")
        p.add_argument("--scale", type=int, default=6, help="pixel scale (default 6)")
        p.add_argument("--nvm", help="file that keeps the save memory between runs")

    p = sub.add_parser("play", help="open the simulator window")
    start_opts(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("shot", help="run a key script headless and write the screen as PNG")
    p.add_argument("out")
    p.add_argument("--keys", default="", help='key script, e.g. "A DOWN*2 A wait:500 START:2000"')
    p.add_argument("--frames", help="also write one PNG per refresh into this folder")
    start_opts(p)
    p.set_defaults(func=cmd_shot)

    p = sub.add_parser("replay", help="play a move record through a game's engine")
    p.add_argument("pack")
    p.add_argument("--level", type=int, default=1)
    p.add_argument("--moves", required=True)
    p.add_argument("--game", default="whirly")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("packs", help="level pack tools")
    psub = p.add_subparsers(dest="packs_cmd", required=True)
    c = psub.add_parser("check", help="validate packs: file:line: message, exit 1 on problems")
    c.add_argument("paths", nargs="*")
    c.set_defaults(func=cmd_packs)

    sub.add_parser("bench", help="speed, memory and display-traffic figures").set_defaults(func=cmd_bench)
    p = sub.add_parser("bundle", help="build build/CIRCUITPY/")
    p.add_argument("--out", default=os.path.join(REPO, "build", "CIRCUITPY"))
    p.set_defaults(func=cmd_bundle)
    p = sub.add_parser("deploy", help="copy the bundle onto a mounted CIRCUITPY drive")
    p.add_argument("--drive", required=True)
    p.add_argument("--force", action="store_true", help="also overwrite packs edited on the drive")
    p.set_defaults(func=cmd_deploy)
    sub.add_parser("readme-shots", help="regenerate docs/shots/*.png").set_defaults(func=cmd_readme_shots)
    p = sub.add_parser("solve", help="solve a pack's levels with its game's solver")
    p.add_argument("pack")
    p.add_argument("--game", help="the game, when the pack's folder or Game: line does not say")
    p.add_argument("--level", type=int, help="only this level (from 1)")
    p.add_argument("--time", type=float, default=10.0, help="seconds per level (default 10)")
    p.add_argument("--states", type=int, help="give up after this many positions")
    p.add_argument("--write", action="store_true",
                   help="store found solutions in the pack (when missing, wrong or longer)")
    p.set_defaults(func=cmd_solve)
    p = sub.add_parser("record", help="replay a match's game record (Game: line names the game)")
    p.add_argument("path")
    p.add_argument("--game", help="the game, when the record's Game: line does not say")
    p.add_argument("--shot", help="also write the final position as a PNG")
    p.set_defaults(func=cmd_record)
    game_tools(sub)

    args = ap.parse_args(argv)
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
