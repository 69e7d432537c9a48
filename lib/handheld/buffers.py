"""Zeroed arrays made without a temporary copy.

`array("H", bytes(2 * n))` first makes the bytes, then the array: two blocks of that size at
once. In a fragmented heap the second contiguous block is what fails (a Mental IQ+ level could
not open with 52 KB free: "allocating 3200 bytes"), so the big buffers are made here instead.
"""
from array import array


def zeros(typecode, n):
    """array(typecode) of n zeros: sized once from range()'s length, then cleared."""
    if n > 32767:   # range's values must fit the type: only host tools (solvers) ask this much
        return array(typecode, bytes(n * len(bytes(array(typecode, [0])))))
    a = array(typecode, range(n))
    for i in range(n):
        a[i] = 0
    return a
