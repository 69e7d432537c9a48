"""Gravity room CPU evaluation, _Ai methods (bound in ai.py): the static score of a position
(evaluate, with the line-of-sight bonus and, for hard, the probe: can the mover win at once),
the quick exact win check behind that probe (wins_quick) and the score of a setup placement."""

from games.gravity.constants import DRAW, FLOW_BASE, NONE

WIN = 10000
ALIGNED = 24  # evaluation: the pawn sees the objective along a line with no wall between


def _sight(self, e, a, o):
    # ALIGNED per direction in which a slide along the line joins a and o (no wall
    # between: a gravity turn or a flow there would make them meet), else closeness
    nb = e.nb
    W = e.width
    H = e.height
    s = 0
    if a // W == o // W:
        for d in (1, 3):
            c = a
            for k in range(W):
                c = nb[4 * c + d]
                if c == NONE:
                    break
                if c == o:
                    s += ALIGNED
                    break
    if a % W == o % W:
        for d in (0, 2):
            c = a
            for k in range(H):
                c = nb[4 * c + d]
                if c == NONE:
                    break
                if c == o:
                    s += ALIGNED
                    break
    if s:
        return s
    dx = a % W - o % W
    if dx < 0:
        dx = -dx
    if W - dx < dx:
        dx = W - dx
    dy = a // W - o // W
    if dy < 0:
        dy = -dy
    if H - dy < dy:
        dy = H - dy
    return 12 - dx - dy


def evaluate(self, e, ply, alpha=-WIN - 1, beta=WIN + 1):
    """Score for self.me (higher is better). Hard (self.probe): when the player to move can win
    at once the score is that win, one ply later; the probe is skipped when it cannot change
    the search (a score already >= beta for my move, <= alpha for another's)."""
    self.nodes += 1
    w = e.won
    me = self.me
    if w >= 0:
        if w == DRAW:
            return 0
        return WIN - ply if w == me else ply - WIN
    P = e.players
    pos = e.pos
    o = pos[P]
    s = 0
    t = e.turn
    for p in range(P):
        h = self._sight(e, pos[p], o)
        if p == t:
            h += h  # a threat of the player to move is worth more
        if p == me:
            s += h * (P - 1)
        else:
            s -= h
    if self.probe and (s < beta if t == me else s > alpha) and self.wins_quick(e):
        return WIN - ply - 1 if t == me else ply + 1 - WIN
    return s


def wins_quick(self, e):
    """Does the player to move have an action that wins at once? Exact while every piece is at
    rest (as every action ends), trying only the actions that can set the mover's pawn or the
    objective moving: a flow changes the lines it is laid on and taken from, so a flow whose
    two lines hold neither can only move another pawn, which matters only when that pawn
    blocks the mover's pawn (the objective is never stopped by a pawn). Gravity first. When the
    mover's own flow is on such a line, every flow takes it away; the flows on lines that no
    piece is on then all act alike until a piece reaches their line: one is played, and the
    others only on the lines its pieces went through."""
    self.nodes += 1
    me = e.turn
    W = e.width
    H = e.height
    pos = e.pos
    P = e.players
    a = pos[me]
    o = pos[P]
    mark = self.mark
    L = W + H
    for k in range(L):
        mark[k] = 0
    for i in range(P):
        c = pos[i]
        mark[c // W] = 2  # holds a piece
        mark[H + c % W] = 2
    mark[a // W] = 1  # 1: tried
    mark[H + a % W] = 1
    mark[o // W] = 1
    mark[H + o % W] = 1
    nb = e.nb
    for i in range(P):
        if i != me:
            c = pos[i]
            for d in range(4):
                if nb[4 * a + d] == c:  # next to the mover's pawn, no wall between
                    mark[c // W] = 1
                    mark[H + c % W] = 1
    old = e.flow_line[me]
    every = old != NONE and mark[old] == 1
    t = self.threat[me]  # the action that won the last probe for this player: first
    if t != NONE and _wins(self, e, t, me):
        return True
    for m in range(4):
        if m != t and _wins(self, e, m, me):
            return True
    ra = a // W  # the pawn's row and column first: most wins are there
    ca = H + a % W
    for k in range(4):
        m = FLOW_BASE + 2 * (ra if k < 2 else ca) + (k & 1)
        if m != t and _wins(self, e, m, me):
            return True
    for m in range(FLOW_BASE, FLOW_BASE + 2 * L):
        line = (m - FLOW_BASE) >> 1
        if mark[line] != 1 or line == ra or line == ca or m == t:
            continue
        if _wins(self, e, m, me):
            return True
    if not every:
        return False
    rep = 0  # the empty lines: 0 none played yet, 1 one played for all, 2 play each
    vis = self.vis
    for line in range(L):
        k = mark[line]
        if k == 1:
            continue
        m = FLOW_BASE + 2 * line
        if k == 0:
            if rep == 1 and not vis[line]:
                continue  # acts like the one played: no piece went through this line
            if rep == 0:
                if not e.play(m) and not e.play(m + 1):
                    continue  # another player's line
                self.nodes += 10 + 2 * e.ticks
                w = e.won
                rep = 1 if _visited(e, vis) and not vis[line] else 2
                m = e.actions[e.nactions - 1]
                e.undo()
                if w == me:
                    self.threat[me] = m
                    return True
                if rep == 1:
                    continue  # the other way along it acts alike too
        if _wins(self, e, m, me) or _wins(self, e, m + 1, me):
            return True
    return False


def _wins(self, e, m, me):
    if self.nodes >= self.budget:
        self.aborted = True  # over the hard turn's budget: the caller drops this line
        return False
    if m < FLOW_BASE:  # is_legal, inlined (me is to move)
        g = e.gravity
        if m == g or (e.reversed and m == (g + 2) & 3):
            return False
    else:
        o = e.owner[(m - FLOW_BASE) >> 1]
        if o != NONE and (o != me or e.flow_dir[me] == (m - FLOW_BASE) & 1):
            return False
    st = self.vst  # (may_win's own test of its success rate, without the call once it is off)
    if (st[2] < 8 or st[3] * 10 >= st[2] * 3) and not self.may_win(e, m, me):
        return False
    if e.play(m, 1):  # (legal: checked above)
        self.nodes += 10 + 2 * e.ticks
        w = e.won
        e.undo()
        if w == me:
            self.threat[me] = m  # tried first by the next probe
            return True
    return False


def _visited(e, vis):
    # vis[line] = 1 for each line some piece was on during the last action, else 0; False when
    # the recorded path is cut short (a long action)
    for k in range(e.width + e.height):
        vis[k] = 0
    return _mark_path(e, vis)


def _mark_path(e, lines):
    # lines[line] = 1 for each line some piece was on during the last action (others kept);
    # False when its record is cut short
    if e.ticks > e.nticks:
        return False
    W = e.width
    H = e.height
    path = e.path
    for k in range((e.nticks + 1) * (e.players + 1)):
        c = path[k]
        lines[c // W] = 1
        lines[H + c % W] = 1
    return True


def _placement_score(self, e):
    # before the settle: keep the others' pawns away from the objective, the objective
    # away from the others' pawns
    P = e.players
    o = e.pos[P]
    if o == NONE:
        return 0
    s = 0
    for p in range(P):
        c = e.pos[p]
        if c != NONE and p != self.me:
            s -= self._sight(e, c, o)
    return s
