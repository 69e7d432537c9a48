"""Level-pack reader shared by every game (format: docs/formats.md).

A pack (a text file in levels/<game>/) is indexed by streaming it line by line: per level only
its byte offset, first line and board fingerprint are kept, and a level is re-read from its
offset when played. The file is never held in RAM: packs of thousands of levels fit.

Runs unchanged on CPython, CircuitPython and MicroPython.
"""

from array import array

from handheld.packs_util import RLE_MAX, list_packs, rle_expand, rle_width, _soft_crc32, \
    _utf8_cut, _stem, _stat, _let_go, PackError, PackChanged, MAX_ERRORS, LEVELS_MAX, \
    HEADER_VALUE_MAX  # noqa: F401 (part of this module's API)

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - every target has it; keep a slow fallback anyway
    _crc32 = None

# readline() is called with a limit so that a file without line feeds (old Mac CR-only text,
# a binary file) can never pull the whole file into RAM.
_CHUNK = 256
LINE_MAX = 4096  # longer lines are cut; an error when the cut line is a board or a solution
CHANGED = "the pack changed or is gone since it was opened"

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_KEY_CHARS = _LETTERS + "0123456789-_"
_BOM = b"\xef\xbb\xbf"

# Line kinds
_BLANK = 0
_COMMENT = 1  # '::' comment
_SEMI = 2  # '; text' comment (may name the next level)
_BOARD = 3
_KEY = 4
_TEXT = 5


class Level:
    """One level as written in the pack; the game's parse() turns it into its own object."""

    def __init__(self, index, name, first_line, rows, solution, meta, solution_line=0):
        self.index = index  # 0-based position in the pack
        self.name = name
        self.first_line = first_line  # line number of the first board row
        self.rows = rows  # board rows exactly as written (line ends removed)
        self.solution = solution  # whitespace removed, '' when none
        self.solution_line = solution_line  # line of the Solution: key, 0 when none
        self.meta = meta  # other keys, lower-case: author, comment, ...


if _crc32 is None:  # pragma: no cover
    _crc32 = _soft_crc32


def crc32(data, crc=0):
    return _crc32(data, crc) & 0xFFFFFFFF


class _Cursor:
    """Where the next line starts: byte offset, line number, running CRC32 (None: not wanted)."""

    def __init__(self, f, pos, lineno, digest):
        self.f = f
        self.pos = pos
        self.lineno = lineno - 1  # number of the last line read
        self.digest = digest
        self.eol = getattr(f, "eol", 10)  # the byte ending a line: 13 from an old Mac CRLines


def _long_line(rd, b):
    """Finish a line longer than _CHUNK: returns (first LINE_MAX + 2 bytes, bytes consumed)."""
    readline = rd.f.readline
    parts = [b]
    kept = size = len(b)
    while True:
        c = readline(_CHUNK)
        if not c:
            break
        if rd.digest is not None:
            rd.digest = _crc32(c, rd.digest)
        size += len(c)
        if kept < LINE_MAX + 2:
            parts.append(c)
            kept += len(c)
        if c[len(c) - 1] == rd.eol or c[len(c) - 1] == 10:
            break
    return b"".join(parts), size


def _classify(text, fmt):
    """Kind of a (decoded, line-end free) line; for _KEY also returns key and value."""
    s = text.strip()
    if not s:
        return _BLANK, None, None
    c = s[0]
    if c == ";":
        return _SEMI, None, s[1:].strip()
    if c == ":" and s[:2] == "::":
        return _COMMENT, None, None
    if fmt.is_board_line(text):
        return _BOARD, None, None
    colon = s.find(":")
    if 0 < colon <= 40 and _LETTERS.find(c) >= 0:
        i = 1
        while i < colon and _KEY_CHARS.find(s[i]) >= 0:
            i += 1
        if i == colon:
            return _KEY, s[:colon].lower(), s[colon + 1:].strip()
    return _TEXT, None, s


