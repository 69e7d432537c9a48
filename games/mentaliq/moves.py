"""Mental IQ+ move rules, Engine methods (bound in engine.py): play(), the one-cell move with
every interaction (bombs, transborders, repulsors), sliders and the vector settle."""

from games.mentaliq.constants import (EV_BOOM, EV_BRICK, EV_LOOP, EV_PLANE, EV_REPULSE, EV_STEP,
                                      EV_TRANSBORDER, K_PLANE, K_PUSH, K_STEP, P_BOMB, P_BRICK,
                                      P_GWYDYON, P_REP, P_REP2, P_TB_DOWN, P_TB_UP, SETTLE_MAX,
                                      T_HOLE, T_SLIDER, T_TRANSFERT, T_VECTOR, _BLOCKED,
                                      _EV_OF_MODE, _GONE, _M_PUSH, _M_SLIDE, _M_VECTOR, _SEEN,
                                      _STAYED, movable)


def play(self, a):
    """Play action a; False (and nothing changed) when the move is impossible."""
    self._clear()
    if self.level is None or a < 0 or a > 5:
        return self._refuse(a)
    h = self.hero
    pc = self.piece
    tl = self.tile
    self.cur = 0
    if a >= 4:
        if tl[h] != T_TRANSFERT:
            return self._refuse(a)
        t = h + self.psize if a == 4 else h - self.psize
        if t < 0 or t >= self.ncells or tl[t] == T_HOLE or pc[t]:
            return self._refuse(a)
        self._put(h, 0)
        self._put(t, P_GWYDYON)
        self._ev(EV_PLANE, P_GWYDYON, h, t)
        self._settle()
        return self._done(a, K_PLANE)
    n = self._nb(h, a)
    if n < 0 or tl[n] == T_HOLE:
        return self._refuse(a)
    p = pc[n]
    kind = K_STEP
    r = -1
    if p:
        if not movable(p):
            return self._refuse(a)
        r = self._move(n, a, _M_PUSH)
        if r == _BLOCKED:
            return self._refuse(a)
        kind = K_PUSH
    if r != _STAYED:  # a bomb that fired stays put, and so does Gwydyon
        self._put(h, 0)
        self._put(n, P_GWYDYON)
        self._ev(EV_STEP, P_GWYDYON, h, n)
        if r >= 0 and tl[r] == T_SLIDER:
            self._slide(r, a)
        if tl[n] == T_SLIDER:
            self._slide(n, a)
    self._settle()
    return self._done(a, kind)


def _slide(self, c, d):
    # The piece at c entered a slider moving in direction d: it keeps moving until it is
    # blocked or leaves the sliders.
    tl = self.tile
    while True:
        self.frame += 1
        c = self._move(c, d, _M_SLIDE)
        if c == _BLOCKED:
            self.frame -= 1  # no step: no frame
        if c < 0 or tl[c] != T_SLIDER:
            return


def _move(self, c, d, mode):
    # Move the piece at c one cell in direction d (a push, a slide step or a vector step)
    # with every interaction; returns its new cell, or _BLOCKED (nothing changed), _GONE,
    # _STAYED.
    pc = self.piece
    tl = self.tile
    p = pc[c]
    t = self._nb(c, d)
    if t < 0 or tl[t] == T_HOLE:
        return _BLOCKED
    q = pc[t]
    rep = p == P_REP or p == P_REP2
    if q == 0:
        if rep and not self._rep_check(p, t, c, d, True):
            return _BLOCKED
        self._put(c, 0)
        self._put(t, p)
        self._ev(_EV_OF_MODE[mode], p, c, t)
        if rep:
            self._rep_apply(p, t)
        return t
    if mode == _M_VECTOR or p == P_GWYDYON:  # vectors need a free cell; Gwydyon never pushes
        return _BLOCKED
    if q == P_BOMB:
        if p == P_BOMB:  # bombs never destroy bombs: an obstacle
            return _BLOCKED
        self._put(c, 0)
        self._ev(EV_BOOM, p, t, c)
        return _GONE
    if p == P_BOMB and movable(q):
        self._put(t, 0)
        self._ev(EV_BOOM, q, c, t)
        return _STAYED
    if q == P_TB_UP or q == P_TB_DOWN:
        a = t + self.psize if q == P_TB_UP else t - self.psize
        if a < 0 or a >= self.ncells or tl[a] == T_HOLE or pc[a]:
            return _BLOCKED
        if rep and not self._rep_check(p, a, c, d, False):
            return _BLOCKED
        self._put(c, 0)
        self._put(a, p)
        self._ev(EV_TRANSBORDER, p, c, a)
        if rep:
            self._rep_apply(p, a)
        return a
    if rep and q == 11 - p:  # repulsor meets repulsor2 on its plane: one brick
        self._put(c, 0)
        self._put(t, P_BRICK)
        self._ev(EV_BRICK, P_BRICK, c, t)
        return _GONE
    return _BLOCKED


