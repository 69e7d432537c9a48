"""Games and their entry points, imported on first use: the launcher lists every registered
game and should not pay for their packages, menus, scenes and engines until one is played."""
import sys


def _load(module, name):
    return getattr(__import__(module, None, None, [name]), name)


def entry(package, module, name):
    """package.module.name(game, *args), with the game package itself as the first argument
    (the match frame's make_menu, rematch, resume_match; a pack game's make_scene)."""
    def call(*args):
        return _load(package + "." + module, name)(sys.modules[package], *args)
    return call


def unload(names):
    """Free modules (`package.module` names): out of sys.modules and off their package, where
    Python put them at import; with gc their code goes, and the next import loads them again."""
    for name in names:
        sys.modules.pop(name, None)
        package, _, attr = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and attr in parent.__dict__:
            delattr(parent, attr)


def once(module, name, *args):
    """module.name(*args) with code needed once (e.g. the art a tile sheet is drawn from):
    the module is imported for the call and leaves the heap after it."""
    try:
        return _load(module, name)(*args)
    finally:
        unload((module,))


def lazy(module, name):
    """module.name(*args), imported on the first call (e.g. a game's record_text)."""
    def call(*args):
        return _load(module, name)(*args)
    return call


class LazyGame:
    """A registered game known by its id and name until it is opened. The launcher lists every
    game, but only the one being played needs its package in the heap (~3 KB each); the others
    stay on the drive. Any other attribute imports the package (games.<id>) and reads it there."""

    def __init__(self, game_id, name, blurb=""):
        self.ID = game_id
        self.NAME = name
        self.BLURB = blurb      # one line on the game list (it wraps to three short rows)
        self.package = "games." + game_id
        self._module = None

    def module(self):
        if self._module is None:
            self._module = __import__(self.package, None, None, ["ID"])
        return self._module

    def forget(self):
        """Drop the package (memory.free_games unloads it): it is imported again when opened."""
        self._module = None

    def __getattr__(self, name):
        return getattr(self.module(), name)


class LazyFormat:
    """A game's pack format, imported the first time it is used: load() returns the real one.
    A game's package is light to import; its parser loads only when a pack is read."""

    def __init__(self, load):
        self._load = load
        self._real = None

    def forget(self):
        """Let the real format (and its game's parser modules) go until next used."""
        self._real = None

    def __getattr__(self, name):
        if self._real is None:
            self._real = self._load()
        return getattr(self._real, name)
