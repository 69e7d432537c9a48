"""Hypothesis properties of the Mental IQ+ engine on random multi-plane levels and action
sequences: undo restores the exact position, save/load round-trips, random play never raises,
and pieces only disappear or change by the bomb and brick rules."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.mentaliq import board
from games.mentaliq.engine import (EV_BOOM, EV_BRICK, Engine, P_BLOCK, P_BOMB, P_BRICK,
                                   P_GWYDYON, P_JEWEL, P_REP, P_REP2, P_TB_DOWN, P_TB_UP,
                                   T_FLAG, T_FLOOR, T_HOLE, T_VECTOR, _HM, _ZC, _ZP, movable)

# tile and piece draws: small numbers (where shrinking goes) are plain floor / no piece
TILES = (T_FLOOR,) * 6 + (T_HOLE, T_FLAG, 3, 3, 4, 5, 6, 7, 8, 8)
PIECES = (0,) * 8 + (P_JEWEL, P_JEWEL, P_BRICK, P_BOMB, P_REP, P_REP, P_REP2, P_REP2,
                     P_BLOCK, P_TB_UP, P_TB_DOWN)


# crowded planes of repulsors (the cross-plane rules need neighbours above and below)
REP_TILES = (T_FLOOR,) * 8 + (T_FLAG, 3, 4, 5, 6, 7, 8)
REP_PIECES = (0,) * 5 + (P_REP,) * 4 + (P_REP2,) * 4 + (P_JEWEL, P_BOMB, P_TB_UP, P_TB_DOWN)


def build(rnd, crowded=False):
    """A valid random level (every parse rule met) from a seeded random.Random."""
    P = rnd.randint(2 if crowded else 1, 4)
    W = rnd.randint(3, 7)
    H = rnd.randint(1, 5)
    ps = W * H
    n = P * ps
    tile = bytearray(rnd.choice(REP_TILES if crowded else TILES) for _ in range(n))
    piece = bytearray(rnd.choice(REP_PIECES if crowded else PIECES) for _ in range(n))
    for c in range(n):
        z = c // ps
        if tile[c] == T_HOLE:
            piece[c] = 0
        if piece[c] == P_TB_UP and z == P - 1:
            piece[c] = P_TB_DOWN if z > 0 else 0
        if piece[c] == P_TB_DOWN and z == 0:
            piece[c] = P_TB_UP if P > 1 else 0
    for c in range(n - ps):
        if piece[c] in (P_REP, P_REP2) and piece[c + ps] == piece[c]:
            piece[c + ps] = 0
    free = [c for c in range(n) if tile[c] != T_HOLE and piece[c] == 0]
    if len(free) < 3:
        for c in range(3):
            tile[c] = T_FLOOR
            piece[c] = 0
        free = [c for c in range(n) if tile[c] != T_HOLE and piece[c] == 0]
    rnd.shuffle(free)
    piece[free[0]] = P_GWYDYON
    tile[free[0]] = T_FLOOR
    tile[free[1]] = T_FLAG  # at least one empty flag: never solved at the start
    flags = sum(1 for c in range(n) if tile[c] == T_FLAG)
    jewels = sum(1 for c in range(n) if piece[c] == P_JEWEL)
    for c in range(n):
        if jewels >= flags:
            break
        if tile[c] == T_FLAG and c != free[1]:
            tile[c] = T_FLOOR
            flags -= 1
    if jewels < flags:
        tile[free[2]] = T_FLOOR
        piece[free[2]] = P_JEWEL
    # the start must be at rest: a vector whose piece could move becomes floor
    changed = True
    while changed:
        changed = False
        for c in range(n):
            t = tile[c]
            if T_VECTOR <= t < T_VECTOR + 4 and (movable(piece[c]) or piece[c] == P_GWYDYON):
                m = board.neighbour(c, t - T_VECTOR, W, ps)
                if m >= 0 and tile[m] != T_HOLE and piece[m] == 0:
                    tile[c] = T_FLOOR
                    changed = True
    rows = board.format_board(P, W, H, tile, piece).split("\n")
    return board.parse_rows(rows)


levels = st.one_of(st.randoms(use_true_random=False).map(build),
                   st.randoms(use_true_random=False).map(lambda r: build(r, True)))
actions = st.lists(st.integers(0, 5), min_size=1, max_size=60)
SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def snapshot(e):
    return (e.key(), e.text(), e.hero, e.moves, e.pushes, e.jewels, e.onflag, e.nvq, e.hsh,
            bytes(e.history()))


def check_invariants(e, lv):
    n = e.ncells
    ps = e.psize
    pc = e.piece
    assert pc.count(P_GWYDYON) == 1 and pc[e.hero] == P_GWYDYON
    h = 0
    ranks = []
    for c in range(n):
        p = pc[c]
        assert not (p and e.tile[c] == T_HOLE)
        fixed = lv.piece[c] in (P_BLOCK, P_TB_UP, P_TB_DOWN)
        assert (p == lv.piece[c]) if fixed else p not in (P_BLOCK, P_TB_UP, P_TB_DOWN)
        vec = T_VECTOR <= e.tile[c] < T_VECTOR + 4 and (movable(p) or p == P_GWYDYON)
        assert (e.rank[c] > 0) == vec
        if e.rank[c]:
            ranks.append(e.rank[c])
            assert e.order[e.rank[c]] == c
        if p:
            h = (h + (_ZC[c] ^ _ZP[p])) % _HM
        if c + ps < n and p in (P_REP, P_REP2):
            assert pc[c + ps] != p, "two repulsors of one type aligned"
    assert sorted(ranks) == list(range(1, len(ranks) + 1))
    assert e.nvq == len(ranks)
    assert e.hsh == h
    assert e.jewels == pc.count(P_JEWEL)
    assert e.onflag == sum(1 for c in range(n) if pc[c] == P_JEWEL and e.tile[c] == T_FLAG)


@SETTINGS
@given(levels, actions, st.randoms(use_true_random=False))
def test_undo_restores_the_exact_position_after_every_action(lv, acts, rnd):
    e = Engine()
    e.load(lv)
    start = snapshot(e)
    for a in acts:
        before = snapshot(e)
        if not e.play(a):
            assert snapshot(e) == before and e.nchanged == 0
            continue
        check_invariants(e, lv)
        if rnd.random() < 0.3:
            after = snapshot(e)
            assert e.undo()
            assert snapshot(e) == before
            check_invariants(e, lv)
            assert e.play(a)
            assert snapshot(e) == after
    while e.undo():
        pass
    assert snapshot(e) == start and e.moves == 0


@SETTINGS
@given(levels, actions)
def test_save_and_load_state_round_trip(lv, acts):
    e = Engine()
    e.load(lv)
    for a in acts:
        e.play(a)
    f = Engine()
    f.load(lv)
    f.load_state(e.save_state())
    assert snapshot(f) == snapshot(e)
    # a limited save keeps a base position and the last moves
    g = Engine()
    g.load(lv)
    g.load_state(e.save_state(limit=3))
    assert g.key() == e.key() and g.moves == e.moves and g.pushes == e.pushes
    assert bytes(g.history()) == bytes(e.history()[-3:])
    check_invariants(g, lv)


@SETTINGS
@given(levels, actions)
def test_random_play_never_raises_and_keeps_every_invariant(lv, acts):
    e = Engine(undo_words=24)  # a tiny ring drops old actions nearly every move
    e.load(lv)
    for a in acts + [6, -1]:
        e.play(a)
        check_invariants(e, lv)
        assert 0 <= e.nchanged <= e.ncells
        e.text()
        e.lost()
        e.solved()
    while e.undo():
        check_invariants(e, lv)
    e.restart()
    f = Engine()
    f.load(lv)
    assert e.key() == f.key() and e.moves == 0 and not e.can_undo()
    check_invariants(e, lv)


@SETTINGS
@given(levels, actions)
def test_piece_counts_change_only_by_bombs_and_bricks(lv, acts):
    e = Engine()
    e.load(lv)
    for a in acts:
        before = e.counts()
        if not e.play(a):
            continue
        after = e.counts()
        assert e.events_lost == 0
        booms = [0] * 10
        bricks = 0
        for i in range(e.nevents):
            k = e.events[3 * i] & 15
            p = (e.events[3 * i] >> 4) & 15
            if k == EV_BOOM:
                booms[p] += 1
            elif k == EV_BRICK:
                bricks += 1
        # a brick event: a repulsor became a brick (aligned case) or two became one
        lost_reps = (before[P_REP] - after[P_REP]) + (before[P_REP2] - after[P_REP2])
        for p in (P_GWYDYON, P_BOMB, P_BLOCK, P_TB_UP, P_TB_DOWN):
            assert after[p] == before[p]
        assert after[P_JEWEL] == before[P_JEWEL] - booms[P_JEWEL]
        assert after[P_BRICK] == before[P_BRICK] + bricks - booms[P_BRICK]
        assert lost_reps == booms[P_REP] + booms[P_REP2] + bricks + merges(e)
        assert after[P_JEWEL] <= before[P_JEWEL] and after[P_BOMB] == before[P_BOMB]


def merges(e):
    # same-plane merges remove two repulsors for one brick event
    n = 0
    for i in range(e.nevents):
        if e.events[3 * i] & 15 == EV_BRICK:
            a = e.events[3 * i + 1]
            b = e.events[3 * i + 2]
            if a // e.psize == b // e.psize:
                n += 1
    return n


@SETTINGS
@given(levels)
def test_body_text_round_trips_through_the_parser(lv):
    again = board.parse_rows(lv.text().split("\n"))
    assert (again.planes, again.width, again.height) == (lv.planes, lv.width, lv.height)
    assert again.tile == lv.tile and again.piece == lv.piece
