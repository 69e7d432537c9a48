"""Gravity room CPU checks, _Ai methods (bound in ai.py): does the player to move have a winning
action (wins_now: every legal action is tried; the moves list of the deepest ply is its scratch
space, unused outside a search), and does an action leave the next player one (safe_after)."""

from games.gravity.constants import DRAW, MAX_ACTIONS, MAX_TICKS, PLAY


def wins_now(self, e, kind=0):
    """True when the player to move has an action that wins at once. kind: a _gen kind (0: every
    legal action; 1: only those that can change the board, as exact but fewer)."""
    me = e.turn
    ply = self.scratch
    n = self._gen(e, ply, kind)
    mv = self.moves
    base = ply * MAX_ACTIONS
    for i in range(n):
        e.play(mv[base + i])
        w = e.won
        e.undo()
        if w == me:
            return True
    return False


def safe_after(self, e, a):
    """True when action a wins, draws, or leaves the next player no winning action (every
    action that can matter is tried: wins_quick; every legal one when the action did not end
    with every piece at rest, which only the engine's safety nets allow, and in setup)."""
    me = e.turn
    e.play(a)
    w = e.won
    if w < 0:
        if e.phase != PLAY or e.unsettled or e.ticks >= MAX_TICKS:
            ok = not self.wins_now(e)
        else:
            ok = not self.wins_quick(e)
    else:
        ok = w == me or w == DRAW
    e.undo()
    return ok
