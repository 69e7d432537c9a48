"""Gravity room CPU: where an action takes the pieces, worked out without playing it when the
pieces cannot meet (issue 14: plays were most of a hard turn's time). _Ai methods, bound in
ai.py: may_win (can this action make the mover meet the objective?) before the quick win
check plays a candidate, and virtual (the pieces' final cells) for static scores.

The objective is never stopped by a pawn, so the cells it passes through during an action do
not depend on the pawns: they are traced alone, one piece, with the engine's rules (flows beat
gravity, the crossing and release rules, the restart from rest, the lap stop). A pawn traced
alone ("free": as if no other pawn were there) follows that path exactly as long as it meets no
other pawn: when the free paths of the pawns share no cell, no pawn ever blocks another (a pawn
is only stopped by a pawn in, or wanting, a cell of its path). So
- may_win: when the mover's free path shares no cell with the objective's and none with the
  other pawns' free paths (which, with three players, miss each other too), the action cannot
  bring the mover onto the objective (a meeting, or a head-on swap, puts both in one cell of
  both paths); False, and the action is not played;
- virtual: when no two of all the free paths share a cell, nobody wins and every piece ends
  where its free path ends, unless the engine's caps cut the action short: the traces' ticks
  and restarts, summed, stay under them (every engine tick moves a piece, every restart
  restarts one).
In every other case (or a trace over a cap) the action is played. The action's flow is put on
the engine's line arrays while tracing and taken off before returning (the engine is left as
it was found); cells are marked with a generation number in preallocated bytearrays.
"""

from array import array

from games.gravity.constants import (DOWN, FLOW_BASE, FROZEN, LEFT, MAX_CELLS, MAX_H, MAX_TICKS,
                                     MAX_TURNS, MAX_W, NONE, RIGHT, SETTLE_MAX, UP)

HIT = 0xFFFF  # _trace: met a checked cell, or over the tick cap


def setup(self):
    self.threat = bytearray(b"\xff" * 3)  # per player: the last winning action wins_quick found
    self.cell_o = bytearray(MAX_CELLS)  # cells of the objective's path, marked with self.gen
    self.cell_a = bytearray(MAX_CELLS)  # cells of the pawns' paths
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
    if gen > 255:
        gen = 1
        for k in range(MAX_CELLS):
            co[k] = 0
            ca[k] = 0
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
        r = c
        cost = 2
    else:
        r = _trace(e, c, g, own, fd, st, co, None, gen)
        cost = 6 if r == HIT else 5
    ticks = 0
    if r != HIT:
        vp[P] = r & 127
        ticks = (r >> 7) & 255
        rs = r >> 15
        p = mover
        k = P  # pawns left to trace, the mover first
        while True:
            c = pos[p]
            if own[ln[c + c]] == NO and own[ln[c + c + 1]] == NO and nb[4 * c + g] == NO:
                if ca[c] == gen or ((full or p == mover) and co[c] == gen):
                    r = HIT
                else:
                    r = c
                    ca[c] = gen  # (may_win's last pawn needs no mark: nothing checks it)
            elif full or p == mover:
                r = _trace(e, c, g, own, fd, st, ca, co, gen)
                cost += 3
            else:  # may_win: the other pawns must miss the mover's path (and each other)
                r = _trace(e, c, g, own, fd, st, ca if k > 1 else None, ca, gen)
                cost += 3
            if r == HIT:
                cost += 1
                break
            vp[p] = r & 127
            ticks += (r >> 7) & 255
            rs += r >> 15
            k -= 1
            if k == 0 or (r < 128 and p == mover and not full):
                # (may_win, a mover that stays: pawns only stop pieces, so it stays, and the
                # objective's exact path misses its cell)
                # under the engine's caps: every engine tick moves a piece, every restart one
                ok = not full or (ticks < MAX_TICKS and rs <= SETTLE_MAX)
                break
            p = p + 1 if p + 1 < P else 0
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


def _trace(e, c, g, own, fd, stamp, mk, chk, gen):
    """Follow one piece alone from cell c (the engine's _run for a single piece), marking its
    cells in mk (None: not marked). HIT as soon as a cell is marked in chk or mk (a pawn
    crossing its own path counts: only conservative) or at the tick cap; else the final cell
    + 128 * (ticks + 256 * restarts) (a restart: moving again after a rest)."""
    NO = NONE  # (locals: faster than globals on the device)
    FZ = FROZEN
    HT = HIT
    W = e.width
    H = e.height
    nb = e.nb
    ln = e.ln
    wr = mk is not None
    if chk is None:
        chk = mk
    elif not wr:
        mk = chk
    last = NO
    lap = 0
    rel = 0
    restarts = 0
    t = 0
    TC = MAX_TICKS
    SM = SETTLE_MAX
    while True:
        if chk[c] == gen or mk[c] == gen:
            return HT
        if wr:
            mk[c] = gen
        fr0 = own[ln[c + c]]
        fc0 = own[ln[c + c + 1]]
        if fr0 == NO and fc0 == NO:  # no flow here: gravity (a rest changes nothing)
            if lap == FZ:
                return c | (t | restarts << 8) << 7
            d = g
            n = nb[4 * c + g]
            if n == NO:
                return c | (t | restarts << 8) << 7
        else:
            n = NO
            rested = False
            while lap != FZ:  # the next cell (NO: stays)
                r = rel
                while True:
                    fr = fr0
                    fc = fc0
                    if fr != NO and (r >> fr) & 1:
                        fr = NO
                    if fc != NO and (r >> fc) & 1:
                        fc = NO
                    if fr == NO:
                        f = fc
                    elif fc == NO:
                        f = fr
                    elif last == NO:  # at rest on two flows: the one laid last
                        f = fr if stamp[fr] > stamp[fc] else fc
                    elif last & 1:
                        f = fc
                    else:
                        f = fr
                    d = g if f == NO else fd[f]
                    n = nb[4 * c + d]
                    if n != NO or f == NO or not ((d ^ g) & 1):
                        break
                    r |= 1 << f  # blocked by a wall, gravity perpendicular: released
                rel = r
                if n != NO or rested or (last == NO and not rel):
                    break
                last = NO  # at rest: looked at again as the next action would see it
                rel = 0
                rested = True
            if n == NO:
                return c | (t | restarts << 8) << 7
            if rested:
                restarts += 1
                if restarts > SM:  # the engine stops before this one
                    return c | (t | restarts << 8) << 7
        c = n
        if last == d:
            lap += 1
        else:
            lap = 1
            last = d
        if lap >= (W if d & 1 else H):
            lap = FZ
        t += 1
        if t >= TC:
            return HT
