"""Buttons: turn raw key presses into PRESS / REPEAT / RELEASE / LONG events.

keypad gives debounced down/up events only; key repeat and the long START press are ours.
START reports its PRESS on release (a click), so holding it for the long press never opens
the pause menu first.
"""
UP = 0
DOWN = 1
LEFT = 2
RIGHT = 3
A = 4
B = 5
START = 6
SELECT = 7
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
COUNT = 8

PRESS = 0
REPEAT = 1
RELEASE = 2
LONG = 3

# Buttons that repeat while held: moving and undo.
_REPEATS = (True, True, True, True, False, True, False, False)

# Key-repeat speeds offered in settings: (delay before the first repeat, interval), ms.
REPEAT_SPEEDS = ((500, 160), (350, 100), (250, 60))
REPEAT_NAMES = ("slow", "normal", "fast")
LONG_MS = 2000


class Buttons:
    def __init__(self, speed=1):
        self.down_at = [-1] * COUNT     # press time, -1 when up
        self.next_repeat = [0] * COUNT
        self.long_fired = False
        self.set_speed(speed)

    def set_speed(self, speed):
        self.delay, self.interval = REPEAT_SPEEDS[speed]

    def feed(self, button, pressed, now, emit):
        """One debounced edge from keypad; emit(button, kind) gets the resulting events."""
        if pressed:
            if self.down_at[button] >= 0:
                return
            self.down_at[button] = now
            self.next_repeat[button] = now + self.delay
            if button == START:
                self.long_fired = False
            else:
                emit(button, PRESS)
            return
        if self.down_at[button] < 0:
            return
        self.down_at[button] = -1
        if button == START:
            if self.long_fired:
                return
            emit(START, PRESS)
        emit(button, RELEASE)

    def tick(self, now, emit):
        """Time-driven events: repeats of held buttons, the long START press."""
        for button in range(COUNT):
            since = self.down_at[button]
            if since < 0:
                continue
            if button == START:
                if not self.long_fired and now - since >= LONG_MS:
                    self.long_fired = True
                    emit(START, LONG)
            elif _REPEATS[button] and now >= self.next_repeat[button]:
                self.next_repeat[button] = now + self.interval
                emit(button, REPEAT)

    def release_all(self):
        for button in range(COUNT):
            self.down_at[button] = -1
