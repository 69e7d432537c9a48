"""The save store's compaction (handheld.store): the live records, oldest first, written as one
sector image (one erase). Loaded for a compaction and let go after it (handheld.entry.once).
"""
from handheld.store import _HDR, _OVERHEAD, _PUT, _FF64, _TRAILER, _SLACK, _VERSION, _MAGIC, \
    _CLR, _check16, crc32


def compact(st, mark, key, value):
    idx = st._idx
    drop = st._tagged(key) if mark == _CLR else [key]
    # Live records in log order (oldest first; patched values count as newest).
    live = []
    need = _HDR
    for k in idx:
        if k not in drop:
            off = idx[k]
            live.append((off if off >= 0 else st._size, k))
            need += _OVERHEAD + len(k) + st._vlen(k)
    live.sort()
    if value is not None:
        need += _OVERHEAD + len(key) + len(value)
    evict = 0
    if need > st._size and value is not None and st._evictable(key):
        # Room for the progress, plus some for the next writes (a note, resume patches):
        # a store kept brim-full would compact, and so erase, on every write.
        while evict < len(live) and need + _SLACK > st._size:
            k = live[evict][1]
            if st._evictable(k):
                need -= _OVERHEAD + len(k) + st._vlen(k)
                live[evict] = None
            evict += 1
    if need > st._size:
        raise ValueError("save store full: %d bytes needed, it holds %d"
                         % (need - _HDR, st._size - _HDR))
    buf = st._scratch() if st._scratch is not None else None
    if buf is None or len(buf) < st._sector:
        buf = bytearray(st._sector)
    buf = memoryview(buf)[:st._sector]
    for i in range(0, st._sector, 64):  # erased (0xFF) without a second 4 KB copy
        buf[i:i + 64] = _FF64
    p = _HDR
    idx = {}
    for item in live:
        if item is None:
            st.evicted += 1
            continue
        k = item[1]
        idx[k] = p
        p = _place(buf, p, k, st.get(k))
    live = None
    if value is not None:
        idx[key] = p
        p = _place(buf, p, key, value)
    # The header (with the end of the records) leads the image: a rewrite cut
    # short is then noticed at load.
    gen = (st._gen + 1) & 0xFFFFFFFF
    buf[0:_HDR] = header(gen, p)
    buf[st._size:] = _TRAILER  # programmed last: an erase begun at the end loses it first
    st._nvm[0:st._sector] = buf  # the one sector erase
    buf = None
    st._gen = gen
    st._end = p
    st._dirty = False
    st._vals = {}
    st._idx = idx
    st._live = p - _HDR


def _place(buf, p, key, value):
    # A put record at p; returns where the next one goes. (The index is rebuilt.)
    klen = len(key)
    vlen = len(value)
    buf[p] = _PUT
    buf[p + 1] = klen
    buf[p + 2] = vlen & 0xFF
    buf[p + 3] = vlen >> 8
    buf[p + 4:p + 4 + klen] = key
    q = p + 4 + klen
    buf[q:q + vlen] = value
    q += vlen
    c = _check16(buf[p:q])
    buf[q] = c & 0xFF
    buf[q + 1] = c >> 8
    return q + 2


def header(gen, end):
    h = bytearray(b"\xff" * _HDR)
    h[0:3] = _MAGIC
    h[3] = _VERSION
    h[4] = gen & 0xFF
    h[5] = (gen >> 8) & 0xFF
    h[6] = (gen >> 16) & 0xFF
    h[7] = (gen >> 24) & 0xFF
    h[8] = end & 0xFF
    h[9] = end >> 8
    c = crc32(memoryview(h)[:12])
    h[12] = c & 0xFF
    h[13] = (c >> 8) & 0xFF
    h[14] = (c >> 16) & 0xFF
    h[15] = (c >> 24) & 0xFF
    return h
