"""MobGer figures: `python -m host_sim.mobger.bench` (or main(out=print)).

- engine: time per movement sequence (play) and per undo on the host, mean and max, and the
  device estimate (x150, DESIGN.md)
- AI: time per CPU turn for each strength, mean and max, x150 against the 1.5 s budget
- tournament: hard vs normal over 200 seeded games for goal A and for goal B, alternating who
  starts: wins, draws, losses and the share of games hard won; normal vs easy the same way
- exact solve of the same 200 starts (the game trees are small): in how many games hard's seat
  wins, draws or loses by force, i.e. the best share any player can reach against a perfect
  opponent, and hard's share among the games its seat does not lose by force.
"""
import time

from handheld.rng import Rng

from games.mobger import ai
from games.mobger.engine import DRAW, MAX_ACTIONS, Engine, Options

DEVICE_FACTOR = 150
TURN_BUDGET_MS = 1500.0


def options(seed, goal, variant=0):
    o = Options()
    o.seed = seed & 0xFFFF
    o.goal = goal
    if variant == 1:  # a big, busy board: the slowest engine case worth budgeting
        o.width = 12
        o.height = 8
        o.sequence = 2
        o.gers = 12
        o.dirset = 1
        o.cuboids = 3
        o.deflectors = 3
        o.flipflaps = 3
        o.reflect_gers = True
        o.joker = True
    return o


def engine_times(games=60):
    buf = bytearray(MAX_ACTIONS)
    plays = []
    undos = []
    for variant in (0, 1):
        for g in range(games):
            e = Engine()
            e.new_game(options(g, g & 1, variant))
            rng = Rng(g + 1)
            while e.winner() < 0:
                n = e.legal(buf)
                a = buf[rng.below(n)]
                t0 = time.perf_counter()
                e.play(a)
                plays.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            while e.undo():
                undos.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
    return plays, undos


def play_game(e, strengths, rng):
    """strengths[p] plays player p; returns (winner, [(strength, seconds), ...])."""
    turns = []
    while e.winner() < 0:
        s = strengths[e.turn]
        t0 = time.perf_counter()
        a = ai.choose(e, s, rng)
        turns.append((s, time.perf_counter() - t0))
        assert e.play(a)
    return e.winner(), turns


def tournament(goal, games=200, a=3, b=2, variant=0):
    """a vs b; a is player 0 in even games, player 1 in odd ones. -> (wins, draws, losses,
    turn times)."""
    wins = draws = losses = 0
    times = []
    for g in range(games):
        e = Engine()
        e.new_game(options(1000 + g, goal, variant))
        first = g & 1  # the player a plays
        st = (a, b) if first == 0 else (b, a)
        w, turns = play_game(e, st, Rng(7 + g))
        times.extend(turns)
        if w == DRAW:
            draws += 1
        elif w == first:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses, times


def solve(e, depth, bufs, count, alpha=-1, beta=1):
    """Exact value (+1 win, 0 draw, -1 loss) for the player to move; None when the depth or
    the node cap (count[1]) ran out first."""
    w = e.winner()
    if w >= 0:
        return 0 if w == DRAW else (1 if w == e.turn else -1)
    if depth == 0 or count[0] > count[1]:
        return None
    buf = bufs[depth]
    m = e.legal(buf)
    best = -2
    unknown = False
    for j in range(m):
        e.play(buf[j])
        count[0] += 1
        v = solve(e, depth - 1, bufs, count, -beta, -alpha)
        e.undo()
        if v is None:
            unknown = True
            continue
        v = -v
        best = max(best, v)
        alpha = max(alpha, best)
        if alpha >= beta:
            return best
    if unknown and best < 1:
        return None
    return best


def forced(goal, games=200, variant=0, cap=400000):
    """Per tournament game (seed and seat as in tournament()): the exact result for hard's
    seat. -> (forced wins, forced draws, forced losses, unknown, [value or None per game])."""
    bufs = [bytearray(MAX_ACTIONS) for _ in range(41)]
    out = []
    for g in range(games):
        e = Engine()
        e.new_game(options(1000 + g, goal, variant))
        v = solve(e, 40, bufs, [0, cap])
        if v is not None and g & 1:
            v = -v  # hard is player 1 in odd games
        out.append(v)
    return out.count(1), out.count(0), out.count(-1), out.count(None), out


def _stats(xs):
    if not xs:
        return 0.0, 0.0
    return 1000.0 * sum(xs) / len(xs), 1000.0 * max(xs)


def main(out=print, games=200):
    plays, undos = engine_times()
    m, x = _stats(plays)
    out("MobGer engine: play (one movement sequence) mean %.3f ms, max %.3f ms on the host; "
        "device x%d: mean %.0f ms, max %.0f ms" % (m, x, DEVICE_FACTOR, m * DEVICE_FACTOR,
                                                   x * DEVICE_FACTOR))
    m, x = _stats(undos)
    out("MobGer engine: undo mean %.3f ms, max %.3f ms; device mean %.1f ms, max %.1f ms"
        % (m, x, m * DEVICE_FACTOR, x * DEVICE_FACTOR))
    per = {1: [], 2: [], 3: []}
    for variant in (0, 1):
        for s in (1, 2, 3):
            for goal in (0, 1):
                _w, _d, _l, times = tournament(goal, 10, s, 2 if s != 2 else 1, variant)
                per[s].extend(t for st, t in times if st == s)
    ok = True
    for s, name in ((1, "easy"), (2, "normal"), (3, "hard")):
        m, x = _stats(per[s])
        dev = x * DEVICE_FACTOR
        ok = ok and dev <= TURN_BUDGET_MS
        out("MobGer AI %-6s: turn mean %.2f ms, max %.2f ms on the host; device x%d: mean %.0f ms,"
            " max %.0f ms (budget %.0f ms) %s" % (name, m, x, DEVICE_FACTOR, m * DEVICE_FACTOR, dev,
                                                 TURN_BUDGET_MS, "ok" if dev <= TURN_BUDGET_MS
                                                 else "OVER"))
    shares = []
    for goal, name in ((0, "A"), (1, "B")):
        w, d, l, _t = tournament(goal, games)
        share = w / float(games)
        shares.append(share)
        out("MobGer tournament goal %s, hard vs normal, %d games (alternating starter): "
            "%d wins, %d draws, %d losses, hard won %.1f%% of all games %s, %.1f%% of decided ones"
            % (name, games, w, d, l, 100 * share, "ok" if share >= 0.7 else "BELOW 70%",
               100.0 * w / max(1, w + l)))
        fw, fd, fl, fu, vals = forced(goal, games)
        out("  exact solve of those starts (hard's seat): %d won, %d drawn, %d lost by force, "
            "%d unsolved: a perfect player reaches %.1f%% against a perfect opponent"
            % (fw, fd, fl, fu, 100.0 * fw / games))
        ne, de, le, _t = tournament(goal, games, 2, 1)
        out("  normal vs easy, %d games: %d wins, %d draws, %d losses (%.1f%%)"
            % (games, ne, de, le, 100.0 * ne / games))
    return ok, shares


if __name__ == "__main__":
    main()
