"""The save store inside real MicroPython: same behaviour, same bytes as CPython, small heap.

Needs `make setup` (node + the MicroPython WebAssembly package); CI installs it,
so a missing MicroPython is a failure, not a skip.
"""

import binascii
import json

import pytest

from host_sim import micropython as mpy
from handheld.store import Store

# Ceilings: measured figures (printed with `pytest -s`) plus ~30% headroom.
STORE_20_KEYS_LIVE_MAX = 1280      # measured 976 bytes: instance, index dict, 20 keys
STORE_IMPORT_MAX = 9200            # measured 7056 bytes (module compiled from .py; the load
                                   # and compaction code are modules of their own, used and let go)
LOAD_ALLOC_MAX = 15600             # measured 12016 bytes allocated by a load (garbage: slices,
                                   # store_load.py compiled and let go)


@pytest.fixture(autouse=True)
def need_micropython():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


# A deterministic history, run on both interpreters.
HISTORY = '''
def history(st, nvm):
    s = st.Store(nvm)
    for i in range(12):
        s.put(b"whirly/p" + bytes([i, 0, i, 1]), bytes(range(i * 3)))
    for i in range(150):
        s.put(b"sys/settings", bytes([i & 255, 7, 9, i >> 4]))
    s.delete(b"whirly/p" + bytes([3, 0, 3, 1]))
    s.put(b"box/p1", b"solved")
    s.clear_tag(b"box")
    s.put(b"sys/resume", bytes(100))
    return s
'''


def test_micropython_writes_the_same_bytes_as_cpython():
    out = mpy.run(HISTORY + '''
import binascii
import handheld.store as st
nvm = bytearray(b"\\xff" * 4096)
s = history(st, nvm)
print(binascii.hexlify(nvm).decode())
print(s._gen)
''')
    hexed, gen = out.split()
    ns = {}
    exec(HISTORY, ns)
    import handheld.store as st
    nvm = bytearray(b"\xff" * 4096)
    s = ns["history"](st, nvm)
    assert int(gen) == s._gen >= 1, "the history compacts"
    assert bytes.fromhex(hexed) == bytes(nvm)


def test_micropython_reads_an_image_written_by_cpython():
    ns = {}
    exec(HISTORY, ns)
    import handheld.store as st
    nvm = bytearray(b"\xff" * 4096)
    want = {k.hex(): bytes(v).hex() for k, v in
            ((k, ns["history"](st, nvm).get(k)) for k in Store(nvm).keys())}
    out = mpy.run('''
import binascii, json
import handheld.store as st
s = st.Store(bytearray(binascii.unhexlify(%r)))
print(json.dumps({"notice": s.notice, "state": dict(
    (binascii.hexlify(k).decode(), binascii.hexlify(s.get(k)).decode()) for k in s.keys())}))
''' % bytes(nvm).hex())
    got = json.loads(out)
    assert got["notice"] is None
    assert got["state"] == want


