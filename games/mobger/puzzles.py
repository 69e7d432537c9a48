"""MobGer puzzles: the three kinds, the answer check, the on-device generator and the pack format.

Kinds (games/mobger/PUZZLES.md has the format, the rules of each kind and every choice):
    START  "Who starts to house Red?"   answer: the rank that starts the sequence
    JOKER  "Which Ger was the Joker?"   answer: the direction the Joker took (0 up .. 7 up-left)
    REACH  "Reach the target in N moves" answer: a list of ranks (the moves)

Pure and MicroPython-safe: it runs on the device (generate, check, parse) and on the host.
This module holds the puzzle and its check; the generator (puzzle_gen.py) and the pack text
(puzzle_parse.py) are imported on first use.
"""

from games.mobger import board
from games.mobger import constants as E
from games.mobger.constants import NONE, K_JOKER, K_NORMAL
from games.mobger.engine import Engine
from games.mobger.options import make_order

START = 0
JOKER = 1
REACH = 2
KIND_NAMES = ("Who starts?", "Joker", "Reach")
KIND_KEYS = ("start", "joker", "reach")
DIR_NAMES = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")
RANKS = board.RANK_CHARS
MAX_MOVES = 9  # REACH: the most moves a puzzle may ask for

GEN_REACH_MAX = 3  # device REACH puzzles ask for 2..3 moves (the proof of minimality grows as b^N)


class Puzzle:
    """One puzzle. rows: picture one (position text rows); rows2: picture two (JOKER: the
    position after the sequence, REACH: the target, None for START)."""

    def __init__(self, kind, opts, rows, rows2=None, target=NONE, moves=0, joker=NONE,
                 start=NONE, answer=None, name=""):
        self.kind = kind
        self.opts = opts
        self.rows = rows
        self.rows2 = rows2
        self.target = target  # START: rank to bring into the House
        self.moves = moves  # REACH: N
        self.joker = joker  # JOKER: rank of the Joker
        self.start = start  # JOKER: the rank that started the sequence
        self.answer = answer  # START rank / JOKER direction / REACH list of ranks
        self.name = name
        self._t2 = None  # picture two parsed (pos, dir, kind, obj, house)

    def color_name(self, r):
        """Colour name of rank r, capitalised ("Red")."""
        seq = E.SEQUENCES[self.opts.sequence]
        order = make_order(self.opts)
        n = E.COLORS[seq[order[r]]][0]
        return n[:1].upper() + n[1:]

    def question(self):
        """One short line (<= 40 characters)."""
        if self.kind == START:
            return "Who starts to house %s?" % self.color_name(self.target)
        if self.kind == JOKER:
            return "Which Ger was the Joker? %s starts" % self.color_name(self.start)
        return "Reach the target in %d move%s" % (self.moves, "" if self.moves == 1 else "s")

    def target_arrays(self):
        if self._t2 is None and self.rows2 is not None:
            self._t2 = board.parse_position(self.rows2, self.opts)
        return self._t2


# ---------------------------------------------------------------- playing and checking
def new_engine(puzzle, engine=None):
    """An Engine loaded on picture one (pass engine to reuse one: it holds ~17 KB)."""
    e = engine if engine is not None else Engine()
    e.load_position(puzzle.opts, puzzle.rows)
    return e


def joker_play(e, start, joker, d):
    """Play the sequence started by rank `start` with the Joker (rank `joker`) forced to
    direction d instead of its random draw. Returns play()'s result. The view can animate it."""
    e.kind[joker] = K_NORMAL
    e.dir[joker] = d
    ok = e.play(start)
    e.kind[joker] = K_JOKER
    return ok


def same_position(e, t2):
    """Does the engine's position equal t2 = parse_position(...)? The Joker's direction is not
    compared (the position text never shows it)."""
    pos, dr, kind, obj, house = t2
    if house != e.house:
        return False
    for r in range(e.n):
        p = e.pos[r]
        if p != pos[r]:
            return False
        if p != NONE and e.kind[r] != K_JOKER and e.dir[r] != dr[r]:
            return False
    for c in range(e.ncells):
        if e.obj[c] != obj[c]:
            return False
    return True


def reached(puzzle, e):
    """REACH (and JOKER): does the engine show picture two?"""
    return same_position(e, puzzle.target_arrays())


def _dir_ok(puzzle, d):
    if not isinstance(d, int) or d < 0 or d > 7:
        return False
    return bool(puzzle.opts.dirset) or d & 1 == 0


def check(puzzle, answer, engine=None):
    """Is answer right? START: a rank; JOKER: a direction 0..7; REACH: a list of ranks
    (at most puzzle.moves). Every answer that works is accepted."""
    p = puzzle
    e = new_engine(p, engine)
    k = p.kind
    if k == START:
        if not isinstance(answer, int):
            return False
        return e.play(answer) and e.anim_removed == p.target
    if k == JOKER:
        if not _dir_ok(p, answer):
            return False
        return joker_play(e, p.start, p.joker, answer) and reached(p, e)
    if answer is None or len(answer) > p.moves:
        return False
    for a in answer:
        if not isinstance(a, int) or not e.play(a):
            return False
    return reached(p, e)


