"""Whirly cell changes and undo, Engine methods (bound in engine.py): unit exchanges that keep
the objective counts, the changed-cell list, the undo ring's words, hero selection, undo().

Undo is a ring of 16-bit words, allocated once (grown only by load()); a full ring drops its
oldest actions. Per action: one word per box that moved (cell | code << 12, code = direction,
+4 for a two-cell move), then a header word 0x8000 | nleaders << 6 | kind << 3 | action. The
hero's own step is implied by the action and kind, so a plain step costs one word. Undo
exchanges the same cell pairs in reverse order (an exchange is its own inverse).
"""

from handheld.undoring import HDR as _HDR

from games.whirly.constants import K_BLOCKED, K_JUMP, K_LEAP, K_PULL, K_PUSH, K_SELECT


def _nb(self, c, d, k):
    # Cell k steps from c in direction d, or -1 off the map.
    W = self.width
    if d == 0:
        c -= k * W
        return c if c >= 0 else -1
    if d == 2:
        c += k * W
        return c if c < self.size else -1
    x = c % W
    if d == 1:
        return c + k if x + k < W else -1
    return c - k if x >= k else -1


def _changed(self, c):
    if self.mark[c]:
        return
    self.mark[c] = 1
    n = self.nchanged
    self.changed[n] = c
    self.nchanged = n + 1


def _clear_changed(self):
    ch = self.changed
    m = self.mark
    for i in range(self.nchanged):
        m[ch[i]] = 0
    self.nchanged = 0


def _xch(self, a, b):
    # Exchange the units of cells a and b, keeping the objective counts.
    u = self.unit
    g = self.goal
    sat = self.sat
    ua = u[a]
    ub = u[b]
    ga = g[a]
    gb = g[b]
    if ga:
        if ua and ga >> 4 == ua >> 4:
            gc = ga & 15
            uc = ua & 15
            if gc == uc or gc == 0 or uc == 0:
                sat[ga >> 4] -= 1
        if ub and ga >> 4 == ub >> 4:
            gc = ga & 15
            uc = ub & 15
            if gc == uc or gc == 0 or uc == 0:
                sat[ga >> 4] += 1
    if gb:
        if ub and gb >> 4 == ub >> 4:
            gc = gb & 15
            uc = ub & 15
            if gc == uc or gc == 0 or uc == 0:
                sat[gb >> 4] -= 1
        if ua and gb >> 4 == ua >> 4:
            gc = gb & 15
            uc = ua & 15
            if gc == uc or gc == 0 or uc == 0:
                sat[gb >> 4] += 1
    u[a] = ub
    u[b] = ua
    self._changed(a)
    self._changed(b)


def _word(self, w):
    log = self.log
    t = self.utop
    log[t] = w
    t += 1
    if t == len(log):
        t = 0
    self.utop = t
    self.ulen += 1


def _reserve(self, m):
    # Make room for m words by dropping the oldest actions.
    cap = len(self.log)
    while cap - self.ulen < m and self.ulen:
        self._drop_oldest()


def _blocked(self, a):
    self.last_action = a
    self.last_kind = K_BLOCKED
    self.last_undo = False
    return False


def _done(self, a, kind, nl):
    self._word(_HDR | nl << 6 | kind << 3 | a)
    self.last_action = a
    self.last_kind = kind
    self.last_undo = False
    if a < 4:
        self.moves += 1
        if kind:
            self.pushes += 1
    return True


def _hero_to(self, c):
    self._xch(self.hero, c)
    self.hero = c
    self.hpos[self.active] = c


def _select(self, a):
    hp = self.hpos
    cur = self.hero
    n = self.heroes
    best = -1
    if a == 4:  # next in reading order, wrapping to the first
        for i in range(n):
            c = hp[i]
            if c > cur and (best < 0 or c < hp[best]):
                best = i
        if best < 0:
            for i in range(n):
                if best < 0 or hp[i] < hp[best]:
                    best = i
    else:
        for i in range(n):
            c = hp[i]
            if c < cur and (best < 0 or c > hp[best]):
                best = i
        if best < 0:
            for i in range(n):
                if best < 0 or hp[i] > hp[best]:
                    best = i
    self.active = best
    self.hero = hp[best]
    self._changed(cur)
    self._changed(self.hero)


def undo(self):
    """Take back the last action; False when the log is empty."""
    self._clear_changed()
    if self.ulen == 0:
        return False
    v = self._pop_record()
    m = v >> 16  # words of this action below its header, at ring index t
    t = self.utop + m
    if t >= len(self.log):
        t -= len(self.log)
    a = v & 7
    k = (v >> 3) & 7
    nl = (v >> 6) & 511
    self.last_action = a
    self.last_kind = k
    self.last_undo = True
    if k == K_SELECT:
        self._select(9 - a)  # 4 <-> 5
        return True
    self.moves -= 1
    if k:
        self.pushes -= 1
    off = self.off
    t = self._unwords(t, m - nl)  # followers, newest first
    if k == K_PUSH:
        self._hero_back(a, k, off)
    self._unwords(t, nl)  # leaders
    if k != K_PUSH:
        self._hero_back(a, k, off)
    return True


def _unwords(self, t, n):
    # Undo n box words below ring index t (exclusive), newest first; returns the new t.
    # Inlined exchange: a long Colortrain train comes back in one call.
    log = self.log
    cap = len(log)
    off = self.off
    u = self.unit
    goal = self.goal
    mk = self.mark
    ch = self.changed
    for _ in range(n):
        t -= 1
        if t < 0:
            t += cap
        w = log[t]
        c = w & 0xFFF
        code = (w >> 12) & 7
        d = off[code & 3]
        if code & 4:
            d += d
        b = c + d
        if goal[c] or goal[b]:
            self._xch(c, b)
            continue
        v = u[c]
        u[c] = u[b]
        u[b] = v
        nc = self.nchanged
        if not mk[c]:
            mk[c] = 1
            ch[nc] = c
            nc += 1
        if not mk[b]:
            mk[b] = 1
            ch[nc] = b
            nc += 1
        self.nchanged = nc
    return t


def _hero_back(self, a, k, off):
    d = off[a]
    if k == K_LEAP:
        return
    if k == K_PULL:
        d = -d
    elif k == K_JUMP:
        d += d
    self._hero_to(self.hero - d)
