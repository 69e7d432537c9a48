"""MobGer puzzle generator: a fair puzzle of each kind from a seed (on the device and the host)."""

from games.mobger import board
from games.mobger import constants as E
from games.mobger.constants import NONE, K_JOKER
from games.mobger.engine import Engine
from games.mobger.options import Options
from games.mobger.puzzles import (START, JOKER, REACH, GEN_REACH_MAX, Puzzle, check, joker_play,
                                  shortest)

# Generator budget: attempts per generate() call before the constraints are relaxed.

GEN_TRIES = 2  # positions tried with the strict criteria, then as many with relaxed ones


def _snap(e, skip_joker_dir):
    """The position as bytes (for telling positions apart while generating)."""
    n = e.n
    b = bytearray(2 * n + e.nff)
    for r in range(n):
        b[r] = e.pos[r]
        if e.pos[r] != NONE and not (skip_joker_dir and e.kind[r] == K_JOKER):
            b[n + r] = e.dir[r]
    for i in range(e.nff):
        b[2 * n + i] = e.obj[e.ffc[i]]
    return bytes(b)


def _start_candidate(e, rng, buf, strict):
    """START on the engine's position: (target, answer) or None."""
    n = e.legal(buf)
    if n < 3:
        return None
    acts = bytes(buf[:n])
    rem = bytearray(n)
    for i in range(n):
        e.play(acts[i])
        rem[i] = e.anim_removed
        e.undo()
    best = None
    nbest = 0
    off = rng.below(n)
    for j in range(n):
        x = acts[(j + off) % n]
        if x == 0:
            continue
        cnt = 0
        own = False
        first = NONE
        for i in range(n):
            if rem[i] == x:
                cnt += 1
                if acts[i] == x:
                    own = True
                elif first == NONE:
                    first = acts[i]
        # not trivial: the target itself must not work, and at most a third of the Gers may
        # (strict), half of them (relaxed), all but two (last resort)
        if cnt == 0 or own or cnt > n - 2:
            continue
        if (strict == 0 and 3 * cnt > n) or (strict == 1 and 2 * cnt > n):
            continue
        if cnt == 1:
            return (x, first)
        if best is None or cnt < nbest:
            best = (x, first)
            nbest = cnt
    return best


def _joker_candidate(e, rng, buf, strict):
    """JOKER on the engine's position: (start, direction, rows2) or None."""
    J = NONE
    for r in range(e.n):
        if e.kind[r] == K_JOKER and e.pos[r] != NONE:
            J = r
    if J == NONE:
        return None
    n = e.legal(buf)
    if n < 2:
        return None
    s = buf[rng.below(n)]
    step = 1 if e.ndirs == 8 else 2
    keys = []
    moved = []
    for d in range(0, 8, step):
        js = e.pos[J]
        if not joker_play(e, s, J, d):
            return None
        keys.append(_snap(e, True))
        ok = e.pos[J] != js
        if strict < 2:  # the Joker's way is more than a plain step: it jumps, turns or is housed
            for i in range(e.anim_n):
                if e.anim_rank[i] == J and e.anim_len[i] < 2 and e.pos[J] != NONE:
                    ok = False
        moved.append(ok)
        e.undo()
    m = len(keys)
    off = rng.below(m)
    for j in range(m):
        i = (j + off) % m
        if not moved[i]:
            continue
        unique = True
        for t in range(m):
            if t != i and keys[t] == keys[i]:
                unique = False
                break
        if unique:
            d = i * step
            joker_play(e, s, J, d)
            rows2 = board.position_text(e)
            e.undo()
            return (s, d, rows2)
    return None


def _reach_candidate(e, rng, buf, nmoves, opts, rows, strict):
    """REACH from the engine's position: (answer list, rows2) or None; the answer is a
    shortest way (its length may come out below nmoves)."""
    moves = []
    for _ in range(nmoves):
        n = e.legal(buf)
        if n == 0:
            return None
        a = buf[rng.below(n)]
        e.play(a)
        moves.append(a)
        if e.winner() >= 0 and len(moves) < nmoves:
            while len(moves):
                moves.pop()
                e.undo()
            return None
    rows2 = board.position_text(e)
    if rows2 == rows:
        return None
    p = Puzzle(REACH, opts, rows, rows2, moves=nmoves)
    sh = shortest(p, nmoves - 1, e)  # reloads the engine on picture one
    if sh is not None:
        # a shorter way exists: strict wants exactly nmoves, relaxed at least 2 (1 move is
        # a START puzzle in disguise)
        if strict == 0 or len(sh) < 2:
            return None
        moves = sh
    p.moves = len(moves)
    p.answer = moves
    if not check(p, moves, e):
        return None
    return p


