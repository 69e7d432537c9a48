"""iQLANDIE space tasks: how many answers does a generated target have? (issue 14)

An answer is a stack (bottom to top list of [card, transform, dx, dy]) that `space.check`
accepts; the *minimal* answers are those with the fewest cards. This tool counts them exactly:

- every placement of a card (5 cards x 8 transforms x 25 offsets) is reduced to the window
  fields it covers with a symbol (`cover`) and those where its symbol differs from the target
  (`bad`, counting orientation as `space.compose` does);
- a stack read from the top down is right iff each card's bad fields are hidden by the cards
  above it and the cards together cover the whole window. In a minimal stack every card shows
  at least one field (else dropping it leaves a shorter answer), so the count is a memoised
  sum over (fields covered so far, cards used so far, cards still to lay): exact, ~10-50 ms per
  task on a PC.

Stacks are counted as `check` sees them: two placements of one card that differ only outside
the window (or in the orientation of a meteor or a sun) are different answers, and so are two
orders of cards that do not overlap. `layouts` is also reported: the number of different
pictures of who shows what (the map field -> (card, value shown)), a player's view of
"different answers"; it is found by enumerating the stacks (given up past LAYOUT_CAP grouped stacks).

    python -m host_sim.iqlandie.space_count [--tasks 200] [--seed0 1] [--difficulty 0 1 2]

Tasks are made as the game makes them: `tasks.generate(3, seed, difficulty)` for seeds
seed0 .. seed0 + tasks - 1.
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(REPO, "lib"), REPO):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from games.iqlandie import space, tasks  # noqa: E402

FULL = 0x1FF
LAYOUT_CAP = 20000


def _placements():
    """For each card: a list of (cover mask, values tuple of the 9 fields (0 = not covered),
    [(t, dx, dy), ...]) - placements that show the same thing in the window grouped."""
    out = []
    for card in range(5):
        groups = {}
        for t in range(8):
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    w = space.compose([[card, t, dx, dy]])
                    m = 0
                    for i in range(9):
                        if w[i]:
                            m |= 1 << i
                    if m:
                        groups.setdefault(bytes(w), []).append((t, dx, dy))
        lst = []
        for w, ps in groups.items():
            m = 0
            for i in range(9):
                if w[i]:
                    m |= 1 << i
            lst.append((m, w, ps))
        out.append(lst)
    return out


PLACEMENTS = _placements()


def _candidates(target):
    """Per card: [(cover, bad, multiplicity, window values, placements)] of the placements
    whose symbols are all hidden or right somewhere (bad = fields where they are wrong)."""
    out = []
    for card in range(5):
        lst = []
        for m, w, ps in PLACEMENTS[card]:
            bad = 0
            for i in range(9):
                if w[i] and w[i] != target[i]:
                    bad |= 1 << i
            if bad != m:  # it can show something right
                lst.append((m, bad, len(ps), w, ps))
        out.append(lst)
    return out


def count(target, max_cards=5):
    """(fewest cards k, number of k-card stacks whose window is `target`); (0, 0) if none."""
    cand = _candidates(target)
    for k in range(1, max_cards + 1):
        memo = {}

        def f(cov, used, d):
            key = (cov, used, d)
            r = memo.get(key)
            if r is not None:
                return r
            total = 0
            for card in range(5):
                if used & (1 << card):
                    continue
                for m, bad, mult, _w, _ps in cand[card]:
                    if bad & ~cov or not m & ~cov:
                        continue  # a wrong symbol shows, or the card shows nothing
                    c2 = cov | m
                    if d == 1:
                        if c2 == FULL:
                            total += mult
                    else:
                        if c2 != FULL:
                            total += mult * f(c2, used | (1 << card), d - 1)
            memo[key] = total
            return total

        n = f(0, 0, k)
        if n:
            return k, n
    return 0, 0


def layouts(target, k):
    """The number of different pictures (field -> the card seen there; its value is the
    target's) of the k-card answers, or None when the enumeration (of stacks with placements
    showing the same grouped) passes LAYOUT_CAP."""
    cand = _candidates(target)
    seen = set()
    shown = [None] * 9
    n = [0]

    def rec(cov, used, d):
        if n[0] > LAYOUT_CAP:
            return
        if d == 0:
            if cov == FULL:
                n[0] += 1
                seen.add(tuple(shown))
            return
        for card in range(5):
            if used & (1 << card):
                continue
            for m, bad, mult, w, _ps in cand[card]:
                new = m & ~cov
                if bad & ~cov or not new:
                    continue
                if d == 1 and cov | m != FULL:
                    continue
                for i in range(9):
                    if new & (1 << i):
                        shown[i] = card
                rec(cov | m, used | (1 << card), d - 1)
                for i in range(9):
                    if new & (1 << i):
                        shown[i] = None

    rec(0, 0, k)
    return None if n[0] > LAYOUT_CAP else len(seen)


def stacks(target, k, cap=10000):
    """Every k-card answer (bottom-to-top lists of [card, t, dx, dy]) found by enumeration, for
    checking the count (None past `cap` stacks)."""
    cand = _candidates(target)
    out = []
    top = []

    def rec(cov, used, d):
        if len(out) > cap:
            return
        if d == 0:
            if cov == FULL:
                ways = [[]]
                for ps, card in top:  # top first: the answer lists bottom first
                    ways = [[[card, t, dx, dy]] + w for w in ways for t, dx, dy in ps]
                out.extend(ways)
            return
        for card in range(5):
            if used & (1 << card):
                continue
            for m, bad, _mult, _w, ps in cand[card]:
                if bad & ~cov or not m & ~cov or (d == 1 and cov | m != FULL):
                    continue
                top.append((ps, card))
                rec(cov | m, used | (1 << card), d - 1)
                top.pop()

    rec(0, 0, k)
    return None if len(out) > cap else out


def distribution(values):
    v = sorted(values)
    n = len(v)
    return {
        "n": n,
        "min": v[0],
        "median": v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2,
        "max": v[-1],
        "one": sum(1 for x in v if x == 1) / n,
        "le10": sum(1 for x in v if x <= 10) / n,
        "le100": sum(1 for x in v if x <= 100) / n,
    }


def survey(difficulty, ntasks, seed0=1, with_layouts=False):
    """Counts over seeded tasks of one difficulty; returns a dict of figures."""
    counts = []
    fewest = {}
    lays = []
    gen_time = 0.0
    for s in range(seed0, seed0 + ntasks):
        t0 = time.process_time()
        task = tasks.generate(3, s, difficulty)
        gen_time += time.process_time() - t0
        assert tasks.check(task, tasks.solution(task)), "seed %d: own solution fails" % s
        k, n = count(task.target)
        assert n > 0
        counts.append(n)
        fewest[k] = fewest.get(k, 0) + 1
        if with_layouts:
            lays.append(layouts(task.target, k))
    r = distribution(counts)
    r["fewest"] = fewest
    r["gen_ms"] = 1000.0 * gen_time / ntasks
    if with_layouts:
        known = [x for x in lays if x is not None]
        r["layouts"] = distribution(known) if known else None
        r["layouts_unknown"] = len(lays) - len(known)
    return r


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tasks", type=int, default=200)
    ap.add_argument("--seed0", type=int, default=1)
    ap.add_argument("--difficulty", type=int, nargs="*", default=[0, 1, 2])
    ap.add_argument("--layouts", action="store_true",
                    help="also count distinct pictures (who shows what), by enumeration")
    a = ap.parse_args(argv)
    for d in a.difficulty:
        t0 = time.process_time()
        r = survey(d, a.tasks, a.seed0, a.layouts)
        dt = time.process_time() - t0
        print("difficulty %d (%s, %d cards): %d tasks, fewest cards %s" % (
            d, tasks.DIFFICULTIES[d], space.CARDS_PER_TASK[d], r["n"],
            " ".join("%d:%d" % kv for kv in sorted(r["fewest"].items()))))
        print("  minimal stacks: min %d  median %s  max %d  | =1 %.0f%%  <=10 %.0f%%  <=100 %.0f%%"
              % (r["min"], r["median"], r["max"], 100 * r["one"], 100 * r["le10"],
                 100 * r["le100"]))
        if a.layouts:
            L = r["layouts"]
            if L:
                print("  layouts (who shows what): min %d  median %s  max %d  | =1 %.0f%%  "
                      "<=10 %.0f%%  (%d tasks not enumerated, > %d stacks)"
                      % (L["min"], L["median"], L["max"], 100 * L["one"], 100 * L["le10"],
                         r["layouts_unknown"], LAYOUT_CAP))
        print("  generation %.2f ms/task on the host (x150 ~ %.0f ms on the device); "
              "survey %.1f s" % (r["gen_ms"], 150 * r["gen_ms"], dt))


if __name__ == "__main__":
    main()
