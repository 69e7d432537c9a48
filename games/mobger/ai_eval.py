"""MobGer CPU evaluations (methods of ai.Ai): normal's material score, hard's leaf score and
its race forecasts (goal A: _race_a, goal B: _race; plain functions)."""

from games.mobger.constants import (DRAW, DX, DY, GOAL_A, K_JOKER, NONE, O_CUBOID,
                                    O_DEF_CW, O_DEF_CCW, QUIET_MAX, _DIR_OF)

WIN = 10000
DMAX = 12  # distances beyond this many steps count as "far"
FAR = 255
STEP_COST = 20  # work units of a distance walk (plus one per field), like ai.py's units
RACE = 5000  # goal B forecast: a forecast win, less RACE_STEP per sequence until it
RACE_STEP = 200
RACE_SEQ = 24  # sequences forecast
OWN0 = 0xAAA  # bit sets of the ranks each player owns in goal B (odd: 0, even: 1)
OWN1 = 0x554


def material(self, e, p):
    """Normal's score of engine e for player p: win/loss, Gers in the House, stuck Gers."""
    w = e.win
    if w >= 0:
        if w == DRAW:
            return 0
        return WIN if w == p else -WIN
    q = 1 - p
    v = (e.score[p] - e.score[q]) * 100
    if e.goal == GOAL_A:
        return v
    r = 1
    while r < e.n:
        if e.pos[r] != NONE and e.stuck(r):
            if (r + 1) & 1 == p:
                v -= 40
            else:
                v += 40
        r += 1
    return v


def _steps(self, e, r):
    """Steps (fields) rank r needs to reach the House moving alone, FAR if more than
    DMAX, behind a flipflap or a Joker."""
    if e.kind[r] == K_JOKER:
        return FAR
    cls = 1 if (r == 0 and e.special) else 0
    c = e.pos[r]
    d = e.dir[r]
    i = cls * e.ncells * 8 + c * 8 + d
    v = self.dist[i]
    if v:
        return v
    W = e.w
    H = e.h
    obj = e.obj
    hs = e.house
    x = c % W
    y = c // W
    k = 0
    v = FAR
    t = 0
    while k < DMAX and t < 3 * DMAX:
        t += 1
        # the engine's step to the next field (Engine._move), written out like there
        dx = DX[d]
        dy = DY[d]
        nx = x + dx
        ny = y + dy
        if e.refl:
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
        if o and not cls:
            if o == O_CUBOID:
                d = (d + 4) & 7
            elif o == O_DEF_CW:
                d = (d + 2) & 7
            elif o == O_DEF_CCW:
                d = (d + 6) & 7
            else:
                break  # flipflap: depends on its sense
            continue
        x = nx
        y = ny
        k += 1
        if nc == hs:
            v = k
            break
    self.dist[i] = v
    self.work += STEP_COST + t  # a walk not cached yet: counted in the hard budget
    return v


def evaluate(self, e, p):
    """Hard's leaf score for player p, who moves next (sequence 1 is p's, 2 the rival's ..).
    One pass over the Gers: their distances (the cache read in place, _steps only on a miss)
    give the near-Ger terms and fill self.seq, the Gers arriving per sequence, for the race."""
    q = 1 - p
    pos = e.pos
    n = e.n
    d = e.score[p] - e.score[q]
    v = d * 100
    dist = self.dist
    kind = e.kind
    dr = e.dir
    seq = self.seq
    top = 0
    if e.goal == GOAL_A:
        # seq[s]: how many non-black Gers arrive in sequence s; kb: the Black Ger's sequence
        kb = 0
        r = 0
        while r < n:
            c = pos[r]
            if c != NONE:
                if kind[r] == K_JOKER:
                    k = FAR
                else:
                    k = dist[(e.ncells * 8 if r == 0 and e.special else 0) + c * 8 + dr[r]]
                    if not k:
                        k = self._steps(e, r)
                if k <= DMAX:
                    if k > top:
                        top = k
                    if r:
                        seq[k] += 1
                elif not r:
                    k = FAR
                if r:
                    # Gers landing in sequence k score for p when k is odd (p starts it)
                    if k <= 8:
                        v += 60 - 6 * k if k & 1 else 6 * k - 60
                else:
                    kb = k
            r += 1
        v += _race_a(seq, top, kb, d, e.w if e.w > e.h else e.h)
        if d and kb > 8:
            # a lead fades as the quiet-sequence draw comes closer
            left = QUIET_MAX - e.quiet
            if left < 10:
                v -= (d * 100 * (10 - left)) // 10
        return v
    # goal B: a race; every Ger of a side must get in. seq[s]: bit set of the Gers arriving in
    # sequence s
    bin_ = pos[0] == NONE or (e.special and pos[0] == e.house)
    r = 0
    while r < n:
        c = pos[r]
        if c != NONE and (r or not bin_):
            if kind[r] == K_JOKER:
                k = FAR
            else:
                k = dist[(e.ncells * 8 if r == 0 and e.special else 0) + c * 8 + dr[r]]
                if not k:
                    k = self._steps(e, r)
            if k <= DMAX:
                seq[k] |= 1 << r
                if k > top:
                    top = k
            if r:
                own = (r + 1) & 1 == p
                if k <= DMAX:  # a path of its own: not stuck (no bounded search needed)
                    s = 60 - 4 * k
                    if k == 1:
                        s += 20 if own else -20  # ... p moves first: p decides who gets in
                    if own:
                        v += s
                    else:
                        v -= s
                elif e.stuck(r):
                    if own:
                        v -= 300
                    else:
                        v += 300
        r += 1
    return v + _race(e, p, seq, top, bin_)


