"""Parts of the level-pack reader (handheld.packs re-exports them): Grab, the sink that collects
one level (or its name) when the reader re-reads it (handheld.packs_index has the sink used
while indexing), and the reader's small judgements about plain text: can a line be a title, is
it the title line of a stored solution. Split from packs.py to keep each module small enough to
compile on the device. See docs/formats.md."""

from handheld.packs_util import MAX_ERRORS, LEVELS_MAX, HEADER_VALUE_MAX  # noqa: F401
# a note's key: no digit ('Level 5: The Box' can be a title)
_NOTE_KEY = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_ "


def titled(text):
    """Can this plain text line name a pack or (detached from its board) a level? Not a
    note such as 'Date Created: 2004-01-02' (words without digits, then a colon) or
    'Copyright (c) 2004'."""
    low = text[:9].lower()
    if low == "copyright" or low[:3] == "(c)" or low[:1] == "\u00a9":
        return False
    colon = text.find(":")
    if 0 < colon <= 40:
        i = 0
        while i < colon and _NOTE_KEY.find(text[i]) >= 0:
            i += 1
        return i < colon
    return True


# Windows-1252's 0x80-0x9F: its letters as themselves, its quotes and dashes as the ASCII the
# font draws (undefined bytes: '?'); its other bytes are Latin-1, the same code points as Unicode
_CP1252 = ("\u20ac?,\u0192\"\u2026++^%\u0160<\u0152?\u017d?"
           "?''\"\"\u2022--~T\u0161>\u0153?\u017e\u0178")


LEGACY = "bytes that are not UTF-8: such lines are read as Windows-1252 (Latin-1)"


def legacy(b):
    """A line that is not UTF-8, read as the 8-bit text most old collections are in
    (Windows-1252, whose letters are Latin-1's): every byte is a character."""
    out = []
    for c in b:
        out.append(_CP1252[c - 0x80] if 0x80 <= c < 0xA0 else chr(c))
    return "".join(out)


class CRLines:
    """An old Mac file, its lines ended by CR alone, read line by line: readline(limit) as a
    file's, each line up to and with its CR (or CR LF) as in the file, so that offsets and
    the pack's CRC stay the file's. Reads through the file's own readline(_CHUNK): no LF
    there, so at most _CHUNK bytes a call."""

    eol = 13  # the byte that ends its lines (handheld.packs._Cursor reads it)

    def __init__(self, f, chunk):
        self.f = f
        self.chunk = chunk
        self.buf = b""

    def readline(self, limit):
        buf = self.buf
        while True:
            i = buf.find(b"\r")
            if 0 <= i < limit and i + 1 < len(buf):  # the byte after a CR decides CR or CR LF
                j = i + 2 if buf[i + 1] == 10 and i + 1 < limit else i + 1
                break
            if i < 0 and len(buf) >= limit or i >= limit:
                j = limit  # a long line: the first limit bytes (the reader asks for the rest)
                break
            more = self.f.readline(self.chunk)
            if not more:  # the end: the last line, with or without its CR
                j = min(len(buf), limit)
                break
            buf += more
        self.buf = buf[j:]
        return buf[:j]


def sol_rank(text):
    """-1, or the rank of a stored solution's title line: 2 'Solution/Moves', 0
    'Solution/Pushes', 1 any other 'Solution...' ('Solution', 'Solution (120/34)', ...).
    The best readable solution of a level is kept; the first one among equals."""
    low = text[:15].lower()
    if low[:8] != "solution":
        return -1
    c = low[8:9]
    if c and c != " " and c != "/" and c != "(" and c != ":":
        return -1  # 'Solutions are below', 'Solutionless'
    if low[8:14] == "/moves":
        return 2
    return 0 if low[8:15] == "/pushes" else 1


class Grab:
    """Sink that collects one level (or just its name) while re-reading it."""

    def __init__(self, names_only):
        self.names_only = names_only
        self.pos = -1
        self.first_line = 0
        self.name = None  # the name line above the board (touching it, or a detached title)
        self.title = None  # Title: or Name:
        self.below = None  # a '; name' line right below the board
        self.rows = None if names_only else []
        self.fps = None if names_only else bytearray(1)  # the level's fingerprint
        self.sol_parts = None  # the solution being read; None when unreadable
        self.sol_rank = -1
        self.sol_at = 0
        self.best = ""  # the kept solution (the best readable one), its rank and line
        self.best_rank = -1
        self.sol_line = 0  # the kept solution's line, else the first solution's
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

    def after(self, text):
        if self.below is None and self.pos >= 0 and text:
            self.below = text

    def sol(self, text, line, rank):
        """A solution line: rank >= 0 opens a new solution (its title or key line)."""
        if self.names_only:
            return
        if rank >= 0:
            self.keep()
            if not self.sol_line:
                self.sol_line = line  # until a readable one is kept: the first one's line
            self.sol_parts = []
            self.sol_rank = rank
            self.sol_at = line
        if self.sol_parts is not None:
            self.sol_parts.append("".join(text.split()))

    def keep(self):
        """The solution being read ended: keep it if readable and better than the kept one."""
        parts = self.sol_parts
        if parts and self.sol_rank > self.best_rank:
            moves = "".join(parts)
            if moves:
                self.best = moves
                self.best_rank = self.sol_rank
                self.sol_line = self.sol_at
        self.sol_parts = None

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

    def warn(self, line, reason):
        self.sol_parts = None  # an unreadable solution is dropped, even half read
