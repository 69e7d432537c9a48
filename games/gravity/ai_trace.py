"""Gravity room CPU: one piece's path under an action, traced alone with the engine's rules
(flows beat gravity, the crossing and release rules, the restart from rest, the lap stop), for
ai_path.py. Optionally timed against another piece's traced path: the engine moves every
piece one cell a tick, so two pieces that never start again from rest are where their traces
say at each tick until one stops, and after a restart (every piece at rest) the other is
where it stopped."""

from games.gravity.constants import FROZEN, MAX_TICKS, NONE, SETTLE_MAX

HIT = 0xFFFF  # _trace: met a checked cell, or over the tick cap


def _trace(e, c, g, own, fd, stamp, mk, chk, gen, tw=None, tr=None, fo=NONE, sw=NONE,
           lim=MAX_TICKS):
    """Follow one piece alone from cell c (the engine's _run for a single piece), marking its
    cells in mk (None: not marked). HIT as soon as a cell is marked in chk or mk (a pawn
    crossing its own path counts: only conservative) or at the tick cap; else the final cell
    + 128 * (ticks + 256 * restarts) (a restart: moving again after a rest).
    tw: receives the tick this piece enters each cell. tr: the ticks of the piece whose path
    chk holds (fo: its final cell): a cell of chk is then a HIT only where they meet (_meets);
    lim: that piece's last tick, after which this one is not followed (nothing it does can
    change a path that has ended). sw: the cell of a pawn that stays, a wall to this one (pawns
    stop pawns as walls do)."""
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
    TC = lim + 1 if lim < MAX_TICKS else MAX_TICKS
    SM = SETTLE_MAX
    tb = tw is not None
    p = NO  # the cell before c
    while True:
        if mk[c] == gen:
            return HT
        if chk[c] == gen and (tr is None or _meets(c, p, t, restarts, tr, chk, gen, fo)):
            return HT
        if wr:
            mk[c] = gen
            if tb:
                tw[c] = t
        fr0 = own[ln[c + c]]
        fc0 = own[ln[c + c + 1]]
        if fr0 == NO and fc0 == NO:  # no flow here: gravity (a rest changes nothing)
            if lap == FZ:
                return c | (t | restarts << 8) << 7
            d = g
            n = nb[4 * c + g]
            if n == NO or n == sw:
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
                    if n == sw:
                        n = NO
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
                if tr is not None and restarts == 1 and chk[c] == gen and tr[c] > t:
                    return HT  # the other piece comes by while this one rests here
                if restarts > SM:  # the engine stops before this one
                    return c | (t | restarts << 8) << 7
        p = c
        c = n
        if last == d:
            lap += 1
        else:
            lap = 1
            last = d
        if lap >= (W if d & 1 else H):
            lap = FZ
        t += 1
        if t >= TC:  # the engine's cap (a HIT), or past lim
            return HT if TC == MAX_TICKS else c | (t | restarts << 8) << 7


def _meets(c, p, t, restarts, tk, chk, gen, fo):
    """A piece enters cell c of the other piece's path (its ticks in tk) at tick t, from cell
    p: do they meet there? Exact when the other never restarts (ai_path checks): both move
    one cell a tick from tick 0, the other stays on fo once there, and after this one's
    first restart (every piece at rest) only fo can be met. A meeting: one cell at one tick,
    or a swap of two cells in one tick."""
    u = tk[c]
    if restarts:
        return c == fo
    if u == t or (c == fo and u < t):
        return True
    return u + 1 == t and chk[p] == gen and tk[p] == t
