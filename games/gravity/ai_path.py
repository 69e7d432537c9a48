"""Gravity room CPU: where an action takes the pieces, worked out without playing it when no
piece can change another's path (issue 14: plays were most of a hard turn's time). _Ai methods,
bound in ai.py: may_win (can this action make the mover meet the objective?) before the quick
win check plays a candidate, and virtual (the pieces' final cells) for static scores.

Each piece is traced alone (ai_trace.py). The objective is never stopped by a pawn: its trace is
exact. A pawn's is exact while no other pawn stops it; a pawn that stays (no flow on its lines,
a wall under it) stops the others as a wall does, and is traced as one. So
- may_win: the mover's path is timed against the objective's (when the objective never starts
  again from rest): they meet in one cell at one tick, by a swap, or where one waits for the
  other; with two players the other pawn is timed against the mover the same way (and a mover
  that lands on it by gravity, from a cell on no flow, stays there); with three, the other
  pawns' paths must miss the mover's and each other's. No meeting: False, the action is not
  played;
- virtual: when no two of the moving pieces' paths share a cell, nobody wins and every piece
  ends where its path ends, unless the engine's caps cut the action short: the traces' ticks
  and restarts, summed, stay under them (every engine tick moves a piece, every restart
  restarts one).
In every other case (or a trace over a cap) the action is played. The action's flow is put on
the engine's line arrays while tracing and taken off before returning (the engine is left as
it was found); cells are marked with a generation number in preallocated bytearrays.
"""

from array import array

from games.gravity.ai_trace import HIT, _trace
from games.gravity.constants import (DOWN, FLOW_BASE, LEFT, MAX_CELLS, MAX_H, MAX_TICKS, MAX_TURNS,
                                     MAX_W, NONE, RIGHT, SETTLE_MAX, UP)


def setup(self):
    self.threat = bytearray(b"\xff" * 3)  # per player: the last winning action wins_quick found
    self.cell_o = bytearray(MAX_CELLS)  # cells of the objective's path, marked with self.gen
    self.cell_a = bytearray(MAX_CELLS)  # cells of the pawns' paths
    self.cell_b = bytearray(MAX_CELLS)  # may_win, 2 players: the other pawn's path
    self.tick_o = bytearray(MAX_CELLS)  # the tick the objective enters each cell of its path
    self.tick_a = bytearray(MAX_CELLS)  # the same for the mover's (may_win, 2 players)
    self.gen = 0
    self.vpos = bytearray(4)  # virtual: each piece's final cell
    self.vst = array("H", (0, 0, 0, 0))  # this turn: virtual tries, successes; may_win's
    self.proven = bytearray(FLOW_BASE + 2 * (MAX_W + MAX_H))  # ai_hard: root moves seen safe


def reset(self):
    """A new turn: no threat known, the traces tried again (their success rates are per turn)."""
    st = self.vst
    for k in range(4):
        st[k] = 0
    for k in range(3):
        self.threat[k] = NONE
    pv = self.proven
    for k in range(len(pv)):
        pv[k] = 0


