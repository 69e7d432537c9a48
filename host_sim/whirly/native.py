"""The C push solver (native/sokosolve.c) for classic Sokoban levels (host only).

Pure push with one box colour (Model.pure_push, one group): the same kind of search as
pushpull.astar (and pushpull.backward), a hundred times the positions a second. Built on first use with the machine's C
compiler into build/native/ (a name per source digest, so an edited source is built again);
where there is no compiler, or it fails, available() says why and solve() returns None, and the
Python searches do the work alone. Its solution is a move string like theirs; solver.solve()
replays it through the engine before it is returned.
"""

import hashlib
import os
import shutil
import subprocess
import time

from host_sim import memguard

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "native", "sokosolve.c")
BUILD = os.path.join(os.path.dirname(os.path.dirname(HERE)), "build", "native")
WALK, BOXOK, TARGET, BOX, HERO = 1, 2, 4, 8, 16
FLAGS = (["-O3", "-march=native"], ["-O2"])
# its prunings besides dead squares and freeze deadlocks (each can be left out, for the tests
# and the figures): PI-corrals (and corral deadlocks), frozen goals (boxes frozen on targets
# are walls for the bound), held boxes (pushpull's `held`: boxes that can never move again,
# one off its targets a deadlock). BACKWARD instead: the search from the solved position to the
# start by pulls (goal rooms: XSokoban #1-#3, #5, #6, #9 in seconds), dead squares its only
# pruning.
PRUNINGS = ("corral", "frozen", "held")
BACKWARD = ("backward",)
# of the memory the guard leaves (memguard.limit() less what this process holds) a run may take:
# solve() starts three, and its Python searches keep their own tables
SHARE = 0.15
MAX_SIDE = 250  # cells a side the program takes (its board is 16-bit indexed)

_built = {}  # source digest -> (path or None, why)


def _build():
    with open(SRC, "rb") as f:
        digest = hashlib.sha1(f.read()).hexdigest()[:12]
    if digest in _built:
        return _built[digest]
    path = os.path.join(BUILD, "sokosolve-" + digest)
    why = None
    if not os.path.exists(path):
        cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
        if cc is None:
            why = "no C compiler found"
        else:
            os.makedirs(BUILD, exist_ok=True)
            tmp = "%s.%d" % (path, os.getpid())
            why = "the C compiler did not run"
            for flags in FLAGS:  # built here for this machine; the plain flags when those fail
                try:
                    p = subprocess.run([cc] + flags + ["-o", tmp, SRC], capture_output=True,
                                       text=True)
                except OSError as err:
                    why = "the C compiler did not run: %s" % err
                    break
                if p.returncode == 0:
                    os.replace(tmp, path)  # atomic: parallel workers may build it at once
                    why = None
                    _forget_others(path)
                    break
                why = "the C solver did not build: " + (p.stderr.strip()[-300:] or "?")
    _built[digest] = (None, why) if why else (path, None)
    return _built[digest]


def _forget_others(path):
    """Builds of older sources removed (each source edit leaves one)."""
    for name in os.listdir(BUILD):
        other = os.path.join(BUILD, name)
        if name.startswith("sokosolve-") and other != path and "." not in name:
            try:
                os.remove(other)
            except OSError:
                pass


def available():
    """None when the native solver can run here, else why not."""
    return _build()[1]


def applies(M):
    """True when the native solver takes the level of Model M: pure push, one box colour."""
    return M.pure_push and len(M.cols) == 1 and M.W <= MAX_SIDE and M.H <= MAX_SIDE


def board(M):
    """The program's input for Model M: its size, then a letter a cell ('A' + flags)."""
    box = M.start_boxes[0]
    goal = M.goalmask[0]
    rows = ["%d %d" % (M.W, M.H)]
    for y in range(M.H):
        row = []
        for x in range(M.W):
            c = y * M.W + x
            f = (WALK * ((M.walk >> c) & 1) | BOXOK * ((M.boxok[0] >> c) & 1)
                 | TARGET * ((goal >> c) & 1) | BOX * ((box >> c) & 1)
                 | HERO * (c == M.hero))
            row.append(chr(65 + f))
        rows.append("".join(row))
    return "\n".join(rows) + "\n"


