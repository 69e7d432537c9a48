"""The launcher: title (handheld.title) -> games (handheld.cards) -> packs -> levels -> play."""
from handheld.scenes import Menu, Item, TextPage, LevelList, error_page
from handheld.progress import Progress


def start(app, landing=1):
    """The title; after a fresh start from a game (depth 2) the game list over it; a fresh
    start into a game (depth 3 and its number) opens that game's first screen over two
    placeholders that build the title and the list only if they are ever shown."""
    depth, number = landing & 0x7F, landing >> 8
    if 0 < number <= len(app.games):
        app.game_index = number - 1
    if depth >= 3 and app.game_index >= 0:
        from handheld.memory import Later
        app.push(Later(app, "handheld.title", "TitleMenu"))
        app.push(Later(app, "handheld.cards", "GameList"))
        app.push(game_menu(app, app.games[app.game_index]))
        return
    from handheld.title import TitleMenu
    app.push(TitleMenu(app))
    if depth >= 2:                      # back from a game: the list shows its card
        app.push(game_list(app, max(app.game_index, 0)))


def game_list(app, cursor=0):
    """The game list (handheld.cards): imported when shown, put aside while a game runs on the
    device (memory.launcher_aside)."""
    from handheld.cards import GameList as cards
    return cards(app, cursor)


GameList = game_list    # the name host tools build it by


def pack_entries(app, game):
    """[[filename, Pack, error text, or None until read]] of a game's folder, cached until a
    rescan. Listing is instant; reading a pack (title, levels, digest) takes ~0.4 s on the
    device, so the pack list reads them one per tick while the player looks."""
    packs = app.packs.get(game.ID)
    if packs is None:
        from handheld.packs import list_packs   # not resident for games without packs
        packs = [[name, None] for name in list_packs(pack_folder(app, game))]
        app.packs[game.ID] = packs
    return packs


def pack_folder(app, game):
    return app.hw.levels_root + "/" + game.ID


def read_pack(app, game, entry):
    """Fill entry[1]: the indexed Pack, or the text of its file-level problem (no level, a
    header error, too many errors). A pack whose errors are inside levels opens: only those
    levels are broken (docs/formats.md)."""
    if entry[1] is None:
        from handheld.packs import Pack
        try:
            pack = Pack(pack_folder(app, game) + "/" + entry[0], game.PACK_FORMAT)
            if pack.problem is not None:
                line, reason = pack.problem
                pack = "line %d: %s" % (line, reason)
        except (OSError, ValueError) as exc:
            pack = "cannot read: %s" % exc
        entry[1] = pack
    return entry[1]


def packs_of(app, game):
    """[[filename, Pack or error text]], every pack read (cached until a rescan)."""
    entries = pack_entries(app, game)
    for entry in entries:
        read_pack(app, game, entry)
    return entries


def game_menu(app, game):
    """A game's first screen: its own menu (match games: new game, options...) or its packs."""
    if hasattr(game, "make_menu"):
        return game.make_menu(app)
    return PackList(app, game)


