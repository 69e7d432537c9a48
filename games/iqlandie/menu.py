"""iQLANDIE's first screens: New game (the options), How to play; rematch and resume.

Entry points take the game module first (the package's __init__ wraps them):
    make_menu(game, app) -> Scene, rematch(game, app, old_scene), resume_match(game, app, data)
Options: players 2-4, each player Human / CPU easy / normal / hard, task difficulty.
Resume data: handheld.options.encode_match(kinds, difficulty, Game.save_state()) (the match
format's 16-bit seed field holds the task difficulty; the game's own seed is in its state).
"""
from handheld.options import OptionsMenu, Option, KIND_NAMES, HUMAN, decode_match
from handheld.scenes import Menu, Item, TextPage

PLAYER_COUNTS = ("2", "3", "4")
DIFFICULTIES = ("Easy", "Normal", "Hard")
DEFAULT_CPU = 2           # CPU normal

HELP = ("\n\nButtons. Topic: UP/DOWN, A. Task: see each task's help (START). Draft: "
        "LEFT/RIGHT a piece, A takes it; UP/DOWN a bag, A adds. Placement: the d-pad moves "
        "the piece, A turns it, B flips it, SELECT the next exhibition, START then "
        "'Place here'; 'Pick up' takes this round's piece back until 'End placing'. SELECT elsewhere: everybody's boards. START: pause, rules, quit "
        "(the game is saved after every placement and round).")


def kinds_of(values):
    kinds = [values["p1"], values["p2"]]
    n = 2 + values["players"]
    if n >= 3:
        kinds.append(values["p3"])
    if n >= 4:
        kinds.append(values["p4"])
    return kinds


def new_seed(app):
    return (app.now * 40503 + 12345) & 0xFFFFFFFF or 1


def make_menu(game, app):
    def new_game():
        options = [
            Option("players", "Players", PLAYER_COUNTS, 2),
            Option("p1", "Player 1", KIND_NAMES, HUMAN),
            Option("p2", "Player 2", KIND_NAMES, DEFAULT_CPU),
            Option("p3", "Player 3", KIND_NAMES, DEFAULT_CPU,
                   shown=lambda values: values["players"] >= 1),
            Option("p4", "Player 4", KIND_NAMES, DEFAULT_CPU,
                   shown=lambda values: values["players"] >= 2),
            Option("level", "Tasks", DIFFICULTIES, 1),
        ]
        app.push(OptionsMenu(app, game.ID, "New game", options,
                             lambda values: start(game, app, kinds_of(values),
                                                  values["level"])))

    items = [Item("New game", new_game),
             Item("How to play", lambda: app.push(TextPage(app, game.NAME, game.RULES + HELP)))]
    return Menu(app, game.NAME, items)


def start(game, app, kinds, difficulty, seed=None):
    from games.iqlandie.game import Game
    from games.iqlandie.screens import GameScene
    g = Game.new(len(kinds), kinds, new_seed(app) if seed is None else seed)
    scene = GameScene(app, game, g, difficulty)
    if isinstance(app.top(), OptionsMenu):
        app.replace(scene)        # quitting the game leads back to the game's menu
    else:
        app.push(scene)
    scene.save()
    return scene


def rematch(game, app, old):
    """The same players and task level, a fresh seed: replaces the old game's scene."""
    from games.iqlandie.game import Game
    from games.iqlandie.screens import GameScene
    g = Game.new(old.g.players, list(old.kinds), (old.g.seed * 69069 + 1) & 0xFFFFFFFF or 1)
    scene = GameScene(app, game, g, old.difficulty)
    app.replace(scene)
    scene.save()


def resume_match(game, app, data):
    """A game saved before a power cut; ValueError when the data is not one."""
    from games.iqlandie.game import Game
    from games.iqlandie.screens import GameScene
    kinds, difficulty, state = decode_match(data)
    if difficulty > 2:
        raise ValueError("bad task level")
    g = Game.restore(state)
    if list(g.kinds) != kinds:
        raise ValueError("players do not match")
    app.push(GameScene(app, game, g, difficulty))
