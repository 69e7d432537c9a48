"""MobGer puzzle pack text: parse one puzzle (board rows and keys) and write it back."""

from games.mobger import board
from games.mobger import constants as E
from games.mobger.constants import NONE, K_JOKER
from games.mobger.options import Options
from games.mobger.puzzles import (START, JOKER, KIND_KEYS, DIR_NAMES, RANKS, MAX_MOVES, Puzzle,
                                  _dir_ok, answer_text)


_DEFAULT_OPTS = Options()


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


def _rank_of(text, what, gers):
    t = text.strip()
    r = RANKS.find(t) if len(t) == 1 else -1
    if r < 0:
        raise ValueError("%s: %r is not a rank (0..9, A, B)" % (what, text))
    if r >= gers:
        raise ValueError("%s: rank %s is beyond the %d Gers on the board (ranks 0..%s)"
                         % (what, t, gers, RANKS[gers - 1]))
    return r


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
            p.target = _rank_of(meta.get("target", ""), "Target", o.gers)
            if p.target == 0 or pos[p.target] == NONE:
                raise ValueError("Target: rank %s is not a Ger on the board (nor the Black Ger)"
                                 % RANKS[p.target])
            p.answer = _rank_of(ans, "Answer", o.gers)
        elif kind == JOKER:
            J = NONE
            for r in range(o.gers):
                if kd[r] == K_JOKER:
                    if J != NONE:
                        raise ValueError("picture one has two Jokers")
                    J = r
            if J == NONE:
                raise ValueError("picture one has no Joker (?r)")
            if "joker" in meta and _rank_of(meta["joker"], "Joker", o.gers) != J:
                raise ValueError("Joker: %s but the Joker on the board is rank %s"
                                 % (meta["joker"], RANKS[J]))
            p.joker = J
            p.start = _rank_of(meta.get("start", ""), "Start", o.gers)
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
                lst.append(_rank_of(t, "Answer", o.gers))
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
