"""Undo against the CPU (MatchScene.undo), loaded when the player asks for it."""
from handheld.options import HUMAN


def undo(scene):
    """Take back the last human action and the CPU actions after it."""
    e = scene.engine
    undone = False
    while e.undo():
        undone = True
        if scene.kinds[e.turn] == HUMAN:
            break
    if undone:
        scene.over = False
        scene.cpu_at = 0
        if scene.dirty_since < 0:
            scene.dirty_since = scene.app.now
        scene.redraw()
        scene.turn_changed()
    return undone
