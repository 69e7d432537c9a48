"""The engine's movement, made faster for issue 14 (moves._run, three players: a cell's lines from a
table, a piece on no flow follows gravity at once, the look again at rest skipped when it cannot
differ; slide.run2, two players: the same with the pieces' state in local variables) against the
movement as it was (_ref_run below, verbatim) on every legal action of many random positions:
same cells, ticks, recorded path, winner and unsettled flag."""
import random

from games.gravity.constants import FROZEN, MAX_REC, MAX_TICKS, NONE, SETTLE_MAX
from games.gravity.engine import MAX_ACTIONS, Engine
from host_sim.gravity import generator as G


class RefEngine(Engine):
    pass


def _ref_run(self):
    """Move every piece tick by tick until nothing moves (or a pawn meets the objective).

    Per tick: each piece picks its direction (a flow on its row or column beats gravity;
    on two flows the one perpendicular to its last move wins, at rest the one laid last; a
    flow blocked by a wall, gravity perpendicular, releases it), then pawns that would
    enter a pawn's cell, swap with one or lose a contest for a cell stay (a flow-driven
    pawn that stays is released when gravity is perpendicular, and the tick is decided
    again), then everything moves one cell at once."""
    P = self.players
    NP = P + 1
    pos = self.pos
    last = self._last
    lap = self._lap
    rel = self._rel
    want = self._want
    tgt = self._tgt
    drv = self._drv
    blk = self._blk
    old = self._old
    path = self.path
    turn = self.turn
    W = self.width
    H = self.height
    own = self.owner
    stamp = self.flow_stamp
    fd = self.flow_d
    nb = self.nb
    g = self.gravity
    for i in range(NP):
        last[i] = NONE
        lap[i] = 0
        rel[i] = 0
        path[i] = pos[i]
    t = 0
    rested = False
    settles = 0
    self.unsettled = 0
    while t < MAX_TICKS:
        while True:
            for i in range(NP):
                c = pos[i]
                if lap[i] == FROZEN:
                    want[i] = NONE
                    drv[i] = NONE
                    tgt[i] = NONE
                    continue
                y = c // W
                fr0 = own[y]
                fc0 = own[H + c - y * W]
                r = rel[i]
                while True:
                    fr = fr0
                    fc = fc0
                    if fr != NONE and (r >> fr) & 1:
                        fr = NONE
                    if fc != NONE and (r >> fc) & 1:
                        fc = NONE
                    if fr == NONE:
                        f = fc
                    elif fc == NONE:
                        f = fr
                    else:
                        ld = last[i]
                        if ld == NONE:  # at rest on two lines: the flow laid last wins
                            f = fr if stamp[fr] > stamp[fc] else fc
                        elif ld & 1:  # moving across the column: its flow takes it
                            f = fc
                        else:
                            f = fr
                    d = g if f == NONE else fd[f]
                    n = nb[4 * c + d]
                    if n != NONE or f == NONE or not ((d ^ g) & 1):
                        break
                    r |= 1 << f  # blocked by a wall, gravity perpendicular: released
                rel[i] = r
                want[i] = d
                drv[i] = f
                tgt[i] = n
            moving = 0
            for i in range(P):
                if tgt[i] == NONE:
                    blk[i] = 1
                else:
                    blk[i] = 0
                    moving += 1
            if moving == 0:
                break
            changed = True
            while changed:
                changed = False
                for i in range(P):
                    if blk[i]:
                        continue
                    T = tgt[i]
                    for j in range(P):
                        if j == i:
                            continue
                        if pos[j] == T:
                            if blk[j] or tgt[j] == pos[i]:  # stays there, or head-on
                                blk[i] = 1
                                changed = True
                                break
                        elif (not blk[j] and tgt[j] == T
                              and (j - turn) % P < (i - turn) % P):
                            blk[i] = 1  # both want T: priority from the active player
                            changed = True
                            break
            again = False
            for i in range(P):
                if blk[i] and tgt[i] != NONE and drv[i] != NONE and (want[i] ^ g) & 1:
                    rel[i] |= 1 << drv[i]  # blocked by a pawn: released
                    again = True
            if not again:
                break
        moved = False
        for i in range(NP):
            old[i] = pos[i]
            n = tgt[i]
            if n != NONE and (i == P or not blk[i]):
                d = want[i]
                pos[i] = n
                moved = True
                if last[i] == d:
                    lap[i] += 1
                else:
                    lap[i] = 1
                    last[i] = d
                if lap[i] >= (W if d & 1 else H):
                    lap[i] = FROZEN  # a full lap: stop where it began
        if not moved:
            # At rest as the next action would see it (no last move, no release): a pawn left on
            # a flow crossing, or where a released flow still runs, moves on now. Every action
            # ends with every piece at rest (issue 14; documented in games/gravity/README.md).
            if rested:
                break
            rested = True
            settled = True
            for i in range(NP):
                if last[i] != NONE or rel[i]:
                    settled = False
                    last[i] = NONE
                    rel[i] = 0
            if settled:
                break
            settles += 1
            if settles > SETTLE_MAX:    # flows that pass pieces round and round: stop here
                self.unsettled = 1
                break
            continue
        rested = False
        t += 1
        if t <= MAX_REC:
            k = t * NP
            for i in range(NP):
                path[k + i] = pos[i]
        o = pos[P]
        oo = old[P]
        for k in range(P):
            i = (turn + k) % P
            if pos[i] == o or (pos[i] == oo and o == old[i]):
                self.won = i
                break
        if self.won >= 0:
            break
    self.ticks = t
    if t > MAX_REC:
        k = MAX_REC * NP
        for i in range(NP):
            path[k + i] = pos[i]
        t = MAX_REC
    self.nticks = t


RefEngine._run = _ref_run
RefEngine._run2 = _ref_run


def _state(e):
    NP = e.players + 1
    return (bytes(e.pos), e.won, e.ticks, e.nticks, bytes(e.path[:(e.nticks + 1) * NP]),
            e.unsettled, e.phase, e.turn)


def _check(b, players, seed, games):
    rnd = random.Random(seed)
    e = Engine()
    r = RefEngine()
    buf = bytearray(MAX_ACTIONS)
    n = 0
    for _ in range(games):
        e.new_game(b, players)
        r.new_game(b, players)
        while e.winner() < 0 and e.nactions < 60:
            m = e.legal(buf)
            for k in range(m):
                a = buf[k]
                assert e.play(a) and r.play(a)
                assert _state(e) == _state(r), (seed, list(e.actions[:e.nactions]))
                e.undo()
                r.undo()
                n += 1
            a = buf[rnd.randrange(m)]
            e.play(a)
            r.play(a)
            assert _state(e) == _state(r)
    return n


def test_run_matches_reference_two_players():
    n = 0
    for k, (w, h) in enumerate(((12, 8), (8, 8), (6, 6), (5, 4), (10, 8), (4, 4), (7, 5))):
        for s in range(3):
            for b in G.generate(2, 500 + 10 * k + s, w, h):
                n += _check(b, 2, 100 * k + s, 4)
    assert n > 20000


def test_run_matches_reference_three_players():
    n = 0
    for k, (w, h) in enumerate(((12, 8), (7, 6), (5, 5))):
        for b in G.generate(2, 400 + k, w, h):
            n += _check(b, 3, 10 + k, 3)
    assert n > 3000
