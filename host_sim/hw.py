"""Host stand-ins for the device's hardware: display, buttons, NeoPixels, NVM and a clock.

The app gets the same kind of object as on the device (see lib/handheld/hardware.py), so
the very same code runs; time is virtual unless a window drives it in real time.
"""
import os

from host_sim.display import FrameDisplay

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NVM_SIZE = 4096


class Event:
    def __init__(self, key_number=0, pressed=False):
        self.key_number = key_number
        self.pressed = pressed


class EventQueue:
    """keypad.EventQueue's get_into() over a list that tests and the window fill."""

    def __init__(self):
        self.pending = []

    def get_into(self, event):
        if not self.pending:
            return False
        event.key_number, event.pressed = self.pending.pop(0)
        return True

    def put(self, key, pressed):
        self.pending.append((key, pressed))


class Keys:
    def __init__(self):
        self.events = EventQueue()


class Pixels:
    """A NeoPixel strip as a list of colours (what `neopixel.NeoPixel` would light)."""

    def __init__(self, n=4):
        self.n = n
        self.buffer = [0] * n
        self.shown = [0] * n
        self.brightness = 0.05

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        self.buffer[i] = color

    def __getitem__(self, i):
        return self.buffer[i]

    def fill(self, color):
        self.buffer = [color] * self.n

    def show(self):
        self.shown = list(self.buffer)


class FileNvm(bytearray):
    """NVM kept in a file between simulator runs (a bytearray with write-through)."""

    def __init__(self, path):
        data = b"\xff" * NVM_SIZE
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                data = (f.read() + b"\xff" * NVM_SIZE)[:NVM_SIZE]
        bytearray.__init__(self, data)
        self.path = path

    def __setitem__(self, index, value):
        bytearray.__setitem__(self, index, value)
        if self.path:
            with open(self.path, "wb") as f:
                f.write(self)


class HostHardware:
    def __init__(self, levels_root=None, nvm=None, leds=4, display=True, keys=True,
                 records_dir=None):
        self.notices = []
        self.records = []            # (game_id, text) of finished matches
        self.records_dir = records_dir
        self.display = None
        if display:
            import displayio
            displayio.release_displays()  # displayio allows one display at a time
            self.display = FrameDisplay()
        self.keys = Keys() if keys else None
        self.pixels = Pixels(leds) if leds else None
        self.nvm = nvm if nvm is not None else bytearray(b"\xff" * NVM_SIZE)
        self.levels_root = levels_root or os.path.join(REPO, "levels")
        self.clock = 0
        self.console = []
        self.heap_log = False   # gc.mem_free() is MicroPython's; the device log is the truth

    def new_event(self):
        return Event()

    def log(self, line):
        """Console lines (errors): kept for tests, as the device's serial console shows them."""
        self.console.append(line)

    def save_record(self, game_id, text):
        """Keep a finished match's record; with records_dir also as a numbered file there."""
        self.records.append((game_id, text))
        if self.records_dir:
            os.makedirs(self.records_dir, exist_ok=True)
            n = 1
            while True:
                path = os.path.join(self.records_dir, "%s-%03d.txt" % (game_id, n))
                if not os.path.exists(path):
                    break
                n += 1
            with open(path, "w") as f:
                f.write(text if text.endswith("\n") else text + "\n")
            print("game record saved: %s" % path)

    def ticks_ms(self):
        return self.clock

    def idle(self):
        self.clock += 5
