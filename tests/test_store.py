"""The NVM save store: behaviour, power cuts at every byte, damaged images, flash wear."""

import random
import zlib

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from handheld import store as store_mod
from handheld.crc import crc32_py
from handheld.store import Store, NOTICE_DAMAGED, NOTICE_UNREADABLE

SIZE = 4096
HALF = SIZE // 2
HDR = 12


class FlashNVM:
    """microcontroller.nvm as CircuitPython drives the RP2040's flash.

    Records every slice write. A write whose target bytes are all erased
    (0xFF) is programmed directly; any other write costs a sector erase,
    which is counted.
    """

    def __init__(self, image=None):
        self.buf = bytearray(b"\xff" * SIZE) if image is None else bytearray(image)
        self.writes = []
        self.erases = 0

    def __len__(self):
        return len(self.buf)

    def __getitem__(self, i):
        return self.buf[i]

    def __setitem__(self, i, data):
        assert isinstance(i, slice) and i.step is None, "the store writes slices"
        start, stop, _ = i.indices(len(self.buf))
        data = bytes(data)
        assert stop - start == len(data), "nvm slices cannot change length"
        if self.buf[start:stop].count(0xFF) != len(data):
            self.erases += 1
        self.writes.append((start, data))
        self.buf[start:stop] = data


def blank():
    return FlashNVM()


def state(s):
    return {k: bytes(s.get(k)) for k in s.keys()}


def cut_images(image, writes):
    """Every image a power cut can leave: the writes applied byte by byte, cut after k bytes."""
    img = bytearray(image)
    yield bytes(img)
    for start, data in writes:
        for j, b in enumerate(data):
            img[start + j] = b
            yield bytes(img)


