"""Random valid Gravity room boards (host only).

A board is valid when every row and every column holds a wall (games/gravity/board.py). The
generator also refuses boards a player would find broken: a cell walled on all four sides (an
objective placed there could never be reached) and rooms split into parts that no path joins.
"""
import random

from games.gravity import board as B

NAMES_A = ("Quiet", "Tilted", "Dizzy", "Hollow", "Crooked", "Silent", "Windy", "Heavy", "Narrow",
           "Twisted", "Sunken", "Floating", "Upside", "Spinning", "Empty", "Folded")
NAMES_B = ("hall", "attic", "cellar", "loft", "gallery", "vault", "chapel", "corridor", "den",
           "well", "tower", "maze", "cabin", "lobby", "pantry", "studio")


def _connected(W, H, wall):
    seen = bytearray(W * H)
    stack = [0]
    seen[0] = 1
    n = 1
    while stack:
        c = stack.pop()
        x = c % W
        y = c // W
        for d in range(4):
            if wall[c] & (1 << d):
                continue
            if d == 0:
                m = ((y - 1) % H) * W + x
            elif d == 1:
                m = y * W + (x + 1) % W
            elif d == 2:
                m = ((y + 1) % H) * W + x
            else:
                m = y * W + (x - 1) % W
            if not seen[m]:
                seen[m] = 1
                n += 1
                stack.append(m)
    return n == W * H


def ok(W, H, wall):
    """True for a valid board with no walled-in cell and one connected room."""
    if B.check_walls(W, H, wall) is not None:
        return False
    for c in range(W * H):
        if wall[c] & 15 == 15:
            return False
    return _connected(W, H, wall)


def random_board(rnd, W, H, density=None, border=None, name=""):
    """A random valid board. density: chance of a wall per cell edge (default 0.12..0.28);
    border: chance of a wall on a border edge (default 0.2..0.9, lower = more wrap-around)."""
    while True:
        dens = density if density is not None else rnd.uniform(0.12, 0.28)
        bord = border if border is not None else rnd.uniform(0.2, 0.9)
        wall = bytearray(W * H)
        for y in range(H):
            for x in range(W):
                c = y * W + x
                # right edge (d=1) and bottom edge (d=2) of each cell: every edge once
                p = bord if x == W - 1 else dens
                if rnd.random() < p:
                    B.set_wall(wall, W, H, c, 1)
                p = bord if y == H - 1 else dens
                if rnd.random() < p:
                    B.set_wall(wall, W, H, c, 2)
        # a row or column without a wall gets one at a random place
        for y in range(H):
            if not any(wall[y * W + x] & 2 for x in range(W)):
                B.set_wall(wall, W, H, y * W + rnd.randrange(W), 1)
        for x in range(W):
            if not any(wall[y * W + x] & 4 for y in range(H)):
                B.set_wall(wall, W, H, rnd.randrange(H) * W + x, 2)
        if ok(W, H, wall):
            return B.Board(W, H, wall, name)


def board_name(rnd):
    return "%s %s" % (rnd.choice(NAMES_A), rnd.choice(NAMES_B))


SIZES = ((8, 8), (8, 8), (6, 6), (7, 6), (10, 8), (12, 8), (9, 7), (5, 5), (12, 6), (8, 6))


def generate(count, seed, width=None, height=None):
    """count boards; sizes vary unless width/height are given."""
    rnd = random.Random(seed)
    out = []
    names = set()
    for i in range(count):
        if width or height:
            W = width or 8
            H = height or 8
        else:
            W, H = SIZES[i % len(SIZES)]
        name = board_name(rnd)
        while name in names and len(names) < len(NAMES_A) * len(NAMES_B):
            name = board_name(rnd)
        names.add(name)
        out.append(random_board(rnd, W, H, name=name))
    return out


def pack_text(boards, title, description="", author="generated (python -m host_sim "
              "generate gravity)"):
    lines = ["Title: %s" % title, "Game: gravity", "Author: %s" % author]
    if description:
        lines.append("Description: %s" % description)
    for b in boards:
        lines.append("")
        lines.append(B.format_board(b))
        lines.append("Title: %s (%dx%d)" % (b.name, b.width, b.height) if b.name else
                     "Title: %dx%d room" % (b.width, b.height))
    return "\n".join(lines) + "\n"