def _traces(self, e, m, mover, full):
    """Trace every piece under action m of player mover; full: every pair of paths must miss
    (virtual, final cells in vpos), else only the mover's path (may_win). True when they do."""
    H = e.height
    g = e.gravity
    own = e.owner
    fd = e.flow_d
    st = e.flow_stamp
    line = NONE
    if m < FLOW_BASE:
        g = m
    else:  # lay the flow on the engine's line arrays (taken off below)
        line = (m - FLOW_BASE) >> 1
        old = e.flow_line[mover]
        was = own[line]
        d0 = fd[mover]
        s0 = st[mover]
        if old != NONE:
            own[old] = NONE
        own[line] = mover
        st[mover] = 255  # laid last
        if line < H:
            fd[mover] = RIGHT if (m - FLOW_BASE) & 1 else LEFT
        else:
            fd[mover] = DOWN if (m - FLOW_BASE) & 1 else UP
    gen = self.gen + 1
    co = self.cell_o
    ca = self.cell_a
    cb = self.cell_b
    tk = self.tick_o
    ta = self.tick_a if e.players == 2 and not full else None
    if gen > 255:
        gen = 1
        for k in range(MAX_CELLS):
            co[k] = 0
            ca[k] = 0
            cb[k] = 0
    self.gen = gen
    P = e.players
    pos = e.pos
    vp = self.vpos
    ok = False
    ln = e.ln
    nb = e.nb
    NO = NONE
    # a piece on no flow whose gravity step meets a wall stays: its trace is its cell, without
    # the call (the first step of _trace, inlined: most pieces at rest rest so)
    c = pos[P]
    if own[ln[c + c]] == NO and own[ln[c + c + 1]] == NO and nb[4 * c + g] == NO:
        co[c] = gen
        tk[c] = 0
        r = c
        cost = 3
    else:
        r = _trace(e, c, g, own, fd, st, co, None, gen, None if full else tk)
        cost = 7 if r == HIT else 6
    ticks = 0
    if r != HIT:
        vp[P] = r & 127
        ticks = (r >> 7) & 255
        rs = r >> 15
        sw = NO  # the first pawn that stays (as the objective above): a wall to the others
        mv = 0  # bits: the pawns that move
        for p in range(P):
            c = pos[p]
            if own[ln[c + c]] == NO and own[ln[c + c + 1]] == NO and nb[4 * c + g] == NO:
                if (full or p == mover) and co[c] == gen:
                    r = HIT  # the objective comes by
                    break
                ca[c] = gen
                vp[p] = c
                if sw == NO:
                    sw = c
            else:
                mv |= 1 << p
        # may_win, a mover that stays: pawns only stop pieces, so it stays, and the objective's
        # exact path misses its cell
        ok = r != HIT and not full and not (mv >> mover) & 1
        p = mover
        ra = HIT  # may_win, 2 players: the mover's trace, when it never restarts
        while r != HIT and mv and not ok:  # the pawns that move, the mover first
            if (mv >> p) & 1:
                mv ^= 1 << p
                c = pos[p]
                if full:
                    r = _trace(e, c, g, own, fd, st, ca, co, gen, None, None, NO, sw)
                elif p == mover:  # (timed against an objective that never restarts: _meets)
                    r = _trace(e, c, g, own, fd, st, ca, co, gen, ta, None if rs else tk,
                               vp[P], sw)
                    if not rs and r < 32768 and co[r & 127] == gen and tk[r & 127] > (r >> 7) & 255:
                        r = HIT  # the objective comes by the cell the mover stopped on
                    if ta is not None and r < 32768:
                        ra = r
                elif ra != HIT:  # the other pawn must not meet the mover (_meets) before it ends
                    r = _trace(e, c, g, own, fd, st, cb, ca, gen, None, ta, ra & 127, sw,
                               (ra >> 7) & 255)
                    c = r & 127
                    if r < 32768 and ca[c] == gen and ta[c] > (r >> 7) & 255:
                        # the mover comes by the cell it stopped on: exact when by gravity
                        # from a cell on no flow (the mover then stays there, on this pawn),
                        # unless the objective comes by that cell later
                        u = ta[c] - 1
                        x = nb[4 * c + (g ^ 2)]
                        if (x == NO or nb[4 * x + g] != c or ca[x] != gen or ta[x] != u
                                or own[ln[x + x]] != NO or own[ln[x + x + 1]] != NO
                                or (co[x] == gen and tk[x] > u)):
                            r = HIT
                else:  # the other pawns must miss the mover's path (and each other)
                    r = _trace(e, c, g, own, fd, st, ca, ca, gen, None, None, NO, sw)
                cost += 3
                if r == HIT:
                    cost += 1
                    break
                vp[p] = r & 127
                ticks += (r >> 7) & 255
                rs += r >> 15
                ok = r < 128 and p == mover and not full  # (a mover that stays, as above)
            p = p + 1 if p + 1 < P else 0
        if r != HIT and not mv:
            # under the engine's caps: every engine tick moves a piece, every restart one
            ok = not full or (ticks < MAX_TICKS and rs <= SETTLE_MAX)
    self.nodes += cost + (ticks * 2) // 3  # (cost units: ai_hard.py)
    if line != NONE:
        if old != NONE:
            own[old] = mover
        own[line] = was
        fd[mover] = d0
        st[mover] = s0
    return ok


def may_win(self, e, m, me):
    """False when legal action m provably cannot make player me (to move) meet the objective
    at once; True when it might (then it must be played). Tried while it rules out at least
    3 actions in 10 this turn (after 8 tries): on boards where the pieces keep meeting, the
    traces would cost more than the plays they save."""
    st = self.vst
    if st[2] >= 8 and st[3] * 10 < st[2] * 3:
        return True
    st[2] += 1
    if _traces(self, e, m, me, False):
        st[3] += 1
        return False
    return True


def virtual(self, e, m):
    """True when legal action m of the player to move ends with nobody winning and self.vpos
    holding every piece's final cell, exactly as play() would leave them (not the last turn:
    a draw). Tried while it works at least 2 times in 5 this turn (after 8 tries)."""
    st = self.vst
    if e.plies + 1 >= MAX_TURNS or (st[0] >= 8 and st[1] * 5 < st[0] * 2):
        return False
    st[0] += 1
    if _traces(self, e, m, e.turn, True):
        st[1] += 1
        return True
    return False


def vscore(self, e, turn):
    """evaluate()'s static score of the position in self.vpos, player turn to move."""
    self.nodes += 2
    P = e.players
    me = self.me
    vp = self.vpos
    o = vp[P]
    s = 0
    for p in range(P):
        h = self._sight(e, vp[p], o)
        if p == turn:
            h += h
        if p == me:
            s += h * (P - 1)
        else:
            s -= h
    return s