class PackList(Menu):
    """How to play, the game's packs, Rescan. A game with its own menu may open this for its
    puzzles (title, how_to=False)."""

    def __init__(self, app, game, title=None, how_to=True):
        self.game = game
        self.how_to = how_to
        Menu.__init__(self, app, title or game.NAME, self.build(app))

    def build(self, app):
        game = self.game
        items = []
        if self.how_to:
            items.append(Item("How to play", lambda: app.push(TextPage(app, game.NAME,
                                                                      game.RULES))))
        self.first = len(items)
        self.entries = pack_entries(app, game)
        for entry in self.entries:
            items.append(self.pack_item(app, entry))
        if not self.entries:
            items.append(Item("(no packs in levels/%s)" % game.ID))
        items.append(Item("Rescan packs", self.rescan))
        return items

    def pack_item(self, app, entry):
        game = self.game
        name, pack = entry
        if pack is None:    # not read yet: its file name until tick() reads it
            i = name.rfind(".")
            return Item(name[:i] if i > 0 else name, lambda: self.open_entry(entry),
                        value=lambda: "...")
        if isinstance(pack, str):
            return Item("! " + name, lambda: app.push(error_page(app, name, pack)))
        progress = Progress(app.store, game.ID, pack)
        return Item(pack.title, lambda: open_pack(app, game, pack),
                    value=lambda: "%d/%d" % (progress.solved_count(), pack.count))

    def open_entry(self, entry):
        read_pack(self.app, self.game, entry)
        self.items[self.first + self.entries.index(entry)] = self.pack_item(self.app, entry)
        self.draw()
        self.items[self.cursor].on_pick()

    def tick(self, now):
        for k in range(len(self.entries) if self.items else 0):
            entry = self.entries[k]
            if entry[1] is None:
                read_pack(self.app, self.game, entry)
                self.items[self.first + k] = self.pack_item(self.app, entry)
                self.draw()
                return True
        return False

    def rescan(self):
        self.app.packs.pop(self.game.ID, None)
        self.set_items(self.build(self.app))

    def on_cover(self):
        # While a pack is played, the other packs' indexes (1-2 KB each) are heap the level
        # needs; they are read again, one per tick, on the way back.
        self.items = []
        self.entries = []
        self.app.packs.pop(self.game.ID, None)

    def on_show(self):
        if self.items:
            self.draw()
        else:
            self.set_items(self.build(self.app))


def pack_changed(app, game, pack):
    """The file of an open pack was edited, renamed or deleted: back to the screen under its
    level list, the game's packs read again, and a message naming the file (never the generic
    error screen). Called once per stale pack; later calls do nothing."""
    if getattr(pack, "gone", False):
        return
    pack.gone = True
    app.packs.pop(game.ID, None)
    stack = app.stack
    for k in range(1, len(stack)):
        if getattr(stack[k], "pack", None) is pack:
            app.pop_to(stack[k - 1])
            break
    app.log("pack changed: %s" % pack.filename)
    app.push(error_page(app, pack.filename, "This pack was changed, renamed or deleted since "
                        "it was opened. Its list has been read again: pick it again."))


def open_pack(app, game, pack, index=None, state=None):
    if pack.changed():
        pack_changed(app, game, pack)
        return
    progress = Progress(app.store, game.ID, pack)
    first = 0
    while first < pack.count - 1 and progress.solved(first):
        first += 1
    levels = LevelList(app, pack, progress, None, cursor=first if index is None else index)
    levels.on_pick = lambda i: play(app, game, pack, progress, i)
    levels.on_error = lambda exc: pack_changed(app, game, pack)
    app.push(levels)
    if index is not None:
        play(app, game, pack, progress, index, state)


def play(app, game, pack, progress, index, state=None):
    """Start level `index`; a level that does not parse becomes an error screen."""
    try:
        scene = game.make_scene(app, pack, index, progress, state)
    except MemoryError:
        where = "%s level %d" % (pack.filename, index + 1)
        app.log("error: %s: MemoryError: level too big for the memory left" % where)
        app.push(error_page(app, where, "This level is too big for the memory left."))
        return
    except Exception as exc:  # a broken level: say where and why, keep the launcher
        from handheld.packs import PackChanged
        if isinstance(exc, PackChanged):
            pack_changed(app, game, pack)
            return
        where = "%s level %d" % (pack.filename, index + 1)
        app.log("error: %s: %s" % (where, exc))
        app.push(error_page(app, where, str(exc)))
        return
    app.push(scene)
    comment = getattr(scene, "comment", None)
    if comment and state is None:   # the author's words for this level, before it is played
        from handheld.scenes import TextPage
        level = getattr(scene, "level", None)
        app.push(TextPage(app, getattr(level, "name", "") or "Level %d" % (index + 1), comment))
