"""Save store: a power-cut-safe key/value log over microcontroller.nvm (docs/saves.md).

The RP2040's nvm is one 4096-byte flash sector. CircuitPython programs a slice
write directly when every target byte is erased (0xFF); any other write erases
and rewrites the whole sector. So records are appended into erased bytes (no
erase), and the sector is rewritten (one erase) only to compact a full log.

    header : b"HHS" | 2 | generation u32 | end of the compacted records u16 |
             0xFFFF | crc32 of the 12 bytes before, u32                (16 bytes)
    record : marker | key length u8 | value length u16 | key | value |
             check u16 (low half of the crc32 of the bytes before)
    free   : 0xFF up to the trailer
    trailer: b"HS", the sector's last two bytes, written with each compaction

Markers: P put, A patch (keep u16 | check u16 of the whole new value | fresh
length u8 | same length u16 | fresh bytes | tail: see _patch), D delete, C clear
every key of a tag (the key holds the tag; a key's tag is the part before its
first b"/"). Little-endian.

An append writes the record's body first and its marker last: the marker
commits it, so a cut at any byte leaves the old state or the new one. A patch
keeps a resume record or a progress chunk to a few bytes per write, which is
what keeps sector erases rare (flash wear). A compaction writes the live
records, oldest first, as one sector image; the header's "end" lets a load
notice a rewrite cut short (records lost). Every record is checked; a damaged
one is dropped (the scan skips it when the next record checks out) and a bad
header is never trusted: the records are recovered one by one with a notice.
A sector erased and cut before any byte was programmed is blank, like a new
board: flash gives no way to tell (docs/saves.md).

When the store is full, a write of a progress key (b"<tag>/p...") drops the
oldest progress records to make room (counted in `evicted`); other writes
raise ValueError.
"""

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - builds without binascii.crc32
    from handheld.crc import crc32

SIZE = 4096
_MAGIC = b"HHS"
_VERSION = 2
_HDR = 16
_PUT = 0x50  # "P"
_PATCH = 0x41  # "A"
_DEL = 0x44  # "D"
_CLR = 0x43  # "C"
_OVERHEAD = 6  # marker, key length, value length (2), check (2)
_FF64 = b"\xff" * 64
_TRAILER = b"HS"
_SLACK = 192  # bytes an eviction frees beyond the record it makes room for

NOTICE_UNREADABLE = "Save data unreadable: starting fresh"
NOTICE_DAMAGED = "Save data damaged: some saves lost"
NOTICE_REPAIRED = "Save data damaged and repaired: check your progress"


def _check16(data):
    return crc32(data) & 0xFFFF


