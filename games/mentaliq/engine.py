"""Mental IQ+ engine: pure rules, no display, no I/O. Runs on CPython, CircuitPython, MicroPython.

World: `planes` (1..4) planes of `width` x `height` cells (at most 16 x 8 each). Cell index
    c = z * psize + y * width + x        psize = width * height; z = 0 is plane 1 (the lowest)
Plane z + 1 lies above plane z: the cell aligned with c is c + psize above, c - psize below.

    tile[c]  (static: the level's own bytearray)
        0 floor  1 hole  2 flag  3 slider  4..7 vector pointing up, right, down, left
        (4 + direction)  8 transfert
    piece[c] (the engine's)
        0 none  1 Gwydyon  2 jewel  3 brick  4 bomb  5 repulsor  6 repulsor2  7 block
        8 transborder up  9 transborder down
    rank[c]  for a movable piece standing on a vector: its arrival order among such pieces,
             1 = arrived first .. nvq = arrived last; 0 everywhere else.

Actions: 0 up, 1 right, 2 down, 3 left (Gwydyon steps in his plane), 4 plane up and 5 plane
down (Gwydyon on a transfert tile). select_action() says which of 4/5 the SELECT button plays.

Every move is a sequence of one-cell moves (_move): the player's push, each slide step, each
vector step. After the player's step or plane change the board settles: a pushed piece slides
on, then Gwydyon slides on, then vectors move pieces one at a time, the lowest rank that can
move first, until nothing can move or the position repeats (hash set, at most SETTLE_MAX
vector steps). The rules are listed in README.md.

For the view, after play()/undo()/restart(): changed[0:nchanged] lists the cells whose piece
changed; after play(), events[0:3 * nevents] holds the move's events, 3 words each:
    kind | piece << 4 | frame << 8,   cell a,   cell b
frame 0 is the direct move; each slide or vector step is a new frame. Kinds EV_*, below.

The Engine's methods live by purpose in moves.py (play and the move rules), cells.py (cell
changes, the undo ring, undo) and savestate.py (save_state, load_state); they are bound into
the class below, so a call costs what it did when they were written here. Constants:
constants.py (re-exported).
"""

from array import array

from handheld.buffers import zeros
from handheld.undoring import UndoRing

from games.mentaliq import cells as _cells
from games.mentaliq import moves as _moves
from games.mentaliq import savestate as _save
from games.mentaliq.constants import *  # noqa: F401,F403 - the public names, as before
from games.mentaliq.constants import _HM, _SEEN  # noqa: F401 - _HM, _ZC, _ZP: for the tests
from games.mentaliq.cells import _ZC, _ZP  # noqa: F401
from games.mentaliq.savestate import _fnv


