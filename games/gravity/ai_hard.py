"""Gravity room hard CPU, _Ai methods (bound in ai.py): the turn (hard, with its fallback when
the move chosen is unsafe), the depth-2 replies with the threat probe (_replies) and the quiet
root moves kept out of depth 2 (_quiet_last).

The budget counts cost units of about 0.1 ms of the emulated Pico each (issue 14: a budget in
device time, so that no board's turn runs long): an action played and undone 10 + 2 a tick, the
traces of an action (ai_path) 3 + 3 a traced piece + 2/3 a step (a piece that stays: nothing
more), an evaluation 1, vscore 2, a move list 9, ordering the replies 3/8 a reply, the quick
win check 1 plus what it plays and traces; it stops there too (_wins), dropping the root move
being searched. Measured on the emulated Pico (host_sim/gravity/bench_device.py, 108 turns on
the three shipped packs): 0.098-0.106 ms a unit on the turns the budget stops."""

from games.gravity.ai_eval import WIN, _mark_path, _visited
from games.gravity.ai_moves import EXACT, _mark_lines
from games.gravity.constants import FLOW_BASE, MAX_ACTIONS, MAX_TICKS, NONE

NODES_HARD = 4400  # cost units; depth 2 stops there (the move chosen is still checked safe)


def _replies(self, e, alpha):
    """Hard, 2 players, after my root move: the lowest score the opponent's replies leave
    me, a reply after which I can win at once counting as that win (WIN - 3); a bound as
    soon as it is <= alpha. Replies are played once for their static score; only those
    that could decide are probed (wins_quick), lowest first."""
    root = NONE if e.unsettled or e.ticks >= MAX_TICKS else e.actions[e.nactions - 1]
    n = self._gen(e, 1, EXACT)
    _threats_first(self, e, n)
    self.nodes += (3 * n) >> 3
    k = self.killer[1]
    if k != NONE:
        self._front(1, n, k)
    if self.refute != NONE:
        self._front(1, n, self.refute)
    mv = self.moves
    sc = self.sc
    done = self.done
    base = MAX_ACTIONS
    best = WIN + 1
    vst = self.vst
    for i in range(n):
        if self.nodes >= self.budget:
            self.aborted = True  # this root move is left out
            return best
        a = mv[base + i]
        done[i] = 1
        # the pieces' final cells without playing it (virtual's success test, without the call
        # once it is off)
        played = (vst[0] >= 8 and vst[1] * 5 < vst[0] * 2) or not self.virtual(e, a)
        if played:
            e.play(a, 1)  # (_gen: legal)
            self.nodes += 10 + 2 * e.ticks
        if played and e.won >= 0:
            s = self.evaluate(e, 2)
            if s < 0:
                self.refute = a
        else:
            # static: no probe
            s = self.evaluate(e, 2, WIN + 1, -WIN - 1) if played else self.vscore(e, self.me)
            if s <= alpha and s < best:
                if not played:
                    played = e.play(a, 1)
                    self.nodes += 10 + 2 * e.ticks
                if self.wins_quick(e):
                    s = WIN - 3
            else:
                done[i] = 0  # probed later if it could be the lowest
        if played:
            e.undo()
        if self.aborted:  # (the probe ran out of budget)
            return best
        sc[i] = s
        if done[i] and s < best:
            best = s
            if s <= alpha or s <= 2 - WIN:  # (a reply that wins at once: nothing is lower)
                self.killer[1] = a
                return s
    if root != NONE:
        self.proven[root] = 1  # every reply seen, none wins at once: safe_after would agree
    while True:  # the lowest static score not probed yet, while it beats the lowest known
        j = -1
        for i in range(n):
            if not done[i] and sc[i] < best and (j < 0 or sc[i] < sc[j]):
                j = i
        if j < 0 or self.nodes >= self.budget:
            self.aborted = j >= 0
            return best
        done[j] = 1
        e.play(mv[base + j], 1)
        self.nodes += 10 + 2 * e.ticks
        if not self.wins_quick(e):
            best = sc[j]
        elif WIN - 3 < best:
            best = WIN - 3  # every reply so far lets me win: a forced win unless one doesn't
        e.undo()
        if self.aborted:
            return best

