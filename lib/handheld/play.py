"""The frame every level shares: pause menu, undo, restart, hint, resume saving and the win screen.

A game subclasses PlayScene, builds its engine and board view, and implements:
  handle(button, kind)  the game's own buttons (START is taken here)
  redraw()              draw everything after a restart/undo storm or resume
  stats()               [(label, text)] for the win screen, e.g. moves and pushes
  score()               the number ranked as "best" (lower is better)
and may override hint() -> str or None. The engine must offer undo(), restart(), solved(),
save_state() and load_state(bytes).
"""
from handheld import buttons as B
from handheld.scenes import Menu, Item, TextPage, Scene
from handheld.progress import RESUME_KEY, save_resume
from handheld.leds import WIN

RESUME_IDLE_MS = 3000     # the first resume write comes 3 s after the first move,
RESUME_EVERY_MS = 15000   # then at most one per 15 s (flash wear: docs/saves.md)


class PlayScene(Scene):
    has_hint = False

    def __init__(self, app, game, pack, index, progress, engine):
        Scene.__init__(self, app)
        self.game = game
        self.pack = pack
        self.index = index
        self.progress = progress
        self.engine = engine
        self.dirty_since = -1   # time of the first move not yet in the resume record
        self.saved_at = -RESUME_EVERY_MS
        self.finished = False

    # --- what the game implements ------------------------------------------------------
    def handle(self, button, kind):
        pass

    def redraw(self):
        pass

    def stats(self):
        return []

    def score(self):
        return 0

    def hint(self):
        return None

    def resume_state(self):
        """Bytes that put the engine back where the player is (engine.load_state)."""
        return self.engine.save_state()

    def rules(self):
        return self.game.RULES

    # --- shared behaviour ------------------------------------------------------------------
    def on_button(self, button, kind):
        if button == B.START:
            if kind == B.PRESS:
                self.app.push(PauseMenu(self.app, self))
            return
        if self.finished:
            return
        self.handle(button, kind)

    def moved(self):
        """Call after every move the engine accepted."""
        if self.dirty_since < 0:
            self.dirty_since = self.app.now
        if self.engine.solved():
            self.win()

    def undo(self):
        if self.engine.undo():
            self.after_change()
            return True
        return False

    def restart(self):
        self.finished = False
        self.engine.restart()
        self.after_change()

    def after_change(self):
        self.redraw()
        if self.dirty_since < 0:
            self.dirty_since = self.app.now

    def tick(self, now):
        if self.dirty_since >= 0 and now - self.dirty_since >= RESUME_IDLE_MS and \
                now - self.saved_at >= RESUME_EVERY_MS:
            self.save_resume()

    def save_resume(self):
        self.dirty_since = -1
        self.saved_at = self.app.now
        if self.finished:
            return
        save_resume(self.app.store, self.game.ID, self.pack.filename, self.pack.digest,
                    self.index, self.resume_state())

    def on_leave(self):
        if self.dirty_since >= 0:
            self.save_resume()

    def win(self):
        self.finished = True
        self.dirty_since = -1
        app = self.app
        best_before = self.progress.best(self.index)
        # The win is recorded before the resume record goes: a power cut between the two
        # writes leaves the level solved (and still resumable), never neither.
        new_best = self.progress.record(self.index, self.score())
        app.store.delete(RESUME_KEY)
        app.leds.flash(WIN, app.now, 900)
        app.push(Results(app, self, best_before, new_best))


class PauseMenu(Menu):
    def __init__(self, app, play):
        self.play = play
        items = [Item("Resume", app.pop),
                 Item("Undo", self.undo),
                 Item("Restart", self.restart)]
        if play.has_hint:
            items.append(Item("Hint", self.hint))
        items.append(Item("Rules", lambda: app.push(TextPage(app, play.game.NAME, play.rules()))))
        items.append(Item("Level list", self.level_list))
        items.append(Item("Quit to menu", app.home))
        Menu.__init__(self, app, "Paused  L%d" % (play.index + 1), items)

    def undo(self):
        self.app.pop()
        self.play.undo()

    def restart(self):
        self.app.pop()
        self.play.restart()

    def hint(self):
        text = self.play.hint() or "No hint for this position."
        self.app.replace(TextPage(self.app, "Hint", text))

    def level_list(self):
        self.app.pop()
        self.app.pop()


class Results(Menu):
    def __init__(self, app, play, best_before, new_best):
        self.play = play
        items = [Item("%-9s%s" % (label, value)) for label, value in play.stats()]
        if new_best and best_before:
            items.append(Item("New best! (was %d)" % best_before))
        elif best_before:
            items.append(Item("Best so far: %d" % best_before))
        if play.index + 1 < play.pack.count:
            items.append(Item("Next level", self.next_level))
        items.append(Item("Play again", self.again))
        items.append(Item("Level list", self.level_list))
        Menu.__init__(self, app, "Solved!  L%d" % (play.index + 1), items,
                      on_back=self.level_list)

    def next_level(self):
        from handheld.launcher import play as start_level
        play = self.play
        self.level_list()
        levels = self.app.top()
        if hasattr(levels, "cursor"):
            levels.cursor = play.index + 1
            levels.draw()
        start_level(self.app, play.game, play.pack, play.progress, play.index + 1)

    def again(self):
        from handheld.launcher import play as start_level
        play = self.play
        self.level_list()
        start_level(self.app, play.game, play.pack, play.progress, play.index)

    def level_list(self):
        self.app.pop()   # results
        self.app.pop()   # the finished level
