"""Mental IQ+ level generator (host only): seeded random boards, kept when the BFS solver
(host_sim/mentaliq/solver.py) proves their shortest solution long enough, then lengthened by a
hill climb on piece placement.

    python -m host_sim.mentaliq.generator --seed S [--count N] [--out FILE] [--tiers NAME]

Method, per level (one Tier):
1. A random board of the tier's size and planes: the tier's counts of blocks (walls), holes,
   sliders (short runs), vectors, bricks, bombs; jewels on plane 1, their flags on the top
   plane when there are several planes (so a transborder must lift each jewel), transborders up
   on every plane but the top one, transfert tiles on a column through every plane (so Gwydyon
   can follow). Boards the pack reader refuses (a vector that moves a piece at the start...)
   are redrawn.
2. Score = (shortest solution length, pushes) by the BFS solver, capped in positions
   (Tier.states, never seconds: a seed gives the same pack on any machine). A board scores -1
   when the solver finds no solution within the cap, or when its solution does not use every
   special piece the board shows (a slider must slide something, a vector move something, a
   transborder carry, a bomb blow up or be moved, a transfert be used): the shipped-pack tests
   require that of every level.
3. Hill climb (like host_sim/whirly/generator.py's boximaze_generate): Tier.steps times, move
   one thing (a piece, a flag, a slider run, a vector, a hole, the transfert column) to a random
   free cell, or turn a vector; keep the change when the score does not drop.
4. The level is kept when its length is within the tier's [low, high] range; otherwise the next
   attempt (seed + 1000 * k) starts afresh, at most Tier.attempts times.

A pack lists the levels made by the tiers in increasing shortest-solution length.
"""

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(REPO, "lib"), REPO):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from handheld.packs_util import PackError  # noqa: E402
from games.mentaliq import board  # noqa: E402
from games.mentaliq.constants import (EV_TRANSBORDER, P_BLOCK, P_BOMB, P_BRICK,  # noqa: E402
                                      P_GWYDYON, P_JEWEL, P_REP, P_REP2, P_TB_DOWN, P_TB_UP,
                                      T_FLAG, T_FLOOR, T_HOLE, T_SLIDER, T_TRANSFERT, T_VECTOR)
from host_sim.mentaliq import solver  # noqa: E402


class Tier:
    """One level's recipe: `planes` planes of `width` x `height` cells; counts per piece/tile
    (blocks and holes on each plane, the rest in all); `states` caps each solver run; `steps`
    hill-climb moves; a level is kept when low <= shortest length <= high. down: the jewels
    start on the top plane and their flags are on plane 1 (transborders down carry them);
    repulsors: that many répulsors, a pair of one type on two planes, then the other type."""

    def __init__(self, name, planes, width, height, jewels=1, blocks=0, holes=0, sliders=0,
                 vectors=0, bricks=0, bombs=0, low=6, high=60, states=30000, steps=40,
                 attempts=6, draws=80, down=False, repulsors=0):
        self.name = name
        self.planes = planes
        self.width = width
        self.height = height
        self.jewels = jewels
        self.blocks = blocks
        self.holes = holes
        self.sliders = sliders
        self.vectors = vectors
        self.bricks = bricks
        self.bombs = bombs
        self.low = low
        self.high = high
        self.states = states
        self.steps = steps
        self.attempts = attempts
        self.draws = draws
        self.down = down
        self.repulsors = repulsors


