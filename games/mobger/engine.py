"""MobGer engine: pure rules, no display, no I/O. Runs on CPython, CircuitPython, MicroPython.

Board: width x height fields (5x5 .. 12x8), cell c = y * width + x, a torus unless borders
reflect. Gers are indexed by RANK (0 = the Black Ger, 1..n-1 the others); a move (action) is the
rank of the chosen Ger; the sequence then moves rank a, a+1, .., n-1, 0, .., a-1 (live ones).

State (see README.md for every rule and choice):
    pos[r]   cell of rank r, NONE (0xFF) once removed     dir[r]  0 up .. 7 up-left (clockwise)
    kind[r]  K_NORMAL / K_JOKER                           order[r] colour index in the sequence
    obj[c]   O_NONE, O_CUBOID, O_DEF_CW, O_DEF_CCW, O_FF_CW, O_FF_CCW       house: one cell
    occ[c]   rank + 1 of the Ger on c, 0 when free (derived from pos)

Animation (filled by play(), read by the view):
    anim_n               Gers moved in the last sequence, in order
    anim_rank[i] anim_from[i] anim_to[i] anim_dir[i] (final direction)
    anim_back[i]         1 when Ger i ran out of attempts and went back to its start
    anim_first[i] anim_len[i]  its slice of anim_fields: one word per field examined,
                         cell | direction after the examination << 8 | F_* << 11
    anim_cut             1 when the sequence examined more than FIELDS_MAX fields (the rest
                         was not recorded; from/to/dir stay right)
    anim_removed         rank removed at the end of the sequence, NONE when none
    anim_joker           direction drawn by the Joker in this sequence, NONE when none

Undo: one record of RW 16-bit words per sequence (Ger cells and directions before it, flipflap
senses, Joker generator, quiet counter, scores, position hash), the last LOG_RING of them kept. It
doubles as the history the no-repetition rule compares against; restart() rebuilds the start.
"""

import sys
from array import array

from games.mobger.constants import MAX_GERS, MAX_CELLS, MAX_OBJ, MAX_ACTIONS, RW, \
    LOG_START, NONE, R_NONE, COLORS, SEQUENCES
from games.mobger.options import Options  # noqa: F401 (importable from here)
from games.mobger import engine_save as _SAVE
from games.mobger import engine_legal as _LEGAL, engine_move as _MOVE, engine_reach as _REACH

_SETUP_NAME = "games.mobger.engine_setup"


def _starts():
    """engine_setup.py: new games, positions, saved games (imported when a game starts)."""
    from games.mobger import engine_setup
    return engine_setup


def drop_setup():
    """Free the start code once a duel has begun (the next start imports it again)."""
    sys.modules.pop(_SETUP_NAME, None)
    pkg = sys.modules.get("games.mobger")
    if pkg is not None and "engine_setup" in pkg.__dict__:
        delattr(pkg, "engine_setup")


def __getattr__(name):
    # The other constants stay importable from here (tests, host tools, older code) without
    # a copy of every name in this module's dict on the device.
    from games.mobger import constants
    try:
        return getattr(constants, name)
    except AttributeError:
        raise AttributeError("module 'games.mobger.engine' has no attribute %r" % name)


