"""python -m host_sim COMMAND ...  (see README.md, "Simulator").

Bad arguments (an unknown key, game or option, a missing file, a level that does not exist, a
pack of another game) get one line on stderr naming the command, and exit status 2.
"""
import argparse
import os
import sys

if __name__ == "__main__":
    # Blinka (the host's displayio) prints "WARNING: GENERIC_X86 is not fully supported" on
    # import when it cannot tell the PC's chip; its OS-agnostic chip is the one meant for
    # running without hardware and imports quietly. The simulator never touches pins.
    os.environ.setdefault("BLINKA_FORCECHIP", "OS_AGNOSTIC")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# The device's sys.path: CIRCUITPY/ and CIRCUITPY/lib.
for p in (os.path.join(REPO, "lib"), REPO):
    if p not in sys.path:
        sys.path.insert(0, p)

from host_sim.args import positive_float, positive_int  # noqa: E402


class ArgumentParser(argparse.ArgumentParser):
    """argparse with its errors on one line ("python -m host_sim shot: error: ..."), status 2."""

    def error(self, message):
        self.exit(2, "%s: error: %s (see --help)\n" % (self.prog, message))


def scale_arg(text):
    n = positive_int(text)
    if n > 20:
        raise argparse.ArgumentTypeError("must be 1..20, not %d" % n)
    return n


def registry():
    from games import GAMES
    return GAMES


def find_game(game_id, command="host_sim"):
    for game in registry():
        if game.ID == game_id:
            return game
    raise SystemExit("%s: unknown game %r (games: %s)"
                     % (command, game_id, ", ".join(g.ID for g in registry())))


def start_in_game(session, args, command="play"):
    """--game ID [--pack FILE] [--level N]: open the launcher straight at that level."""
    if not args.game:
        if args.pack is not None or args.level is not None:
            raise SystemExit("%s: --pack and --level need --game" % command)
        return
    from handheld import launcher
    app = session.app
    game = find_game(args.game, command)
    if not hasattr(game, "PACK_FORMAT") and (args.pack is not None or args.level is not None):
        raise SystemExit("%s: %s has no level packs" % (command, game.ID))
    packs = launcher.packs_of(app, game) if hasattr(game, "PACK_FORMAT") else []
    chosen = None
    for name, pack in packs:
        if (args.pack is None or name == os.path.basename(args.pack)) and not isinstance(pack, str):
            chosen = pack
            break
    if hasattr(game, "make_menu") and args.pack is None and args.level is None:
        app.push(launcher.GameList(app))
        app.push(launcher.game_menu(app, game))
        session.run(40)          # a match game: its own menu (new game, options...)
        return
    if chosen is None:
        names = ", ".join(name for name, pack in packs if not isinstance(pack, str))
        raise SystemExit("%s: no readable pack %s for %s (packs: %s)"
                         % (command, args.pack or "", game.ID, names or "none"))
    if args.level is not None and not 1 <= args.level <= chosen.count:
        raise SystemExit("%s: level %d does not exist (%s has %d)"
                         % (command, args.level, chosen.filename, chosen.count))
    app.push(launcher.GameList(app))
    app.push(launcher.game_menu(app, game))
    if hasattr(game, "make_menu"):
        app.push(launcher.PackList(app, game, getattr(game, "PACKS_TITLE", "Packs"), how_to=False))
    launcher.open_pack(app, game, chosen, (args.level or 1) - 1)
    session.run(40)


def cmd_shot(args):
    from host_sim.session import Session, parse_script
    try:
        parse_script(args.keys or "")       # a typo fails before anything runs
    except ValueError as exc:
        raise SystemExit("shot: bad --keys: %s" % exc)
    if args.frames:
        os.makedirs(args.frames, exist_ok=True)
    nvm = None
    if args.nvm:
        from host_sim.hw import FileNvm
        nvm = FileNvm(args.nvm)
    s = Session(nvm=nvm, frames_dir=args.frames, scale=args.scale)
    start_in_game(s, args, "shot")
    s.keys(args.keys or "")
    s.run(100)
    s.save(args.out)
    print(args.out)


def cmd_play(args):
    from host_sim.window import play_window, NoDisplay
    try:
        play_window(args, start_in_game)
    except NoDisplay as exc:
        print(exc, file=sys.stderr)
        return 2


def cmd_packs(args):
    from host_sim import packs_check
    paths = args.paths or [os.path.join(REPO, "levels")]
    return packs_check.main(paths, registry())


def cmd_replay(args):
    game = game_of_pack(args.pack, args.game, "replay", default="whirly")
    if not (hasattr(game, "parse_moves") and hasattr(game, "new_engine")):
        able = [g.NAME for g in registry() if hasattr(g, "parse_moves")]
        raise SystemExit("replay: %s has no move records (replay works on packs of %s; a "
                         "finished match replays with `record`)" % (game.NAME, " and ".join(able)))
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
    if not os.path.isdir(args.drive):
        raise SystemExit("deploy: no drive at %r (mount CIRCUITPY and pass its folder, e.g. "
                         "make deploy DRIVE=/media/$USER/CIRCUITPY)" % args.drive)
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


def _detected_game(path):
    """The game id a pack or record names by its levels/<game>/ folder or its Game: line, or
    None. A file that cannot be read is a SystemExit-worthy OSError for the caller."""
    ids = [g.ID for g in registry()]
    folder = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if folder in ids:
        return folder
    with open(path, encoding="utf-8", errors="replace") as f:
        for _ in range(40):
            line = f.readline()
            if line.lower().startswith("game:"):
                return line.split(":", 1)[1].strip().lower()
    return None


