"""iQLANDIE space tasks: generation (see space.py for the rules, checking and solutions). Its
tables and code are needed only while a round's task is generated."""
from array import array

from games.iqlandie.space import CARDS_PER_TASK, Task, _lay


FULL = 0x1FF
BOTH = FULL | FULL << 16
E5 = b"\x00\x01\x02\x05\x06\x07\x0a\x0b\x0c"  # E5[e]: window field e as (dy, dx) offsets
# The module is loaded for every space task (screens.GENERATORS unloads it), so what it needs is
# written out here (tests/test_iqlandie_space_answers.py derives it from space.CARDS and PERM):
# MASKS[card * 8 + t]: the 9-bit set (bit y * 3 + x) of the symbol cells of a transformed card,
# | << 16 the set of its planets, stars and moons only (turned with the card, they show which
# way it lies). The placements of a card putting a symbol on window field e, by ascending index
# t * 25 + (dy + 2) * 5 + dx + 2: COVER[COVER_AT[card] .. COVER_AT[card + 1] - 1] + E5[e] (for
# each t, each symbol cell y * 3 + x from the last: t * 25 + 12 - 5 * y - x). BITS[m]: the
# fields in the 9-bit set m, + 48 (an ASCII digit).
MASKS = (
    17105237, 21234005, 21037397, 4522325, 4522325, 17105237, 21234005, 21037397, 2752698,
    10617018, 11010234, 9044154, 2752698, 10617018, 11010234, 9044154, 4587599, 18940199,
    12845540, 17367497, 16974119, 6554084, 25231817, 4980815, 26214832, 5767384, 1245211,
    3407926, 13631704, 1638427, 1441846, 19923376, 2687215, 8782255, 19399150, 12714475,
    2884015, 25297390, 6816235, 8585455)
COVER = (
    b"\x00\x02\x06\x0a\x0c\x19\x1b\x1f#%248<>KMQUWdfjnp}\x7f\x83\x87\x89\x96\x98\x9c\xa0\xa2"
    b"\xaf\xb1\xb5\xb9\xbb\x01\x05\x06\x07\x0b\x1a\x1e\x1f $3789=LPQRVeijko~\x82\x83\x84\x88"
    b"\x97\x9b\x9c\x9d\xa1\xb0\xb4\xb5\xb6\xba\x02\x07\x0a\x0b\x0c\x19\x1e#$%2347<KLMRWdinop}~"
    b"\x7f\x82\x87\x96\x97\x98\x9d\xa2\xb1\xb6\xb9\xba\xbb\x00\x01\x05\x06\x1a\x1b\x1f 89=>PQUV"
    b"efjk\x83\x84\x88\x89\x9b\x9c\xa0\xa1\xaf\xb0\xb4\xb5\x01\x02\x05\x07\x0a\x0b\x0c\x19\x1a"
    b"\x1e #$%23479<=KLMPRVWdeiknop}~\x7f\x82\x84\x87\x88\x96\x97\x98\x9b\x9d\xa1\xa2\xb0\xb1"
    b"\xb4\xb6\xb9\xba\xbb")
COVER_AT = b'\x00(Px\x98\xd0'
BITS = (
    b"0112122312232334122323342334344512232334233434452334344534454556"
    b"1223233423343445233434453445455623343445344545563445455645565667"
    b"1223233423343445233434453445455623343445344545563445455645565667"
    b"2334344534454556344545564556566734454556455656674556566756676778"
    b"1223233423343445233434453445455623343445344545563445455645565667"
    b"2334344534454556344545564556566734454556455656674556566756676778"
    b"2334344534454556344545564556566734454556455656674556566756676778"
    b"3445455645565667455656675667677845565667566767785667677867787889")


def _table():
    """SHIFTED[(card * 8 + t) * 25 + (dy + 2) * 5 + dx + 2]: the window fields a placed card
    covers with a symbol, | << 16 those showing its planets, stars and moons (4 KB, built once
    at import: generation tests hundreds of placements a task). Both halves move at once: the
    columns, then the rows (dy = -2 .. 2)."""
    out = array("I", bytes(4 * 1000))
    i = 0
    for x in MASKS:
        for y in ((x & 0o444 * 0x10001) >> 2, (x & 0o666 * 0x10001) >> 1, x,
                  (x & 0o333 * 0x10001) << 1, (x & 0o111 * 0x10001) << 2):
            out[i] = (y >> 6) & BOTH
            out[i + 5] = (y >> 3) & BOTH
            out[i + 10] = y
            out[i + 15] = (y << 3) & BOTH
            out[i + 20] = (y << 6) & BOTH
            i += 1
        i += 20
    return out


SHIFTED = _table()
del _table, MASKS  # built once: leave the heap


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


def _above(covers, j, k):
    """The covers of the cards j + 1 .. k - 1 (at most 3; FULL for none: any placement passes)."""
    a1 = covers[j + 1] if j + 1 < k else FULL
    a2 = covers[j + 2] if j + 2 < k else FULL
    a3 = covers[j + 3] if j + 3 < k else FULL
    return a1, a2, a3


def _draw(rng, order, e, cover, covers, cand, j, k):
    """A strict placement for card j (card * 200 + p), or -1: the placements covering field e
    that fit; none: the next empty field; none at all: the next card still free (order[0 ..
    5 - k + j]), which takes card j's place in `order`. A placement fits when, laid under the
    cards j + 1 .. k - 1 (covering `cover`, each its own covers[i]), it overlaps every card
    above, shows >= 2 planets, stars or moons and leaves at least 2 * j fields empty (the test
    is written out in the loop: it runs hundreds of times a task)."""
    a1, a2, a3 = _above(covers, j, k)
    most = 48 + 9 - 2 * j  # fields covered at most (BITS: ASCII digits)
    m = 0
    for c in range(5 - k + j, -1, -1):
        card = order[c]
        for _ in range(9):
            if not cover & (1 << e):
                base = card * 200 + E5[e]
                for i in range(COVER_AT[card], COVER_AT[card + 1]):
                    b = base + COVER[i]
                    s = SHIFTED[b]
                    if s & a1 and s & a2 and s & a3:
                        o = (s >> 16) & ~cover
                        if o & (o - 1) and BITS[(cover | s) & FULL] <= most:  # o: 2 bits +
                            cand[m] = b
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
    among the placements that pass `_draw`'s test (few answers), and when no bottom card fits, the
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
                a = COVER_AT[card]
                n = COVER_AT[card + 1] - a
                p = COVER[a + rng.below(n)] + E5[e]
                if k == 2:
                    # a lone top card showing little leaves too much for one card to fill:
                    # the better of two draws
                    q = COVER[a + rng.below(n)] + E5[e]
                    if (BITS[SHIFTED[card * 200 + q] & FULL]
                            > BITS[SHIFTED[card * 200 + p] & FULL]):
                        p = q
            _place(sol, j, card, p)
            covers[j] = SHIFTED[card * 200 + p] & FULL
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
            a1, a2, a3 = _above(covers, 0, k) if strict else (FULL, FULL, FULL)
            for jj in range(5 - k + 1):
                card = order[jj]
                b = card * 200 + E5[e]
                for a in range(COVER_AT[card], COVER_AT[card + 1]):
                    p = b + COVER[a]
                    s = SHIFTED[p]
                    if s & need == need and s & a1 and s & a2 and s & a3:
                        o = (s >> 16) & ~cover
                        if not strict or o & (o - 1):
                            cand[m] = p
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
            covers[1] = SHIFTED[p] & FULL
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
