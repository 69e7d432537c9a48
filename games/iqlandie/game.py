"""iQLANDIE game state machine: rounds, solving order, drafting, placement, scoring, saving.

All randomness happens in Game.new (colour pairs dealt, bags shuffled with handheld.rng.Rng);
drawing takes the last piece of a bag. So the options plus the action log replay the game
exactly: save_state() stores only those.
"""
from handheld.rng import Rng
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X

CHOOSE = 0
SOLVE = 1
DRAFT = 2
PLACE = 3
END = 4
OVER = 5
PHASE_NAMES = ("choose", "solve", "draft", "place", "end", "over")
ROUNDS = 12
TOPICS = 4
TOPIC_NAMES = ("Biology", "Programming", "Optics", "Space")
SMALL = P.SMALL
MEDIUM = P.MEDIUM
LARGE = P.LARGE
BAG_NAMES = ("small", "medium", "large")
FIRST_POINTS = 2
PAIR_POINTS = 2

# action kinds (tuples for apply(); the log stores them as bytes, see _log_*)
A_TOPIC = 0
A_REPORT = 1
A_TAKE = 2
A_BAG = 3
A_PLACE = 4
A_FALLBACK = 5
A_JOKER = 6

MAGIC = b"IQ"
VERSION = 1
LOG_MAX = 1024
LOG_LEN = (1, 3, 1, 1, 2, 1, 2, 1)   # bytes of a log entry, by its top 3 bits (see _log calls)
OFFER_MAX = 8
MAX_TIME = 65535


