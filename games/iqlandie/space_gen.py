"""iQLANDIE space tasks: generation (see space.py for the rules, checking and solutions). Its
tables and code are needed only while a round's task is generated."""
from array import array

from games.iqlandie.space import CARDS, PERM, CARDS_PER_TASK, Task, _lay


def _masks():
    """MASKS[card * 8 + t]: 9-bit set (bit y * 3 + x) of the symbol cells of a transformed card;
    ORIENTED[card * 8 + t]: only its planet, star and moon cells (turned with the card, they show
    which way it lies)."""
    masks = array("H", bytes(2 * 40))
    ori = array("H", bytes(2 * 40))
    for ct in range(40):
        c = CARDS[ct // 8]
        p = PERM[ct % 8]
        for i in range(9):
            v = c[p[i]]
            if v:
                masks[ct] |= 1 << i
                if v != 3 and v != 5:
                    ori[ct] |= 1 << i
    return masks, ori


MASKS, ORIENTED = _masks()
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
del _masks, _table, _cover_lists, MASKS  # built once: their code and MASKS leave the heap


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


# Few answers at higher difficulty (issue 14; host_sim/iqlandie/space_count.py counts them).
# At STRICT[d], each card must show at least 2 planets, stars or moons (turned symbols: they pin
# the card's turn and place; a sun or a meteor fits many placements) and overlap in the window
# with every card above it (the order of the stack is then fixed). Hard: median 2 answers.
STRICT = (0, 0, 1)
STRICT_TRIES = 3  # then the plain rule: generation time stays bounded on the device


def _fits(b, cover, covers, j, k, free):
    """Does placement b (card * 200 + p), laid under the cards j + 1 .. k - 1 (covering `cover`,
    each its own covers[i]), overlap every card above, leave at least `free` fields empty and
    show >= 2 planets, stars or moons?"""
    m = SHIFTED[b]
    for i in range(j + 1, k):
        if not m & covers[i]:
            return False
    p = b % 200
    o = m & ~cover & shifted(ORIENTED[b // 25], p % 5 - 2, p // 5 % 5 - 2)
    return o & (o - 1) and 9 - _bits(cover | m) >= free  # o: 2 bits or more


def _draw(rng, order, e, cover, covers, cand, j, k):
    """A strict placement for card j (card * 200 + p), or -1: the placements covering field e
    that fit; none: the next empty field; none at all: the next card still free (order[0 ..
    5 - k + j]), which takes card j's place in `order`."""
    m = 0
    for c in range(5 - k + j, -1, -1):
        card = order[c]
        for _ in range(9):
            if not cover & (1 << e):
                for i in range(COVER_AT[card * 9 + e], COVER_AT[card * 9 + e + 1]):
                    if _fits(card * 200 + COVER[i], cover, covers, j, k, 2 * j):
                        cand[m] = card * 200 + COVER[i]
                        m += 1
                if m:
                    order[c] = order[5 - k + j]
                    order[5 - k + j] = card
                    return cand[rng.below(m)]
            e = (e + 1) % 9
    return -1


def generate(rng, difficulty=1):
    """Built top down: each card goes under the ones laid so far and covers a field still empty
    (so every card shows); the bottom card is chosen among the placements that fill every field
    still empty. Retried (rarely) when no card can. At STRICT difficulty every card is drawn
    among the placements that pass `_fits` (few answers), and when no bottom card fits, the
    lowest upper card is drawn again (up to 3 times) before all is."""
    k = CARDS_PER_TASK[difficulty]
    strict = STRICT[difficulty]
    order = bytearray(range(5))
    sol = bytearray(4 * k)
    covers = array("H", bytes(2 * k))
    cand = array("H", bytes(2 * 1000))
    win = bytearray(9)
    tmp = bytearray(9)
    tries = 0
    while True:
        tries += 1
        if tries > STRICT_TRIES:
            strict = 0  # ~4% of Hard seeds: the plain rule (bounded time)
        rng.shuffle(order)
        cover = 0
        low = 0
        for j in range(k - 1, 0, -1):  # sol[k - 1] is the top card
            low = cover
            e = rng.below(9)
            while cover & (1 << e):
                e = (e + 1) % 9
            card = order[5 - k + j]  # order[0 .. 5 - k] stay free for the bottom card
            if strict:
                p = _draw(rng, order, e, cover, covers, cand, j, k)
                if p < 0:
                    break
                card = p // 200
                p %= 200
            else:
                a = COVER_AT[card * 9 + e]
                n = COVER_AT[card * 9 + e + 1] - a
                p = COVER[a + rng.below(n)]
                if k == 2:
                    # a lone top card showing little leaves too much for one card to fill:
                    # the better of two draws
                    q = COVER[a + rng.below(n)]
                    if _bits(SHIFTED[card * 200 + q]) > _bits(SHIFTED[card * 200 + p]):
                        p = q
            _place(sol, j, card, p)
            covers[j] = SHIFTED[card * 200 + p]
            cover |= covers[j]
            if cover == FULL:
                break
        else:
            j = 0
        if j or cover == FULL:
            continue  # no placement fits, or the cards below would not show
        back = 0
        while True:
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
                    if SHIFTED[b + p] & need == need and (
                            not strict or _fits(b + p, cover, covers, 0, k, 0)):
                        cand[m] = b + p
                        m += 1
            if m or not strict or back == 3:
                break
            back += 1
            cover = low  # card 1 again: another place or card
            e = rng.below(9)
            while cover & (1 << e):
                e = (e + 1) % 9
            p = _draw(rng, order, e, cover, covers, cand, 1, k)
            if p < 0:
                break
            _place(sol, 1, p // 200, p % 200)
            covers[1] = SHIFTED[p]
            cover |= covers[1]
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
