"""MobGer CPU evaluations (methods of ai.Ai): normal's material score, hard's leaf score and
its race forecasts (goal A: _race_a, goal B: _race)."""

from games.mobger.constants import (DRAW, DX, DY, GOAL_A, K_JOKER, NONE, O_CUBOID,
                                    O_DEF_CW, O_DEF_CCW, QUIET_MAX, _DIR_OF)

WIN = 10000
DMAX = 12  # distances beyond this many steps count as "far"
FAR = 255
STEP_COST = 20  # work units of a distance walk (plus one per field), like ai.py's units
RACE = 5000  # goal B forecast: a forecast win, less RACE_STEP per sequence until it
RACE_STEP = 200
RACE_SEQ = 24  # sequences forecast


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
    """Hard's leaf score for player p, who moves next (sequence 1 is p's, 2 the rival's ..)."""
    q = 1 - p
    pos = e.pos
    n = e.n
    d = e.score[p] - e.score[q]
    v = d * 100
    if e.goal == GOAL_A:
        kb = self._race_a(e, p, d)  # sets self.fend: the forecast's value
        v += self.fend
        # Gers landing in sequence k score for p when k is odd (p starts it)
        r = 1
        while r < n:
            if pos[r] != NONE:
                k = self._steps(e, r)
                if k <= 8:
                    v += 60 - 6 * k if k & 1 else 6 * k - 60
            r += 1
        if d and kb > 8:
            # a lead fades as the quiet-sequence draw comes closer
            left = QUIET_MAX - e.quiet
            if left < 10:
                v -= (d * 100 * (10 - left)) // 10
        return v
    # goal B: a race; every Ger of a side must get in
    v += self._race(e, p)
    r = 1
    while r < n:
        if pos[r] != NONE:
            own = (r + 1) & 1 == p
            k = self._steps(e, r)
            if k <= DMAX:  # a path of its own: not stuck (no bounded search needed)
                s = 60 - 4 * k
                if k == 1:
                    s += 20 if own else -20  # ... p moves first: p decides who gets in
            elif e.stuck(r):
                s = 300
            else:
                s = 0
            if own:
                v += s if s != 300 else -300
            else:
                v -= s if s != 300 else -300
        r += 1
    return v


def _arrivals(self, e, skip_black):
    """self.fk[r]: the sequence Ger r arrives in the House (0: gone, or the Black Ger when
    skip_black; FAR: not within DMAX) -> the last sequence any Ger arrives in."""
    ks = self.fk
    pos = e.pos
    top = 0
    r = 0
    while r < e.n:
        k = 0
        if pos[r] != NONE and not (r == 0 and skip_black):
            k = self._steps(e, r)
            if k > DMAX:
                k = FAR
            elif k > top:
                top = k
        ks[r] = k
        r += 1
    return top


def _race(self, e, p):
    """Goal B forecast for p (who starts the next sequence): each live Ger arrives in the
    sequence of its distance; when several arrive together, whoever starts that sequence lets
    their own Ger in first (else the Black Ger), the others jump the House and need a lap. After
    each sequence a player with all their Gers and the Black Ger in wins (both: the starter).
    -> +/-(RACE - RACE_STEP * sequence) for the forecast winner, 0 when nobody finishes."""
    ks = self.fk
    n = e.n
    lap = e.w if e.w > e.h else e.h
    left0 = e.owned[0] - e.score[0]
    left1 = e.owned[1] - e.score[1]
    pos = e.pos
    bin_ = pos[0] == NONE or (e.special and pos[0] == e.house)
    top = self._arrivals(e, bin_)  # the last sequence any Ger arrives in
    s = 1
    while s <= top:
        c = p if s & 1 else 1 - p  # starts sequence s
        pick = -1
        pref = -1
        r = 0
        while r < n:
            if ks[r] == s:
                if r == 0:
                    pr = 1
                elif (r + 1) & 1 == c:
                    pr = 2
                else:
                    pr = 0
                if pr > pref:
                    pref = pr
                    pick = r
            r += 1
        if pick >= 0:
            r = 0
            while r < n:
                if ks[r] == s and r != pick:
                    ks[r] = s + lap  # < FAR: s <= RACE_SEQ, lap <= 12
                    if ks[r] > top and ks[r] <= RACE_SEQ:
                        top = ks[r]
                r += 1
            ks[pick] = 0
            if pick == 0:
                bin_ = True
            elif pick & 1:
                left0 -= 1
            else:
                left1 -= 1
            if bin_:
                d0 = left0 <= 0
                d1 = left1 <= 0
                if d0 or d1:
                    win = c if (d0 and d1) else (0 if d0 else 1)
                    b = RACE - RACE_STEP * s
                    return b if win == p else -b
                if pick == 0 and e.special:
                    return 0  # the special Black Ger blocks the House: a draw
        s += 1
    return 0


def _race_a(self, e, p, d):
    """Goal A forecast for p (who starts the next sequence; d = p's lead): each live Ger
    arrives in the sequence of its distance and is credited to whoever starts that sequence;
    of several arriving together one gets in, the others need a lap. When the Black Ger arrives
    with another Ger, the starter ends the game if they lead, else takes the Ger (the Black Ger
    jumps the House). Sets self.fend = +/-(RACE - RACE_STEP * sequence) for the forecast
    winner (0: a draw or no end in sight) and returns the Black Ger's distance."""
    ks = self.fk
    pos = e.pos
    n = e.n
    lap = e.w if e.w > e.h else e.h
    top = self._arrivals(e, False)
    kb = ks[0]
    self.fend = 0
    s = 1
    while s <= top:
        got = False
        r = 1
        while r < n:
            if ks[r] == s:
                if got:
                    ks[r] = s + lap  # < FAR: s <= RACE_SEQ, lap <= 12
                    if ks[r] > top and ks[r] <= RACE_SEQ:
                        top = ks[r]
                else:
                    got = True
            r += 1
        mine = s & 1  # p starts sequence s
        if ks[0] == s:
            lead = d if mine else -d
            if not got or lead > 0:
                if d:
                    b = RACE - RACE_STEP * s
                    self.fend = b if d > 0 else -b
                return kb
            ks[0] = s + lap  # the starter takes the Ger first; the Black Ger jumps
            if ks[0] > top and ks[0] <= RACE_SEQ:
                top = ks[0]
        if got:
            d += 1 if mine else -1
        s += 1
    return kb
