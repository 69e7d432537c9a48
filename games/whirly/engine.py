"""Whirly engine: pure rules, no display, no I/O. Runs on CPython, CircuitPython and MicroPython.

Cells are indexed c = y * width + x. Three bytearrays describe a position, each byte being
(kind << 4) | colour, colour 0..9 = x a b c d e f g h i (0 = grey):

    ground[c]  0x00|col floor (ground)   0x10|col wall   0x20 outside (void: blocks everything)
    goal[c]    0 none   0x10|col htarget (a hero's target)   0x20|col target (a box's target)
    unit[c]    0 none   0x10|col hero    0x20|col box

ground and goal never change (they are the level's own arrays); unit is the engine's. A goal and
the unit on it belong together when their kinds are equal (htarget-hero, target-box).

Actions: 0 up, 1 right, 2 down, 3 left (the active hero steps), 4 SELECT (next hero in reading
order after the active one, wrapping), 5 previous hero (the co-move of SELECT).

Undo is a ring of 16-bit words, allocated once (grown only by load()); a full ring drops its
oldest actions. Per action: one word per box that moved (cell | code << 12, code = direction,
+4 for a two-cell move), then a header word 0x8000 | nleaders << 6 | kind << 3 | action. The
hero's own step is implied by the action and kind, so a plain step costs one word. Undo
exchanges the same cell pairs in reverse order (an exchange is its own inverse).
"""

from array import array

from handheld.undoring import UndoRing, HDR as _HDR

from games.whirly import rules as _rules

G_FLOOR = 0x00
G_WALL = 0x10
G_VOID = 0x20
T_HTARGET = 0x10
T_TARGET = 0x20
U_HERO = 0x10
U_BOX = 0x20
COLOURS = "xabcdefghi"

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3
SELECT = 4
SELECT_PREV = 5

# kinds of an action (last_kind, history); 1..5 are rules.PUSH..rules.JUMP
K_PLAIN = 0
K_PUSH = 1
K_PULL = 2
K_SWAP = 3
K_LEAP = 4
K_JUMP = 5
K_SELECT = 6
K_BLOCKED = 7  # last play() was refused

UNDO_WORDS = 3000  # 6 KB: >= 1500 pushes or 3000 plain steps of undo


def _entry_masks():
    # bit uc set when a unit of colour uc may stand on ground byte g (index g < 0x30)
    out = array("H", bytes(96))
    for g in range(0x20):
        col = g & 15
        if col > 9:
            continue
        m = 0
        for uc in range(10):
            match = col == 0 or uc == 0 or uc == col
            if (g < 0x10) == match:  # a floor admits matching units, a wall the others
                m |= 1 << uc
        out[g] = m
    return out


_EMASK = _entry_masks()


try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - CPython, MicroPython and CircuitPython all have it
    _crc32 = None


def _fnv(data, h=0):
    # A 32-bit checksum of level and position for save_state(); never used per move.
    if _crc32 is not None:
        return _crc32(data, h) & 0xFFFFFFFF
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


