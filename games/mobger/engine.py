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

from array import array

# The constants and Options stay importable from here (tests, host tools, older code).
from games.mobger.constants import *  # noqa: F401,F403
from games.mobger.options import Options  # noqa: F401
from games.mobger import engine_setup as _SETUP, engine_save as _SAVE
from games.mobger import engine_legal as _LEGAL, engine_move as _MOVE, engine_reach as _REACH


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
        self.actions = bytearray(MAX_MOVES)
        self.nactions = 0
        self.log = array("H", bytes(2 * RW * LOG_RING))
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
        self.anim_fields = array("H", bytes(2 * FIELDS_MAX))
        self.anim_nf = 0
        self.anim_cut = 0
        self.anim_removed = NONE
        self.anim_joker = NONE
        # bounded search: memo per class (0 normal, 1 special Black, 2 Joker) x cell x dir
        self.memo = bytearray(3 * MAX_CELLS * 8)
        self.seen = array("H", bytes(2 * MAX_CELLS * 8))
        self.stamp = 0
        self.queue = array("H", bytes(2 * MAX_CELLS * 8))
        self.lbuf = bytearray(MAX_ACTIONS)

    # setup: engine_setup.py
    _setup = _SETUP._setup
    _clear_board = _SETUP._clear_board
    _start = _SETUP._start
    new_game = _SETUP.new_game
    _place = _SETUP._place
    load_position = _SETUP.load_position
    restart = _SETUP.restart
    # saved game: engine_save.py
    _start_bytes = _SAVE._start_bytes
    save_state = _SAVE.save_state
    load_state = _SAVE.load_state
    start_from = _SAVE.start_from
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
