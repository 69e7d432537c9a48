"""MobGer: the two-player Ger duel and its puzzles (seed 004). A match game with its own
menu (duel options, puzzles, puzzles from a seed); the puzzle packs live in levels/mobger/."""
import sys

from handheld.packs import LazyFormat

ID = "mobger"
NAME = "MobGer"
RULES = ("Gers are arrows with a rank (colour). Your move: choose a Ger. It moves, then every "
         "other Ger in rank order (after the highest comes the Black Ger), each once. A Ger "
         "goes to the first free field along its arrow, jumping over occupied fields; the "
         "board wraps around. A Ger that lands in the Black House is removed after the "
         "sequence (one per sequence).\n\n"
         "Goal A: bring more Gers into the House than your rival before the Black Ger "
         "returns to it. Goal B: Gers of even rank are yours, odd ones the rival's (or the "
         "other way round); first to have all theirs and the Black Ger in the House wins. "
         "A move may not be repeated from the same position. Draw when nobody can win, "
         "after 30 sequences without a removal, or with no move left.")

PACKS_TITLE = "Puzzles"


def _pack_format():
    from games.mobger.puzzles import FORMAT
    return FORMAT


# Imported on first use: the launcher imports every game at boot.
PACK_FORMAT = LazyFormat(_pack_format)


# The match frame's entry points (lib/handheld/match.py); imported on first use.
def make_menu(app):
    from games.mobger.menu import make_menu as make
    return make(sys.modules[__name__], app)


def rematch(app, old):
    from games.mobger.menu import rematch as again
    again(sys.modules[__name__], app, old)


def resume_match(app, data):
    from games.mobger.menu import resume_match as resume
    resume(sys.modules[__name__], app, data)


def make_scene(app, pack, index, progress, state=None):
    """A puzzle of a pack (the launcher's level list)."""
    from games.mobger.menu import make_puzzle_scene
    return make_puzzle_scene(sys.modules[__name__], app, pack, index, progress, state)


def record_text(engine):
    from games.mobger.engine import record_text as text
    return text(engine)