class Engine(UndoRing):
    def __init__(self, undo_words=UNDO_WORDS):
        self.log = array("H", bytes(2 * undo_words))
        self.utop = 0  # next free word
        self.ulen = 0  # words in use
        self.dropped = 0  # actions dropped from the full ring since the start
        self.level = None
        self.rules = None
        self.width = self.height = self.size = 0
        self.ground = self.goal = self.start = None
        self.unit = bytearray(0)
        self.hpos = array("H")
        self.heroes = 0
        self.active = 0  # index into hpos
        self.hero = 0  # cell of the active hero
        self.boxes = self.targets = self.htargets = 0
        self.changed = array("H")
        self.nchanged = 0
        self.mark = bytearray(0)  # 1 for cells listed in changed (keeps the list unique)
        self.moves = 0
        self.pushes = 0  # moves that interacted (push, pull, swap, leap, jump)
        self.last_action = -1
        self.last_kind = K_BLOCKED
        self.last_undo = False
        self.sat = array("h", [0, 0, 0])  # [_, heroes on matching htargets, boxes on matching targets]
        self.lead = array("H")
        self.fol = array("H")
        self.fkey = array("h")
        self.off = [0, 0, 0, 0]
        self.inter = None
        self.depth = 1
        self.herd = 0
        self.signature = 0

    # ------------------------------------------------------------------ loading
    def load(self, level, rules=None):
        """Start `level` (a board.Level) under `rules` (Rules or game id; default level.variant)."""
        r = _rules.get(rules if rules is not None else getattr(level, "variant", "sokoban"))
        W = level.width
        H = level.height
        size = W * H
        self.level = level
        self.rules = r
        self.inter = r.inter
        self.depth = r.depth
        self.herd = r.herd
        self.width = W
        self.height = H
        self.size = size
        self.ground = level.ground
        self.goal = level.goal
        self.start = level.unit
        self.off = [-W, 1, W, -1]
        if len(self.unit) != size:
            self.unit = bytearray(size)
        self.nchanged = 0
        self.mark = bytearray(size)
        g = self.ground
        goal = self.goal
        start = self.start
        heroes = boxes = targets = htargets = 0
        hcells = []
        sat = self.sat
        sat[1] = sat[2] = 0
        for c in range(size):
            t = goal[c]
            if t:
                if t >> 4 == 1:
                    htargets += 1
                else:
                    targets += 1
                v = start[c]
                if v and v >> 4 == t >> 4:
                    gc = t & 15
                    v &= 15
                    if gc == v or gc == 0 or v == 0:
                        sat[t >> 4] += 1
            t = start[c]
            if t:
                if t >> 4 == 1:
                    heroes += 1
                    hcells.append(c)
                else:
                    boxes += 1
        if heroes == 0:
            raise ValueError("the level has no hero")
        self.boxes = boxes
        self.targets = targets
        self.htargets = htargets
        self.heroes = heroes
        if len(self.hpos) < heroes:
            self.hpos = array("H", bytes(2 * heroes))
        if len(self.fol) < boxes + 1:
            self.fol = array("H", bytes(2 * (boxes + 1)))
            self.fkey = array("h", bytes(2 * (boxes + 1)))
        n = max(W, H) + 1
        if len(self.lead) < n:
            self.lead = array("H", bytes(2 * n))
        n = 2 * (heroes + boxes) + 4
        if len(self.changed) < n:
            self.changed = array("H", bytes(2 * n))
        if len(self.log) < boxes + 8:  # one action must always fit
            self.log = array("H", bytes(2 * (boxes + 8)))
        h = _fnv(bytes((W, H)))
        h = _fnv(g, h)
        h = _fnv(goal, h)
        self.signature = _fnv(start, h)
        self.unit[:] = start
        for i in range(heroes):
            self.hpos[i] = hcells[i]
        self._reset(getattr(level, "active", 0), False)
        self.nchanged = 0  # the view draws everything after load()

    def restart(self):
        """Back to the level's start; clears the undo log. `changed` lists every cell that differs."""
        u = self.unit
        s = self.start
        self._clear_changed()
        old = self.hero if self.heroes else -1
        for c in range(self.size):
            if u[c] != s[c]:
                self._changed(c)
                u[c] = s[c]
        self._scan_heroes()
        self._reset(getattr(self.level, "active", 0))
        if old >= 0:
            self._changed(old)
        self._changed(self.hero)

    def _reset(self, active, recount=True):
        if active < 0 or active >= self.heroes:
            active = 0
        self.active = active
        self.hero = self.hpos[active]
        if recount:
            self._recount()
        self.moves = self.pushes = 0
        self.utop = self.ulen = self.dropped = 0
        self.last_action = -1
        self.last_kind = K_PLAIN
        self.last_undo = False

    def _scan_heroes(self):
        u = self.unit
        k = 0
        for c in range(self.size):
            if u[c] >> 4 == 1:
                self.hpos[k] = c
                k += 1

    def _recount(self):
        u = self.unit
        g = self.goal
        sat = self.sat
        sat[1] = sat[2] = 0
        for c in range(self.size):
            gv = g[c]
            if not gv:
                continue
            uv = u[c]
            if uv and gv >> 4 == uv >> 4:
                gc = gv & 15
                uc = uv & 15
                if gc == uc or gc == 0 or uc == 0:
                    sat[gv >> 4] += 1

    # ------------------------------------------------------------------ queries
    def goals_left(self):
        """Unmet parts of the objective, boxes and heroes counted separately: with fewer targets
        than boxes, targets without a matching box; else boxes not on a matching target."""
        b = self.boxes
        t = self.targets
        left = (t if t < b else b) - self.sat[2]
        b = self.heroes
        t = self.htargets
        return left + (t if t < b else b) - self.sat[1]

    def solved(self):
        return self.goals_left() == 0

    def can_enter(self, c, colour):
        """May a unit of this colour stand on cell c (walls, coloured floors, outside)?"""
        return (_EMASK[self.ground[c]] >> colour) & 1 == 1

    def hero_colour(self):
        return self.unit[self.hero] & 15

    def can_undo(self):
        return self.ulen > 0

    def key(self):
        """The position as bytes (units, plus the active hero when there are several)."""
        if self.heroes == 1:
            return bytes(self.unit)
        return bytes(self.unit) + bytes((self.hero >> 8, self.hero & 255))

    def text(self, fmt=None):
        """The position in the level's body syntax (or fmt: 'xsb' / 'whirly')."""
        from games.whirly import board
        return board.format_board(self.width, self.height, self.ground, self.goal, self.unit,
                                  fmt or getattr(self.level, "fmt", "whirly"))

    # ------------------------------------------------------------------ helpers (hot)
    def _nb(self, c, d, k):
        # Cell k steps from c in direction d, or -1 off the map.
        W = self.width
        if d == 0:
            c -= k * W
            return c if c >= 0 else -1
        if d == 2:
            c += k * W
            return c if c < self.size else -1
        x = c % W
        if d == 1:
            return c + k if x + k < W else -1
        return c - k if x >= k else -1

    def _changed(self, c):
        if self.mark[c]:
            return
        self.mark[c] = 1
        n = self.nchanged
        self.changed[n] = c
        self.nchanged = n + 1

    def _clear_changed(self):
        ch = self.changed
        m = self.mark
        for i in range(self.nchanged):
            m[ch[i]] = 0
        self.nchanged = 0

    def _xch(self, a, b):
        # Exchange the units of cells a and b, keeping the objective counts.
        u = self.unit
        g = self.goal
        sat = self.sat
        ua = u[a]
        ub = u[b]
        ga = g[a]
        gb = g[b]
        if ga:
            if ua and ga >> 4 == ua >> 4:
                gc = ga & 15
                uc = ua & 15
                if gc == uc or gc == 0 or uc == 0:
                    sat[ga >> 4] -= 1
            if ub and ga >> 4 == ub >> 4:
                gc = ga & 15
                uc = ub & 15
                if gc == uc or gc == 0 or uc == 0:
                    sat[ga >> 4] += 1
        if gb:
            if ub and gb >> 4 == ub >> 4:
                gc = gb & 15
                uc = ub & 15
                if gc == uc or gc == 0 or uc == 0:
                    sat[gb >> 4] -= 1
            if ua and gb >> 4 == ua >> 4:
                gc = gb & 15
                uc = ua & 15
                if gc == uc or gc == 0 or uc == 0:
                    sat[gb >> 4] += 1
        u[a] = ub
        u[b] = ua
        self._changed(a)
        self._changed(b)

    def _word(self, w):
        log = self.log
        t = self.utop
        log[t] = w
        t += 1
        if t == len(log):
            t = 0
        self.utop = t
        self.ulen += 1

    def _reserve(self, m):
        # Make room for m words by dropping the oldest actions.
        cap = len(self.log)
        while cap - self.ulen < m and self.ulen:
            self._drop_oldest()

    def _blocked(self, a):
        self.last_action = a
        self.last_kind = K_BLOCKED
        self.last_undo = False
        return False

    def _done(self, a, kind, nl):
        self._word(_HDR | nl << 6 | kind << 3 | a)
        self.last_action = a
        self.last_kind = kind
        self.last_undo = False
        if a < 4:
            self.moves += 1
            if kind:
                self.pushes += 1
        return True

    def _hero_to(self, c):
        self._xch(self.hero, c)
        self.hero = c
        self.hpos[self.active] = c

    # ------------------------------------------------------------------ play
    def play(self, a):
        """Play action a; False (and nothing changed) when the move is impossible."""
        self._clear_changed()
        if a >= 4:
            if a > 5 or self.heroes < 2:
                return self._blocked(a)
            self._reserve(1)
            self._select(a)
            return self._done(a, K_SELECT, 0)
        if a < 0:
            return self._blocked(a)
        u = self.unit
        em = _EMASK
        g = self.ground
        h = self.hero
        hc = u[h] & 15
        n = self._nb(h, a, 1)
        if n < 0:
            return self._blocked(a)
        p = u[n]
        if p == 0:
            if not (em[g[n]] >> hc) & 1:
                return self._blocked(a)
            self._reserve(1)
            self._hero_to(n)
            return self._done(a, K_PLAIN, 0)
        if p >> 4 != 2:  # heroes block each other
            return self._blocked(a)
        pc = p & 15
        k = self.inter[hc * 10 + pc]
        if k == 1:
            return self._push(a, h, n, hc, pc)
        back = (a + 2) & 3
        if k == 2:  # pull: step back, the box follows into our cell
            b = self._nb(h, back, 1)
            if b < 0 or u[b] or not (em[g[b]] >> hc) & 1 or not (em[g[h]] >> pc) & 1:
                return self._blocked(a)
            self.lead[0] = n
            nf = self._gather(1, back)
            self._reserve(nf + 2)
            self._hero_to(b)
            self._xch(n, h)
            self._word(n | back << 12)
            self._follow(nf, back, 1)
            return self._done(a, K_PULL, 1)
        if k == 3:  # swap
            if not (em[g[n]] >> hc) & 1 or not (em[g[h]] >> pc) & 1:
                return self._blocked(a)
            self.lead[0] = n
            nf = self._gather(1, back)
            self._reserve(nf + 1)
            self._hero_to(n)
            self._follow(nf, back, 1)
            return self._done(a, K_SWAP, 0)
        if k == 4:  # leap: the box jumps over the hero to the cell behind
            b = self._nb(h, back, 1)
            if b < 0 or u[b] or not (em[g[b]] >> pc) & 1:
                return self._blocked(a)
            self.lead[0] = n
            nf = self._gather(1, back)
            self._reserve(nf + 2)
            self._xch(n, b)
            self._word(n | (back + 4) << 12)
            self._follow(nf, back, 2)
            return self._done(a, K_LEAP, 1)
        if k == 5:  # jump: the hero jumps over the box
            j = self._nb(n, a, 1)
            if j < 0 or u[j] or not (em[g[j]] >> hc) & 1:
                return self._blocked(a)
            self._reserve(1)
            self._hero_to(j)
            return self._done(a, K_JUMP, 0)
        return self._blocked(a)

    def _push(self, a, h, n, hc, pc):
        u = self.unit
        em = _EMASK
        g = self.ground
        if not (em[g[n]] >> hc) & 1:  # the hero must be able to stand where the box was
            return self._blocked(a)
        lead = self.lead
        inter = self.inter
        limit = self.depth
        nl = 0
        cur = n
        cc = pc
        d = self.off[a]
        W = self.width
        size = self.size
        x = n % W
        dx = d if d == 1 or d == -1 else 0
        while True:
            lead[nl] = cur
            nl += 1
            nx = cur + d
            if dx:
                x += dx
                if x < 0 or x >= W:
                    return self._blocked(a)
            elif nx < 0 or nx >= size:
                return self._blocked(a)
            q = u[nx]
            if q == 0:
                if (em[g[nx]] >> cc) & 1:
                    break
                return self._blocked(a)
            if q >> 4 != 2 or nl == limit:
                return self._blocked(a)
            qc = q & 15
            if inter[100 + cc * 10 + qc] != 1:
                return self._blocked(a)
            cur = nx
            cc = qc
        nf = self._gather(nl, a)
        self._reserve(nl + nf + 1)
        # Farthest box first, each into a free cell. Inlined: a Colortrain train can be long.
        goal = self.goal
        mk = self.mark
        ch = self.changed
        log = self.log
        cap = len(log)
        t = self.utop
        code = a << 12
        i = nl - 1
        while i >= 0:
            c = lead[i]
            b = c + d
            if goal[c] or goal[b]:
                self._xch(c, b)
            else:
                u[b] = u[c]
                u[c] = 0
                nc = self.nchanged
                if not mk[c]:
                    mk[c] = 1
                    ch[nc] = c
                    nc += 1
                if not mk[b]:
                    mk[b] = 1
                    ch[nc] = b
                    nc += 1
                self.nchanged = nc
            log[t] = c | code
            t += 1
            if t == cap:
                t = 0
            i -= 1
        self.utop = t
        self.ulen += nl
        self._hero_to(n)
        self._follow(nf, a, 1)
        return self._done(a, K_PUSH, nl)

    def _gather(self, nl, d):
        # Flocking: boxes of the leaders' breed within the herd square of a leader, before the
        # move, sorted so that the ones farthest ahead in direction d move first (ties in
        # reading order).
        r = self.herd
        if r == 0:
            return 0
        u = self.unit
        lead = self.lead
        fol = self.fol
        key = self.fkey
        W = self.width
        H = self.height
        nf = 0
        for i in range(nl):
            L = lead[i]
            lu = u[L]
            lx = L % W
            ly = L // W
            y0 = ly - r if ly >= r else 0
            y1 = ly + r + 1 if ly + r + 1 <= H else H
            x0 = lx - r if lx >= r else 0
            x1 = lx + r + 1 if lx + r + 1 <= W else W
            for y in range(y0, y1):
                c = y * W + x0
                for x in range(x0, x1):
                    if u[c] == lu:
                        j = 0
                        while j < nl and lead[j] != c:
                            j += 1
                        if j == nl:
                            j = 0
                            if nl > 1:  # squares of several leaders overlap
                                while j < nf and fol[j] != c:
                                    j += 1
                            if j == nf or nl == 1:
                                # how far ahead: projection on the direction of the move
                                p = -y if d == 0 else x if d == 1 else y if d == 2 else -x
                                # insertion sort, descending; stable for equal keys
                                j = nf
                                while j > 0 and key[j - 1] < p:
                                    fol[j] = fol[j - 1]
                                    key[j] = key[j - 1]
                                    j -= 1
                                fol[j] = c
                                key[j] = p
                                nf += 1
                    c += 1
        return nf

    def _follow(self, nf, d, k):
        # Followers make the leader's move (k cells in direction d) if it is free for them.
        u = self.unit
        em = _EMASK
        g = self.ground
        fol = self.fol
        W = self.width
        size = self.size
        step = self.off[d] * k
        dx = step if d == 1 or d == 3 else 0
        code = (d + 4 * (k - 1)) << 12
        goal = self.goal
        mk = self.mark
        ch = self.changed
        log = self.log
        cap = len(log)
        w = self.utop
        for i in range(nf):
            c = fol[i]
            t = c + step
            if dx:
                x = c % W + dx
                if x < 0 or x >= W:
                    continue
            elif t < 0 or t >= size:
                continue
            v = u[c]
            if u[t] == 0 and (em[g[t]] >> (v & 15)) & 1:
                if goal[c] or goal[t]:
                    self._xch(c, t)
                else:
                    u[t] = v
                    u[c] = 0
                    nc = self.nchanged
                    if not mk[c]:
                        mk[c] = 1
                        ch[nc] = c
                        nc += 1
                    if not mk[t]:
                        mk[t] = 1
                        ch[nc] = t
                        nc += 1
                    self.nchanged = nc
                log[w] = c | code
                w += 1
                if w == cap:
                    w = 0
                self.ulen += 1
        self.utop = w

    def _select(self, a):
        hp = self.hpos
        cur = self.hero
        n = self.heroes
        best = -1
        if a == 4:  # next in reading order, wrapping to the first
            for i in range(n):
                c = hp[i]
                if c > cur and (best < 0 or c < hp[best]):
                    best = i
            if best < 0:
                for i in range(n):
                    if best < 0 or hp[i] < hp[best]:
                        best = i
        else:
            for i in range(n):
                c = hp[i]
                if c < cur and (best < 0 or c > hp[best]):
                    best = i
            if best < 0:
                for i in range(n):
                    if best < 0 or hp[i] > hp[best]:
                        best = i
        self.active = best
        self.hero = hp[best]
        self._changed(cur)
        self._changed(self.hero)

    # ------------------------------------------------------------------ undo
    def undo(self):
        """Take back the last action; False when the log is empty."""
        self._clear_changed()
        if self.ulen == 0:
            return False
        v = self._pop_record()
        m = v >> 16  # words of this action below its header, at ring index t
        t = self.utop + m
        if t >= len(self.log):
            t -= len(self.log)
        a = v & 7
        k = (v >> 3) & 7
        nl = (v >> 6) & 511
        self.last_action = a
        self.last_kind = k
        self.last_undo = True
        if k == K_SELECT:
            self._select(9 - a)  # 4 <-> 5
            return True
        self.moves -= 1
        if k:
            self.pushes -= 1
        off = self.off
        t = self._unwords(t, m - nl)  # followers, newest first
        if k == K_PUSH:
            self._hero_back(a, k, off)
        self._unwords(t, nl)  # leaders
        if k != K_PUSH:
            self._hero_back(a, k, off)
        return True

    def _unwords(self, t, n):
        # Undo n box words below ring index t (exclusive), newest first; returns the new t.
        # Inlined exchange: a long Colortrain train comes back in one call.
        log = self.log
        cap = len(log)
        off = self.off
        u = self.unit
        goal = self.goal
        mk = self.mark
        ch = self.changed
        for _ in range(n):
            t -= 1
            if t < 0:
                t += cap
            w = log[t]
            c = w & 0xFFF
            code = (w >> 12) & 7
            d = off[code & 3]
            if code & 4:
                d += d
            b = c + d
            if goal[c] or goal[b]:
                self._xch(c, b)
                continue
            v = u[c]
            u[c] = u[b]
            u[b] = v
            nc = self.nchanged
            if not mk[c]:
                mk[c] = 1
                ch[nc] = c
                nc += 1
            if not mk[b]:
                mk[b] = 1
                ch[nc] = b
                nc += 1
            self.nchanged = nc
        return t

    def _hero_back(self, a, k, off):
        d = off[a]
        if k == K_LEAP:
            return
        if k == K_PULL:
            d = -d
        elif k == K_JUMP:
            d += d
        self._hero_to(self.hero - d)

    # ------------------------------------------------------------------ save / resume
    def _pos_hash(self):
        return _fnv(bytes((self.hero >> 8, self.hero & 255)), _fnv(self.unit))

    def save_state(self, limit=None):
        """Position plus the retained move history (the last `limit` actions when given), as
        bytes for load_state(). Costs O(limit) undo+replay only when not saving from the start."""
        hist = self.history()
        n = len(hist)
        k = n if limit is None or limit > n else limit
        out = bytearray(b"WS\x01")
        out.append(self.width)
        out.append(self.height)
        s = self.signature
        out.extend(bytes((s >> 24, (s >> 16) & 255, (s >> 8) & 255, s & 255)))
        from_start = self.dropped == 0 and k == n
        saved = (self.last_action, self.last_kind, self.last_undo, self.nchanged,
                 array("H", self.changed[:self.nchanged]))
        if from_start:
            base_moves = base_pushes = 0
        else:
            for _ in range(k):
                self.undo()
            base_moves = self.moves
            base_pushes = self.pushes
        out.append(0 if not from_start else 1)
        base_moves = min(base_moves, 0xFFFF)
        base_pushes = min(base_pushes, 0xFFFF)
        out.extend(bytes((base_moves >> 8, base_moves & 255, base_pushes >> 8, base_pushes & 255)))
        if not from_start:
            u = self.unit
            cells = []
            for c in range(self.size):
                if u[c]:
                    cells.append(c)
            out.extend(bytes((len(cells) >> 8, len(cells) & 255)))
            for c in cells:
                out.extend(bytes((c >> 8, c & 255, u[c])))
            out.extend(bytes((self.hero >> 8, self.hero & 255)))
            for i in range(n - k, n):  # replay: the ring ends exactly as it was
                self.play(hist[i] & 7)
        out.extend(bytes((k >> 8, k & 255)))
        for i in range(0, k, 2):
            lo = hist[n - k + i] & 7
            hi = hist[n - k + i + 1] & 7 if i + 1 < k else 0
            out.append(lo | hi << 4)
        h = self._pos_hash()
        out.extend(bytes((h >> 24, (h >> 16) & 255, (h >> 8) & 255, h & 255)))
        self.last_action, self.last_kind, self.last_undo, nch, ch = saved
        self._clear_changed()
        for i in range(nch):
            self._changed(ch[i])
        return bytes(out)

    def load_state(self, data):
        """Restore a save_state() of this level, replaying its history so undo works.
        Raises ValueError (leaving the engine as it was) when data is not a valid state."""
        before = self.save_state()
        try:
            self._load_state(bytes(data))
        except (ValueError, IndexError, TypeError) as e:
            self._load_state(before)
            raise ValueError("bad saved state: %s" % e)
        self._clear_changed()  # the view redraws everything after load_state()

    def _load_state(self, d):
        if len(d) < 20 or d[:3] != b"WS\x01":
            raise ValueError("not a Whirly state")
        if d[3] != self.width or d[4] != self.height:
            raise ValueError("saved for another map size")
        s = d[5] << 24 | d[6] << 16 | d[7] << 8 | d[8]
        if s != self.signature:
            raise ValueError("saved for another level")
        from_start = d[9] & 1
        base_moves = d[10] << 8 | d[11]
        base_pushes = d[12] << 8 | d[13]
        i = 14
        self.restart()
        if not from_start:
            n = d[i] << 8 | d[i + 1]
            i += 2
            want = bytearray(64)
            for c in range(self.size):
                v = self.start[c]
                if v:
                    want[v] += 1
            u = self.unit
            for c in range(self.size):
                u[c] = 0
            for _ in range(n):
                c = d[i] << 8 | d[i + 1]
                v = d[i + 2]
                i += 3
                if c >= self.size or u[c] or v >= 64 or not want[v]:
                    raise ValueError("bad unit")
                if v >> 4 not in (1, 2) or not self.can_enter(c, v & 15):
                    raise ValueError("unit on a cell it cannot enter")
                want[v] -= 1
                u[c] = v
            if sum(want):
                raise ValueError("units missing")
            act = d[i] << 8 | d[i + 1]
            i += 2
            self.hero = 0
            k = 0
            for c in range(self.size):
                if u[c] >> 4 == 1:
                    self.hpos[k] = c
                    if c == act:
                        self.active = k
                        self.hero = c
                    k += 1
            if self.hero != act or u[act] >> 4 != 1:
                raise ValueError("active hero is not a hero")
            self._recount()
            self.dropped = 1
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
        h = d[i] << 24 | d[i + 1] << 16 | d[i + 2] << 8 | d[i + 3]
        if h != self._pos_hash():
            raise ValueError("position does not match its history")