class Engine:
    """The rules; its methods live in the engine_* modules by purpose and are bound here as
    plain class attributes (no base classes: the hot ones are found as fast as before)."""
    players = 2

    def __init__(self):
        self.opts = None
        self.w = self.h = self.ncells = 0
        self.house = 0
        self.n = 0
        self.pos = bytearray(MAX_GERS)
        self.dir = bytearray(MAX_GERS)
        self.kind = bytearray(MAX_GERS)
        self.order = bytearray(MAX_GERS)
        self.obj = bytearray(MAX_CELLS)
        self.occ = bytearray(MAX_CELLS)
        self.ffc = bytearray(3 * MAX_OBJ)  # flipflap cells
        self.nff = 0
        # start position (save_state / records)
        self.spos = bytearray(MAX_GERS)
        self.sdir = bytearray(MAX_GERS)
        self.skind = bytearray(MAX_GERS)
        self.sobj = bytearray(MAX_CELLS)
        self.sscore = bytearray(2)
        self.owned = bytearray(2)  # goal B: Gers each player owns
        self.actions = bytearray(LOG_START)  # grows with the game up to MAX_MOVES (play)
        self.nactions = 0
        self.log = array("H", bytes(2 * RW * LOG_START))  # grows up to LOG_RING records (play)
        self.low = 0  # the oldest action whose undo record is still in the ring
        self.score = bytearray(2)
        self.quiet = 0
        self.win = -1
        self.reason = R_NONE
        self.jrng = 1
        self.jseed = 1
        self.hsh = 0
        self.refl = False
        self.rgers = False
        self.special = False
        self.goal = 0
        self.ndirs = 4
        self.maxatt = 0
        # animation
        self.anim_n = 0
        self.anim_rank = bytearray(MAX_GERS)
        self.anim_from = bytearray(MAX_GERS)
        self.anim_to = bytearray(MAX_GERS)
        self.anim_dir = bytearray(MAX_GERS)
        self.anim_back = bytearray(MAX_GERS)
        self.anim_first = array("H", bytes(2 * MAX_GERS))
        self.anim_len = array("H", bytes(2 * MAX_GERS))
        self.anim_fields = array("H")  # sized to the board by a start (engine_setup)
        self.anim_nf = 0
        self.anim_cut = 0
        self.anim_removed = NONE
        self.anim_joker = NONE
        # bounded search: memo per class (0 normal, 1 special Black, 2 Joker) x cell x dir,
        # sized to the board by a start (engine_setup._buffers)
        self.memo = bytearray(0)
        self.seen = bytearray(0)
        self.stamp = 0
        self.sst = 0     # the mark of the last search in seen (1..255)
        self.queue = array("H")
        self.lbuf = bytearray(MAX_ACTIONS)

    # starts: engine_setup.py, imported on demand
    def new_game(self, opts):
        """A seeded random start (engine_setup.new_game)."""
        _starts().new_game(self, opts)

    def load_position(self, opts, rows):
        _starts().load_position(self, opts, rows)

    def restart(self):
        _starts().restart(self)

    def load_state(self, data):
        _starts().load_state(self, data)

    def start_from(self, opts, house, gers, objs):
        _starts().start_from(self, opts, house, gers, objs)

    # saved game: engine_save.py
    _start_bytes = _SAVE._start_bytes
    save_state = _SAVE.save_state
    # legal moves, repetition, undo: engine_legal.py
    legal = _LEGAL.legal
    is_legal = _LEGAL.is_legal
    _same = _LEGAL._same
    _repeated = _LEGAL._repeated
    _ffmask = _LEGAL._ffmask
    _hash = _LEGAL._hash
    undo = _LEGAL.undo
    # one sequence: engine_move.py
    play = _MOVE.play
    _jdraw = _MOVE._jdraw
    _move = _MOVE._move
    _end_sequence = _MOVE._end_sequence
    _goal_b_end = _MOVE._goal_b_end
    _check_end = _MOVE._check_end
    # bounded search: engine_reach.py
    _hopeless = _REACH._hopeless
    stuck = _REACH.stuck
    _stuck_state = _REACH._stuck_state

    # ------------------------------------------------------------------ queries
    @property
    def turn(self):
        return self.nactions & 1

    def winner(self):
        return self.win

    def owner(self, r):
        """Goal B owner of rank r: 0 for ranks 1, 3, 5 .., 1 for ranks 2, 4 .., -1 the Black Ger."""
        if r == 0:
            return -1
        return (r + 1) & 1

    def color(self, r):
        """(name, rgb) of rank r."""
        return COLORS[SEQUENCES[self.opts.sequence][self.order[r]]]

    def cell(self, x, y):
        return y * self.w + x


# The game record (record.py), imported on first use.
def record_text(engine):
    from games.mobger.record import record_text
    return record_text(engine)


def replay_record(text):
    from games.mobger.record import replay_record
    return replay_record(text)
