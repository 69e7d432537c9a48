"""MobGer Engine methods (bound in engine.py): legal moves, the no-repetition rule, undo."""

from games.mobger.constants import (K_JOKER, LOG_RING, MAX_GERS, NONE, O_FF_CCW, O_FF_CW, RW,
                                    R_NONE)


def legal(self, buf):
    if self.win >= 0:
        return 0
    k = 0
    r = 0
    while r < self.n:
        if self.pos[r] != NONE and not self._repeated(r):
            buf[k] = r
            k += 1
        r += 1
    return k


def is_legal(self, a):
    return (self.win < 0 and 0 <= a < self.n and self.pos[a] != NONE
            and not self._repeated(a))


def _same(self, base):
    L = self.log
    pos = self.pos
    r = 0
    while r < self.n:
        v = L[base + r]
        if (v & 0xFF) != pos[r]:
            return False
        if self.kind[r] != K_JOKER and pos[r] != NONE and (v >> 8) != self.dir[r]:
            return False
        r += 1
    return L[base + 12] == self._ffmask()


def _repeated(self, a):
    # Only positions since the last removal can equal this one (removals are final).
    i = self.nactions - 1
    stop = self.nactions - self.quiet
    acts = self.actions
    L = self.log
    h = self.hsh
    while i >= stop:
        base = (i % LOG_RING) * RW
        if acts[i] == a and L[base + 15] == h and self._same(base):
            return True
        i -= 1
    return False


def _ffmask(self):
    m = 0
    i = 0
    while i < self.nff:
        if self.obj[self.ffc[i]] == O_FF_CCW:
            m |= 1 << i
        i += 1
    return m


def _hash(self):
    h = self._ffmask()
    r = 0
    while r < self.n:
        p = self.pos[r]
        v = p * 8 + (0 if self.kind[r] == K_JOKER else self.dir[r]) + 1
        h = (h * 31 + v) & 0xFFFF
        r += 1
    return h


def undo(self):
    n = self.nactions
    if n == 0 or n - 1 < self.low:
        return False
    n -= 1
    L = self.log
    base = (n % LOG_RING) * RW
    pos = self.pos
    occ = self.occ
    r = 0
    while r < MAX_GERS:
        if r < self.n and pos[r] != NONE:
            occ[pos[r]] = 0
        r += 1
    r = 0
    while r < MAX_GERS:
        v = L[base + r]
        pos[r] = v & 0xFF
        self.dir[r] = v >> 8
        if r < self.n and pos[r] != NONE:
            occ[pos[r]] = r + 1
        r += 1
    m = L[base + 12]
    i = 0
    while i < self.nff:
        self.obj[self.ffc[i]] = O_FF_CCW if (m >> i) & 1 else O_FF_CW
        i += 1
    self.jrng = L[base + 13]
    v = L[base + 14]
    self.quiet = v & 0xFF
    self.score[0] = (v >> 8) & 15
    self.score[1] = v >> 12
    self.hsh = L[base + 15]
    self.win = -1
    self.reason = R_NONE
    self.nactions = n
    self.anim_n = 0
    self.anim_nf = 0
    self.anim_removed = NONE
    self.anim_joker = NONE
    return True
