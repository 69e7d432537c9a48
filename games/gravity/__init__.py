"""Gravity room: turn the room's gravity or lay your flow to bring your pawn onto the
objective (seed 001). A match game: its own menu (new game, options), no level list."""
from handheld.entry import entry, lazy, LazyFormat

ID = "gravity"
NAME = "Gravity room"
RULES = ("Bring your pawn onto the objective (the ringed pawn). The room wraps around: "
         "what leaves one side comes back on the other; only walls stop pieces.\n\n"
         "On your turn, either turn the gravity to a new direction (never back to the "
         "direction it had just before a reversal), or lay your flow arrow on a row or "
         "column: it drives every piece on that line, beating gravity. You own one flow; "
         "laying it elsewhere removes it; you may flip it but not touch another's.\n\n"
         "Everything slides one cell per tick until it stops. Pawns stop against walls and "
         "pawns; the objective passes through pawns. A pawn that meets the objective, even "
         "mid-slide, wins. 120 turns without a winner: a draw.")


def _pack_format():
    from games.gravity.board import FORMAT
    return FORMAT


# Imported on first use: the launcher imports every game at boot.
PACK_FORMAT = LazyFormat(_pack_format)


# The match frame's entry points (lib/handheld/match.py), imported on first use.
make_menu = entry(__name__, "menu", "make_menu")
rematch = entry(__name__, "menu", "rematch")
resume_match = entry(__name__, "menu", "resume_match")
record_text = lazy("games.gravity.board", "record_text")
