"""iQLANDIE piece orientations: builds pieces.py's tables (imported by pieces.load_tables and
freed right after)."""

_BASE = (
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (3, 0)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (1, 1)),
    ((1, 0), (2, 0), (0, 1), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (1, 2)),
    ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1)),
    ((0, 0),),
)
# Every (x, y) with 0 <= x, y <= 5, built once and shared by all 80 orientations and boxes:
# one tuple per cell instead of one per use saves ~7 KB of heap on the device.
_PAIRS = tuple((i // 6, i % 6) for i in range(36))


def _orient(cells, o):
    """Orientation o: flip (o >= 4) in x, then o % 4 quarter turns; normalised to (0, 0)."""
    out = []
    for x, y in cells:
        if o >= 4:
            x = -x
        for _ in range(o & 3):
            x, y = -y, x
        out.append((x, y))
    mx = min(c[0] for c in out)
    my = min(c[1] for c in out)
    return tuple(_PAIRS[(x - mx) * 6 + y - my] for x, y in out)


def build():
    orients = []
    boxes = []
    distinct = []
    known = {}                # equal cell tuples (same order) are shared
    for s in range(len(_BASE)):
        seen = []
        dis = []
        for o in range(8):
            c = _orient(_BASE[s], o)
            c = known.setdefault(c, c)
            orients.append(c)
            boxes.append(_PAIRS[(max(p[0] for p in c) + 1) * 6 + max(p[1] for p in c) + 1])
            key = sorted(c)
            if key not in seen:
                seen.append(key)
                dis.append(o)
        distinct.append(tuple(dis))
    return tuple(orients), tuple(boxes), tuple(distinct)