# The shipped pack levels/mentaliq/06-long-roads.txt: one level per tier, from a warm-up to
# 60+ moves. 8 px tiles need width <= 12 and height <= 6 (games/mentaliq/scene.py tile_size).
LONG_ROADS = (
    Tier("ice", 1, 6, 5, blocks=5, sliders=2, vectors=1, low=14, high=30, states=20000),
    Tier("arrows", 1, 7, 5, blocks=6, holes=1, sliders=2, vectors=2, low=18, high=34,
         states=20000),
    Tier("lift", 2, 5, 4, blocks=3, low=20, high=40, states=20000),
    Tier("bomb", 1, 7, 5, blocks=5, sliders=2, bricks=2, bombs=1, low=24, high=44,
         states=30000),
    Tier("two", 1, 7, 5, jewels=2, blocks=5, sliders=2, vectors=1, low=28, high=50,
         states=30000),
    Tier("ice lift", 2, 6, 4, blocks=3, sliders=2, low=30, high=52, states=30000),
    Tier("maze", 1, 8, 6, jewels=2, blocks=10, holes=1, sliders=2, vectors=2, low=34, high=60,
         states=40000, steps=50),
    Tier("two lifts", 2, 6, 4, jewels=2, blocks=3, low=38, high=70, states=40000, steps=50),
    Tier("high ice", 2, 6, 5, jewels=2, blocks=4, sliders=2, vectors=1, low=44, high=80,
         states=50000, steps=50),
    Tier("long", 2, 7, 5, jewels=2, blocks=5, sliders=2, low=50, high=90, states=60000,
         steps=60),
    Tier("longer", 2, 7, 5, jewels=2, blocks=6, sliders=2, vectors=1, low=56, high=99,
         states=60000, steps=60),
    Tier("longest", 2, 8, 5, jewels=2, blocks=7, sliders=2, vectors=1, low=60, high=99,
         states=70000, steps=70),
    # the pieces the tiers above leave out: transborders down, répulsors (push-back, bricks)
    Tier("down", 2, 6, 5, jewels=2, blocks=4, sliders=2, down=True, low=40, high=99,
         states=60000, steps=50),
    Tier("repel", 2, 6, 4, blocks=2, sliders=2, repulsors=2, low=30, high=90, states=50000,
         steps=50),
    Tier("merge", 1, 7, 5, blocks=4, repulsors=4, bricks=1, low=26, high=80, states=40000,
         steps=50),
)

# A tiny tier for tests: fast, still a real climb.
TINY = (Tier("tiny", 1, 5, 4, blocks=2, sliders=2, vectors=1, low=4, high=40, states=3000,
             steps=6, attempts=3),)

TIER_SETS = {"long-roads": LONG_ROADS, "tiny": TINY}


class Made:
    def __init__(self, level, moves, length, pushes, states, tier, seed, climbs):
        self.level = level
        self.moves = moves
        self.length = length
        self.pushes = pushes
        self.states = states
        self.tier = tier
        self.seed = seed
        self.climbs = climbs


# ---------------------------------------------------------------- boards
class Draft:
    """A board being made: tile and piece bytearrays (engine layout) plus the lists of things
    the hill climb may move."""

    def __init__(self, tier):
        self.P = tier.planes
        self.W = tier.width
        self.H = tier.height
        self.ps = self.W * self.H
        self.tile = bytearray(self.P * self.ps)
        self.piece = bytearray(self.P * self.ps)

    def free(self, c):
        return self.tile[c] == T_FLOOR and self.piece[c] == 0

    def level(self):
        """A board.Level via the pack reader (its checks apply) or None."""
        rows = board.format_board(self.P, self.W, self.H, self.tile, self.piece).split("\n")
        try:
            return board.parse_rows(rows)
        except PackError:
            return None

    def text(self):
        """Body rows with spaced cells, as the shipped packs write them."""
        out = []
        for row in board.format_board(self.P, self.W, self.H, self.tile, self.piece).split("\n"):
            segs = []
            for seg in row.split(" | "):
                segs.append(" ".join(seg[i:i + 2] for i in range(0, len(seg), 2)))
            out.append(" | ".join(segs))
        return "\n".join(out)


def plane_cells(d, z):
    return range(z * d.ps, (z + 1) * d.ps)


def _pick_free(rng, d, z, inner=False):
    cells = [c for c in plane_cells(d, z) if d.free(c) and (not inner or _inner(d, c))]
    return rng.choice(cells) if cells else -1


def _inner(d, c):
    x, y = (c % d.ps) % d.W, (c % d.ps) // d.W
    return 0 < x < d.W - 1 and 0 < y < d.H - 1


def _slider_run(rng, d, z, n):
    """n sliders in a row or column on plane z, on free cells; [] when none fits."""
    for _ in range(20):
        c = _pick_free(rng, d, z)
        if c < 0:
            return []
        x, y = (c % d.ps) % d.W, (c % d.ps) // d.W
        dx, dy = rng.choice(((1, 0), (0, 1)))
        run = []
        for k in range(n):
            xx, yy = x + k * dx, y + k * dy
            if xx >= d.W or yy >= d.H:
                break
            cc = z * d.ps + yy * d.W + xx
            if not d.free(cc):
                break
            run.append(cc)
        if len(run) == n:
            for cc in run:
                d.tile[cc] = T_SLIDER
            return run
    return []


