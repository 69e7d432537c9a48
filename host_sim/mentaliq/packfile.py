"""Reading Mental IQ+ packs on the host, and writing solutions into them in place."""

import os
import re

from games.mentaliq import board
from handheld.packs import Pack, PackError

_MOVES = re.compile(r"^[urdlURDL+\-0-9 \t]+$")


def open_pack(path):
    """The device's reader on a Mental IQ+ pack (board.FORMAT)."""
    return Pack(path, board.FORMAT)


def levels(path):
    """(pack, [(index, raw level, parsed board.Level or None, error or None)])."""
    pack = open_pack(path)
    out = []
    for i in range(pack.count):
        try:
            raw = pack.level(i)
        except PackError as e:
            out.append((i, None, None, str(e)))
            continue
        try:
            out.append((i, raw, board.FORMAT.parse(raw, pack.header), None))
        except PackError as e:
            out.append((i, raw, None, str(e)))
    return pack, out


def level(path, n):
    """Level n (1-based) of a pack as a board.Level; ValueError when it cannot be read."""
    pack = open_pack(path)
    if not 1 <= n <= pack.count:
        raise ValueError("%s has %d level(s); there is no level %d" % (path, pack.count, n))
    try:
        return board.FORMAT.parse(pack.level(n - 1), pack.header)
    except PackError as e:
        raise ValueError("%s: %s" % (path, e))


def wrap(moves, width=70):
    return [moves[i:i + width] for i in range(0, len(moves), width)] or [""]


def write_solutions(path, solutions):
    """Store solutions {level index (0-based): moves} in the pack file: an existing Solution:
    (with its continuation lines) is replaced, else a Solution: line is added right after the
    board. Every other byte of the file stays as it was (line ends included)."""
    pack = open_pack(path)
    with open(path, "rb") as f:
        data = f.read()
    crlf = b"\r\n" in data
    text = data.decode("utf-8")
    lines = text.split("\r\n" if crlf else "\n")
    edits = []  # (first line index, lines to remove, new lines)
    for i, moves in solutions.items():
        raw = pack.level(i)
        new = wrap(moves)
        new = ["Solution: " + new[0]] + new[1:]
        if raw.solution_line:
            k = raw.solution_line - 1
            end = k + 1
            while end < len(lines) and lines[end].strip() and _MOVES.match(lines[end]) \
                    and not board.is_board_line(lines[end]):
                end += 1
            edits.append((k, end - k, new))
        else:
            last = raw.first_line - 1 + len(raw.rows)  # index of the line after the board
            edits.append((last, 0, new))
    for k, n, new in sorted(edits, reverse=True):
        lines[k:k + n] = new
    out = ("\r\n" if crlf else "\n").join(lines).encode("utf-8")
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(out)
    os.replace(tmp, path)
