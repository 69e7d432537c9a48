"""Gravity room movement for two players (issue 14): moves._run with every piece's state in local
variables instead of the engine's scratch arrays (the two pawns and the objective written out),
the same rules step for step (games/gravity/README.md; tests/test_gravity_engine_fast.py compares
it with the movement as it was on many random actions). About half the cost of a tick on the
device, where long slides made plays most of a hard CPU turn."""

from games.gravity.constants import FROZEN, MAX_REC, MAX_TICKS, NONE, SETTLE_MAX


def run2(self):
    """Engine._run for two players (pieces 0 and 1 the pawns, 2 the objective)."""
    NO = NONE  # (locals: faster than globals on the device)
    FZ = FROZEN
    TM = MAX_TICKS
    MR = MAX_REC
    pos = self.pos
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
    c0 = pos[0]
    c1 = pos[1]
    c2 = pos[2]
    path[0] = c0
    path[1] = c1
    path[2] = c2
    la0 = la1 = la2 = NO  # last move's direction
    lp0 = lp1 = lp2 = 0  # lap count
    rl0 = rl1 = rl2 = 0  # released flows (bit per player)
    t = 0
    won = -1
    rested = False
    settles = 0
    self.unsettled = 0
    while t < TM:
        while True:
            if lp0 == FZ:
                w0 = NO
                dv0 = NO
                tg0 = NO
            else:
                k = c0 + c0
                fr0 = own[ln[k]]
                fc0 = own[ln[k + 1]]
                if fr0 == NO and fc0 == NO:
                    w0 = g
                    dv0 = NO
                    tg0 = nb[4 * c0 + g]
                else:
                    r = rl0
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
                        elif la0 == NO:
                            f = fr if stamp[fr] > stamp[fc] else fc
                        elif la0 & 1:
                            f = fc
                        else:
                            f = fr
                        d = g if f == NO else fd[f]
                        n = nb[4 * c0 + d]
                        if n != NO or f == NO or not ((d ^ g) & 1):
                            break
                        r |= 1 << f
                    rl0 = r
                    w0 = d
                    dv0 = f
                    tg0 = n
            if lp1 == FZ:
                w1 = NO
                dv1 = NO
                tg1 = NO
            else:
                k = c1 + c1
                fr0 = own[ln[k]]
                fc0 = own[ln[k + 1]]
                if fr0 == NO and fc0 == NO:
                    w1 = g
                    dv1 = NO
                    tg1 = nb[4 * c1 + g]
                else:
                    r = rl1
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
                        elif la1 == NO:
                            f = fr if stamp[fr] > stamp[fc] else fc
                        elif la1 & 1:
                            f = fc
                        else:
                            f = fr
                        d = g if f == NO else fd[f]
                        n = nb[4 * c1 + d]
                        if n != NO or f == NO or not ((d ^ g) & 1):
                            break
                        r |= 1 << f
                    rl1 = r
                    w1 = d
                    dv1 = f
                    tg1 = n
            if lp2 == FZ:
                w2 = NO
                dv2 = NO
                tg2 = NO
            else:
                k = c2 + c2
                fr0 = own[ln[k]]
                fc0 = own[ln[k + 1]]
                if fr0 == NO and fc0 == NO:
                    w2 = g
                    dv2 = NO
                    tg2 = nb[4 * c2 + g]
                else:
                    r = rl2
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
                        elif la2 == NO:
                            f = fr if stamp[fr] > stamp[fc] else fc
                        elif la2 & 1:
                            f = fc
                        else:
                            f = fr
                        d = g if f == NO else fd[f]
                        n = nb[4 * c2 + d]
                        if n != NO or f == NO or not ((d ^ g) & 1):
                            break
                        r |= 1 << f
                    rl2 = r
                    w2 = d
                    dv2 = f
                    tg2 = n
            b0 = 1 if tg0 == NO else 0
            b1 = 1 if tg1 == NO else 0
            if (tg0 == NO or (tg0 != c1 and tg0 != tg1)) and (tg1 == NO or tg1 != c0):
                break  # no pawn wants the other's cell or target: none is stopped
            hit = False
            changed = True
            while changed:
                changed = False
                if not b0:
                    if c1 == tg0:
                        if b1 or tg1 == c0:  # stays there, or head-on
                            b0 = 1
                            changed = True
                    elif not b1 and tg1 == tg0 and turn == 1:  # both want it: the active first
                        b0 = 1
                        changed = True
                if not b1:
                    if c0 == tg1:
                        if b0 or tg0 == c1:
                            b1 = 1
                            changed = True
                    elif not b0 and tg0 == tg1 and turn == 0:
                        b1 = 1
                        changed = True
                if changed:
                    hit = True
            if not hit:
                break
            again = False
            if b0 and tg0 != NO and dv0 != NO and (w0 ^ g) & 1:
                rl0 |= 1 << dv0  # blocked by a pawn: released
                again = True
            if b1 and tg1 != NO and dv1 != NO and (w1 ^ g) & 1:
                rl1 |= 1 << dv1
                again = True
            if not again:
                break
        o0 = c0
        o1 = c1
        o2 = c2
        moved = False
        if tg0 != NO and not b0:
            d = w0
            c0 = tg0
            moved = True
            if la0 == d:
                lp0 += 1
            else:
                lp0 = 1
                la0 = d
            if lp0 >= (W if d & 1 else H):
                lp0 = FZ
        if tg1 != NO and not b1:
            d = w1
            c1 = tg1
            moved = True
            if la1 == d:
                lp1 += 1
            else:
                lp1 = 1
                la1 = d
            if lp1 >= (W if d & 1 else H):
                lp1 = FZ
        if tg2 != NO:
            d = w2
            c2 = tg2
            moved = True
            if la2 == d:
                lp2 += 1
            else:
                lp2 = 1
                la2 = d
            if lp2 >= (W if d & 1 else H):
                lp2 = FZ
        if not moved:
            if rested:
                break
            rested = True
            same = not (rl0 or rl1 or rl2)
            if same and la0 == NO and la1 == NO and la2 == NO:
                break  # nothing moved in this action
            la0 = la1 = la2 = NO
            rl0 = rl1 = rl2 = 0
            if same:
                if lp0 != FZ and own[ln[2 * c0]] != NO and own[ln[2 * c0 + 1]] != NO:
                    same = False
                if lp1 != FZ and own[ln[2 * c1]] != NO and own[ln[2 * c1 + 1]] != NO:
                    same = False
                if lp2 != FZ and own[ln[2 * c2]] != NO and own[ln[2 * c2 + 1]] != NO:
                    same = False
            settles += 1
            if settles > SETTLE_MAX:
                self.unsettled = 1
                break
            if same:
                break
            continue
        rested = False
        t += 1
        if t <= MR:
            k = 3 * t
            path[k] = c0
            path[k + 1] = c1
            path[k + 2] = c2
        h0 = c0 == c2 or (c0 == o2 and c2 == o0)  # meets the objective (or swaps with it)
        h1 = c1 == c2 or (c1 == o2 and c2 == o1)
        if h0 or h1:
            won = turn if (h0 if turn == 0 else h1) else 1 - turn  # the active player first
            self.won = won
            break
    pos[0] = c0
    pos[1] = c1
    pos[2] = c2
    self.ticks = t
    if t > MAX_REC:
        k = 3 * MAX_REC
        path[k] = c0
        path[k + 1] = c1
        path[k + 2] = c2
        t = MAX_REC
    self.nticks = t