def _scan(rd, fmt, sink, end, check):
    """Walk lines from cursor rd up to byte offset `end` (EOF when end < 0), telling sink.

    The same walk indexes a pack (sink packs_index.Index, check=2: every check) and re-reads
    levels from their offsets (sink packs_sink.Grab; check=1: the stored solutions only, 0: none), so both
    always agree on where a level starts and ends, what names it and which solutions are
    readable. Reading is inlined here because it runs once per line of every pack on the device.
    """
    # packs_sink leaves the heap after each read (_let_go): a level in play does not keep it
    from handheld.packs_sink import titled, sol_rank, legacy, LEGACY
    maxw = getattr(fmt, "max_width", None)
    maxh = getattr(fmt, "max_height", None)
    width_of = getattr(fmt, "row_width", None)
    moves = getattr(fmt, "move_chars", None)
    if moves is not None and not isinstance(moves, str):
        moves = "".join(moves)
    readline = rd.f.readline
    eol = rd.eol
    pos = rd.pos
    n = rd.lineno
    want_crc = rd.digest is not None
    rows_out = sink.rows  # None when rows are not wanted
    fps = sink.fps  # bytearray of level fingerprints (indexing only) or None
    fp = 0
    in_level = False
    in_board = False
    in_sol = False
    sol_empty = False  # a solution's title line was read, no moves yet
    sol = None  # the check state of the solution being read
    sol_line = 0
    block = 0  # line of an open Comment: block
    slash = False  # in a /{ ... /} block
    # a level re-read from its offset starts at its name line, which indexing accepted
    prev = _BLANK if pos else -1  # kind of the line before (-1: only blank lines so far)
    pend_pos = -1  # a '; name' or text line that may name the next board
    pend_line = 0
    pend_kind = 0
    pend_text = None
    pend_ok = False  # it may name a board below a blank line: a title line (SOK)
    pend_gap = False  # blank lines since it
    rows = 0
    level_line = 0
    nlevels = 0
    cr_told = False
    legacy_told = False
    while end < 0 or pos < end:
        b = readline(_CHUNK)
        if not b:
            break
        if want_crc:
            rd.digest = _crc32(b, rd.digest)
        start = pos
        size = len(b)
        if size == _CHUNK and b[size - 1] != 10 and b[size - 1] != eol:
            b, size = _long_line(rd, b)
        pos += size
        n += 1
        # line end (CR LF, or CR CR LF from a file converted twice; CR in an old Mac file), BOM
        k = len(b)
        if b[k - 1] == 10 or b[k - 1] == eol:
            k -= 1
            while k and b[k - 1] == 13:
                k -= 1
            b = b[:k]
        if start == 0 and b[:3] == _BOM:
            b = b[3:]
            k -= 3
        long = k > LINE_MAX
        if long:
            b = _utf8_cut(b[:LINE_MAX])
        if check > 1 and not cr_told and b.find(b"\r") >= 0:
            cr_told = True
            sink.error(n, "carriage return inside a line: save the file with LF or CRLF line ends")
        try:
            text = b.decode("utf-8")
        except ValueError:  # UnicodeError on MicroPython, UnicodeDecodeError on CPython
            text = legacy(b)  # an old collection's 8-bit text (Windows-1252, Latin-1)
            if check > 1 and not legacy_told:
                legacy_told = True
                sink.warn(n, LEGACY)
        key = None
        val = None
        if block:
            if text.strip().lower() in ("comment-end:", "comment-end"):
                block = 0
            else:
                sink.block(text, in_level)
            continue
        else:
            kind, key, val = _classify(text, fmt)
            if kind == _TEXT and val[:2] == "/{":
                slash = val.find("/}") < 0
                kind = _COMMENT
            elif slash:
                if kind == _BOARD:
                    slash = False
                else:
                    slash = text.find("/}") < 0
                    kind = _COMMENT
        rank = -1  # >= 0: the line opens a stored solution (sol_rank)
        if kind == _KEY:
            if key == "solution" and in_level:
                rank = 1
        elif kind == _TEXT and in_level:
            rank = sol_rank(val)
            if rank >= 0:  # 'Solution/Moves' and its moves below, or after a colon
                k = val.find(":")
                val = val[k + 1:].strip() if k >= 0 else ""
        if in_sol and (rank >= 0 or kind != _TEXT or val.find(":") >= 0):
            if kind == _BLANK and sol_empty:
                continue  # blank lines between a solution's title and its moves
            in_sol = False
            if sol is not None:
                _sol_end(sink, sol, sol_line)
                sol = None
        before = prev
        if kind != _BLANK or prev >= 0:
            prev = kind
        if kind == _BOARD:
            if not in_board:
                in_board = True
                rows = 0
                level_line = n
                nlevels += 1
                if pend_pos >= 0 and (not pend_gap or pend_ok and titled(pend_text)):
                    sink.level(pend_pos, pend_line, n, pend_text)
                else:
                    if pend_pos >= 0 and pend_kind == _TEXT and not in_level:
                        sink.htext(pend_text)
                    sink.level(start, n, n, None)
                pend_pos = -1
                in_level = True
                fps = sink.fps
            rows += 1
            if fps is not None:
                # fingerprint: CRC32 of the rows (trailing blanks off) joined by b"\n"
                r = b.rstrip(b" \t")
                fp = _crc32(r, _crc32(b"\n", fp)) if rows > 1 else _crc32(r, 0)
                fps[len(fps) - 1] = fp & 0xFF
            if check > 1:
                if long:
                    sink.error(n, "line is longer than %d bytes" % LINE_MAX)
                elif maxw:
                    if width_of is None:
                        w = len(text.rstrip())
                    else:
                        w = width_of(text)
                    if w > maxw:
                        sink.error(n, "row is %d cells wide; the most is %d" % (w, maxw))
                if maxh and rows == maxh + 1:
                    sink.error(level_line, "level %d has more than %d rows" % (nlevels, maxh))
            if rows_out is not None and (not maxh or rows <= maxh):
                rows_out.append(text)
            continue
        below = in_board
        in_board = False
        if kind == _BLANK:
            pend_gap = True
            continue
        if kind == _SEMI and not titled(val):
            # '; optimal: 97' is a note, never a name; '; title: First Push' names the level
            k = val.find(":")
            low = val[:k].strip().lower()
            if low != "title" and low != "name" or not val[k + 1:].strip():
                continue
            val = val[k + 1:].strip()
        if pend_pos >= 0:
            if pend_kind == _TEXT and not in_level:
                sink.htext(pend_text)
            pend_pos = -1
        if rank >= 0:
            in_sol = True
            sol_empty = kind == _TEXT and not val  # a title line: its moves come below
            if check and moves is not None:
                from handheld.packs_solution import part as _sol_part, end as _sol_end
                sol = [0, 0]  # its new_state(); the module goes after reading (_let_go)
            sol_line = n  # the solution's last line so far
            sink.sol(val, n, rank)  # first: a warning below drops this solution
            if sol is not None:
                sol = _sol_part(sink, sol, n, long and LINE_MAX, val, moves)
            continue
        if kind == _KEY:
            if key == "comment" and not val:
                block = n
            elif key == "comment-end":
                pass
            elif in_level:
                sink.key(key, val)
            else:
                sink.hkey(key, val)
            continue
        if in_sol:  # a _TEXT line: more moves
            sol_empty = False
            sol_line = n
            if sol is not None:
                sol = _sol_part(sink, sol, n, long and LINE_MAX, val, moves)
            sink.sol(val, n, -1)
            continue
        if kind == _TEXT or kind == _SEMI:
            if below and kind == _SEMI:
                sink.after(val)  # '; 155 The Dungeon' right below a board names it
            pend_pos = start
            pend_line = n
            pend_kind = kind
            pend_text = val
            pend_ok = kind == _TEXT and before == _BLANK
            pend_gap = False
    rd.pos = pos
    rd.lineno = n
    if sol is not None:
        _sol_end(sink, sol, sol_line)
    if pend_pos >= 0 and pend_kind == _TEXT and not in_level:
        sink.htext(pend_text)
    if check > 1 and block:
        sink.error(block, "Comment: block has no Comment-End: line")