def game_of_pack(path, forced=None, command="solve", default=None):
    """The game a pack belongs to: its levels/<game>/ folder, else its Game: key, else --game
    (which must not contradict them), else `default`."""
    if os.path.isdir(path):
        raise SystemExit("%s: %s is a folder, not a file" % (command, path))
    try:
        named = _detected_game(path)
    except OSError as exc:
        raise SystemExit("%s: %s" % (command, exc))
    if forced:
        game = find_game(forced, command)
        if named is not None and named != game.ID:
            raise SystemExit("%s: %s is a %s file (levels/%s/ or its Game: line), not %s"
                             % (command, path, named, named, game.ID))
        return game
    if named is not None:
        return find_game(named, command)
    if default is not None:
        return find_game(default, command)
    raise SystemExit("%s: cannot tell the game of %s: put it in levels/<game>/, add a "
                     "'Game:' line or pass --game" % (command, path))


def _tool(game, module):
    import importlib
    try:
        return importlib.import_module("host_sim.%s.%s" % (game.ID, module))
    except ImportError:
        return None


def cmd_solve(args):
    """One `solve` for every game: the pack's game solves it with its own host solver."""
    game = game_of_pack(args.pack, args.game, "solve")
    cli = _tool(game, "cli")
    if cli is None or not hasattr(cli, "cmd_solve"):
        able = [g.NAME for g in registry() if hasattr(_tool(g, "cli"), "cmd_solve")]
        raise SystemExit("solve: %s has no solver (solve works on packs of %s)"
                         % (game.NAME, " and ".join(able)))
    if args.memory:
        from host_sim import memguard
        memguard.LIMIT = args.memory << 20
    return cli.cmd_solve(args)


def cmd_record(args):
    """Replay a finished match's game record (build/records/*.txt, or copied from the device
    console) through its game's engine: host_sim/<game>/record.py main(path, shot)."""
    game = game_of_pack(args.path, args.game, "record")
    rec = _tool(game, "record")
    if rec is None:
        able = [g.NAME for g in registry() if _tool(g, "record") is not None]
        raise SystemExit("record: %s has no game records (records come from %s matches)"
                         % (game.NAME, " and ".join(able)))
    return rec.main(args.path, shot=args.shot)


def command_name(args):
    """"shot", "packs check", "generate whirly"...: what error messages start with."""
    words = [args.cmd]
    for sub in ("packs_cmd", "generate_game"):
        if getattr(args, sub, None):
            words.append(getattr(args, sub))
    return " ".join(words)


def _parser_of(sub, args):
    """The (sub)parser of the command args came from: `shot`, `packs check`, `generate whirly`."""
    parser = sub.choices[args.cmd]
    for dest in ("packs_cmd", "generate_game"):
        name = getattr(args, dest, None)
        if name:
            for action in parser._actions:
                if isinstance(action, argparse._SubParsersAction) and name in action.choices:
                    parser = action.choices[name]
    return parser


def main(argv=None):
    """Run a command; its exit status is returned, bad arguments raise SystemExit with a
    one-line message naming the command (run() turns that into stderr and status 2)."""
    ap = ArgumentParser(prog="python -m host_sim", description="Puzzle handheld host tools")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def start_opts(p):
        p.add_argument("--game", help="start straight in this game (its ID, e.g. whirly)")
        p.add_argument("--pack", help="pack file name in levels/<game>/")
        p.add_argument("--level", type=positive_int, help="level number, from 1")
        p.add_argument("--scale", type=scale_arg, default=6, help="pixel scale (default 6)")
        p.add_argument("--nvm", help="file that keeps the save memory between runs")

    p = sub.add_parser("play", help="open the simulator window (Esc or Q quits)")
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
    p.add_argument("--level", type=positive_int, default=1)
    p.add_argument("--moves", required=True)
    p.add_argument("--game", help="the game, when the pack's folder or Game: line does not "
                                  "say (default whirly)")
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
    p.add_argument("--level", type=positive_int, help="only this level (from 1)")
    p.add_argument("--time", type=positive_float, default=10.0,
                   help="seconds per level (default 10; past 60, Whirly's solver adds a "
                        "slow search that learns deadlocks, for the hardest levels)")
    p.add_argument("--states", type=positive_int, help="give up after this many positions")
    p.add_argument("--memory", type=positive_int, metavar="MB",
                   help="stop a search past this many MB of memory (default: half this "
                        "machine's)")
    p.add_argument("--write", action="store_true",
                   help="store found solutions in the pack (when missing, wrong or longer)")
    p.set_defaults(func=cmd_solve)
    p = sub.add_parser("record", help="replay a match's game record (Game: line names the game)")
    p.add_argument("path")
    p.add_argument("--game", help="the game, when the record's Game: line does not say")
    p.add_argument("--shot", help="also write the final position as a PNG")
    p.set_defaults(func=cmd_record)
    game_tools(sub)

    args, extra = ap.parse_known_args(argv)
    if extra:      # say it as the subcommand's parser, so the message names the command
        _parser_of(sub, args).error("unrecognized arguments: %s" % " ".join(extra))
    try:
        return args.func(args) or 0
    except OSError as exc:       # a file that cannot be read or written
        raise SystemExit("%s: %s" % (command_name(args), exc))


def run(argv=None):
    """main() as the command line sees it: a SystemExit with a message is printed on stderr
    (one line) and becomes exit status 2."""
    try:
        return main(argv)
    except SystemExit as exc:
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
            return 2
        return 0 if exc.code is None else exc.code


if __name__ == "__main__":
    sys.exit(run())
