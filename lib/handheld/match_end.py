"""The end of a match: the resume record goes, the game record is kept, the result screen.
Loaded when a match ends (MatchScene.end)."""
from handheld.scenes import Menu, Item
from handheld.progress import RESUME_KEY
from handheld.leds import WIN


def end(scene):
    scene.over = True
    scene.dirty_since = -1
    app = scene.app
    app.store.delete(RESUME_KEY)
    from handheld.tally import count_match
    count_match(app.store, scene.game.ID, won_against_cpu(scene))
    record = getattr(scene.game, "record_text", None)
    if record is not None:
        app.save_record(scene.game.ID, record(scene.engine))
    app.leds.flash(WIN, app.now, 900)
    app.push(MatchResult(app, scene))


def won_against_cpu(scene):
    """A player beat the CPU: the winner is a person and a CPU took part (the game list counts
    these as matches won)."""
    from handheld.options import HUMAN
    kinds = scene.kinds
    w = scene.engine.winner()
    return 0 <= w < len(kinds) and kinds[w] == HUMAN and any(k != HUMAN for k in kinds)


class MatchResult(Menu):
    def __init__(self, app, match):
        self.match = match
        items = [Item(line) for line in match.result_lines()]
        items.append(Item("Rematch", self.rematch))
        if match.can_undo():
            items.append(Item("Undo last move", self.undo))
        items.append(Item("Look at board", app.pop))
        items.append(Item("Game menu", self.leave))
        Menu.__init__(self, app, match.describe_result(), items, on_back=app.pop)

    def rematch(self):
        self.app.pop()
        self.match.new_game()

    def undo(self):
        self.app.pop()
        self.match.undo()

    def leave(self):
        self.app.pop()
        self.app.pop()
