"""Heap housekeeping: give a game's code back when the player leaves it, and the heap log.

On the device a game's modules (engine, view, parser) and its tile sheets take 40-80 KB of a
~170 KB heap. They are imported when the game opens and must really go when the player is back
at the game list: out of sys.modules, off their package, and out of every cache that still
points into them (a pack format, a tile sheet, a pack index), or the next game runs out of room.
"""
import gc
import sys

from handheld.entry import LazyGame

# Runtime modules that only a game in play needs (the launcher imports none of them).
PLAY_MODULES = ("handheld.play", "handheld.match", "handheld.options", "handheld.hint",
                "handheld.undoring", "handheld.moves")


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
