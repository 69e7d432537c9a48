"""Gravity room's first screens: New game (the options), How to play; rematch and resume.

Entry points take the game module first (the package's __init__ wraps them):
    make_menu(game, app) -> Scene, rematch(game, app, old_scene), resume_match(game, app, data)
Boards are every board of every pack in levels/gravity, listed by name on the options screen.
"""
from handheld.match import OptionsMenu, Option, KIND_NAMES, HUMAN, decode_match
from handheld.scenes import Menu, Item, TextPage, error_page
from handheld.font import BOX_FULL, DOT_BIG, CROSS, ELLIPSIS

PLAYER_COUNTS = ("2", "3")
SHAPES = (BOX_FULL, DOT_BIG, CROSS)     # each player's pawn (games/gravity/tiles.py)
DEFAULT_P2 = 2            # CPU normal
NAME_COLS = 15            # 21 columns less "Board" and a space


def boards(app, game, broken=None):
    """[(pack, index, name)] of every board that parses, pack by pack. broken, a list, receives
    (file name, "line N: reason") of each pack or board left out (the menu lists them)."""
    from handheld.launcher import packs_of
    from handheld.packs import PackError
    from games.gravity.board import FORMAT
    out = []
    if broken is None:
        broken = []
    for filename, pack in packs_of(app, game):
        if isinstance(pack, str):
            broken.append((filename, pack))
            continue
        try:
            names = pack.names(0, pack.count)
        except PackError as exc:
            broken.append((filename, str(exc)))
            continue
        for i in range(pack.count):
            try:
                FORMAT.parse(pack.level(i), pack.header)
            except (PackError, ValueError, IndexError) as exc:  # not offered, but reported
                broken.append(("%s board %d" % (filename, i + 1), str(exc)))
                continue
            out.append((pack, i, names[i] if i < len(names) else "Board %d" % (i + 1)))
    return out


def short_name(name, width=NAME_COLS):
    """A board name that fits beside "Board" on the options line; a "(WxH)" tail is kept."""
    if len(name) <= width:
        return name
    tail = ""
    i = name.rfind(" (")
    if i > 0 and name[-1:] == ")" and len(name) - i <= width // 2:
        tail = name[i:]
    return name[:width - len(tail) - 1].rstrip() + ELLIPSIS + tail


def kinds_of(values):
    kinds = [values["p1"], values["p2"]]
    if values["players"] == 1:
        kinds.append(values["p3"])
    return kinds


def new_seed(app):
    return (app.now * 40503 + 12345) & 0xFFFF or 1


def make_menu(game, app):
    broken = []
    known = [boards(app, game, broken)]    # read once for the menu; again after a change

    def new_game():
        found = known.pop() if known else None
        if not found:   # emptied by start() when a board failed: read the packs again
            found = boards(app, game)
        if not found:
            app.push(error_page(app, "levels/" + game.ID, "No board found: put a pack of "
                                "boards there."))
            return
        names = []
        for b in found:
            names.append(short_name(b[2]))
        options = [
            Option("players", "Players", PLAYER_COUNTS, 0),
            Option("p1", SHAPES[0] + " Player 1", KIND_NAMES, HUMAN),
            Option("p2", SHAPES[1] + " Player 2", KIND_NAMES, DEFAULT_P2),
            Option("p3", SHAPES[2] + " Player 3", KIND_NAMES, DEFAULT_P2,
                   shown=lambda values: values["players"] == 1),
            Option("board", "Board", tuple(names), 0),
        ]
        app.push(OptionsMenu(app, game.ID, "New game", options,
                             lambda values: start(game, app, found, values)))
        known.append(found)

    items = [Item("New game", new_game),
             Item("How to play", lambda: app.push(TextPage(app, game.NAME, game.RULES + HELP)))]
    for name, reason in broken:   # shown like the other games' broken packs and levels
        items.append(Item("! " + name, lambda n=name, r=reason: app.push(error_page(app, n, r))))
    return Menu(app, game.NAME, items)


HELP = ("\n\nButtons: the d-pad shows a gravity direction, A plays it. SELECT: flow mode; "
        "move the cursor, A, then LEFT/RIGHT lay your flow on that row, UP/DOWN on that "
        "column. B goes back. START: pause, undo against the CPU, rules.")


def start(game, app, found, values):
    from games.gravity.board import FORMAT
    from games.gravity.engine import Engine
    from handheld.packs import PackError
    pack, index, name = found[values["board"]]
    filename = pack
    if isinstance(pack, str):           # let go by an earlier start: read that one file again
        from handheld.launcher import read_pack
        pack = read_pack(app, game, [filename, None])
    else:
        filename = pack.filename
    try:
        if isinstance(pack, str):
            raise ValueError(pack)
        board = FORMAT.parse(pack.level(index), pack.header)
        engine = Engine()
        engine.new_game(board, 2 + values["players"])
    except (PackError, ValueError, IndexError) as exc:  # e.g. the pack changed since: read
        app.packs.pop(game.ID, None)                    # the packs again on the next New game
        del found[:]
        app.push(error_page(app, "%s board %d" % (filename, index + 1), str(exc)))
        return
    board = pack = FORMAT = None      # nothing of the pack reader stays referenced
    let_go_of_packs(app, game, found)
    from games.gravity.scene import GravityScene
    app.push(GravityScene(app, game, engine, kinds_of(values), new_seed(app), name))


def let_go_of_packs(app, game, found):
    """The board is in the engine: the pack reader (~13 KB on the device with the indexes) is
    heap the match's art needs more. The options keep each board's file name; Start reads
    that one file again."""
    for k in range(len(found)):
        pack, index, name = found[k]
        if not isinstance(pack, str):
            found[k] = (pack.filename, index, name)
    app.packs.pop(game.ID, None)
    import sys
    if sys.implementation.name != "cpython":   # CPython frees nothing by it (see packs_util)
        game.PACK_FORMAT.forget()
        from handheld.entry import unload
        from handheld.memory import let_go_of_launcher
        unload(("games.gravity.board", "handheld.packs"))
        if getattr(app.hw, "fresh_start", None) is not None:
            let_go_of_launcher(app)


def rematch(game, app, old):
    """The same players on the same board, a fresh CPU seed."""
    from games.gravity.engine import Engine
    from games.gravity.scene import GravityScene, BoardOf
    engine = Engine()
    engine.new_game(BoardOf(old.engine), old.engine.players)
    app.replace(GravityScene(app, game, engine, list(old.kinds), (old.seed + 1) & 0xFFFF or 1,
                             old.name))


def resume_match(game, app, data):
    """A match saved before a power cut; ValueError when the data is not one."""
    from games.gravity.engine import Engine
    from games.gravity.scene import GravityScene
    kinds, seed, state = decode_match(data)
    engine = Engine()
    engine.load_state(state)
    if len(kinds) != engine.players:
        raise ValueError("players do not match")
    app.push(GravityScene(app, game, engine, kinds, seed))
