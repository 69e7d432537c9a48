"""iQLANDIE space tasks: stack transparent 3x3 cards (shifted, turned, flipped) so the 3x3 window
shows exactly the target.

Cells are y * 3 + x. See TASKS.md.
"""

from array import array

SYMBOLS = ("", "Planet", "Star", "Sun", "Moon", "Meteor")
# The 5 space cards every player owns (0 = transparent). The meteor is one value: its
# orientation does not matter.
CARDS = (
    b"\x01\x00\x02\x00\x03\x00\x05\x00\x04",  # P . * / . S . / m . M : corners and centre
    b"\x00\x04\x00\x02\x05\x01\x00\x03\x00",  # . M . / * m P / . S . : edges and centre
    b"\x03\x04\x01\x05\x00\x00\x02\x00\x00",  # S M P / m . . / * . . : top row, left column
    b"\x00\x00\x00\x00\x01\x03\x00\x04\x02",  # . . . / . P S / . M * : a 2x2 block
    b"\x04\x05\x03\x01\x00\x02\x05\x03\x00",  # M m S / P . * / m S . : seven symbols
)
# Pairs of cards complete each other (corners + edges, L + block, seven + anything), so two cards
# can fill the window in many ways.
CARDS_PER_TASK = (2, 3, 4)  # per difficulty
MAX_SHIFT = 2


def _perms():
    """PERM[t][i] = the card cell seen at cell i after transform t."""
    out = []
    for t in range(8):
        p = bytearray(9)
        for i in range(9):
            x = i % 3
            y = i // 3
            # undo the quarter turns (clockwise turn: (x, y) -> (2 - y, x)), then the mirror
            for _ in range(t & 3):
                x, y = y, 2 - x
            if t & 4:
                x = 2 - x
            p[i] = y * 3 + x
        out.append(bytes(p))
    return tuple(out)


PERM = _perms()


class Task:
    def __init__(self, target, sol):
        self.topic = 3
        self.seed = 0
        self.difficulty = 1
        self.target = target
        self.sol = sol
        self.ncards = len(sol) // 4


def transform(card, t):
    """The 9 cells of card `card` as seen after transform t (0..7)."""
    c = CARDS[card]
    p = PERM[t]
    out = bytearray(9)
    for i in range(9):
        out[i] = c[p[i]]
    return out


def _lay(out, card, t, dx, dy):
    """Lay one card over `out` (its symbols hide what lies below)."""
    c = CARDS[card]
    p = PERM[t]
    for y in range(3):
        cy = y - dy
        if 0 <= cy < 3:
            for x in range(3):
                cx = x - dx
                if 0 <= cx < 3:
                    v = c[p[cy * 3 + cx]]
                    if v:
                        out[y * 3 + x] = v


def _valid(e):
    return (len(e) == 4 and 0 <= e[0] < 5 and 0 <= e[1] < 8
            and -MAX_SHIFT <= e[2] <= MAX_SHIFT and -MAX_SHIFT <= e[3] <= MAX_SHIFT)


def compose(answer, out=None):
    """The window the stack `answer` (bottom to top) shows; malformed entries are skipped."""
    if out is None:
        out = bytearray(9)
    for i in range(9):
        out[i] = 0
    for e in answer:
        try:
            if _valid(e):
                _lay(out, e[0], e[1], e[2], e[3])
        except TypeError:
            pass
    return out


def check(task, answer):
    try:
        if not 0 < len(answer) <= 5:
            return False
        used = 0
        for e in answer:
            if not _valid(e) or used & (1 << e[0]):
                return False
            used |= 1 << e[0]
    except TypeError:
        return False
    return compose(answer) == task.target


def _masks():
    """MASKS[card * 8 + t]: 9-bit set (bit y * 3 + x) of the symbol cells of a transformed card."""
    out = []
    for card in range(5):
        c = CARDS[card]
        for t in range(8):
            p = PERM[t]
            m = 0
            for i in range(9):
                if c[p[i]]:
                    m |= 1 << i
            out.append(m)
    return tuple(out)


MASKS = _masks()
FULL = 0x1FF


def shifted(m, dx, dy):
    """A 3x3 bit set moved by (dx, dy); what leaves the window is dropped."""
    if dx == 1:
        m = (m & 0o333) << 1
    elif dx == 2:
        m = (m & 0o111) << 2
    elif dx == -1:
        m = (m & 0o666) >> 1
    elif dx == -2:
        m = (m & 0o444) >> 2
    if dy > 0:
        m = (m << (3 * dy)) & FULL
    elif dy < 0:
        m >>= -3 * dy
    return m


