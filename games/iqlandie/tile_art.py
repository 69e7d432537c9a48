"""iQLANDIE tile sheets drawn pixel by pixel (the layouts are described in tiles.py). Imported
only while a sheet is built (screen_common.big_sheet...) and freed right after: the sheets stay
cached, this code does not."""
from games.iqlandie import pieces as P
from games.iqlandie.tiles import (CELL, MINI, NPAT, BIG_COUNT, GHOST_COUNT, MINI_COUNT, GHOST_BAD,
                                  TOP, RIGHT, BOTTOM, LEFT, big_tile, ghost_tile, mini_tile)


def _lit(pattern, x, y):
    return (P.PATTERNS[pattern][y & 7] >> (7 - (x & 7))) & 1


try:   # CircuitPython: native fills and copies make the sheets ~10x faster to build
    from bitmaptools import fill_region as _native_fill, blit as _native_blit
except ImportError:
    _native_fill = None
    _native_blit = None


def _fill(bmp, x1, y1, x2, y2, v):
    """Fill the rectangle [x1, x2) x [y1, y2) with value v."""
    if _native_fill is not None:
        _native_fill(bmp, x1, y1, x2, y2, v)
        return
    for y in range(y1, y2):
        for x in range(x1, x2):
            bmp[x, y] = v


def _copy(dst, src, x0, sx, size):
    """Copy the size x size tile at column sx of src to column x0 of dst."""
    if _native_blit is not None:
        _native_blit(dst, src, x0, 0, x1=sx, y1=0, x2=sx + size, y2=size)
        return
    for y in range(size):
        for x in range(size):
            dst[x0 + x, y] = src[sx + x, y]


def _patterns(bitmap_cls, size, lit, dark, depth):
    """The 6 fill patterns, one size x size tile each (drawn pixel by pixel, once)."""
    bmp = bitmap_cls(size * NPAT, size, depth)
    for pat in range(NPAT):
        for y in range(size):
            for x in range(size):
                bmp[pat * size + x, y] = lit if _lit(pat, x, y) else dark
    return bmp


def _cell(bmp, base, x0, pattern, edges, robot, lit, dark, dashed):
    """A big (8 px) piece cell: the pattern, the outline on `edges`, the robot."""
    _copy(bmp, base, x0, pattern * CELL, CELL)
    if robot:
        _fill(bmp, x0 + 2, 2, x0 + 6, 6, dark)
        _fill(bmp, x0 + 3, 3, x0 + 5, 5, lit)
    # (x1, y1, x2, y2) of the dark edge line, then the lit line inside it (from 1 to 6)
    for side, d, l in ((TOP, (0, 0, 8, 1), (1, 1, 7, 2)), (BOTTOM, (0, 7, 8, 8), (1, 6, 7, 7)),
                       (LEFT, (0, 0, 1, 8), (1, 1, 2, 7)), (RIGHT, (7, 0, 8, 8), (6, 1, 7, 7))):
        if edges & side:
            _fill(bmp, x0 + d[0], d[1], x0 + d[2], d[3], dark)
            _fill(bmp, x0 + l[0], l[1], x0 + l[2], l[3], lit)
            if dashed:            # every other pixel of the lit line dark
                for i in range(2, 7, 2):
                    if l[2] - l[0] > 1:
                        bmp[x0 + i, l[1]] = dark
                    else:
                        bmp[x0 + l[0], i] = dark


def _mini(bmp, base, x0, pattern, edges, robot):
    _copy(bmp, base, x0, pattern * MINI, MINI)
    if robot:
        _fill(bmp, x0 + 1, 1, x0 + 3, 3, 0)
    # outline: lit top/left edge; right/bottom lit one pixel in, then a dark line that keeps
    # the next piece apart (even solid ones)
    if edges & TOP:
        _fill(bmp, x0, 0, x0 + 4, 1, 1)
    if edges & LEFT:
        _fill(bmp, x0, 0, x0 + 1, 4, 1)
    if edges & BOTTOM:
        _fill(bmp, x0, 2, x0 + 4, 3, 1)
    if edges & RIGHT:
        _fill(bmp, x0 + 2, 0, x0 + 3, 4, 1)
    if edges & BOTTOM:
        _fill(bmp, x0, 3, x0 + 4, 4, 0)
    if edges & RIGHT:
        _fill(bmp, x0 + 3, 0, x0 + 4, 4, 0)


def make_big(bitmap_cls):
    """The BIG sheet (exhibitions, the draft's chosen piece, placement)."""
    big = bitmap_cls(CELL * BIG_COUNT, CELL, 2)
    big[3, 3] = 1                         # the empty cell's dot
    base = _patterns(bitmap_cls, CELL, 1, 0, 2)
    for pat in range(NPAT):
        for edges in range(16):
            for robot in range(2):
                _cell(big, base, big_tile(pat, edges, robot) * CELL, pat, edges, robot, 1,
                      0, False)
    return big


def make_ghost(bitmap_cls):
    """The GHOST sheet (the piece being placed, see-through)."""
    ghost = bitmap_cls(CELL * GHOST_COUNT, CELL, 3)
    x0 = GHOST_BAD * CELL
    for y in range(CELL):
        for x in range(CELL):
            ghost[x0 + x, y] = 1 if (x == y or x == 7 - y) and 0 < x < 7 else 2
    base = _patterns(bitmap_cls, CELL, 1, 2, 3)
    for pat in range(NPAT):
        for edges in range(16):
            for robot in range(2):
                _cell(ghost, base, ghost_tile(pat, edges, robot) * CELL, pat, edges,
                      robot, 1, 2, True)
    return ghost


def make_mini(bitmap_cls):
    """The MINI sheet (offers, board overviews)."""
    mini = bitmap_cls(MINI * MINI_COUNT, MINI, 2)
    mini[MINI + 1, 1] = 1                 # empty cell in an overview
    base = _patterns(bitmap_cls, MINI, 1, 0, 2)
    for pat in range(NPAT):
        for edges in range(16):
            for robot in range(2):
                _mini(mini, base, mini_tile(pat, edges, robot) * MINI, pat, edges, robot)
    return mini
