"""iQLANDIE game state machine: rounds, solving order, drafting, placement, scoring, saving.

All randomness happens in Game.new (colour pairs dealt, bags shuffled with handheld.rng.Rng);
drawing takes the last piece of a bag. So the options plus the action log replay the game
exactly: save_state() stores only those.
"""
from handheld.rng import Rng
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X
# The constants stay importable from here (G.PLACE ...: screens, CPU, tests, game_draft...);
# game_consts itself leaves sys.modules (its own copy of the names would stay in the heap).
from games.iqlandie.game_consts import *  # noqa: F401,F403
P.forget_module("game_consts")

# Drafting/placement, scoring and saving live in game_draft.py, game_score.py, game_save.py:
# each module is imported (and its functions bound as Game methods) on the first use of one of
# them, and unload_parts() frees them while a task screen runs (screens.free_for_task).
PARTS = (("game_draft", ("_in_order", "_draft_advance", "_give", "take", "add_from_bag",
                         "_place_advance", "_hand_code", "_drop", "fits", "fits_anywhere",
                         "place", "fallback", "choose_joker_colour", "lift", "lifts",
                         "end_placing")),
         ("game_score", ("pair_points", "score_breakdown", "total", "scores", "_rank_key",
                         "ranking")),
         ("game_save", ("save_state", "load_state", "_replay")))


def unload_parts():
    """Free game_draft, game_score and game_save (their methods come back on the next use)."""
    import sys
    for mod, names in PARTS:
        for n in names:
            try:
                delattr(Game, n)
            except AttributeError:      # not bound since the last unload
                pass
        full = "games.iqlandie." + mod
        if full in sys.modules:
            del sys.modules[full]
            pkg = sys.modules.get("games.iqlandie")
            if pkg is not None and mod in pkg.__dict__:
                delattr(pkg, mod)


class Game:
    def __getattr__(self, name):
        """A method of game_draft / game_score / game_save: import that module, bind its
        methods to the class (until unload_parts) and return this one."""
        for mod, names in PARTS:
            if name in names:
                m = __import__("games.iqlandie." + mod, None, None, ["x"])
                for n in names:
                    setattr(Game, n, getattr(m, n))
                return getattr(self, name)
        raise AttributeError(name)

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
        self.base = bytearray(4)    # board slots placed before this round's PLACE (lift)
        self.ended = 0              # bit p: player p ended placing this round
        self.auto_end = False       # version-1 saves: an empty hand ended placing
        self.difficulty = 1         # the tasks' (set by the table; CPU solve times)

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
        self.auto_end = False
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
        if k == A_LIFT:
            return self.lift(a[1])
        if k == A_END:
            return self.end_placing()
        return False



    @staticmethod
    def restore(data):
        g = Game()
        g.load_state(data)
        return g
