"""The app: hardware in, scene stack, one loop. It knows scenes, never a game's internals."""

from handheld import buttons as B
from handheld.buttons import Buttons
from handheld.leds import Leds
from handheld.progress import Settings, CONTRAST_LEVELS
from handheld.store import Store
from handheld import scenes
from handheld import memory

# Held from boot and let go only to draw the out-of-memory page, so that page can always be drawn.
# Held from boot: let go for the out-of-memory page, and lent to the save store as its
# sector image when it compacts (4 KB in one piece may not be found in a fragmented heap).
RESCUE_BYTES = 4096
# Deeper than the game list means a game is open (its code and art are loaded).
LAUNCHER_DEPTH = 2
GAME_DEPTH = LAUNCHER_DEPTH + 1     # a game's first screen
# Landing flag of a fresh start: the game was closed because the heap ran out.
OUT_OF_MEMORY = 0x80
CLOSED_FOR_MEMORY = "The game ran out of memory and was closed. Your progress is kept."

try:
    from sys import print_exception as _print_exception
except ImportError:  # CPython
    import traceback

    def _print_exception(exc):
        traceback.print_exception(type(exc), exc, exc.__traceback__)


class App:
    def __init__(self, hw, games):
        """hw: the hardware adapter (display, keys, pixels, nvm, levels_root, notices, ticks_ms)."""
        self.hw = hw
        self.games = games
        self.notices = list(hw.notices)
        nvm = hw.nvm
        if nvm is None:
            nvm = bytearray(b"\xff" * 4096)
            self.notices.append("No save memory: progress is not kept.")
        self.rescue = bytearray(RESCUE_BYTES)
        self.store = Store(nvm, scratch=lambda: self.rescue)
        if self.store.notice:
            self.notices.append(self.store.notice)
        self.settings = Settings(self.store)
        self.buttons = Buttons(self.settings.repeat)
        self.leds = Leds(hw.pixels, self.settings.led)
        self.stack = []
        self.now = 0
        self.packs = {}
        self._event = hw.new_event()
        self.owner = [None] * B.COUNT   # scene that got each button's last press
        self.in_game = False
        self.game_index = -1        # the game opened from the game list (its card on the way back)
        self.heap_log = memory.HeapLog(hw.log) if getattr(hw, "heap_log", False) else None
        self.apply_contrast()
        from handheld import launcher
        landing = getattr(hw, "landing", None)
        landing = landing() if landing is not None else 0
        launcher.start(self, landing & ~OUT_OF_MEMORY)
        if landing & OUT_OF_MEMORY:
            self.push(scenes.error_page(self, "Out of memory", CLOSED_FOR_MEMORY))

    # --- scene stack ---------------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def show(self, scene):
        """Put a scene's group on the display. Swapping the display's root group makes one
        full-screen refresh (1,104 bytes of I2C); swapping children of a shared root made two
        overlapping dirty areas, sent one after the other (2,176 bytes)."""
        if self.hw.display is not None:
            self.hw.display.root_group = scene.group

    def push(self, scene):
        if self.stack:
            self.stack[-1].on_cover()
        self.stack.append(scene)
        self.show(scene)
        if len(self.stack) > LAUNCHER_DEPTH and not self.in_game:
            self.in_game = True
            if getattr(self.hw, "fresh_start", None) is not None:
                memory.launcher_aside(self)

    def pop(self):
        if len(self.stack) > 1:
            self._pop()
            self._shown()

    def _pop(self):
        scene = self.stack.pop()
        scene.on_leave()

    def _shown(self):
        """After pops: leaving a game starts afresh on the device (and returns only where it
        cannot), so the screen under it is rebuilt and shown only when the app goes on here —
        never a launcher screen built in a game's heap just to be thrown away."""
        self._left_game()
        self.show(self.stack[-1])
        self.stack[-1].on_show()

    def _left_game(self):
        """Back on the launcher from a game: the device starts afresh (every byte back), the
        simulator unloads the game's code and caches."""
        if self.in_game and len(self.stack) <= LAUNCHER_DEPTH:
            self.in_game = False
            self.leds.off()
            fresh_start = getattr(self.hw, "fresh_start", None)
            if fresh_start is not None:
                fresh_start(len(self.stack) | (OUT_OF_MEMORY if self.rescue is None else 0) |
                            (self.game_index + 1) << 8)
            memory.free_games(self)

    def open_game(self, index):
        """The game list's A. The device starts afresh straight into the game (its heap then
        holds none of the title's or the game list's code, names or art); elsewhere the game's
        first screen is pushed."""
        self.game_index = index
        fresh_start = getattr(self.hw, "fresh_start", None)
        if fresh_start is not None:
            fresh_start(GAME_DEPTH | (index + 1) << 8)   # returns only where it cannot
        from handheld.launcher import game_menu
        self.push(game_menu(self, self.games[index]))

    def replace(self, scene):
        old = self.stack.pop()
        old.on_leave()
        self.stack.append(scene)
        self.show(scene)

    def pop_to(self, scene):
        """Pop until `scene` is on top (it must be on the stack)."""
        while len(self.stack) > 1 and self.stack[-1] is not scene:
            self._pop()
        self._shown()

    def home(self):
        """Back to the launcher's first screen, from anywhere."""
        self.pop_to(self.stack[0])

    def save_record(self, game_id, text):
        """A finished match's record: the hardware keeps it (host: a file) or prints it (device
        console, to copy from the serial terminal); it replays with `python -m host_sim record`."""
        keep = getattr(self.hw, "save_record", None)
        if keep is not None:
            keep(game_id, text)
        else:
            print("---- game record ----")
            print(text)
            print("---------------------")

    def log(self, line):
        """A line on the serial console (the host keeps it)."""
        getattr(self.hw, "log", print)(line)

    # --- settings ------------------------------------------------------------------
    def apply_contrast(self):
        if self.hw.display is not None:
            try:
                self.hw.display.brightness = CONTRAST_LEVELS[self.settings.contrast]
            except (AttributeError, RuntimeError, ValueError):
                pass

    # --- the loop ------------------------------------------------------------------
    def show_error(self, where, exc):
        """Anything a scene throws becomes a readable screen; the launcher keeps running.
        Out of memory, the game is closed first (home frees its code) and the page is drawn
        in the memory held for it."""
        _print_exception(exc)
        self.log("error: %s: %s: %s" % (where, type(exc).__name__, exc))
        self.buttons.release_all()
        if isinstance(exc, MemoryError):
            self.rescue = None
            try:
                self.home()
            except Exception:  # a scene's on_leave failing too: drop the rest by force
                del self.stack[1:]
                self.show(self.stack[0])
                self.in_game = False
                memory.free_games(self)
            reason = where + ": " + CLOSED_FOR_MEMORY
            where = "Out of memory"
        else:
            reason = "%s: %s" % (type(exc).__name__, exc)
        try:
            self.push(scenes.error_page(self, where, reason))
        except MemoryError:
            self.home()
        if self.rescue is None:
            try:
                self.rescue = bytearray(RESCUE_BYTES)
            except MemoryError:
                pass

    def dispatch(self, button, kind):
        if button == B.START and kind == B.LONG:
            self.home()
            return
        top = self.top()
        # Repeats and the release belong to the scene that saw the press: holding B
        # through a win screen must not start undoing in the next scene.
        if kind == B.PRESS:
            self.owner[button] = top
        elif self.owner[button] is not top:
            if kind == B.RELEASE:
                self.owner[button] = None
            return
        try:
            top.on_button(button, kind)
        except Exception as exc:  # the launcher must survive any game bug
            self.show_error("While handling " + B.NAMES[button], exc)
        if kind == B.RELEASE:   # a closed scene must not stay alive (and its code in the heap)
            self.owner[button] = None

    def step(self, now):
        """One pass of the loop: keys, timers, then send what changed to the display."""
        self.now = now
        keys = self.hw.keys
        if keys is not None:
            event = self._event
            while keys.events.get_into(event):
                if event.key_number < B.COUNT:
                    self.buttons.feed(event.key_number, event.pressed, now, self.dispatch)
        self.buttons.tick(now, self.dispatch)
        try:
            self.top().tick(now)
        except Exception as exc:
            self.show_error("While running", exc)
        self.leds.tick(now)
        if self.hw.display is not None:
            self.hw.display.refresh()
        if self.heap_log is not None:
            self.heap_log.tick(self, now)

    def run(self):
        """Forever: nothing a game does may end code.py and leave a dead handheld."""
        hw = self.hw
        while True:
            try:
                self.step(hw.ticks_ms())
            except Exception as exc:  # e.g. out of memory while drawing an error page
                try:
                    self.show_error("While running", exc)
                except Exception:
                    self.home()
            hw.idle()
