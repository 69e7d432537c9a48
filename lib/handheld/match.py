"""Match games (people against people or the CPU): the options screen before a game, turn
order, CPU turns, undo against the CPU, pause and result screens, resume after a power cut.

A game's match scene subclasses MatchScene and implements:
  redraw()                draw the whole board and HUD from the engine
  handle(button, kind)    a human's input on their turn; call self.submit(action) to commit
  start_animation()       show the action just played (engine buffers say what moved)
  animate(now) -> bool    advance the animation; False once it is over (default: none)
  finish_animation()      jump to the end of the animation (a key skips it)
  cpu_action(strength)    the CPU's choice, usually ai.choose(engine, strength, self.rng)
and may override turn_changed() (HUD, LEDs) and describe_result() for the result screen.

The engine follows the match contract (docs/architecture.md): players, turn, play(action),
legal(buf), winner() (-1 running, a player, or DRAW), undo(), save_state(), load_state().
The game package provides make_menu(app) (its first screen), resume_match(app, data),
record_text(engine) for the game record.
"""
from handheld import buttons as B
from handheld.scenes import Scene, Menu, Item, TextPage, confirm
from handheld.progress import RESUME_KEY, save_match
from handheld.rng import Rng
from handheld.leds import WIN

from handheld.options import (HUMAN, KIND_NAMES, PLAYER_COLORS, DRAW, encode_match,  # noqa: F401
                              decode_match, Option, OptionsMenu)

CPU_DELAY_MS = 450             # show whose turn it is before the CPU thinks
RESUME_IDLE_MS = 3000


class MatchScene(Scene):
    def __init__(self, app, game, engine, kinds, seed=1):
        Scene.__init__(self, app)
        self.game = game
        self.engine = engine
        self.kinds = kinds
        self.seed = seed & 0xFFFF
        self.rng = Rng(seed * 2654435761 + engine.nactions)
        self.animating = False
        self.cpu_at = 0          # when the waiting CPU may think (0: not scheduled)
        self.dirty_since = -1    # time of the first action not yet in the resume record
        self.over = False

    # --- what the game implements ------------------------------------------------------
    def redraw(self):
        pass

    def handle(self, button, kind):
        pass

    def start_animation(self):
        pass

    def animate(self, now):
        return False

    def finish_animation(self):
        pass

    def cpu_action(self, strength):
        raise NotImplementedError

    def turn_changed(self):
        """The player to act changed (or the board was redrawn): HUD and LEDs."""
        self.app.leds.fill(PLAYER_COLORS[self.engine.turn % len(PLAYER_COLORS)])

    def result_lines(self):
        """Extra lines on the result screen (e.g. the number of turns)."""
        return []

    def describe_result(self):
        w = self.engine.winner()
        if w == DRAW:
            return "Draw"
        return "%s wins!" % self.player_name(w)

    # --- shared behaviour --------------------------------------------------------------------
    def player_name(self, p):
        if self.kinds[p] == HUMAN:
            humans = 0
            for k in self.kinds:
                humans += k == HUMAN
            return "You" if humans == 1 else "P%d" % (p + 1)
        return "CPU %d" % (p + 1) if self.cpus() > 1 else "CPU"

    def cpus(self):
        n = 0
        for k in self.kinds:
            n += k != HUMAN
        return n

    def human_turn(self):
        return not self.over and not self.animating and self.engine.winner() < 0 and \
            self.kinds[self.engine.turn] == HUMAN

    def can_undo(self):
        """Undo is offered against the CPU (a hot-seat game has no referee to agree on it)."""
        return self.cpus() > 0 and self.engine.nactions > 0

    def on_button(self, button, kind):
        if self.animating:
            if kind == B.PRESS:
                self.finish_animation()
                self.animating = False
                self.after_action()
            return
        if button == B.START:
            if kind == B.PRESS:
                self.app.push(MatchPause(self.app, self))
            return
        if self.human_turn():
            self.handle(button, kind)

    def submit(self, action):
        """Play an action for the player whose turn it is; False when the engine refuses it."""
        if not self.engine.play(action):
            return False
        if self.dirty_since < 0:
            self.dirty_since = self.app.now
        self.cpu_at = 0
        self.animating = True
        self.start_animation()
        return True

    def after_action(self):
        self.redraw()
        self.turn_changed()
        if self.engine.winner() >= 0:
            self.end()

    def undo(self):
        """Take back the last human action and the CPU actions after it."""
        e = self.engine
        undone = False
        while e.undo():
            undone = True
            if self.kinds[e.turn] == HUMAN:
                break
        if undone:
            self.over = False
            self.cpu_at = 0
            if self.dirty_since < 0:
                self.dirty_since = self.app.now
            self.redraw()
            self.turn_changed()
        return undone

    def tick(self, now):
        if self.animating:
            if not self.animate(now):
                self.animating = False
                self.after_action()
            return True
        if not self.over and self.engine.winner() < 0 and self.kinds[self.engine.turn] != HUMAN:
            if not self.cpu_at:
                self.cpu_at = now + CPU_DELAY_MS
            elif now >= self.cpu_at:
                self.cpu_at = 0
                action = self.cpu_action(self.kinds[self.engine.turn])
                if not self.submit(action):
                    raise RuntimeError("the CPU chose an illegal action %d" % action)
        if self.dirty_since >= 0 and now - self.dirty_since >= RESUME_IDLE_MS:
            self.save_resume()
        return False

    def resume_data(self):
        return encode_match(self.kinds, self.seed, self.engine.save_state())

    def save_resume(self):
        self.dirty_since = -1
        if self.over:
            return
        save_match(self.app.store, self.game.ID, self.resume_data())

    def on_leave(self):
        if self.dirty_since >= 0:
            self.save_resume()

    def end(self):
        self.over = True
        self.dirty_since = -1
        app = self.app
        app.store.delete(RESUME_KEY)
        record = getattr(self.game, "record_text", None)
        if record is not None:
            app.save_record(self.game.ID, record(self.engine))
        app.leds.flash(WIN, app.now, 900)
        app.push(MatchResult(app, self))

    def new_game(self):
        """The same options again (this scene must be on top): the game replaces it."""
        self.game.rematch(self.app, self)


class MatchPause(Menu):
    def __init__(self, app, match):
        self.match = match
        items = [Item("Resume", app.pop)]
        if match.can_undo():
            items.append(Item("Undo", self.undo))
        items.append(Item("Rules", lambda: app.push(TextPage(app, match.game.NAME,
                                                             match.game.RULES))))
        items.append(Item("New game", lambda: app.push(
            confirm(app, "Abandon this game and start a new one?", self.new_game,
                    yes="New game"))))
        items.append(Item("Quit to menu", self.quit))
        Menu.__init__(self, app, "Paused", items)

    def undo(self):
        self.app.pop()
        self.match.undo()

    def new_game(self):
        self.app.pop()              # this menu
        self.app.store.delete(RESUME_KEY)
        self.match.dirty_since = -1
        self.match.new_game()

    def quit(self):
        """Back to the game's menu; the game stays resumable from the title screen."""
        self.app.pop()
        self.app.pop()


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
