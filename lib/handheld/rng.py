# Seeded PRNG (xorshift32): the same seed gives the same game on host and device.
#
# The 32-bit state is kept as two 16-bit halves: every step stays below 2**30, where a 32-bit
# port (the RP2040, MicroPython's WebAssembly build) keeps integers small; the whole state would
# be a heap-allocated big integer at every step (about 280 bytes a draw). The numbers are those
# of the plain 32-bit form (tests/test_rng.py). Comments, not docstrings: with docstrings the
# iQLANDIE task test of tests/test_micropython_app.py held about 3 KB more heap (.py compiled
# in the MicroPython proxy; mpy-cross drops docstrings).


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        s = (seed & 0xFFFFFFFF) or 0x9E3779B9
        self.hi = s >> 16
        self.lo = s & 0xFFFF

    def _step(self):
        h = self.hi
        lo = self.lo
        # x ^= x << 13 (32 bits)
        h ^= ((h << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= h >> 1
        # x ^= x << 5 (32 bits)
        h ^= ((h << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = h
        self.lo = lo

    def next(self):
        # the next 32-bit number (a big integer on a 32-bit port: below() avoids it)
        self._step()
        return self.hi << 16 | self.lo

    def below(self, n):
        # uniform-enough integer in [0, n): the next number modulo n
        if n > 0x4000:
            return self.next() % n
        self._step()
        return ((self.hi % n) * (0x10000 % n) + self.lo) % n

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
