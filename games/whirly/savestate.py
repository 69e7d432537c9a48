"""Whirly save / resume, Engine methods (bound in engine.py): save_state() and load_state(),
the position plus its retained move history, checked against the level's signature."""

from array import array

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - CPython, MicroPython and CircuitPython all have it
    _crc32 = None


def _fnv(data, h=0):
    # A 32-bit checksum of level and position for save_state(); never used per move.
    if _crc32 is not None:
        return _crc32(data, h) & 0xFFFFFFFF
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def _pos_hash(self):
    return _fnv(bytes((self.hero >> 8, self.hero & 255)), _fnv(self.unit))


def save_state(self, limit=None):
    """Position plus the retained move history (the last `limit` actions when given), as
    bytes for load_state(). Costs O(limit) undo+replay only when not saving from the start."""
    hist = self.history()
    n = len(hist)
    k = n if limit is None or limit > n else limit
    out = bytearray(b"WS\x01")
    out.append(self.width)
    out.append(self.height)
    s = self.signature
    out.extend(bytes((s >> 24, (s >> 16) & 255, (s >> 8) & 255, s & 255)))
    from_start = self.dropped == 0 and k == n
    saved = (self.last_action, self.last_kind, self.last_undo, self.nchanged,
             array("H", self.changed[:self.nchanged]))
    if from_start:
        base_moves = base_pushes = 0
    else:
        for _ in range(k):
            self.undo()
        base_moves = self.moves
        base_pushes = self.pushes
    out.append(0 if not from_start else 1)
    base_moves = min(base_moves, 0xFFFF)
    base_pushes = min(base_pushes, 0xFFFF)
    out.extend(bytes((base_moves >> 8, base_moves & 255, base_pushes >> 8, base_pushes & 255)))
    if not from_start:
        u = self.unit
        cells = []
        for c in range(self.size):
            if u[c]:
                cells.append(c)
        out.extend(bytes((len(cells) >> 8, len(cells) & 255)))
        for c in cells:
            out.extend(bytes((c >> 8, c & 255, u[c])))
        out.extend(bytes((self.hero >> 8, self.hero & 255)))
        for i in range(n - k, n):  # replay: the ring ends exactly as it was
            self.play(hist[i] & 7)
    out.extend(bytes((k >> 8, k & 255)))
    for i in range(0, k, 2):
        lo = hist[n - k + i] & 7
        hi = hist[n - k + i + 1] & 7 if i + 1 < k else 0
        out.append(lo | hi << 4)
    h = self._pos_hash()
    out.extend(bytes((h >> 24, (h >> 16) & 255, (h >> 8) & 255, h & 255)))
    self.last_action, self.last_kind, self.last_undo, nch, ch = saved
    self._clear_changed()
    for i in range(nch):
        self._changed(ch[i])
    return bytes(out)


def load_state(self, data):
    """Restore a save_state() of this level, replaying its history so undo works.
    Raises ValueError (leaving the engine as it was) when data is not a valid state."""
    before = self.save_state()
    try:
        self._load_state(bytes(data))
    except (ValueError, IndexError, TypeError) as e:
        self._load_state(before)
        raise ValueError("bad saved state: %s" % e)
    self._clear_changed()  # the view redraws everything after load_state()


def _load_state(self, d):
    if len(d) < 20 or d[:3] != b"WS\x01":
        raise ValueError("not a Whirly state")
    if d[3] != self.width or d[4] != self.height:
        raise ValueError("saved for another map size")
    s = d[5] << 24 | d[6] << 16 | d[7] << 8 | d[8]
    if s != self.signature:
        raise ValueError("saved for another level")
    from_start = d[9] & 1
    base_moves = d[10] << 8 | d[11]
    base_pushes = d[12] << 8 | d[13]
    i = 14
    self.restart()
    if not from_start:
        n = d[i] << 8 | d[i + 1]
        i += 2
        want = bytearray(64)
        for c in range(self.size):
            v = self.start[c]
            if v:
                want[v] += 1
        u = self.unit
        for c in range(self.size):
            u[c] = 0
        for _ in range(n):
            c = d[i] << 8 | d[i + 1]
            v = d[i + 2]
            i += 3
            if c >= self.size or u[c] or v >= 64 or not want[v]:
                raise ValueError("bad unit")
            if v >> 4 not in (1, 2) or not self.can_enter(c, v & 15):
                raise ValueError("unit on a cell it cannot enter")
            want[v] -= 1
            u[c] = v
        if sum(want):
            raise ValueError("units missing")
        act = d[i] << 8 | d[i + 1]
        i += 2
        self.hero = 0
        k = 0
        for c in range(self.size):
            if u[c] >> 4 == 1:
                self.hpos[k] = c
                if c == act:
                    self.active = k
                    self.hero = c
                k += 1
        if self.hero != act or u[act] >> 4 != 1:
            raise ValueError("active hero is not a hero")
        self._recount()
        self.dropped = 1
    self.moves = base_moves
    self.pushes = base_pushes
    n = d[i] << 8 | d[i + 1]
    i += 2
    need = i + (n + 1) // 2 + 4
    if len(d) != need:
        raise ValueError("length %d, expected %d" % (len(d), need))
    for j in range(n):
        a = d[i + j // 2]
        a = a >> 4 if j & 1 else a & 15
        if a > 5 or not self.play(a):
            raise ValueError("move %d cannot be replayed" % j)
    i += (n + 1) // 2
    h = d[i] << 24 | d[i + 1] << 16 | d[i + 2] << 8 | d[i + 3]
    if h != self._pos_hash():
        raise ValueError("position does not match its history")
