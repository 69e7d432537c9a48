"""Level-pack reader shared by every game (format: docs/formats.md).

A pack is a plain text file in levels/<game>/. It is indexed by streaming it line by line in
binary mode: per level only the byte offset and line number of its first line are kept
(array('L')), and a level is re-read from its offset when it is played. The whole file is never
held in RAM, so packs of thousands of levels fit in the device's heap.

Runs unchanged on CPython, CircuitPython and MicroPython.
"""

import os
from array import array

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - every target has it; keep a slow fallback anyway
    _crc32 = None

# readline() is called with a limit so that a file without line feeds (old Mac CR-only text,
# a binary file) can never pull the whole file into RAM.
_CHUNK = 256
LINE_MAX = 4096  # longer lines are cut; an error when the cut line is a board or a solution
RLE_MAX = 255  # longest run in a run-length row
MAX_ERRORS = 40  # a wrong file (a photo renamed .txt) must not fill the heap with errors
HEADER_VALUE_MAX = 256  # header values stay in RAM while the pack is open

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_KEY_CHARS = _LETTERS + "0123456789-_"
_BOM = b"\xef\xbb\xbf"

# Line kinds
_BLANK = 0
_COMMENT = 1  # '::' comment, or an undecodable line
_SEMI = 2  # '; text' comment (may name the next level)
_BOARD = 3
_KEY = 4
_TEXT = 5