class Result:
    def __init__(self, status, moves=None, pushes=None, expanded=0, seconds=0.0, weights="1",
                 backward=False):
        self.status = status  # solved, unsolvable, timeout, memory, error
        self.moves = moves
        self.pushes = pushes
        self.expanded = expanded
        self.seconds = seconds
        self.weights = weights
        self.backward = backward


def _megabytes(share):
    lim, now = memguard.limit(), memguard.resident()
    return 1024 if lim is None else max(64, (lim - (now or 0)) * share / 2 ** 20)


class Run:
    """The program started on Model M's level in the background (it runs on another core while
    the Python searches go on): poll() -> Result once it ended, else None; stop() ends it."""

    def __init__(self, path, M, seconds, weights="1", megabytes=None, prunings=PRUNINGS,
                 nice=0, share=SHARE):
        self.weights = str(weights)
        self.backward = "backward" in prunings
        self.t0 = time.time()
        self.result = None
        mb = _megabytes(share) if megabytes is None else megabytes
        self.p = subprocess.Popen([path, "%.3f" % max(seconds, 0.01), self.weights, "%d" % mb,
                                   ",".join(prunings) or "none"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        if nice:
            _nicer(self.p.pid, nice)
        try:
            self.p.stdin.write(board(M))
            self.p.stdin.close()
        except OSError:
            pass  # it ended at once: poll() reads why

    def renice(self, nice):
        """From now on it runs nice steps nicer than this process (a process may lower its
        children's priority, not raise it again)."""
        if self.p.poll() is None:
            _nicer(self.p.pid, nice)

    def poll(self):
        if self.result is None and self.p.poll() is not None:
            self.result = self._read(self.p.stdout.read())
            self.p.stdout.close()
        return self.result

    def wait(self, timeout=None):
        try:
            self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.stop()
        return self.poll()

    def stop(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        self.poll()
        if self.result.status == "error":
            self.result.status = "stopped"

    def _read(self, text):
        lines = text.split("\n")
        head = lines[0].split() or ["error"]
        r = Result(head[0], seconds=time.time() - self.t0, weights=self.weights,
                   backward=self.backward)
        if r.status == "solved" and len(head) == 3 and len(lines) > 1:
            # (no moves at all: the level was solved from the start)
            r.pushes, r.expanded, r.moves = int(head[1]), int(head[2]), lines[1].strip()
        elif len(head) == 2 and head[1].isdigit():
            r.expanded = int(head[1])
        elif r.status != "error":
            r.status = "error"
        return r


def _nicer(pid, nice):
    """Process pid made nice steps nicer than this one (where the system can: a share of the
    cores it yields to the others when there are more busy processes than cores)."""
    try:
        os.setpriority(os.PRIO_PROCESS, pid, os.getpriority(os.PRIO_PROCESS, 0) + nice)
    except (AttributeError, OSError):
        pass  # (not on this system, or it ended already)


def start(M, seconds, weights="1", megabytes=None, prunings=PRUNINGS, nice=0, share=SHARE):
    """A Run of the program on Model M's level, or None when it cannot run here (available())
    or does not take the level (applies()); nice: steps nicer than this process; share: of the
    memory the guard leaves, when megabytes is None."""
    path = _build()[0]
    if path is None or not applies(M):
        return None
    try:
        return Run(path, M, seconds, weights, megabytes, prunings, nice, share)
    except OSError:
        return None


def solve(M, seconds, weights="1", megabytes=None, prunings=PRUNINGS):
    """The program on Model M's level for at most seconds -> Result (waits for it), or None
    (start())."""
    run = start(M, seconds, weights, megabytes, prunings)
    return None if run is None else run.wait(seconds + 30)
