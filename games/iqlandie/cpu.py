"""iQLANDIE CPU players: solve times, topic choice, drafting, placement, joker colours.

Values are integers in 1/16 points (no floats: same results on CPython and MicroPython).
A placement's value is the exhibit's score gain, plus for normal/hard a compactness bonus and
the robot exhibit's hope, for hard the end-game shaping. Work per decision is bounded by
NODE_BUDGET full evaluations (deterministic, not wall-clock). The host's play_game: bench.py.
"""
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X
from games.iqlandie import game as G

EASY = 1
NORMAL = 2
HARD = 3
# mean solve time in tenths of a second per strength and topic (Bio, Prog, Optics, Space);
# a time is the mean x U[0.6, 1.4]
MEAN_DS = ((600, 600, 600, 600), (900, 1050, 1150, 1000), (620, 700, 760, 680),
           (400, 460, 500, 440))
ERROR_PCT = (0, 15, 8, 4)
DIFF_PCT = (60, 100, 160)  # solve time (and error rate) per task difficulty, % of normal's
ROBOT_HOPE = 6  # 1/16 points per free field beside a robot in the robot exhibit
NODE_BUDGET = 120
WASTE = 6  # 1/16 points per cell spent without gain
NO_FIT = -64

_fitc = bytearray(10 * X.NEXH * 3)  # per decision: first fit of (shape, exhibit): o, x, y
_fitv = bytearray(10)  # 1 when _fitc holds the shape


def solve_result(rng, strength, topic, difficulty=1):
    """(time_ds, correct) of a CPU player of that strength on a task of that topic and
    difficulty (harder tasks take longer and go wrong more often)."""
    k = DIFF_PCT[difficulty]
    t = MEAN_DS[strength][topic] * k // 100 * (60 + rng.below(81)) // 100
    return t, rng.below(100) >= ERROR_PCT[strength] * k // 100


def _shaping(b, e):
    # hard: lines of exhibit 6 in progress (<= 2 colours so far) are worth part of their 3 points
    if e != X.LINES:
        return 0
    w = X.EXH_W[e]
    h = X.EXH_H[e]
    off = X.EXH_OFF[e]
    v = 0
    for k in range(w + h):
        if k < h:
            start = off + k * w
            step = 1
            cnt = w
        else:
            start = off + k - h
            step = w
            cnt = h
        filled = 0
        ca = -1
        cb = -1
        ok = True
        for j in range(cnt):
            c = b.cells[start + j * step] & 0x7F
            if c:
                filled += 1
                col = b.colour[c - 1]
                if col != ca and col != cb:
                    if ca < 0:
                        ca = col
                    elif cb < 0:
                        cb = col
                    else:
                        ok = False
        if ok and filled < cnt:
            v += 24 * filled // cnt
    return v


def _contacts(b, e, shape, o, x, y):
    # edges of the piece touching the grid's side or another piece (compact placements)
    w = X.EXH_W[e]
    h = X.EXH_H[e]
    off = X.EXH_OFF[e]
    cells = b.cells
    n = 0
    for cx, cy in P.cells(shape, o):
        cx += x
        cy += y
        i = off + cy * w + cx
        if cx == 0 or cells[i - 1]:
            n += 1
        if cx == w - 1 or cells[i + 1]:
            n += 1
        if cy == 0 or cells[i - w]:
            n += 1
        if cy == h - 1 or cells[i + w]:
            n += 1
    return n


def _value(b, e, strength):
    v = b.score(e) * 16
    if strength == HARD:
        v += _shaping(b, e)
    return v


def _gain(b, code, e, o, x, y, strength, before=None):
    """Value of placing code at (e, o, x, y) on board b (1/16 points)."""
    if before is None:
        before = _value(b, e, strength)
    b.place(code, e, o, x, y)
    after = _value(b, e, strength)
    if e == X.ROBOTS and strength != EASY:
        after += _robot_hope(b, code, o, x, y)
    b.unplace()
    d = after - before
    if strength == HARD and d <= 0 and e != X.LINES:
        d -= WASTE * P.SIZE[code & 0x0F]
        if e == X.ROBOTS and code & 0x80:
            d += 10  # a lone robot may get neighbours later
    return d