class Store:
    """Key/value store over an nvm-like object (len(), int and slice get/set)."""

    def __init__(self, nvm, scratch=None):
        # scratch() -> a bytearray of at least len(nvm) to build a compaction in, or None
        self._scratch = scratch
        if len(nvm) < 256:
            raise ValueError("nvm too small for a save store")
        self._nvm = nvm
        self._sector = len(nvm)
        self._size = len(nvm) - 2  # the last two bytes are the trailer
        self.notice = None
        self.evicted = 0  # progress records dropped to make room, this session
        from handheld.entry import once
        once("handheld.store_load", "load", self)

    # ---- reading -----------------------------------------------------------

    def get(self, key, default=None):
        """The value of key (bytes-like, a copy), or default."""
        off = self._idx.get(key)
        if off is None:
            return default
        if off < 0:
            return self._vals[key]
        nvm = self._nvm
        start = off + 4 + nvm[off + 1]
        return nvm[start:start + (nvm[off + 2] | (nvm[off + 3] << 8))]

    def keys(self):
        """Every live key, sorted."""
        ks = list(self._idx)
        ks.sort()
        return ks

    def free(self):
        """Bytes left for new records before the next compaction (when one is due: after it)."""
        if self._dirty:
            return self.room()
        return self._size - self._end

    def room(self):
        """Bytes of records the store can still take (compacting if needed)."""
        return self._size - _HDR - self._live

    def compactions(self):
        """How many times the sector was rewritten since the store was made (its generation)."""
        return self._gen

    def __contains__(self, key):
        return key in self._idx

    def __len__(self):
        return len(self._idx)

    # ---- writing -----------------------------------------------------------

    def put(self, key, value):
        """Store value (bytes-like) under key; no write when it is unchanged."""
        key = self._check_key(key)
        value = bytes(value)
        vlen = len(value)
        klen = len(key)
        if _HDR + _OVERHEAD + klen + vlen > self._size or vlen > 0xFFFF:
            raise ValueError("save record too big: %d bytes, the store holds %d"
                             % (_OVERHEAD + klen + vlen, self._size - _HDR))
        rec = None
        if key in self._idx:
            old = self.get(key)
            if old == value:
                return
            rec = self._patch(old, value, klen)
        if rec is None:
            rec = bytearray(_OVERHEAD + klen + vlen)
            rec[0] = _PUT
            rec[4 + klen:4 + klen + vlen] = value
        rec[1] = klen
        n = len(rec) - _OVERHEAD - klen
        rec[2] = n & 0xFF
        rec[3] = n >> 8
        rec[4:4 + klen] = key
        self._write(rec, key, value)

    def delete(self, key):
        """Forget key; no write when it is absent."""
        key = self._check_key(key)
        if key in self._idx:
            self._write(self._small(_DEL, key), key, None)

    def clear_tag(self, tag):
        """Forget every key whose tag (prefix before b"/") is tag, atomically."""
        tag = self._check_key(tag)
        if tag.find(b"/") >= 0:
            raise ValueError("a tag has no '/'")
        if self._tagged(tag):
            self._write(self._small(_CLR, tag), tag, None)

    # ---- internals ---------------------------------------------------------

    @staticmethod
    def _check_key(key):
        if isinstance(key, str):
            raise TypeError("save keys are bytes")
        if not isinstance(key, bytes):
            key = bytes(key)
        if not 0 < len(key) < 256:
            raise ValueError("save key must be 1..255 bytes")
        return key

    @staticmethod
    def _patch(old, value, klen):
        """A patch record (key left blank) when it is smaller than a put, else None.

        new = old[:keep] + fresh + old[keep + len(fresh):][:same] + tail: a common prefix, a
        few new bytes, a stretch unchanged at the same place, new tail. That is a resume
        record after a few moves (the move count changes, then the moves go on) and a
        progress chunk after a win.
        """
        olen = len(old)
        vlen = len(value)
        m = min(olen, vlen)
        p = 0
        while p < m and old[p] == value[p]:
            p += 1
        r = p + 1
        stop = min(p + 33, m - 7)
        while r < stop and old[r:r + 4] != value[r:r + 4]:
            r += 1
        same = 0
        if r < stop:
            q = r
            while q < m and old[q] == value[q]:
                q += 1
            same = q - r
        if same < 8:
            r = p
            same = 0
        fresh = r - p
        tail = vlen - r - same
        size = 7 + fresh + tail
        if size >= vlen:
            return None
        rec = bytearray(_OVERHEAD + klen + size)
        rec[0] = _PATCH
        b = 4 + klen
        c = _check16(value)
        rec[b:b + 7] = bytes((p & 0xFF, p >> 8, c & 0xFF, c >> 8, fresh, same & 0xFF, same >> 8))
        rec[b + 7:b + 7 + fresh] = value[p:r]
        rec[b + 7 + fresh:b + size] = value[r + same:]
        return rec

    @staticmethod
    def _small(mark, key):
        rec = bytearray(_OVERHEAD + len(key))
        rec[0] = mark
        rec[1] = len(key)
        rec[4:4 + len(key)] = key
        return rec

    @staticmethod
    def _evictable(key):
        # Progress: b"<tag>/p...". The rest (settings, options, resume) is never dropped.
        s = key.find(b"/")
        return s > 0 and s + 1 < len(key) and key[s + 1] == 0x70

    def _vlen(self, key):
        off = self._idx[key]
        if off < 0:
            return len(self._vals[key])
        nvm = self._nvm
        return nvm[off + 2] | (nvm[off + 3] << 8)

    def _tagged(self, tag):
        t = len(tag)
        out = []
        for k in self._idx:
            if k[:t] == tag and (len(k) == t or k[t] == 0x2F):
                out.append(k)
        return out

    def _forget(self, key):
        if key in self._idx:
            self._live -= _OVERHEAD + len(key) + self._vlen(key)
            del self._idx[key]
            self._vals.pop(key, None)

    def _apply(self, mark, key, off, value):
        # One record into the index (at load and after a write). value: the new value
        # of a patch (kept in RAM), None otherwise.
        if mark == _CLR:
            for k in self._tagged(key):
                self._forget(k)
            return
        self._forget(key)
        if mark == _DEL:
            return
        if mark == _PATCH:
            self._idx[key] = -1
            self._vals[key] = value
        else:
            self._idx[key] = off
        self._live += _OVERHEAD + len(key) + self._vlen(key)

    def _write(self, rec, key, value):
        n = len(rec) - 2
        c = _check16(memoryview(rec)[:n])
        rec[n] = c & 0xFF
        rec[n + 1] = c >> 8
        n += 2
        pos = self._end
        mark = rec[0]
        if not self._dirty and pos + n <= self._size:
            # Erased bytes are programmed, no erase. The marker goes last: it commits.
            nvm = self._nvm
            nvm[pos + 1:pos + n] = memoryview(rec)[1:]
            nvm[pos:pos + 1] = rec[0:1]
            self._end = pos + n
            self._apply(mark, key, pos, value if mark == _PATCH else None)
        else:
            from handheld.entry import once
            once("handheld.store_compact", "compact", self, mark, key, value)
