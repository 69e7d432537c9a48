"""MobGer's menus: Play (options before a duel), Puzzles (the shipped packs), Puzzle from seed,
How to play; plus the entry points the game package wraps (make_menu, rematch, resume_match,
make_puzzle_scene). Every function takes the game module first."""
from handheld.scenes import Menu, Item, TextPage, error_page
from handheld.match import OptionsMenu, Option, HUMAN, decode_match

SIZES = ((5, 5), (6, 5), (6, 6), (7, 6), (7, 7), (8, 7), (8, 8), (9, 8), (10, 8), (11, 8),
         (12, 8))
SEQ_LEN = (6, 9, 12)
GER_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "11", "12")   # index + 3
COUNTS = ("0", "1", "2", "3")
OFF_ON = ("off", "on")
SEED_NAMES = ("random",) + tuple([str(i) for i in range(1, 100)])
OPPONENTS = ("CPU easy", "CPU normal", "CPU hard", "2 players")


def duel_options():
    return [
        Option("opp", "Opponent", OPPONENTS, 1),
        Option("first", "First move", ("you", "CPU"), 0, shown=lambda v: v["opp"] < 3),
        Option("goal", "Goal", ("A most", "B all"), 0),
        Option("size", "Size", tuple(["%dx%d" % s for s in SIZES]), 4),
        Option("seq", "Colours", ("6 short", "9 medium", "12 long"), 0),
        Option("gers", "Gers", GER_NAMES, 3),
        Option("dirs", "Directions", ("simple", "extended"), 0),
        Option("order", "Order", ("colours", "random"), 0),
        Option("borders", "Borders", ("torus", "reflect"), 0),
        Option("rgers", "Reflect Gers", OFF_ON, 0),
        Option("cuboids", "Cuboids", COUNTS, 0),
        Option("defl", "Deflectors", COUNTS, 0),
        Option("flip", "Flipflaps", COUNTS, 0),
        Option("joker", "Joker", OFF_ON, 0),
        Option("black", "Black Ger", ("normal", "special"), 0),
        Option("seed", "Seed", SEED_NAMES, 0),
    ]


class DuelOptions(OptionsMenu):
    """The options screen; the Gers count cycles within what the colour sequence allows."""

    def adjust(self, o, d):
        v = self.values
        if o.key == "gers":
            most = SEQ_LEN[v["seq"]] - 3 + 1
            v["gers"] = (v["gers"] + d) % most
            self.set_items(self.build())
            return
        OptionsMenu.adjust(self, o, d)
        if o.key == "seq":
            v["gers"] = min(v["gers"], SEQ_LEN[v["seq"]] - 3)
            self.set_items(self.build())


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


def start_duel(game, app, values):
    from games.mobger.engine import Engine
    from games.mobger.scene import DuelScene
    fixed = values["seed"] > 0
    seed = values["seed"] if fixed else random_seed(app)
    e = Engine()
    e.new_game(options_of(values, seed))
    app.push(DuelScene(app, game, e, kinds_of(values), seed, fixed_seed=fixed))


def make_menu(game, app):
    items = [
        Item("Play", lambda: app.push(DuelOptions(app, game.ID, "MobGer duel", duel_options(),
                                                  lambda values: start_duel(game, app, values)))),
        Item("Puzzles", lambda: open_packs(game, app)),
        Item("Puzzle from seed", lambda: app.push(seed_menu(game, app))),
        Item("How to play", lambda: app.push(TextPage(app, game.NAME, game.RULES))),
    ]
    return Menu(app, game.NAME, items)


def open_packs(game, app):
    from handheld.launcher import PackList
    app.push(PackList(app, game, "Puzzles", how_to=False))


def rematch(game, app, old):
    """Same options and players; a fresh random start unless the seed was fixed; the players
    swap who moves first."""
    from games.mobger.engine import Engine
    from games.mobger.scene import DuelScene
    opts = old.engine.opts.copy()
    seed = old.seed
    if not old.fixed_seed:
        seed = random_seed(app) ^ old.seed or 1
        opts.seed = seed
    e = Engine()
    e.new_game(opts)
    kinds = [old.kinds[1], old.kinds[0]]
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
        Option("seed", "Seed", tuple([str(i) for i in range(1, 201)]), 0),
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


def make_puzzle_scene(game, app, pack, index, progress, state=None):
    """A level of a shipped pack (launcher) or a generated puzzle played again."""
    from games.mobger.puzzle_scene import PuzzleScene
    return PuzzleScene(app, game, pack, index, progress, state)
