"""Tiny pure-Python PNG writer/reader for host tools (screenshots, font specimen).

Host only: uses zlib and struct, nothing else. Writes 8-bit RGB, non-interlaced, filter type 0 on every
row. `read_png` reads back exactly that subset (it is for tests of our own files, not a general decoder).
"""

import os
import struct
import zlib

_SIGNATURE = b"\x89PNG\r\n\x1a\n"

DEFAULT_ON = (255, 255, 255)
DEFAULT_OFF = (0, 0, 0)


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def encode_png(width, height, rows):
    """Return the PNG file bytes for `rows` (height rows of width*3 RGB bytes each)."""
    width = int(width)
    height = int(height)
    if width <= 0 or height <= 0:
        raise ValueError("PNG size must be positive, got %dx%d" % (width, height))
    rows = list(rows)
    if len(rows) != height:
        raise ValueError("expected %d rows, got %d" % (height, len(rows)))
    stride = width * 3
    raw = bytearray()
    for i, row in enumerate(rows):
        row = bytes(row)
        if len(row) != stride:
            raise ValueError("row %d has %d bytes, expected %d" % (i, len(row), stride))
        raw.append(0)  # filter type 0 (None)
        raw += row
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit, RGB, deflate, filter 0, no interlace
    return (_SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + _chunk(b"IEND", b""))


def write_png(path, width, height, rows):
    """Write an 8-bit RGB PNG. `rows`: `height` bytes-like rows of `width` RGB triples. Returns path."""
    data = encode_png(width, height, rows)
    parent = os.path.dirname(os.fspath(path))
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def mono_getter(pixels, width, height):
    """Return get(x, y) -> 0/1 for a callable or an SH1106 page-packed buffer.

    Page-packed: byte = (y // 8) * width + x, bit = y % 8 (LSB = top row of the page).
    """
    if callable(pixels):
        return lambda x, y: 1 if pixels(x, y) else 0
    buf = bytes(pixels)
    need = ((height + 7) // 8) * width
    if len(buf) < need:
        raise ValueError("page buffer has %d bytes, %dx%d needs %d" % (len(buf), width, height, need))
    return lambda x, y: (buf[(y >> 3) * width + x] >> (y & 7)) & 1


def mono_rows(pixels, width, height, scale=1, on=DEFAULT_ON, off=DEFAULT_OFF):
    """RGB rows (list of bytes) of a 1-bit image, each pixel drawn as a scale x scale block."""
    scale = int(scale)
    if scale < 1:
        raise ValueError("scale must be >= 1")
    get = mono_getter(pixels, width, height)
    on_px = bytes(on) * scale
    off_px = bytes(off) * scale
    rows = []
    for y in range(height):
        row = b"".join(on_px if get(x, y) else off_px for x in range(width))
        rows.extend([row] * scale)
    return rows


def write_mono_png(path, pixels, width, height, scale=1, on=DEFAULT_ON, off=DEFAULT_OFF):
    """Write a 1-bit image as RGB PNG of size (width*scale, height*scale).

    `pixels` is either get(x, y) -> truthy/falsy, or a page-packed SH1106 buffer (bytes/bytearray/
    memoryview, byte = (y // 8) * width + x, bit = y % 8). `on`/`off` are RGB colours. Returns path.
    """
    rows = mono_rows(pixels, width, height, scale, on, off)
    return write_png(path, width * int(scale), height * int(scale), rows)


def read_png(path):
    """Read a PNG written by this module -> (width, height, rows as list of bytes, RGB).

    Only 8-bit RGB, non-interlaced, filter type 0 rows are accepted; anything else raises ValueError.
    Chunk CRCs are checked.
    """
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != _SIGNATURE:
        raise ValueError("not a PNG file: %s" % (path,))
    pos = 8
    width = height = None
    idat = bytearray()
    seen_end = False
    while pos < len(data):
        if pos + 8 > len(data):
            raise ValueError("truncated chunk header")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc_at = pos + 8 + length
        if len(body) != length or crc_at + 4 > len(data):
            raise ValueError("truncated %r chunk" % (kind,))
        (crc,) = struct.unpack(">I", data[crc_at:crc_at + 4])
        if crc != zlib.crc32(kind + body) & 0xFFFFFFFF:
            raise ValueError("bad CRC in %r chunk" % (kind,))
        pos = crc_at + 4
        if kind == b"IHDR":
            width, height, depth, ctype, comp, filt, interlace = struct.unpack(">IIBBBBB", body)
            if (depth, ctype, comp, filt, interlace) != (8, 2, 0, 0, 0):
                raise ValueError("unsupported PNG kind: depth %d colour type %d interlace %d"
                                 % (depth, ctype, interlace))
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            seen_end = True
            break
    if width is None:
        raise ValueError("missing IHDR")
    if not seen_end:
        raise ValueError("missing IEND")
    raw = zlib.decompress(bytes(idat))
    stride = width * 3
    if len(raw) != height * (stride + 1):
        raise ValueError("image data has %d bytes, expected %d" % (len(raw), height * (stride + 1)))
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        if raw[start] != 0:
            raise ValueError("row %d uses filter %d; only filter 0 is supported" % (y, raw[start]))
        rows.append(bytes(raw[start + 1:start + 1 + stride]))
    return width, height, rows
