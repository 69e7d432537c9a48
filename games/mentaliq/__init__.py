"""Mental IQ+: the multi-plane pushing puzzle (seed 000)."""
from handheld.entry import LazyFormat

ID = "mentaliq"
NAME = "Mental IQ+"
# Keys that play each engine action (host tools drive the scene with these key scripts); SELECT
# alone goes up when it can, else down; SELECT held + UP / DOWN chooses.
ACTION_KEYS = ("UP", "RIGHT", "DOWN", "LEFT", "SELECT+UP", "SELECT+DOWN")
RULES = ("Put a jewel on every flag. You are Gwydyon; push one piece at a time. "
         "Planes lie above each other: stand on a transfert ring and press SELECT to go up "
         "(down when up is closed); hold SELECT and press UP or DOWN to choose. Sliders keep "
         "pieces moving, arrows carry them, transborders lift pieces "
         "to another plane, bombs destroy, two répulsors of one kind never line up across "
         "planes, and a répulsor meeting a répulsor2 makes a brick.\n\n"
         "The strip on the right shows every plane, yours inverted. "
         "B undoes, SELECT held + B redoes, A shows the level and its comment, START pauses "
         "(restart, hint, watch the solution).")


def _pack_format():
    from games.mentaliq.board_read import FORMAT
    return FORMAT


# Imported on first use: the launcher imports every game at boot.
PACK_FORMAT = LazyFormat(_pack_format)


def make_scene(app, pack, index, progress, state=None):
    import sys
    # The engine's big arrays are made before the view's modules load (as in Whirly).
    from games.mentaliq.engine import Engine
    engine = Engine()
    from games.mentaliq.scene import MentalScene
    return MentalScene(app, sys.modules[__name__], pack, index, progress, state, engine)


def new_engine(level):
    from games.mentaliq.engine import Engine
    engine = Engine()
    engine.load(level)
    return engine


def parse_moves(text):
    from games.mentaliq.board import parse_moves as parse
    return parse(text)
