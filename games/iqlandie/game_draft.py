"""iQLANDIE Game methods (bound in game.py): the draft, placement, fallback and jokers."""
from games.iqlandie import pieces as P
from games.iqlandie.exhibits import NCELLS
from games.iqlandie.game import DRAFT, PLACE, END


def _in_order(self, p, k):
    for i in range(k):
        if self.order[i] == p:
            return True
    return False


def _draft_advance(self):
    """Skip steps that need no decision: the last drafter, empty offers, empty bags."""
    t = self.topic
    n = self.players
    while True:
        if self.draft_pos >= n:
            self._refill(t)
            self.phase = PLACE
            self.place_pos = 0
            self.ended = 0
            for q in range(n):
                self.base[q] = self.boards[q].n
            self._place_advance()
            return
        p = self.order[self.draft_pos]
        if self.draft_pos == n - 1:
            # the last player takes the remaining pieces (normally 2)
            while self.offn[t] and self.handn[p] < 2:
                self._give(p, 0)
            self.offn[t] = 0
            self.draft_pos = n
            continue
        if self.draft_step < 2:
            if self.offn[t]:
                self.turn = p
                return
            self.draft_step = 2
        if self.draft_step == 2:
            if self.bagn[0] or self.bagn[1] or self.bagn[2]:
                self.turn = p
                return
            self.draft_pos += 1
            self.draft_step = 0


def _give(self, p, i):
    t = self.topic
    off = self.offers[t]
    code = off[i]
    m = self.offn[t] - 1
    for j in range(i, m):
        off[j] = off[j + 1]
    self.offn[t] = m
    self.hands[2 * p + self.handn[p]] = code
    self.handn[p] += 1


def take(self, index):
    if self.phase != DRAFT or self.draft_step > 1 or index < 0 or index >= self.offn[self.topic]:
        return False
    self._log(0x40 | index)
    self._give(self.turn, index)
    self.draft_step += 1
    self._draft_advance()
    return True


def add_from_bag(self, bag):
    if self.phase != DRAFT or self.draft_step != 2 or bag < 0 or bag > 2:
        return False
    self._log(0x60 | bag)
    code = self._draw(bag)
    self.drawn = code
    self._offer_add(self.topic, code)
    self.draft_pos += 1
    self.draft_step = 0
    self._draft_advance()
    return True


def _place_advance(self):
    while self.place_pos < self.players:
        p = self.order[self.place_pos]
        if self.handn[p] or not (self.auto_end or self.ended >> p & 1):
            self.turn = p       # placing, or may still pick pieces up again (lift, end_placing)
            return
        self.place_pos += 1
    self.round += 1
    self.chooser = (self.chooser + 1) % self.players
    self._begin_round()


def _hand_code(self, piece):
    if self.phase != PLACE or piece < 0 or piece >= self.handn[self.turn]:
        return -1
    return self.hands[2 * self.turn + piece]


def _drop(self, p, piece):
    i = 2 * p + piece
    if piece == 0 and self.handn[p] == 2:
        self.hands[i] = self.hands[i + 1]
    self.handn[p] -= 1


def fits(self, piece, exhibit, orient, x, y):
    code = self._hand_code(piece)
    if code < 0:
        return False
    return self.boards[self.turn].fits(exhibit, code & 0x0F, orient, x, y)


def fits_anywhere(self, piece):
    code = self._hand_code(piece)
    if code < 0:
        return False
    return self.boards[self.turn].fits_anywhere(code & 0x0F)


def place(self, piece, exhibit, orient, x, y):
    code = self._hand_code(piece)
    if code < 0 or not self.boards[self.turn].fits(exhibit, code & 0x0F, orient, x, y):
        return False
    self._log(0x80 | (piece << 4) | (exhibit << 1) | (orient >> 2),
              ((orient & 3) << 6) | (x << 3) | y)
    p = self.turn
    self.boards[p].place(code, exhibit, orient, x, y)
    self._drop(p, piece)
    self._place_advance()
    return True


def fallback(self, piece):
    code = self._hand_code(piece)
    if code < 0:
        return 0
    p = self.turn
    b = self.boards[p]
    if b.fits_anywhere(code & 0x0F):
        return 0
    self._log(0xA0 | piece)
    if b.fits_anywhere(P.MONO):
        self.hands[2 * p + piece] = P.make(P.MONO, P.colour_of(code))
        return 1
    b.ndiscard += 1
    self._drop(p, piece)
    self._place_advance()
    return 2


def lift(self, slot):
    """Pick a piece placed this round (a slot of lifts()) up again: it goes back to the hand,
    to be placed anew (as it was: a fallback 1x1 stays a 1x1)."""
    if self.phase != PLACE or self.auto_end:
        return False
    p = self.turn
    b = self.boards[p]
    if slot < self.base[p] or slot >= b.n or slot > 30 or self.handn[p] > 1:
        return False
    self._log(0xE0 | slot)
    self.hands[2 * p + self.handn[p]] = remove_piece(b, slot)
    self.handn[p] += 1
    return True


def remove_piece(b, s):
    """Take piece slot s off board b (the later slots move down one); returns its code. (Here,
    not in exhibits.Board: only placing needs it, and this module leaves during tasks.)"""
    code = b.code[s]
    cells = b.cells
    for i in range(NCELLS):
        v = cells[i] & 0x7F
        if v == s + 1:
            cells[i] = 0
        elif v > s + 1:
            cells[i] -= 1       # the robot bit stays
    for a in (b.code, b.exh, b.colour, b.orient, b.px, b.py):
        for i in range(s, b.n - 1):
            a[i] = a[i + 1]
    b.n -= 1
    return code


def lifts(self):
    """The board slots the player at turn may pick up again (placed this round)."""
    if self.phase != PLACE or self.auto_end:
        return range(0)
    p = self.turn
    return range(self.base[p], self.boards[p].n)


def end_placing(self):
    """The player at turn, hand empty, ends their placing: the next player places."""
    if self.phase != PLACE or self.auto_end or self.handn[self.turn]:
        return False
    self._log(0xFF)
    self.ended |= 1 << self.turn
    self._place_advance()
    return True


def choose_joker_colour(self, player, piece, colour):
    if self.phase != END or player < 0 or player >= self.players:
        return False
    b = self.boards[player]
    if piece < 0 or piece >= b.n or b.colour[piece] != P.JOKER:
        return False
    if colour < 0 or colour >= P.NCOLOURS:
        return False
    self._log(0xC0 | (player << 3) | colour, piece)
    b.colour[piece] = colour
    self._end_turn()
    return True
