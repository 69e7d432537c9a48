"""Save store: a power-cut-safe key/value log in microcontroller.nvm.

The RP2040's nvm is one 4096-byte flash sector. CircuitPython programs a slice
write directly when every target byte is still erased (0xFF); any other write
erases and rewrites the whole sector. So the store only ever appends into
erased bytes, and erases (rarely) only to compact.

Layout: the NVM is split into two halves. Each half is

    header  : b"HHS" | version u8 | generation u32 LE | crc32 u32 LE   (12 bytes)
    records : marker u8 | key length u8 | value length u16 LE | key | value
              | crc32 of everything before it, u32 LE
    free    : 0xFF up to the end of the half

Markers: b"P" put, b"D" delete key, b"C" clear every key of a tag (the key
holds the tag). A key is short bytes such as b"sys/settings" or
b"whirly/p" + pack hash; its tag is the part before the first b"/".

Reading: the valid half with the highest generation is active. Its records
are replayed in order (the latest record for a key wins) into a small RAM
index key -> record offset; values are sliced out of nvm on demand. The
scan stops at the first erased marker, or at a record that fails its
checks: nothing after it is trusted, and the half is then "dirty" so the
next write compacts instead of appending.

Writing: a record goes into the erased space after the last one, body first
and its marker byte last, so the marker commits it (two programs of erased
bytes, no erase). When it does not fit, or the half is dirty, the live
records (plus the new one) are compacted into the OTHER half: first one
slice write covering the whole other half with its header still erased,
then the header with generation + 1 (the commit). A write cut by a power
loss at any byte leaves either the old state or the new one. The old half is
not erased afterwards (that would cost another sector erase); the next
compaction overwrites it.

Hardware caveat: a compaction into a half that is not already erased makes
CircuitPython erase and rewrite the whole sector, both halves included. A
power cut during that erase can lose the sector (every save); nothing in
software can prevent that. Compaction is rare (8 in 500 settings saves
in the tests), which is why the store is a log. The tests model power
cuts as byte-level truncation of the writes.

Notices: a foreign or unreadable image starts empty, never raises, and sets
`notice` to NOTICE_UNREADABLE; a blank (all 0xFF) NVM gives notice None. A
damaged committed record (bad CRC or framing) drops that record and all
after it and sets NOTICE_DAMAGED, as does (best effort) a damaged header of
the newest half, whose older twin is then loaded. A write cut before its
commit is dropped silently: the store is then exactly as before it.
"""

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - builds without binascii.crc32
    from handheld.crc import crc32

_MAGIC = b"HHS"
_VERSION = 1
_HDR = 12
_PUT = 0x50  # "P"
_DEL = 0x44  # "D"
_CLR = 0x43  # "C"
_OVERHEAD = 8  # marker, key length, value length (2), crc (4)
# crc32 over data followed by its own crc32 (little-endian) is this constant,
# so a record or header is checked without slicing its crc off.
_RESIDUE = 0x2144DF1C
_FF64 = b"\xff" * 64

NOTICE_UNREADABLE = "Save data unreadable: starting fresh"
NOTICE_DAMAGED = "Save data damaged: some saves lost"


