"""MobGer CPU evaluations (methods of ai.Ai): normal's material score, hard's leaf score."""

from games.mobger.constants import (DRAW, DX, DY, GOAL_A, K_JOKER, NONE, O_CUBOID,
                                    O_DEF_CW, O_DEF_CCW, QUIET_MAX, _DIR_OF)

WIN = 10000
DMAX = 12  # distances beyond this many steps count as "far"
FAR = 255


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
    return v


def evaluate(self, e, p):
    """Hard's leaf score for player p, who moves next (sequence 1 is p's, 2 the rival's ..)."""
    q = 1 - p
    pos = e.pos
    n = e.n
    d = e.score[p] - e.score[q]
    v = d * 100
    if e.goal == GOAL_A:
        # Gers landing in sequence k score for p when k is odd; one Ger per sequence.
        slots = 0
        r = 1
        while r < n:
            if pos[r] != NONE:
                k = self._steps(e, r)
                if k <= 8:
                    slots |= 1 << k
            r += 1
        kb = self._steps(e, 0)
        proj = d
        k = 1
        while k <= 8:
            if k == kb:
                # the Black Ger comes home: whoever leads then wins
                if proj > 0:
                    v += 600 - 50 * k
                elif proj < 0:
                    v -= 600 - 50 * k
                break
            if slots >> k & 1:
                if k & 1:
                    proj += 1
                    v += 60 - 6 * k
                else:
                    proj -= 1
                    v -= 60 - 6 * k
            k += 1
        if d and kb > 8:
            # a lead fades as the quiet-sequence draw comes closer
            left = QUIET_MAX - e.quiet
            if left < 10:
                v -= (d * 100 * (10 - left)) // 10
        return v
    # goal B: a race; every Ger of a side must get in
    r = 1
    while r < n:
        if pos[r] != NONE:
            own = (r + 1) & 1 == p
            if e.stuck(r):
                s = 300
            else:
                k = self._steps(e, r)
                s = 0 if k > DMAX else 60 - 4 * k
                if k == 1:
                    s += 20 if own else -20  # ... p moves first: p decides who gets in
            if own:
                v += s if s != 300 else -300
            else:
                v -= s if s != 300 else -300
        r += 1
    return v
