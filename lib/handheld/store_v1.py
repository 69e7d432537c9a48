"""Reads a save store written by the first firmware (format 1), so an update keeps the saves.

Format 1 split the sector in two halves, each b"HHS" | 1 | generation u32 | crc32 u32, then
records marker | key length u8 | value length u16 | key | value | crc32 u32. The newest valid
half holds the store. Its live values are loaded into RAM; the next write stores them in the
current format (it compacts). Loaded only when such an image is found.
"""

try:
    from binascii import crc32
except ImportError:  # pragma: no cover
    from handheld.crc import crc32

_RESIDUE = 0x2144DF1C  # crc32 over data followed by its own crc32 (little-endian)


def _gen(nvm, base):
    h = nvm[base:base + 12]
    if h[0:4] != b"HHS\x01" or crc32(h) != _RESIDUE:
        return -1
    return h[4] | (h[5] << 8) | (h[6] << 16) | (h[7] << 24)


def read_v1(store):
    """Fill store's index from a format-1 image; returns the notice for the player (or None)."""
    from handheld.store import NOTICE_DAMAGED, NOTICE_UNREADABLE
    nvm = store._nvm
    half = len(nvm) // 2
    ga = _gen(nvm, 0)
    gb = _gen(nvm, half)
    if ga < 0 and gb < 0:
        return NOTICE_UNREADABLE
    base = half if gb > ga else 0
    pos = base + 12
    end = base + half
    vals = {}
    notice = None
    while pos + 8 <= end and nvm[pos] != 0xFF:
        mark = nvm[pos]
        klen = nvm[pos + 1]
        n = 8 + klen + (nvm[pos + 2] | (nvm[pos + 3] << 8))
        if klen == 0 or pos + n > end or mark not in b"PDC" or \
                crc32(nvm[pos:pos + n]) != _RESIDUE:
            notice = NOTICE_DAMAGED
            break
        key = bytes(nvm[pos + 4:pos + 4 + klen])
        if mark == 0x50:
            vals[key] = bytes(nvm[pos + 4 + klen:pos + n - 4])
        elif mark == 0x44:
            vals.pop(key, None)
        else:
            for k in list(vals):
                if k[:klen] == key and (len(k) == klen or k[klen] == 0x2F):
                    del vals[k]
        pos += n
    if b"sys/resume" in vals:  # the resume record's key is shorter now
        vals[b"sys/r"] = vals.pop(b"sys/resume")
    for k in vals:
        store._idx[k] = -1
        store._vals[k] = vals[k]
        store._live += 6 + len(k) + len(vals[k])
    return notice


def import_progress(progress, key):
    """Progress saved by the first firmware under `key` (keyed by the whole file's digest, so it
    applies only while the pack is byte for byte the same): into the current keys."""
    from handheld.progress import BEST_MAX, CHUNK
    data = progress.store.get(key)
    count = progress.count
    nb = len(progress.bits)
    if not data or len(data) != 2 + nb + 2 * count or (data[0] << 8 | data[1]) != count:
        return
    progress.bits[:] = data[2:2 + nb]
    for i in range(count):
        progress.scores[i] = min(data[2 + nb + 2 * i] << 8 | data[3 + nb + 2 * i], BEST_MAX)
    for c in range((count + CHUNK - 1) // CHUNK):
        progress._save_chunk(c)
    progress.store.delete(key)
