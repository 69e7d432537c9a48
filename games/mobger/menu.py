"""MobGer's menus: Play (options before a duel), Puzzles (the shipped packs), Puzzle from seed,
How to play; plus the entry points the game package wraps (make_menu, rematch, resume_match,
make_puzzle_scene). Every function takes the game module first. Only the menus a duel
keeps under it live here; starting a duel (engine options from the menu values), rematch,
resume and the seed menu are in menu_extra.py, imported when used."""
from handheld.scenes import Menu, Item, TextPage
from handheld.options import OptionsMenu, Option

SIZES = ((5, 5), (6, 5), (6, 6), (7, 6), (7, 7), (8, 7), (8, 8), (9, 8), (10, 8), (11, 8),
         (12, 8))
SEQ_LEN = (6, 9, 12)
GER_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "11", "12")   # index + 3
COUNTS = ("0", "1", "2", "3")
OFF_ON = ("off", "on")


class Numbers:
    """Option names "1", "2" .. made when shown: a tuple of 100 number strings costs ~3 KB
    of heap for as long as the menu lives (under the duel)."""

    def __init__(self, count, first=1, zero=None):
        self.count = count
        self.first = first
        self.zero = zero

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        if not 0 <= i < self.count:
            raise IndexError(i)
        if i == 0 and self.zero is not None:
            return self.zero
        return str(i + self.first - (self.zero is not None))


SEED_NAMES = Numbers(100, zero="random")          # "random", "1" .. "99"
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


def make_menu(game, app):
    items = [
        Item("Play", lambda: app.push(DuelOptions(app, game.ID, "MobGer duel", duel_options(),
                                                  lambda values: start_duel(game, app, values)))),
        Item("Puzzles", lambda: open_packs(game, app)),
        Item("Puzzle from seed", lambda: app.push(_extra("seed_menu")(game, app))),
        Item("How to play", lambda: app.push(TextPage(app, game.NAME, game.RULES))),
    ]
    return Menu(app, game.NAME, items)


def _extra(name):
    from games.mobger import menu_extra
    return getattr(menu_extra, name)


def _drop_extra():
    import sys
    sys.modules.pop("games.mobger.menu_extra", None)
    pkg = sys.modules.get("games.mobger")
    if pkg is not None and "menu_extra" in pkg.__dict__:
        delattr(pkg, "menu_extra")


def start_duel(game, app, values):
    """Start pressed: menu_extra.start_duel, then its code leaves the heap (the duel runs on
    top of the options screen, which keeps this module)."""
    try:
        _extra("start_duel")(game, app, values)
    finally:
        _drop_extra()


def open_packs(game, app):
    from handheld.launcher import PackList
    app.push(PackList(app, game, "Puzzles", how_to=False))


def make_puzzle_scene(game, app, pack, index, progress, state=None):
    """A level of a shipped pack (launcher) or a generated puzzle played again."""
    from games.mobger.puzzle_scene import PuzzleScene
    return PuzzleScene(app, game, pack, index, progress, state)
