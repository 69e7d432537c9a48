"""The sink that indexes a pack (handheld.packs._scan tells it what it reads): level offsets,
the header, errors and warnings. Needed only while a pack is indexed: on the device its code
leaves the heap after that (packs_util._let_go)."""

from handheld.packs_util import MAX_ERRORS, LEVELS_MAX, HEADER_VALUE_MAX
from handheld.packs_sink import titled


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
