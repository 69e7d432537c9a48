"""Power cuts injected into save-store writes, in two flash models (make fuzz; figures in notes).

A seeded history of what a player does (wins in several packs, resume writes, settings) runs
over a recording nvm; after each write, every cut point of that write is reloaded:

- truncation model: the write's bytes land one by one, a cut leaves the old bytes after it
  (true of a write into erased bytes: an append);
- erase-first model (CircuitPython on the RP2040): a write into bytes that are not all erased
  erases the sector, then programs the whole new image from byte 0; a cut leaves the rest
  erased (a compaction).

Each reloaded image is classed: the state before the write, the state after, a loss the store
tells (notice), a silent blank (the erase done, nothing programmed: no software can tell), or
a silent loss (must never happen). Committed wins lost are counted apart.
"""
import os
import random
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(_ROOT, "lib") not in sys.path:  # run as python -m host_sim.faults
    sys.path.insert(0, os.path.join(_ROOT, "lib"))

from handheld.store import Store  # noqa: E402
from handheld.progress import Progress, RESUME_KEY, encode_resume, SETTINGS_KEY  # noqa: E402

SIZE = 4096


class RecordingNVM:
    def __init__(self, image=None):
        self.buf = bytearray(b"\xff" * SIZE) if image is None else bytearray(image)
        self.writes = []

    def __len__(self):
        return SIZE

    def __getitem__(self, i):
        return self.buf[i]

    def __setitem__(self, i, data):
        start, stop, _ = i.indices(SIZE)
        data = bytes(data)
        self.writes.append((start, data))
        self.buf[start:stop] = data


def cut_images(image, writes, step=1):
    """(model, image) for every cut point of the writes, from `image`."""
    img = bytearray(image)
    for start, data in writes:
        if img[start:start + len(data)].count(0xFF) == len(data):
            for j in range(len(data)):
                img[start + j] = data[j]
                yield "truncation", bytes(img)
        else:
            new = bytearray(img)
            new[start:start + len(data)] = data
            img = bytearray(b"\xff" * SIZE)
            yield "erase", bytes(img)
            for j in range(SIZE):
                img[j] = new[j]
                if j % step == 0 or j == SIZE - 1:
                    yield "erase", bytes(img)


class _Pack:
    def __init__(self, n):
        self.filename = "pack-%02d.txt" % n
        self.count = 24
        self.fingerprints = bytearray((n * 7 + i) & 255 for i in range(24))


def _state(store):
    return {k: bytes(store.get(k)) for k in store.keys()}


def run(histories=20, ops=120, seed=1, step=3):
    rnd = random.Random(seed)
    out = {"writes": 0, "cuts": 0, "old": 0, "new": 0, "told": 0, "blank": 0, "silent": 0,
           "wins_lost_told": 0, "wins_lost_silent": 0, "erase_writes": 0}
    for h in range(histories):
        nvm = RecordingNVM()
        store = Store(nvm)
        packs = [_Pack(n) for n in range(rnd.randint(5, 45))]
        moves = bytearray()
        for _ in range(ops):
            before = bytes(nvm.buf)
            nvm.writes = []
            r = rnd.random()
            if r < 0.15:
                pack = rnd.choice(packs)
                i = rnd.randrange(24)
                Progress(store, "whirly", pack).record(i, rnd.randint(10, 900))
                store.delete(RESUME_KEY)
                moves = bytearray()
            elif r < 0.9:
                moves += bytes(rnd.randint(1, 5) for _ in range(rnd.randint(1, 12)))
                state = b"WS\x01\x07\x07abcd\x01\x00\x00\x00\x00" + \
                    bytes((len(moves) >> 8, len(moves) & 255)) + moves + b"hash"
                store.put(RESUME_KEY, encode_resume("whirly", "p.txt", 1, 3, state))
            else:
                store.put(SETTINGS_KEY, bytes((rnd.randrange(5), rnd.randrange(6), 1)))
            if not nvm.writes:
                continue
            # Each write of the op on its own: a cut lands inside one of them.
            img0 = bytearray(before)
            for start, data in nvm.writes:
                before_w = bytes(img0)
                old = _state(Store(RecordingNVM(before_w)))
                nxt = bytearray(before_w)
                nxt[start:start + len(data)] = data
                new = _state(Store(RecordingNVM(nxt)))
                _cuts(out, packs, before_w, [(start, data)], old, new, step)
                img0 = nxt
    return out


def _cuts(out, packs, before, writes, old, new, step):
    out["writes"] += 1
    solved_before = []
    s0 = Store(RecordingNVM(before))
    for pack in packs:
        p = Progress(s0, "whirly", pack)
        solved_before.append([i for i in range(24) if p.solved(i)])
    for model, img in cut_images(before, writes, step):
        if model == "erase":
            out["erase_writes"] += 1
        out["cuts"] += 1
        t = Store(RecordingNVM(img))
        got = _state(t)
        blank = img == b"\xff" * SIZE
        if got == old:
            out["old"] += 1
        elif got == new:
            out["new"] += 1
        elif blank:
            out["blank"] += 1
        elif t.notice:
            out["told"] += 1
        else:
            out["silent"] += 1
        if got == old or got == new:
            continue
        # Wins committed before this write that the cut lost: told, or silent.
        for k in range(len(packs)):
            if not solved_before[k]:
                continue
            p = Progress(t, "whirly", packs[k])
            for i in solved_before[k]:
                if not p.solved(i):
                    if t.notice or blank:
                        out["wins_lost_told"] += 1
                    else:
                        out["wins_lost_silent"] += 1
    return out


def report(out=print, **kw):
    r = run(**kw)
    out("power cuts: %(writes)d writes, %(cuts)d cut points: %(old)d old state, %(new)d new "
        "state, %(told)d told losses, %(blank)d blank sectors (erase done, nothing programmed), "
        "%(silent)d silent losses; committed wins lost: %(wins_lost_told)d told, "
        "%(wins_lost_silent)d silent" % r)
    return r


if __name__ == "__main__":  # make fuzz
    report(histories=6, ops=700, step=3)