def _table():
    """SHIFTED[(card * 8 + t) * 25 + (dy + 2) * 5 + dx + 2]: the window fields a placed card
    covers with a symbol (2 KB, built once at import: generation tests 200 placements a try)."""
    out = array("H", bytes(2 * 1000))
    i = 0
    for ct in range(40):
        m = MASKS[ct]
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                out[i] = shifted(m, dx, dy)
                i += 1
    return out


SHIFTED = _table()


def _cover_lists():
    """COVER[COVER_AT[card * 9 + e]:COVER_AT[card * 9 + e + 1]]: the placements (t * 25 +
    (dy + 2) * 5 + dx + 2) of a card that put a symbol on window field e."""
    at = array("H", bytes(2 * 46))
    data = bytearray()
    for ce in range(45):
        at[ce] = len(data)
        b = ce // 9 * 200
        bit = 1 << (ce % 9)
        for i in range(200):
            if SHIFTED[b + i] & bit:
                data.append(i)
    at[45] = len(data)
    return at, bytes(data)


COVER_AT, COVER = _cover_lists()


def _bits(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _stack(out, sol, k, skip):
    """The window of the k placements in sol (bottom to top) without the one at `skip`."""
    for i in range(9):
        out[i] = 0
    for j in range(k):
        if j != skip:
            _lay(out, sol[4 * j], sol[4 * j + 1], sol[4 * j + 2] - 2, sol[4 * j + 3] - 2)


def _place(sol, j, card, p):
    sol[4 * j] = card
    sol[4 * j + 1] = p // 25
    sol[4 * j + 2] = p % 5
    sol[4 * j + 3] = p // 5 % 5


def generate(rng, difficulty=1):
    """Built top down: each card goes under the ones laid so far and covers a field still empty
    (so every card shows); the bottom card is chosen among the placements that fill every field
    still empty. Retried (rarely) when no card can."""
    k = CARDS_PER_TASK[difficulty]
    order = bytearray(range(5))
    sol = bytearray(4 * k)
    cand = array("H", bytes(2 * 1000))
    win = bytearray(9)
    tmp = bytearray(9)
    while True:
        rng.shuffle(order)
        cover = 0
        for j in range(k - 1, 0, -1):  # sol[k - 1] is the top card
            e = rng.below(9)
            while cover & (1 << e):
                e = (e + 1) % 9
            card = order[5 - k + j]  # order[0 .. 5 - k] stay free for the bottom card
            a = COVER_AT[card * 9 + e]
            n = COVER_AT[card * 9 + e + 1] - a
            p = COVER[a + rng.below(n)]
            if k == 2:
                # a lone top card showing little leaves too much for one card to fill: the
                # better of two draws
                q = COVER[a + rng.below(n)]
                if _bits(SHIFTED[card * 200 + q]) > _bits(SHIFTED[card * 200 + p]):
                    p = q
            _place(sol, j, card, p)
            cover |= SHIFTED[card * 200 + p]
            if cover == FULL:
                break
        if cover == FULL:
            continue  # the cards below would not show
        need = FULL & ~cover
        e = 0
        while cover & (1 << e):
            e += 1
        # the bottom card: any card not laid yet, any placement filling every empty field
        m = 0
        for jj in range(5 - k + 1):
            card = order[jj]
            b = card * 200
            for a in range(COVER_AT[card * 9 + e], COVER_AT[card * 9 + e + 1]):
                p = COVER[a]
                if SHIFTED[b + p] & need == need:
                    cand[m] = b + p
                    m += 1
        if m == 0:
            continue
        c = cand[rng.below(m)]
        _place(sol, 0, c // 200, c % 200)
        _stack(win, sol, k, 255)
        # every card must change the picture (not only show symbols equal to those below it)
        for j in range(k):
            _stack(tmp, sol, k, j)
            if tmp == win:
                break
        else:
            return Task(bytearray(win), bytearray(sol))


def key(task):
    """16-bit identity of the puzzle the player sees (the target window)."""
    from games.iqlandie.tasks import hash16
    return hash16(task.target)


def new_answer(task):
    return []


def solution(task):
    out = []
    for j in range(task.ncards):
        s = task.sol
        out.append([s[4 * j], s[4 * j + 1], s[4 * j + 2] - 2, s[4 * j + 3] - 2])
    return out
