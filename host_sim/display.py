"""A bus-less 1-bit display: displayio computes the exact pixels the SH1106 would get, we keep them.

The frame is page-packed like the SH1106's RAM: byte (y // 8) * WIDTH + x, bit y % 8.
"""
import busdisplay
from displayio._area import Area

WIDTH = 128
HEIGHT = 64


class FrameDisplay(busdisplay.BusDisplay):
    """displayio display whose 'panel' is a bytearray; counts refreshes and page writes."""

    def __init__(self, rotation=0):
        super().__init__(
            None, b"", width=WIDTH, height=HEIGHT, rotation=rotation, color_depth=1,
            grayscale=True, pixels_in_byte_share_row=False, auto_refresh=False,
            brightness_command=0x81,
        )
        self.frame = bytearray(WIDTH * HEIGHT // 8)
        self.refreshes = 0          # refresh() calls that sent something
        self.bytes_sent = 0         # pixel bytes a page-addressed panel would receive
        self.contrast = 1.0

    # BusDisplay would talk to a bus here; we decode the area into our frame instead.
    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        width = clipped.width()
        size = clipped.size()
        words = (size + 31) // 32
        buffer = memoryview(bytearray(words * 4)).cast("I")
        mask = memoryview(bytearray((size // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        data = buffer.tobytes()
        pages = clipped.height() // 8
        for page in range(pages):
            src = page * width
            dst = (clipped.y1 // 8 + page) * WIDTH + clipped.x1
            self.frame[dst:dst + width] = data[src:src + width]
        self.bytes_sent += pages * width
        return True

    def refresh(self, **kwargs):
        before = self.bytes_sent
        result = super().refresh(**kwargs)
        if self.bytes_sent != before:
            self.refreshes += 1
        return result

    @property
    def brightness(self):
        return self.contrast

    @brightness.setter
    def brightness(self, value):
        self.contrast = value

    def pixel(self, x, y):
        return (self.frame[(y // 8) * WIDTH + x] >> (y % 8)) & 1
