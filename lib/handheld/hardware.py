"""The device's hardware adapter: pins and options from settings.toml, clear messages on faults.

Everything the app needs from the board comes through one object, so the simulator can hand the
same app a fake one. A missing part is reported on the serial console (and on screen when there
is one) and the rest keeps working.
"""
import os
import time

DEFAULTS = {
    "HANDHELD_SDA": "GP4",
    "HANDHELD_SCL": "GP5",
    "HANDHELD_I2C_FREQUENCY": 400000,
    "HANDHELD_DISPLAY_ADDRESS": 0x3C,
    "HANDHELD_COLSTART": 2,
    "HANDHELD_ROTATION": 0,
    "HANDHELD_BUTTONS": "GP10,GP11,GP12,GP13,GP14,GP15,GP16,GP17",
    "HANDHELD_LED_PIN": "GP18",
    "HANDHELD_LED_COUNT": 4,
    "HANDHELD_HEAP_LOG": 0,
    "HANDHELD_HEAP_RESERVE": 0,   # read by code.py before anything else is imported
}
BUTTON_ORDER = "UP,DOWN,LEFT,RIGHT,A,B,START,SELECT"
_LANDING_MARK = 0xA7   # alarm.sleep_memory[0]: [1] says where a fresh start opens


def setting(name):
    value = os.getenv(name)
    default = DEFAULTS[name]
    if value is None:
        return default
    if isinstance(default, int) and not isinstance(value, int):
        try:
            return int(value, 0)
        except ValueError:
            raise ValueError("%s = %r in settings.toml is not a number" % (name, value))
    return value


class DeviceHardware:
    levels_root = "/levels"

    def __init__(self):
        import microcontroller
        self.notices = []
        self.i2c = None
        # Building the parts is code needed once: it leaves the heap when done.
        from handheld import wiring
        wiring.connect(self)
        wiring = None
        from handheld.gfx import unload
        unload(("handheld.wiring",))
        try:
            self.nvm = microcontroller.nvm
            if self.nvm is None or len(self.nvm) < 4096:
                raise AttributeError
        except AttributeError:
            self.nvm = None
        self.heap_log = bool(setting("HANDHELD_HEAP_LOG"))
        self._runtime = None
        self._pending = []
        try:
            import supervisor
            self._runtime = supervisor.runtime
            supervisor.runtime.autoreload = False  # copying a pack over USB must not end the game
        except (ImportError, AttributeError):
            pass

    def landing(self):
        """Where a fresh start asked to open, read once: the launcher depth in the low byte (0:
        the title), the game's number (1-based, 0: none) in the next."""
        try:
            import alarm
            mem = alarm.sleep_memory
            if mem[0] == _LANDING_MARK:
                mem[0] = 0
                return mem[1] | (mem[2] << 8)
        except (ImportError, AttributeError, IndexError, NotImplementedError):
            pass
        return 0

    def fresh_start(self, landing):
        """Open or leave a game on a fresh heap: code.py starts again (in ~10 ms, plus its
        imports) and lands where `landing` says (see landing()). Unloading modules cannot give
        back what they interned (names, strings: ~8 KB for Whirly), a fresh start gives back
        everything. Returns only when the board cannot do it."""
        try:
            import alarm
            import displayio
            import supervisor
            alarm.sleep_memory[2] = (landing >> 8) & 255
            alarm.sleep_memory[1] = landing & 255
            alarm.sleep_memory[0] = _LANDING_MARK
        except (ImportError, AttributeError, IndexError, NotImplementedError):
            return
        displayio.release_displays()   # the panel keeps its picture until code.py redraws it
        for part in (self.i2c, self.keys, self.pixels):   # or code.py finds them in use
            if part is not None:
                part.deinit()
        supervisor.reload()

    def log(self, line):
        """A console line. Lines from before the USB console is up are held (a few), not lost."""
        pending = self._pending
        if self._runtime is not None and not self._runtime.serial_connected:
            if len(pending) < 8:
                pending.append(line)
            return
        for held in pending:
            print(held)
        del pending[:]
        print(line)

    def new_event(self):
        import keypad
        return keypad.Event()

    def ticks_ms(self):
        return time.monotonic_ns() // 1000000

    def idle(self):
        time.sleep(0.004)
