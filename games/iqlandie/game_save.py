"""iQLANDIE Game methods (bound in game.py): the saved game (options + action log)."""
from games.iqlandie.game import MAGIC, VERSION


def save_state(self):
    kinds = 0
    for i in range(self.players):
        kinds |= self.kinds[i] << (2 * i)
    n = self.nlog
    s = self.seed
    head = bytes((MAGIC[0], MAGIC[1], VERSION, self.players, kinds,
                  s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, (s >> 24) & 0xFF,
                  n & 0xFF, n >> 8))
    body = head + bytes(self.log[:n])
    c = _sum16(body)
    return body + bytes((c >> 8, c & 0xFF))


def load_state(self, data):
    data = bytes(data)
    if len(data) < 13 or data[0] != MAGIC[0] or data[1] != MAGIC[1] or \
            not 1 <= data[2] <= VERSION:
        raise ValueError("iqlandie: not a saved game")
    n = data[9] | (data[10] << 8)
    if len(data) != 13 + n:
        raise ValueError("iqlandie: saved game has a wrong length")
    body = data[:11 + n]
    if _sum16(body) != (data[11 + n] << 8) | data[12 + n]:
        raise ValueError("iqlandie: saved game checksum mismatch")
    players = data[3]
    if players < 2 or players > 4:
        raise ValueError("iqlandie: bad player count")
    kinds = bytearray(players)
    for i in range(players):
        kinds[i] = (data[4] >> (2 * i)) & 3
    seed = data[5] | (data[6] << 8) | (data[7] << 16) | (data[8] << 24)
    self.start(players, kinds, seed)
    self.auto_end = data[2] == 1     # before lifting: an empty hand ended the placing
    log = data[11:11 + n]
    i = 0
    while i < n:
        a = log[i]
        op = a >> 5
        need = 3 if op == 1 else (2 if op == 4 or op == 6 else 1)
        if i + need > n:
            raise ValueError("iqlandie: truncated action at byte %d" % i)
        b = log[i + 1] if need > 1 else 0
        c = log[i + 2] if need > 2 else 0
        if not self._replay(op, a & 0x1F, b, c):
            raise ValueError("iqlandie: illegal action at byte %d" % i)
        i += need
    return self


def _replay(self, op, arg, b, c):
    if op == 0:
        return self.choose_topic(arg)
    if op == 1:
        return self.report(arg >> 1, (b << 8) | c, arg & 1)
    if op == 2:
        return self.take(arg)
    if op == 3:
        return self.add_from_bag(arg)
    if op == 4:
        return self.place((arg >> 4) & 1, (arg >> 1) & 7, ((arg & 1) << 2) | (b >> 6),
                          (b >> 3) & 7, b & 7)
    if op == 5:
        return self.fallback(arg) != 0
    if op == 6:
        return self.choose_joker_colour((arg >> 3) & 3, b, arg & 7)
    if op == 7:
        return self.end_placing() if arg == 31 else self.lift(arg)
    return False


def _sum16(data):
    # Fletcher-16: catches truncation and swapped bytes, cheap on the device
    a = 0
    b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return (b << 8) | a
