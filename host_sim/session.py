"""Run the app headless on a virtual clock: key scripts in, screens (PNG) out.

Key script: words separated by spaces or commas.
  UP DOWN LEFT RIGHT A B START SELECT   press and release (case-insensitive)
  NAME*3                                 the same press three times
  NAME:1500                              hold for 1500 ms (START:2000 is the long press)
  SELECT+B                               hold SELECT, press B, let go of both (a chord)
  wait:500                               let 500 ms pass
"""
import os

from handheld import buttons as B
from host_sim import png
from host_sim.hw import HostHardware

STEP_MS = 20        # the loop runs every 20 virtual ms
PRESS_MS = 60       # how long a plain press is held
LED_ROW = 10        # height of the LED strip drawn under the screen, in screen pixels


CHORD = 256   # a parse_script step that holds one button while pressing another


class ScriptError(ValueError):
    pass


def parse_script(text):
    """-> list of (button or None for a wait, hold_ms, repeat)."""
    steps = []
    for word in text.replace(",", " ").split():
        count, hold = 1, PRESS_MS
        name = word
        if "*" in name:
            name, times = name.split("*", 1)
            count = int(times)
        if ":" in name:
            name, ms = name.split(":", 1)
            hold = int(ms)
        name = name.upper()
        if "+" in name:   # a chord: the first button held while the second is pressed
            held, name = name.split("+", 1)
            if held not in B.NAMES or name not in B.NAMES:
                raise ScriptError("unknown chord %r (e.g. SELECT+B)" % word)
            steps.append((B.NAMES.index(held) | B.NAMES.index(name) << 4 | CHORD, hold, count))
            continue
        if name == "WAIT":
            steps.append((None, hold, 1))
            continue
        if name not in B.NAMES:
            raise ScriptError("unknown key %r (keys: %s, wait:MS)" % (word, " ".join(B.NAMES)))
        steps.append((B.NAMES.index(name), hold, count))
    return steps


class Session:
    def __init__(self, games=None, nvm=None, levels_root=None, frames_dir=None, scale=6,
                 display=None):
        """display: another displayio display (e.g. the SH1106 fidelity one) instead of the
        bus-less FrameDisplay."""
        from handheld.app import App
        if games is None:
            from games import GAMES as games
        self.hw = HostHardware(levels_root=levels_root, nvm=nvm, display=display is None)
        if display is not None:
            self.hw.display = display
        self.app = App(self.hw, games)
        self.frames_dir = frames_dir
        self.frame_no = 0
        self.scale = scale
        self.run(STEP_MS)

    def run(self, ms):
        end = self.hw.clock + ms
        while self.hw.clock < end:
            self.hw.clock += STEP_MS
            before = getattr(self.hw.display, "refreshes", 0)
            self.app.step(self.hw.clock)
            if self.frames_dir and self.hw.display.refreshes != before:
                self.frame_no += 1
                self.save(os.path.join(self.frames_dir, "frame%04d.png" % self.frame_no))

    def press(self, button, hold=PRESS_MS):
        if button & CHORD:
            held = button & 15
            self.hw.keys.events.put(held, True)
            self.run(STEP_MS * 2)
            self.press(button >> 4 & 15, hold)
            self.hw.keys.events.put(held, False)
            self.run(STEP_MS * 2)
            return
        self.hw.keys.events.put(button, True)
        self.run(hold)
        self.hw.keys.events.put(button, False)
        self.run(STEP_MS * 2)

    def keys(self, script):
        for button, hold, count in parse_script(script):
            for _ in range(count):
                if button is None:
                    self.run(hold)
                else:
                    self.press(button, hold)

    def text(self):
        """The characters of the top scene's text grid (for tests), one string per row."""
        from handheld import font
        scene = self.app.top()
        grid = getattr(scene, "text", None)
        if grid is None:
            return []
        rows = []
        for r in range(grid.rows):
            chars = []
            for c in range(grid.cols):
                t = grid.tiles[c, r] % font.COUNT
                chars.append(chr(font.FIRST + t))
            rows.append("".join(chars).rstrip())
        return rows

    def save(self, path):
        write_screen(path, self.hw.display, self.hw.pixels, self.scale)
        return path


def led_color(color, brightness):
    # Show a lit LED brightly enough to see, scaled a little by the brightness setting.
    if not color or brightness <= 0:
        return (30, 30, 30)
    k = 0.45 + min(1.0, brightness * 3)
    k = min(k, 1.0)
    return ((color >> 16 & 255) * k, (color >> 8 & 255) * k, (color & 255) * k)


def write_screen(path, display, pixels, scale=6):
    """PNG of the OLED (scaled) with the LED strip under it."""
    w, h = 128, 64
    rows = png.mono_rows(display.frame, w, h, scale=scale, on=(120, 200, 255), off=(8, 10, 16))
    if pixels is not None and pixels.n:
        strip_h = LED_ROW * scale
        bg = (24, 24, 28)
        leds = [led_color(c, pixels.brightness) for c in pixels.shown]
        gap = w * scale // pixels.n
        radius = strip_h // 3
        for y in range(strip_h):
            row = bytearray()
            for x in range(w * scale):
                i = x // gap
                cx = i * gap + gap // 2
                cy = strip_h // 2
                if (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius:
                    row += bytes(int(v) for v in leds[i])
                else:
                    row += bytes(bg)
            rows.append(bytes(row))
    png.write_png(path, w * scale, len(rows), rows)
