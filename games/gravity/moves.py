"""Gravity room play, Engine methods (bound in engine.py): play() and undo() of an action, and
_run(), the tick-by-tick movement of every piece until nothing moves (two players: slide.py)."""

from games.gravity.constants import (DOWN, DRAW, FLOW_BASE, FROZEN, LEFT, MAX_REC, MAX_TICKS,
                                     SETTLE_MAX, MAX_TURNS, NONE, OVER, PLACE_BASE, PLAY, RIGHT, SETUP_GRAVITY,
                                     SETUP_OBJECTIVE, SETUP_PAWNS, UP, _LOG, _MAXLOG)


def play(self, a, legal=0):
    """Apply action a; False (and no change) when it is not legal (legal: known to be)."""
    if not legal and self.refusal(a):
        return False
    n = self.nactions
    if n >= _MAXLOG:
        return False
    ph = self.phase
    turn = self.turn
    L = self.log
    k = n * _LOG
    L[k] = a
    L[k + 1] = self.gravity
    L[k + 2] = self.reversed
    L[k + 3] = ph
    L[k + 4] = turn
    L[k + 5] = self.won & 255
    L[k + 6] = self.plies
    p = turn if ph == PLAY else 0
    fl = self.flow_line
    L[k + 7] = fl[p]
    L[k + 8] = self.flow_dir[p]
    L[k + 9] = self.flow_stamp[p]
    pos = self.pos
    L[k + 10] = pos[0]
    L[k + 11] = pos[1]
    L[k + 12] = pos[2]
    L[k + 13] = pos[3]
    self.actions[n] = a
    self.nactions = n + 1
    if ph == PLAY:
        if a < FLOW_BASE:
            self.reversed = 1 if a == (self.gravity + 2) & 3 else 0
            self.gravity = a
        else:
            self.reversed = 0
            line = (a - FLOW_BASE) >> 1
            s = (a - FLOW_BASE) & 1
            own = self.owner
            old = fl[turn]
            if old != NONE:
                own[old] = NONE
            fl[turn] = line
            self.flow_dir[turn] = s
            self.flow_stamp[turn] = n + 1
            if line < self.height:
                self.flow_d[turn] = RIGHT if s else LEFT
            else:
                self.flow_d[turn] = DOWN if s else UP
            own[line] = turn
        if self.players == 2:
            self._run2()
        else:
            self._run()
        if self.won >= 0:
            self.phase = OVER
        else:
            plies = self.plies + 1
            self.plies = plies
            if plies >= MAX_TURNS:
                self.won = DRAW
                self.phase = OVER
            else:
                turn += 1
                self.turn = 0 if turn == self.players else turn
        return True
    if ph == SETUP_GRAVITY:
        self.gravity = a
        self.phase = SETUP_OBJECTIVE
        self.turn = self.players - 1
    elif ph == SETUP_OBJECTIVE:
        pos[self.players] = a - PLACE_BASE
        self.phase = SETUP_PAWNS
        self.turn = 0
    else:
        pos[(turn + 1) % self.players] = a - PLACE_BASE
        if turn == self.players - 1:
            if self.players == 2:  # everything settles; the placer has priority
                self._run2()
            else:
                self._run()
            if self.won >= 0:
                self.phase = OVER
            else:
                self.phase = PLAY
                self.turn = 0
            return True
        self.turn = turn + 1
    self._still()
    return True


def undo(self):
    """Undo the last action (setup included); False when there is none."""
    n = self.nactions
    if n == 0:
        return False
    n -= 1
    self.nactions = n
    L = self.log
    k = n * _LOG
    ph = L[k + 3]
    turn = L[k + 4]
    self.gravity = L[k + 1]
    self.reversed = L[k + 2]
    self.phase = ph
    self.turn = turn
    self.won = -1  # play() refuses actions once the game is over
    self.plies = L[k + 6]
    pos = self.pos
    pos[0] = L[k + 10]
    pos[1] = L[k + 11]
    pos[2] = L[k + 12]
    pos[3] = L[k + 13]
    if ph == PLAY and L[k] >= FLOW_BASE:
        owner = self.owner
        cur = self.flow_line[turn]
        if cur != NONE:
            owner[cur] = NONE
        line = L[k + 7]
        s = L[k + 8]
        self.flow_line[turn] = line
        self.flow_dir[turn] = s
        self.flow_stamp[turn] = L[k + 9]
        if line != NONE:
            owner[line] = turn
            if line < self.height:
                self.flow_d[turn] = RIGHT if s else LEFT
            else:
                self.flow_d[turn] = DOWN if s else UP
    path = self.path
    for i in range(self.players + 1):
        path[i] = pos[i]
    self.nticks = 0
    self.ticks = 0
    return True


