"""MobGer: the two-player Ger duel and its puzzles (seed 004). A match game with its own
menu (duel options, puzzles, puzzles from a seed); the puzzle packs live in levels/mobger/."""
from handheld.entry import entry, lazy, LazyFormat

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


# The match frame's entry points (lib/handheld/match.py) and the puzzles' scene (the launcher's
# level list), imported on first use.
make_menu = entry(__name__, "menu", "make_menu")
rematch = entry(__name__, "menu_extra", "rematch")
resume_match = entry(__name__, "menu_extra", "resume_match")
make_scene = entry(__name__, "menu", "make_puzzle_scene")
record_text = lazy("games.mobger.engine", "record_text")
