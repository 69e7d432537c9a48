"""Gravity room CPU setup placements, an _Ai method (bound in ai.py).

easy: a random cell. normal: the best of a few sampled cells by the evaluation (the pawn you
place belongs to someone else: far from the objective). hard: every cell scored the same way,
best first, and then checked: the last placement (everything settles, then player 1 moves)
never leaves player 1 a winning first move, and the placement before it never leaves the
last placer a placement that wins at the settle, whenever another cell avoids it.
"""

from games.gravity.constants import PLAY, SETUP_PAWNS
from games.gravity.ai_eval import WIN

SAMPLES = 14  # cells tried by normal
CHECKED = 6  # hard: best cells checked before the placement that precedes the last one


def place(self, e, rng, strength):
    n = e.legal(self.buf)
    buf = self.buf
    if strength == 1:
        return buf[rng.below(n)]
    self.me = e.turn
    if strength == 2:
        best = buf[rng.below(n)]
        bests = -WIN - 2
        for k in range(SAMPLES):
            a = buf[rng.below(n)]
            s = _score(self, e, a)
            if s > bests:
                bests = s
                best = a
        return best
    # hard: every cell, from a random one on (ties keep that order), best score first
    mv = self.moves
    order = self.order
    r = rng.below(n)
    probe = self.probe
    self.probe = False  # scored statically; the checks below are exact
    for i in range(n):
        a = buf[(i + r) % n]
        mv[i] = a
        order[i] = _score(self, e, a)
        if order[i] >= WIN - 2:
            self.probe = probe
            return a  # the settle makes my pawn meet the objective
    self.probe = probe
    self._sort_root(n)
    P = e.players
    if e.phase != SETUP_PAWNS:
        return mv[0]  # the objective
    if e.turn == P - 1:
        check = n  # the last placement: player 1 must not win at once
    elif e.turn == P - 2:
        check = CHECKED  # the next placement is the last one: it must not win
    else:
        return mv[0]
    for i in range(n if check > n else check):
        if self.safe_after(e, mv[i]):
            return mv[i]
    return mv[0]


def _score(self, e, a):
    e.play(a)
    if e.phase == PLAY or e.won >= 0:
        s = self.evaluate(e, 0)
    else:
        s = self._placement_score(e)
    e.undo()
    return s
