"""Flash wear of the save store in steady play (make bench): sector erases per hour.

The real app runs headless (host_sim.session) over an nvm that counts what CircuitPython's
RP2040 port does to the flash: a slice write into erased bytes is programmed, any other write
erases and rewrites the 4 KB sector. A player plays Whirly's shipped levels in bursts of moves
with pauses to think (the resume record is written once they pause 3 s), wins a level every
few minutes (progress is written, the resume record goes) and goes on to the next one. The
store already holds the progress of `packs` packs, as it would after months of play.
"""
import random

from host_sim.session import Session

SECTOR = 4096
RATED_ERASES = 100000


class CountingNVM:
    """microcontroller.nvm on the RP2040: counts sector erases, programs and bytes written."""

    def __init__(self, image=None):
        self.buf = bytearray(b"\xff" * SECTOR) if image is None else bytearray(image)
        self.erases = 0
        self.programs = 0
        self.written = 0

    def __len__(self):
        return len(self.buf)

    def __getitem__(self, i):
        return self.buf[i]

    def __setitem__(self, i, data):
        start, stop, _ = i.indices(SECTOR)
        data = bytes(data)
        if self.buf[start:stop].count(0xFF) != len(data):
            self.erases += 1
        else:
            self.programs += 1
        self.written += len(data)
        self.buf[start:stop] = data


class _Pack:
    def __init__(self, name, count):
        self.filename = name
        self.count = count
        self.fingerprints = bytearray(range(count))


def prefill(nvm, packs, levels=24):
    """The progress of `packs` fully solved packs (the store's steady content)."""
    from handheld.store import Store
    from handheld.progress import Progress
    store = Store(nvm)
    for p in range(packs):
        prog = Progress(store, "whirly", _Pack("old-pack-%02d.txt" % p, levels))
        for i in range(levels):
            prog.record(i, 40 + i)
    return store


def steady_play(minutes=60, packs=20, seed=1, win_every_s=180):
    """Play for `minutes` of virtual time; returns a dict of figures."""
    rnd = random.Random(seed)
    nvm = CountingNVM()
    prefill(nvm, packs)
    e0, p0 = nvm.erases, nvm.programs
    s = Session(nvm=nvm)
    s.keys("A A DOWN A A")  # Play -> Whirly -> first pack -> first level
    end = s.hw.clock + minutes * 60000
    next_win = s.hw.clock + win_every_s * 1000
    wins = moves = 0
    keys = ("UP", "DOWN", "LEFT", "RIGHT", "UP", "LEFT", "B")
    while s.hw.clock < end:
        for _ in range(rnd.randint(4, 14)):   # a burst of moves (B: an undo now and then)
            s.keys(rnd.choice(keys))
            s.run(rnd.randint(100, 300))
            moves += 1
        s.run(rnd.randint(1500, 9000))          # thinking
        top = s.app.top()
        if s.hw.clock >= next_win and hasattr(top, "win") and not top.finished:
            top.win()                           # solved: progress written, resume goes
            wins += 1
            next_win += win_every_s * 1000
            s.keys("A")                         # Next level (or the first item)
            if not hasattr(s.app.top(), "win"):
                s.keys("A A")
    hours = minutes / 60.0
    erases = nvm.erases - e0
    per_hour = erases / hours
    return {
        "minutes": minutes, "packs": packs, "moves": moves, "wins": wins,
        "erases": erases, "programs": nvm.programs - p0,
        "erases_per_hour": per_hour,
        "hours_to_rated": (RATED_ERASES / per_hour) if per_hour else float("inf"),
        "store_free": s.app.store.room(),
    }


BUDGET_PER_HOUR = 6


def report(minutes=60, out=print):
    for packs in (0, 20, 40, 60):
        r = steady_play(minutes, packs)
        hours = "never" if r["erases"] == 0 else "%.0f h" % r["hours_to_rated"]
        ok = "PASS" if r["erases_per_hour"] <= BUDGET_PER_HOUR else "over"
        out("%d min of Whirly, progress of %d packs stored: %d moves, %d wins, %d writes, "
            "%d sector erases = %.1f/hour [%s <= %d]; 100,000 erases after %s of play"
            % (minutes, packs, r["moves"], r["wins"], r["programs"] // 2, r["erases"],
               r["erases_per_hour"], ok, BUDGET_PER_HOUR, hours))