def fill(s, n, prefix=b"game/k", size=10):
    for i in range(n):
        s.put(prefix + bytes([65 + i % 26, 65 + i // 26]), bytes([i]) * size)


# ---- behaviour ---------------------------------------------------------------

def test_put_then_get_returns_the_value():
    s = Store(blank())
    s.put(b"sys/settings", b"\x01\x02\x03")
    s.put(b"whirly/p\x00\x01\x02\x03", bytes(range(40)))
    assert s.get(b"sys/settings") == b"\x01\x02\x03"
    assert s.get(b"whirly/p\x00\x01\x02\x03") == bytes(range(40))
    assert s.get(b"nope/x") is None
    assert s.get(b"nope/x", b"dflt") == b"dflt"
    assert s.keys() == [b"sys/settings", b"whirly/p\x00\x01\x02\x03"]


def test_empty_value_is_stored_not_deleted():
    s = Store(blank())
    s.put(b"a/empty", b"")
    assert s.get(b"a/empty") == b""
    assert Store(FlashNVM(s._nvm.buf)).get(b"a/empty") == b""


def test_overwrite_latest_value_wins():
    nvm = blank()
    s = Store(nvm)
    for i in range(10):
        s.put(b"sys/settings", bytes([i, i]))
    assert s.get(b"sys/settings") == b"\x09\x09"
    assert Store(FlashNVM(nvm.buf)).get(b"sys/settings") == b"\x09\x09"


def test_delete_forgets_key_and_survives_reload():
    nvm = blank()
    s = Store(nvm)
    s.put(b"a/x", b"1")
    s.put(b"a/y", b"2")
    s.delete(b"a/x")
    assert s.get(b"a/x") is None and s.keys() == [b"a/y"]
    assert state(Store(FlashNVM(nvm.buf))) == {b"a/y": b"2"}


def test_clear_tag_deletes_only_keys_of_that_tag():
    nvm = blank()
    s = Store(nvm)
    s.put(b"whirly/p1", b"1")
    s.put(b"whirly/p2", b"2")
    s.put(b"whirly", b"bare")
    s.put(b"whirlygig/x", b"3")
    s.put(b"sys/settings", b"4")
    s.clear_tag(b"whirly")
    want = {b"whirlygig/x": b"3", b"sys/settings": b"4"}
    assert state(s) == want
    assert state(Store(FlashNVM(nvm.buf))) == want


def test_clear_tag_is_one_record():
    nvm = blank()
    s = Store(nvm)
    fill(s, 10, prefix=b"g/")
    free = s.free()
    s.clear_tag(b"g")
    assert s.free() == free - (8 + 1)  # one record, key = the tag
    assert s.keys() == []


def test_state_survives_power_cycle():
    nvm = blank()
    s = Store(nvm)
    fill(s, 30)
    s.put(b"sys/settings", b"abc")
    s.delete(b"game/kCA")
    t = Store(FlashNVM(nvm.buf))
    assert state(t) == state(s)
    assert t.notice is None


def test_unchanged_put_and_absent_delete_write_nothing():
    nvm = blank()
    s = Store(nvm)
    s.put(b"sys/settings", b"abc")
    n = len(nvm.writes)
    s.put(b"sys/settings", b"abc")
    s.put(b"sys/settings", bytearray(b"abc"))
    s.delete(b"sys/nothing")
    s.clear_tag(b"nothing")
    assert len(nvm.writes) == n


def test_append_programs_erased_bytes_without_sector_erase():
    nvm = blank()
    s = Store(nvm)
    s.put(b"sys/settings", b"x" * 8)  # first write: the header, into a blank half
    for i in range(40):
        w = len(nvm.writes)
        s.put(b"sys/settings", bytes([i]) * 8)
        assert len(nvm.writes) == w + 2  # body, then the committing marker
    assert nvm.erases == 0


def test_compaction_costs_at_most_one_sector_erase():
    nvm = blank()
    s = Store(nvm)
    gens = []
    for i in range(400):
        e = nvm.erases
        g = s._gen
        s.put(b"sys/settings", bytes([i & 255]) * 8)
        assert nvm.erases - e <= 1
        if s._gen != g:
            gens.append(nvm.erases - e)
    # The first two compactions land in never-written halves: no erase at all.
    assert gens[:2] == [0, 0] and all(x == 1 for x in gens[2:])


def test_record_that_can_never_fit_raises_value_error():
    s = Store(blank())
    with pytest.raises(ValueError, match="too big"):
        s.put(b"g/huge", bytes(HALF))
    s.put(b"g/max", bytes(HALF - HDR - 8 - 5))  # exactly a half
    assert len(s.get(b"g/max")) == HALF - HDR - 13


def test_full_store_raises_value_error_and_keeps_its_state():
    nvm = blank()
    s = Store(nvm)
    fill(s, 20, size=80)  # 20 * 96 bytes of live records
    before = state(s)
    image = bytes(nvm.buf)
    with pytest.raises(ValueError, match="full"):
        s.put(b"game/more", bytes(200))
    assert bytes(nvm.buf) == image and state(s) == before
    s.delete(b"game/kAA")  # deleting still works when full
    s.put(b"game/more", bytes(50))
    assert state(Store(FlashNVM(nvm.buf)))[b"game/more"] == bytes(50)


def test_bad_keys_are_refused():
    s = Store(blank())
    with pytest.raises(TypeError):
        s.put("sys/settings", b"1")
    with pytest.raises(ValueError):
        s.put(b"", b"1")
    with pytest.raises(ValueError):
        s.put(b"k" * 256, b"1")
    with pytest.raises(ValueError):
        s.clear_tag(b"a/b")


def test_free_shrinks_with_appends_and_room_counts_live_records():
    s = Store(blank())
    assert s.free() == HALF - HDR and s.room() == HALF - HDR
    s.put(b"sys/settings", b"12345678")  # 8 + 12 + 8 bytes
    assert s.free() == HALF - HDR - 28 and s.room() == HALF - HDR - 28
    s.put(b"sys/settings", b"abcdefgh")
    assert s.free() == HALF - HDR - 56 and s.room() == HALF - HDR - 28


# ---- model check ------------------------------------------------------------

KEYS = [b"sys/settings", b"sys/resume", b"whirly/p1", b"whirly/p2", b"box/p1", b"box/p2", b"whirly"]
TAGS = [b"sys", b"whirly", b"box"]

ops = st.lists(st.one_of(
    st.tuples(st.just("put"), st.sampled_from(KEYS), st.binary(max_size=300)),
    st.tuples(st.just("del"), st.sampled_from(KEYS)),
    st.tuples(st.just("clr"), st.sampled_from(TAGS)),
    st.tuples(st.just("reload"),),
), max_size=60)


def apply_model(model, op):
    if op[0] == "put":
        model[op[1]] = bytes(op[2])
    elif op[0] == "del":
        model.pop(op[1], None)
    elif op[0] == "clr":
        for k in list(model):
            if k.split(b"/")[0] == op[1]:
                del model[k]


def apply_store(s, op):
    if op[0] == "put":
        s.put(op[1], op[2])
    elif op[0] == "del":
        s.delete(op[1])
    elif op[0] == "clr":
        s.clear_tag(op[1])


@settings(max_examples=150, deadline=None)
@given(ops)
def test_store_matches_a_dict_through_any_history(history):
    nvm = blank()
    s = Store(nvm)
    model = {}
    for op in history:
        if op[0] == "reload":
            s = Store(FlashNVM(nvm.buf))
            nvm = s._nvm
            assert s.notice is None
        else:
            apply_model(model, op)
            apply_store(s, op)
        assert state(s) == model
    assert state(Store(FlashNVM(nvm.buf))) == model


# ---- power cuts -------------------------------------------------------------

def check_cuts(nvm, op, follow_up=True):
    """Run op, then prove every byte-level cut of its writes reloads to old or new state.

    Returns (number of cut points, how many gave old, how many gave new).
    """
    old = state(Store(FlashNVM(nvm.buf)))
    image = bytes(nvm.buf)
    s = Store(nvm)
    nvm.writes = []
    apply_store(s, op)
    new = state(s)
    writes = nvm.writes
    seen_old = seen_new = 0
    total = 0
    for img in cut_images(image, writes):
        total += 1
        t = Store(FlashNVM(img))
        got = state(t)
        assert got == old or got == new, "cut after %d bytes" % (total - 1)
        seen_old += got == old
        seen_new += got == new
        assert t.notice is None  # an interrupted write is not "damage"
        if follow_up:
            # The store keeps working after the cut and the write survives.
            t.put(b"after/cut", b"ok")
            got2 = state(Store(FlashNVM(t._nvm.buf)))
            assert got2.pop(b"after/cut") == b"ok"
            assert got2 == got
    assert bytes(nvm.buf) == img  # the last cut image is the full write
    return total, seen_old, seen_new


def test_power_cut_at_every_byte_of_an_append_leaves_old_or_new_state():
    nvm = blank()
    s = Store(nvm)
    fill(s, 8)
    total, o, n = check_cuts(nvm, ("put", b"sys/settings", b"\x05" * 8))
    assert nvm.erases == 0
    assert o == total - 1 and n >= 1  # only the complete record commits
    print("\nappend: %d cut points" % total)


def test_power_cut_at_every_byte_of_an_overwrite_delete_and_clear_tag():
    nvm = blank()
    s = Store(nvm)
    fill(s, 8)
    s.put(b"box/p1", b"a")
    s.put(b"box/p2", b"b")
    for op in (("put", b"game/kAA", b"\xff\xff"), ("del", b"game/kBA"), ("clr", b"box")):
        total, o, n = check_cuts(nvm, op)
        assert o >= 1 and n >= 1, op


def test_power_cut_at_every_byte_of_a_compaction_leaves_old_or_new_state():
    nvm = blank()
    s = Store(nvm)
    fill(s, 10, size=20)
    # Two compactions first, so the next one rewrites a used half (a sector erase).
    while s._gen < 3 or s.free() >= 28:
        s.put(b"sys/settings", bytes([s._gen, s.free() & 255]) * 4)
    nvm.erases = 0
    gen = s._gen
    total, o, n = check_cuts(nvm, ("put", b"sys/settings", b"\x77" * 8))
    assert Store(FlashNVM(nvm.buf))._gen == gen + 1, "the put compacted"
    assert nvm.erases == 1
    assert total > HALF and o >= HALF and n >= 1
    print("\ncompaction: %d cut points, 1 sector erase" % total)


def test_power_cut_in_the_compaction_that_follows_a_torn_append():
    nvm = blank()
    s = Store(nvm)
    fill(s, 6)
    image = bytes(nvm.buf)
    nvm.writes = []
    s.put(b"sys/settings", b"\x01" * 8)
    torn = list(cut_images(image, nvm.writes))[5]  # cut after 5 bytes
    t = Store(FlashNVM(torn))
    assert t.get(b"sys/settings") is None and t.notice is None
    total, o, n = check_cuts(t._nvm, ("put", b"sys/settings", b"\x02" * 8), follow_up=False)
    assert Store(FlashNVM(t._nvm.buf))._gen == 2  # the dirty half was compacted
    assert o >= 1 and n >= 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops, st.tuples(st.sampled_from(["put"]), st.sampled_from(KEYS), st.binary(max_size=300)),
       st.randoms(use_true_random=False))
def test_power_cut_after_any_history_leaves_old_or_new_state(history, last, rnd):
    nvm = blank()
    s = Store(nvm)
    for op in history:
        apply_store(s, op)
    old = state(s)
    image = bytes(nvm.buf)
    nvm.writes = []
    apply_store(s, last)
    new = state(s)
    images = list(cut_images(image, nvm.writes))
    for img in rnd.sample(images, min(25, len(images))) + [images[0], images[-1]]:
        got = state(Store(FlashNVM(img)))
        assert got == old or got == new


# ---- damaged images ---------------------------------------------------------

def test_blank_nvm_starts_empty_without_notice():
    s = Store(blank())
    assert s.keys() == [] and s.notice is None


@pytest.mark.parametrize("image", [
    bytes(SIZE),
    (b"Hello, this is not a save store. " * 200)[:SIZE],
    bytes(range(256)) * 16,
], ids=["zeros", "text", "ramp"])
def test_foreign_image_starts_empty_with_notice_and_then_works(image):
    nvm = FlashNVM(image)
    s = Store(nvm)
    assert s.keys() == [] and s.notice == NOTICE_UNREADABLE
    s.put(b"sys/settings", b"1")
    t = Store(FlashNVM(nvm.buf))
    assert state(t) == {b"sys/settings": b"1"} and t.notice is None


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([0, 1, 16, 255]))
def test_random_image_never_raises_and_starts_empty(seed, erased_per_256):
    rnd = random.Random(seed)
    # Random bytes, with some share of erased bytes so scans run further.
    image = bytes(0xFF if rnd.randrange(256) < erased_per_256 else rnd.randrange(256)
                  for _ in range(SIZE))
    s = Store(FlashNVM(image))
    assert s.keys() == [] and s.notice == NOTICE_UNREADABLE


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(0, HALF - HDR))
def test_valid_header_over_random_log_never_raises_and_trusts_nothing(seed, erased_from):
    rnd = random.Random(seed)
    image = bytearray(rnd.randbytes(SIZE))
    image[0:HDR] = Store._header(7)
    image[HDR + erased_from:HALF] = b"\xff" * (HALF - HDR - erased_from)
    if erased_from:  # garbage that starts with no record marker
        image[HDR] = rnd.choice([b for b in range(255) if b not in b"PDC"])
    s = Store(FlashNVM(image))
    assert s.keys() == []
    assert s.notice == (None if erased_from == 0 else NOTICE_DAMAGED)
    s.put(b"sys/settings", b"1")
    assert state(Store(FlashNVM(s._nvm.buf))) == {b"sys/settings": b"1"}


