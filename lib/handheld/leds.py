"""The NeoPixel strip: turn/piece colours and short win or error flashes. Works with no strip."""
from handheld.progress import LED_LEVELS

OFF = 0x000000
WIN = 0x00FF40
ERROR = 0xFF2000


class Leds:
    def __init__(self, pixels, level=2):
        self.pixels = pixels
        self.n = len(pixels) if pixels is not None else 0
        self.colors = [OFF] * self.n
        self.flash_until = 0
        self.flash_color = OFF
        self.set_level(level)

    def set_level(self, level):
        if self.pixels is not None:
            self.pixels.brightness = LED_LEVELS[level]
            self.show()

    def set(self, i, color):
        if i < self.n and self.colors[i] != color:
            self.colors[i] = color
            if not self.flash_until:
                self.pixels[i] = color
                self.pixels.show()

    def fill(self, color):
        for i in range(self.n):
            self.colors[i] = color
        self.show()

    def off(self):
        """Dark, flash included: the launcher shows no game's colours."""
        self.flash_until = 0
        self.fill(OFF)

    def show(self):
        if self.pixels is None:
            return
        for i in range(self.n):
            self.pixels[i] = self.flash_color if self.flash_until else self.colors[i]
        self.pixels.show()

    def flash(self, color, now, ms=600):
        if self.n:
            self.flash_color = color
            self.flash_until = now + ms or 1
            self.show()

    def tick(self, now):
        if self.flash_until and now >= self.flash_until:
            self.flash_until = 0
            self.show()
