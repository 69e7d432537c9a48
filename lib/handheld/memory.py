"""Heap housekeeping: give a game's code back when the player leaves it, and the heap log.

On the device a game's modules (engine, view, parser) and its tile sheets take 40-80 KB of a
~170 KB heap. They are imported when the game opens and must really go when the player is back
at the game list: out of sys.modules, off their package, and out of every cache that still
points into them (a pack format, a tile sheet, a pack index), or the next game runs out of room.
"""
import gc
import sys

from handheld.entry import LazyGame
from handheld.scenes import Scene

# Runtime modules that only a game in play needs (the launcher imports none of them).
PLAY_MODULES = ("handheld.play", "handheld.play_menu", "handheld.replay", "handheld.match",
                "handheld.options", "handheld.hint", "handheld.undoring", "handheld.moves")


def free_games(app):
    """Everything a played game left behind: its package and submodules, the play-time runtime,
    cached pack formats, tile sheets and pack indexes."""
    from handheld import gfx
    unload = gfx.unload
    prefixes = tuple("games." + game.ID + "." for game in app.games)
    names = [name for name in sys.modules if name.startswith(prefixes)]
    unload(names)
    unload(PLAY_MODULES)
    for game in app.games:
        if isinstance(game, LazyGame):      # the registry's entry: the package goes too
            game.forget()
            unload((game.package,))
        else:                               # a package handed in directly (tests, host tools)
            forget = getattr(getattr(game, "PACK_FORMAT", None), "forget", None)
            if forget is not None:
                forget()
    gfx.forget_all()
    app.packs.clear()
    for i in range(len(app.owner)):
        app.owner[i] = None
    gc.collect()


class HeapLog:
    """`HANDHELD_HEAP_LOG = 1`: `heap: free=<bytes> scene=<name>` on the console at every
    scene change and every 5 s (after a collection), so a real board shows the same figures
    as the emulated one."""
    PERIOD_MS = 5000

    def __init__(self, say):
        self.say = say
        self.scene = None
        self.next_ms = 0

    def tick(self, app, now):
        top = app.top()
        if top is self.scene and now < self.next_ms:
            return
        self.scene = top
        self.next_ms = now + self.PERIOD_MS
        gc.collect()
        self.say("heap: free=%d scene=%s depth=%d" % (gc.mem_free(), type(top).__name__,
                                                      len(app.stack)))


# The launcher's own screens: on the device they are never shown again while a game runs
# (leaving the game starts code.py afresh), so their code and art leave the heap.
LAUNCHER_SCREENS = (("handheld.title", "TitleMenu"), ("handheld.cards", "GameList"))
LAUNCHER_MODULES = ("handheld.title", "handheld.cards", "handheld.tally", "handheld.title_art")


class Later(Scene):
    """A launcher screen put aside while a game runs. Shown again only where the board could
    not start afresh: then it builds the real screen in its place."""

    def __init__(self, app, module, name):
        Scene.__init__(self, app)
        self.module = module
        self.name = name

    def on_show(self):
        app = self.app
        real = getattr(__import__(self.module, None, None, [self.name]), self.name)(app)
        app.stack[app.stack.index(self)] = real
        app.show(real)


def launcher_aside(app):
    """A game was opened on a board that starts afresh when it is left: the title and the game
    list under it become Later placeholders and their modules go (~8 KB for the game)."""
    from handheld import gfx
    stack = app.stack
    owner = app.owner
    for i in range(min(len(LAUNCHER_SCREENS), len(stack) - 1)):
        module, name = LAUNCHER_SCREENS[i]
        old = stack[i]
        if type(old).__name__ == name:
            stack[i] = Later(app, module, name)
            for k in range(len(owner)):     # the last press's scene would keep it alive
                if owner[k] is old:
                    owner[k] = None
    gfx.unload(LAUNCHER_MODULES)
    let_go_of_launcher(app)


def let_go_of_launcher(app):
    """handheld.launcher (~7 KB) leaves the heap too when no screen on the stack is one of its
    pack lists: a match game needs it only to read its packs, and imports it again for that."""
    launcher = sys.modules.get("handheld.launcher")
    if launcher is not None:
        for scene in app.stack:
            if isinstance(scene, launcher.PackList):
                break
        else:
            from handheld import gfx
            gfx.unload(("handheld.launcher",))
    gc.collect()

