"""Reading a game's packs on the host, and writing solutions into them in place.

Each game binds it to its pack format and move alphabet: host_sim/<game>/packfile.py."""

import os
import re
import sys

from handheld.packs import Pack, PackError


def wrap(moves, width=70):
    return [moves[i:i + width] for i in range(0, len(moves), width)] or [""]


class PackFile:
    """Pack tools for one game: fmt is its pack format (board.FORMAT), moves a regular
    expression matching a line of its move notation (continuation lines of a Solution:)."""

    def __init__(self, fmt, moves):
        self.fmt = fmt
        self.moves = re.compile(moves)

    def open_pack(self, path):
        """The device's reader on the pack."""
        return Pack(path, self.fmt)

    def levels(self, path):
        """[(index, raw level, parsed board.Level or None, error or None)] of a pack."""
        pack = self.open_pack(path)
        out = []
        for i in range(pack.count):
            try:
                raw = pack.level(i)
            except PackError as e:
                out.append((i, None, None, str(e)))
                continue
            try:
                out.append((i, raw, self.fmt.parse(raw, pack.header), None))
            except PackError as e:
                out.append((i, raw, None, str(e)))
        return pack, out

    def chosen(self, path, level, command):
        """(pack, items) for a command on all levels or level `level` (from 1), or None after
        saying on stderr why not (the pack cannot be read, no such level)."""
        try:
            pack, items = self.levels(path)
        except OSError as e:
            print("%s: %s" % (command, e), file=sys.stderr)
            return None
        if level is None:
            return pack, items
        if not 1 <= level <= len(items):
            print("%s: %s has %d level(s)" % (command, path, len(items)), file=sys.stderr)
            return None
        return pack, [items[level - 1]]

    def level(self, path, n):
        """Level n (1-based) of a pack as a board.Level; raises ValueError when it cannot be read."""
        pack = self.open_pack(path)
        if not 1 <= n <= pack.count:
            raise ValueError("%s has %d level(s); there is no level %d" % (path, pack.count, n))
        try:
            return self.fmt.parse(pack.level(n - 1), pack.header)
        except PackError as e:
            raise ValueError("%s: %s" % (path, e))

    def write_solutions(self, path, solutions):
        """Store solutions {level index (0-based): moves} in the pack file: an existing Solution:
        (with its continuation lines) is replaced, else a Solution: line is added right after the
        board. Every other byte of the file stays as it was: each line's own end (LF, CRLF, an
        old Mac file's CR, mixed), 8-bit text (Windows-1252) left undecoded."""
        pack = self.open_pack(path)
        with open(path, "rb") as f:
            data = f.read()
        # lines as the reader counts them (handheld.packs), each with its own end
        parts = re.split(rb"(\r\n?)" if pack.cr else rb"(\r*\n)", data)
        lines, ends = parts[0::2], parts[1::2] + [b""]
        eol = max(set(ends[:-1]), key=ends.count) if len(ends) > 1 else b"\n"

        def text(k):
            return lines[k].decode("utf-8", "replace")
        edits = []  # (first line index, lines to remove, new lines)
        for i, moves in solutions.items():
            raw = pack.level(i)
            new = wrap(moves)
            new = ["Solution: " + new[0]] + new[1:]
            if raw.solution_line:
                k = raw.solution_line - 1
                end = k + 1
                while end < len(lines) and text(end).strip() and self.moves.match(text(end)) \
                        and not self.fmt.is_board_line(text(end)):
                    end += 1
                edits.append((k, end - k, new))
            else:
                last = raw.first_line - 1 + len(raw.rows)  # index of the line after the board
                edits.append((last, 0, new))
        for k, n, new in sorted(edits, reverse=True):
            if k and not ends[k - 1]:
                ends[k - 1] = eol  # the board was the file's last line, without an end
            keep = ends[k + n - 1] if n else eol
            lines[k:k + n] = [x.encode("ascii") for x in new]
            ends[k:k + n] = [eol] * (len(new) - 1) + [keep]
        out = b"".join(x + e for x, e in zip(lines, ends))
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(out)
        os.replace(tmp, path)
