"""iQLANDIE: pieces may be moved until the next round starts (seed 002, phase 2). A player may
pick a piece placed this round up again (lift) and place it anew - moved, turned or flipped -
until they end their placing (end_placing); the CPU keeps its placement. Saves replay both."""
import pytest

from games.iqlandie import game as G, pieces as P, exhibits as X, cpu
from games.iqlandie.game_save import _sum16
from handheld.rng import Rng


def _to_place(g):
    rng = Rng(1)
    while g.phase != G.PLACE:
        if g.phase == G.SOLVE:
            for p in range(g.players):
                g.report(p, 100 + p, 1)
        else:
            assert g.apply(cpu.decide(g, 2, rng))


def _place_somewhere(g, piece):
    b = g.boards[g.turn]
    shape = P.shape_of(g.hand(g.turn)[piece])
    for e in range(X.NEXH):
        ff = b.first_fit(e, shape)
        if ff is not None:
            assert g.place(piece, e, ff[0], ff[1], ff[2])
            return e, ff
    raise AssertionError("no room")


def test_a_placed_piece_can_be_lifted_turned_and_placed_elsewhere_until_placing_ends():
    g = G.Game.new(2, [0, 0], 7)
    _to_place(g)
    p = g.turn
    b = g.boards[p]
    first = g.hand(p)[0]
    _place_somewhere(g, 0)
    _place_somewhere(g, 0)
    assert g.turn == p and not g.hand(p)              # both placed: still p's turn
    assert list(g.lifts()) == [0, 1]
    assert g.lift(0)                                  # the first piece back into the hand
    assert g.hand(p) == bytes((first,)) and b.n == 1
    assert not any(v & 0x7F == 2 for v in b.cells)    # the later piece now is slot 1 -> cell 1
    assert b.code[0] != first or P.shape_of(b.code[0]) == P.shape_of(first)
    # placed again in another exhibit, turned and flipped
    shape = P.shape_of(first)
    for e in (5, 4, 3, 2, 1, 0):
        o = 5 if P.DISTINCT[shape][-1] >= 5 else 0
        ff = None
        for y in range(X.EXH_H[e]):
            for x in range(X.EXH_W[e]):
                if ff is None and g.fits(0, e, o, x, y):
                    ff = (x, y)
        if ff:
            assert g.place(0, e, o, ff[0], ff[1])
            break
    assert b.n == 2 and b.orient[1] == o and b.code[1] == first
    assert g.end_placing()
    assert g.turn != p or g.phase != G.PLACE
    assert not g.lift(0) or g.turn != p                # p's pieces are final now


def test_lift_refuses_earlier_rounds_other_players_and_a_full_hand():
    g = G.Game.new(2, [0, 0], 9)
    _to_place(g)
    p = g.turn
    assert not g.lift(0)                               # nothing placed yet
    _place_somewhere(g, 0)
    _place_somewhere(g, 0)
    assert g.end_placing()
    q = g.turn
    assert q != p and g.phase == G.PLACE
    assert list(g.lifts()) == []
    assert not g.lift(0)                               # not q's piece: q's board is empty
    _place_somewhere(g, 0)
    _place_somewhere(g, 0)
    assert g.end_placing()
    _to_place(g)                                       # the next round
    assert g.round == 1
    t = g.turn
    assert g.boards[t].n == 2 and not g.lift(0) and not g.lift(1)   # last round's: final
    _place_somewhere(g, 0)
    assert g.lift(2) and len(g.hand(t)) == 2           # this round's piece: back in the hand
    assert not g.lift(2)                               # nothing there any more


def test_end_placing_needs_an_empty_hand():
    g = G.Game.new(3, [0, 0, 0], 4)
    _to_place(g)
    assert not g.end_placing()
    _place_somewhere(g, 0)
    assert not g.end_placing()
    _place_somewhere(g, 0)
    assert g.end_placing()


def test_board_remove_keeps_robots_and_renumbers_later_slots():
    from games.iqlandie.game_draft import remove_piece
    b = X.Board()
    robot_l4 = P.make(6, P.RED, 1)
    b.place(P.make(0, P.BLUE), 0, 0, 0, 0)
    b.place(robot_l4, 0, 0, 0, 2)
    robots = [i for i in range(X.NCELLS) if b.cells[i] & 0x80]
    assert robots
    assert remove_piece(b, 0) == P.make(0, P.BLUE)
    assert b.n == 1 and b.code[0] == robot_l4
    assert [i for i in range(X.NCELLS) if b.cells[i] & 0x80] == robots
    assert {v & 0x7F for v in b.cells} == {0, 1}


def test_cpu_keeps_its_placement_and_ends_placing():
    g = G.Game.new(2, [2, 2], 11)
    rng = Rng(2)
    ends = 0
    while g.phase != G.OVER:
        a = cpu.decide(g, 2, rng)
        assert a[0] != G.A_LIFT
        if a[0] == G.A_END:
            assert not g.hand(g.turn)
            ends += 1
        assert g.apply(a)
    assert ends == 2 * G.ROUNDS


def test_lifts_and_ends_are_saved_and_replayed():
    g = G.Game.new(2, [0, 0], 7)
    _to_place(g)
    _place_somewhere(g, 0)
    _place_somewhere(g, 0)
    assert g.lift(1)
    _place_somewhere(g, 0)
    data = g.save_state()
    h = G.Game.restore(data)
    assert h.save_state() == data and h.boards[h.turn].cells == g.boards[g.turn].cells
    assert h.end_placing() and g.end_placing()
    assert h.save_state() == g.save_state() and h.turn == g.turn


def test_a_version_1_save_still_loads_with_placing_ended_by_the_empty_hand():
    g = G.Game.new(3, [2, 2, 2], 5)
    g.auto_end = True                                  # how version 1 played
    rng = Rng(4)
    while g.round < 2:
        assert g.apply(cpu.decide(g, 2, rng))
    data = bytearray(g.save_state()[:-2])
    data[2] = 1
    c = _sum16(bytes(data))
    h = G.Game.restore(bytes(data) + bytes((c >> 8, c & 0xFF)))
    assert h.auto_end and h.round == 2 and h.phase == g.phase
    assert not h.lift(0)
