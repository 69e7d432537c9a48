"""Mental IQ+ cell changes and undo, Engine methods (bound in engine.py): the logged cell change
(_put) with its vector ranks, the position hash, events, the undo ring's words and undo().

Undo is a ring of 16-bit words, allocated once: each change of a cell is logged as one word
    c | old piece << 9 | 0x2000 when it had a rank, preceded by the old rank word (1..255)
and each action ends with a header word 0x8000 | kind << 3 | action. Undo restores the cells
in reverse order; rank renumbering is implied (an arrival takes the next rank, a departure
closes the gap), so it is not logged. A full ring drops its oldest actions.
"""

from array import array

from handheld.undoring import HDR as _HDR

from games.mentaliq.constants import (EVENTS_MAX, K_BLOCKED, K_PUSH, P_GWYDYON, P_JEWEL, T_FLAG,
                                      T_VECTOR, MAX_CELLS, _HASRANK, _HM)


def _table(n, x):
    # Distinct 29-bit values (a full-period LCG mod 2**29), same on every target.
    t = array("I", bytes(4 * n))  # "I": 4 bytes everywhere ("L" is 8 on 64-bit CPython)
    for i in range(n):
        x = (x * 1103515245 + 12345) % _HM
        t[i] = x ^ (x >> 13)
    return t


_ZC = _table(MAX_CELLS, 0x1234567)
_ZP = _table(16, 0x0ABCDEF)


def _nb(self, c, d):
    # Neighbour of c in direction d on its plane, or -1 past the edge.
    W = self.width
    if d == 1:
        return c + 1 if c % W != W - 1 else -1
    if d == 3:
        return c - 1 if c % W else -1
    i = c % self.psize
    if d == 0:
        return c - W if i >= W else -1
    return c + W if i < self.psize - W else -1


def _changed(self, c):
    if self.mark[c]:
        return
    self.mark[c] = 1
    n = self.nchanged
    self.changed[n] = c
    self.nchanged = n + 1


def _clear(self):
    ch = self.changed
    m = self.mark
    for i in range(self.nchanged):
        m[ch[i]] = 0
    self.nchanged = 0
    self.nevents = 0
    self.events_lost = 0
    self.frame = 0
    self.looped = False


def _raw(self, c, p, r):
    # Set cell c to piece p with rank r; keeps the hash, the jewel counts and the hero.
    pc = self.piece
    old = pc[c]
    h = self.hsh
    if old:
        h -= _ZC[c] ^ _ZP[old]
        if h < 0:
            h += _HM
        if old == P_JEWEL:
            self.jewels -= 1
            if self.tile[c] == T_FLAG:
                self.onflag -= 1
    if p:
        h += _ZC[c] ^ _ZP[p]
        if h >= _HM:
            h -= _HM
        if p == P_JEWEL:
            self.jewels += 1
            if self.tile[c] == T_FLAG:
                self.onflag += 1
        elif p == P_GWYDYON:
            self.hero = c
    self.hsh = h
    pc[c] = p
    self.rank[c] = r
    if not self.mark[c]:
        self.mark[c] = 1
        n = self.nchanged
        self.changed[n] = c
        self.nchanged = n + 1


def _put(self, c, p):
    # Logged change of cell c to piece p: an arrival on a vector takes the next rank, a
    # departure closes the gap, a change of kind in place keeps the rank.
    old = self.piece[c]
    r = self.rank[c]
    if not self.skip:  # log c, old piece (and rank): _w inlined, this is the hot path
        log = self.log
        cap = len(log)
        if self.ulen + 2 > cap:
            self._room(2)
        if not self.skip:
            t = self.utop
            k = 1
            if r:
                log[t] = r
                t += 1
                if t == cap:
                    t = 0
                log[t] = c | old << 9 | _HASRANK
                k = 2
            else:
                log[t] = c | old << 9
            t += 1
            if t == cap:
                t = 0
            self.utop = t
            self.ulen += k
            self.cur += k
    t = self.tile[c]
    nr = 0
    if T_VECTOR <= t < T_VECTOR + 4:
        if not old:
            if p:
                nr = self.nvq + 1
                self.nvq = nr
                self.order[nr] = c
        elif not p:
            if r:  # later arrivals move up one rank
                order = self.order
                rk = self.rank
                n = self.nvq
                while r < n:
                    v = order[r + 1]
                    order[r] = v
                    rk[v] = r
                    r += 1
                self.nvq = n - 1
        else:
            nr = r
    self._raw(c, p, nr)


