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

Undo is a ring of 16-bit words, allocated once: each change of a cell is logged as one word
    c | old piece << 9 | 0x2000 when it had a rank, preceded by the old rank word (1..255)
and each action ends with a header word 0x8000 | kind << 3 | action. Undo restores the cells
in reverse order; rank renumbering is implied (an arrival takes the next rank, a departure
closes the gap), so it is not logged. A full ring drops its oldest actions.

For the view, after play()/undo()/restart(): changed[0:nchanged] lists the cells whose piece
changed; after play(), events[0:3 * nevents] holds the move's events, 3 words each:
    kind | piece << 4 | frame << 8,   cell a,   cell b
frame 0 is the direct move; each slide or vector step is a new frame. Kinds EV_*, below.
"""

from array import array

from handheld.undoring import UndoRing, HDR as _HDR

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - every target has binascii.crc32
    _crc32 = None

# tiles
T_FLOOR = 0
T_HOLE = 1
T_FLAG = 2
T_SLIDER = 3
T_VECTOR = 4  # 4 + direction: 4 up, 5 right, 6 down, 7 left
T_TRANSFERT = 8
# pieces
P_NONE = 0
P_GWYDYON = 1
P_JEWEL = 2
P_BRICK = 3
P_BOMB = 4
P_REP = 5
P_REP2 = 6
P_BLOCK = 7
P_TB_UP = 8
P_TB_DOWN = 9

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3
PLANE_UP = 4
PLANE_DOWN = 5

# kinds of an action (last_kind, history)
K_STEP = 0
K_PUSH = 1  # Gwydyon's step pushed a piece (moved, destroyed or merged it, or fired a bomb)
K_PLANE = 2
K_BLOCKED = 7  # the last play() was refused

# event kinds (events[3i] & 15); a, b = events[3i + 1], events[3i + 2]
EV_STEP = 1  # Gwydyon steps a -> b
EV_PUSH = 2  # a pushed piece moves a -> b
EV_SLIDE = 3  # a piece slides a -> b (Gwydyon too)
EV_VECTOR = 4  # a vector moves a piece a -> b
EV_TRANSBORDER = 5  # a piece pushed or sliding from a is carried to b on another plane
EV_REPULSE = 6  # a repulsor is pushed back a -> b
EV_BOOM = 7  # bomb at a destroys the piece at b (piece = the destroyed kind)
EV_BRICK = 8  # the repulsor at b turns into a brick (a: the repulsor that caused it)
EV_PLANE = 9  # Gwydyon changes plane a -> b
EV_LOOP = 10  # the settle stopped at a repeated position

UNDO_WORDS = 4000  # 8 KB: about 1300 plain steps or 800 pushes
SETTLE_MAX = 400  # vector steps in one settle (a loop stops earlier, at its first repeat)
EVENTS_MAX = 64
MAX_CELLS = 512  # 4 planes x 16 x 8

_HASRANK = 0x2000
_SEEN = 1024  # hash set slots (power of two) for settle loop detection
_HM = 1 << 29  # position hash modulus: sums stay small ints (< 2**30) on every target

# _move results (>= 0: the cell the piece moved to)
_BLOCKED = -1  # nothing changed
_GONE = -2  # the mover was destroyed or merged into a brick
_STAYED = -3  # the mover is a bomb that destroyed what it was pushed toward

_M_PUSH = 0
_M_SLIDE = 1
_M_VECTOR = 2
_EV_OF_MODE = (EV_PUSH, EV_SLIDE, EV_VECTOR)


def _table(n, x):
    # Distinct 29-bit values (a full-period LCG mod 2**29), same on every target.
    t = array("I", bytes(4 * n))  # "I": 4 bytes everywhere ("L" is 8 on 64-bit CPython)
    for i in range(n):
        x = (x * 1103515245 + 12345) % _HM
        t[i] = x ^ (x >> 13)
    return t


_ZC = _table(MAX_CELLS, 0x1234567)
_ZP = _table(16, 0x0ABCDEF)


def _fnv(data, h=0):
    # A 32-bit checksum for save_state(); never used per move.
    if _crc32 is not None:
        return _crc32(data, h) & 0xFFFFFFFF
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def movable(p):
    """Can this piece be pushed (and moved by sliders and vectors)?"""
    return P_JEWEL <= p <= P_REP2


class Engine(UndoRing):
    def __init__(self, undo_words=UNDO_WORDS):
        self.log = array("H", bytes(2 * max(undo_words, 16)))
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

    def _recount(self):
        # Derived counters and the position hash, from piece[] and rank[].
        pc = self.piece
        rk = self.rank
        tl = self.tile
        j = f = q = 0
        h = 0
        hero = -1
        order = self.order
        for c in range(self.ncells):
            p = pc[c]
            if not p:
                continue
            if p == P_JEWEL:
                j += 1
                if tl[c] == T_FLAG:
                    f += 1
            elif p == P_GWYDYON:
                hero = c
            if rk[c]:
                q += 1
                order[rk[c]] = c
            h += _ZC[c] ^ _ZP[p]
            if h >= _HM:
                h -= _HM
        self.jewels = j
        self.onflag = f
        self.nvq = q
        self.hsh = h
        if hero >= 0:
            self.hero = hero

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

    # ------------------------------------------------------------------ cell changes (hot)
    def _nb(self, c, d):
        # Neighbour of c in direction d on its plane, or -1 past the edge.
        W = self.width
        if d == 1:
            return c + 1 if c % W != W - 1 else -1
        if d == 3:
            return c - 1 if c % W else -1
        i = c % self.psize
        if d == 0:
            return c - W if i >= W else -1
        return c + W if i < self.psize - W else -1

    def _changed(self, c):
        if self.mark[c]:
            return
        self.mark[c] = 1
        n = self.nchanged
        self.changed[n] = c
        self.nchanged = n + 1

    def _clear(self):
        ch = self.changed
        m = self.mark
        for i in range(self.nchanged):
            m[ch[i]] = 0
        self.nchanged = 0
        self.nevents = 0
        self.events_lost = 0
        self.frame = 0
        self.looped = False

    def _raw(self, c, p, r):
        # Set cell c to piece p with rank r; keeps the hash, the jewel counts and the hero.
        pc = self.piece
        old = pc[c]
        h = self.hsh
        if old:
            h -= _ZC[c] ^ _ZP[old]
            if h < 0:
                h += _HM
            if old == P_JEWEL:
                self.jewels -= 1
                if self.tile[c] == T_FLAG:
                    self.onflag -= 1
        if p:
            h += _ZC[c] ^ _ZP[p]
            if h >= _HM:
                h -= _HM
            if p == P_JEWEL:
                self.jewels += 1
                if self.tile[c] == T_FLAG:
                    self.onflag += 1
            elif p == P_GWYDYON:
                self.hero = c
        self.hsh = h
        pc[c] = p
        self.rank[c] = r
        if not self.mark[c]:
            self.mark[c] = 1
            n = self.nchanged
            self.changed[n] = c
            self.nchanged = n + 1

    def _put(self, c, p):
        # Logged change of cell c to piece p: an arrival on a vector takes the next rank, a
        # departure closes the gap, a change of kind in place keeps the rank.
        old = self.piece[c]
        r = self.rank[c]
        if not self.skip:  # log c, old piece (and rank): _w inlined, this is the hot path
            log = self.log
            cap = len(log)
            if self.ulen + 2 > cap:
                self._room(2)
            if not self.skip:
                t = self.utop
                k = 1
                if r:
                    log[t] = r
                    t += 1
                    if t == cap:
                        t = 0
                    log[t] = c | old << 9 | _HASRANK
                    k = 2
                else:
                    log[t] = c | old << 9
                t += 1
                if t == cap:
                    t = 0
                self.utop = t
                self.ulen += k
                self.cur += k
        t = self.tile[c]
        nr = 0
        if T_VECTOR <= t < T_VECTOR + 4:
            if not old:
                if p:
                    nr = self.nvq + 1
                    self.nvq = nr
                    self.order[nr] = c
            elif not p:
                if r:  # later arrivals move up one rank
                    order = self.order
                    rk = self.rank
                    n = self.nvq
                    while r < n:
                        v = order[r + 1]
                        order[r] = v
                        rk[v] = r
                        r += 1
                    self.nvq = n - 1
            else:
                nr = r
        self._raw(c, p, nr)

    def _ev(self, kind, p, a, b):
        n = self.nevents
        if n == EVENTS_MAX:
            self.events_lost += 1
            return
        e = self.events
        f = self.frame
        if f > 255:
            f = 255
        e[3 * n] = kind | p << 4 | f << 8
        e[3 * n + 1] = a
        e[3 * n + 2] = b
        self.nevents = n + 1

    # ------------------------------------------------------------------ undo ring
    def _room(self, k):
        # Make room for k words by dropping the oldest actions; when this action alone fills
        # the ring it cannot be undone: it is not logged (skip) and the history restarts.
        while self.ulen + k > len(self.log) and self.ulen > self.cur:
            self._drop_oldest()
        if self.ulen + k > len(self.log):
            self.skip = True
            self.ulen = 0
            self.cur = 0
            self.dropped += 1

    def _w(self, w):
        if self.skip:
            return
        log = self.log
        cap = len(log)
        if self.ulen >= cap:
            self._room(1)
            if self.skip:
                return
        t = self.utop
        log[t] = w
        t += 1
        if t == cap:
            t = 0
        self.utop = t
        self.ulen += 1
        self.cur += 1

    def _refuse(self, a):
        self.last_action = a
        self.last_kind = K_BLOCKED
        self.last_undo = False
        return False

    def _done(self, a, kind):
        if self.skip:
            self.skip = False
        else:
            self._w(_HDR | kind << 3 | a)
        self.cur = 0
        self.last_action = a
        self.last_kind = kind
        self.last_undo = False
        self.moves += 1
        if kind == K_PUSH:
            self.pushes += 1
        return True

    # ------------------------------------------------------------------ play
    def play(self, a):
        """Play action a; False (and nothing changed) when the move is impossible."""
        self._clear()
        if self.level is None or a < 0 or a > 5:
            return self._refuse(a)
        h = self.hero
        pc = self.piece
        tl = self.tile
        self.cur = 0
        if a >= 4:
            if tl[h] != T_TRANSFERT:
                return self._refuse(a)
            t = h + self.psize if a == 4 else h - self.psize
            if t < 0 or t >= self.ncells or tl[t] == T_HOLE or pc[t]:
                return self._refuse(a)
            self._put(h, 0)
            self._put(t, P_GWYDYON)
            self._ev(EV_PLANE, P_GWYDYON, h, t)
            self._settle()
            return self._done(a, K_PLANE)
        n = self._nb(h, a)
        if n < 0 or tl[n] == T_HOLE:
            return self._refuse(a)
        p = pc[n]
        kind = K_STEP
        r = -1
        if p:
            if not movable(p):
                return self._refuse(a)
            r = self._move(n, a, _M_PUSH)
            if r == _BLOCKED:
                return self._refuse(a)
            kind = K_PUSH
        if r != _STAYED:  # a bomb that fired stays put, and so does Gwydyon
            self._put(h, 0)
            self._put(n, P_GWYDYON)
            self._ev(EV_STEP, P_GWYDYON, h, n)
            if r >= 0 and tl[r] == T_SLIDER:
                self._slide(r, a)
            if tl[n] == T_SLIDER:
                self._slide(n, a)
        self._settle()
        return self._done(a, kind)

    def _slide(self, c, d):
        # The piece at c entered a slider moving in direction d: it keeps moving until it is
        # blocked or leaves the sliders.
        tl = self.tile
        while True:
            self.frame += 1
            c = self._move(c, d, _M_SLIDE)
            if c == _BLOCKED:
                self.frame -= 1  # no step: no frame
            if c < 0 or tl[c] != T_SLIDER:
                return

    def _move(self, c, d, mode):
        # Move the piece at c one cell in direction d (a push, a slide step or a vector step)
        # with every interaction; returns its new cell, or _BLOCKED (nothing changed), _GONE,
        # _STAYED.
        pc = self.piece
        tl = self.tile
        p = pc[c]
        t = self._nb(c, d)
        if t < 0 or tl[t] == T_HOLE:
            return _BLOCKED
        q = pc[t]
        rep = p == P_REP or p == P_REP2
        if q == 0:
            if rep and not self._rep_check(p, t, c, d, True):
                return _BLOCKED
            self._put(c, 0)
            self._put(t, p)
            self._ev(_EV_OF_MODE[mode], p, c, t)
            if rep:
                self._rep_apply(p, t)
            return t
        if mode == _M_VECTOR or p == P_GWYDYON:  # vectors need a free cell; Gwydyon never pushes
            return _BLOCKED
        if q == P_BOMB:
            if p == P_BOMB:  # bombs never destroy bombs: an obstacle
                return _BLOCKED
            self._put(c, 0)
            self._ev(EV_BOOM, p, t, c)
            return _GONE
        if p == P_BOMB and movable(q):
            self._put(t, 0)
            self._ev(EV_BOOM, q, c, t)
            return _STAYED
        if q == P_TB_UP or q == P_TB_DOWN:
            a = t + self.psize if q == P_TB_UP else t - self.psize
            if a < 0 or a >= self.ncells or tl[a] == T_HOLE or pc[a]:
                return _BLOCKED
            if rep and not self._rep_check(p, a, c, d, False):
                return _BLOCKED
            self._put(c, 0)
            self._put(a, p)
            self._ev(EV_TRANSBORDER, p, c, a)
            if rep:
                self._rep_apply(p, a)
            return a
        if rep and q == 11 - p:  # repulsor meets repulsor2 on its plane: one brick
            self._put(c, 0)
            self._put(t, P_BRICK)
            self._ev(EV_BRICK, P_BRICK, c, t)
            return _GONE
        return _BLOCKED

    def _rep_check(self, p, dst, src, d, allow):
        # A repulsor of type p moves src -> dst. Same type aligned above or below must be
        # pushed back opposite to d (allow) into a free cell not aligned with its own type;
        # the other type aligned turns into a brick. Pending effects go to pend[]; False when
        # the move must not happen.
        pc = self.piece
        tl = self.tile
        ps = self.psize
        n = self.ncells
        pend = self.pend
        k = 0
        a = dst - ps
        while a < n:
            if a >= 0:
                q = pc[a]
                if q == p:
                    if not allow:
                        return False
                    b = self._nb(a, (d + 2) & 3)
                    if b < 0 or tl[b] == T_HOLE or pc[b]:
                        return False
                    u = b - ps
                    if u >= 0 and u != src and pc[u] == p:
                        return False
                    u = b + ps
                    if u < n and u != src and pc[u] == p:
                        return False
                    pend[k] = a
                    pend[k + 1] = b
                    k += 2
                elif q == 11 - p:
                    pend[k] = a
                    pend[k + 1] = -1
                    k += 2
            a += 2 * ps
        self.npend = k
        return True

    def _rep_apply(self, p, dst):
        # Carry out the pending effects of _rep_check, once the mover stands on dst.
        pend = self.pend
        pc = self.piece
        ps = self.psize
        n = self.ncells
        o = 11 - p
        for i in range(0, self.npend, 2):
            a = pend[i]
            b = pend[i + 1]
            if b < 0:
                if pc[a] == o:
                    self._put(a, P_BRICK)
                    self._ev(EV_BRICK, P_BRICK, dst, a)
                continue
            self._put(a, 0)
            self._put(b, p)
            self._ev(EV_REPULSE, p, a, b)
            # the pushed-back repulsor ended a move too: the other type aligned turns to brick
            u = b - ps
            if u >= 0 and pc[u] == o:
                self._put(u, P_BRICK)
                self._ev(EV_BRICK, P_BRICK, b, u)
            u = b + ps
            if u < n and pc[u] == o:
                self._put(u, P_BRICK)
                self._ev(EV_BRICK, P_BRICK, b, u)
        self.npend = 0

    def _settle(self):
        # Vectors move pieces, one at a time, until nothing can move or the position repeats.
        # A waiting piece can only move into a free cell, so that is checked inline first.
        if self.nvq == 0:
            return
        seen = self.seen
        used = self.sused
        self.nseen = 0
        self._seen(self.hsh)
        steps = 0
        tl = self.tile
        pc = self.piece
        ahead = self.ahead
        order = self.order
        while steps < SETTLE_MAX:
            nvq = self.nvq
            moved = -1
            r = 1
            while r <= nvq:
                c = order[r]
                t = ahead[c]
                if t >= 0 and not pc[t]:
                    d = tl[c] - T_VECTOR
                    self.frame += 1
                    moved = self._move(c, d, _M_VECTOR)
                    if moved >= 0:
                        if tl[moved] == T_SLIDER:
                            self._slide(moved, d)
                        break
                    self.frame -= 1
                r += 1
            if moved < 0:
                break
            steps += 1
            if self._seen(self.hsh):
                self.looped = True
                self._ev(EV_LOOP, 0, 0, 0)
                break
        for i in range(self.nseen):
            seen[used[i]] = 0
        self.nseen = 0

    def _seen(self, h):
        # Insert h into the hash set; True when it was there already.
        seen = self.seen
        v = h + 1
        i = (h ^ (h >> 11)) & (_SEEN - 1)
        while seen[i]:
            if seen[i] == v:
                return True
            i = (i + 1) & (_SEEN - 1)
        seen[i] = v
        self.sused[self.nseen] = i
        self.nseen += 1
        return False

    # ------------------------------------------------------------------ undo
    def undo(self):
        """Take back the last action; False when the log is empty."""
        self._clear()
        if self.ulen == 0:
            return False
        log = self.log
        cap = len(log)
        v = self._pop_record()
        m = v >> 16  # step words below the header, at ring index t, newest first
        t = self.utop + m
        if t >= cap:
            t -= cap
        a = v & 7
        k = (v >> 3) & 7
        i = t
        while m > 0:
            i -= 1
            if i < 0:
                i += cap
            w = log[i]
            m -= 1
            r = 0
            if w & _HASRANK:
                i -= 1
                if i < 0:
                    i += cap
                r = log[i]
                m -= 1
            self._unput(w & 511, (w >> 9) & 15, r)
        self.moves -= 1
        if k == K_PUSH:
            self.pushes -= 1
        self.last_action = a
        self.last_kind = k
        self.last_undo = True
        return True

    def _unput(self, c, oldp, oldr):
        cur = self.piece[c]
        t = self.tile[c]
        if T_VECTOR <= t < T_VECTOR + 4:
            if cur and not oldp:
                if self.rank[c]:
                    self.nvq -= 1  # an arrival took the last rank
            elif oldp and not cur and oldr:  # a departure closed a gap: reopen it
                order = self.order
                rk = self.rank
                k = self.nvq
                while k >= oldr:
                    v = order[k]
                    order[k + 1] = v
                    rk[v] = k + 1
                    k -= 1
                order[oldr] = c
                self.nvq += 1
        self._raw(c, oldp, oldr)

    # ------------------------------------------------------------------ save / resume
    def _pos_hash(self):
        return _fnv(self.rank, _fnv(self.piece))

    def save_state(self, limit=None):
        """Position plus the retained history (the last `limit` actions when given), as bytes
        for load_state(). From the start it is 21 bytes plus half a byte per move."""
        hist = self.history()
        n = len(hist)
        k = n if limit is None or limit > n else limit
        if k > 0xFFFF:
            k = 0xFFFF
        from_start = self.dropped == 0 and k == n
        saved = (self.last_action, self.last_kind, self.last_undo, self.nchanged,
                 array("H", self.changed[:self.nchanged]), self.nevents,
                 array("H", self.events), self.looped)
        out = bytearray(b"MQ\x01")
        out.extend(bytes((self.planes, self.width, self.height)))
        s = self.signature
        out.extend(bytes((s >> 24, (s >> 16) & 255, (s >> 8) & 255, s & 255)))
        if from_start:
            base_moves = base_pushes = 0
        else:
            for _ in range(k):
                self.undo()
            base_moves = self.moves
            base_pushes = self.pushes
        out.append(1 if from_start else 0)
        base_moves = min(base_moves, 0xFFFF)
        base_pushes = min(base_pushes, 0xFFFF)
        out.extend(bytes((base_moves >> 8, base_moves & 255, base_pushes >> 8, base_pushes & 255)))
        if not from_start:
            pc = self.piece
            cells = []
            for c in range(self.ncells):
                if pc[c]:
                    cells.append(c)
            out.extend(bytes((len(cells) >> 8, len(cells) & 255)))
            for c in cells:
                out.extend(bytes((c >> 8, c & 255, pc[c], self.rank[c])))
            for i in range(n - k, n):  # replay: the ring ends as it was
                self.play(hist[i] & 7)
        out.extend(bytes((k >> 8, k & 255)))
        for i in range(0, k, 2):
            lo = hist[n - k + i] & 7
            hi = hist[n - k + i + 1] & 7 if i + 1 < k else 0
            out.append(lo | hi << 4)
        h = _fnv(out, self._pos_hash())
        out.extend(bytes((h >> 24, (h >> 16) & 255, (h >> 8) & 255, h & 255)))
        (self.last_action, self.last_kind, self.last_undo, nch, ch, self.nevents, ev,
         self.looped) = saved
        self.events[:] = ev
        self._clear_changed()
        for i in range(nch):
            self._changed(ch[i])
        return bytes(out)

    def _clear_changed(self):
        ch = self.changed
        m = self.mark
        for i in range(self.nchanged):
            m[ch[i]] = 0
        self.nchanged = 0

    def load_state(self, data):
        """Restore a save_state() of this level, replaying its history so undo works.
        Raises ValueError (leaving the engine as it was) when data is not a valid state."""
        before = self.save_state()
        try:
            self._load_state(bytes(data))
        except (ValueError, IndexError, TypeError) as e:
            self._load_state(before)
            raise ValueError("bad saved state: %s" % e)
        self._clear()  # the view redraws everything after load_state()

    def _load_state(self, d):
        if len(d) < 20 or d[:3] != b"MQ\x01":
            raise ValueError("not a Mental IQ+ state")
        if d[3] != self.planes or d[4] != self.width or d[5] != self.height:
            raise ValueError("saved for another map size")
        s = d[6] << 24 | d[7] << 16 | d[8] << 8 | d[9]
        if s != self.signature:
            raise ValueError("saved for another level")
        from_start = d[10] & 1
        base_moves = d[11] << 8 | d[12]
        base_pushes = d[13] << 8 | d[14]
        i = 15
        self.restart()
        if not from_start:
            i = self._load_base(d, i)
        self.moves = base_moves
        self.pushes = base_pushes
        n = d[i] << 8 | d[i + 1]
        i += 2
        need = i + (n + 1) // 2 + 4
        if len(d) != need:
            raise ValueError("length %d, expected %d" % (len(d), need))
        for j in range(n):
            a = d[i + j // 2]
            a = a >> 4 if j & 1 else a & 15
            if a > 5 or not self.play(a):
                raise ValueError("move %d cannot be replayed" % j)
        i += (n + 1) // 2
        h = _fnv(d[:i], self._pos_hash())
        if h != (d[i] << 24 | d[i + 1] << 16 | d[i + 2] << 8 | d[i + 3]):
            raise ValueError("position does not match its history")

    def _load_base(self, d, i):
        # A saved base position: every piece with its rank, checked against the level.
        n = d[i] << 8 | d[i + 1]
        i += 2
        pc = self.piece
        rk = self.rank
        tl = self.tile
        st = self.start
        for c in range(self.ncells):
            pc[c] = 0
            rk[c] = 0
        ranks = []
        for _ in range(n):
            c = d[i] << 8 | d[i + 1]
            p = d[i + 2]
            r = d[i + 3]
            i += 4
            if c >= self.ncells or pc[c] or p == 0 or p > P_TB_DOWN or tl[c] == T_HOLE:
                raise ValueError("bad piece")
            vec = T_VECTOR <= tl[c] < T_VECTOR + 4 and (movable(p) or p == P_GWYDYON)
            if vec != (r > 0):
                raise ValueError("bad rank")
            pc[c] = p
            rk[c] = r
            if r:
                ranks.append(r)
        ranks.sort()
        for j in range(len(ranks)):
            if ranks[j] != j + 1:
                raise ValueError("bad ranks")
        heroes = 0
        for c in range(self.ncells):
            p = pc[c]
            if p == P_GWYDYON:
                heroes += 1
            fixed = st[c] == P_BLOCK or st[c] == P_TB_UP or st[c] == P_TB_DOWN
            if fixed != (p == P_BLOCK or p == P_TB_UP or p == P_TB_DOWN) or (fixed and p != st[c]):
                raise ValueError("immovable pieces moved")
            if (p == P_REP or p == P_REP2) and c + self.psize < self.ncells \
                    and pc[c + self.psize] == p:
                raise ValueError("aligned repulsors")
        if heroes != 1:
            raise ValueError("not one Gwydyon")
        self._recount()
        self.dropped = 1
        return i
