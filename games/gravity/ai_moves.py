"""Gravity room CPU move lists, _Ai methods (bound in ai.py): the moves of a ply (_gen, of one
of four kinds), moving one of them to the front (_front), the lines holding a piece
(_mark_lines), whether every flow on an empty line is a pass (_passes), and the easy CPU
(easy)."""

from games.gravity.constants import FLOW_BASE, MAX_ACTIONS, MAX_TICKS, NONE, PLAY

FULL = 0  # _gen kinds: every legal move
EXACT = 1  # every move that can change the board (exact for immediate wins)
QUICK = 2  # as EXACT, but one flow on an empty line stands for all of them
SENSIBLE = 3  # gravity and the flows on lines holding a piece (easy)


def _gen(self, e, ply, kind):
    """Moves at this ply into self.moves[ply * MAX_ACTIONS:]; returns the count.

    FULL: every legal move. EXACT: the moves that can change the board: gravity, flows on
    lines holding a piece and, when the mover's flow holds a piece (moving it elsewhere
    releases that piece), flows on every line; a flow on an empty line while the mover's
    own flow holds nothing moves nothing (every action ends at rest), so only one such
    "pass" is kept. QUICK: one flow on an empty line in every case. SENSIBLE: no pass."""
    base = ply * MAX_ACTIONS
    mv = self.moves
    if e.phase != PLAY:  # (in play: e.legal's work inlined, is_legal costs on the device)
        if kind != FULL:
            return 0  # (the other kinds are only asked in play)
        n = e.legal(self.buf)
        buf = self.buf
        for i in range(n):
            mv[base + i] = buf[i]
        return n
    self.nodes += 9
    n = 0
    g = e.gravity
    rv = (g + 2) & 3 if e.reversed else NONE  # rule 1
    for a in range(4):
        if a != g and a != rv:
            mv[base + n] = a
            n += 1
    own = e.owner
    t = e.turn
    fdir = e.flow_dir[t]
    mark = self.mark
    L = e.width + e.height
    for k in range(L):
        mark[k] = 0
    W = e.width
    H = e.height
    pos = e.pos
    for i in range(e.players + 1):
        c = pos[i]
        mark[c // W] = 1
        mark[H + c % W] = 1
    old = e.flow_line[e.turn]
    every = kind == FULL or (kind == EXACT and old != NONE and mark[old])
    spare = 0 if every or kind == SENSIBLE else 1  # flows on empty lines still to add (a pass, or a release)
    for line in range(L):
        if mark[line] or every:
            a = FLOW_BASE + 2 * line
            o = own[line]  # legal: a free line, or mine the other way
            if o == NONE or (o == t and fdir):
                mv[base + n] = a
                n += 1
            if o == NONE or (o == t and not fdir):
                mv[base + n] = a + 1
                n += 1
        elif spare:
            o = own[line]
            if o == NONE or (o == t and fdir):
                mv[base + n] = FLOW_BASE + 2 * line
                n += 1
                spare = 0
    return n

def _front(self, ply, n, a):
    # move action a (when present) to the front of the ply's list
    mv = self.moves
    base = ply * MAX_ACTIONS
    for i in range(n):
        if mv[base + i] == a:
            while i > 0:
                mv[base + i] = mv[base + i - 1]
                i -= 1
            mv[base] = a
            return


def _mark_lines(self, e):
    """self.mark[line] = 1 for the lines (rows, then columns) holding a piece, else 0 (_gen
    does the same inline: it runs at every node)."""
    mark = self.mark
    W = e.width
    H = e.height
    for k in range(W + H):
        mark[k] = 0
    pos = e.pos
    for i in range(e.players + 1):
        c = pos[i]
        mark[c // W] = 1
        mark[H + c % W] = 1


def _passes(self, e):
    """True when every flow on a line holding no piece leaves every piece where it is (all at
    rest, and the mover's own flow, taken off, holds none); self.mark as _mark_lines."""
    _mark_lines(self, e)
    old = e.flow_line[e.turn]
    return not (e.unsettled or e.ticks >= MAX_TICKS) and (old == NONE or not self.mark[old])


def easy(self, e, rng):
    """Easy: a winning move when one exists, else a random sensible one."""
    me = e.turn
    n = self._gen(e, 0, FULL)
    mv = self.moves
    for i in range(n):
        a = mv[i]
        e.play(a)
        won = e.won
        e.undo()
        if won == me:
            return a
    n = self._gen(e, 1, SENSIBLE)
    base = MAX_ACTIONS
    return mv[base + rng.below(n)] if n else mv[0]
