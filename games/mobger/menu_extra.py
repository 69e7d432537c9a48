"""MobGer's menu actions a running duel does not need (menu.py imports them when used): start
a duel from the options, rematch and resume, puzzles from a seed."""
from handheld.scenes import error_page
from handheld.options import OptionsMenu, Option, HUMAN, decode_match
from games.mobger.menu import Numbers, SIZES, SEQ_LEN


def random_seed(app):
    """A seed from the clock (the moment the player pressed Start)."""
    s = (app.now * 2654435761 + 12345) >> 7
    return (s ^ (s >> 16)) & 0xFFFF or 1


def options_of(values, seed):
    """Engine Options from the menu values; objects, then Gers, are cut down to what the board
    holds (Gers + objects <= half the fields)."""
    from games.mobger.engine import Options
    o = Options()
    o.width, o.height = SIZES[values["size"]]
    o.sequence = values["seq"]
    o.gers = min(values["gers"] + 3, SEQ_LEN[o.sequence])
    o.dirset = values["dirs"]
    o.random_order = values["order"] == 1
    o.goal = values["goal"]
    o.reflect_borders = values["borders"] == 1
    o.reflect_gers = values["rgers"] == 1
    o.cuboids = values["cuboids"]
    o.deflectors = values["defl"]
    o.flipflaps = values["flip"]
    o.joker = values["joker"] == 1
    o.black_special = values["black"] == 1
    o.seed = seed
    room = o.width * o.height // 2
    while o.gers + o.cuboids + o.deflectors + o.flipflaps > room:
        if o.flipflaps:
            o.flipflaps -= 1
        elif o.deflectors:
            o.deflectors -= 1
        elif o.cuboids:
            o.cuboids -= 1
        else:
            o.gers -= 1
    return o.validate()


def kinds_of(values):
    opp = values["opp"]
    if opp == 3:
        return [HUMAN, HUMAN]
    cpu = opp + 1                       # match KIND_NAMES: 1 easy, 2 normal, 3 hard
    return [cpu, HUMAN] if values.get("first") == 1 else [HUMAN, cpu]


def new_engine(opts):
    """An engine on a new game; the setup code (only needed for a start) leaves the heap
    before the duel's view and scene are loaded."""
    from games.mobger.engine import Engine, drop_setup
    e = Engine()
    e.new_game(opts)
    drop_setup()
    return e


def start_duel(game, app, values):
    fixed = values["seed"] > 0
    seed = values["seed"] if fixed else random_seed(app)
    e = new_engine(options_of(values, seed))
    from games.mobger.scene import DuelScene
    app.push(DuelScene(app, game, e, kinds_of(values), seed, fixed_seed=fixed))


def rematch(game, app, old):
    """Same options and players; a fresh random start unless the seed was fixed; the players
    swap who moves first."""
    opts = old.engine.opts.copy()
    seed = old.seed
    if not old.fixed_seed:
        seed = random_seed(app) ^ old.seed or 1
        opts.seed = seed
    e = new_engine(opts)
    kinds = [old.kinds[1], old.kinds[0]]
    from games.mobger.scene import DuelScene
    app.replace(DuelScene(app, game, e, kinds, seed, fixed_seed=old.fixed_seed))


def resume_match(game, app, data):
    from games.mobger.engine import Engine
    from games.mobger.scene import DuelScene
    kinds, seed, state = decode_match(data)
    if len(kinds) != 2:
        raise ValueError("not a MobGer match")
    e = Engine()
    e.load_state(state)
    app.push(DuelScene(app, game, e, kinds, seed))


# --- puzzles ----------------------------------------------------------------------------
def seed_menu(game, app):
    from games.mobger import puzzles as P
    return OptionsMenu(app, game.ID + "/gen", "Puzzle from seed", [
        Option("kind", "Kind", P.KIND_NAMES, 0),
        Option("seed", "Seed", Numbers(200), 0),
    ], lambda values: start_generated(game, app, values["kind"], values["seed"] + 1),
        start_label="Generate")


def start_generated(game, app, kind, seed):
    from games.mobger import puzzles as P
    from games.mobger.puzzle_scene import PuzzleScene, GeneratedPack
    from games.mobger.engine import Engine
    e = Engine()                # one engine (~17 KB) for the generator and the scene
    try:
        puzzle = P.generate(kind, seed, e)
    except (ValueError, RuntimeError) as exc:
        app.push(error_page(app, "Puzzle from seed %d" % seed, str(exc)))
        return
    pack = GeneratedPack(puzzle, kind, seed)
    app.push(PuzzleScene(app, game, pack, 0, pack.progress, puzzle=puzzle, engine=e))
