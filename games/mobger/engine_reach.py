"""MobGer Engine methods (bound in engine.py): can a Ger still reach the House (bounded search)."""

from games.mobger.constants import (DX, DY, GOAL_A, K_JOKER, NONE, O_CUBOID, O_DEF_CW,
                                    O_FF_CW, _DIR_OF)


def _hopeless(self):
    pos = self.pos
    if pos[0] != NONE and self.stuck(0):
        return True
    if self.goal == GOAL_A:
        return False
    # goal B: a player whose Ger can never reach the House can no longer win
    b0 = False
    b1 = False
    r = 1
    while r < self.n:
        if pos[r] != NONE:
            if r & 1:
                if not b0 and self.stuck(r):
                    b0 = True
            elif not b1 and self.stuck(r):
                b1 = True
        r += 1
    return b0 and b1


def stuck(self, r):
    """True when rank r provably can never again enter the House (search below)."""
    c = self.pos[r]
    if c == NONE:
        return False
    if self.kind[r] == K_JOKER:
        return self._stuck_state(c, 0, 2)
    return self._stuck_state(c, self.dir[r], 1 if (r == 0 and self.special) else 0)


def _stuck_state(self, c, d, cls):
    """Search over (field, direction) states of one Ger, over-approximating every move it
    could make whatever the other Gers do: jump over or (reflecting Gers) bounce off any
    field, both senses of each flipflap, any direction for the Joker. At most
    fields x 8 states; results are memoised (the transitions do not change in a game)."""
    memo = self.memo
    mb = cls * self.ncells * 8
    s0 = c * 8 + d
    m = memo[mb + s0]
    if m:
        return m == 2
    self.stamp += 1               # searches run (the CPU counts them as its cost)
    if self.stamp > 0xFFFF:
        self.stamp = 1
    seen = self.seen              # 8-bit marks: cleared once every 255 searches
    st = self.sst + 1
    if st > 0xFF:
        st = 1
        for i in range(len(seen)):
            seen[i] = 0
    self.sst = st
    q = self.queue
    seen[s0] = st
    q[0] = s0
    qh = 0
    qt = 1
    W = self.w
    H = self.h
    hs = self.house
    refl = self.refl
    obj = self.obj
    jump_obj = cls == 1
    rg = self.rgers and not jump_obj
    joker = cls == 2
    step = 2 if self.ndirs == 4 else 1
    found = False
    while qh < qt and not found:
        s = q[qh]
        qh += 1
        c = s >> 3
        d = s & 7
        x = c % W
        y = c // W
        # the step of _move, written out (hot: runs for every state of every search)
        dx = DX[d]
        dy = DY[d]
        nx = x + dx
        ny = y + dy
        if refl:
            if nx < 0 or nx >= W:
                dx = -dx
                nx = x + dx
            if ny < 0 or ny >= H:
                dy = -dy
                ny = y + dy
            d = _DIR_OF[(dy + 1) * 3 + dx + 1]
        else:
            nx %= W
            ny %= H
        nc = ny * W + nx
        o = obj[nc]
        k = 0
        while k < 12:
            # candidate successor k: 0 entering/jumping, 1 bounce off a Ger, 2/3 object turns,
            # 4.. Joker directions
            t = -1
            if k == 0:
                if not o or jump_obj:
                    if nc == hs:
                        found = True
                        break
                    t = nc * 8 + d
            elif k == 1:
                if rg and not o:
                    t = c * 8 + ((d + 4) & 7)
            elif k == 2:
                if o and not jump_obj:
                    if o == O_CUBOID:
                        t = c * 8 + ((d + 4) & 7)
                    elif o == O_DEF_CW or o >= O_FF_CW:
                        t = c * 8 + ((d + 2) & 7)
                    else:
                        t = c * 8 + ((d + 6) & 7)
            elif k == 3:
                if o >= O_FF_CW and not jump_obj:
                    t = c * 8 + ((d + 6) & 7)
            elif joker and k - 4 < 8 // step:
                t = c * 8 + (k - 4) * step
            if t >= 0:
                mt = memo[mb + t]
                if mt == 1:
                    found = True
                    break
                if mt == 0 and seen[t] != st:
                    seen[t] = st
                    q[qt] = t
                    qt += 1
            k += 1
    if found:
        memo[mb + s0] = 1
        return False
    i = 0
    while i < qt:  # everything reachable from a stuck state is stuck too
        memo[mb + q[i]] = 2
        i += 1
    return True