def _race(e, p, seq, top, bin_):
    """Goal B forecast for p (who starts the next sequence): each live Ger arrives in the
    sequence of its distance (seq[s]: their bit set; emptied here); when several arrive
    together, whoever starts that sequence lets their own Ger in first (the lowest rank; else
    the Black Ger, else the rival's lowest), the others jump the House and need a lap. After
    each sequence a player with all their Gers and the Black Ger in wins (both: the starter).
    -> +/-(RACE - RACE_STEP * sequence) for the forecast winner, 0 when nobody finishes."""
    lap = e.w if e.w > e.h else e.h
    left0 = e.owned[0] - e.score[0]
    left1 = e.owned[1] - e.score[1]
    s = 1
    while s <= top:
        m = seq[s]
        if m:
            seq[s] = 0
            c = p if s & 1 else 1 - p  # starts sequence s
            o = m & (OWN0 if c == 0 else OWN1)
            if o:
                o &= -o  # c's own lowest rank
                w = c
            elif m & 1:
                o = 1  # the Black Ger
                w = 2
            else:
                o = m & -m  # the rival's lowest rank
                w = 1 - c
            m ^= o
            if m:  # the others need a lap
                t = s + lap
                if t <= RACE_SEQ:
                    seq[t] |= m
                    if t > top:
                        top = t
            if w == 2:
                bin_ = True
            elif w == 0:
                left0 -= 1
            else:
                left1 -= 1
            if bin_:
                d0 = left0 <= 0
                d1 = left1 <= 0
                if d0 or d1 or (w == 2 and e.special):
                    _clear(seq, s + 1, top)
                    if not (d0 or d1):
                        return 0  # the special Black Ger blocks the House: a draw
                    win = c if (d0 and d1) else (0 if d0 else 1)
                    b = RACE - RACE_STEP * s
                    return b if win == p else -b
        s += 1
    return 0


def _clear(seq, s, top):
    while s <= top:
        seq[s] = 0
        s += 1


def _race_a(seq, top, kb, d, lap):
    """Goal A forecast for the player who starts the next sequence (d: their lead): each live
    Ger arrives in the sequence of its distance (seq[s]: how many, emptied here; kb: the Black
    Ger's) and is credited to whoever starts that sequence; of several arriving together one
    gets in, the others need a lap. When the Black Ger arrives with another Ger, the starter
    ends the game if they lead, else takes the Ger (the Black Ger jumps the House).
    -> +/-(RACE - RACE_STEP * sequence) for the forecast winner (0: a draw or no end in sight)."""
    s = 1
    while s <= top:
        c = seq[s]
        seq[s] = 0
        if c > 1:
            t = s + lap
            if t <= RACE_SEQ:
                seq[t] += c - 1
                if t > top:
                    top = t
        mine = s & 1  # p starts sequence s
        if kb == s:
            lead = d if mine else -d
            if not c or lead > 0:
                _clear(seq, s + 1, top)
                if d:
                    b = RACE - RACE_STEP * s
                    return b if d > 0 else -b
                return 0
            kb = s + lap  # the starter takes the Ger first; the Black Ger jumps
            if kb > top and kb <= RACE_SEQ:
                top = kb
        if c:
            d += 1 if mine else -1
        s += 1
    return 0