class Store:
    """Key/value store over an nvm-like object (len(), int and slice get/set)."""

    def __init__(self, nvm):
        self._nvm = nvm
        half = len(nvm) // 2
        if half < 64:
            raise ValueError("nvm too small for a save store")
        self._half = half
        self.notice = None
        self._load()

    # ---- reading -----------------------------------------------------------

    def get(self, key, default=None):
        """The value of key (a bytearray copied out of nvm), or default."""
        off = self._idx.get(key)
        if off is None:
            return default
        nvm = self._nvm
        start = off + 4 + nvm[off + 1]
        return nvm[start:start + (nvm[off + 2] | (nvm[off + 3] << 8))]

    def keys(self):
        """Every live key, sorted."""
        ks = list(self._idx)
        ks.sort()
        return ks

    def free(self):
        """Bytes left in the active half for new records before a compaction.

        For a blank or damaged store, whose next write compacts, it is the
        room the compacted half will have.
        """
        if self._dirty:
            return self._half - _HDR - self._live
        return self._base + self._half - self._end

    def room(self):
        """Bytes of records the store can still take (compacting if needed)."""
        return self._half - _HDR - self._live

    def __contains__(self, key):
        return key in self._idx

    def __len__(self):
        return len(self._idx)

    # ---- writing -----------------------------------------------------------

    def put(self, key, value):
        """Store value (bytes-like) under key; no write when it is unchanged."""
        key = self._check_key(key)
        vlen = len(value)
        n = _OVERHEAD + len(key) + vlen
        if _HDR + n > self._half:
            raise ValueError("save record too big: %d bytes, a half holds %d"
                             % (n, self._half - _HDR))
        off = self._idx.get(key)
        if off is not None:
            nvm = self._nvm
            if (nvm[off + 2] | (nvm[off + 3] << 8)) == vlen:
                start = off + 4 + nvm[off + 1]
                if nvm[start:start + vlen] == value:
                    return
        rec = bytearray(n)
        rec[0] = _PUT
        rec[1] = len(key)
        rec[2] = vlen & 0xFF
        rec[3] = vlen >> 8
        p = 4 + len(key)
        rec[4:p] = key
        rec[p:p + vlen] = value
        self._seal(rec)
        self._write(rec, _PUT, key)

    def delete(self, key):
        """Forget key; no write when it is absent."""
        key = self._check_key(key)
        if key in self._idx:
            self._write(self._small(_DEL, key), _DEL, key)

    def clear_tag(self, tag):
        """Forget every key whose tag (prefix before b"/") is tag, atomically."""
        tag = self._check_key(tag)
        if tag.find(b"/") >= 0:
            raise ValueError("a tag has no '/'")
        if self._tagged(tag):
            self._write(self._small(_CLR, tag), _CLR, tag)

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
    def _seal(rec):
        n = len(rec) - 4
        c = crc32(memoryview(rec)[:n])
        rec[n] = c & 0xFF
        rec[n + 1] = (c >> 8) & 0xFF
        rec[n + 2] = (c >> 16) & 0xFF
        rec[n + 3] = (c >> 24) & 0xFF

    def _small(self, mark, key):
        rec = bytearray(_OVERHEAD + len(key))
        rec[0] = mark
        rec[1] = len(key)
        rec[4:4 + len(key)] = key
        self._seal(rec)
        return rec

    def _size(self, off):
        nvm = self._nvm
        return _OVERHEAD + nvm[off + 1] + (nvm[off + 2] | (nvm[off + 3] << 8))

    def _tagged(self, tag):
        t = len(tag)
        out = []
        for k in self._idx:
            if k[:t] == tag and (len(k) == t or k[t] == 0x2F):
                out.append(k)
        return out

    def _apply(self, mark, key, off, n):
        # Replays one record into the index (at load and after a write).
        idx = self._idx
        if mark == _PUT:
            old = idx.get(key)
            if old is not None:
                self._live -= self._size(old)
            idx[key] = off
            self._live += n
        elif mark == _DEL:
            old = idx.pop(key, None)
            if old is not None:
                self._live -= self._size(old)
        else:
            for k in self._tagged(key):
                self._live -= self._size(idx.pop(k))

    def _write(self, rec, mark, key):
        n = len(rec)
        pos = self._end
        if not self._dirty and pos + n <= self._base + self._half:
            # Erased bytes are programmed, no erase. The marker goes last:
            # it commits the record, so a cut leaves it erased.
            nvm = self._nvm
            nvm[pos + 1:pos + n] = memoryview(rec)[1:]
            nvm[pos:pos + 1] = rec[0:1]
            self._end = pos + n
            self._apply(mark, key, pos, n)
        else:
            self._compact(rec, mark, key)

    def _compact(self, rec, mark, key):
        nvm = self._nvm
        half = self._half
        idx = self._idx
        drop = self._tagged(key) if mark == _CLR else [key]
        # Live records in log order, so every interpreter writes the same bytes.
        live = []
        need = _HDR + (len(rec) if mark == _PUT else 0)
        for k in idx:
            if k not in drop:
                live.append((idx[k], k))
                need += self._size(idx[k])
        if need > half:
            raise ValueError("save store full: %d bytes needed, a half holds %d"
                             % (need - _HDR, half - _HDR))
        live.sort()
        target = half - self._base  # the other half
        buf = bytearray(half)
        new = {}
        p = _HDR
        for off, k in live:
            n = self._size(off)
            buf[p:p + n] = nvm[off:off + n]
            new[k] = target + p
            p += n
        live = None
        if mark == _PUT:
            n = len(rec)
            buf[p:p + n] = rec
            new[key] = target + p
            p += n
        for i in range(_HDR):  # header stays erased until the commit
            buf[i] = 0xFF
        for i in range(p, half):
            buf[i] = 0xFF
        nvm[target:target + half] = buf  # the one sector erase (if any)
        buf = None
        gen = (self._gen + 1) & 0xFFFFFFFF
        nvm[target:target + _HDR] = self._header(gen)  # commit
        self._base = target
        self._end = target + p
        self._gen = gen
        self._idx = new
        self._live = p - _HDR
        self._dirty = False

    @staticmethod
    def _header(gen):
        h = bytearray(_HDR)
        h[0:3] = _MAGIC
        h[3] = _VERSION
        h[4] = gen & 0xFF
        h[5] = (gen >> 8) & 0xFF
        h[6] = (gen >> 16) & 0xFF
        h[7] = (gen >> 24) & 0xFF
        c = crc32(memoryview(h)[:8])
        h[8] = c & 0xFF
        h[9] = (c >> 8) & 0xFF
        h[10] = (c >> 16) & 0xFF
        h[11] = (c >> 24) & 0xFF
        return h

    def _gen_at(self, base):
        # Generation of a valid header at base, else -1.
        nvm = self._nvm
        h = nvm[base:base + _HDR]
        if h[0:3] != _MAGIC or h[3] != _VERSION or crc32(h) != _RESIDUE:
            return -1
        return h[4] | (h[5] << 8) | (h[6] << 16) | (h[7] << 24)

    def _erased(self, start, stop):
        nvm = self._nvm
        while start + 64 <= stop:  # a slice at a time: far fewer calls than bytes
            if nvm[start:start + 64] != _FF64:
                return False
            start += 64
        while start < stop:
            if nvm[start] != 0xFF:
                return False
            start += 1
        return True

    def _load(self):
        half = self._half
        self._idx = {}
        self._live = 0
        ga = self._gen_at(0)
        gb = self._gen_at(half)
        if ga < 0 and gb < 0:
            # Nothing valid: the first write compacts into half 0.
            self._base = half
            self._end = half + _HDR
            self._gen = 0
            self._dirty = True
            if not self._erased(0, 2 * half):
                self.notice = NOTICE_UNREADABLE
            return
        if gb > ga:
            self._base = half
            self._gen = gb
        else:
            self._base = 0
            self._gen = ga
        # The other half is the stale generation - 1, or a cut compaction
        # (its header then has an erased first or last byte). An invalid
        # header of ours that is neither was most likely the newest half.
        other = half - self._base
        h = self._nvm[other:other + _HDR]
        if (h[0:3] == _MAGIC and h[11] != 0xFF and self._gen_at(other) < 0
                and (h[4] | (h[5] << 8) | (h[6] << 16) | (h[7] << 24)) != self._gen - 1):
            self.notice = NOTICE_DAMAGED
        self._dirty = False
        self._scan()

    def _scan(self):
        nvm = self._nvm
        end = self._base + self._half
        pos = self._base + _HDR
        while pos < end:
            mark = nvm[pos]
            if mark == 0xFF:
                # End of the log. Bytes after it mean a write was cut before
                # its marker (the commit): nothing lost, but no room to
                # append either.
                if not self._erased(pos, end):
                    self._dirty = True
                break
            klen = 0
            n = end - pos
            if n >= _OVERHEAD:
                klen = nvm[pos + 1]
                n = _OVERHEAD + klen + (nvm[pos + 2] | (nvm[pos + 3] << 8))
            if (klen == 0 or pos + n > end
                    or (mark != _PUT and mark != _DEL and mark != _CLR)
                    or crc32(nvm[pos:pos + n]) != _RESIDUE):
                # A committed record is damaged: drop it and all after it.
                self._dirty = True
                self.notice = NOTICE_DAMAGED
                break
            self._apply(mark, bytes(nvm[pos + 4:pos + 4 + klen]), pos, n)
            pos += n
        self._end = pos
