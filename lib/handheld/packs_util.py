"""Helpers of the level-pack reader (handheld.packs re-exports them): the pack files of a
folder, run-length rows, a file's size and time, CRC32 where binascii lacks it, UTF-8 cuts.
Split from packs.py to keep each module small enough to compile on the device."""

import os

RLE_MAX = 255  # longest run in a run-length row
MAX_ERRORS = 40  # a wrong file (a photo renamed .txt) must not fill the heap with errors
LEVELS_MAX = 3000  # levels indexed per pack (9 bytes each on the device); the rest left out
HEADER_VALUE_MAX = 256  # header values stay in RAM while the pack is open


# Here, not in packs.py, so that a board parser kept in a game's heap holds a small module.
class PackError(Exception):
    """A problem in a pack: str(e) == "line N: reason"."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


class PackChanged(PackError):
    """The pack's file was edited, replaced, renamed or deleted after it was indexed."""


def _soft_crc32(data, crc=0):
    # Only used where binascii lacks crc32; bitwise, slow, but never needed on our targets.
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0xEDB88320
            else:
                crc >>= 1
    return crc ^ 0xFFFFFFFF


def _utf8_cut(b):
    """Drop an incomplete UTF-8 sequence at the end of a line cut at LINE_MAX."""
    i = len(b) - 1
    j = i
    while j >= 0 and i - j < 3 and (b[j] & 0xC0) == 0x80:
        j -= 1
    if j < 0:
        return b
    lead = b[j]
    need = 1
    if lead >= 0xF0:
        need = 4
    elif lead >= 0xE0:
        need = 3
    elif lead >= 0xC0:
        need = 2
    if i - j + 1 < need:
        return b[:j]
    return b


def _stem(filename):
    i = filename.rfind(".")
    return filename[:i] if i > 0 else filename


def _stat(path):
    """(size, modification time) of a file, (-1, -1) when it is gone."""
    try:
        st = os.stat(path)
    except OSError:
        return -1, -1
    return st[6], st[8]


def list_packs(folder, exts=(".txt", ".sok", ".xsb", ".lvl")):
    """Sorted pack file names in folder; [] when the folder is missing."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for name in names:
        if name[:1] == ".":  # macOS leaves ._name.txt files on FAT drives
            continue
        low = name.lower()
        for e in exts:
            if low.endswith(e):
                try:
                    if not os.stat(folder + "/" + name)[0] & 0x4000:  # not a folder
                        out.append(name)
                except OSError:
                    pass
                break
    out.sort(key=lambda s: s.lower())
    return out


def rle_expand(row):
    """Run-length row: a number repeats the next character ('4#-2$' -> '####-$$')."""
    i = 0
    n = len(row)
    while i < n and not ("0" <= row[i] <= "9"):
        i += 1
    if i == n:
        return row
    out = []
    count = 0
    for c in row:
        if "0" <= c <= "9":
            count = count * 10 + ord(c) - 48
            if count > RLE_MAX:  # a typo like 9999# must not eat the heap
                count = RLE_MAX
        else:
            out.append(c * count if count else c)
            count = 0
    return "".join(out)


def rle_width(row):
    """Width of a (possibly run-length) row, trailing blanks not counted."""
    return len(rle_expand(row).rstrip())


def _let_go():
    # The solution checker and the sinks are needed while a pack is read, not while a level is
    # played: on the device their code leaves the heap (CPython keeps it:
    # re-importing there costs, frees nothing).
    import sys
    if sys.implementation.name != "cpython":
        from handheld.entry import unload
        unload(("handheld.packs_solution", "handheld.packs_index", "handheld.packs_sink"))
