"""MobGer puzzles: the three kinds, the answer check, the on-device generator and the pack format.

Kinds (games/mobger/PUZZLES.md has the format, the rules of each kind and every choice):
    START  "Who starts to house Red?"   answer: the rank that starts the sequence
    JOKER  "Which Ger was the Joker?"   answer: the direction the Joker took (0 up .. 7 up-left)
    REACH  "Reach the target in N moves" answer: a list of ranks (the moves)

Pure and MicroPython-safe: it runs on the device (generate, check, parse) and on the host.
"""

from games.mobger import board
from games.mobger import engine as E
from games.mobger.engine import Engine, Options, NONE, K_JOKER, K_NORMAL

START = 0
JOKER = 1
REACH = 2
KIND_NAMES = ("Who starts?", "Joker", "Reach")
KIND_KEYS = ("start", "joker", "reach")
DIR_NAMES = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")
RANKS = board.RANK_CHARS
MAX_MOVES = 9  # REACH: the most moves a puzzle may ask for

# Generator budget: attempts per generate() call before the constraints are relaxed.
GEN_TRIES = 2  # positions tried with the strict criteria, then as many with relaxed ones
GEN_REACH_MAX = 3  # device REACH puzzles ask for 2..3 moves (the proof of minimality grows as b^N)


class Puzzle:
    """One puzzle. rows: picture one (position text rows); rows2: picture two (JOKER: the
    position after the sequence, REACH: the target, None for START)."""

    def __init__(self, kind, opts, rows, rows2=None, target=NONE, moves=0, joker=NONE,
                 start=NONE, answer=None, name=""):
        self.kind = kind
        self.opts = opts
        self.rows = rows
        self.rows2 = rows2
        self.target = target  # START: rank to bring into the House
        self.moves = moves  # REACH: N
        self.joker = joker  # JOKER: rank of the Joker
        self.start = start  # JOKER: the rank that started the sequence
        self.answer = answer  # START rank / JOKER direction / REACH list of ranks
        self.name = name
        self._t2 = None  # picture two parsed (pos, dir, kind, obj, house)

    def color_name(self, r):
        """Colour name of rank r, capitalised ("Red")."""
        seq = E.SEQUENCES[self.opts.sequence]
        order = E.make_order(self.opts)
        n = E.COLORS[seq[order[r]]][0]
        return n[:1].upper() + n[1:]

    def question(self):
        """One short line (<= 40 characters)."""
        if self.kind == START:
            return "Who starts to house %s?" % self.color_name(self.target)
        if self.kind == JOKER:
            return "Which Ger was the Joker? %s starts" % self.color_name(self.start)
        return "Reach the target in %d move%s" % (self.moves, "" if self.moves == 1 else "s")

    def target_arrays(self):
        if self._t2 is None and self.rows2 is not None:
            self._t2 = board.parse_position(self.rows2, self.opts)
        return self._t2


# ---------------------------------------------------------------- playing and checking
def new_engine(puzzle, engine=None):
    """An Engine loaded on picture one (pass engine to reuse one: it holds ~17 KB)."""
    e = engine if engine is not None else Engine()
    e.load_position(puzzle.opts, puzzle.rows)
    return e


def joker_play(e, start, joker, d):
    """Play the sequence started by rank `start` with the Joker (rank `joker`) forced to
    direction d instead of its random draw. Returns play()'s result. The view can animate it."""
    e.kind[joker] = K_NORMAL
    e.dir[joker] = d
    ok = e.play(start)
    e.kind[joker] = K_JOKER
    return ok


def same_position(e, t2):
    """Does the engine's position equal t2 = parse_position(...)? The Joker's direction is not
    compared (the position text never shows it)."""
    pos, dr, kind, obj, house = t2
    if house != e.house:
        return False
    for r in range(e.n):
        p = e.pos[r]
        if p != pos[r]:
            return False
        if p != NONE and e.kind[r] != K_JOKER and e.dir[r] != dr[r]:
            return False
    for c in range(e.ncells):
        if e.obj[c] != obj[c]:
            return False
    return True