def _robot_hope(b, code, o, x, y):
    # the robot exhibit: a robot with free fields beside it may get neighbours; a piece
    # without a robot takes their room
    shape = code & 0x0F
    if not code & 0x80:
        return -4 * P.SIZE[shape]
    rx, ry = P.cells(shape, o)[P.ROBOT_CELL[shape]]
    rx += x
    ry += y
    w = X.EXH_W[X.ROBOTS]
    h = X.EXH_H[X.ROBOTS]
    v = 0
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nx = rx + dx
        ny = ry + dy
        if 0 <= nx < w and 0 <= ny < h and not b.cells[X.EXH_OFF[X.ROBOTS] + ny * w + nx]:
            v += ROBOT_HOPE
    return v


def _first_fit(b, shape, e):
    if not _fitv[shape]:
        for k in range(X.NEXH):
            f = b.first_fit(k, shape)
            i = (shape * X.NEXH + k) * 3
            if f is None:
                _fitc[i] = 255
            else:
                _fitc[i] = f[0]
                _fitc[i + 1] = f[1]
                _fitc[i + 2] = f[2]
        _fitv[shape] = 1
    return (shape * X.NEXH + e) * 3


def _clear_cache():
    for i in range(10):
        _fitv[i] = 0


def _pair_gain(g, p, colour):
    a = g.pair[2 * p]
    c = g.pair[2 * p + 1]
    b = g.boards[p]
    na = b.colour_count(a)
    nc = b.colour_count(c)
    m = na if na < nc else nc
    if colour == P.JOKER:
        na2 = na + 1 if na <= nc else na
        nc2 = nc + 1 if nc < na else nc
    else:
        na2 = na + 1 if colour == a else na
        nc2 = nc + 1 if colour == c else nc
    m2 = na2 if na2 < nc2 else nc2
    return (m2 - m) * G.PAIR_POINTS * 16


def piece_value(g, p, code, strength):
    """How much player p wants a piece: best first-fit gain over the exhibits + pair gain."""
    b = g.boards[p]
    shape = code & 0x0F
    best = NO_FIT
    for e in range(X.NEXH):
        i = _first_fit(b, shape, e)
        if _fitc[i] == 255:
            continue
        v = _gain(b, code, e, _fitc[i], _fitc[i + 1], _fitc[i + 2], strength)
        if v > best:
            best = v
    colour = (code >> 4) & 7
    if best == NO_FIT:
        if not b.fits_anywhere(P.MONO):
            return best
    v = best + _pair_gain(g, p, colour)
    if strength == HARD:
        v += 4 * P.SIZE[shape]
        if colour == g.pair[2 * p] or colour == g.pair[2 * p + 1] or colour == P.JOKER:
            v += 8
    return v


def _choose_topic(g, strength, rng):
    if strength == EASY:
        return rng.below(G.TOPICS)
    best = -1
    bestv = 0
    p = g.turn
    for t in range(G.TOPICS):
        # the two best pieces of the offer, minus the topic's slowness for us
        v1 = NO_FIT * 2
        v2 = NO_FIT * 2
        off = g.offers[t]
        for i in range(g.offn[t]):
            v = piece_value(g, p, off[i], strength)
            if v > v1:
                v2 = v1
                v1 = v
            elif v > v2:
                v2 = v
        v = v1 + v2
        if strength == HARD:
            v -= MEAN_DS[strength][t] // 4
        if best < 0 or v > bestv:
            best = t
            bestv = v
    return best


def _take(g, strength, rng):
    n = g.offn[g.topic]
    if strength == EASY and rng.below(2):
        return rng.below(n)
    best = 0
    bestv = 0
    off = g.offers[g.topic]
    for i in range(n):
        v = piece_value(g, g.turn, off[i], strength)
        if i == 0 or v > bestv:
            best = i
            bestv = v
    return best


