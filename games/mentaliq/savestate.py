"""Mental IQ+ save / resume, Engine methods (bound in engine.py): save_state() and load_state(),
the position plus its retained move history, checked against the level's signature."""

from array import array

from games.mentaliq.constants import (P_BLOCK, P_GWYDYON, P_REP, P_REP2, P_TB_DOWN, P_TB_UP,
                                      T_HOLE, T_VECTOR, movable)

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - every target has binascii.crc32
    _crc32 = None


def _fnv(data, h=0):
    # A 32-bit checksum for save_state(); never used per move.
    if _crc32 is not None:
        return _crc32(data, h) & 0xFFFFFFFF
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def _pos_hash(self):
    return _fnv(self.rank, _fnv(self.piece))


def save_state(self, limit=None):
    """Position plus the retained history (the last `limit` actions when given), as bytes
    for load_state(). From the start it is 21 bytes plus half a byte per move."""
    hist = self.history()
    n = len(hist)
    k = n if limit is None or limit > n else limit
    if k > 0xFFFF:
        k = 0xFFFF
    from_start = self.dropped == 0 and k == n
    saved = (self.last_action, self.last_kind, self.last_undo, self.nchanged,
             array("H", self.changed[:self.nchanged]), self.nevents,
             array("H", self.events), self.looped)
    out = bytearray(b"MQ\x01")
    out.extend(bytes((self.planes, self.width, self.height)))
    s = self.signature
    out.extend(bytes((s >> 24, (s >> 16) & 255, (s >> 8) & 255, s & 255)))
    if from_start:
        base_moves = base_pushes = 0
    else:
        for _ in range(k):
            self.undo()
        base_moves = self.moves
        base_pushes = self.pushes
    out.append(1 if from_start else 0)
    base_moves = min(base_moves, 0xFFFF)
    base_pushes = min(base_pushes, 0xFFFF)
    out.extend(bytes((base_moves >> 8, base_moves & 255, base_pushes >> 8, base_pushes & 255)))
    if not from_start:
        pc = self.piece
        cells = []
        for c in range(self.ncells):
            if pc[c]:
                cells.append(c)
        out.extend(bytes((len(cells) >> 8, len(cells) & 255)))
        for c in cells:
            out.extend(bytes((c >> 8, c & 255, pc[c], self.rank[c])))
        for i in range(n - k, n):  # replay: the ring ends as it was
            self.play(hist[i] & 7)
    out.extend(bytes((k >> 8, k & 255)))
    for i in range(0, k, 2):
        lo = hist[n - k + i] & 7
        hi = hist[n - k + i + 1] & 7 if i + 1 < k else 0
        out.append(lo | hi << 4)
    h = _fnv(out, self._pos_hash())
    out.extend(bytes((h >> 24, (h >> 16) & 255, (h >> 8) & 255, h & 255)))
    (self.last_action, self.last_kind, self.last_undo, nch, ch, self.nevents, ev,
     self.looped) = saved
    self.events[:] = ev
    self._clear_changed()
    for i in range(nch):
        self._changed(ch[i])
    return bytes(out)


def _clear_changed(self):
    ch = self.changed
    m = self.mark
    for i in range(self.nchanged):
        m[ch[i]] = 0
    self.nchanged = 0


def load_state(self, data):
    """Restore a save_state() of this level, replaying its history so undo works.
    Raises ValueError (leaving the engine as it was) when data is not a valid state."""
    before = self.save_state()
    try:
        self._load_state(bytes(data))
    except (ValueError, IndexError, TypeError) as e:
        self._load_state(before)
        raise ValueError("bad saved state: %s" % e)
    self._clear()  # the view redraws everything after load_state()


def _load_state(self, d):
    if len(d) < 20 or d[:3] != b"MQ\x01":
        raise ValueError("not a Mental IQ+ state")
    if d[3] != self.planes or d[4] != self.width or d[5] != self.height:
        raise ValueError("saved for another map size")
    s = d[6] << 24 | d[7] << 16 | d[8] << 8 | d[9]
    if s != self.signature:
        raise ValueError("saved for another level")
    from_start = d[10] & 1
    base_moves = d[11] << 8 | d[12]
    base_pushes = d[13] << 8 | d[14]
    i = 15
    self.restart()
    if not from_start:
        i = self._load_base(d, i)
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
    h = _fnv(d[:i], self._pos_hash())
    if h != (d[i] << 24 | d[i + 1] << 16 | d[i + 2] << 8 | d[i + 3]):
        raise ValueError("position does not match its history")


def _load_base(self, d, i):
    # A saved base position: every piece with its rank, checked against the level.
    n = d[i] << 8 | d[i + 1]
    i += 2
    pc = self.piece
    rk = self.rank
    tl = self.tile
    st = self.start
    for c in range(self.ncells):
        pc[c] = 0
        rk[c] = 0
    ranks = []
    for _ in range(n):
        c = d[i] << 8 | d[i + 1]
        p = d[i + 2]
        r = d[i + 3]
        i += 4
        if c >= self.ncells or pc[c] or p == 0 or p > P_TB_DOWN or tl[c] == T_HOLE:
            raise ValueError("bad piece")
        vec = T_VECTOR <= tl[c] < T_VECTOR + 4 and (movable(p) or p == P_GWYDYON)
        if vec != (r > 0):
            raise ValueError("bad rank")
        pc[c] = p
        rk[c] = r
        if r:
            ranks.append(r)
    ranks.sort()
    for j in range(len(ranks)):
        if ranks[j] != j + 1:
            raise ValueError("bad ranks")
    heroes = 0
    for c in range(self.ncells):
        p = pc[c]
        if p == P_GWYDYON:
            heroes += 1
        fixed = st[c] == P_BLOCK or st[c] == P_TB_UP or st[c] == P_TB_DOWN
        if fixed != (p == P_BLOCK or p == P_TB_UP or p == P_TB_DOWN) or (fixed and p != st[c]):
            raise ValueError("immovable pieces moved")
        if (p == P_REP or p == P_REP2) and c + self.psize < self.ncells \
                and pc[c + self.psize] == p:
            raise ValueError("aligned repulsors")
    if heroes != 1:
        raise ValueError("not one Gwydyon")
    self._recount()
    self.dropped = 1
    return i