def _ev(self, kind, p, a, b):
    n = self.nevents
    if n == EVENTS_MAX:
        self.events_lost += 1
        return
    e = self.events
    f = self.frame
    if f > 255:
        f = 255
    e[3 * n] = kind | p << 4 | f << 8
    e[3 * n + 1] = a
    e[3 * n + 2] = b
    self.nevents = n + 1


def _room(self, k):
    # Make room for k words by dropping the oldest actions; when this action alone fills
    # the ring it cannot be undone: it is not logged (skip) and the history restarts.
    while self.ulen + k > len(self.log) and self.ulen > self.cur:
        self._drop_oldest()
    if self.ulen + k > len(self.log):
        self.skip = True
        self.ulen = 0
        self.cur = 0
        self.dropped += 1


def _w(self, w):
    if self.skip:
        return
    log = self.log
    cap = len(log)
    if self.ulen >= cap:
        self._room(1)
        if self.skip:
            return
    t = self.utop
    log[t] = w
    t += 1
    if t == cap:
        t = 0
    self.utop = t
    self.ulen += 1
    self.cur += 1


def _refuse(self, a):
    self.last_action = a
    self.last_kind = K_BLOCKED
    self.last_undo = False
    return False


def _done(self, a, kind):
    if self.skip:
        self.skip = False
    else:
        self._w(_HDR | kind << 3 | a)
    self.cur = 0
    self.last_action = a
    self.last_kind = kind
    self.last_undo = False
    self.moves += 1
    if kind == K_PUSH:
        self.pushes += 1
    return True


def undo(self):
    """Take back the last action; False when the log is empty."""
    self._clear()
    if self.ulen == 0:
        return False
    log = self.log
    cap = len(log)
    v = self._pop_record()
    m = v >> 16  # step words below the header, at ring index t, newest first
    t = self.utop + m
    if t >= cap:
        t -= cap
    a = v & 7
    k = (v >> 3) & 7
    i = t
    while m > 0:
        i -= 1
        if i < 0:
            i += cap
        w = log[i]
        m -= 1
        r = 0
        if w & _HASRANK:
            i -= 1
            if i < 0:
                i += cap
            r = log[i]
            m -= 1
        self._unput(w & 511, (w >> 9) & 15, r)
    self.moves -= 1
    if k == K_PUSH:
        self.pushes -= 1
    self.last_action = a
    self.last_kind = k
    self.last_undo = True
    return True


def _unput(self, c, oldp, oldr):
    cur = self.piece[c]
    t = self.tile[c]
    if T_VECTOR <= t < T_VECTOR + 4:
        if cur and not oldp:
            if self.rank[c]:
                self.nvq -= 1  # an arrival took the last rank
        elif oldp and not cur and oldr:  # a departure closed a gap: reopen it
            order = self.order
            rk = self.rank
            k = self.nvq
            while k >= oldr:
                v = order[k]
                order[k + 1] = v
                rk[v] = k + 1
                k -= 1
            order[oldr] = c
            self.nvq += 1
    self._raw(c, oldp, oldr)


def _recount(self):
    # Derived counters and the position hash, from piece[] and rank[].
    pc = self.piece
    rk = self.rank
    tl = self.tile
    j = f = q = 0
    h = 0
    hero = -1
    order = self.order
    for c in range(self.ncells):
        p = pc[c]
        if not p:
            continue
        if p == P_JEWEL:
            j += 1
            if tl[c] == T_FLAG:
                f += 1
        elif p == P_GWYDYON:
            hero = c
        if rk[c]:
            q += 1
            order[rk[c]] = c
        h += _ZC[c] ^ _ZP[p]
        if h >= _HM:
            h -= _HM
    self.jewels = j
    self.onflag = f
    self.nvq = q
    self.hsh = h
    if hero >= 0:
        self.hero = hero
