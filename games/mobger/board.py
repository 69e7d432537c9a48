"""MobGer position text: one board row per line, one 2-character field per column, fields
separated by one space (any whitespace is accepted when reading).

    ..  empty field            H.  the empty Black House
    #.  reflector cuboid       R.  L.  deflector column, turning clockwise / counter-clockwise
    F.  f.  flipflap column, turning clockwise / counter-clockwise now (switches on contact)
    Dr  a Ger: D its direction, r its rank (0 = the Black Ger, 1..9, A, B)
        D: ^ up  > right  v down  < left, numeric-keypad digits for the diagonals
           9 up-right  3 down-right  1 down-left  7 up-left (8 6 2 4 are read as ^ > v <)
    ?r  the Joker of rank r (its direction is drawn anew at each move)

A Ger standing on the House hides its `H.`: the House then comes from the options. Ranks
missing from the text are removed Gers (the Black Ger may be missing only in goal B without
its special status).
"""

from games.mobger import constants as E

DIR_GLYPHS = "^9>3v1<7"
_ALT_DIRS = "8624"  # numeric keypad for the four straight directions (up right down left)
RANK_CHARS = "0123456789AB"
OBJ_GLYPHS = ".#RLFf"


def field_text(o, p, d, k, is_house):
    """The 2 characters of one field: object o, else Ger of rank p (-1 none) with direction d
    and kind k."""
    if p >= 0:
        return ("?" if k == E.K_JOKER else DIR_GLYPHS[d]) + RANK_CHARS[p]
    if o:
        return OBJ_GLYPHS[o] + "."
    return "H." if is_house else ".."


def rows_of(w, h, house, n, pos, dr, kind, obj):
    at = [-1] * (w * h)
    for r in range(n):
        if pos[r] != E.NONE:
            at[pos[r]] = r
    rows = []
    for y in range(h):
        f = []
        for x in range(w):
            c = y * w + x
            p = at[c]
            f.append(field_text(obj[c], p, dr[p] if p >= 0 else 0, kind[p] if p >= 0 else 0,
                                c == house))
        rows.append(" ".join(f))
    return rows


def position_text(engine):
    """The current position as a list of rows."""
    e = engine
    return rows_of(e.w, e.h, e.house, e.n, e.pos, e.dir, e.kind, e.obj)


def position_rows_start(engine):
    """The start position (before the first action) as rows."""
    e = engine
    return rows_of(e.w, e.h, e.house, e.n, e.spos, e.sdir, e.skind, e.sobj)


def parse_position(rows, opts):
    """rows (list of str, or one str with line breaks) -> (pos, dir, kind, obj, house):
    bytearrays of opts.gers ranks and width*height cells. ValueError names the row and field."""
    if isinstance(rows, str):
        rows = [ln for ln in rows.split("\n") if ln.strip()]
    w = opts.width
    h = opts.height
    n = opts.gers
    if len(rows) != h:
        raise ValueError("position: %d rows, the options say %d" % (len(rows), h))
    pos = bytearray(b"\xff" * n)
    dr = bytearray(n)
    kind = bytearray(n)
    obj = bytearray(w * h)
    house = None
    for y in range(h):
        fields = rows[y].split()
        if len(fields) != w:
            raise ValueError("position row %d: %d fields, the options say %d"
                             % (y + 1, len(fields), w))
        for x in range(w):
            t = fields[x]
            c = y * w + x
            where = "position row %d field %d (%r)" % (y + 1, x + 1, t)
            if len(t) != 2:
                raise ValueError(where + ": a field has 2 characters")
            a = t[0]
            b = t[1]
            if b == ".":
                if a == ".":
                    continue
                if a == "H":
                    if house is not None:
                        raise ValueError(where + ": a second House")
                    house = c
                    continue
                i = OBJ_GLYPHS.find(a)
                if i <= 0:
                    raise ValueError(where + ": unknown field")
                obj[c] = i
                continue
            r = RANK_CHARS.find(b)
            if r < 0:
                raise ValueError(where + ": unknown rank character")
            if r >= n:
                raise ValueError(where + ": rank %s but only %d Gers" % (b, n))
            if pos[r] != E.NONE:
                raise ValueError(where + ": rank %s appears twice" % b)
            if a == "?":
                if not opts.joker or r == 0:
                    raise ValueError(where + ": a Joker needs the joker option (and not rank 0)")
                kind[r] = E.K_JOKER
                d = 0
            else:
                d = DIR_GLYPHS.find(a)
                if d < 0:
                    d = _ALT_DIRS.find(a)
                    if d >= 0:
                        d *= 2
                if d < 0:
                    raise ValueError(where + ": unknown direction")
                if d & 1 and not opts.dirset:
                    raise ValueError(where + ": a diagonal Ger needs the extended set (dirs=1)")
            pos[r] = c
            dr[r] = d
    if house is None:
        house = opts.house_cell()
    elif opts.house is not None and opts.house != house:
        raise ValueError("position: the House is at field %d, the options say %d"
                         % (house, opts.house))
    if obj[house]:
        raise ValueError("position: an object stands on the House")
    if pos[0] == E.NONE and (opts.goal == E.GOAL_A or opts.black_special):
        raise ValueError("position: the Black Ger (rank 0) is missing")
    return pos, dr, kind, obj, house