class Game:
    def __init__(self):
        self.players = 0
        self.kinds = b""
        self.seed = 0
        self.log = bytearray(LOG_MAX)
        self.nlog = 0
        self.boards = [X.Board() for _ in range(4)]
        self.bags = [bytearray(80), bytearray(80), bytearray(80)]
        self.bagn = bytearray(3)
        self.offers = [bytearray(OFFER_MAX) for _ in range(TOPICS)]
        self.offn = bytearray(TOPICS)
        self.pair = bytearray(8)
        self.firsts = bytearray(4)
        self.hands = bytearray(8)
        self.handn = bytearray(4)
        self.reported = bytearray(4)
        self.correct = bytearray(4)
        self.times = [0, 0, 0, 0]
        self.order = bytearray(4)
        self.phase = OVER
        self.round = 0
        self.chooser = 0
        self.turn = -1
        self.topic = -1
        self.first = -1
        self.draft_pos = 0
        self.draft_step = 0
        self.place_pos = 0
        self.drawn = -1

    # -- setup ------------------------------------------------------------------------------
    @staticmethod
    def new(players, kinds, seed):
        g = Game()
        g.start(players, kinds, seed)
        return g

    def start(self, players, kinds, seed):
        if players < 2 or players > 4 or len(kinds) != players:
            raise ValueError("iqlandie: 2-4 players, one kind each")
        for k in kinds:
            if k < 0 or k > 3:
                raise ValueError("iqlandie: player kind must be 0..3")
        self.players = players
        self.kinds = bytes(kinds)
        self.seed = seed & 0xFFFFFFFF
        self.nlog = 0
        rng = Rng(self.seed)
        # personal colour pairs: distinct pairs of two colours, dealt at random
        pairs = []
        for a in range(P.NCOLOURS):
            for b in range(a + 1, P.NCOLOURS):
                pairs.append((a, b))
        rng.shuffle(pairs)
        for p in range(4):
            self.firsts[p] = 0
            self.handn[p] = 0
            self.boards[p].reset()
            if p < players:
                self.pair[2 * p] = pairs[p][0]
                self.pair[2 * p + 1] = pairs[p][1]
        for b in range(3):
            full = P.bag_contents(b)
            items = list(full)
            rng.shuffle(items)
            bag = self.bags[b]
            for i in range(len(items)):
                bag[i] = items[i]
            self.bagn[b] = len(items)
        for t in range(TOPICS):
            self.offn[t] = 0
            self._refill(t)
        self.round = 0
        self.chooser = 0
        self.first = -1
        self.drawn = -1
        self._begin_round()

    def _draw(self, bag):
        """Top piece of a bag; an empty bag gives a medium piece, then any piece; -1: none."""
        if not self.bagn[bag]:
            bag = MEDIUM
            if not self.bagn[bag]:
                bag = LARGE if self.bagn[LARGE] else SMALL
                if not self.bagn[bag]:
                    return -1
        n = self.bagn[bag] - 1
        self.bagn[bag] = n
        return self.bags[bag][n]

    def _offer_add(self, t, code):
        if code >= 0 and self.offn[t] < OFFER_MAX:
            self.offers[t][self.offn[t]] = code
            self.offn[t] += 1

    def _refill(self, t):
        mix = P.OFFER_MIX[self.players]
        for b in range(3):
            for _ in range(mix[b]):
                self._offer_add(t, self._draw(b))

    def _begin_round(self):
        if self.round >= ROUNDS:
            self.phase = END
            self.topic = -1
            self._end_turn()
            return
        self.phase = CHOOSE
        self.topic = -1
        self.turn = self.chooser

    # -- read helpers -----------------------------------------------------------------------
    def offer(self, t):
        return bytes(self.offers[t][:self.offn[t]])

    def hand(self, p):
        return bytes(self.hands[2 * p:2 * p + self.handn[p]])

    def jokers_pending(self, p):
        b = self.boards[p]
        out = []
        for s in range(b.n):
            if b.colour[s] == P.JOKER:
                out.append(s)
        return out

    # -- log --------------------------------------------------------------------------------
    def topics(self):
        """The topic of every round chosen so far, read from the action log."""
        out = []
        log = self.log
        i = 0
        while i < self.nlog:
            kind = log[i] >> 5
            if kind == 0:
                out.append(log[i] & 0x1F)
            i += LOG_LEN[kind]
        return out

    def _log(self, a, b=-1, c=-1):
        n = self.nlog
        if n + 3 > LOG_MAX:
            raise ValueError("iqlandie: action log full")
        self.log[n] = a
        n += 1
        if b >= 0:
            self.log[n] = b
            n += 1
        if c >= 0:
            self.log[n] = c
            n += 1
        self.nlog = n

    # -- CHOOSE -----------------------------------------------------------------------------
    def choose_topic(self, t):
        if self.phase != CHOOSE or t < 0 or t >= TOPICS:
            return False
        self._log(0x00 | t)
        self.topic = t
        self.phase = SOLVE
        for p in range(4):
            self.reported[p] = 0
            self.correct[p] = 0
            self.times[p] = 0
        self.first = -1
        self._solve_turn()
        return True

    def _solve_turn(self):
        for k in range(self.players):
            p = (self.chooser + k) % self.players
            if not self.reported[p]:
                self.turn = p
                return
        self.turn = -1

    # -- SOLVE ------------------------------------------------------------------------------
    def report(self, player, time_ds, correct):
        if self.phase != SOLVE or player < 0 or player >= self.players or self.reported[player]:
            return False
        if time_ds < 0:
            time_ds = 0
        if time_ds > MAX_TIME:
            time_ds = MAX_TIME
        correct = 1 if correct else 0
        self._log(0x20 | (player << 1) | correct, time_ds >> 8, time_ds & 0xFF)
        self.reported[player] = 1
        self.times[player] = time_ds
        self.correct[player] = correct
        for p in range(self.players):
            if not self.reported[p]:
                self._solve_turn()
                return True
        self._settle()
        return True

    def _settle(self):
        # finishing order: right answers by time, then wrong ones in the order they finished;
        # equal times go by seat from the chooser
        n = self.players
        k = 0
        for want in (1, 0):
            for _ in range(n):
                best = -1
                for j in range(n):
                    p = (self.chooser + j) % n
                    if self.correct[p] != want or self._in_order(p, k):
                        continue
                    if best < 0 or self.times[p] < self.times[best]:
                        best = p
                if best < 0:
                    break
                self.order[k] = best
                k += 1
        self.first = self.order[0] if self.correct[self.order[0]] else -1
        if self.first >= 0:
            self.firsts[self.first] += 1
        self.phase = DRAFT
        self.draft_pos = 0
        self.draft_step = 0
        self._draft_advance()

    def _in_order(self, p, k):
        for i in range(k):
            if self.order[i] == p:
                return True
        return False

    # -- DRAFT ------------------------------------------------------------------------------
    def _draft_advance(self):
        """Skip steps that need no decision: the last drafter, empty offers, empty bags."""
        t = self.topic
        n = self.players
        while True:
            if self.draft_pos >= n:
                self._refill(t)
                self.phase = PLACE
                self.place_pos = 0
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

    # -- PLACE ------------------------------------------------------------------------------
    def _place_advance(self):
        while self.place_pos < self.players:
            p = self.order[self.place_pos]
            if self.handn[p]:
                self.turn = p
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

    # -- END --------------------------------------------------------------------------------
    def _end_turn(self):
        for p in range(self.players):
            b = self.boards[p]
            for s in range(b.n):
                if b.colour[s] == P.JOKER:
                    self.turn = p
                    return
        self.phase = OVER
        self.turn = -1

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

    # -- generic ----------------------------------------------------------------------------
    def apply(self, a):
        k = a[0]
        if k == A_TOPIC:
            return self.choose_topic(a[1])
        if k == A_REPORT:
            return self.report(a[1], a[2], a[3])
        if k == A_TAKE:
            return self.take(a[1])
        if k == A_BAG:
            return self.add_from_bag(a[1])
        if k == A_PLACE:
            return self.place(a[1], a[2], a[3], a[4], a[5])
        if k == A_FALLBACK:
            return self.fallback(a[1]) != 0
        if k == A_JOKER:
            return self.choose_joker_colour(a[1], a[2], a[3])
        return False

    # -- scoring ----------------------------------------------------------------------------
    def pair_points(self, p):
        b = self.boards[p]
        x = b.colour_count(self.pair[2 * p])
        y = b.colour_count(self.pair[2 * p + 1])
        return PAIR_POINTS * (x if x < y else y)

    def score_breakdown(self, p):
        b = self.boards[p]
        out = []
        for e in range(X.NEXH):
            out.append(b.score(e))
        out.append(self.pair_points(p))
        out.append(FIRST_POINTS * self.firsts[p])
        return out

    def total(self, p):
        return sum(self.score_breakdown(p))

    def scores(self):
        return [self.total(p) for p in range(self.players)]

    def _rank_key(self, p):
        # bigger is better: total, then criterion 7, then fewer jokers
        return (self.total(p), self.pair_points(p), -self.boards[p].jokers())

    def ranking(self):
        """(players best first, shared): shared[i] True when rank i ties rank 0 on everything."""
        keys = [self._rank_key(p) for p in range(self.players)]
        order = list(range(self.players))
        order.sort(key=lambda p: (keys[p][0], keys[p][1], keys[p][2], -p), reverse=True)
        shared = [keys[p] == keys[order[0]] for p in order]
        return order, shared

    # -- save / load ------------------------------------------------------------------------
    def save_state(self):
        kinds = 0
        for i in range(self.players):
            kinds |= self.kinds[i] << (2 * i)
        n = self.nlog
        s = self.seed
        head = bytes((MAGIC[0], MAGIC[1], VERSION, self.players, kinds,
                      s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, (s >> 24) & 0xFF,
                      n & 0xFF, n >> 8))
        body = head + bytes(self.log[:n])
        c = _sum16(body)
        return body + bytes((c >> 8, c & 0xFF))

    @staticmethod
    def restore(data):
        g = Game()
        g.load_state(data)
        return g

    def load_state(self, data):
        data = bytes(data)
        if len(data) < 13 or data[0] != MAGIC[0] or data[1] != MAGIC[1] or data[2] != VERSION:
            raise ValueError("iqlandie: not a saved game")
        n = data[9] | (data[10] << 8)
        if len(data) != 13 + n:
            raise ValueError("iqlandie: saved game has a wrong length")
        body = data[:11 + n]
        if _sum16(body) != (data[11 + n] << 8) | data[12 + n]:
            raise ValueError("iqlandie: saved game checksum mismatch")
        players = data[3]
        if players < 2 or players > 4:
            raise ValueError("iqlandie: bad player count")
        kinds = bytearray(players)
        for i in range(players):
            kinds[i] = (data[4] >> (2 * i)) & 3
        seed = data[5] | (data[6] << 8) | (data[7] << 16) | (data[8] << 24)
        self.start(players, kinds, seed)
        log = data[11:11 + n]
        i = 0
        while i < n:
            a = log[i]
            op = a >> 5
            need = 3 if op == 1 else (2 if op == 4 or op == 6 else 1)
            if i + need > n:
                raise ValueError("iqlandie: truncated action at byte %d" % i)
            b = log[i + 1] if need > 1 else 0
            c = log[i + 2] if need > 2 else 0
            if not self._replay(op, a & 0x1F, b, c):
                raise ValueError("iqlandie: illegal action at byte %d" % i)
            i += need
        return self

    def _replay(self, op, arg, b, c):
        if op == 0:
            return self.choose_topic(arg)
        if op == 1:
            return self.report(arg >> 1, (b << 8) | c, arg & 1)
        if op == 2:
            return self.take(arg)
        if op == 3:
            return self.add_from_bag(arg)
        if op == 4:
            return self.place((arg >> 4) & 1, (arg >> 1) & 7, ((arg & 1) << 2) | (b >> 6),
                              (b >> 3) & 7, b & 7)
        if op == 5:
            return self.fallback(arg) != 0
        if op == 6:
            return self.choose_joker_colour((arg >> 3) & 3, b, arg & 7)
        return False


def _sum16(data):
    # Fletcher-16: catches truncation and swapped bytes, cheap on the device
    a = 0
    b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return (b << 8) | a
