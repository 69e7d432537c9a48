"""iQLANDIE space tasks: generation (see space.py for the rules, checking and solutions). Its
tables and code are needed only while a round's task is generated."""
from array import array

from games.iqlandie.space import CARDS, PERM, CARDS_PER_TASK, Task, _lay


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
