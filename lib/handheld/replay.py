"""Watching a level's stored solution on the level's own board, then going back to the game.

RIGHT steps forward, LEFT steps back, A plays or pauses, UP/DOWN change the speed, B or START
leaves and puts the player's own position (and undo history) back. Loaded only when asked for.
"""
from handheld import buttons as B
from handheld.scenes import TextPage

SPEEDS_MS = (1000, 500, 250, 120)   # one move per ..., slow to fast
SPEED_NAMES = ("x1", "x2", "x4", "x8")
HELP = ("RIGHT: next move\nLEFT: move back\nA: play / pause\nUP/DOWN: speed\n"
        "B: back to your game")


def start(play):
    """Show play's stored solution from the level's start; the player's game is kept."""
    moves = play.solution()
    if not moves:
        play.app.push(TextPage(play.app, "Solution", "The stored solution of this level "
                               "is unreadable."))
        return
    play.replay = Replay(play, moves)
    play.app.push(TextPage(play.app, "Watch solution", HELP))


class Replay:
    def __init__(self, play, moves):
        self.play = play
        self.moves = bytearray(moves)
        self.saved = play.resume_state()
        self.pos = 0
        self.playing = False
        self.speed = 1
        self.next_at = 0
        play.engine.restart()
        play.whole()
        self.show()

    def show(self):
        self.play.status("%s %d/%d %s" % ("PLAY" if self.playing else "STEP", self.pos,
                                         len(self.moves), SPEED_NAMES[self.speed]))

    def step(self):
        if self.pos >= len(self.moves):
            self.playing = False
            return False
        if not self.play.show_move(self.moves[self.pos]):
            self.pos = len(self.moves)   # an illegal stored move: the replay ends there
            self.playing = False
            return False
        self.pos += 1
        return True

    def back(self):
        if self.pos > 0 and self.play.engine.undo():
            self.pos -= 1
            self.play.after_change()

    def on_button(self, button, kind):
        if kind != B.PRESS and kind != B.REPEAT:
            return
        if button == B.B or button == B.START:
            if kind == B.PRESS:
                self.stop()
            return
        if button == B.RIGHT:
            self.playing = False
            self.step()
        elif button == B.LEFT:
            self.playing = False
            self.back()
        elif button == B.A and kind == B.PRESS:
            if self.pos >= len(self.moves):   # at the end, A plays it again from the start
                self.pos = 0
                self.play.engine.restart()
                self.play.whole()
            self.playing = not self.playing
            self.next_at = self.play.app.now
        elif button == B.UP and self.speed + 1 < len(SPEEDS_MS):
            self.speed += 1
        elif button == B.DOWN and self.speed > 0:
            self.speed -= 1
        self.show()

    def tick(self, now):
        if self.playing and now >= self.next_at and self.play.idle():
            self.next_at = now + SPEEDS_MS[self.speed]
            self.step()
            self.show()

    def stop(self):
        """Back to the player's own position; this module leaves the heap until asked again."""
        play = self.play
        play.replay = None
        play.reload(self.saved)
        play.status("")
        import sys
        if sys.implementation.name != "cpython":
            from handheld.entry import unload
            unload(("handheld.replay",))