def test_store_behaviour_in_micropython():
    out = mpy.run('''
import handheld.store as st

class Flash:
    # nvm that records slice writes, like the CPython tests' FlashNVM
    def __init__(self, image):
        self.buf = bytearray(image)
        self.writes = []
    def __len__(self):
        return len(self.buf)
    def __getitem__(self, i):
        return self.buf[i]
    def __setitem__(self, i, data):
        data = bytes(data)
        self.writes.append((i.start, data))
        self.buf[i.start:i.start + len(data)] = data

def state(s):
    d = {}
    for k in s.keys():
        d[k] = bytes(s.get(k))
    return d

blank = b"\\xff" * 4096
nvm = Flash(blank)
s = st.Store(nvm)
assert s.notice is None and s.keys() == []
s.put(b"sys/settings", b"abc")
s.put(b"whirly/p1234", b"\\x01\\x02")
s.put(b"whirly/q", b"x")
s.put(b"sys/settings", b"abd")
assert s.get(b"sys/settings") == b"abd" and s.get(b"nope") is None
s.delete(b"whirly/q")
assert state(st.Store(Flash(nvm.buf))) == {b"sys/settings": b"abd", b"whirly/p1234": b"\\x01\\x02"}
s.clear_tag(b"whirly")
assert state(st.Store(Flash(nvm.buf))) == {b"sys/settings": b"abd"}
print("round trip, reload, delete, clear_tag: ok")

# compaction
for i in range(300):
    s.put(b"sys/settings", bytes([i & 255]) * 8)
t = st.Store(Flash(nvm.buf))
assert t._gen >= 1 and state(t) == {b"sys/settings": bytes([299 & 255]) * 8}
print("compactions after 300 saves:", t._gen - 1)

# power cut at every byte of an append
old = state(t)
image = bytes(t._nvm.buf)
t._nvm.writes = []
t.put(b"whirly/p9", b"new value")
new = state(t)
img = bytearray(image)
cuts = 0
for start, data in t._nvm.writes:
    for j in range(len(data)):
        img[start + j] = data[j]
        got = state(st.Store(Flash(img)))
        assert got == old or got == new
        cuts += 1
assert got == new
print("power cuts checked:", cuts)

# damaged images
for image in (bytes(4096), b"not a save store " * 241, bytes(range(256)) * 16):
    u = st.Store(Flash(image[:4096]))
    assert u.keys() == [] and u.notice == st.NOTICE_UNREADABLE
img = bytearray(t._nvm.buf)
img[t._idx[b"whirly/p9"] + 5] ^= 0x10  # in the last record
u = st.Store(Flash(img))
assert b"whirly/p9" not in u and u.notice == st.NOTICE_DAMAGED
u.put(b"a/b", b"c")
assert state(st.Store(Flash(u._nvm.buf)))[b"a/b"] == b"c"
print("damaged images: ok")

try:
    s.put(b"g/huge", bytes(5000))
    raise AssertionError("no ValueError")
except ValueError as e:
    print("too big:", e)
''')
    print("\n" + out)
    assert "round trip, reload, delete, clear_tag: ok" in out
    assert "damaged images: ok" in out
    assert "power cuts checked: " in out


def test_store_heap_in_micropython():
    # Globals and result keys exist before any measurement; measuring steps
    # are tiny, so their own compiled code cancels out (see host_sim/micropython.py).
    out = mpy.run([mpy.HEAP_PROBE + '''
import binascii, json
binascii.crc32(b"warm")  # this build's binascii is a frozen module: import it first
nvm = bytearray(b"\\xff" * 4096)
r = {"import": 0, "load_alloc": 0, "store_20_keys": 0, "get": 0, "slice16": 0,
     "get_missing": 0, "put_unchanged": 0}
s = st = None
k = b"game/p" + bytes([5, 5, 5, 5])
v = bytes(16)
''', "mark()", "import handheld.store as st", 'r["import"] = since()', '''
s = st.Store(nvm)
for i in range(20):
    s.put(b"game/p" + bytes([i, i, i, i]), bytes(16))
s = None
''', "mark()", "s = st.Store(nvm)", 'r["store_20_keys"] = since()', '''
r["load_alloc"] = alloc_of(lambda: st.Store(nvm))
s.get(k)
r["get"] = alloc_of(lambda: s.get(k))
r["slice16"] = alloc_of(lambda: nvm[0:16])
r["get_missing"] = alloc_of(lambda: s.get(b"nope"))
s.put(k, v)
r["put_unchanged"] = alloc_of(lambda: s.put(k, v))
print(json.dumps(r))
'''])
    r = json.loads(out)
    print("\nMicroPython heap: import store.py %(import)d B, Store over 4096 B with 20 keys "
          "%(store_20_keys)d B live (%(load_alloc)d B allocated while loading), get %(get)d B "
          "(= a 16-byte slice: %(slice16)d B), missing get %(get_missing)d B, unchanged put "
          "%(put_unchanged)d B" % r)
    assert r["store_20_keys"] <= STORE_20_KEYS_LIVE_MAX
    assert r["import"] <= STORE_IMPORT_MAX
    assert r["load_alloc"] <= LOAD_ALLOC_MAX
    assert r["get"] == r["slice16"], "get allocates only the value copy"
    assert r["get_missing"] == 0


def test_binascii_crc32_present_and_fallback_agrees_in_micropython():
    out = mpy.run('''
import binascii
from handheld.crc import crc32_py
import handheld.store as st
data = bytes(range(256)) * 3
print(hasattr(binascii, "crc32"), st.crc32 is binascii.crc32,
      crc32_py(data) == binascii.crc32(data), crc32_py(data, 12345) == binascii.crc32(data, 12345),
      binascii.crc32(data))
''')
    present, used, same, same_chained, value = out.split()
    assert present == used == same == same_chained == "True"
    assert int(value) == binascii.crc32(bytes(range(256)) * 3)
