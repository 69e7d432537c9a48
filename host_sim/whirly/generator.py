"""Whirly level generator (host only).

    python -m host_sim generate whirly --game NAME [--count N] [--seed S]
                                       [--width W --height H] [--boxes B] [--out FILE]
    python -m host_sim generate whirly --all        # every shipped pack into levels/whirly/

How a level is made (the seed's method):
  1. a room: random rectangles grown from one cell inside a W x H frame (walls around),
     pillars to break open areas, the floor connected;
  2. batons on their goals: boxes on targets (coloured per the pack's style, coloured floors
     and walls where the variant makes them matter), or for BoxiMaze the hero on its htarget;
  3. the CO-GAME (same map, push and pull exchanged) is searched breadth-first from that solved
     position, from every region the hero could finish in; the position farthest away (in
     pushes: exact, a BFS depth) is the level's start. The solution is the co-path of the
     co-game's path (notation.copath), replayed through the engine of the game itself. Past
     a position cap (big rooms) the search goes on deeper with a beam that keeps, per layer,
     the positions the game's own lower bound puts farthest from solved; the solver then
     gets a bounded try at a shorter solution;
  4. trivial levels are rejected (few pushes, short solutions, few boxes to move).
Games without a co-game (flocks, monkeyban, doubleban, colortrain) start from the farthest
positions of their base game's co-game (no flocking, depth 1) and keep only the levels the
engine-driven solver solves under their real rules; its solution is stored.

Everything is deterministic for a given seed: attempt i of a pack uses random.Random(f(seed, i))
and attempts are taken in order even when they run in parallel.
"""

import os
import random
import sys
import time

from games.whirly import board, notation
from games.whirly import rules as R
from games.whirly.engine import (G_FLOOR, G_VOID, G_WALL, T_HTARGET, T_TARGET, U_BOX,
                                 U_HERO, _EMASK)
from host_sim.whirly import pushpull, search, solver

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
AUTHOR = "Puzzle Handheld team (generated)"
SCREEN_W = 16  # cells shown whole with 8-px tiles
SCREEN_H = 8
SAFETY_SECONDS = 600  # searches stop on position caps; this only guards against a hang
# The solver as it made the shipped packs: no prunings, the position cap checked every 64
# expansions (the packs' solutions, and so the packs, come out the same).
SEARCH = {"prune": (), "cap_every": 64}

# how the base game of a co-game-less variant is scrambled
SCRAMBLE_BASE = {"flocks": "colorban", "monkeyban": "sokoban", "doubleban": "sokoban",
                 "colortrain": "colorban"}


def can_enter(ground_byte, colour):
    return (_EMASK[ground_byte] >> colour) & 1 == 1


