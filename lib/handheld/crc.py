"""CRC-32 (the zlib / binascii.crc32 one) for builds that lack binascii.crc32.

CircuitPython full builds (RP2040 included) have binascii.crc32 in C, and so
does MicroPython where MICROPY_PY_BINASCII_CRC32 is on; `crc32` below picks it.
The fallback keeps the 32-bit state in two 16-bit halves so that, on
MicroPython/CircuitPython, every step stays a small int (no heap allocation
per byte); its tables (1 KB) are built on first use only.
"""

try:
    from binascii import crc32 as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

_LO = None
_HI = None


def _tables():
    global _LO, _HI
    from array import array
    lo_t = array("H", bytes(512))
    hi_t = array("H", bytes(512))
    for i in range(256):
        lo = i
        hi = 0
        for _ in range(8):
            odd = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if odd:  # reflected polynomial 0xEDB88320
                lo ^= 0x8320
                hi ^= 0xEDB8
        lo_t[i] = lo
        hi_t[i] = hi
    _LO = lo_t
    _HI = hi_t


def crc32_py(data, crc=0):
    """Pure-Python CRC-32 of a bytes-like object, same results as zlib.crc32."""
    if _LO is None:
        _tables()
    lo_t = _LO
    hi_t = _HI
    crc ^= 0xFFFFFFFF
    lo = crc & 0xFFFF
    hi = (crc >> 16) & 0xFFFF
    for b in data:
        i = (lo ^ b) & 0xFF
        lo = ((lo >> 8) | ((hi & 0xFF) << 8)) ^ lo_t[i]
        hi = (hi >> 8) ^ hi_t[i]
    return ((hi << 16) | lo) ^ 0xFFFFFFFF


crc32 = _native if _native is not None else crc32_py