def draw(rng, tier):
    """A random Draft for tier, or None."""
    d = Draft(tier)
    top = d.P - 1
    if d.P > 1:  # the transfert column through every plane
        c = rng.randrange(d.ps)
        for z in range(d.P):
            d.tile[z * d.ps + c] = T_TRANSFERT
    for z in range(d.P):
        for _ in range(tier.holes if z == 0 or d.P == 1 else 0):
            c = _pick_free(rng, d, z)
            d.tile[c] = T_HOLE
    start, goal = (top, 0) if tier.down else (0, top)
    c = _pick_free(rng, d, start)
    d.piece[c] = P_GWYDYON
    for _ in range(tier.jewels):
        c = _pick_free(rng, d, start, inner=True)
        if c < 0:
            return None
        d.piece[c] = P_JEWEL
        c = _pick_free(rng, d, goal)
        d.tile[c] = T_FLAG
    for z in range(d.P - 1):    # on every plane but the last one a jewel reaches
        z = top - z if tier.down else z
        for _ in range(tier.jewels if z == start else 1):
            c = _pick_free(rng, d, z, inner=True)
            if c < 0:
                return None
            d.piece[c] = P_TB_DOWN if tier.down else P_TB_UP
    for k in range(tier.repulsors):
        c = _pick_free(rng, d, k % d.P, inner=True)
        if c < 0:
            return None
        d.piece[c] = P_REP2 if k // 2 % 2 else P_REP
    # sliders in runs of two, vectors single, on plane 1 and the top plane alike
    n = tier.sliders
    while n > 0:
        run = _slider_run(rng, d, rng.randrange(d.P), min(2, n))
        if not run:
            return None
        n -= len(run)
    for _ in range(tier.vectors):
        c = _pick_free(rng, d, rng.randrange(d.P))
        if c < 0:
            return None
        d.tile[c] = T_VECTOR + rng.randrange(4)
    for z in range(d.P):
        for _ in range(tier.blocks):
            c = _pick_free(rng, d, z)
            if c < 0:
                return None
            d.piece[c] = P_BLOCK
    for p, n in ((P_BRICK, tier.bricks), (P_BOMB, tier.bombs)):
        for _ in range(n):
            c = _pick_free(rng, d, 0)
            if c < 0:
                return None
            d.piece[c] = p
    return d


def mutate(rng, d):
    """Move one thing to a random free cell of its plane (or turn a vector). Returns an undo
    function, or None when nothing changed."""
    tile, piece = d.tile, d.piece
    things = []
    for c in range(len(tile)):
        if piece[c]:
            things.append(("piece", c))
        t = tile[c]
        if t in (T_HOLE, T_FLAG, T_SLIDER) or T_VECTOR <= t < T_VECTOR + 4:
            things.append(("tile", c))
        if t == T_TRANSFERT and c < d.ps:
            things.append(("column", c))
    kind, c = rng.choice(things)
    z = c // d.ps
    if kind == "tile" and T_VECTOR <= tile[c] < T_VECTOR + 4 and rng.random() < 0.3:
        old = tile[c]
        tile[c] = T_VECTOR + (old - T_VECTOR + rng.randrange(1, 4)) % 4

        def undo_turn():
            tile[c] = old
        return undo_turn
    if kind == "column":
        n = rng.randrange(d.ps)
        if any(tile[zz * d.ps + n] != T_FLOOR for zz in range(d.P)):
            return None
        for zz in range(d.P):
            tile[zz * d.ps + c] = T_FLOOR
            tile[zz * d.ps + n] = T_TRANSFERT

        def undo_column():
            for zz in range(d.P):
                tile[zz * d.ps + n] = T_FLOOR
                tile[zz * d.ps + c] = T_TRANSFERT
        return undo_column
    if kind == "piece":
        p = piece[c]
        cells = [n for n in plane_cells(d, z) if not piece[n] and tile[n] != T_HOLE]
        if not cells:
            return None
        n = rng.choice(cells)
        piece[c] = 0
        piece[n] = p

        def undo_piece():
            piece[n] = 0
            piece[c] = p
        return undo_piece
    t = tile[c]
    if t == T_HOLE:
        cells = [n for n in plane_cells(d, z) if d.free(n)]
    else:
        cells = [n for n in plane_cells(d, z) if tile[n] == T_FLOOR]
    if not cells:
        return None
    n = rng.choice(cells)
    tile[c] = T_FLOOR
    tile[n] = t

    def undo_tile():
        tile[n] = T_FLOOR
        tile[c] = t
    return undo_tile