def reached(puzzle, e):
    """REACH (and JOKER): does the engine show picture two?"""
    return same_position(e, puzzle.target_arrays())


def _dir_ok(puzzle, d):
    if not isinstance(d, int) or d < 0 or d > 7:
        return False
    return bool(puzzle.opts.dirset) or d & 1 == 0


def check(puzzle, answer, engine=None):
    """Is answer right? START: a rank; JOKER: a direction 0..7; REACH: a list of ranks
    (at most puzzle.moves). Every answer that works is accepted."""
    p = puzzle
    e = new_engine(p, engine)
    k = p.kind
    if k == START:
        if not isinstance(answer, int):
            return False
        return e.play(answer) and e.anim_removed == p.target
    if k == JOKER:
        if not _dir_ok(p, answer):
            return False
        return joker_play(e, p.start, p.joker, answer) and reached(p, e)
    if answer is None or len(answer) > p.moves:
        return False
    for a in answer:
        if not isinstance(a, int) or not e.play(a):
            return False
    return reached(p, e)


def answers(puzzle, engine=None):
    """Every right answer of a START (ranks) or JOKER (directions) puzzle, ascending."""
    out = []
    if puzzle.kind == START:
        for r in range(puzzle.opts.gers):
            if check(puzzle, r, engine):
                out.append(r)
    elif puzzle.kind == JOKER:
        for d in range(8):
            if _dir_ok(puzzle, d) and check(puzzle, d, engine):
                out.append(d)
    return out


def answer_text(puzzle, answer=None):
    """The answer as pack text: START a rank character, JOKER a direction name, REACH ranks."""
    a = puzzle.answer if answer is None else answer
    if puzzle.kind == START:
        return RANKS[a]
    if puzzle.kind == JOKER:
        return DIR_NAMES[a]
    return " ".join([RANKS[r] for r in a])


# ---------------------------------------------------------------- generator (device)
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


def _distance(e, t2, depth, path, best):
    """Depth-first search: the shortest move list (<= depth) from the engine's position to t2,
    written into best (best[0] = its length, 0xFF none). path holds the moves so far."""
    k = len(path)
    if same_position(e, t2):
        if k < best[0]:
            best[0] = k
            for i in range(k):
                best[1 + i] = path[i]
        return
    if k >= depth or k + 1 >= best[0]:
        return
    buf = bytearray(E.MAX_ACTIONS)
    n = e.legal(buf)
    for i in range(n):
        if e.play(buf[i]):
            path.append(buf[i])
            _distance(e, t2, depth, path, best)
            path.pop()
            e.undo()


def shortest(puzzle, limit, engine=None):
    """REACH: the shortest move list (<= limit moves) from picture one to the target, or None."""
    e = new_engine(puzzle, engine)
    best = bytearray(limit + 2)
    best[0] = 0xFF
    _distance(e, puzzle.target_arrays(), limit, [], best)
    if best[0] == 0xFF:
        return None
    return list(best[1:1 + best[0]])


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


# ---------------------------------------------------------------- pack format
_FIRST = ".H#RLFf?^>v<97318642"  # first character of a field
_SECOND = "." + RANKS  # second character
_ALLOWED = _FIRST + _SECOND + " \t|"
_DEFAULT_OPTS = Options()


def is_board_line(text):
    """A board row: it starts with a field (2 characters, then a blank, '|' or the end) and holds
    only field characters, blanks and '|'."""
    s = text.strip()
    if len(s) < 2 or _FIRST.find(s[0]) < 0 or _SECOND.find(s[1]) < 0:
        return False
    if len(s) > 2 and " \t|".find(s[2]) < 0:
        return False
    return not s.strip(_ALLOWED)


