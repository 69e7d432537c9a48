"""The seeded PRNG (lib/handheld/rng.py): the numbers of plain 32-bit xorshift (seeded games,
starts and tasks stay what they were), and no allocation per draw in MicroPython (the 32-bit
state kept in two 16-bit halves: no big integers on a 32-bit port)."""
import random

import pytest

from handheld.rng import Rng
from host_sim import micropython as mpy


class Xorshift32:
    """The reference: the generator as it was written before the halves."""

    def __init__(self, seed):
        self.state = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x


def test_rng_gives_the_numbers_of_32_bit_xorshift():
    rnd = random.Random(5)
    seeds = [0, 1, 2, 0xFFFFFFFF, 0x9E3779B9, -7] + [rnd.getrandbits(32) for _ in range(200)]
    sizes = (1, 2, 3, 7, 100, 1000, 0x4000, 0x4001, 1 << 20, 1 << 31, 1 << 33)
    for s in seeds:
        ref = Xorshift32(s)
        got = Rng(s)
        for k in range(120):
            if k % 3 == 0:
                assert got.next() == ref.next(), s
            else:
                n = sizes[k % len(sizes)]
                assert got.below(n) == ref.next() % n, (s, n)


def test_rng_shuffle_is_the_seeded_fisher_yates():
    items = list(range(20))
    Rng(42).shuffle(items)
    ref = Xorshift32(42)
    want = list(range(20))
    for i in range(19, 0, -1):
        j = ref.next() % (i + 1)
        want[i], want[j] = want[j], want[i]
    assert items == want


def test_rng_draws_allocate_nothing_in_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)
    out = mpy.run([mpy.HEAP_PROBE + '''
from handheld.rng import Rng
r = Rng(1234567)
def draws():
    i = 0
    while i < 200:
        r.below(97)
        r.below(0x4000)
        i += 1
def probe():
    return bytearray(100)
draws()
''', "print(alloc_of(draws), alloc_of(probe))"])
    draws, probe = map(int, out.strip().splitlines()[-1].split())
    assert probe >= 100  # the probe sees an allocation
    assert draws == 0