class PackError(Exception):
    """A problem in a pack: str(e) == "line N: reason"."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


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


def _soft_crc32(data, crc=0):
    # Only used where binascii lacks crc32; bitwise, slow, but never needed on our targets.
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0xEDB88320
            else:
                crc >>= 1
    return crc ^ 0xFFFFFFFF


if _crc32 is None:  # pragma: no cover
    _crc32 = _soft_crc32


def crc32(data, crc=0):
    return _crc32(data, crc) & 0xFFFFFFFF


def _utf8_cut(b):
    """Drop an incomplete UTF-8 sequence at the end of a line cut at LINE_MAX."""
    i = len(b) - 1
    j = i
    while j >= 0 and i - j < 3 and (b[j] & 0xC0) == 0x80:
        j -= 1
    if j < 0:
        return b
    lead = b[j]
    need = 1
    if lead >= 0xF0:
        need = 4
    elif lead >= 0xE0:
        need = 3
    elif lead >= 0xC0:
        need = 2
    if i - j + 1 < need:
        return b[:j]
    return b


class _Cursor:
    """Where the next line starts: byte offset, line number, running CRC32 (None: not wanted)."""

    def __init__(self, f, pos, lineno, digest):
        self.f = f
        self.pos = pos
        self.lineno = lineno - 1  # number of the last line read
        self.digest = digest


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
        if c[len(c) - 1] == 10:
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


def _bad_move(text, moves):
    for c in text:
        if c != " " and c != "\t" and moves.find(c) < 0:
            return c
    return None


def _scan(rd, fmt, sink, end, check):
    """Walk lines from cursor rd up to byte offset `end` (EOF when end < 0), telling sink.

    The same walk indexes a pack (sink _Index, check=True) and re-reads levels from their
    offsets (sink _Grab), so both always agree on where a level starts and ends. Reading is
    inlined here because it runs once per line of every pack on the device.
    """
    maxw = getattr(fmt, "max_width", None)
    maxh = getattr(fmt, "max_height", None)
    width_of = getattr(fmt, "row_width", None)
    moves = getattr(fmt, "move_chars", None)
    if moves is not None and not isinstance(moves, str):
        moves = "".join(moves)
    readline = rd.f.readline
    pos = rd.pos
    n = rd.lineno
    want_crc = rd.digest is not None
    rows_out = sink.rows  # None when rows are not wanted
    in_level = False
    in_board = False
    in_sol = False
    block = 0  # line of an open Comment: block
    pend_pos = -1  # a '; name' or text line that may name the next board
    pend_line = 0
    pend_kind = 0
    pend_text = None
    rows = 0
    level_line = 0
    nlevels = 0
    cr_told = False
    while end < 0 or pos < end:
        b = readline(_CHUNK)
        if not b:
            break
        if want_crc:
            rd.digest = _crc32(b, rd.digest)
        start = pos
        size = len(b)
        if size == _CHUNK and b[size - 1] != 10:
            b, size = _long_line(rd, b)
        pos += size
        n += 1
        # line end, BOM
        k = len(b)
        if b[k - 1] == 10:
            k -= 1
            if k and b[k - 1] == 13:
                k -= 1
            b = b[:k]
        if start == 0 and b[:3] == _BOM:
            b = b[3:]
            k -= 3
        long = k > LINE_MAX
        if long:
            b = _utf8_cut(b[:LINE_MAX])
        if check and not cr_told and b.find(b"\r") >= 0:
            cr_told = True
            sink.error(n, "carriage return inside a line: save the file with LF or CRLF line ends")
        try:
            text = b.decode("utf-8")
        except ValueError:  # UnicodeError on MicroPython, UnicodeDecodeError on CPython
            text = None
        key = None
        val = None
        if text is None:
            if check:
                sink.error(n, "bytes that are not UTF-8: save the file as UTF-8")
            if block:
                continue
            kind = _COMMENT
        elif block:
            if text.strip().lower() in ("comment-end:", "comment-end"):
                block = 0
            else:
                sink.block(text, in_level)
            continue
        else:
            kind, key, val = _classify(text, fmt)
        if kind == _BOARD:
            if not in_board:
                in_board = True
                in_level = True
                in_sol = False
                rows = 0
                level_line = n
                nlevels += 1
                if pend_pos >= 0:
                    sink.level(pend_pos, pend_line, n, pend_text)
                    pend_pos = -1
                else:
                    sink.level(start, n, n, None)
            rows += 1
            if check:
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
            if rows_out is not None:
                rows_out.append(text)
            continue
        in_board = False
        if pend_pos >= 0:
            if pend_kind == _TEXT and not in_level:
                sink.htext(pend_text)
            pend_pos = -1
        if kind == _BLANK:
            in_sol = False
            continue
        if kind == _KEY:
            in_sol = False
            if key == "comment" and not val:
                block = n
                continue
            if key == "comment-end":
                continue
            if not in_level:
                sink.hkey(key, val)
                continue
            if key == "solution":
                in_sol = True
                if check:
                    _check_solution(sink, long, n, val, moves)
                sink.sol(val, n, True)
            else:
                sink.key(key, val)
            continue
        if in_sol and kind == _TEXT:
            if check:
                _check_solution(sink, long, n, val, moves)
            sink.sol(val, n, False)
            continue
        in_sol = False
        if kind == _TEXT or kind == _SEMI:
            pend_pos = start
            pend_line = n
            pend_kind = kind
            pend_text = val
    rd.pos = pos
    rd.lineno = n
    if pend_pos >= 0 and pend_kind == _TEXT and not in_level:
        sink.htext(pend_text)
    if check and block:
        sink.error(block, "Comment: block has no Comment-End: line")


def _check_solution(sink, long, n, text, moves):
    if long:
        sink.error(n, "line is longer than %d bytes: split the solution over several lines"
                   % LINE_MAX)
    elif moves is not None:
        c = _bad_move(text, moves)
        if c is not None:
            sink.error(n, "solution has %r, which is not a move (moves: %s)" % (c, moves))


class _Index:
    """Sink that records level offsets and the pack header."""

    def __init__(self, pack):
        self.pack = pack
        self.first_text = None
        self.rows = None

    def level(self, pos, line, board_line, name):
        p = self.pack
        p._off.append(pos)
        p._line.append(line)
        p.count += 1

    def key(self, key, value):
        pass

    def sol(self, text, line, first):
        pass

    def hkey(self, key, value):
        self.pack.header[key] = value[:HEADER_VALUE_MAX]

    def htext(self, text):
        if self.first_text is None:
            self.first_text = text[:HEADER_VALUE_MAX]

    def block(self, text, in_level):
        if not in_level:
            h = self.pack.header
            old = h.get("comment")
            if old is None:
                h["comment"] = text[:HEADER_VALUE_MAX]
            elif len(old) < HEADER_VALUE_MAX:
                h["comment"] = (old + "\n" + text)[:HEADER_VALUE_MAX]

    def error(self, line, reason):
        errors = self.pack.errors
        if len(errors) < MAX_ERRORS:
            errors.append((line, reason))


class _Grab:
    """Sink that collects one level (or just its name) while re-reading it."""

    def __init__(self, names_only):
        self.names_only = names_only
        self.pos = -1
        self.first_line = 0
        self.name = None
        self.title = None
        self.rows = None if names_only else []
        self.sol_parts = None
        self.sol_line = 0
        self.sol_open = False
        self.meta = {}
        self.comment = None

    def level(self, pos, line, board_line, name):
        if self.pos < 0:
            self.pos = pos
            self.first_line = board_line
            if name:
                self.name = name

    def key(self, key, value):
        if key == "title" or key == "name":
            if self.title is None and value:
                self.title = value
        elif not self.names_only and key not in self.meta:
            self.meta[key] = value

    def sol(self, text, line, first):
        if self.names_only:
            return
        if first:
            self.sol_open = self.sol_line == 0  # keep the first solution only
            if self.sol_open:
                self.sol_line = line
                self.sol_parts = []
        if self.sol_open:
            self.sol_parts.append("".join(text.split()))

    def hkey(self, key, value):
        pass

    def htext(self, text):
        pass

    def block(self, text, in_level):
        if in_level and not self.names_only:
            if self.comment is None:
                self.comment = []
            self.comment.append(text)

    def error(self, line, reason):
        pass


def _stem(filename):
    i = filename.rfind(".")
    return filename[:i] if i > 0 else filename


class Pack:
    """An indexed level pack. See docs/formats.md for the text format."""

    def __init__(self, path, game_format):
        self.path = path
        i = max(path.rfind("/"), path.rfind("\\"))
        self.filename = path[i + 1:]
        self.fmt = game_format
        self.header = {}
        self.errors = []
        self.count = 0
        self.digest = 0
        self.size = 0
        self._off = array("L")
        self._line = array("L")
        sink = _Index(self)
        f = open(path, "rb")  # OSError here is the only exception Pack() raises
        rd = _Cursor(f, 0, 1, 0)
        try:
            _scan(rd, game_format, sink, -1, True)
        except MemoryError:
            line = self._line[self.count - 1] if self.count else 1
            self.errors.append((line, "pack too big for the memory left"))
        finally:
            f.close()
        self.digest = rd.digest & 0xFFFFFFFF
        self.size = rd.pos
        if self.count == 0 and not self.errors:
            self.errors.append((1, "no level found: no line is a board of this game"))
        h = self.header
        self.title = h.get("title") or h.get("collection") or sink.first_text or _stem(self.filename)
        self.author = h.get("author", "")

    def level(self, i):
        """Level i (0-based), read from its offset. Raises PackError for an error inside it."""
        if i < 0 or i >= self.count:
            raise IndexError("no level %d in %s" % (i + 1, self.filename))
        first = self._line[i]
        last = self._line[i + 1] if i + 1 < self.count else 0x7FFFFFFF
        for line, reason in self.errors:
            if first <= line < last:
                raise PackError(line, reason)
        g = self._read(i, 1, False)[0]
        meta = g.meta
        if g.comment is not None:
            meta["comment"] = "\n".join(g.comment)
        sol = "".join(g.sol_parts) if g.sol_parts else ""
        return Level(i, self._name(i, g), g.first_line, g.rows, sol, meta, g.sol_line)

    def names(self, start, n):
        """Names of levels start..start+n-1 (fewer at the end), for a list page."""
        if start < 0:
            start = 0
        if start + n > self.count:
            n = self.count - start
        if n <= 0:
            return []
        grabs = self._read(start, n, True)
        out = []
        for k in range(n):
            out.append(self._name(start + k, grabs[k]))
        return out

    def _name(self, i, g):
        return g.title or g.name or "Level %d" % (i + 1)

    def _read(self, start, n, names_only):
        try:
            size = os.stat(self.path)[6]
        except OSError:
            size = -1
        if size != self.size:
            raise PackError(self._line[start], "the pack changed since it was opened; open it again")
        out = []
        f = open(self.path, "rb")
        try:
            pos = self._off[start]
            f.seek(pos)
            rd = _Cursor(f, pos, self._line[start], None)
            for j in range(start, start + n):
                end = self._off[j + 1] if j + 1 < self.count else -1
                g = _Grab(names_only)
                _scan(rd, self.fmt, g, end, False)
                if g.pos != self._off[j]:
                    raise PackError(self._line[j],
                                    "the pack changed since it was opened; open it again")
                out.append(g)
        finally:
            f.close()
        return out


def list_packs(folder, exts=(".txt", ".sok", ".xsb", ".lvl")):
    """Sorted pack file names in folder; [] when the folder is missing."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for name in names:
        if name[:1] == ".":  # macOS leaves ._name.txt files on FAT drives
            continue
        low = name.lower()
        for e in exts:
            if low.endswith(e):
                try:
                    if not os.stat(folder + "/" + name)[0] & 0x4000:  # not a folder
                        out.append(name)
                except OSError:
                    pass
                break
    out.sort(key=lambda s: s.lower())
    return out


def rle_expand(row):
    """Run-length row: a number repeats the next character ('4#-2$' -> '####-$$')."""
    i = 0
    n = len(row)
    while i < n and not ("0" <= row[i] <= "9"):
        i += 1
    if i == n:
        return row
    out = []
    count = 0
    for c in row:
        if "0" <= c <= "9":
            count = count * 10 + ord(c) - 48
            if count > RLE_MAX:  # a typo like 9999# must not eat the heap
                count = RLE_MAX
        else:
            out.append(c * count if count else c)
            count = 0
    return "".join(out)


def rle_width(row):
    """Width of a (possibly run-length) row, trailing blanks not counted."""
    return len(rle_expand(row).rstrip())
