"""MobGer Engine methods (bound in engine.py): save_state (the resume record written during a
game). Reading one back (load_state) is a start: engine_setup.py."""

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - depends on the build
    from handheld.crc import crc32 as _crc32



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
