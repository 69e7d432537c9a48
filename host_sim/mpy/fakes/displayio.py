"""A stand-in for CircuitPython's displayio inside MicroPython, for heap measurements only.

It keeps the same data the native objects keep (bitmap pixels, tile indices, palette colours),
in bytearrays of the same size, so gc.mem_alloc() after building scenes approximates what
the device spends on them. It draws nothing.
"""


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.bits = bits
        self.stride = (width * bits + 31) // 32 * 4
        self.data = bytearray(self.stride * height)

    def __setitem__(self, xy, value):
        x, y = xy
        bit = x * self.bits
        i = y * self.stride + bit // 8
        shift = bit % 8
        mask = ((1 << self.bits) - 1) << shift
        self.data[i] = (self.data[i] & ~mask) | ((value << shift) & mask)

    def __getitem__(self, xy):
        x, y = xy
        bit = x * self.bits
        return (self.data[y * self.stride + bit // 8] >> (bit % 8)) & ((1 << self.bits) - 1)

    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value


class Palette:
    def __init__(self, n):
        self.colors = bytearray(4 * n)

    def __setitem__(self, i, color):
        pass

    def make_transparent(self, i):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, x=0, y=0, default_tile=0):
        self.bitmap = bitmap
        self.width = width
        self.height = height
        self.tiles = bytearray(width * height)
        self.x = x
        self.y = y
        self.hidden = False

    def __setitem__(self, xy, tile):
        self.tiles[xy[1] * self.width + xy[0]] = tile

    def __getitem__(self, xy):
        return self.tiles[xy[1] * self.width + xy[0]]


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self.items = []

    def append(self, item):
        self.items.append(item)

    def remove(self, item):
        self.items.remove(item)