class Engine(UndoRing):
    def __init__(self, undo_words=UNDO_WORDS):
        self.log = zeros("H", max(undo_words, 16))
        self.utop = 0  # next free word
        self.ulen = 0  # words in use
        self.cur = 0  # words written by the action being played
        self.skip = False  # the action being played overflowed the ring: not logged
        self.dropped = 0  # actions dropped from the full ring since the start
        self.level = None
        self.planes = self.width = self.height = self.psize = self.ncells = 0
        self.tile = self.start = None
        self.srank = bytearray(0)
        self.piece = bytearray(0)
        self.rank = bytearray(0)
        self.mark = bytearray(0)
        self.changed = array("H")
        self.nchanged = 0
        self.events = array("H", bytes(6 * EVENTS_MAX))
        self.nevents = 0
        self.events_lost = 0  # events of the last play() that did not fit
        self.frame = 0
        self.vcells = array("H")  # cells with a vector tile
        self.nvec = 0
        self.order = array("h", [0])  # order[r] = cell of the piece of rank r (1..nvq)
        self.ahead = array("h")  # per cell: where its vector leads, -1 (edge, hole, no vector)
        self.nvq = 0  # ranked pieces (movable pieces on vectors)
        self.seen = None
        self.sused = array("H", bytes(2 * (SETTLE_MAX + 2)))
        self.nseen = 0
        self.hsh = 0
        self.pend = array("h", bytes(2 * 8))  # a repulsor move's pending effects
        self.npend = 0
        self.hero = 0
        self.flags = 0
        self.jewels = 0
        self.onflag = 0
        self.moves = 0
        self.pushes = 0
        self.last_action = -1
        self.last_kind = K_BLOCKED
        self.last_undo = False
        self.looped = False  # the last settle stopped at a repeated position
        self.signature = 0

    # ------------------------------------------------------------------ loading
    def load(self, level):
        """Start `level` (a board.Level: planes, width, height, tile, piece)."""
        P = level.planes
        W = level.width
        H = level.height
        ps = W * H
        n = P * ps
        if n > MAX_CELLS or P < 1:
            raise ValueError("a level has 1 to 4 planes of at most 16x8 cells")
        self.level = level
        self.planes = P
        self.width = W
        self.height = H
        self.psize = ps
        self.ncells = n
        self.tile = level.tile
        self.start = level.piece
        if len(self.piece) != n:
            self.piece = bytearray(n)
            self.rank = bytearray(n)
            self.srank = bytearray(n)
            self.ahead = array("h", bytes(2 * n))
            self.changed = array("H", bytes(2 * n))
        self.mark = bytearray(n)
        self.nchanged = 0
        # one pass: vector cells and where they lead, flags, start ranks (pieces already on
        # vectors at the start arrived in cell order)
        tl = self.tile
        st = self.start
        sr = self.srank
        ahead = self.ahead
        vc = []
        flags = 0
        k = 0
        mov = 0
        for c in range(n):
            t = tl[c]
            m = -1
            r = 0
            if st[c] and st[c] <= P_REP2:
                mov += 1
            if t >= T_VECTOR:
                if t < T_VECTOR + 4:
                    vc.append(c)
                    m = self._nb(c, t - T_VECTOR)
                    if m >= 0 and tl[m] == T_HOLE:
                        m = -1
                    p = st[c]
                    if p and p <= P_REP2:  # Gwydyon or a movable piece
                        k += 1
                        r = k
            elif t == T_FLAG:
                flags += 1
            ahead[c] = m
            sr[c] = r
        if len(vc) > 255 and mov > 255:  # ranks are bytes
            raise ValueError("more than 255 pieces could stand on vectors")
        self.vcells = array("H", vc)
        self.nvec = len(vc)
        self.order = array("h", bytes(2 * (self.nvec + 2)))
        if self.nvec and self.seen is None:
            self.seen = array("I", bytes(4 * _SEEN))
        self.flags = flags
        h = _fnv(bytes((P, W, H)))
        h = _fnv(tl, h)
        self.signature = _fnv(self.start, h)
        self.piece[:] = self.start
        self.rank[:] = sr
        self._recount()
        self._reset()
        self.nchanged = 0  # the view draws everything after load()

    def restart(self):
        """Back to the level's start; clears the undo log. `changed` lists every cell that
        differs."""
        self._clear()
        pc = self.piece
        rk = self.rank
        s = self.start
        sr = self.srank
        for c in range(self.ncells):
            if pc[c] != s[c] or rk[c] != sr[c]:
                if pc[c] != s[c]:
                    self._changed(c)
                pc[c] = s[c]
                rk[c] = sr[c]
        self._recount()
        self._reset()

    def _reset(self):
        self.moves = self.pushes = 0
        self.utop = self.ulen = self.cur = self.dropped = 0
        self.skip = False
        self.last_action = -1
        self.last_kind = K_STEP
        self.last_undo = False
        self.looped = False

    # ------------------------------------------------------------------ queries
    def solved(self):
        """A jewel on every flag."""
        return self.onflag == self.flags

    def lost(self):
        """Fewer jewels are left than there are flags (bombs destroyed a needed jewel): the
        level can no longer be solved; undo or restart."""
        return self.jewels < self.flags

    def flags_left(self):
        return self.flags - self.onflag

    def can_undo(self):
        return self.ulen > 0

    def plane_of(self, c):
        return c // self.psize

    def hero_plane(self):
        return self.hero // self.psize

    def cell(self, z, x, y):
        return z * self.psize + y * self.width + x

    def can_plane(self, a):
        """May Gwydyon change plane now (a = PLANE_UP or PLANE_DOWN)?"""
        h = self.hero
        if self.tile is None or self.tile[h] != T_TRANSFERT:
            return False
        t = h + self.psize if a == PLANE_UP else h - self.psize
        if a != PLANE_UP and a != PLANE_DOWN or t < 0 or t >= self.ncells:
            return False
        return self.tile[t] != T_HOLE and self.piece[t] == 0

    def select_action(self):
        """The action SELECT plays: PLANE_UP when possible, else PLANE_DOWN, else -1."""
        if self.can_plane(PLANE_UP):
            return PLANE_UP
        if self.can_plane(PLANE_DOWN):
            return PLANE_DOWN
        return -1

    def key(self):
        """The position as bytes: pieces, then the ranks of the vector cells."""
        out = bytearray(self.piece)
        rk = self.rank
        vc = self.vcells
        for i in range(self.nvec):
            out.append(rk[vc[i]])
        return bytes(out)

    def counts(self):
        """Pieces of each kind, indexed by piece number (0..9)."""
        out = [0] * 10
        pc = self.piece
        for c in range(self.ncells):
            out[pc[c]] += 1
        return out

    def text(self):
        """The position in the body syntax (games/mentaliq/README.md)."""
        from games.mentaliq import board
        return board.format_board(self.planes, self.width, self.height, self.tile, self.piece)

    # ------------------------------------------------------------------ cell changes, undo
    _recount = _cells._recount
    _nb = _cells._nb
    _changed = _cells._changed
    _clear = _cells._clear
    _raw = _cells._raw
    _put = _cells._put
    _ev = _cells._ev
    _room = _cells._room
    _w = _cells._w
    _refuse = _cells._refuse
    _done = _cells._done
    undo = _cells.undo
    _unput = _cells._unput

    # ------------------------------------------------------------------ play
    play = _moves.play
    _slide = _moves._slide
    _move = _moves._move
    _rep_check = _moves._rep_check
    _rep_apply = _moves._rep_apply
    _settle = _moves._settle
    _seen = _moves._seen

    # ------------------------------------------------------------------ save / resume
    _pos_hash = _save._pos_hash
    save_state = _save.save_state
    _clear_changed = _save._clear_changed
    load_state = _save.load_state
    _load_state = _save._load_state
    _load_base = _save._load_base
