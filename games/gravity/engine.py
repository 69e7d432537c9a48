"""Gravity room engine: pure rules, no display, no I/O (CPython, CircuitPython, MicroPython).

Rules as implemented, and every choice: games/gravity/README.md. The board is a torus of
width x height cells (4..12 x 4..8), cell c = y * width + x. Directions: 0 up, 1 right,
2 down, 3 left.

State (read by the view):
    pos[i]          cell of player i's pawn (0xFF: not placed yet), pos[players] = objective
    gravity         0..3
    flow_line[p]    line of player p's flow (0xFF: none); rows are lines 0..H-1 (y = line),
                    columns lines H..H+W-1 (x = line - H)
    flow_dir[p]     0 toward decreasing coordinates (left / up), 1 toward increasing
    flow_stamp[p]   when it was laid (larger = laid later: "the flow laid last wins")
    wall[c]         bit 0 wall on the top edge, bit 1 right, bit 2 bottom, bit 3 left
    phase, turn, plies (turns of play so far), reversed (1 when the last turn reversed gravity)
Per action (filled by play()): ticks (ticks simulated), nticks (ticks recorded, <= MAX_REC)
and path[t * NP + i] = cell of piece i after tick t (NP = players + 1, t = 0 before the
action); path[nticks * NP + i] is always the final cell, even when ticks > MAX_REC.

Actions (one byte): 0..3 gravity; FLOW_BASE + 2 * line + s a flow; PLACE_BASE + cell a
placement (objective or pawn during setup).

The Engine's methods live by purpose: moves.py (play, undo and the tick-by-tick movement),
slide.py (the same movement written out for two players, issue 14) and savestate.py
(save_state, load_state), bound into the class below, so a call costs what it did
when they were written here. Constants: constants.py (re-exported).
"""

from games.gravity import moves as _moves
from games.gravity import savestate as _save
from games.gravity import slide as _slide
from games.gravity.constants import *  # noqa: F401,F403 - the public names, as before
from games.gravity.constants import _LOG, _MAXLOG