def _quiet_last(self, e, n):
    """Keep the first quiet root move (a flow on a line without a piece: every one leaves
    the pieces where they are, or releases the same ones) and move the others behind the
    first k moves; returns k, the moves to search deeper."""
    _mark_lines(self, e)
    mark = self.mark
    mv = self.moves
    order = self.order
    buf = self.buf
    k = 0
    q = 0
    seen = False
    for i in range(n):
        a = mv[i]
        if a >= FLOW_BASE and not mark[(a - FLOW_BASE) >> 1]:
            if seen:
                buf[q] = a
                q += 1
                continue
            seen = True
        mv[k] = a
        order[k] = order[i]
        k += 1
    for i in range(q):
        mv[k + i] = buf[i]
        order[k + i] = -WIN - 1
    return k

def hard(self, e):
    best = self.think(e, NODES_HARD, 2)
    pv = self.proven
    if pv[best] or self.safe_after(e, best):
        return best
    # the search missed a reply that wins at once (TT clash, a pruned line, a quiet move kept
    # out of depth 2): the next move in the last completed order that is checked safe
    mv = self.moves
    order = self.order
    two = e.players == 2  # (no transposition table: a score <= 2 - WIN is a win found)
    lines = self.lines
    t = NONE  # the reply that beat a quiet move (its pieces' lines in lines), and that move's line
    q = 0
    for i in range(self.nroot):  # ply 0 still holds every root move, sorted
        a = mv[i]
        if a == best or (two and -WIN <= order[i] <= 2 - WIN):
            continue  # (the search saw the next player win at once after it)
        quiet = two and order[i] == -WIN - 1  # (_quiet_last)
        if quiet and t != NONE:
            line = (a - FLOW_BASE) >> 1
            if not lines[line] and not lines[q] and (t < FLOW_BASE or (t - FLOW_BASE) >> 1 != line):
                continue  # no piece touches either flow in the quiet move or t: t wins here too
        if pv[a] or self.safe_after(e, a):
            return a
        if quiet and t == NONE:
            t = _refutation(self, e, a)
            q = (a - FLOW_BASE) >> 1
    return best


def _refutation(self, e, a):
    """After root move a, checked unsafe: the reply that wins (the probe's last threat for
    that player, played again), with the lines the pieces went through during a and that
    reply in self.lines; NONE when it is not that (an action that ended unsettled is checked
    on every reply, without a threat) or a path was too long to be recorded."""
    them = 1 - e.turn
    t = self.threat[them]
    if t == NONE:
        return NONE
    lines = self.lines
    e.play(a, 1)
    ok = e.won < 0 and _visited(e, lines) and e.play(t)
    self.nodes += 20 + 2 * e.ticks
    if ok:
        ok = e.won == them and _mark_path(e, lines)
        e.undo()
    e.undo()
    return t if ok else NONE


def _threats_first(self, e, n):
    """Reorder the replies at ply 1: the flows on the row and column of the mover's pawn, then
    gravity, then the flows on the objective's lines, then the rest (the replies most likely
    to win at once first: a losing root move is seen sooner). One pass into buckets of self.buf
    (the first two hold at most 4 flows each), then copied back (on the device four passes
    cost 4.5 ms a call on a 12x8 board)."""
    mv = self.moves
    buf = self.buf
    W = e.width
    H = e.height
    FB = FLOW_BASE
    c = e.pos[e.turn]
    ra = c // W
    ca = H + c % W
    c = e.pos[e.players]
    ro = c // W
    co = H + c % W
    base = MAX_ACTIONS
    k0 = 0  # buf[0:4]: the mover's lines
    k2 = 4  # buf[4:8]: the objective's lines
    k3 = 8  # buf[8:]: the rest
    g = 0  # gravity actions: first in the list (_gen)
    for i in range(base, base + n):
        a = mv[i]
        if a < FB:
            g += 1
            continue
        line = (a - FB) >> 1
        if line == ra or line == ca:
            buf[k0] = a
            k0 += 1
        elif line == ro or line == co:
            buf[k2] = a
            k2 += 1
        else:
            buf[k3] = a
            k3 += 1
    for i in range(g - 1, -1, -1):  # the gravity actions move back behind the first bucket
        mv[base + k0 + i] = mv[base + i]
    i = base
    for j in range(k0):
        mv[i] = buf[j]
        i += 1
    i += g
    for j in range(4, k2):
        mv[i] = buf[j]
        i += 1
    for j in range(8, k3):
        mv[i] = buf[j]
        i += 1

