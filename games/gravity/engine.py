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
"""

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3

FLOW_BASE = 4
PLACE_BASE = 44  # 4 + 2 * (12 + 8)
MIN_W = 4
MIN_H = 4
MAX_W = 12
MAX_H = 8
MAX_CELLS = MAX_W * MAX_H
MAX_ACTIONS = PLACE_BASE + MAX_CELLS  # 140
MAX_PLAYERS = 3
DRAW = 255
# refusal(action): why an action is not legal now (rule 1, rules 2-3, setup placement)
LEGAL = 0
NOT_NOW = 1        # wrong phase or out of range
SAME_GRAVITY = 2   # rule 1: the current direction
REVERSE_BACK = 3   # rule 1: back right after a reversal
OTHERS_FLOW = 4    # rules 2-3: another player's flow is on that line
SAME_FLOW = 5      # your flow is already there, pointing that way
CELL_TAKEN = 6     # setup: a pawn or the objective is there
NONE = 0xFF

SETUP_GRAVITY = 0
SETUP_OBJECTIVE = 1
SETUP_PAWNS = 2
PLAY = 3
OVER = 4

MAX_TURNS = 120  # turns of play without a winner: a draw
MAX_TICKS = 250  # a safety cap per action (a valid board stops far earlier)
MAX_REC = 63  # ticks recorded in path for the animation
FROZEN = 255  # lap[i]: the piece completed a full lap and stays for the rest of the action
_LOG = 16  # bytes per undo record
_MAXLOG = 8 + MAX_TURNS  # setup (<= 5 actions) + play


class Engine:
    def __init__(self):
        self.width = 8
        self.height = 8
        self.cells = 64
        self.players = 2
        self.wall = bytearray(MAX_CELLS)
        self.nb = bytearray(b"\xff" * (4 * MAX_CELLS))  # neighbour per direction, 0xFF: wall
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
        for c in range(MAX_CELLS):
            wall[c] = src[c] & 15 if c < W * H else 0
        for c in range(W * H):
            x = c % W
            y = c // W
            w = wall[c]
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

    # ------------------------------------------------------------ play / undo
    def play(self, a):
        """Apply action a; False (and no change) when it is not legal."""
        if not self.is_legal(a):
            return False
        n = self.nactions
        if n >= _MAXLOG:
            return False
        ph = self.phase
        turn = self.turn
        L = self.log
        k = n * _LOG
        L[k] = a
        L[k + 1] = self.gravity
        L[k + 2] = self.reversed
        L[k + 3] = ph
        L[k + 4] = turn
        L[k + 5] = self.won & 255
        L[k + 6] = self.plies
        p = turn if ph == PLAY else 0
        L[k + 7] = self.flow_line[p]
        L[k + 8] = self.flow_dir[p]
        L[k + 9] = self.flow_stamp[p]
        pos = self.pos
        L[k + 10] = pos[0]
        L[k + 11] = pos[1]
        L[k + 12] = pos[2]
        L[k + 13] = pos[3]
        self.actions[n] = a
        self.nactions = n + 1
        if ph == PLAY:
            if a < FLOW_BASE:
                self.reversed = 1 if a == (self.gravity + 2) & 3 else 0
                self.gravity = a
            else:
                self.reversed = 0
                line = (a - FLOW_BASE) >> 1
                s = (a - FLOW_BASE) & 1
                old = self.flow_line[turn]
                if old != NONE:
                    self.owner[old] = NONE
                self.flow_line[turn] = line
                self.flow_dir[turn] = s
                self.flow_stamp[turn] = n + 1
                if line < self.height:
                    self.flow_d[turn] = RIGHT if s else LEFT
                else:
                    self.flow_d[turn] = DOWN if s else UP
                self.owner[line] = turn
            self._run()
            if self.won >= 0:
                self.phase = OVER
            else:
                self.plies += 1
                if self.plies >= MAX_TURNS:
                    self.won = DRAW
                    self.phase = OVER
                else:
                    self.turn = (turn + 1) % self.players
            return True
        if ph == SETUP_GRAVITY:
            self.gravity = a
            self.phase = SETUP_OBJECTIVE
            self.turn = self.players - 1
        elif ph == SETUP_OBJECTIVE:
            pos[self.players] = a - PLACE_BASE
            self.phase = SETUP_PAWNS
            self.turn = 0
        else:
            pos[(turn + 1) % self.players] = a - PLACE_BASE
            if turn == self.players - 1:
                self._run()  # everything settles; the placer has priority
                if self.won >= 0:
                    self.phase = OVER
                else:
                    self.phase = PLAY
                    self.turn = 0
                return True
            self.turn = turn + 1
        self._still()
        return True

    def undo(self):
        """Undo the last action (setup included); False when there is none."""
        n = self.nactions
        if n == 0:
            return False
        n -= 1
        self.nactions = n
        L = self.log
        k = n * _LOG
        ph = L[k + 3]
        turn = L[k + 4]
        self.gravity = L[k + 1]
        self.reversed = L[k + 2]
        self.phase = ph
        self.turn = turn
        self.won = -1  # play() refuses actions once the game is over
        self.plies = L[k + 6]
        pos = self.pos
        pos[0] = L[k + 10]
        pos[1] = L[k + 11]
        pos[2] = L[k + 12]
        pos[3] = L[k + 13]
        if ph == PLAY and L[k] >= FLOW_BASE:
            owner = self.owner
            cur = self.flow_line[turn]
            if cur != NONE:
                owner[cur] = NONE
            line = L[k + 7]
            s = L[k + 8]
            self.flow_line[turn] = line
            self.flow_dir[turn] = s
            self.flow_stamp[turn] = L[k + 9]
            if line != NONE:
                owner[line] = turn
                if line < self.height:
                    self.flow_d[turn] = RIGHT if s else LEFT
                else:
                    self.flow_d[turn] = DOWN if s else UP
        self._still()
        return True

    # ------------------------------------------------------------ movement
    def _run(self):
        """Move every piece tick by tick until nothing moves (or a pawn meets the objective).

        Per tick: each piece picks its direction (a flow on its row or column beats gravity;
        on two flows the one perpendicular to its last move wins, at rest the one laid last; a
        flow blocked by a wall, gravity perpendicular, releases it), then pawns that would
        enter a pawn's cell, swap with one or lose a contest for a cell stay (a flow-driven
        pawn that stays is released when gravity is perpendicular, and the tick is decided
        again), then everything moves one cell at once."""
        P = self.players
        NP = P + 1
        pos = self.pos
        last = self._last
        lap = self._lap
        rel = self._rel
        want = self._want
        tgt = self._tgt
        drv = self._drv
        blk = self._blk
        old = self._old
        path = self.path
        turn = self.turn
        W = self.width
        H = self.height
        own = self.owner
        stamp = self.flow_stamp
        fd = self.flow_d
        nb = self.nb
        g = self.gravity
        for i in range(NP):
            last[i] = NONE
            lap[i] = 0
            rel[i] = 0
            path[i] = pos[i]
        t = 0
        while t < MAX_TICKS:
            while True:
                for i in range(NP):
                    c = pos[i]
                    if lap[i] == FROZEN:
                        want[i] = NONE
                        drv[i] = NONE
                        tgt[i] = NONE
                        continue
                    y = c // W
                    fr0 = own[y]
                    fc0 = own[H + c - y * W]
                    r = rel[i]
                    while True:
                        fr = fr0
                        fc = fc0
                        if fr != NONE and (r >> fr) & 1:
                            fr = NONE
                        if fc != NONE and (r >> fc) & 1:
                            fc = NONE
                        if fr == NONE:
                            f = fc
                        elif fc == NONE:
                            f = fr
                        else:
                            ld = last[i]
                            if ld == NONE:  # at rest on two lines: the flow laid last wins
                                f = fr if stamp[fr] > stamp[fc] else fc
                            elif ld & 1:  # moving across the column: its flow takes it
                                f = fc
                            else:
                                f = fr
                        d = g if f == NONE else fd[f]
                        n = nb[4 * c + d]
                        if n != NONE or f == NONE or not ((d ^ g) & 1):
                            break
                        r |= 1 << f  # blocked by a wall, gravity perpendicular: released
                    rel[i] = r
                    want[i] = d
                    drv[i] = f
                    tgt[i] = n
                moving = 0
                for i in range(P):
                    if tgt[i] == NONE:
                        blk[i] = 1
                    else:
                        blk[i] = 0
                        moving += 1
                if moving == 0:
                    break
                changed = True
                while changed:
                    changed = False
                    for i in range(P):
                        if blk[i]:
                            continue
                        T = tgt[i]
                        for j in range(P):
                            if j == i:
                                continue
                            if pos[j] == T:
                                if blk[j] or tgt[j] == pos[i]:  # stays there, or head-on
                                    blk[i] = 1
                                    changed = True
                                    break
                            elif (not blk[j] and tgt[j] == T
                                  and (j - turn) % P < (i - turn) % P):
                                blk[i] = 1  # both want T: priority from the active player
                                changed = True
                                break
                again = False
                for i in range(P):
                    if blk[i] and tgt[i] != NONE and drv[i] != NONE and (want[i] ^ g) & 1:
                        rel[i] |= 1 << drv[i]  # blocked by a pawn: released
                        again = True
                if not again:
                    break
            moved = False
            for i in range(NP):
                old[i] = pos[i]
                n = tgt[i]
                if n != NONE and (i == P or not blk[i]):
                    d = want[i]
                    pos[i] = n
                    moved = True
                    if last[i] == d:
                        lap[i] += 1
                    else:
                        lap[i] = 1
                        last[i] = d
                    if lap[i] >= (W if d & 1 else H):
                        lap[i] = FROZEN  # a full lap: stop where it began
            if not moved:
                break
            t += 1
            if t <= MAX_REC:
                k = t * NP
                for i in range(NP):
                    path[k + i] = pos[i]
            o = pos[P]
            oo = old[P]
            for k in range(P):
                i = (turn + k) % P
                if pos[i] == o or (pos[i] == oo and o == old[i]):
                    self.won = i
                    break
            if self.won >= 0:
                break
        self.ticks = t
        if t > MAX_REC:
            k = MAX_REC * NP
            for i in range(NP):
                path[k + i] = pos[i]
            t = MAX_REC
        self.nticks = t

    # ------------------------------------------------------------ saving
    def save_state(self):
        """The whole game as bytes: board, players and the actions (replayed by load_state)."""
        W = self.width
        H = self.height
        out = bytearray(b"GRV\x01")
        out.append(W)
        out.append(H)
        out.append(self.players)
        out.extend(self.wall[:W * H])
        out.append(self.nactions)
        out.extend(self.actions[:self.nactions])
        c = _crc(out)
        out.extend(bytes(((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255)))
        return bytes(out)

    def load_state(self, data):
        """Restore save_state() data; ValueError (engine unchanged) when it is not valid."""
        before = self.save_state() if self.cells else None
        try:
            self._load_state(bytes(data))
        except (ValueError, IndexError, TypeError) as e:
            if before is not None:
                self._load_state(before)
            raise ValueError("bad saved state: %s" % e)

    def _load_state(self, d):
        if len(d) < 12 or d[:4] != b"GRV\x01":
            raise ValueError("not a Gravity room state")
        c = _crc(d[:-4])
        if d[-4:] != bytes(((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255)):
            raise ValueError("checksum mismatch")
        W = d[4]
        H = d[5]
        P = d[6]
        if not (MIN_W <= W <= MAX_W and MIN_H <= H <= MAX_H) or P not in (2, 3):
            raise ValueError("bad size or players")
        i = 7 + W * H
        if len(d) < i + 5:
            raise ValueError("truncated")
        b = _Board(W, H, d[7:i])
        n = d[i]
        if len(d) != i + 1 + n + 4:
            raise ValueError("wrong length")
        self.new_game(b, P)
        for k in range(n):
            if not self.play(d[i + 1 + k]):
                raise ValueError("action %d is not legal" % (k + 1))


class _Board:
    def __init__(self, width, height, wall):
        self.width = width
        self.height = height
        self.wall = wall


def _crc(data):
    try:
        from binascii import crc32
    except ImportError:  # pragma: no cover
        from handheld.crc import crc32
    return crc32(data) & 0xFFFFFFFF


def record_text(engine):
    """The game record as text (see board.py)."""
    from games.gravity.board import record_text as f
    return f(engine)


def replay_record(text):
    """An Engine replaying a record_text(); ValueError on a bad record."""
    from games.gravity.board import replay_record as f
    return f(text)
