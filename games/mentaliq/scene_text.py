"""Mental IQ+'s texts on the handheld: the level's info page, the win screen's figures, the
stored solution (for the hint and Watch solution). Imported when one is asked for."""
from games.mentaliq import engine as E

NAMES = ("up", "right", "down", "left", "plane up (SELECT)", "plane down (SELECT)")


def stored_text(text):
    """"N moves" of a stored solution (counted, not expanded), or "unreadable"."""
    from handheld.moves import count
    n = count(text, "+-")
    return "%d moves" % n if n >= 0 else "unreadable"


def parse_moves(text):
    """board.parse_moves, without importing board.py (its notation and writing side): the
    level's stored solution is read only for the info page, the stats and the hint."""
    from handheld.moves import parse
    return parse(text, "+-")


def info(scene):
    e = scene.engine
    lines = [scene.level.name or scene.pack.title]
    if scene.comment:
        lines.append(scene.comment)
    lines += ["Planes: %d, you are on %d" % (e.planes, e.hero_plane() + 1),
             "Moves %d, pushes %d" % (e.moves, e.pushes),
             "Jewels on flags: %d of %d" % (e.onflag, e.flags)]
    if scene.level.solution:
        lines.append("Stored solution: " + stored_text(scene.level.solution))
    return "\n".join(lines)


def stats(scene):
    e = scene.engine
    out = [("Moves", "%d" % e.moves), ("Pushes", "%d" % e.pushes)]
    if scene.level.solution:
        out.append(("Stored", stored_text(scene.level.solution)))
    return out


def solution(scene):
    try:
        return parse_moves(scene.level.solution)
    except ValueError:
        return None


def hint(scene):
    if not scene.level.solution:
        return None
    from handheld.hint import hint
    level = scene.level

    def scratch():
        e = E.Engine(64)
        e.load(level)
        return e
    try:
        moves = parse_moves(level.solution)
    except ValueError:  # MoveError: the pack reader drops these; never raise on one
        return "The stored solution of this level is unreadable."
    return hint(scene.engine, scratch, moves, lambda a: NAMES[a])


# The legend page (pause menu): every tile and piece as drawn, at 8 px.
LEGEND = ((E.T_FLOOR, E.P_GWYDYON, "Gwydyon (you)"), (E.T_FLOOR, E.P_JEWEL, "jewel"),
          (E.T_FLAG, -1, "flag"), (E.T_FLAG, 10, "jewel on a flag"),
          (E.T_FLOOR, E.P_BLOCK, "block (never moves)"), (E.T_FLOOR, E.P_BRICK, "brick"),
          (E.T_FLOOR, E.P_BOMB, "bomb"), (E.T_FLOOR, E.P_REP, "repulsor"),
          (E.T_FLOOR, E.P_REP2, "repulsor2"), (E.T_FLOOR, E.P_TB_UP, "transborder up"),
          (E.T_FLOOR, E.P_TB_DOWN, "transborder down"), (E.T_TRANSFERT, -1, "transfert ring"),
          (E.T_SLIDER, -1, "slider"), (E.T_VECTOR, -1, "arrows, 4 ways"),
          (E.T_HOLE, -1, "hole"))


def legend(scene):
    from handheld.legend import LegendPage
    from games.mentaliq.scene import sheets
    return LegendPage(scene.app, "Legend", sheets(8), LEGEND)
