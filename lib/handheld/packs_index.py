"""The sink that indexes a pack (handheld.packs._scan tells it what it reads): level offsets,
the header, errors and warnings. Needed only while a pack is indexed: on the device its code
leaves the heap after that (packs_util._let_go)."""

from handheld.packs_util import MAX_ERRORS, LEVELS_MAX, HEADER_VALUE_MAX, _stat, _stem
from handheld.packs_sink import titled, CRLines


def index(p, path):
    """Pack p's indexing (Pack.__init__'s work, here so that its code leaves the heap with this
    module): offsets, header, errors and warnings, CRC and size, from the file at path."""
    from handheld.packs import _scan, _Cursor, _CHUNK, _crc32
    sink = Index(p)
    f = open(path, "rb")  # OSError here is the only exception Pack() raises
    p.mtime = _stat(path)[1]
    try:
        head = f.readline(_CHUNK)
        f.seek(0)
        if head[:2] == b"\xff\xfe" or head[:2] == b"\xfe\xff":
            # Windows' "Unicode" text: two bytes a character, not a line of it reads
            p.errors.append((1, "the file is UTF-16 (\"Unicode\"): save it as UTF-8"))
            b = f.readline(_CHUNK)
            while b:  # its CRC and size all the same (a pack's identity)
                p.digest = _crc32(b, p.digest)
                p.size += len(b)
                b = f.readline(_CHUNK)
            p.digest &= 0xFFFFFFFF
        else:
            p.cr = head.find(b"\n") < 0 and head.find(b"\r") >= 0  # old Mac: CR alone
            rd = _Cursor(CRLines(f, _CHUNK) if p.cr else f, 0, 1, 0)
            try:
                _scan(rd, p.fmt, sink, -1, 2)
            except MemoryError:
                line = p._line[p.count - 1] if p.count else 1
                p.errors.append((line, "pack too big for the memory left"))
                p.problem = p.errors[-1]
            p.digest = rd.digest & 0xFFFFFFFF
            p.size = rd.pos
    finally:
        f.close()
    _judge(p)
    h = p.header
    p.title = h.get("title") or h.get("collection") or sink.first_text or _stem(p.filename)
    p.author = h.get("author", "")


def _judge(p):
    """The whole pack is unusable ("!" in the pack list) only for a file-level problem: no
    level, an error in the header (before level 1), too many errors, out of memory."""
    errors = p.errors
    if p.count == 0 and not errors:
        errors.append((1, "no level found: no line is a board of this game"))
    if p.problem is None and errors:
        if p.count == 0 or errors[0][0] < p._line[0]:
            p.problem = errors[0]
        elif len(errors) >= MAX_ERRORS:
            p.problem = (errors[0][0], "too many errors (%d or more; the first: %s)"
                         % (MAX_ERRORS, errors[0][1]))


class Index:
    """Sink that records level offsets and the pack header."""

    def __init__(self, pack):
        self.pack = pack
        self.first_text = None
        self.rows = None
        self.fps = pack.fingerprints
        self.full = False  # LEVELS_MAX reached: the rest of the file is only read

    def level(self, pos, line, board_line, name):
        p = self.pack
        if p.count >= LEVELS_MAX:
            if not self.full:
                self.full = True
                self.fps = None
                p._end = line
                p._end_off = pos
                p.warnings.append((line, "more than %d levels: the rest are left out"
                                   % LEVELS_MAX))
            return
        p._off.append(pos)
        p._line.append(line)
        p.fingerprints.append(0)
        p.count += 1

    def key(self, key, value):
        pass

    def sol(self, text, line, rank):
        pass

    def after(self, text):
        pass

    def hkey(self, key, value):
        self.pack.header[key] = value[:HEADER_VALUE_MAX]

    def htext(self, text):
        if self.first_text is None and titled(text):
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
        if len(errors) < MAX_ERRORS and not self.full:
            errors.append((line, reason))

    def warn(self, line, reason):
        warnings = self.pack.warnings
        if len(warnings) < MAX_ERRORS and not self.full:
            warnings.append((line, reason))