# ---------------------------------------------------------------- scoring
def uses_everything(level, moves):
    """Does the solution use every special piece and tile the level shows? (The shipped-pack
    tests ask this of every level.)"""
    ev = solver.events_of(level, moves)
    tiles = set(level.tile)
    pieces = set(level.piece)
    if T_SLIDER in tiles and "slide" not in ev:
        return False
    if tiles & {T_VECTOR, T_VECTOR + 1, T_VECTOR + 2, T_VECTOR + 3} and "vector" not in ev:
        return False
    if pieces & {P_TB_UP, P_TB_DOWN} and not transborders_used(level, moves, pieces):
        return False
    if pieces & {P_REP, P_REP2} and not ev.keys() & {"repulse", "brick"}:
        return False
    if T_TRANSFERT in tiles and "plane" not in ev:
        return False
    if P_BOMB in pieces and "boom" not in ev:
        e = solver.replay(level, moves)
        if [c for c in range(e.ncells) if level.piece[c] == P_BOMB] == \
                [c for c in range(e.ncells) if e.piece[c] == P_BOMB]:
            return False
    return True


def transborders_used(level, moves, pieces):
    """Does the solution carry a piece up when the level has a transborder up, and down when
    it has one down?"""
    need = {P_TB_UP, P_TB_DOWN} & pieces
    e = solver.engine_for(level)
    for a in board.parse_moves(moves):
        if not e.play(a):
            break
        for i in range(e.nevents):
            if e.events[3 * i] & 15 == EV_TRANSBORDER:
                a_, b_ = e.events[3 * i + 1], e.events[3 * i + 2]
                need.discard(P_TB_UP if b_ // e.psize > a_ // e.psize else P_TB_DOWN)
        if not need:
            return True
    return not need


def score(d, tier):
    """((length, pushes), moves, states) of a Draft; length -1 when rejected."""
    lv = d.level()
    if lv is None:
        return (-1, 0), None, 0
    st = {}
    moves = solver.solve(lv, time_limit=None, max_states=tier.states, stats=st)
    if moves is None or not uses_everything(lv, moves):
        return (-1, 0), None, st.get("states", 0)
    return (st["moves"], sum(1 for ch in moves if ch.isupper())), moves, st["states"]


def generate_one(tier, seed):
    """One attempt: a Made level or None. Deterministic for (tier, seed)."""
    rng = random.Random(seed)
    best = (-1, 0)
    for _ in range(tier.draws):  # random boards until the solver finishes one
        d = draw(rng, tier)
        if d is None:
            continue
        best, moves, states = score(d, tier)
        if best[0] >= 0:
            break
    if best[0] < 0:
        return None
    climbs = 0
    for _ in range(tier.steps):
        undo = mutate(rng, d)
        if undo is None:
            continue
        sc, m, s = score(d, tier)
        if sc >= best and sc[0] <= tier.high:
            if sc > best:
                climbs += 1
            best, moves, states = sc, m, s
        else:
            undo()
    if not tier.low <= best[0] <= tier.high:
        return None
    return Made(d.text(), moves, best[0], best[1], states, tier, seed, climbs)


def generate_tier(tier, seed):
    """The first attempt of tier whose length is in range (seeds seed, seed + 1000, ...)."""
    for k in range(tier.attempts):
        m = generate_one(tier, seed + 1000 * k)
        if m is not None:
            return m
    return None


def generate(seed, tiers=LONG_ROADS, count=None, log=None):
    """Levels for the first `count` tiers (all by default), at most one each, sorted by length
    (strictly growing: see below)."""
    made = []
    for i, tier in enumerate(tiers[:count] if count else tiers):
        t0 = time.time()
        m = generate_tier(tier, seed * 100 + i)
        if log:
            log("tier %-10s %s (%.1f s)" % (tier.name, "%d moves, %d pushes, %d positions" % (
                m.length, m.pushes, m.states) if m else "nothing in range", time.time() - t0))
        if m is not None:
            made.append(m)
    # one level per length, so that the pack's lengths grow strictly: of two levels of one
    # length, the one with more pushes (then the later tier) stays
    made.sort(key=lambda m: (m.length, m.pushes, tiers.index(m.tier)))
    out = []
    for m in made:
        if out and out[-1].length == m.length:
            if log:
                log("dropped tier %s: %d moves like tier %s" % (out[-1].tier.name, m.length,
                                                               m.tier.name))
            out[-1] = m
        else:
            out.append(m)
    return out


# ---------------------------------------------------------------- pack text
# Titles and comments of the shipped pack's levels (seed SHIPPED_SEED), by tier name: written
# by hand after looking at each level, so that the regenerate command rebuilds the file as is.
SHIPPED_SEED = 1
NOTES = {
    "arrows": ("Arrow walk", "Arrows move Gwydyon too. Get behind the jewel before you push "
               "it toward the flag."),
    "bomb": ("Clear the way", "The bomb can take out one brick for you. Line it up before the "
             "jewel goes."),
    "ice": ("Cold corner", "Ice and an arrow. Walk round before each push: the jewel must "
            "stop where you can reach it."),
    "ice lift": ("Icy lift", "Push the jewel into the transborder, then take the transfert "
                 "tile up after it."),
    "lift": ("Long lift", "Up on plane 2 the jewel still has a way to go: lift it where you "
             "can push it on."),
    "two": ("Two by two", "Two jewels, two flags. Arrows help them along; mind which flag "
            "each jewel takes."),
    "high ice": ("Up and down", "Two jewels to lift. Bring the first one home on plane 2, then "
                 "go back down for the other."),
    "maze": ("Block maze", "The blocks make every push a long walk. Decide which jewel goes "
             "to which flag first."),
    "long": ("Two lifts", "Two transborders, two jewels: lift one, push it onto its flag, then "
             "fetch the other."),
    "two lifts": ("Side by side", "The jewels sit side by side. Free one without trapping the "
                  "other."),
    "longest": ("Far flags", "Ice, an arrow and two lifts. See where each jewel lands on plane "
                "2 before you push it up."),
    "down": ("Down the well", "Both jewels start up on plane 2. Drop each one through a "
             "transborder down, then follow it."),
    "repel": ("Push-back", "A repulsor blocks the jewel's column up there. Push the one below "
              "under it and it moves aside."),
    "merge": ("Make a brick", "Repulsors of two kinds that meet make a brick. Choose which pair "
              "meets, then clear the jewel's way."),
    "longer": ("Long road home", "The last road: two jewels, two lifts, ice on plane 2. Take "
               "your time; B undoes."),
}
PACK_TITLE = "Long roads"
PACK_DESCRIPTION = "Generated levels from 21 to 98 moves: everything together, at length."


def pack_text(made, seed, command, notes=None):
    notes = NOTES if notes is None else notes
    lines = ["Title: %s" % PACK_TITLE, "Author: Puzzle Handheld team", "Game: mentaliq"]
    if PACK_DESCRIPTION:
        lines.append("Description: %s" % PACK_DESCRIPTION)
    lines.append("; regenerate: %s" % command)
    lines.append("; made by host_sim/mentaliq/generator.py (seed %d): each solution is the BFS "
                 "solver's shortest" % seed)
    lines.append("")
    for n, m in enumerate(made):
        title, comment = notes.get(m.tier.name, ("Road %s" % _roman(n + 1), ""))
        lines.append(m.level)
        lines.append("Title: %s" % title)
        if comment:
            lines.append("Comment: %s" % comment)
        lines.append("Solution: %s" % m.moves)
        lines.append("")
    return "\n".join(lines)


def _roman(n):
    out = ""
    for v, s in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out += s
            n -= v
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.mentaliq.generator",
                                 description="Generate Mental IQ+ levels with long shortest "
                                 "solutions (BFS-checked).")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=None, help="first N tiers only")
    ap.add_argument("--tiers", default="long-roads", choices=sorted(TIER_SETS))
    ap.add_argument("--out", default=None, help="write a pack file here")
    a = ap.parse_args(argv)
    t0 = time.time()
    made = generate(a.seed, TIER_SETS[a.tiers], a.count, log=print)
    for n, m in enumerate(made):
        print("level %d: %d moves (%d pushes), tier %s, seed %d, %d climbs" % (
            n + 1, m.length, m.pushes, m.tier.name, m.seed, m.climbs))
        print(m.level)
        print("Solution: %s" % m.moves)
    print("%d levels in %.1f s" % (len(made), time.time() - t0))
    if a.out:
        cmd = "python -m host_sim.mentaliq.generator --seed %d%s --tiers %s --out %s" % (
            a.seed, " --count %d" % a.count if a.count else "", a.tiers, a.out)
        with open(a.out, "w") as f:
            shipped = a.seed == SHIPPED_SEED and a.tiers == "long-roads" and not a.count
            f.write(pack_text(made, a.seed, cmd, None if shipped else {}))
        print("wrote %s" % a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
