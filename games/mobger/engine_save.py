"""MobGer Engine methods (bound in engine.py): save_state, load_state and start_from."""

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - depends on the build
    from handheld.crc import crc32 as _crc32

from games.mobger.options import Options
from games.mobger.constants import GOAL_A, GOAL_B, K_JOKER, NONE, O_FF_CCW


def _start_bytes(self):
    out = bytearray(self.opts.to_bytes())
    out.append(self.house)
    for r in range(self.n):
        out.append(self.spos[r])
        out.append(self.sdir[r] | self.skind[r] << 4)
    for c in range(self.ncells):
        out.append(self.sobj[c])
    return out


def save_state(self):
    """Options, start position, the actions, CRC-32."""
    out = self._start_bytes()
    out.append(self.nactions >> 8)
    out.append(self.nactions & 0xFF)
    out.extend(self.actions[:self.nactions])
    crc = _crc32(bytes(out)) & 0xFFFFFFFF
    for sh in (24, 16, 8, 0):
        out.append((crc >> sh) & 0xFF)
    return bytes(out)


def load_state(self, data):
    data = bytes(data)
    if len(data) < 27:
        raise ValueError("MobGer state too short")
    crc = _crc32(data[:-4]) & 0xFFFFFFFF
    if crc != (data[-4] << 24 | data[-3] << 16 | data[-2] << 8 | data[-1]):
        raise ValueError("corrupt MobGer state (checksum)")
    opts = Options.from_bytes(data[:21])
    i = 21
    house = data[i]
    i += 1
    n = opts.gers
    cells = opts.width * opts.height
    if house >= cells or len(data) < i + 2 * n + cells + 6:
        raise ValueError("corrupt MobGer state (size)")
    self.start_from(opts, house, data[i:i + 2 * n], data[i + 2 * n:i + 2 * n + cells])
    i += 2 * n + cells
    k = data[i] << 8 | data[i + 1]
    i += 2
    if len(data) != i + k + 4:
        raise ValueError("corrupt MobGer state (actions)")
    for j in range(k):
        if not self.play(data[i + j]):
            raise ValueError("MobGer state: action %d (%d) is illegal" % (j, data[i + j]))


def start_from(self, opts, house, gers, objs):
    """Start from raw arrays: gers = 2 bytes per rank (cell, dir | kind << 4)."""
    opts = opts.copy()
    if opts.house is not None or house != opts.house_cell():
        opts.house = house
    opts.validate()
    self._setup(opts)
    self._clear_board()
    cells = self.ncells
    taken = bytearray(cells)
    for c in range(cells):
        o = objs[c]
        if o > O_FF_CCW or (o and c == house):
            raise ValueError("bad object %d on field %d" % (o, c))
        self.obj[c] = o
        if o:
            taken[c] = 1
    removed = 0
    for r in range(self.n):
        p = gers[2 * r]
        d = gers[2 * r + 1] & 15
        kd = gers[2 * r + 1] >> 4
        if p == NONE:
            if r == 0 and (self.goal == GOAL_A or self.special):
                raise ValueError("the Black Ger is missing")
            if r and self.goal == GOAL_B:
                removed |= 1 << r
        elif p >= cells or taken[p] or d > 7 or kd > K_JOKER or (kd and r == 0):
            raise ValueError("bad Ger of rank %d" % r)
        else:
            taken[p] = 1
        self.pos[r] = p
        self.dir[r] = d
        self.kind[r] = kd
    self.sscore[0] = self.sscore[1] = 0
    for r in range(1, self.n):
        if removed >> r & 1:
            self.sscore[(r + 1) & 1] += 1
    self._start()
