"""A stand-in for displayio.Bitmap that keeps its pixels readable, for tests of tile art on the
host; SOURCE is the same class as text, for the art's checks inside MicroPython."""
import inspect


class Bits:
    def __init__(self, w, h, n):
        self.w, self.h = w, h
        self.px = bytearray(w * h)

    def __setitem__(self, xy, v):
        self.px[xy[1] * self.w + xy[0]] = v

    def __getitem__(self, xy):
        return self.px[xy[1] * self.w + xy[0]]


SOURCE = inspect.getsource(Bits)