def row_width(text):
    """Fields in the widest picture of a row."""
    w = 0
    for part in text.split("|"):
        n = len(part.split())
        if n > w:
            w = n
    return w


def options_text(opts, rows=None):
    """The compact `Options:` value: only what differs from the defaults and cannot be read off
    the rows (size and object counts come from picture one, gers from the ranks shown)."""
    d = _DEFAULT_OPTS
    out = []
    if rows is not None:
        shown = _max_rank(rows) + 1
    else:
        shown = -1
        out.append("w=%d h=%d" % (opts.width, opts.height))
    if opts.gers != max(3, shown):
        out.append("gers=%d" % opts.gers)
    if opts.house is not None and opts.house != _centre(opts):
        out.append("house=%d" % opts.house)
    pairs = (("dirs", opts.dirset, d.dirset), ("seq", opts.sequence, d.sequence),
             ("random", int(bool(opts.random_order)), 0), ("goal", opts.goal, d.goal),
             ("rborders", int(bool(opts.reflect_borders)), 0),
             ("rgers", int(bool(opts.reflect_gers)), 0),
             ("bspecial", int(bool(opts.black_special)), 0))
    for k, v, dv in pairs:
        if v != dv:
            out.append("%s=%d" % (k, v))
    if opts.seed != 1:  # only random_order colours depend on it in a puzzle
        out.append("seed=%d" % opts.seed)
    return " ".join(out)