def three_records():
    nvm = blank()
    s = Store(nvm)
    s.put(b"a/first", b"one")
    s.put(b"b/second", b"two two")
    s.put(b"c/third", b"three")
    offs = sorted(s._idx.values())
    return nvm, offs


def test_flipped_bit_in_a_record_drops_it_and_what_follows_with_notice():
    nvm, offs = three_records()
    start, stop = offs[1], offs[2]
    for bit in range((stop - start) * 8):
        img = bytearray(nvm.buf)
        img[start + bit // 8] ^= 1 << (bit % 8)
        s = Store(FlashNVM(img))
        assert state(s) == {b"a/first": b"one"}, bit
        assert s.notice == NOTICE_DAMAGED, bit
        s.put(b"d/new", b"4")  # compacts away the damage
        t = Store(FlashNVM(s._nvm.buf))
        assert state(t) == {b"a/first": b"one", b"d/new": b"4"} and t.notice is None


def test_flipped_bit_in_the_last_record_drops_only_it_with_notice():
    nvm, offs = three_records()
    start = offs[2]
    stop = start + 8 + len(b"c/third") + 5
    for bit in range((stop - start) * 8):
        img = bytearray(nvm.buf)
        img[start + bit // 8] ^= 1 << (bit % 8)
        s = Store(FlashNVM(img))
        assert state(s) == {b"a/first": b"one", b"b/second": b"two two"}, bit
        assert s.notice == NOTICE_DAMAGED, bit


def test_bytes_after_the_end_of_the_log_are_a_cut_write_and_get_compacted_away():
    nvm, offs = three_records()
    img = bytearray(nvm.buf)
    img[1500] = 0x7F
    s = Store(FlashNVM(img))
    assert len(s.keys()) == 3 and s.notice is None
    e = s._nvm.erases
    s.put(b"d/new", b"4")
    assert s._nvm.erases == e  # compacted into the other, blank half
    t = Store(FlashNVM(s._nvm.buf))
    assert len(t.keys()) == 4 and t._gen == 2


def test_damaged_header_of_newest_half_falls_back_to_older_half_with_notice():
    nvm = blank()
    s = Store(nvm)
    while s._gen < 2:
        s.put(b"sys/settings", bytes([len(nvm.writes) & 255]) * 8)
    base = s._base
    silent = []
    for bit in range(3 * 8, HDR * 8 - 8):  # version, generation, crc (not its top byte)
        img = bytearray(nvm.buf)
        img[base + bit // 8] ^= 1 << (bit % 8)
        t = Store(FlashNVM(img))
        assert t._gen == 1, bit
        if t.notice is None:
            silent.append(bit)
    # Best effort: only the flip that makes generation 2 read as 0 (what the
    # stale half would hold) goes unreported.
    assert silent == [4 * 8 + 1]


# ---- wear ---------------------------------------------------------------------

def test_compaction_is_rare_for_settings_saves():
    nvm = blank()
    s = Store(nvm)
    fill(s, 6, prefix=b"whirly/p", size=16)  # some progress records
    s.put(b"sys/resume", bytes(120))
    g0, e0 = s._gen, nvm.erases
    for i in range(500):
        s.put(b"sys/settings", bytes([i & 255, i >> 8]) * 4)
    compactions = s._gen - g0
    erases = nvm.erases - e0
    print("\n500 settings saves of 8 bytes: %d compactions, %d sector erases "
          "(a store-less design would erase 500 times)" % (compactions, erases))
    assert compactions <= 500 // 60
    assert erases <= compactions


# ---- crc ----------------------------------------------------------------------

@given(st.binary(max_size=600), st.binary(max_size=50))
def test_fallback_crc32_matches_zlib(a, b):
    assert crc32_py(a) == zlib.crc32(a)
    assert crc32_py(b, crc32_py(a)) == zlib.crc32(a + b)


def test_store_with_fallback_crc_reads_the_same_image(monkeypatch):
    nvm = blank()
    s = Store(nvm)
    fill(s, 5)
    monkeypatch.setattr(store_mod, "crc32", crc32_py)
    assert state(Store(FlashNVM(nvm.buf))) == state(s)