def answers(puzzle, engine=None):
    """Every right answer of a START (ranks) or JOKER (directions) puzzle, ascending."""
    out = []
    if puzzle.kind == START:
        for r in range(puzzle.opts.gers):
            if check(puzzle, r, engine):
                out.append(r)
    elif puzzle.kind == JOKER:
        for d in range(8):
            if _dir_ok(puzzle, d) and check(puzzle, d, engine):
                out.append(d)
    return out


def answer_text(puzzle, answer=None):
    """The answer as pack text: START a rank character, JOKER a direction name, REACH ranks."""
    a = puzzle.answer if answer is None else answer
    if puzzle.kind == START:
        return RANKS[a]
    if puzzle.kind == JOKER:
        return DIR_NAMES[a]
    return " ".join([RANKS[r] for r in a])


def _distance(e, t2, depth, path, best, budget):
    """Depth-first search: the shortest move list (<= depth) from the engine's position to t2,
    written into best (best[0] = its length, 0xFF none). path holds the moves so far; budget
    ([positions left] or None) stops the search when it runs out (budget[0] < 0)."""
    k = len(path)
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            return
    if same_position(e, t2):
        if k < best[0]:
            best[0] = k
            for i in range(k):
                best[1 + i] = path[i]
        return
    if k >= depth or k + 1 >= best[0]:
        return
    buf = bytearray(E.MAX_ACTIONS)
    n = e.legal(buf)
    for i in range(n):
        if e.play(buf[i]):
            path.append(buf[i])
            _distance(e, t2, depth, path, best, budget)
            path.pop()
            e.undo()


def shortest(puzzle, limit, engine=None, budget=None):
    """REACH: the shortest move list (<= limit moves) from picture one to the target, or None.
    Iterative deepening: a short way is found before deep lines are tried. budget: a list
    [positions] the search may visit (None: no limit); when it runs out, budget[0] < 0 and
    the answer only covers what was searched."""
    e = new_engine(puzzle, engine)
    t2 = puzzle.target_arrays()
    best = bytearray(limit + 2)
    best[0] = 0xFF
    for depth in range(limit + 1):
        _distance(e, t2, depth, [], best, budget)
        if best[0] != 0xFF or (budget is not None and budget[0] < 0):
            break
    if best[0] == 0xFF:
        return None
    return list(best[1:1 + best[0]])


VERIFY_BUDGET = 5000  # positions the host check may visit to prove a REACH puzzle fair (~0.2 s)


def verify(puzzle, solution=None):
    """Host check of a parsed pack puzzle: None when its stored answer is right and the puzzle
    is fair, else (None, reason). solution (a Solution: key) is not used by puzzles."""
    p = puzzle
    if not check(p, p.answer):
        return (None, "the stored Answer: %s is wrong" % answer_text(p))
    if p.kind == START and p.target in answers(p):
        return (None, "the target Ger itself starts the sequence that houses it (trivial)")
    if p.kind == REACH:
        budget = [VERIFY_BUDGET]
        sh = shortest(p, p.moves - 1, None, budget)
        if sh is not None:
            return (None, "the target is reached in %d moves, fewer than Moves: %d"
                    % (len(sh), p.moves))
        if budget[0] < 0:
            return (None, "warning: check capped: no shorter way than Moves: %d in the first %d "
                    "positions searched; the puzzle may be unfair" % (p.moves, VERIFY_BUDGET))
    return None


# ---------------------------------------------------------------- pack format
_FIRST = ".H#RLFf?^>v<97318642"  # first character of a field
_SECOND = "." + RANKS  # second character
_ALLOWED = _FIRST + _SECOND + " \t|"


def is_board_line(text):
    """A board row: it starts with a field (2 characters, then a blank, '|' or the end) and holds
    only field characters, blanks and '|'."""
    s = text.strip()
    if len(s) < 2 or _FIRST.find(s[0]) < 0 or _SECOND.find(s[1]) < 0:
        return False
    if len(s) > 2 and " \t|".find(s[2]) < 0:
        return False
    return not s.strip(_ALLOWED)


def row_width(text):
    """Fields in the widest picture of a row."""
    w = 0
    for part in text.split("|"):
        n = len(part.split())
        if n > w:
            w = n
    return w


# The generator and the pack text, imported on first use.
def generate(kind, seed, engine=None):
    from games.mobger.puzzle_gen import generate
    return generate(kind, seed, engine)


def make(kind, opts, rng, engine=None, moves=(2, GEN_REACH_MAX), relax=True):
    from games.mobger.puzzle_gen import make
    return make(kind, opts, rng, engine, moves, relax)


def parse_puzzle(rows, meta, first_line=1, name=""):
    from games.mobger.puzzle_parse import parse_puzzle
    return parse_puzzle(rows, meta, first_line, name)


def puzzle_text(puzzle):
    from games.mobger.puzzle_parse import puzzle_text
    return puzzle_text(puzzle)


class _Format:
    name = "mobger"
    max_width = E.MAX_W
    max_height = E.MAX_H
    move_chars = None

    def is_board_line(self, text):
        return is_board_line(text)

    def row_width(self, text):
        return row_width(text)

    def parse(self, level, header=None):
        return parse_puzzle(level.rows, level.meta, getattr(level, "first_line", 1),
                            getattr(level, "name", "") or "")

    def verify(self, puzzle, solution):
        return verify(puzzle, solution)

    def check_level(self, puzzle):
        return verify(puzzle)


FORMAT = _Format()