def _centre(o):
    return (o.height // 2) * o.width + o.width // 2


def _max_rank(rows):
    m = -1
    for row in rows:
        for t in row.split():
            if len(t) == 2 and t[1] != ".":
                r = RANKS.find(t[1])
                if r > m:
                    m = r
    return m


def _count_objs(rows):
    cnt = [0, 0, 0]
    for row in rows:
        for t in row.split():
            if len(t) == 2 and t[1] == ".":
                i = board.OBJ_GLYPHS.find(t[0])
                if i == 1:
                    cnt[0] += 1
                elif i == 2 or i == 3:
                    cnt[1] += 1
                elif i >= 4:
                    cnt[2] += 1
    return cnt


def _rank_of(text, what):
    t = text.strip()
    if len(t) != 1 or RANKS.find(t) < 0:
        raise ValueError("%s: %r is not a rank (0..9, A, B)" % (what, text))
    return RANKS.find(t)


def _dir_of(text):
    t = text.strip().lower()
    for i in range(8):
        if DIR_NAMES[i] == t:
            return i
    if len(t) == 1:
        i = board.DIR_GLYPHS.find(t)
        if i < 0:
            i = "8x6x2x4x".find(t)
        if i >= 0:
            return i
    raise ValueError("Answer: %r is not a direction (up, up-right, right, ... or ^ 9 > 3 v 1 < 7)"
                     % text)


def _row_err(exc, first_line, nrows):
    """(line, reason) for a ValueError of board.parse_position: its row number picks the line."""
    msg = str(exc)
    i = msg.find("row ")
    line = first_line
    if i >= 0:
        j = i + 4
        k = j
        while k < len(msg) and "0" <= msg[k] <= "9":
            k += 1
        if k > j:
            r = int(msg[j:k])
            if 1 <= r <= nrows:
                line = first_line + r - 1
    return line, msg


def parse_puzzle(rows, meta, first_line=1, name=""):
    """Board rows (picture one, optionally '|' picture two) and the level's keys -> Puzzle.
    Raises ValueError subclasses PackError-compatible: (line, reason) via PuzzleError."""
    raise_ = _raiser(first_line)
    one = []
    two = []
    sides = -1
    for k in range(len(rows)):
        parts = rows[k].split("|")
        if len(parts) > 2:
            raise_(first_line + k, "a row holds at most two pictures (one '|')")
        if sides < 0:
            sides = len(parts)
        elif sides != len(parts):
            raise_(first_line + k, "every row needs the same number of pictures ('|')")
        one.append(" ".join(parts[0].split()))
        if len(parts) == 2:
            two.append(" ".join(parts[1].split()))
    kname = (meta.get("puzzle") or "").strip().lower()
    if not kname:
        raise_(first_line, "no Puzzle: key (start, joker or reach)")
    if kname not in KIND_KEYS:
        raise_(first_line, "Puzzle: %r is not start, joker or reach" % kname)
    kind = KIND_KEYS.index(kname)
    h = len(one)
    w = len(one[0].split()) if h else 0
    for k in range(h):
        if len(one[k].split()) != w:
            raise_(first_line + k, "picture one: row %d has %d fields, row 1 has %d"
                   % (k + 1, len(one[k].split()), w))
    if not (E.MIN_W <= w <= E.MAX_W and E.MIN_H <= h <= E.MAX_H):
        raise_(first_line, "the board is %dx%d; boards are 5x5 to 12x8" % (w, h))
    if kind == START and two:
        raise_(first_line, "a start puzzle has one picture (no '|')")
    if kind != START and not two:
        raise_(first_line, "a %s puzzle needs picture two beside picture one (after '|')" % kname)
    shown = _max_rank(one + two)
    try:
        o = Options.parse("w=%d h=%d gers=%d %s" % (w, h, max(3, min(12, shown + 1)),
                                                    meta.get("options", "")))
        if o.width != w or o.height != h:
            raise ValueError("w=%d h=%d but the board is %dx%d" % (o.width, o.height, w, h))
        if o.gers <= shown:
            raise ValueError("gers=%d but rank %s is on the board" % (o.gers, RANKS[shown]))
        cnt = _count_objs(one)
        o.cuboids = cnt[0]
        o.deflectors = cnt[1]
        o.flipflaps = cnt[2]
        if o.joker:
            raise ValueError("joker is set by Puzzle: joker, not here")
        o.joker = kind == JOKER
        o.validate()
    except ValueError as exc:
        raise_(first_line, "Options: %s" % exc)
    try:
        pos, dr, kd, obj, house = board.parse_position(one, o)
    except ValueError as exc:
        line, msg = _row_err(exc, first_line, h)
        raise_(line, "picture one: " + msg)
    if house != _centre(o):
        o.house = house
    p = Puzzle(kind, o, one, two if two else None, name=name)
    if two:
        try:
            t2 = p.target_arrays()
        except ValueError as exc:
            line, msg = _row_err(exc, first_line, h)
            raise_(line, "picture two: " + msg)
        if t2[4] != house:
            raise_(first_line, "picture two: the House is not where picture one has it")
        for c in range(w * h):
            a = obj[c]
            b = t2[3][c]
            if a != b and not (a >= E.O_FF_CW and b >= E.O_FF_CW):
                raise_(first_line + c // w, "picture two: field %d differs from picture one in "
                       "its column or cuboid (they never move)" % (c % w + 1))
        for r in range(o.gers):
            if pos[r] == NONE and t2[0][r] != NONE:
                raise_(first_line, "picture two: rank %s is back, but removed Gers never "
                       "return" % RANKS[r])
    ans = meta.get("answer")
    if ans is None or not ans.strip():
        raise_(first_line, "no Answer: key")
    try:
        if kind == START:
            p.target = _rank_of(meta.get("target", ""), "Target")
            if p.target == 0 or pos[p.target] == NONE:
                raise ValueError("Target: rank %s is not a Ger on the board (nor the Black Ger)"
                                 % RANKS[p.target])
            p.answer = _rank_of(ans, "Answer")
        elif kind == JOKER:
            J = NONE
            for r in range(o.gers):
                if kd[r] == K_JOKER:
                    if J != NONE:
                        raise ValueError("picture one has two Jokers")
                    J = r
            if J == NONE:
                raise ValueError("picture one has no Joker (?r)")
            if "joker" in meta and _rank_of(meta["joker"], "Joker") != J:
                raise ValueError("Joker: %s but the Joker on the board is rank %s"
                                 % (meta["joker"], RANKS[J]))
            p.joker = J
            p.start = _rank_of(meta.get("start", ""), "Start")
            if pos[p.start] == NONE:
                raise ValueError("Start: rank %s is not on the board" % RANKS[p.start])
            p.answer = _dir_of(ans)
            if not _dir_ok(p, p.answer):
                raise ValueError("Answer: %s is diagonal but the set is simple" % ans.strip())
        else:
            try:
                p.moves = int(meta.get("moves", ""))
            except ValueError:
                raise ValueError("Moves: %r is not a number" % meta.get("moves", ""))
            if not 1 <= p.moves <= MAX_MOVES:
                raise ValueError("Moves: %d is not 1..%d" % (p.moves, MAX_MOVES))
            lst = []
            for t in ans.replace(",", " ").split():
                lst.append(_rank_of(t, "Answer"))
            if len(lst) > p.moves:
                raise ValueError("Answer: %d moves but Moves: %d" % (len(lst), p.moves))
            p.answer = lst
    except ValueError as exc:
        raise_(first_line, str(exc))
    return p


class PuzzleError(ValueError):
    """A puzzle body problem where handheld.packs is missing; str(e) == "line N: reason"."""

    def __init__(self, line, reason):
        ValueError.__init__(self, "line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


def _raiser(first_line):
    try:
        from handheld.packs import PackError as cls
    except ImportError:  # pragma: no cover - lib/ is always on the device's path
        cls = PuzzleError

    def raise_(line, reason):
        raise cls(line, reason)
    return raise_


def puzzle_text(puzzle):
    """The pack text of one puzzle (board rows, then its keys), ending with a newline."""
    p = puzzle
    out = []
    for k in range(len(p.rows)):
        if p.rows2 is not None:
            out.append(p.rows[k] + " | " + p.rows2[k])
        else:
            out.append(p.rows[k])
    if p.name:
        out.append("Title: " + p.name)
    out.append("Puzzle: " + KIND_KEYS[p.kind])
    ot = options_text(p.opts, p.rows + (p.rows2 or []))
    if ot:
        out.append("Options: " + ot)
    if p.kind == START:
        out.append("Target: " + RANKS[p.target])
    elif p.kind == JOKER:
        out.append("Joker: " + RANKS[p.joker])
        out.append("Start: " + RANKS[p.start])
    else:
        out.append("Moves: %d" % p.moves)
    out.append("Answer: " + answer_text(p))
    return "\n".join(out) + "\n"


def verify(puzzle, solution=None):
    """Host check of a parsed pack puzzle: None when its stored answer is right and the puzzle
    is fair, else (None, reason). solution (a Solution: key) is not used by puzzles."""
    p = puzzle
    if not check(p, p.answer):
        return (None, "the stored Answer: %s is wrong" % answer_text(p))
    if p.kind == START and p.target in answers(p):
        return (None, "the target Ger itself starts the sequence that houses it (trivial)")
    if p.kind == REACH:
        sh = shortest(p, p.moves - 1)
        if sh is not None:
            return (None, "the target is reached in %d moves, fewer than Moves: %d"
                    % (len(sh), p.moves))
    return None


class _Format:
    name = "mobger"
    max_width = E.MAX_W
    max_height = E.MAX_H
    move_chars = None

    def is_board_line(self, text):
        return is_board_line(text)

    def row_width(self, text):
        return row_width(text)

    def parse(self, level, header=None):
        return parse_puzzle(level.rows, level.meta, getattr(level, "first_line", 1),
                            getattr(level, "name", "") or "")

    def verify(self, puzzle, solution):
        return verify(puzzle, solution)

    def check_level(self, puzzle):
        return verify(puzzle)


FORMAT = _Format()
