"""A game package's entry points, imported on first use: the launcher imports every registered
game at boot and should not pay for their menus, scenes and engines until one is played."""
import sys


def _load(module, name):
    return getattr(__import__(module, None, None, [name]), name)


def entry(package, module, name):
    """package.module.name(game, *args), with the game package itself as the first argument
    (the match frame's make_menu, rematch, resume_match; a pack game's make_scene)."""
    def call(*args):
        return _load(package + "." + module, name)(sys.modules[package], *args)
    return call


def lazy(module, name):
    """module.name(*args), imported on the first call (e.g. a game's record_text)."""
    def call(*args):
        return _load(module, name)(*args)
    return call
