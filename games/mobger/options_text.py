"""MobGer options read back from their saved bytes (a resumed game) and the text form (game
records, puzzles): Options.from_bytes, text and parse (options.py) call these."""
from games.mobger.constants import NONE
from games.mobger.options import _check

_OPT_KEYS = ("w", "h", "house", "gers", "dirs", "seq", "random", "goal", "rborders", "rgers",
             "cuboids", "deflectors", "flipflaps", "joker", "bspecial", "seed")


def from_bytes(cls, data):
    data = bytes(data)
    if len(data) != 21 or data[:3] != b"MG\x01":
        raise ValueError("not MobGer options")
    if _check(data[:20]) != data[20]:
        raise ValueError("corrupt MobGer options")
    v = list(data[3:18])
    v.append(data[18] << 8 | data[19])
    o = cls()
    o._set(v)
    return o.validate()


def text(self):
    """One line: key=value pairs (house=c for the centre)."""
    v = self._values()
    parts = []
    for i in range(16):
        if i == 2 and self.house is None:
            parts.append("house=c")
        else:
            parts.append("%s=%d" % (_OPT_KEYS[i], v[i]))
    return " ".join(parts)


def parse(cls, text):
    """Options from text(); missing keys keep their defaults."""
    o = cls()
    v = list(o._values())
    for tok in text.split():
        if "=" not in tok:
            raise ValueError("bad option %r" % tok)
        k, val = tok.split("=", 1)
        if k not in _OPT_KEYS:
            raise ValueError("unknown option %r" % k)
        i = _OPT_KEYS.index(k)
        if i == 2 and val == "c":
            v[i] = NONE
            continue
        try:
            v[i] = int(val)
        except ValueError:
            raise ValueError("option %s needs a number, not %r" % (k, val))
    o._set(v)
    return o.validate()
