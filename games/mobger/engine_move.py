"""MobGer Engine methods (bound in engine.py): play() one sequence, the Gers' moves, its end."""

from array import array

from games.mobger.constants import (DRAW, DX, DY, F_DEST, F_HIT, F_PASS, GOAL_A,
                                    K_JOKER, LOG_RING, MAX_GERS, MAX_MOVES, NONE, O_CUBOID,
                                    O_DEF_CCW, O_DEF_CW, O_FF_CCW, O_FF_CW, QUIET_MAX, RW,
                                    R_BLACK_HOME, R_BLOCKED, R_COMPLETE, R_FULL, R_NO_MOVE,
                                    R_QUIET, R_STUCK, _DIR_OF)


def play(self, a):
    if not self.is_legal(a):
        return False
    n = self.nactions
    if n >= MAX_MOVES:
        return False
    L = self.log
    base = (n % LOG_RING) * RW
    if base >= len(L):
        L = _grow(self)
    if n >= len(self.actions):
        _grow_actions(self)
    if n + 1 - LOG_RING > self.low:
        self.low = n + 1 - LOG_RING   # this record replaces the oldest one
    pos = self.pos
    dr = self.dir
    r = 0
    while r < MAX_GERS:
        L[base + r] = pos[r] | dr[r] << 8
        r += 1
    L[base + 12] = self._ffmask()
    L[base + 13] = self.jrng
    L[base + 14] = self.quiet | self.score[0] << 8 | self.score[1] << 12
    L[base + 15] = self.hsh
    self.actions[n] = a
    self.nactions = n + 1
    self.anim_n = 0
    self.anim_nf = 0
    self.anim_cut = 0
    self.anim_removed = NONE
    self.anim_joker = NONE
    N = self.n
    k = 0
    r = a
    while k < N:
        if pos[r] != NONE:
            self._move(r)
        r += 1
        if r == N:
            r = 0
        k += 1
    self._end_sequence(n & 1)
    return True


def _grow(self):
    """The undo log holds LOG_START records at first and doubles up to LOG_RING records when a
    game (or the CPU's search ahead) gets longer: a short game never pays for the whole ring.
    Before the ring is full, record i sits at i (i % LOG_RING == i), so the copy keeps places."""
    old = self.log
    cap = min(2 * (len(old) // RW), LOG_RING)
    L = array("H", bytes(2 * RW * cap))
    i = 0
    while i < len(old):
        L[i] = old[i]
        i += 1
    self.log = L
    return L


def _grow_actions(self):
    old = self.actions
    a = bytearray(min(2 * len(old), MAX_MOVES))
    a[:len(old)] = old
    self.actions = a


def _jdraw(self):
    # xorshift16: every step stays a small int on 32-bit ports (no heap allocation)
    x = self.jrng
    x ^= (x << 7) & 0xFFFF
    x ^= x >> 9
    x ^= (x << 8) & 0xFFFF
    self.jrng = x
    if self.ndirs == 4:
        return ((x >> 4) & 3) * 2
    return (x >> 4) & 7


def _move(self, r):
    pos = self.pos
    obj = self.obj
    occ = self.occ
    W = self.w
    H = self.h
    s = pos[r]
    d0 = self.dir[r]
    d = d0
    if self.kind[r] == K_JOKER:
        d = self._jdraw()
        self.anim_joker = d
        d0 = d
    occ[s] = 0
    special = r == 0 and self.special
    rg = self.rgers and not special
    refl = self.refl
    fields = self.anim_fields
    fmax = len(fields)  # sized to the board: never less than this sequence can examine
    nf = self.anim_nf
    first = nf
    x = s % W
    y = s // W
    att = 0
    maxatt = self.maxatt
    dest = -1
    while att < maxatt:
        att += 1
        # The step to the next field (torus or bounce) is written out here, in
        # engine_reach._stuck_state and in ai_eval._steps: as a shared function it cost the CPU
        # ~25% more time per turn.
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
            if nx < 0:
                nx += W
            elif nx >= W:
                nx -= W
            if ny < 0:
                ny += H
            elif ny >= H:
                ny -= H
        nc = ny * W + nx
        o = obj[nc]
        if o and not special:
            if o == O_CUBOID:
                d = (d + 4) & 7
            elif o == O_DEF_CW:
                d = (d + 2) & 7
            elif o == O_DEF_CCW:
                d = (d + 6) & 7
            elif o == O_FF_CW:
                d = (d + 2) & 7
                obj[nc] = O_FF_CCW
            else:
                d = (d + 6) & 7
                obj[nc] = O_FF_CW
            if nf < fmax:
                fields[nf] = nc | d << 8 | F_HIT << 11
                nf += 1
            else:
                self.anim_cut = 1
            continue
        if o or occ[nc]:
            if rg and not o:
                d = (d + 4) & 7
                fl = F_HIT
            else:
                x = nx
                y = ny
                fl = F_PASS
            if nf < fmax:
                fields[nf] = nc | d << 8 | fl << 11
                nf += 1
            else:
                self.anim_cut = 1
            continue
        if nf < fmax:
            fields[nf] = nc | d << 8 | F_DEST << 11
            nf += 1
        else:
            self.anim_cut = 1
        dest = nc
        break
    i = self.anim_n
    self.anim_back[i] = 0
    if dest < 0:
        dest = s
        d = d0
        self.anim_back[i] = 1
    pos[r] = dest
    self.dir[r] = d
    occ[dest] = r + 1
    self.anim_rank[i] = r
    self.anim_from[i] = s
    self.anim_to[i] = dest
    self.anim_dir[i] = d
    self.anim_first[i] = first
    self.anim_len[i] = nf - first
    self.anim_n = i + 1
    self.anim_nf = nf


def _end_sequence(self, mover):
    hs = self.house
    g = self.occ[hs] - 1
    removed = False
    if g >= 0:
        if g == 0 and self.goal == GOAL_A:
            s0 = self.score[0]
            s1 = self.score[1]
            self.win = 0 if s0 > s1 else (1 if s1 > s0 else DRAW)
            self.reason = R_BLACK_HOME
        elif g == 0 and self.special:
            # goal B: the special Black Ger stays in the House for good
            self._goal_b_end(mover, True)
            if self.win < 0:
                self.win = DRAW
                self.reason = R_BLOCKED
        else:
            self.pos[g] = NONE
            self.occ[hs] = 0
            self.anim_removed = g
            removed = True
            if self.goal == GOAL_A:
                self.score[mover] += 1
            else:
                if g:
                    self.score[(g + 1) & 1] += 1
                self._goal_b_end(mover, self.pos[0] == NONE)
    if removed:
        self.quiet = 0
    else:
        self.quiet += 1
    self.hsh = self._hash()
    if self.win < 0:
        self._check_end(mover)


def _goal_b_end(self, mover, black_in):
    if not black_in:
        return
    c0 = self.score[0] == self.owned[0]
    c1 = self.score[1] == self.owned[1]
    if c0 and c1:
        self.win = mover
    elif c0:
        self.win = 0
    elif c1:
        self.win = 1
    else:
        return
    self.reason = R_COMPLETE


def _check_end(self, mover):
    """Draws: the quiet cap, a proof that nobody can win any more, no legal move."""
    if self.quiet >= QUIET_MAX:
        self.win = DRAW
        self.reason = R_QUIET
        return
    if self.nactions >= MAX_MOVES:
        self.win = DRAW
        self.reason = R_FULL
        return
    if self._hopeless():
        self.win = DRAW
        self.reason = R_STUCK
        return
    if self.legal(self.lbuf) == 0:
        self.win = DRAW
        self.reason = R_NO_MOVE