# ---------------------------------------------------------------- rooms
def make_room(rng, W, H, fill=None):
    """A connected floor inside a W x H frame. Returns the set of floor cells (x, y) with
    1 <= x < W-1, 1 <= y < H-1, or None when the frame is too small."""
    iw, ih = W - 2, H - 2
    if iw < 3 or ih < 3:
        return None
    area = iw * ih
    if fill is None:
        fill = rng.uniform(0.50, 0.68)
    want = max(8, int(area * fill))
    floor = set()
    x, y = rng.randrange(iw), rng.randrange(ih)
    floor.add((x + 1, y + 1))
    tries = 0
    while len(floor) < want and tries < 2000:
        tries += 1
        fx, fy = rng.choice(sorted(floor))
        w = rng.choice((1, 1, 2, 2, 3))
        h = rng.choice((1, 1, 2, 2, 3))
        if w * h == 1:
            w = rng.choice((2, 3, 4))
        ox = fx - rng.randrange(w)
        oy = fy - rng.randrange(h)
        for yy in range(oy, oy + h):
            for xx in range(ox, ox + w):
                if 1 <= xx <= iw and 1 <= yy <= ih:
                    floor.add((xx, yy))
    # pillars: break 3x3 open blocks while the floor stays connected
    for _ in range(area):
        blocks = []
        for (cx, cy) in sorted(floor):
            if all((cx + dx, cy + dy) in floor for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                blocks.append((cx, cy))
        if not blocks:
            break
        c = rng.choice(blocks)
        floor.discard(c)
        if not _connected(floor):
            floor.add(c)
            break
    return floor


def make_maze(rng, W, H, loops):
    """A corridor maze inside a W x H frame (cells at odd coordinates, carved by a random
    depth-first walk), with `loops` extra openings so that boxes can be walked round."""
    cols, rows = (W - 1) // 2, (H - 1) // 2
    if cols < 2 or rows < 2:
        return None
    floor = set()
    start = (rng.randrange(cols), rng.randrange(rows))
    seen = {start}
    stack = [start]
    floor.add((2 * start[0] + 1, 2 * start[1] + 1))
    while stack:
        cx, cy = stack[-1]
        nexts = [(cx + dx, cy + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if 0 <= cx + dx < cols and 0 <= cy + dy < rows and (cx + dx, cy + dy) not in seen]
        if not nexts:
            stack.pop()
            continue
        nx, ny = rng.choice(nexts)
        seen.add((nx, ny))
        floor.add((2 * nx + 1, 2 * ny + 1))
        floor.add((cx + nx + 1, cy + ny + 1))   # the wall between the two cells
        stack.append((nx, ny))
    walls = sorted((x, y) for x in range(1, 2 * cols) for y in range(1, 2 * rows)
                   if (x + y) % 2 == 1 and (x, y) not in floor)
    rng.shuffle(walls)
    for c in walls[:loops]:
        floor.add(c)
    return floor


def _connected(floor):
    if not floor:
        return False
    start = next(iter(floor))
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in floor and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(floor)


def crop(floor):
    """Move the floor so its bounding box starts at (1, 1); returns (floor, W, H)."""
    xs = [x for x, y in floor]
    ys = [y for x, y in floor]
    x0, y0 = min(xs), min(ys)
    out = set((x - x0 + 1, y - y0 + 1) for x, y in floor)
    return out, max(xs) - x0 + 3, max(ys) - y0 + 3


# ---------------------------------------------------------------- styles
class Style:
    """How a pack dresses its levels: hero colour, box colours, coloured floors and walls."""

    def __init__(self, hero=0, boxes=(0,), floors=(), walls=(), floor_share=0.0,
                 wall_share=0.0, htarget=False, fmt="xsb"):
        self.hero = hero
        self.boxes = boxes
        self.floors = floors
        self.walls = walls
        self.floor_share = floor_share
        self.wall_share = wall_share
        self.htarget = htarget
        self.fmt = fmt


def dress(rng, floor, W, H, nboxes, style):
    """-> (ground, goal, unit, targets) of the solved position, or None."""
    size = W * H
    ground = bytearray([G_VOID]) * size
    goal = bytearray(size)
    unit = bytearray(size)
    cells = sorted(floor)
    for x, y in cells:
        ground[y * W + x] = G_FLOOR
    for y in range(H):
        for x in range(W):
            if (x, y) in floor:
                continue
            if any((x + dx, y + dy) in floor for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                ground[y * W + x] = G_WALL
    # void pockets enclosed by the walls become walls (they would read back as floor)
    seen = bytearray(size)
    stack = [c for c in range(size) if ground[c] == G_VOID and
             (c % W in (0, W - 1) or c // W in (0, H - 1))]
    for c in stack:
        seen[c] = 1
    while stack:
        c = stack.pop()
        x = c % W
        for n in (c - W, c + W, c - 1 if x else -1, c + 1 if x < W - 1 else -1):
            if 0 <= n < size and not seen[n] and ground[n] == G_VOID:
                seen[n] = 1
                stack.append(n)
    for c in range(size):
        if ground[c] == G_VOID and not seen[c]:
            ground[c] = G_WALL
    # coloured walls: only walls with walls or floor all around (never next to the outside)
    if style.walls and style.wall_share:
        inner = []
        for y in range(1, H - 1):
            for x in range(1, W - 1):
                c = y * W + x
                if ground[c] != G_WALL:
                    continue
                around = [ground[(y + dy) * W + x + dx] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                if G_VOID in around:
                    continue
                if sum(1 for d in ((1, 0), (-1, 0), (0, 1), (0, -1))
                       if (x + d[0], y + d[1]) in floor) >= 2:
                    inner.append(c)
        rng.shuffle(inner)
        for c in inner[:max(1, int(len(inner) * style.wall_share))] if inner else []:
            ground[c] = G_WALL | rng.choice(style.walls)
    if style.floors and style.floor_share:
        k = max(1, int(len(cells) * style.floor_share))
        for _ in range(k):
            x, y = rng.choice(cells)
            col = rng.choice(style.floors)
            ground[y * W + x] = G_FLOOR | col
            # a small patch: one neighbour too
            nx, ny = rng.choice(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
            if (nx, ny) in floor and rng.random() < 0.6:
                ground[ny * W + nx] = G_FLOOR | col
    free = [y * W + x for x, y in cells]
    rng.shuffle(free)
    if style.htarget:  # BoxiMaze: the hero on its htarget, boxes anywhere
        h = None
        for c in free:
            if can_enter(ground[c], style.hero):
                h = c
                break
        if h is None:
            return None
        goal[h] = T_HTARGET | style.hero
        unit[h] = U_HERO | style.hero
        placed = 0
        for c in free:
            if placed == nboxes:
                break
            col = style.boxes[placed % len(style.boxes)]
            if not unit[c] and can_enter(ground[c], col):
                unit[c] = U_BOX | col
                placed += 1
        if placed < nboxes:
            return None
        return ground, goal, unit
    placed = 0
    for c in free:
        if placed == nboxes:
            break
        col = style.boxes[placed % len(style.boxes)]
        if can_enter(ground[c], col):
            goal[c] = T_TARGET | col
            unit[c] = U_BOX | col
            placed += 1
    if placed < nboxes:
        return None
    for c in free:
        if not unit[c] and can_enter(ground[c], style.hero):
            unit[c] = U_HERO | style.hero
            return ground, goal, unit
    return None


def make_level(W, H, ground, goal, unit, variant, fmt, name="", solution=""):
    return board.Level(W, H, ground, goal, unit, variant, fmt, name, solution)


def level_text(level, fmt):
    """The level's body as a pack stores it: board.format_board without the outside cells
    that trail a row (the parser turns outside floor into the void again)."""
    W = level.width
    rows = board.format_board(W, level.height, level.ground, level.goal, level.unit,
                              fmt).split("\n")
    out = []
    for y, row in enumerate(rows):
        last = -1
        for x in range(W):
            if level.ground[y * W + x] != G_VOID:
                last = x
        body = row.lstrip(" ")
        if fmt == "whirly" and " " in body:  # a token row: one token per cell
            toks = row.split()
            out.append(" ".join(toks[:last + 1]))
        else:
            out.append(row[:last + 1].rstrip())
    return "\n".join(out)


# ---------------------------------------------------------------- one level
class Made:
    """A generated level: its text (as the pack stores it), solution and figures."""

    def __init__(self, level, text, solution, pushes, moves, boxes, states, how):
        self.level = level
        self.text = text
        self.solution = solution
        self.pushes = pushes
        self.moves = moves
        self.boxes = boxes  # boxes that move in the solution / start off their goal
        self.states = states  # positions searched (reported, not used to order)
        self.how = how

    def difficulty(self):
        return difficulty(self.pushes, self.moves, self.level.variant)


def difficulty(pushes, moves, variant=None):
    """The order of a pack: fewer pushes first (pushes in the engine's sense: every move that
    met a box), then fewer moves; BoxiMaze (the hero's own way home) fewer moves first.
    tests/test_whirly_packs.py checks packs against it."""
    if variant == "boximaze":
        return (moves, pushes)
    return (pushes, moves)


def _roots_fast(M, boxes):
    """One (boxes, hero cell) per region the hero could stand in around boxes."""
    occ = 0
    for m in boxes:
        occ |= m
    free = M.walk & ~occ
    roots = []
    seen = 0
    for c in M.bits.cells(free):
        if (seen >> c) & 1:
            continue
        seen |= M.bits.flood(c, free)
        roots.append((boxes, c))
    return roots


def _deepest(items, depth_of, rng, score, pick):
    """The `pick` best of the deepest items by score; ties broken by the seeded rng."""
    if not items:
        return []
    D = max(depth_of(k) for k in items)
    deep = [k for k in items if depth_of(k) == D]
    rng.shuffle(deep)
    deep.sort(key=score, reverse=True)  # stable: the shuffle decides ties
    return deep[:pick]


def _off_goal(goal, unit):
    """Boxes not on a matching target."""
    n = 0
    for c in range(len(unit)):
        v = unit[c]
        if v >> 4 == 2:
            g = goal[c]
            if not (g >> 4 == 2 and ((g & 15) == (v & 15) or not g & 15 or not v & 15)):
                n += 1
    return n


def _unit_of(M, boxes, hero):
    """Unit bytes of a push-model position (boxes tuple, hero cell) of model M."""
    unit = bytearray(M.size)
    for gi, m in enumerate(boxes):
        for c in M.bits.cells(m):
            unit[c] = U_BOX | M.cols[gi]
    unit[hero] = U_HERO | M.hc
    return unit


def _forward_bound(M, game):
    """Score of a co-game position key: (boxes off goal, the game's push lower bound), so the
    search prefers positions that really are far from solved in the game itself."""
    fwd = pushpull.Model(M.level, game) if pushpull.applicable(M.level, game) is None else None
    goal = M.level.goal

    def score(key):
        boxes = key[:-1]
        lb = fwd.lower_bound(boxes) if fwd is not None else 0
        return (_off_goal(goal, _unit_of(M, boxes, key[-1])), lb if lb < pushpull.INF else -1)
    return score


def _with_hero(level, cell):
    unit = bytearray(level.unit)
    for c in range(len(unit)):
        if unit[c] >> 4 == 1:
            old = c
    if old != cell:
        unit[cell] = unit[old]
        unit[old] = 0
    return make_level(level.width, level.height, level.ground, level.goal, unit, level.variant,
                      level.fmt)


def first_solved(level, solution):
    """solution cut where level is first solved (a co-path ends with a useless walk)."""
    e = solver.replay(level, "")
    letters = []
    for a in notation.parse_moves(solution):
        if not e.play(a):
            return solution
        letters.append(notation.letter(a, e.last_kind))
        if e.solved():
            return "".join(letters)
    return solution


def boxes_moved(level, solution):
    """How many boxes the solution moves (a box that comes back still counts)."""
    e = solver.replay(level, "")
    size = level.width * level.height
    ident = list(range(size))  # which original box stands on each cell
    moved = set()
    for a in notation.parse_moves(solution):
        before = bytes(e.unit)
        e.play(a)
        changed = [c for c in range(size) if e.unit[c] != before[c]]
        # match boxes that left a cell with boxes that arrived (same unit byte, nearest)
        gone = [c for c in changed if before[c] >> 4 == 2 and e.unit[c] != before[c]]
        came = [c for c in changed if e.unit[c] >> 4 == 2 and e.unit[c] != before[c]]
        new_ident = ident[:]
        for c in came:
            src = min(gone, key=lambda g: (before[g] != e.unit[c], abs(g - c)))
            gone.remove(src)
            new_ident[c] = ident[src]
            moved.add(ident[src])
        ident = new_ident
    return len(moved)


# What a level of each named game must make the player use (issue 15: half the Flocks,
# Monkeyban, Doubleban and Colortrain levels were solved by plain single pushes): "multi" = one
# action that moves two boxes or more (a flock, a train, a depth-2 push), else engine kinds.
RULE_NEEDS = {"flocks": ("multi",), "monkeyban": ("multi",), "doubleban": ("multi",),
              "colortrain": ("multi",), "pullswappush": ("pull", "swap"), "leappush": ("leap",),
              "pullpush": ("pull", "push"), "co-pullpush": ("pull", "push")}
_KIND_OF = {"push": 1, "pull": 2, "swap": 3, "leap": 4}   # constants.K_PUSH ... K_LEAP
_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))               # up, right, down, left


def rule_uses(level, solution):
    """The set of what `solution` uses: engine kinds by name, and "multi" when one action moves
    two boxes or more (boxes in line in front of the hero, or boxes that change cells)."""
    e = solver.replay(level, "")
    W = level.width
    used = set()
    for a in notation.parse_moves(solution):
        before = bytes(e.unit)
        hero = e.hero
        if not e.play(a):
            break
        for name, k in _KIND_OF.items():
            if e.last_kind == k:
                used.add(name)
        if a < 4 and e.last_kind == 1:
            dx, dy = _STEP[a]
            x, y = hero % W + dx, hero // W + dy
            chain = 0
            while 0 <= x < W and 0 <= y < level.height and before[y * W + x] >> 4 == 2:
                chain += 1
                x, y = x + dx, y + dy
            if chain >= 2 and e.unit[y * W + x - dy * W - dx] >> 4 == 2:
                used.add("multi")
        left = [c for c in range(len(before)) if before[c] >> 4 == 2 and e.unit[c] != before[c]]
        if len(left) >= 2:
            used.add("multi")
    return used


def needs_met(variant, level, solution):
    need = RULE_NEEDS.get(variant)
    return not need or set(need) <= rule_uses(level, solution)


def finish(variant, style, W, H, ground, goal, unit, solution, states, how, limits,
           improve=0):
    """The game's level from a start position and a solution: written as the pack will store
    it, read back, the solution cut at the first solved position and checked through the
    engine; improve > 0 also asks the solver for a shorter one (within that many positions).
    Returns a Made, or None when it fails or is trivial (limits = (min pushes, min moves,
    min boxes moved))."""
    lv = make_level(W, H, bytearray(ground), bytearray(goal), bytearray(unit), variant,
                    style.fmt)
    text = level_text(lv, style.fmt)
    lv = board.parse_rows(text.split("\n"), 1, style.fmt, variant)
    if (lv.width, lv.height) != (W, H) or bytes(lv.ground) != bytes(ground):
        raise AssertionError("level text does not read back:\n" + text)
    solution = first_solved(lv, solution)
    if solver.check(lv, solution) is not None:
        return None
    pushes, moves = solver.figures(lv, solution)
    if improve:
        s = solver.solve(lv, variant, max_states=improve, time_limit=SAFETY_SECONDS, **SEARCH)
        if s is not None:
            p, m = solver.figures(lv, s)
            if (p, m) < (pushes, moves):
                solution, pushes, moves = s, p, m
    if not needs_met(variant, lv, solution):
        return None   # the level does not teach its game's own rule
    boxes = boxes_moved(lv, solution)
    min_pushes, min_moves, min_boxes = limits
    if pushes < min_pushes or moves < min_moves or boxes < min_boxes:
        return None
    return Made(lv, text, solution, pushes, moves, boxes, states, how)


def _room(rng, tier, style):
    floor = make_room(rng, tier.width, tier.height)
    if not floor:
        return None
    floor, W, H = crop(floor)
    d = dress(rng, floor, W, H, tier.boxes, style)
    if d is None:
        return None
    return (W, H) + d


def co_generate(rng, variant, tier, style, limits):
    """A level of a game that has a co-game: the farthest position of the co-game from the
    solved position; the solution is the co-path. None when rejected."""
    room = _room(rng, tier, style)
    if room is None:
        return None
    W, H, ground, goal, unit = room
    co = R.co_rules(variant)
    solved = make_level(W, H, ground, goal, unit, co.name, style.fmt)
    if pushpull.applicable(solved, co) is None:
        M = pushpull.Model(solved, co)
        score = _forward_bound(M, variant)
        came, order = pushpull.bfs(M, _roots_fast(M, M.start_boxes), tier.states, None,
                                   tier.beam, tier.states, rng, score)
        keys = _deepest(order, lambda k: came[k][0], rng, score, 1)
        chain = pushpull._chain(came, keys[0])
        root = keys[0]
        while came[root][1] is not None:
            root = came[root][1]
        root_level = _with_hero(solved, root[-1])
        q = pushpull.replay_chain(pushpull.Model(root_level, co), chain)
        states = len(came)
        how = "co-game BFS (push model)"
    else:
        sp = search.Space(solved, co)
        bkey, canon, region = sp.start_state()
        size = sp.size
        free = sp.walk[bkey[size] & 15] & ~sp.bits.mask_of(bkey[:size])
        roots = []
        seen = 0
        for c in sp.bits.cells(free):
            if not (seen >> c) & 1:
                seen |= sp.bits.flood(c, free)
                roots.append((bkey, c))
        tables, targets = search.heuristic_tables(sp)
        h = search.generic_h(sp, tables, targets)

        def score(i):
            return (_off_goal(goal, g.bkeys[i][:size]), h(g.bkeys[i], g.canon[i]))
        g = search.bfs(sp, roots, tier.states, None, tier.beam, tier.states, rng, score)
        ids = _deepest(list(range(len(g))), lambda i: g.depth[i], rng, score, 1)
        chain, root = g.chain(ids[0])
        root_level = _with_hero(solved, g.canon[root])
        q, _ = search.moves_text(root_level, co, chain)
        states = len(g)
        how = "co-game BFS (engine)"
    end = solver.replay(root_level, q)
    return finish(variant, style, W, H, ground, goal, end.unit, notation.copath(q), states, how,
                  limits, improve=tier.solve_states)


def scramble_generate(rng, variant, tier, style, limits, tries=3):
    """A level of a game without a co-game: far positions of its base game's co-game (no
    flocking, depth 1), kept when the engine-driven solver solves them under the real rules."""
    room = _room(rng, tier, style)
    if room is None:
        return None
    W, H, ground, goal, unit = room
    co = R.co_rules(SCRAMBLE_BASE[variant])
    solved = make_level(W, H, ground, goal, unit, co.name, style.fmt)
    M = pushpull.Model(solved, co)
    score = _forward_bound(M, SCRAMBLE_BASE[variant])
    came, order = pushpull.bfs(M, _roots_fast(M, M.start_boxes), tier.states, None, tier.beam,
                               tier.states, rng, score)
    keys = _deepest(order, lambda k: came[k][0], rng, score, tries)
    for key in keys:
        start = _unit_of(M, key[:-1], key[-1])
        lv = make_level(W, H, ground, goal, start, variant, style.fmt)
        st = {}
        s = solver.solve(lv, variant, max_states=tier.solve_states, stats=st,
                         time_limit=SAFETY_SECONDS, **SEARCH)
        if s is None:
            continue
        made = finish(variant, style, W, H, ground, goal, start, s, st["states"] + len(came),
                      "base co-game + engine A*", limits)
        if made is not None:
            return made
    return None


def boximaze_generate(rng, variant, tier, style, limits, steps=60):
    """BoxiMaze finishes with the boxes anywhere, so the co-game's farthest position only
    bounds the pushes from above (tried: most such levels need 0-3 pushes). Instead: the hero
    and its htarget at the two ends of the room, boxes placed at random, then a hill climb
    that moves one box at a time while the solver's optimal push count does not drop."""
    if tier.maze:
        floor = make_maze(rng, tier.width, tier.height, tier.maze)
    else:
        floor = make_room(rng, tier.width, tier.height, fill=rng.uniform(0.45, 0.55))
    if not floor:
        return None
    floor, W, H = crop(floor)
    d = dress(rng, floor, W, H, 0, style)
    if d is None:
        return None
    ground, goal, unit = d
    h = [c for c in range(W * H) if goal[c]][0]
    hero_byte = unit[h]
    unit[h] = 0
    cells = sorted(y * W + x for x, y in floor)
    dist = {h: 0}
    todo = [h]
    for c in todo:
        for n in (c - 1, c + 1, c - W, c + W):
            if n not in dist and ground[n] == G_FLOOR:
                dist[n] = dist[c] + 1
                todo.append(n)
    far = max(cells, key=lambda c: (dist.get(c, -1), c))
    unit[far] = hero_byte
    spots = [c for c in cells if c not in (h, far)]
    rng.shuffle(spots)
    boxes = spots[:tier.boxes]
    for c in boxes:
        unit[c] = U_BOX | style.boxes[0]

    def score():
        lv = make_level(W, H, ground, goal, unit, variant, style.fmt)
        st = {}
        s = solver.solve(lv, variant, max_states=tier.solve_states, stats=st,
                         time_limit=SAFETY_SECONDS, **SEARCH)
        return ((2 * st["pushes"] + st["moves"], st["pushes"]) if s else (-1, 0)), s
    best, sol = score()
    for _ in range(steps):
        i = rng.randrange(len(boxes))
        free = [c for c in spots if not unit[c]]
        new = rng.choice(free)
        old = boxes[i]
        unit[old] = 0
        unit[new] = U_BOX | style.boxes[0]
        boxes[i] = new
        sc, s = score()
        if sc >= best:
            best, sol = sc, s
        else:
            unit[new] = 0
            unit[old] = U_BOX | style.boxes[0]
            boxes[i] = old
    if sol is None:
        return None
    return finish(variant, style, W, H, ground, goal, unit, sol, 0, "placement hill climb",
                  limits)


def generate_one(variant, seed, tier, style, limits=(8, 15, 2)):
    """One attempt: a Made level or None (rejected). Deterministic for (variant, seed, tier)."""
    rng = random.Random(seed)
    variant = R.get(variant).name
    if style.htarget:
        return boximaze_generate(rng, variant, tier, style, limits, 150 if tier.maze else 60)
    if variant in SCRAMBLE_BASE:
        return scramble_generate(rng, variant, tier, style, limits)
    return co_generate(rng, variant, tier, style, limits)


# ---------------------------------------------------------------- packs
class Tier:
    """`count` levels made in a width x height frame with `boxes` boxes; `states` caps the
    exact (breadth-first) part of the co-game search, which then goes `states` positions
    deeper keeping `beam` positions per layer (big rooms are too wide for the cap alone);
    solve_states caps the solver (games without a co-game, BoxiMaze, and the solver's try at
    shortening a co-path). Caps are in positions, never in seconds, so that a seed gives the
    same pack on any machine."""

    def __init__(self, count, width, height, boxes, states=30000, solve_states=20000,
                 style=None, beam=300, maze=0, pick=1):
        self.maze = maze    # BoxiMaze: a corridor maze with this many loops, not a room
        self.pick = pick    # make count * pick levels, keep the count hardest
        self.count = count
        self.width = width
        self.height = height
        self.boxes = boxes
        self.states = states
        self.solve_states = solve_states
        self.style = style
        self.beam = beam


GREY = Style()
COLOURS2 = Style(hero=0, boxes=(1, 2), floors=(1, 2), floor_share=0.10, fmt="whirly")
# 8 rows leave no room for the HUD unless the level is at most 12 wide; wider levels use 7
STD_TIERS = (Tier(6, 8, 7, 2), Tier(6, 10, 8, 3), Tier(6, 12, 8, 3), Tier(6, 16, 7, 4))
# Flocks and trains need two boxes of a colour side by side: never fewer than 3 boxes
MULTI_TIERS = (Tier(6, 8, 7, 3), Tier(6, 10, 8, 3), Tier(6, 12, 8, 4), Tier(6, 16, 7, 4))


class Recipe:
    def __init__(self, filename, variant, title, style, tiers=STD_TIERS, limits=(8, 15, 2),
                 seed=1, description=""):
        self.filename = filename
        self.variant = variant
        self.title = title
        self.style = style
        self.tiers = tiers
        self.limits = limits
        self.seed = seed
        self.description = description


PACKS = (
    Recipe("01-sokoban.txt", "sokoban", "Sokoban", GREY, seed=101,
           description="Push every box onto a target."),
    Recipe("02-co-sokoban.txt", "co-sokoban", "Co-Sokoban", GREY, seed=202,
           description="Pull every box onto a target."),
    Recipe("03-colorban.txt", "colorban", "Colorban", COLOURS2, seed=303,
           tiers=(Tier(6, 8, 7, 2), Tier(6, 10, 8, 3), Tier(6, 12, 8, 3),
                  Tier(6, 16, 7, 4, style=Style(hero=0, boxes=(1, 2, 3), floors=(1, 2, 3),
                                                floor_share=0.12, fmt="whirly"))),
           description="Colours must match: boxes to their targets, floors to their boxes."),
    Recipe("04-flocks.txt", "flocks", "Whirly Flocks", COLOURS2, seed=404, tiers=MULTI_TIERS,
           description="Boxes of one colour flock: neighbours follow a push."),
    Recipe("05-monkeyban.txt", "monkeyban", "Monkeyban", GREY, seed=505,
           description="Sticky boxes: every box touching a pushed one follows it."),
    Recipe("06-pullpush.txt", "pullpush", "PullPush",
           Style(hero=1, boxes=(1, 2), walls=(2,), wall_share=0.35, floors=(1,),
                 floor_share=0.06, fmt="whirly"), seed=606,
           description="Blue hero: push blue boxes, pull green ones."),
    Recipe("07-co-pullpush.txt", "co-pullpush", "Co-PullPush",
           Style(hero=1, boxes=(1, 2), walls=(2,), wall_share=0.35, floors=(1,),
                 floor_share=0.06, fmt="whirly"), seed=707,
           description="Blue hero: pull blue boxes, push green ones."),
    Recipe("08-doubleban.txt", "doubleban", "Doubleban", GREY, seed=808,
           tiers=(Tier(6, 8, 7, 2), Tier(6, 10, 8, 3), Tier(6, 12, 8, 4), Tier(6, 16, 7, 4)),
           description="Push one box or two in a row, never three."),
    Recipe("09-colortrain.txt", "colortrain", "Colortrain",
           Style(hero=0, boxes=(1, 2, 0), floors=(1, 2), floor_share=0.06, fmt="whirly"),
           seed=909, tiers=MULTI_TIERS,
           description="Push trains of boxes whose neighbours match in colour."),
    Recipe("10-boximaze.txt", "boximaze", "BoxiMaze",
           Style(hero=0, boxes=(0,), htarget=True, fmt="whirly"), seed=1010,
           tiers=(Tier(6, 10, 7, 5, states=20000, solve_states=8000),
                  Tier(6, 12, 8, 6, states=20000, solve_states=8000),
                  # corridor mazes with a few loops: the way home winds (6 px tiles at 21x10)
                  Tier(6, 15, 7, 5, solve_states=20000, maze=4, pick=2),
                  Tier(6, 21, 10, 6, solve_states=20000, maze=3, pick=5)),
           limits=(5, 12, 2), description="Reach your target; push the boxes out of the way."),
    Recipe("11-leappush.txt", "leappush", "LeapPush",
           Style(hero=1, boxes=(1, 2), floors=(2,), floor_share=0.08, fmt="whirly"), seed=1111,
           tiers=(Tier(6, 8, 7, 2, states=15000), Tier(6, 10, 8, 3, states=15000),
                  Tier(6, 12, 8, 3, states=15000), Tier(6, 16, 7, 3, states=15000)),
           description="Blue hero: push blue boxes; green ones leap over you."),
    Recipe("12-pullswappush.txt", "pullswappush", "PullSwapPush",
           Style(hero=2, boxes=(1, 2, 3), floors=(1, 3), floor_share=0.06, fmt="whirly"),
           seed=1212,
           tiers=(Tier(6, 8, 7, 3, states=15000), Tier(6, 10, 8, 3, states=15000),
                  Tier(6, 12, 8, 3, states=15000), Tier(6, 16, 7, 3, states=15000)),
           description="Green hero: pull blue, push green, swap with red."),
)


def recipe(name):
    key = R.get(name).name
    for r in PACKS:
        if r.variant == key:
            return r
    raise ValueError("no pack recipe for %r" % name)


def attempt_seed(seed, tier_index, attempt):
    return (seed * 1000003 + tier_index * 10007 + attempt) & 0x7FFFFFFF


def _attempt(job):
    variant, seed, tier, style, limits = job
    try:
        return generate_one(variant, seed, tier, style, limits)
    except RecursionError:
        return None


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, label, total, out=None, enabled=True):
        self.label = label
        self.total = total
        self.out = out or sys.stderr
        self.enabled = enabled
        self.t0 = time.time()
        self.tries = 0

    def show(self, done):
        if not self.enabled:
            return
        n = 24
        k = n * done // max(1, self.total)
        self.out.write("\r%-14s [%s%s] %d/%d levels, %d tries, %.0f s " % (
            self.label, "#" * k, "." * (n - k), done, self.total, self.tries,
            time.time() - self.t0))
        self.out.flush()

    def end(self):
        if self.enabled:
            self.out.write("\n")
            self.out.flush()


def generate_levels(variant, tiers, seed=1, style=None, limits=(8, 15, 2), jobs=1,
                    progress=None, max_tries=1500):
    """Levels for a pack, in difficulty order: each tier's attempts are taken in order until
    it has its count (parallel attempts are computed in batches and used in order, so the
    result depends only on the seed). Duplicates are dropped."""
    variant = R.get(variant).name
    style = style or GREY
    made = []
    texts = set()
    total = sum(t.count for t in tiers)
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.get_context("fork").Pool(jobs)
    try:
        for ti, tier in enumerate(tiers):
            got = 0
            attempt = 0
            want = tier.count * tier.pick
            first = len(made)
            while got < want and attempt < max_tries:
                batch = []
                for _ in range(jobs * 2 if pool else 1):
                    batch.append((variant, attempt_seed(seed, ti, attempt), tier,
                                  tier.style or style, limits))
                    attempt += 1
                results = pool.map(_attempt, batch) if pool else [_attempt(b) for b in batch]
                for m in results:
                    if progress:
                        progress.tries += 1
                    if m is None or m.text in texts or got >= want:
                        continue
                    texts.add(m.text)
                    made.append(m)
                    got += 1
                    if progress:
                        progress.show(min(len(made), total))
            if tier.pick > 1:   # the hardest of the tier's levels (stable: ties keep order)
                mine = sorted(made[first:], key=lambda m: m.difficulty(), reverse=True)
                mine = mine[:tier.count]
                del made[first:]
                made.extend(mine)
    finally:
        if pool:
            pool.terminate()
    made.sort(key=lambda m: m.difficulty())
    return made


# level names: two words from the level's own text, so a name never moves with its level
_ADJ = ("Quiet", "Narrow", "Hidden", "Crooked", "Little", "Dusty", "Silent", "Lucky", "Busy",
        "Twisted", "Empty", "Sleepy", "Windy", "Shady", "Sunny", "Tiny", "Grand", "Secret",
        "Lost", "Hollow", "Rusty", "Velvet", "Copper", "Amber", "Frozen", "Gentle", "Stubborn",
        "Clever", "Patient", "Wobbly", "Crowded", "Lonely", "Broken", "Golden", "Misty",
        "Tangled", "Steep", "Curious", "Restless", "Humble")
_NOUN = ("Cellar", "Attic", "Harbour", "Garden", "Corner", "Hallway", "Courtyard", "Pantry",
         "Workshop", "Library", "Tunnel", "Alley", "Market", "Bridge", "Station", "Orchard",
         "Quarry", "Chapel", "Stable", "Depot", "Dock", "Warehouse", "Kitchen", "Cloister",
         "Maze", "Gallery", "Vault", "Annex", "Terrace", "Loft", "Barn", "Mill", "Yard",
         "Crossing", "Passage", "Landing", "Lobby", "Closet", "Porch", "Den")


def level_name(text, taken):
    h = 2166136261
    for ch in text.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    for k in range(len(_ADJ) * len(_NOUN)):
        v = (h + k * 7919) % (len(_ADJ) * len(_NOUN))
        name = "%s %s" % (_ADJ[v % len(_ADJ)], _NOUN[v // len(_ADJ)])
        if name not in taken:
            taken.add(name)
            return name
    return "Level"


def wrap(moves, width=70):
    return [moves[i:i + width] for i in range(0, len(moves), width)] or [""]


def pack_text(title, variant, levels, fmt="xsb", description="", comment=None):
    """A pack in the container format (docs/formats.md) with one Title: and Solution: per
    level; levels are Made objects (or anything with .text and .solution)."""
    r = R.get(variant)
    out = ["Title: %s" % title, "Author: %s" % AUTHOR, "Game: whirly", "Variant: %s" % r.name]
    if fmt == "whirly":
        out.append("Format: whirly")
    if description:
        out.append("Description: %s" % description)
    if comment:
        out.append("; %s" % comment)
    out.append("")
    taken = set()
    for m in levels:
        out.extend(m.text.split("\n"))
        out.append("Title: %s" % level_name(m.text, taken))  # the level list numbers them
        lines = wrap(m.solution)
        out.append("Solution: " + lines[0])
        out.extend(lines[1:])
        out.append("")
    return "\n".join(out)


def make_pack(rec, jobs=1, progress=True, count=None):
    """(text, levels) of one shipped pack from its recipe."""
    tiers = rec.tiers
    if count is not None:  # scale every tier
        total = sum(t.count for t in tiers)
        tiers = [Tier(max(1, round(t.count * count / total)), t.width, t.height, t.boxes,
                      t.states, t.solve_states, t.style, t.beam, t.maze, t.pick) for t in tiers]
    bar = Progress(rec.variant, sum(t.count for t in tiers), enabled=progress)
    levels = generate_levels(rec.variant, tiers, rec.seed, rec.style, rec.limits, jobs, bar)
    bar.end()
    fmt = "whirly" if any(t.style and t.style.fmt == "whirly" for t in tiers) else rec.style.fmt
    text = pack_text(rec.title, rec.variant, levels, fmt, rec.description,
                     "regenerate: python -m host_sim generate whirly --all")
    return text, levels


def make_all(out_dir=None, jobs=2, progress=True, only=None):
    """Write every shipped pack (levels/whirly/NN-variant.txt); returns [(path, levels)]."""
    out_dir = out_dir or os.path.join(REPO, "levels", "whirly")
    os.makedirs(out_dir, exist_ok=True)
    done = []
    for rec in PACKS:
        if only and rec.variant not in only:
            continue
        text, levels = make_pack(rec, jobs, progress)
        path = os.path.join(out_dir, rec.filename)
        with open(path, "w", newline="\n") as f:
            f.write(text)
        done.append((path, levels))
    return done
