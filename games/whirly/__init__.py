"""Whirly: generalised Sokoban with co-games (seed 003)."""
from handheld.entry import LazyFormat


def _pack_format():
    from games.whirly.board import FORMAT
    return FORMAT


# Imported on first use: the launcher imports every game at boot.
PACK_FORMAT = LazyFormat(_pack_format)

ID = "whirly"
# Button that plays each engine action (host tools drive the scene with these).
ACTION_KEYS = ("UP", "RIGHT", "DOWN", "LEFT", "SELECT")
NAME = "Whirly"
RULES = ("Push boxes onto targets. Each pack names its game: Sokoban, Co-Sokoban (pull), "
         "Colorban (colours must match), Flocks (neighbours follow), PullPush and more; "
         "its own rules are under START > Rules.\n\n"
         "Arrows move. B undoes (hold to repeat). SELECT switches hero. A shows the level. "
         "START pauses: restart, hint, level list.")


def make_scene(app, pack, index, progress, state=None):
    import sys
    # The engine's undo ring (2.4 KB in one piece) is made before the view's modules load:
    # their loading leaves the heap in small pieces (docs/architecture.md, memory).
    from games.whirly.engine import Engine
    engine = Engine()
    from games.whirly.scene import WhirlyScene
    return WhirlyScene(app, sys.modules[__name__], pack, index, progress, state, engine)


def new_engine(level):
    """An engine started on a parsed level (host tools: replay, bench, solver)."""
    from games.whirly.engine import Engine
    engine = Engine()
    engine.load(level)
    return engine


def parse_moves(text):
    """Move record -> actions; raises ValueError naming the bad character's index."""
    from games.whirly.notation import parse_moves as parse
    return parse(text)
