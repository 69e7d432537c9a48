"""The launcher: title -> games -> packs -> levels -> play, settings, and resume on boot."""
from handheld import font
from handheld import buttons as B
from handheld.scenes import Menu, Item, TextPage, LevelList, error_page, confirm
from handheld.progress import Progress, RESUME_KEY, NOTE_KEY, MATCH_FILE, decode_resume, \
    CONTRAST_LEVELS, LED_LEVELS, progress_tag
from handheld.buttons import REPEAT_NAMES

PRODUCT = "Puzzle Handheld"


def start(app, depth=1):
    """The title; after a fresh start from a game (depth 2) the game list over it."""
    app.push(TitleMenu(app))
    if depth >= 2:
        app.push(GameList(app))


class TitleMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, PRODUCT, self.build(app), on_back=lambda: None)

    def build(self, app):
        items = []
        resume = saved_resume(app)
        if resume is not None:
            game, filename, index = resume[0], resume[1], resume[3]
            label = "Resume " + game.NAME
            if filename != MATCH_FILE:
                label += " %d" % (index + 1)
            items.append(Item(label, lambda: resume_play(app, resume)))
        items.append(Item("Play", lambda: app.push(GameList(app))))
        items.append(Item("Settings", lambda: app.push(SettingsMenu(app))))
        notes = list(app.notices)
        note = app.store.get(NOTE_KEY)
        if note:
            notes.append(bytes(note).decode("utf-8", "replace"))
        for notice in notes:   # A shows the whole sentence
            items.append(Item(font.CROSS + " " + notice, self.reader(app, notice)))
        return items

    def reader(self, app, notice):
        return lambda: app.push(TextPage(app, "Notice", notice))

    def on_cover(self):
        # A stored note has been seen once: it goes (the notices of this boot stay).
        if NOTE_KEY in self.app.store:
            self.app.store.delete(NOTE_KEY)

    def on_show(self):
        self.set_items(self.build(self.app), cursor=0)


def saved_resume(app):
    """(game, filename, digest, index, state) of the game in progress, or None."""
    data = app.store.get(RESUME_KEY)
    if not data:
        return None
    rec = decode_resume(data)
    if rec is None:
        return None
    for game in app.games:
        if game.ID == rec[0]:
            return (game,) + rec[1:]
    return None


def resume_play(app, resume):
    game, filename, digest, index, state = resume
    if filename == MATCH_FILE:
        app.push(GameList(app))
        app.push(game_menu(app, game))
        try:
            game.resume_match(app, state)
        except (ValueError, IndexError, KeyError) as exc:
            app.store.delete(RESUME_KEY)
            app.push(error_page(app, game.NAME, "The saved game is damaged and cannot be "
                                "resumed (%s)." % exc))
        return
    for entry in pack_entries(app, game):
        pack = read_pack(app, game, entry) if entry[0] == filename else None
        if pack is not None and not isinstance(pack, str) and pack.digest == digest:
            app.push(GameList(app))
            app.push(game_menu(app, game))
            if hasattr(game, "make_menu"):   # packs of a match game: its puzzles
                app.push(PackList(app, game, getattr(game, "PACKS_TITLE", "Packs"), how_to=False))
            open_pack(app, game, pack, index, state)
            return
    app.store.delete(RESUME_KEY)
    app.push(error_page(app, filename, "This pack changed or is gone, so the saved game "
                        "cannot be resumed."))


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


class GameList(Menu):
    def __init__(self, app):
        items = [Item(game.NAME, self.picker(app, game)) for game in app.games]
        Menu.__init__(self, app, "Games", items)

    def picker(self, app, game):
        return lambda: app.push(game_menu(app, game))


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


class SettingsMenu(Menu):
    def __init__(self, app):
        s = app.settings
        bars = lambda v, n: font.BOX_FULL * v + font.BOX_EMPTY * (n - v)
        items = [
            Item("Contrast", value=lambda: bars(s.contrast + 1, len(CONTRAST_LEVELS)),
                 on_adjust=self.adjust_contrast),
            Item("LEDs", value=lambda: "off" if s.led == 0 else bars(s.led, len(LED_LEVELS) - 1),
                 on_adjust=self.adjust_led),
            Item("Key repeat", value=lambda: REPEAT_NAMES[s.repeat], on_adjust=self.adjust_repeat),
            Item("Reset progress", self.ask_reset),
            Item("About", lambda: app.push(TextPage(app, "About", about_text(app)))),
        ]
        Menu.__init__(self, app, "Settings", items)

    def adjust_contrast(self, d):
        s = self.app.settings
        s.contrast = max(0, min(len(CONTRAST_LEVELS) - 1, s.contrast + d))
        self.app.apply_contrast()

    def adjust_led(self, d):
        s = self.app.settings
        s.led = max(0, min(len(LED_LEVELS) - 1, s.led + d))
        self.app.leds.set_level(s.led)
        if s.led:
            self.app.leds.flash(0x2040FF, self.app.now, 300)

    def adjust_repeat(self, d):
        s = self.app.settings
        s.repeat = max(0, min(len(REPEAT_NAMES) - 1, s.repeat + d))
        self.app.buttons.set_speed(s.repeat)

    def ask_reset(self):
        app = self.app

        def reset():
            for game in app.games:
                app.store.clear_tag(game.ID.encode())
                app.store.clear_tag(progress_tag(game.ID))
            app.store.delete(RESUME_KEY)
            app.push(TextPage(app, "Progress reset", "All solved marks, best scores and the "
                              "saved game are gone. Settings are kept."))
        app.push(confirm(app, "Erase all progress of every game?", reset, yes="Erase"))

    def on_leave(self):
        self.app.settings.save()


def about_text(app):
    return ("%s\n%d games. Packs live in levels/<game>/ on the CIRCUITPY drive.\n"
            "Save memory free: %d bytes." % (PRODUCT, len(app.games), app.store.room()))
