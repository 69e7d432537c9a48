"""Gravity room CPU players: legal in every phase, engine untouched, deterministic, take wins,
avoid handing wins over, and hard beats normal beats easy in small seeded tournaments (the
200-game figure is in host_sim/gravity/bench.py)."""
import random

from games.gravity import ai, board
from games.gravity.engine import (DOWN, Engine, MAX_ACTIONS, PLAY, RIGHT, SETUP_GRAVITY,
                                  SETUP_OBJECTIVE, SETUP_PAWNS)
from handheld.rng import Rng
from host_sim.gravity import bench
from host_sim.gravity import generator as G

BOX5 = """\
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+-+-+-+-+-+"""


def snapshot(e):
    return (bytes(e.pos), e.gravity, bytes(e.flow_line), bytes(e.flow_dir),
            bytes(e.flow_stamp), bytes(e.owner), e.phase, e.turn, e.won, e.plies, e.reversed,
            e.nactions, bytes(e.actions[:e.nactions]))


def legal(e):
    buf = bytearray(MAX_ACTIONS)
    return set(buf[:e.legal(buf)])


def test_ai_returns_a_legal_action_in_every_phase_and_leaves_the_engine_unchanged():
    phases = set()
    for k, b in enumerate(G.generate(6, 12)):
        for players in (2, 3):
            e = Engine()
            e.new_game(b, players)
            rng = Rng(k + 1)
            while e.winner() < 0:
                for s in (1, 2, 3):
                    before = snapshot(e)
                    a = ai.choose(e, s, rng)
                    assert snapshot(e) == before
                    assert a in legal(e)
                phases.add(e.phase)
                assert e.play(ai.choose(e, 1 + e.nactions % 3, rng))
    assert phases == {SETUP_GRAVITY, SETUP_OBJECTIVE, SETUP_PAWNS, PLAY}


def test_ai_is_deterministic_for_a_seed():
    b = G.generate(1, 4, 8, 8)[0]
    runs = []
    for _ in range(2):
        e = Engine()
        e.new_game(b, 2)
        rng = Rng(99)
        while e.winner() < 0:
            e.play(ai.choose(e, 3 if e.turn == 0 else 2, rng))
        runs.append(bytes(e.actions[:e.nactions]))
    assert runs[0] == runs[1]


def test_every_strength_takes_an_immediate_win():
    for s in (1, 2, 3):
        e = Engine()
        e.new_game(board.parse_rows(BOX5.split("\n")), 2)
        e.pos[0] = 20  # (0, 4)
        e.pos[1] = 2  # (2, 0)
        e.pos[2] = 24  # objective (4, 4), against the wall
        e.phase = PLAY
        e.gravity = DOWN
        a = ai.choose(e, s, Rng(5))
        e.play(a)
        assert e.winner() == 0, (s, a)
        assert a == RIGHT or s != 3 or e.ticks <= 4


def opponent_can_win(e):
    me = e.turn
    for a in legal(e):
        e.play(a)
        w = e.won
        e.undo()
        if w == me:
            return True
    return False


def blunders(strength, positions):
    """How often the move chosen lets the opponent win at once while a safe move existed."""
    bad = 0
    for e, seed in positions:
        safe = False
        for a in legal(e):
            e.play(a)
            ok = e.won == e.turn or (e.won < 0 and not opponent_can_win(e))
            e.undo()
            if ok:
                safe = True
                break
        if not safe:
            continue
        a = ai.choose(e, strength, Rng(seed))
        e.play(a)
        if e.won < 0 and opponent_can_win(e):
            bad += 1
        e.undo()
    return bad


def test_hard_hands_over_fewer_immediate_wins_than_normal():
    rnd = random.Random(3)
    positions = []
    buf = bytearray(MAX_ACTIONS)
    bds = G.generate(10, 31)
    while len(positions) < 40:
        e = Engine()
        e.new_game(bds[len(positions) % 10], 2)
        while e.winner() < 0 and (e.phase != PLAY or rnd.random() < 0.6):
            e.play(buf[rnd.randrange(e.legal(buf))])
        if e.winner() < 0:
            positions.append((e, len(positions)))
    hard = blunders(3, positions)
    normal = blunders(2, positions)
    easy = blunders(1, positions)
    assert hard < normal <= easy


def test_small_seeded_tournaments_hard_beats_normal_beats_easy():
    bds = bench.boards()[:12]
    w, d, l = bench.tournament(bds, 24, 700)
    assert w > 2 * l, (w, d, l)
    w2, d2, l2 = bench.tournament(bds, 24, 800, strong=2, weak=1)
    assert w2 > 2 * l2, (w2, d2, l2)


def test_three_player_games_with_cpu_players_finish():
    for k, b in enumerate(G.generate(4, 8)):
        r = bench.play_game(b, 3, (3, 2, 1), 60 + k)
        assert r in (0, 1, 2, 255)