class Engine:
    def __init__(self):
        self.width = 8
        self.height = 8
        self.cells = 64
        self.players = 2
        self.wall = bytearray(MAX_CELLS)
        self.nb = bytearray(b"\xff" * (4 * MAX_CELLS))  # neighbour per direction, 0xFF: wall
        self.ln = bytearray(2 * MAX_CELLS)  # cell's row line, then its column line
        self.pos = bytearray(b"\xff" * (MAX_PLAYERS + 1))
        self.flow_line = bytearray(b"\xff" * MAX_PLAYERS)
        self.flow_dir = bytearray(MAX_PLAYERS)
        self.flow_stamp = bytearray(MAX_PLAYERS)
        self.flow_d = bytearray(MAX_PLAYERS)  # the flow's direction 0..3
        self.owner = bytearray(b"\xff" * (MAX_W + MAX_H))  # line -> player, 0xFF: no flow
        self.actions = bytearray(_MAXLOG)
        self.nactions = 0
        self.log = bytearray(_LOG * _MAXLOG)
        self.path = bytearray((MAX_REC + 1) * (MAX_PLAYERS + 1))
        self.nticks = 0
        self.ticks = 0
        self.unsettled = 0     # the last action stopped at SETTLE_MAX restarts (moves._run)
        self.gravity = DOWN
        self.phase = SETUP_GRAVITY
        self.turn = 0
        self.won = -1
        self.plies = 0
        self.reversed = 0
        # simulation scratch (per piece)
        self._want = bytearray(4)
        self._tgt = bytearray(4)
        self._drv = bytearray(4)
        self._rel = bytearray(4)
        self._last = bytearray(4)
        self._lap = bytearray(4)
        self._blk = bytearray(4)
        self._old = bytearray(4)

    # ------------------------------------------------------------ setup
    def new_game(self, board, players=2):
        """Start a game on board (anything with width, height and wall: see board.py)."""
        W = board.width
        H = board.height
        if not (MIN_W <= W <= MAX_W and MIN_H <= H <= MAX_H):
            raise ValueError("board must be %d..%d x %d..%d" % (MIN_W, MAX_W, MIN_H, MAX_H))
        if players != 2 and players != 3:
            raise ValueError("2 or 3 players")
        self.width = W
        self.height = H
        self.cells = W * H
        self.players = players
        wall = self.wall
        src = board.wall
        nb = self.nb
        ln = self.ln
        for c in range(MAX_CELLS):
            wall[c] = src[c] & 15 if c < W * H else 0
        for c in range(W * H):
            x = c % W
            y = c // W
            w = wall[c]
            ln[2 * c] = y
            ln[2 * c + 1] = H + x
            nb[4 * c] = NONE if w & 1 else ((y - 1) % H) * W + x
            nb[4 * c + 1] = NONE if w & 2 else y * W + (x + 1) % W
            nb[4 * c + 2] = NONE if w & 4 else ((y + 1) % H) * W + x
            nb[4 * c + 3] = NONE if w & 8 else y * W + (x - 1) % W
        self.restart()

    def restart(self):
        for i in range(MAX_PLAYERS + 1):
            self.pos[i] = NONE
        for p in range(MAX_PLAYERS):
            self.flow_line[p] = NONE
            self.flow_dir[p] = 0
            self.flow_stamp[p] = 0
            self.flow_d[p] = 0
        for k in range(MAX_W + MAX_H):
            self.owner[k] = NONE
        self.nactions = 0
        self.gravity = DOWN
        self.phase = SETUP_GRAVITY
        self.turn = 0
        self.won = -1
        self.plies = 0
        self.reversed = 0
        self._still()

    def _still(self):
        NP = self.players + 1
        for i in range(NP):
            self.path[i] = self.pos[i]
        self.nticks = 0
        self.ticks = 0

    def place_flow(self, p, line, s, stamp):
        """Put player p's flow on a line without moving anything (tests and editors only:
        not part of a game, not undoable)."""
        old = self.flow_line[p]
        if old != NONE:
            self.owner[old] = NONE
        self.flow_line[p] = line
        self.flow_dir[p] = s
        self.flow_stamp[p] = stamp
        if line < self.height:
            self.flow_d[p] = RIGHT if s else LEFT
        else:
            self.flow_d[p] = DOWN if s else UP
        self.owner[line] = p

    # ------------------------------------------------------------ queries
    def winner(self):
        return self.won

    def placing(self):
        """The pawn being placed during SETUP_PAWNS (player index)."""
        return (self.turn + 1) % self.players

    def line_of(self, action):
        return (action - FLOW_BASE) >> 1

    def is_legal(self, a):
        return self.refusal(a) == LEGAL

    def refusal(self, a):
        """Why action a is refused now: LEGAL (0) when it is not; else the rule it breaks, for
        the view to explain."""
        ph = self.phase
        if a < 0 or ph == OVER:
            return NOT_NOW
        if ph == PLAY:
            if a < FLOW_BASE:
                g = self.gravity
                if a == g:
                    return SAME_GRAVITY
                return REVERSE_BACK if self.reversed and a == (g + 2) & 3 else LEGAL
            if a < FLOW_BASE + 2 * (self.width + self.height):
                o = self.owner[(a - FLOW_BASE) >> 1]
                if o == NONE:
                    return LEGAL
                if o != self.turn:
                    return OTHERS_FLOW
                return SAME_FLOW if self.flow_dir[o] == (a - FLOW_BASE) & 1 else LEGAL
            return NOT_NOW
        if ph == SETUP_GRAVITY:
            return LEGAL if 0 <= a < 4 else NOT_NOW
        if a < PLACE_BASE or a >= PLACE_BASE + self.cells:
            return NOT_NOW
        c = a - PLACE_BASE
        pos = self.pos
        for i in range(self.players + 1):
            if pos[i] == c:
                return CELL_TAKEN
        return LEGAL

    def legal(self, buf):
        """Write every legal action into buf; return their number."""
        n = 0
        ph = self.phase
        if ph == OVER:
            return 0
        if ph == PLAY:
            for a in range(FLOW_BASE + 2 * (self.width + self.height)):
                if self.is_legal(a):
                    buf[n] = a
                    n += 1
            return n
        if ph == SETUP_GRAVITY:
            for a in range(4):
                buf[a] = a
            return 4
        for c in range(self.cells):
            if self.is_legal(PLACE_BASE + c):
                buf[n] = PLACE_BASE + c
                n += 1
        return n

    # ------------------------------------------------------------ play / undo, movement
    play = _moves.play
    undo = _moves.undo
    _run = _moves._run
    _run2 = _slide.run2  # two players

    # ------------------------------------------------------------ saving
    save_state = _save.save_state
    load_state = _save.load_state
    _load_state = _save._load_state


def record_text(engine):
    """The game record as text (see board.py)."""
    from games.gravity.board import record_text as f
    return f(engine)


def replay_record(text):
    """An Engine replaying a record_text(); ValueError on a bad record."""
    from games.gravity.board import replay_record as f
    return f(text)