def _run(self):
    """Move every piece tick by tick until nothing moves (or a pawn meets the objective).

    Per tick: each piece picks its direction (a flow on its row or column beats gravity;
    on two flows the one perpendicular to its last move wins, at rest the one laid last; a
    flow blocked by a wall, gravity perpendicular, releases it), then pawns that would
    enter a pawn's cell, swap with one or lose a contest for a cell stay (a flow-driven
    pawn that stays is released when gravity is perpendicular, and the tick is decided
    again), then everything moves one cell at once."""
    P = self.players
    NP = P + 1
    pos = self.pos
    last = self._last
    lap = self._lap
    rel = self._rel
    want = self._want
    tgt = self._tgt
    drv = self._drv
    blk = self._blk
    old = self._old
    path = self.path
    turn = self.turn
    W = self.width
    H = self.height
    own = self.owner
    stamp = self.flow_stamp
    fd = self.flow_d
    nb = self.nb
    ln = self.ln
    g = self.gravity
    for i in range(NP):
        last[i] = NONE
        lap[i] = 0
        rel[i] = 0
        path[i] = pos[i]
    t = 0
    won = -1
    rested = False
    settles = 0
    self.unsettled = 0
    while t < MAX_TICKS:
        while True:
            for i in range(NP):
                c = pos[i]
                if lap[i] == FROZEN:
                    want[i] = NONE
                    drv[i] = NONE
                    tgt[i] = NONE
                    continue
                fr0 = own[ln[2 * c]]
                fc0 = own[ln[2 * c + 1]]
                if fr0 == NONE and fc0 == NONE:  # no flow: gravity
                    want[i] = g
                    drv[i] = NONE
                    tgt[i] = nb[4 * c + g]
                    continue
                r = rel[i]
                while True:
                    fr = fr0
                    fc = fc0
                    if fr != NONE and (r >> fr) & 1:
                        fr = NONE
                    if fc != NONE and (r >> fc) & 1:
                        fc = NONE
                    if fr == NONE:
                        f = fc
                    elif fc == NONE:
                        f = fr
                    else:
                        ld = last[i]
                        if ld == NONE:  # at rest on two lines: the flow laid last wins
                            f = fr if stamp[fr] > stamp[fc] else fc
                        elif ld & 1:  # moving across the column: its flow takes it
                            f = fc
                        else:
                            f = fr
                    d = g if f == NONE else fd[f]
                    n = nb[4 * c + d]
                    if n != NONE or f == NONE or not ((d ^ g) & 1):
                        break
                    r |= 1 << f  # blocked by a wall, gravity perpendicular: released
                rel[i] = r
                want[i] = d
                drv[i] = f
                tgt[i] = n
            if P == 2:
                a0 = tgt[0]
                a1 = tgt[1]
                blk[0] = 1 if a0 == NONE else 0
                blk[1] = 1 if a1 == NONE else 0
                if ((a0 == NONE or (a0 != pos[1] and a0 != a1))
                        and (a1 == NONE or a1 != pos[0])):
                    break  # no pawn wants another's cell or target: none is stopped
            moving = 0
            for i in range(P):
                if tgt[i] == NONE:
                    blk[i] = 1
                else:
                    blk[i] = 0
                    moving += 1
            if moving == 0:
                break
            hit = False
            changed = True
            while changed:
                changed = False
                for i in range(P):
                    if blk[i]:
                        continue
                    T = tgt[i]
                    c = pos[i]
                    for j in range(P):
                        if j == i:
                            continue
                        if pos[j] == T:
                            if blk[j] or tgt[j] == c:  # stays there, or head-on
                                blk[i] = 1
                                changed = True
                                break
                        elif (not blk[j] and tgt[j] == T
                              and (j - turn) % P < (i - turn) % P):
                            blk[i] = 1  # both want T: priority from the active player
                            changed = True
                            break
                if changed:
                    hit = True
            if not hit:
                break
            again = False
            for i in range(P):
                if blk[i] and tgt[i] != NONE and drv[i] != NONE and (want[i] ^ g) & 1:
                    rel[i] |= 1 << drv[i]  # blocked by a pawn: released
                    again = True
            if not again:
                break
        moved = False
        for i in range(NP):
            c = pos[i]
            old[i] = c
            n = tgt[i]
            if n != NONE and (i == P or not blk[i]):
                d = want[i]
                pos[i] = n
                moved = True
                if last[i] == d:
                    lap[i] += 1
                else:
                    lap[i] = 1
                    last[i] = d
                if lap[i] >= (W if d & 1 else H):
                    lap[i] = FROZEN  # a full lap: stop where it began
        if not moved:
            # At rest as the next action would see it (no last move, no release): a pawn left on
            # a flow crossing, or where a released flow still runs, moves on now. Every action
            # ends with every piece at rest (issue 14; documented in games/gravity/README.md).
            if rested:
                break
            rested = True
            settled = True
            same = True  # no release and no crossing: the look again cannot differ
            for i in range(NP):
                if last[i] != NONE or rel[i]:
                    settled = False
                    if rel[i]:
                        same = False
                    last[i] = NONE
                    rel[i] = 0
                if lap[i] != FROZEN:
                    c = pos[i]
                    if own[ln[2 * c]] != NONE and own[ln[2 * c + 1]] != NONE:
                        same = False
            if settled:
                break
            settles += 1
            if settles > SETTLE_MAX:    # flows that pass pieces round and round: stop here
                self.unsettled = 1
                break
            if same:
                break
            continue
        rested = False
        t += 1
        if t <= MAX_REC:
            k = t * NP
            for i in range(NP):
                path[k + i] = pos[i]
        o = pos[P]
        oo = old[P]
        i = turn
        for k in range(P):
            if pos[i] == o or (pos[i] == oo and o == old[i]):
                won = i
                break
            i += 1
            if i == P:
                i = 0
        if won >= 0:
            self.won = won
            break
    self.ticks = t
    if t > MAX_REC:
        k = MAX_REC * NP
        for i in range(NP):
            path[k + i] = pos[i]
        t = MAX_REC
    self.nticks = t
