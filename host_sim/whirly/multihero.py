"""Multi-hero Sokoban levels: `python -m host_sim.whirly.multihero [--count N] [--seed S] [--out F]`.

Random rooms with two heroes, boxes and targets, kept only when the solver solves them and
neither hero can solve them alone (each one-hero version is searched exhaustively and has no
solution): the heroes must take turns. The longest solutions are written as a pack.
"""
import argparse
import os
import random
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (_ROOT, os.path.join(_ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

from games.whirly import board  # noqa: E402
from host_sim.whirly import solver  # noqa: E402
from host_sim.whirly.generator import make_room, crop  # noqa: E402

HEADER = """Title: Two Heroes
Author: Puzzle Handheld team (generated)
Game: whirly
Variant: sokoban
Description: Two heroes share the work: SELECT switches between them, and neither can finish alone.
; regenerate: python -m host_sim.whirly.multihero --seed {seed} --count {count}
"""


def rows_of(W, H, floor, heroes, boxes, targets):
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            c = (x, y)
            if c not in floor:
                row.append("#")
            elif c in boxes:
                row.append("*" if c in targets else "$")
            elif c in heroes:
                row.append("+" if c in targets else "@")
            else:
                row.append("." if c in targets else " ")
        rows.append("".join(row).rstrip())
    return rows


def solved_alone(rows, hero):
    """Can the level be solved with only `hero` (the other one's cell made floor)? True, False,
    or None when the search could not finish."""
    x, y = hero
    one = []
    for j, r in enumerate(rows):
        if j != y:
            one.append(r.replace("@", " ").replace("+", "."))
        else:
            r = list(r.replace("@", " ").replace("+", "."))
            r[x] = "+" if rows[y][x] == "+" else "@"
            one.append("".join(r))
    lv = board.parse_rows(one, 1, "xsb", "sokoban")
    st = {}
    s = solver.solve(lv, time_limit=5, max_states=60000, stats=st)
    if s is not None:
        return True
    return False if st.get("complete") else None


def candidate(rng):
    W, H = rng.randint(7, 10), rng.randint(6, 8)
    floor = make_room(rng, W, H)
    if not floor or len(floor) < 14:
        return None
    floor, W, H = crop(floor)
    cells = sorted(floor)
    rng.shuffle(cells)
    n = rng.choice((2, 2, 3))
    heroes = cells[:2]
    boxes = set(cells[2:2 + n])
    targets = set(cells[2 + n:2 + 2 * n])
    rows = rows_of(W, H, floor, set(heroes), boxes, targets)
    lv = board.parse_rows(rows, 1, "xsb", "sokoban")
    st = {}
    sol = solver.solve(lv, time_limit=5, max_states=60000, stats=st)
    if sol is None:
        return None
    for h in heroes:
        if solved_alone(rows, h) is not False:
            return None
    return rows, sol, st.get("moves") or 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.whirly.multihero")
    ap.add_argument("--count", type=int, default=8)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--tries", type=int, default=4000)
    ap.add_argument("--out", default=os.path.join(_ROOT, "levels", "whirly", "13-two-heroes.txt"))
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    found = []
    for _ in range(a.tries):
        got = candidate(rng)
        if got is not None:
            found.append(got)
            if len(found) >= a.count * 3:
                break
    found.sort(key=lambda f: f[2])
    pick = found[-a.count:]
    if not pick:
        print("multihero: no level found", file=sys.stderr)
        return 1
    out = [HEADER.format(seed=a.seed, count=a.count)]
    for i, (rows, sol, moves) in enumerate(pick):
        out.append("\n".join(rows) + "\nTitle: Together %d\nSolution: %s\n" % (i + 1, sol))
    with open(a.out, "w") as f:
        f.write("\n".join(out))
    print("%s: %d levels (%d candidates kept of the tries), %s moves" % (
        a.out, len(pick), len(found), ", ".join(str(p[2]) for p in pick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
