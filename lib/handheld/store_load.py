"""The save store's boot-time reading (handheld.store): the header is checked, records are
replayed into the index, damage is recovered from and told. Loaded when the store is made and
let go after it (handheld.entry.once).
"""
from handheld.store import _HDR, _OVERHEAD, _PUT, _PATCH, _DEL, _CLR, _FF64, _TRAILER, \
    _MAGIC, _VERSION, _check16, crc32, NOTICE_DAMAGED, NOTICE_REPAIRED, NOTICE_UNREADABLE


def _erased(st, start, stop):
    nvm = st._nvm
    while start + 64 <= stop:  # a slice at a time: far fewer calls than bytes
        if nvm[start:start + 64] != _FF64:
            return False
        start += 64
    while start < stop:
        if nvm[start] != 0xFF:
            return False
        start += 1
    return True


def load(st):
    st._idx = {}
    st._vals = {}
    st._live = 0
    st._gen = 0
    st._dirty = True  # until a header is trusted, the next write compacts
    st._stray = False
    st._end = _HDR
    nvm = st._nvm
    h = nvm[0:_HDR]
    if h[0:4] == _MAGIC + bytes((_VERSION,)) and \
            crc32(h[0:12]) == (h[12] | h[13] << 8 | h[14] << 16 | h[15] << 24):
        st._gen = h[4] | (h[5] << 8) | (h[6] << 16) | (h[7] << 24)
        end = h[8] | (h[9] << 8)
        st._dirty = False
        if not _scan_from(st, _HDR, end):
            st.notice = NOTICE_DAMAGED
        elif st._stray or nvm[st._size:st._sector] != _TRAILER:
            st.notice = NOTICE_REPAIRED
        return
    if _erased(st, 0, st._sector):
        return  # a new board (or a sector erased before anything was programmed)
    if h[0:4] == _MAGIC + b"\x01":
        from handheld.entry import once  # an older firmware's store
        st.notice = once("handheld.store_v1", "read_v1", st)
        return
    # A header we cannot trust: recover what checks out, never silently.
    clean = _scan_from(st, _HDR, 0)
    st._dirty = True
    if not st._idx:
        st.notice = NOTICE_UNREADABLE
    else:
        st.notice = NOTICE_REPAIRED if clean else NOTICE_DAMAGED


def _record_at(st, pos):
    """Size of a well-formed record at pos whose check matches, else 0."""
    nvm = st._nvm
    if pos + _OVERHEAD > st._size:
        return 0
    mark = nvm[pos]
    if mark != _PUT and mark != _PATCH and mark != _DEL and mark != _CLR:
        return 0
    klen = nvm[pos + 1]
    n = _OVERHEAD + klen + (nvm[pos + 2] | (nvm[pos + 3] << 8))
    if klen == 0 or pos + n > st._size:
        return 0
    data = nvm[pos:pos + n]
    if _check16(memoryview(data)[:n - 2]) != (data[n - 2] | (data[n - 1] << 8)):
        return 0
    return n


def _patched(st, pos, n, key):
    """The value a patch record at pos gives key, or None when it does not apply."""
    nvm = st._nvm
    if key not in st._idx:
        return None
    b = pos + 4 + len(key)
    vlen = n - _OVERHEAD - len(key)
    if vlen < 7:
        return None
    h = nvm[b:b + 7]
    keep = h[0] | (h[1] << 8)
    fresh = h[4]
    same = h[5] | (h[6] << 8)
    old = st.get(key)
    if keep + fresh + same > len(old) or 7 + fresh > vlen:
        return None
    r = keep + fresh
    value = bytes(old[:keep]) + bytes(nvm[b + 7:b + 7 + fresh]) + \
        bytes(old[r:r + same]) + bytes(nvm[b + 7 + fresh:b + vlen])
    if _check16(value) != h[2] | (h[3] << 8):
        return None
    return value


def _scan_from(st, pos, end):
    """Replay records from pos. Returns False when a committed record was lost
    (damage, or a rewrite cut before `end`); sets _end and _dirty."""
    nvm = st._nvm
    size = st._size
    clean = True
    while pos < size:
        mark = nvm[pos]
        if mark == 0xFF:
            break
        n = _record_at(st, pos)
        value = None
        if n:
            klen = nvm[pos + 1]
            key = bytes(nvm[pos + 4:pos + 4 + klen])
            if mark == _PATCH:
                value = _patched(st, pos, n, key)
                if value is None:
                    n = 0
        if n:
            st._apply(mark, key, pos, value)
            pos += n
            continue
        # Damaged: skip it when its framing leads to a record that checks out.
        clean = False
        st._dirty = True
        skip = _OVERHEAD + nvm[pos + 1] + (nvm[pos + 2] | (nvm[pos + 3] << 8)) \
            if pos + 4 <= size else 0
        if skip and pos + skip < size and _record_at(st, pos + skip):
            pos += skip
            continue
        pos = size
        break
    st._end = pos
    if pos < end:
        clean = False
    if pos < size and not _erased(st, pos + 1, size):
        # Bytes after the end: the body of an append cut before its marker (the
        # store is as before it; the next write compacts), or damage.
        st._dirty = True
        last = size - 1
        while nvm[last] == 0xFF:
            last -= 1
        stop = pos + 4
        if last >= stop:  # past the framing: the record's own length bounds the cut body
            stop += nvm[pos + 1] + (nvm[pos + 2] | (nvm[pos + 3] << 8)) + 2
        if last >= stop or stop > size:
            st._stray = True  # not from a write of ours: tell, though nothing is lost
    return clean
