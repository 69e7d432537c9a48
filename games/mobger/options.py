"""MobGer game options: validation, the 21-byte and the text form, the colour order."""

from games.mobger.constants import (MIN_W, MIN_H, MAX_W, MAX_H, MAX_OBJ, NONE, GOAL_A,
                                    SEQUENCES)

class Options:
    """Game options, fixed before a game. house None = the centre field."""

    def __init__(self):
        self.width = 7
        self.height = 7
        self.house = None
        self.gers = 6
        self.dirset = 0  # 0 simple (up right down left), 1 extended (all eight)
        self.sequence = 0  # 0 short, 1 medium, 2 long
        self.random_order = False
        self.goal = GOAL_A
        self.reflect_borders = False
        self.reflect_gers = False
        self.cuboids = 0
        self.deflectors = 0
        self.flipflaps = 0
        self.joker = False
        self.black_special = False
        self.seed = 1

    def copy(self):
        o = Options()
        o._set(self._values())
        o.random_order = self.random_order
        o.reflect_borders = self.reflect_borders
        o.reflect_gers = self.reflect_gers
        o.joker = self.joker
        o.black_special = self.black_special
        return o

    def house_cell(self):
        if self.house is None:
            return (self.height // 2) * self.width + self.width // 2
        return self.house

    def validate(self):
        """Raise ValueError when an option is out of range; return self."""
        def rng(name, v, lo, hi):
            if not isinstance(v, int) or v < lo or v > hi:
                raise ValueError("option %s=%r out of range %d..%d" % (name, v, lo, hi))
        rng("width", self.width, MIN_W, MAX_W)
        rng("height", self.height, MIN_H, MAX_H)
        cells = self.width * self.height
        if self.house is not None:
            rng("house", self.house, 0, cells - 1)
        rng("sequence", self.sequence, 0, 2)
        rng("goal", self.goal, 0, 1)
        rng("gers", self.gers, 2 + self.goal, len(SEQUENCES[self.sequence]))
        rng("dirset", self.dirset, 0, 1)
        rng("cuboids", self.cuboids, 0, MAX_OBJ)
        rng("deflectors", self.deflectors, 0, MAX_OBJ)
        rng("flipflaps", self.flipflaps, 0, MAX_OBJ)
        rng("seed", self.seed, 0, 0xFFFF)
        for name in ("random_order", "reflect_borders", "reflect_gers", "joker", "black_special"):
            v = getattr(self, name)
            if v is not True and v is not False and v != 0 and v != 1:
                raise ValueError("option %s=%r is not a bool" % (name, v))
        if self.gers + self.cuboids + self.deflectors + self.flipflaps > cells // 2:
            raise ValueError("too many Gers and objects for a %dx%d board" % (self.width, self.height))
        return self

    def _values(self):
        h = NONE if self.house is None else self.house
        return (self.width, self.height, h, self.gers, self.dirset, self.sequence,
                int(bool(self.random_order)), self.goal, int(bool(self.reflect_borders)),
                int(bool(self.reflect_gers)), self.cuboids, self.deflectors, self.flipflaps,
                int(bool(self.joker)), int(bool(self.black_special)), self.seed)

    def _set(self, v):
        self.width, self.height = v[0], v[1]
        self.house = None if v[2] == NONE else v[2]
        self.gers, self.dirset, self.sequence = v[3], v[4], v[5]
        self.random_order = v[6] == 1 if v[6] in (0, 1) else v[6]
        self.goal = v[7]
        self.reflect_borders = v[8] == 1 if v[8] in (0, 1) else v[8]
        self.reflect_gers = v[9] == 1 if v[9] in (0, 1) else v[9]
        self.cuboids, self.deflectors, self.flipflaps = v[10], v[11], v[12]
        self.joker = v[13] == 1 if v[13] in (0, 1) else v[13]
        self.black_special = v[14] == 1 if v[14] in (0, 1) else v[14]
        self.seed = v[15]

    def to_bytes(self):
        """19 bytes: b"MG", version 1, 15 option bytes, seed (2, big-endian), check byte."""
        v = self._values()
        out = bytearray(b"MG\x01")
        for i in range(15):
            out.append(v[i] & 0xFF)
        out.append(v[15] >> 8)
        out.append(v[15] & 0xFF)
        out.append(_check(out))
        return bytes(out)

    # the saved form read back and the text form: options_text.py, imported when used
    @classmethod
    def from_bytes(cls, data):
        from games.mobger.options_text import from_bytes
        return from_bytes(cls, data)

    def text(self):
        """One line: key=value pairs (house=c for the centre)."""
        from games.mobger.options_text import text
        return text(self)

    @classmethod
    def parse(cls, text):
        """Options from text(); missing keys keep their defaults."""
        from games.mobger.options_text import parse
        return parse(cls, text)

    def __eq__(self, other):
        return isinstance(other, Options) and self._values() == other._values()


def _check(data):
    s = 0x5A
    for b in data:
        s = (s * 31 + b) & 0xFF
    return s


def make_order(opts):
    """order[rank] = colour index in the sequence; shuffled (Black Ger kept first) when
    random_order, from the seed."""
    n = opts.gers
    order = bytearray(range(n))
    if opts.random_order:
        from handheld.rng import Rng
        rest = list(range(1, n))
        Rng(opts.seed * 7919 + 17).shuffle(rest)
        if n > 2 and rest == sorted(rest):   # the seed: a random order is not the colour order
            rest = rest[1:] + rest[:1]
        for i in range(1, n):
            order[i] = rest[i - 1]
    return order
