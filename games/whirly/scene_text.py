"""Whirly's texts on the handheld: the level's info page (A), the rules page and the win
screen's figures. Imported when one is asked for, so play does not keep them in the heap."""


def info(scene):
    e = scene.engine
    lines = [scene.level.name or scene.pack.title]
    if scene.comment:
        lines.append(scene.comment)
    lines += ["Game: " + e.rules.title,
              "Moves %d, pushes %d" % (e.moves, e.pushes),
              "Goals left: %d" % e.goals_left()]
    if scene.level.solution:
        lines.append("Stored solution: " + solution_text(scene))
    if e.heroes > 1:
        lines.append("SELECT: next hero")
    if scene.has_map:
        lines.append("SELECT held + A: map")
    return "\n".join(lines)


def rules(scene):
    return scene.engine.rules.text + \
        "\n\nArrows move, B undoes (hold to repeat), SELECT held + B redoes, SELECT " \
        "switches hero, A shows the level, SELECT held + A the map of a big level, START " \
        "pauses (restart, hint, watch the solution)."


def stats(scene):
    e = scene.engine
    out = [("Moves", "%d" % e.moves), ("Pushes", "%d" % e.pushes)]
    if scene.level.solution:
        out.append(("Stored", solution_text(scene)))
    return out


def solution_text(scene):
    # counted without importing notation.py and without expanding it; never raises, even on
    # a solution the pack reader let through
    from handheld.moves import count
    n = count(scene.level.solution, "*~")
    return "%d moves" % n if n >= 0 else "unreadable"
