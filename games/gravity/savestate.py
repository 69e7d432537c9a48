"""Gravity room save / resume, Engine methods (bound in engine.py): save_state() is the board,
the players and the actions; load_state() replays them."""

from games.gravity.constants import MAX_H, MAX_W, MIN_H, MIN_W


def save_state(self):
    """The whole game as bytes: board, players and the actions (replayed by load_state)."""
    W = self.width
    H = self.height
    out = bytearray(b"GRV\x01")
    out.append(W)
    out.append(H)
    out.append(self.players)
    out.extend(self.wall[:W * H])
    out.append(self.nactions)
    out.extend(self.actions[:self.nactions])
    c = _crc(out)
    out.extend(bytes(((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255)))
    return bytes(out)


def load_state(self, data):
    """Restore save_state() data; ValueError (engine unchanged) when it is not valid."""
    before = self.save_state() if self.cells else None
    try:
        self._load_state(bytes(data))
    except (ValueError, IndexError, TypeError) as e:
        if before is not None:
            self._load_state(before)
        raise ValueError("bad saved state: %s" % e)


def _load_state(self, d):
    if len(d) < 12 or d[:4] != b"GRV\x01":
        raise ValueError("not a Gravity room state")
    c = _crc(d[:-4])
    if d[-4:] != bytes(((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255)):
        raise ValueError("checksum mismatch")
    W = d[4]
    H = d[5]
    P = d[6]
    if not (MIN_W <= W <= MAX_W and MIN_H <= H <= MAX_H) or P not in (2, 3):
        raise ValueError("bad size or players")
    i = 7 + W * H
    if len(d) < i + 5:
        raise ValueError("truncated")
    b = _Board(W, H, d[7:i])
    n = d[i]
    if len(d) != i + 1 + n + 4:
        raise ValueError("wrong length")
    self.new_game(b, P)
    for k in range(n):
        if not self.play(d[i + 1 + k]):
            raise ValueError("action %d is not legal" % (k + 1))


class _Board:
    def __init__(self, width, height, wall):
        self.width = width
        self.height = height
        self.wall = wall


def _crc(data):
    try:
        from binascii import crc32
    except ImportError:  # pragma: no cover
        from handheld.crc import crc32
    return crc32(data) & 0xFFFFFFFF
