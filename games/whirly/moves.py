"""Whirly move rules, Engine methods (bound in engine.py): play() and the push, pull, swap, leap
and jump interactions, with flocking followers (herd). Hot paths: no allocation per move."""

from games.whirly.constants import (_EMASK, K_JUMP, K_LEAP, K_PLAIN, K_PULL, K_PUSH, K_SELECT,
                                    K_SWAP)


def play(self, a):
    """Play action a; False (and nothing changed) when the move is impossible."""
    self._clear_changed()
    if a >= 4:
        if a > 5 or self.heroes < 2:
            return self._blocked(a)
        self._reserve(1)
        self._select(a)
        return self._done(a, K_SELECT, 0)
    if a < 0:
        return self._blocked(a)
    u = self.unit
    em = _EMASK
    g = self.ground
    h = self.hero
    hc = u[h] & 15
    n = self._nb(h, a, 1)
    if n < 0:
        return self._blocked(a)
    p = u[n]
    if p == 0:
        if not (em[g[n]] >> hc) & 1:
            return self._blocked(a)
        self._reserve(1)
        self._hero_to(n)
        return self._done(a, K_PLAIN, 0)
    if p >> 4 != 2:  # heroes block each other
        return self._blocked(a)
    pc = p & 15
    k = self.inter[hc * 10 + pc]
    if k == 1:
        return self._push(a, h, n, hc, pc)
    back = (a + 2) & 3
    if k == 2:  # pull: step back, the box follows into our cell
        b = self._nb(h, back, 1)
        if b < 0 or u[b] or not (em[g[b]] >> hc) & 1 or not (em[g[h]] >> pc) & 1:
            return self._blocked(a)
        self.lead[0] = n
        nf = self._gather(1, back)
        self._reserve(nf + 2)
        self._hero_to(b)
        self._xch(n, h)
        self._word(n | back << 12)
        self._follow(nf, back, 1)
        return self._done(a, K_PULL, 1)
    if k == 3:  # swap
        if not (em[g[n]] >> hc) & 1 or not (em[g[h]] >> pc) & 1:
            return self._blocked(a)
        self.lead[0] = n
        nf = self._gather(1, back)
        self._reserve(nf + 1)
        self._hero_to(n)
        self._follow(nf, back, 1)
        return self._done(a, K_SWAP, 0)
    if k == 4:  # leap: the box jumps over the hero to the cell behind
        b = self._nb(h, back, 1)
        if b < 0 or u[b] or not (em[g[b]] >> pc) & 1:
            return self._blocked(a)
        self.lead[0] = n
        nf = self._gather(1, back)
        self._reserve(nf + 2)
        self._xch(n, b)
        self._word(n | (back + 4) << 12)
        self._follow(nf, back, 2)
        return self._done(a, K_LEAP, 1)
    if k == 5:  # jump: the hero jumps over the box
        j = self._nb(n, a, 1)
        if j < 0 or u[j] or not (em[g[j]] >> hc) & 1:
            return self._blocked(a)
        self._reserve(1)
        self._hero_to(j)
        return self._done(a, K_JUMP, 0)
    return self._blocked(a)


