"""The launcher's first screen: the banner, resume on boot, Settings, Keys & help, About.
Not in the heap while a game runs on the device (memory.launcher_aside)."""
from handheld import font
from handheld.gfx import ROWS
from handheld.scenes import Menu, Item, TextPage, error_page, confirm
from handheld.progress import RESUME_KEY, NOTE_KEY, MATCH_FILE, decode_resume, \
    CONTRAST_LEVELS, LED_LEVELS, progress_tag
from handheld.buttons import REPEAT_NAMES
from handheld.launcher import game_list, game_menu, pack_entries, read_pack, open_pack, PackList

PRODUCT = "Puzzle Handheld"
VERSION = "0.19"
BANNER_ROWS = 4         # the title's banner: 128 x 32 pixels
HELP_KEY = b"sys/k"     # set once the player has read the keys page: the title's hint goes
KEYS_TEXT = ("D-pad: move, choose a line.\nA: choose, play, confirm.\nB: back; in a puzzle, "
             "undo (hold to repeat).\nSELECT held + B: redo.\nSTART: pause menu (undo, redo, "
             "restart, hint, watch the solution, rules); hold it 2 s to come home from "
             "anywhere. A restart is undone by B.\nSELECT: each game's extra (its help page "
             "says).")


class TitleMenu(Menu):
    """The banner over Play / Settings / Keys & help when they are all there is; with a resume
    offer or notices, a title bar instead, so that every line fits on the first screen."""

    def __init__(self, app):
        self.art = None
        items = self.build(app)
        Menu.__init__(self, app, PRODUCT, items, on_back=lambda: None, back=False,
                      first_row=self.first_row_for(items))
        self.show_art()

    def first_row_for(self, items):
        return BANNER_ROWS if len(items) <= ROWS - 1 - BANNER_ROWS else 1

    def show_art(self):
        want = self.first_row == BANNER_ROWS
        if want and self.art is None:
            import displayio
            from handheld.gfx import palette
            from handheld.entry import once
            self.art = displayio.TileGrid(once("handheld.title_art", "draw", displayio.Bitmap),
                                          pixel_shader=palette())
            self.group.append(self.art)
        elif not want:
            self.drop_art()

    def drop_art(self):
        if self.art is not None:
            self.group.remove(self.art)
            self.art = None

    def legend(self):
        if HELP_KEY not in self.app.store:      # first use: where the keys are explained
            return "New? See Keys & help"
        return Menu.legend(self)

    def build(self, app):
        items = []
        resume = saved_resume(app)
        if resume is not None:
            game, filename, index = resume[0], resume[1], resume[3]
            label = "Resume " + game.NAME
            if filename != MATCH_FILE:
                label += " %d" % (index + 1)
            items.append(Item(label, lambda: resume_play(app, resume)))
        items.append(Item("Play", lambda: app.push(game_list(app))))
        items.append(Item("Settings", lambda: app.push(SettingsMenu(app))))
        items.append(Item("Keys & help", self.keys_page))
        notes = list(app.notices)
        note = app.store.get(NOTE_KEY)
        if note:
            notes.append(bytes(note).decode("utf-8", "replace"))
        for notice in notes:   # A shows the whole sentence
            items.append(Item(font.CROSS + " " + notice, self.reader(app, notice)))
        return items

    def keys_page(self):
        app = self.app
        if HELP_KEY not in app.store:
            try:
                app.store.put(HELP_KEY, b"1")
            except ValueError:      # a full store: the hint stays, nothing else is lost
                pass
        app.push(TextPage(app, "Keys", KEYS_TEXT))

    def reader(self, app, notice):
        return lambda: app.push(TextPage(app, "Notice", notice))

    def on_cover(self):
        # A stored note has been seen once: it goes (the notices of this boot stay).
        if NOTE_KEY in self.app.store:
            self.app.store.delete(NOTE_KEY)
        self.drop_art()         # drawn again (in ~10 ms) when the title shows again

    def on_show(self):
        items = self.build(self.app)
        self.first_row = self.first_row_for(items)
        self.set_items(items, cursor=0)
        self.show_art()


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
        app.push(game_list(app))
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
            app.push(game_list(app))
            app.push(game_menu(app, game))
            if hasattr(game, "make_menu"):   # packs of a match game: its puzzles
                app.push(PackList(app, game, getattr(game, "PACKS_TITLE", "Packs"), how_to=False))
            open_pack(app, game, pack, index, state)
            return
    app.store.delete(RESUME_KEY)
    app.push(error_page(app, filename, "This pack changed or is gone, so the saved game "
                        "cannot be resumed."))


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
    return ("%s %s\n%d games. Packs live in levels/<game>/ on the CIRCUITPY drive.\n"
            "Save memory free: %d bytes." % (PRODUCT, VERSION, len(app.games), app.store.room()))