class Pack:
    """An indexed level pack. See docs/formats.md for the text format."""

    def __init__(self, path, game_format):
        self.path = path
        i = max(path.rfind("/"), path.rfind("\\"))
        self.filename = path[i + 1:]
        self.fmt = game_format
        self.header = {}
        self.errors = []  # [(line, reason)]: file and level problems, MAX_ERRORS at most
        self.warnings = []  # [(line, reason)]: ignored solutions, levels left out
        self.problem = None  # (line, reason) when the whole pack is unusable (packs_index._judge)
        self.count = 0
        self.digest = 0
        self.size = 0
        self.mtime = 0
        self._end = 0x7FFFFFFF  # line and offset where the levels left out (LEVELS_MAX) begin
        self._end_off = -1
        self._off = array("L")
        self._line = array("L")
        # fingerprints[i]: low byte of the CRC32 of level i's board rows only (see _scan), so
        # a new Solution:, name or comment keeps it and a changed row changes it
        self.fingerprints = bytearray()
        self.cr = False  # an old Mac file: lines end in CR alone
        from handheld.packs_index import index  # leaves the heap after indexing (_let_go)
        try:
            index(self, path)
        finally:
            _let_go()

    def broken(self, i):
        """(line, reason) of the first error inside level i, or None: it cannot be played."""
        first = self._line[i]
        last = self._line[i + 1] if i + 1 < self.count else self._end
        for e in self.errors:
            if first <= e[0] < last:
                return e
        return None

    def changed(self):
        """Was the file edited (size or time), renamed or deleted since it was indexed?"""
        size, mtime = _stat(self.path)
        return size != self.size or mtime != self.mtime

    def level(self, i):
        """Level i (0-based), read from its offset. Raises PackError for an error inside it,
        PackChanged when the file is not the one indexed. An unreadable stored solution is
        dropped (solution '')."""
        if i < 0 or i >= self.count:
            raise IndexError("no level %d in %s" % (i + 1, self.filename))
        e = self.broken(i)
        if e is not None:
            raise PackError(e[0], e[1])
        try:
            g = self._read(i, 1, False)[0]
        finally:
            _let_go()
        if g.fps[0] != self.fingerprints[i]:  # a same-size edit within the file time's tick
            raise PackChanged(g.first_line, CHANGED)
        meta = g.meta
        if g.comment is not None:
            meta["comment"] = "\n".join(g.comment)
        g.keep()
        return Level(i, self._name(i, g), g.first_line, g.rows, g.best, meta, g.sol_line)

    def names(self, start, n):
        """Names of levels start..start+n-1 (fewer at the end), for a list page."""
        if start < 0:
            start = 0
        if start + n > self.count:
            n = self.count - start
        if n <= 0:
            return []
        try:
            grabs = self._read(start, n, True)
        finally:
            _let_go()
        out = []
        for k in range(n):
            out.append(self._name(start + k, grabs[k]))
        return out

    def _name(self, i, g):
        return g.title or g.name or g.below or "Level %d" % (i + 1)

    def _read(self, start, n, names_only):
        if self.changed():
            raise PackChanged(self._line[start], CHANGED)
        from handheld.packs_sink import Grab, CRLines
        out = []
        try:
            f = open(self.path, "rb")
        except OSError:
            raise PackChanged(self._line[start], CHANGED)
        try:
            pos = self._off[start]
            f.seek(pos)
            rd = _Cursor(CRLines(f, _CHUNK) if self.cr else f, pos, self._line[start], None)
            for j in range(start, start + n):
                end = self._off[j + 1] if j + 1 < self.count else self._end_off
                g = Grab(names_only)
                _scan(rd, self.fmt, g, end, 0 if names_only else 1)
                if g.pos != self._off[j]:
                    raise PackChanged(self._line[j], CHANGED)
                out.append(g)
        finally:
            f.close()
        return out