def _push(self, a, h, n, hc, pc):
    u = self.unit
    em = _EMASK
    g = self.ground
    if not (em[g[n]] >> hc) & 1:  # the hero must be able to stand where the box was
        return self._blocked(a)
    lead = self.lead
    inter = self.inter
    limit = self.depth
    nl = 0
    cur = n
    cc = pc
    d = self.off[a]
    W = self.width
    size = self.size
    x = n % W
    dx = d if d == 1 or d == -1 else 0
    while True:
        lead[nl] = cur
        nl += 1
        nx = cur + d
        if dx:
            x += dx
            if x < 0 or x >= W:
                return self._blocked(a)
        elif nx < 0 or nx >= size:
            return self._blocked(a)
        q = u[nx]
        if q == 0:
            if (em[g[nx]] >> cc) & 1:
                break
            return self._blocked(a)
        if q >> 4 != 2 or nl == limit:
            return self._blocked(a)
        qc = q & 15
        if inter[100 + cc * 10 + qc] != 1:
            return self._blocked(a)
        cur = nx
        cc = qc
    nf = self._gather(nl, a)
    self._reserve(nl + nf + 1)
    # Farthest box first, each into a free cell. Inlined: a Colortrain train can be long.
    goal = self.goal
    mk = self.mark
    ch = self.changed
    log = self.log
    cap = len(log)
    t = self.utop
    code = a << 12
    i = nl - 1
    while i >= 0:
        c = lead[i]
        b = c + d
        if goal[c] or goal[b]:
            self._xch(c, b)
        else:
            u[b] = u[c]
            u[c] = 0
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
        log[t] = c | code
        t += 1
        if t == cap:
            t = 0
        i -= 1
    self.utop = t
    self.ulen += nl
    self._hero_to(n)
    self._follow(nf, a, 1)
    return self._done(a, K_PUSH, nl)


def _gather(self, nl, d):
    # Flocking: boxes of the leaders' breed within the herd square of a leader, before the
    # move, sorted so that the ones farthest ahead in direction d move first (ties in
    # reading order).
    r = self.herd
    if r == 0:
        return 0
    u = self.unit
    lead = self.lead
    fol = self.fol
    key = self.fkey
    W = self.width
    H = self.height
    nf = 0
    for i in range(nl):
        L = lead[i]
        lu = u[L]
        lx = L % W
        ly = L // W
        y0 = ly - r if ly >= r else 0
        y1 = ly + r + 1 if ly + r + 1 <= H else H
        x0 = lx - r if lx >= r else 0
        x1 = lx + r + 1 if lx + r + 1 <= W else W
        for y in range(y0, y1):
            c = y * W + x0
            for x in range(x0, x1):
                if u[c] == lu:
                    j = 0
                    while j < nl and lead[j] != c:
                        j += 1
                    if j == nl:
                        j = 0
                        if nl > 1:  # squares of several leaders overlap
                            while j < nf and fol[j] != c:
                                j += 1
                        if j == nf or nl == 1:
                            # how far ahead: projection on the direction of the move
                            p = -y if d == 0 else x if d == 1 else y if d == 2 else -x
                            # insertion sort, descending; stable for equal keys
                            j = nf
                            while j > 0 and key[j - 1] < p:
                                fol[j] = fol[j - 1]
                                key[j] = key[j - 1]
                                j -= 1
                            fol[j] = c
                            key[j] = p
                            nf += 1
                c += 1
    return nf


def _follow(self, nf, d, k):
    # Followers make the leader's move (k cells in direction d) if it is free for them.
    u = self.unit
    em = _EMASK
    g = self.ground
    fol = self.fol
    W = self.width
    size = self.size
    step = self.off[d] * k
    dx = step if d == 1 or d == 3 else 0
    code = (d + 4 * (k - 1)) << 12
    goal = self.goal
    mk = self.mark
    ch = self.changed
    log = self.log
    cap = len(log)
    w = self.utop
    for i in range(nf):
        c = fol[i]
        t = c + step
        if dx:
            x = c % W + dx
            if x < 0 or x >= W:
                continue
        elif t < 0 or t >= size:
            continue
        v = u[c]
        if u[t] == 0 and (em[g[t]] >> (v & 15)) & 1:
            if goal[c] or goal[t]:
                self._xch(c, t)
            else:
                u[t] = v
                u[c] = 0
                nc = self.nchanged
                if not mk[c]:
                    mk[c] = 1
                    ch[nc] = c
                    nc += 1
                if not mk[t]:
                    mk[t] = 1
                    ch[nc] = t
                    nc += 1
                self.nchanged = nc
            log[w] = c | code
            w += 1
            if w == cap:
                w = 0
            self.ulen += 1
    self.utop = w
