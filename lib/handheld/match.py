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
from handheld.scenes import Scene
from handheld.progress import save_match
from handheld.rng import Rng

from handheld.options import (HUMAN, KIND_NAMES, PLAYER_COLORS, DRAW, encode_match,  # noqa: F401
                              decode_match, Option, OptionsMenu)

CPU_DELAY_MS = 450             # show whose turn it is before the CPU thinks
RESUME_IDLE_MS = 3000     # the first resume write comes 3 s after the first move,
RESUME_EVERY_MS = 15000   # then at most one per 15 s (flash wear: docs/saves.md)


def part(name):
    """One moment's module (handheld.match_<name>: pause, end, undo), imported when that moment
    comes and let go of at once: the screen it builds keeps its code alive while it is shown,
    then the code goes with it (a duel's heap holds only the playing frame)."""
    from handheld.gfx import unload
    full = "handheld.match_" + name
    m = __import__(full, None, None, ["x"])
    unload((full,))
    return m


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
        self.saved_at = -RESUME_EVERY_MS
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
        return self.wins(w)

    def wins(self, p):
        """"You win!", "CPU wins!", "P2 wins!"."""
        name = self.player_name(p)
        return name + (" win!" if name == "You" else " wins!")

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
                self.app.push(part("pause").MatchPause(self.app, self))
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
        return part("undo").undo(self)

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
                strength = self.kinds[self.engine.turn]
                t0 = self.app.hw.ticks_ms()
                action = self.cpu_action(strength)
                if self.app.heap_log is not None:   # the measuring console (HANDHELD_HEAP_LOG)
                    self.app.log("cpu: game=%s strength=%d ms=%d"
                                 % (self.game.ID, strength, self.app.hw.ticks_ms() - t0))
                if not self.submit(action):
                    raise RuntimeError("the CPU chose an illegal action %d" % action)
        if self.dirty_since >= 0 and now - self.dirty_since >= RESUME_IDLE_MS and \
                now - self.saved_at >= RESUME_EVERY_MS:
            self.save_resume()
        return False

    def resume_data(self):
        return encode_match(self.kinds, self.seed, self.engine.save_state())

    def save_resume(self):
        self.dirty_since = -1
        self.saved_at = self.app.now
        if self.over:
            return
        save_match(self.app.store, self.game.ID, self.resume_data())

    def on_leave(self):
        if self.dirty_since >= 0:
            self.save_resume()

    def end(self):
        """The game is over: drop the resume record, keep the game record, show the result."""
        part("end").end(self)

    def new_game(self):
        """The same options again (this scene must be on top): the game replaces it."""
        self.game.rematch(self.app, self)
