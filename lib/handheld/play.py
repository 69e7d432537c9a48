"""The frame every level shares: pause menu, undo, restart, hint, resume saving and the win screen.

A game subclasses PlayScene, builds its engine and board view, and implements:
  handle(button, kind)  the game's own buttons (START, and SELECT held with B, are taken here)
  show_move(action)     play one engine action and draw it -> bool (player moves go through act())
  redraw()              draw everything after a restart/undo storm or resume
  stats()               [(label, text)] for the win screen, e.g. moves and pushes
  score()               the number ranked as "best" (lower is better)
and may override hint() -> str or None, solution() -> actions or None (replay), status(text)
(a one-line note on the board's HUD) and select(kind) (SELECT, and SELECT held with an arrow).
The engine must offer undo(), restart(), solved(), save_state(), load_state(bytes) and the
UndoRing's newest_action().

Undo, redo and restart: B undoes (held: repeats); SELECT held + B, or the pause menu, redoes
what was undone until a new move; restart is itself undone by B once the moves after it are.
"""
from handheld import buttons as B
from handheld.scenes import Scene
from handheld.progress import RESUME_KEY, save_resume
from handheld.leds import WIN

RESUME_IDLE_MS = 3000     # the first resume write comes 3 s after the first move,
RESUME_EVERY_MS = 15000   # then at most one per 15 s (flash wear: docs/saves.md)
REDO_MAX = 255            # undone actions that redo can replay
REDO_RESTART = 255        # on the redo stack: the restart that was undone


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
        self.redo_log = None   # undone actions, newest last: made at the first undo
        self.nredo = 0
        self.before_restart = None   # resume bytes of the position a restart left
        self.chord = False           # SELECT was used with another button while held
        self.replay = None           # a Replay while the stored solution is shown
        self.comment = None          # the level's Comment: text, shown when it opens and on A

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

    def show_move(self, action):
        return False

    def solution(self):
        """The stored solution as a list of engine actions, or None."""
        return None

    def status(self, text):
        """Show a short note (e.g. "Restart undone") where the game has room."""

    def whole(self):
        """Draw everything after the engine jumped (load_state, or a restart for a replay)."""
        self.redraw()

    def idle(self):
        """False while a move is still being animated."""
        return True

    def select(self, kind):
        """SELECT was pressed and released alone (kind PRESS); with arrows held: override."""
        self.handle(B.SELECT, kind)

    def select_with(self, button, kind):
        """An arrow pressed while SELECT is held -> True when the game used it."""
        return False

    def resume_state(self):
        """Bytes that put the engine back where the player is (engine.load_state)."""
        return self.engine.save_state()

    def rules(self):
        return self.game.RULES

    # --- shared behaviour ------------------------------------------------------------------
    def on_button(self, button, kind):
        if self.replay is not None:
            self.replay.on_button(button, kind)
            return
        if button == B.START:
            if kind == B.PRESS:
                from handheld.play_menu import PauseMenu
                self.app.push(PauseMenu(self.app, self))
            return
        if self.finished:
            return
        if button == B.SELECT:
            # SELECT acts on release, so that SELECT held + B (redo) never also does SELECT's job
            if kind == B.PRESS:
                self.chord = False
            elif kind == B.RELEASE and not self.chord:
                self.select(B.PRESS)
            return
        if self.app.buttons.down_at[B.SELECT] >= 0 and kind != B.RELEASE:
            if button == B.B:
                self.chord = True
                self.redo()
                return
            if self.select_with(button, kind):
                self.chord = True
                return
        self.handle(button, kind)

    def act(self, action):
        """A move of the player's own: what could be redone is forgotten."""
        if self.show_move(action):
            self.nredo = 0
            return True
        return False

    def moved(self):
        """Call after every move the engine accepted."""
        if self.replay is not None:
            return
        if self.dirty_since < 0:
            self.dirty_since = self.app.now
        if self.engine.solved():
            self.win()

    def undo(self):
        e = self.engine
        action = e.newest_action()
        if e.undo():
            self.remember_undone(action)
            self.after_change()
            return True
        if self.before_restart is not None:
            state = self.before_restart
            self.before_restart = None
            self.reload(state)
            self.remember_undone(REDO_RESTART)
            self.status("Restart undone")
            return True
        return False

    def remember_undone(self, action):
        if self.redo_log is None:
            self.redo_log = bytearray(REDO_MAX)
        if self.nredo == REDO_MAX:   # the oldest undone action goes
            self.redo_log[:REDO_MAX - 1] = self.redo_log[1:]
            self.nredo -= 1
        self.redo_log[self.nredo] = action
        self.nredo += 1

    def redo(self):
        if self.nredo == 0:
            self.status("Nothing to redo")
            return False
        self.nredo -= 1
        action = self.redo_log[self.nredo]
        if action == REDO_RESTART:
            self.restart(keep_redo=True)
            return True
        if self.show_move(action):
            return True
        self.nredo = 0   # cannot happen with a deterministic engine; never loop on it
        return False

    def restart(self, keep_redo=False):
        """Back to the start; B takes the restart back (the position is kept until then)."""
        e = self.engine
        if e.newest_action() >= 0 or getattr(e, "dropped", 0):
            self.before_restart = self.resume_state()
        if not keep_redo:
            self.nredo = 0
        self.finished = False
        e.restart()
        self.after_change()
        if self.before_restart is not None:
            self.status("B: undo restart")

    def reload(self, state):
        """Put the engine back at a resume_state() and draw it whole."""
        self.finished = False
        self.engine.load_state(state)
        self.whole()
        if self.dirty_since < 0:
            self.dirty_since = self.app.now

    def after_change(self):
        self.redraw()
        if self.dirty_since < 0:
            self.dirty_since = self.app.now

    def tick(self, now):
        if self.replay is not None:
            self.replay.tick(now)
            return
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
        if self.replay is not None:
            self.replay.stop()
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
        from handheld.play_menu import Results
        app.push(Results(app, self, best_before, new_best))
