"""Gravity room CPU evaluation, _Ai methods (bound in ai.py): the static score of a position
(evaluate, with the line-of-sight bonus) and the score of a setup placement."""

from games.gravity.constants import DRAW, NONE

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


def evaluate(self, e, ply):
    """Score for self.me (higher is better)."""
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
    for p in range(P):
        h = self._sight(e, pos[p], o)
        if p == e.turn:
            h += h  # a threat of the player to move is worth more
        if p == me:
            s += h * (P - 1)
        else:
            s -= h
    return s


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