def _rep_check(self, p, dst, src, d, allow):
    # A repulsor of type p moves src -> dst. Same type aligned above or below must be
    # pushed back opposite to d (allow) into a free cell not aligned with its own type;
    # the other type aligned turns into a brick. Pending effects go to pend[]; False when
    # the move must not happen.
    pc = self.piece
    tl = self.tile
    ps = self.psize
    n = self.ncells
    pend = self.pend
    k = 0
    a = dst - ps
    while a < n:
        if a >= 0:
            q = pc[a]
            if q == p:
                if not allow:
                    return False
                b = self._nb(a, (d + 2) & 3)
                if b < 0 or tl[b] == T_HOLE or pc[b]:
                    return False
                u = b - ps
                if u >= 0 and u != src and pc[u] == p:
                    return False
                u = b + ps
                if u < n and u != src and pc[u] == p:
                    return False
                pend[k] = a
                pend[k + 1] = b
                k += 2
            elif q == 11 - p:
                pend[k] = a
                pend[k + 1] = -1
                k += 2
        a += 2 * ps
    self.npend = k
    return True


def _rep_apply(self, p, dst):
    # Carry out the pending effects of _rep_check, once the mover stands on dst.
    pend = self.pend
    pc = self.piece
    ps = self.psize
    n = self.ncells
    o = 11 - p
    for i in range(0, self.npend, 2):
        a = pend[i]
        b = pend[i + 1]
        if b < 0:
            if pc[a] == o:
                self._put(a, P_BRICK)
                self._ev(EV_BRICK, P_BRICK, dst, a)
            continue
        self._put(a, 0)
        self._put(b, p)
        self._ev(EV_REPULSE, p, a, b)
        # the pushed-back repulsor ended a move too: the other type aligned turns to brick
        u = b - ps
        if u >= 0 and pc[u] == o:
            self._put(u, P_BRICK)
            self._ev(EV_BRICK, P_BRICK, b, u)
        u = b + ps
        if u < n and pc[u] == o:
            self._put(u, P_BRICK)
            self._ev(EV_BRICK, P_BRICK, b, u)
    self.npend = 0


def _settle(self):
    # Vectors move pieces, one at a time, until nothing can move or the position repeats.
    # A waiting piece can only move into a free cell, so that is checked inline first.
    if self.nvq == 0:
        return
    seen = self.seen
    used = self.sused
    self.nseen = 0
    self._seen(self.hsh)
    steps = 0
    tl = self.tile
    pc = self.piece
    ahead = self.ahead
    order = self.order
    while steps < SETTLE_MAX:
        nvq = self.nvq
        moved = -1
        r = 1
        while r <= nvq:
            c = order[r]
            t = ahead[c]
            if t >= 0 and not pc[t]:
                d = tl[c] - T_VECTOR
                self.frame += 1
                moved = self._move(c, d, _M_VECTOR)
                if moved >= 0:
                    if tl[moved] == T_SLIDER:
                        self._slide(moved, d)
                    break
                self.frame -= 1
            r += 1
        if moved < 0:
            break
        steps += 1
        if self._seen(self.hsh):
            self.looped = True
            self._ev(EV_LOOP, 0, 0, 0)
            break
    for i in range(self.nseen):
        seen[used[i]] = 0
    self.nseen = 0


def _seen(self, h):
    # Insert h into the hash set; True when it was there already.
    seen = self.seen
    v = h + 1
    i = (h ^ (h >> 11)) & (_SEEN - 1)
    while seen[i]:
        if seen[i] == v:
            return True
        i = (i + 1) & (_SEEN - 1)
    seen[i] = v
    self.sused[self.nseen] = i
    self.nseen += 1
    return False