def _build(e, o, rng):
    """A seeded position that makes Gers meet: about half of the Gers stand on a line through
    the House and point at it (then who moves first decides who gets in); the rest and the
    columns are random. Loads it into e (False when the game is over at once)."""
    W = o.width
    cells = W * o.height
    hs = o.house_cell()
    hx = hs % W
    hy = hs // W
    objs = bytearray(cells)
    kinds = ((E.O_CUBOID, o.cuboids), (E.O_DEF_CW, o.deflectors), (E.O_FF_CW, o.flipflaps))
    for kd, cnt in kinds:
        k = 0
        while k < cnt:
            c = rng.below(cells)
            dx = c % W - hx
            dy = c // W - hy
            if objs[c] or (-1 <= dx <= 1 and -1 <= dy <= 1):
                continue
            objs[c] = kd + (rng.below(2) if kd != E.O_CUBOID else 0)
            k += 1
    step = 1 if o.dirset else 2
    taken = bytearray(objs)
    gers = bytearray(2 * o.gers)
    for r in range(o.gers):
        c = -1
        d = rng.below(8 // step) * step
        if r == 0 and rng.below(4):
            c = hs  # the Black Ger at home: who moves before it decides who can get in
        elif r == 0 or rng.below(3) < 2:
            # on a line through the House, pointing at it
            d = rng.below(8 // step) * step
            dist = 1 + rng.below(3)
            x = (hx - E.DX[d] * dist) % W
            y = (hy - E.DY[d] * dist) % o.height
            c = y * W + x
            if taken[c] or c == hs:
                c = -1
        while c < 0 or taken[c] or (c == hs and r):
            c = rng.below(cells)
        taken[c] = 1
        gers[2 * r] = c
        gers[2 * r + 1] = d
    if o.joker:
        gers[2 * (1 + rng.below(o.gers - 1)) + 1] |= K_JOKER << 4
    e.start_from(o, hs, gers, objs)
    return e.winner() < 0


def options_for(kind, seed):
    """The variant a generated puzzle of this seed plays with (sizes fit the device screen)."""
    from handheld.rng import Rng
    rng = Rng((seed & 0xFFFF) * 40503 + kind * 977 + 1)
    o = Options()
    o.width = 5 + rng.below(3)
    o.height = 5 + rng.below(3)
    o.dirset = rng.below(2)
    o.sequence = 0 if rng.below(3) else 1
    cap = len(E.SEQUENCES[o.sequence])
    o.gers = 5 + rng.below(min(4, cap - 4))
    o.reflect_borders = rng.below(3) == 0
    o.reflect_gers = rng.below(8) == 0
    o.black_special = rng.below(5) == 0
    if rng.below(2):
        o.deflectors = 1 + rng.below(2)
    if rng.below(4) == 0:
        o.flipflaps = 1
    if rng.below(4) == 0:
        o.cuboids = 1
    o.joker = kind == JOKER
    o.seed = rng.below(0x10000)
    return o.validate()


def generate(kind, seed, engine=None):
    """A verified puzzle of this kind, the same for a seed on every platform (the variant
    comes from options_for(kind, seed))."""
    from handheld.rng import Rng
    if kind < START or kind > REACH:
        raise ValueError("puzzle kind %r" % kind)
    rng = Rng((seed & 0xFFFF) * 69069 + kind * 131 + 7)
    p = make(kind, options_for(kind, seed), rng, engine)
    p.name = "Seed %d" % seed
    return p


def make(kind, opts, rng, engine=None, moves=(2, GEN_REACH_MAX), relax=True):
    """A verified puzzle of this kind and variant, drawn from rng (handheld.rng.Rng).

    Seeded positions (_build) are tried in turn; the first that yields a fair puzzle wins.
    The first GEN_TRIES positions must meet the strict criteria, the next GEN_TRIES relaxed
    ones, later ones the last-resort ones (PUZZLES.md, "Fair puzzles"): START at most a third /
    half / all but two of the Gers start right, never the target itself; JOKER a unique answer,
    and (strict, relaxed) the Joker does more than a plain step. relax=False: strict only.
    moves: REACH asks for moves[0]..moves[1] moves (fewer when a shorter way exists)."""
    o = opts.copy()
    o.joker = kind == JOKER
    e = engine if engine is not None else Engine()
    buf = bytearray(E.MAX_ACTIONS)
    games = 0
    tries = 0
    while True:
        games += 1
        if relax and games > 6:  # a variant where little happens (bouncing Gers): plainer
            o.reflect_gers = False
        if relax and games > 12:
            o.cuboids = o.flipflaps = 0
            o.reflect_borders = False
        if games > 400:
            raise ValueError("no puzzle found for these options")
        po = _puzzle_opts(o)
        if not _build(e, o, rng):
            continue
        tries += 1
        rows = board.position_text(e)
        nm = moves[0] + rng.below(moves[1] - moves[0] + 1)
        strict = 0
        if relax and tries > GEN_TRIES:
            strict = 1 if tries <= 2 * GEN_TRIES else 2
        p = _candidate(kind, e, rng, buf, strict, po, rows, nm)
        if p is not None and (p.kind == REACH or check(p, p.answer, e)):
            return p


def _puzzle_opts(o):
    """Options a puzzle keeps: the variant, not the setup counts nor the seed."""
    p = o.copy()
    p.seed = 1
    return p


def _candidate(kind, e, rng, buf, strict, opts, rows, nmoves):
    if kind == START:
        c = _start_candidate(e, rng, buf, strict)
        if c is None:
            return None
        return Puzzle(START, opts, rows, target=c[0], answer=c[1])
    if kind == JOKER:
        c = _joker_candidate(e, rng, buf, strict)
        if c is None:
            return None
        J = NONE
        for r in range(e.n):
            if e.kind[r] == K_JOKER:
                J = r
        return Puzzle(JOKER, opts, rows, c[2], joker=J, start=c[0], answer=c[1])
    return _reach_candidate(e, rng, buf, nmoves, opts, rows, strict)
