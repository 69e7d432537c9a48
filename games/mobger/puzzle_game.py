"""MobGer puzzle model: the puzzle's engine, time and saved state; picture two; pack stand-ins."""
from games.mobger import puzzles as P
from games.mobger.engine import Engine
from games.mobger.constants import NONE

PENALTY_S = 10         # a wrong pick adds this many seconds
STATE_VERSION = 1


class Picture:
    """Picture two as something the BoardView can draw (no second 17 KB engine)."""

    def __init__(self, e, arrays):
        pos, dr, kind, obj, house = arrays
        self.w, self.h, self.ncells, self.n = e.w, e.h, e.ncells, e.n
        self.house = e.house if house is None else house
        self.pos, self.dir, self.kind, self.obj = pos, dr, kind, obj
        self.occ = bytearray(self.ncells)
        for r in range(self.n):
            if pos[r] != NONE:
                self.occ[pos[r]] = r + 1


class GeneratedPack:
    """Stands in for a pack when a puzzle comes from puzzles.generate: one level, no saving."""

    def __init__(self, puzzle, kind, seed):
        self.puzzle = puzzle
        self.count = 1
        self.filename = "*gen"
        self.digest = 0
        self.title = "%s seed %d" % (P.KIND_NAMES[kind], seed)
        self.progress = NoProgress()


class NoProgress:
    def best(self, i):
        return 0

    def solved(self, i):
        return 0

    def record(self, i, score):
        return False


class PuzzleGame:
    """The engine PlayScene expects: undo, restart, solved, save_state, load_state.
    State: version, seconds (2 bytes), move count, the REACH moves."""

    def __init__(self, puzzle, engine=None):
        self.p = puzzle
        self.e = engine if engine is not None else Engine()
        self.done = False
        self.ms = 0            # thinking time + penalties
        self.load()

    def load(self):
        P.new_engine(self.p, self.e)

    def undo(self):
        if self.p.kind != P.REACH or self.done:
            return False
        return self.e.undo()

    def newest_action(self):
        """The move undo() would take back (REACH), for redo; -1 when there is none."""
        e = self.e
        if self.p.kind != P.REACH or self.done or not e.nactions:
            return -1
        return e.actions[e.nactions - 1]

    def restart(self):
        self.done = False
        self.load()

    def solved(self):
        return self.done

    def seconds(self):
        return max(1, (self.ms + 999) // 1000)

    def save_state(self):
        e = self.e
        s = min(0xFFFF, self.ms // 1000)
        n = e.nactions if self.p.kind == P.REACH else 0
        return bytes((STATE_VERSION, s >> 8, s & 0xFF, n)) + bytes(e.actions[:n])

    def load_state(self, data):
        data = bytes(data)
        if len(data) < 4 or data[0] != STATE_VERSION or len(data) != 4 + data[3]:
            raise ValueError("not a MobGer puzzle state")
        self.restart()
        for a in data[4:]:
            if not self.e.play(a):
                self.load()
                raise ValueError("bad move in the saved puzzle")
        self.ms = (data[1] << 8 | data[2]) * 1000
