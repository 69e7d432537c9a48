"""MobGer hard CPU: the search (methods of ai.Ai). Iterative-deepening alpha-beta (negamax)
over engine plays within a deterministic work budget (self.limit, set by ai.budget):

- root moves ordered by the previous depth; inside, first the best move the same position had
  in an earlier iteration (a small table keyed on the engine's position hash), else the
  killer move of the ply;
- a move ending in the same position (hash and scores) as an earlier move of the same node is
  not searched again (its value is the same): about half the moves, since Gers that do not
  meet end where they end whatever the order they move in.
"""

from games.mobger.constants import DRAW
from games.mobger.ai_eval import WIN

INF = 30000
MAX_DEPTH = 12  # plies; games are short (about 7 plies): the budget usually ends it first
NODE_BASE = 30
EVAL_COST = 10  # a leaf evaluation, in the same units
BFS_COST = 150  # one run of the engine's bounded search (stuck), in the same units
HSIZE = 128  # best-move table entries (a power of 2)


def _cost(self, e):
    # a bounded search the engine ran (not memoised yet) costs about BFS_COST units
    st = e.stamp
    b = (st - self.stamp) & 0xFFFF
    self.stamp = st
    return NODE_BASE + 4 * e.n + e.anim_nf + b * BFS_COST


def _search(self, e, n):
    acts = self.acts
    sc = self.score
    prev = self.prev
    order = self.order
    twin = self.twin
    rk = self.keys[0]
    i = 0
    while i < len(self.killer):
        self.killer[i] = 0xFF
        i += 1
    self.out = False
    self.stamp = e.stamp
    self.tstamp += 1
    if self.tstamp > 255:
        self.tstamp = 1
        i = 0
        while i < HSIZE:
            self.hstamp[i] = 0
            i += 1
    i = 0
    while i < n:
        order[i] = i
        prev[i] = 0
        i += 1
    depth = 1
    while depth <= MAX_DEPTH:
        # best previous first (insertion sort, n <= 12)
        i = 1
        while i < n:
            j = i
            while j > 0 and prev[order[j - 1]] < prev[order[j]]:
                t = order[j]
                order[j] = order[j - 1]
                order[j - 1] = t
                j -= 1
            i += 1
        best = -INF
        k = 0
        while k < n:
            i = order[k]
            k += 1
            if depth > 1:
                if twin[i] != i:  # searched already (first by the stable order)
                    sc[i] = sc[twin[i]]
                    continue
                if self.work >= self.limit:
                    self.out = True
                    break
            e.play(acts[i])
            self.nodes += 1
            self.work += self._cost(e)
            if depth == 1:  # the twin of i: the first move leading to the same position
                rk[i] = (e.hsh | e.score[0] << 16 | e.score[1] << 20) if e.win < 0 else -1
                j = 0
                while j < i and (rk[j] != rk[i] or rk[i] < 0):
                    j += 1
                twin[i] = j
            # window (best - 1, INF): equal moves get exact scores, worse ones a bound
            v = -self._negamax(e, depth - 1, -INF, 1 - best, 1)
            e.undo()
            if self.out and depth > 1:
                break
            sc[i] = v
            if v > best:
                best = v
        if self.out and depth > 1:
            # cut short: when the previous best (searched first) finished at this depth,
            # the moves that finished are compared at this depth and the rest dropped;
            # otherwise the last complete depth stands
            if k > 1:
                j = 0
                while j < n:
                    i = order[j]
                    if j >= k - 1:  # not finished, unless its twin (ordered before it) did
                        sc[i] = sc[twin[i]] if twin[i] != i else -INF
                    prev[i] = sc[i]
                    j += 1
                self.depth = depth
            break
        i = 0
        while i < n:
            prev[i] = sc[i]
            i += 1
        self.depth = depth
        if best >= WIN - 100 or best <= -WIN + 100:
            break  # a forced result: deeper cannot change it
        depth += 1
    i = 0
    while i < n:
        sc[i] = prev[i]
        i += 1


def _negamax(self, e, depth, alpha, beta, ply):
    w = e.win
    if w >= 0:
        if w == DRAW:
            return 0
        return WIN - ply if w == e.nactions & 1 else ply - WIN
    if depth == 0 or self.out:
        self.work += EVAL_COST
        return self.evaluate(e, e.nactions & 1)
    if self.work >= self.limit:
        self.out = True
        return 0
    mv = self.mv[ply]
    m = e.legal(mv)
    # first the best move of this position in an earlier iteration, else the move that
    # last cut off at this ply (killer move)
    h = e.hsh
    t = e.nactions & 1
    hi = (h + t * 61) & (HSIZE - 1)
    if self.hstamp[hi] == self.tstamp and self.hkey[hi] == h and self.hmove[hi] >> 4 == t:
        k = self.hmove[hi] & 15
    else:
        k = self.killer[ply]
    j = 1
    while j < m:
        if mv[j] == k:
            mv[j] = mv[0]
            mv[0] = k
            break
        j += 1
    a0 = alpha
    best = -INF
    bm = 0
    n4 = 4 * e.n
    keys = self.keys[ply]
    nk = 0
    j = 0
    while j < m:
        if self.work >= self.limit:
            self.out = True
            return 0
        e.play(mv[j])
        self.nodes += 1
        # self._cost(e) and, at depth 1, the leaf written out (hot: a call less a play)
        st = e.stamp
        self.work += NODE_BASE + n4 + e.anim_nf + ((st - self.stamp) & 0xFFFF) * BFS_COST
        self.stamp = st
        w = e.win
        if w < 0:
            # about half the moves end in the same position as an earlier one (the Gers
            # move in another order without meeting): the same value, not searched again
            v = e.hsh | e.score[0] << 16 | e.score[1] << 20
            i = 0
            while i < nk:
                if keys[i] == v:
                    break
                i += 1
            if i < nk:
                e.undo()
                j += 1
                continue
            keys[nk] = v
            nk += 1
            if depth > 1:
                v = -self._negamax(e, depth - 1, -beta, -alpha, ply + 1)
                if self.out:
                    e.undo()
                    return 0
            else:
                self.work += EVAL_COST
                v = -self.evaluate(e, e.nactions & 1)
        elif w == DRAW:
            v = 0
        else:
            v = ply + 1 - WIN if w == e.nactions & 1 else WIN - ply - 1
        e.undo()
        if v > best:
            best = v
            bm = mv[j]
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    self.killer[ply] = bm
                    break
        j += 1
    if best > a0:  # a move that raised alpha or cut off: first there next time
        self.hstamp[hi] = self.tstamp
        self.hkey[hi] = h
        self.hmove[hi] = bm | t << 4
    return best