def _place(g, strength, rng):
    p = g.turn
    b = g.boards[p]
    hn = g.handn[p]
    for k in range(hn):
        if not b.fits_anywhere(g.hands[2 * p + k] & 0x0F):
            return (G.A_FALLBACK, k)
    pick = -1
    if strength == EASY and rng.below(2):
        pick = rng.below(_count_fits(g, p))
    nfit = 0
    budget = NODE_BUDGET
    bv = 0
    bk = -1
    be = 0
    bo = 0
    bx = 0
    by = 0
    for k in range(hn):
        code = g.hands[2 * p + k]
        shape = code & 0x0F
        robot = code & 0x80
        maxb = 0 if strength == EASY else 8 * P.SIZE[shape]  # 2 per contact, 4 per cell
        for e in range(X.NEXH):
            w = X.EXH_W[e]
            h = X.EXH_H[e]
            off = X.EXH_OFF[e]
            # location-independent gains: one evaluation per exhibit
            fixed = e == X.MAJORITY or e == X.SECOND or e == X.SHAPES or \
                (e == X.ROBOTS and not robot)
            base = 0
            now = _value(b, e, strength) if pick < 0 else 0
            if fixed and pick < 0:
                f = b.first_fit(e, shape)
                if f is None:
                    continue
                base = _gain(b, code, e, f[0], f[1], f[2], strength, now)
                if bk >= 0 and base + maxb <= bv:
                    continue  # even the best contact bonus cannot win here
            for o in P.DISTINCT[shape]:
                bw, bh = P.bbox(shape, o)
                ds = X.OFFS[(shape * 8 + o) * 2 + w - 4]
                for y in range(h - bh + 1):
                    for x in range(w - bw + 1):
                        at = off + y * w + x
                        ok = True
                        for d in ds:
                            if b.cells[at + d]:
                                ok = False
                                break
                        if not ok:
                            continue
                        if pick >= 0:
                            if nfit == pick:
                                return (G.A_PLACE, k, e, o, x, y)
                            nfit += 1
                            continue
                        if fixed:
                            v = base
                        elif budget > 0:
                            budget -= 1
                            v = _gain(b, code, e, o, x, y, strength, now)
                        else:
                            continue
                        if bk >= 0 and v + maxb <= bv:
                            continue  # exact pruning: cannot beat the best
                        if maxb:
                            v += 2 * _contacts(b, e, shape, o, x, y)
                        if bk < 0 or v > bv:
                            bv = v
                            bk = k
                            be = e
                            bo = o
                            bx = x
                            by = y
    return (G.A_PLACE, bk, be, bo, bx, by)


def _count_fits(g, p):
    b = g.boards[p]
    n = 0
    for k in range(g.handn[p]):
        shape = g.hands[2 * p + k] & 0x0F
        for e in range(X.NEXH):
            for o in P.DISTINCT[shape]:
                bw, bh = P.bbox(shape, o)
                for y in range(X.EXH_H[e] - bh + 1):
                    for x in range(X.EXH_W[e] - bw + 1):
                        if b.fits(e, shape, o, x, y):
                            n += 1
    return n


def _joker(g, strength, rng):
    p = g.turn
    b = g.boards[p]
    s = 0
    while b.colour[s] != P.JOKER:
        s += 1
    best = 0
    bestv = -1
    for c in range(P.NCOLOURS):
        b.colour[s] = c
        v = g.total(p)
        if v > bestv:
            best = c
            bestv = v
    b.colour[s] = P.JOKER
    if strength == EASY and rng.below(2):
        best = rng.below(P.NCOLOURS)
    return (G.A_JOKER, p, s, best)


def decide(g, strength, rng):
    """The action tuple for the CPU player g.turn (apply it with g.apply)."""
    _clear_cache()
    ph = g.phase
    if ph == G.CHOOSE:
        return (G.A_TOPIC, _choose_topic(g, strength, rng))
    if ph == G.SOLVE:
        t, ok = solve_result(rng, strength, g.topic, g.difficulty)
        return (G.A_REPORT, g.turn, t, 1 if ok else 0)
    if ph == G.DRAFT:
        if g.draft_step < 2:
            return (G.A_TAKE, _take(g, strength, rng))
        if strength == EASY:
            return (G.A_BAG, rng.below(3))
        return (G.A_BAG, G.SMALL)
    if ph == G.PLACE:
        if not g.handn[g.turn]:
            return (G.A_END,)        # the CPU keeps its placement
        return _place(g, strength, rng)
    if ph == G.END:
        return _joker(g, strength, rng)
    return None

