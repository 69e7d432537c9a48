"""iQLANDIE space tasks: stack transparent 3x3 cards (shifted, turned, flipped) so the 3x3 window
shows exactly the target.

Cells are y * 3 + x. See TASKS.md.
"""

SYMBOLS = ("", "Planet", "Star", "Sun", "Moon", "Meteor")
NSYM = 6
# Symbols turn with their card, and the window must show each one turned as on the task card,
# except the meteor (the seed frees its orientation). A field's value is symbol + NSYM * its
# orientation: the card's transform, reduced to what the picture shows (the sun looks the same
# in all 8, planet and moon in pairs). ORIENT[symbol * 8 + transform]; task_tiles.SPACE_ART is
# the picture (a test checks the table against it).
ORIENT = (b"\0\0\0\0\0\0\0\0"                  # empty
          b"\0\x01\0\x01\x04\x05\x04\x05"      # planet: a half turn looks the same
          b"\0\x01\x02\x03\0\x01\x02\x03"      # star: its mirror looks the same
          b"\0\0\0\0\0\0\0\0"                  # sun: symmetric
          b"\0\x01\x02\x03\x02\x03\0\x01"      # moon: mirrored top-bottom looks the same
          b"\0\0\0\0\0\0\0\0")                 # meteor: free (the seed)

# TILE[value]: the space sheet's tile of a window value, only the 14 looks that show (+ empty);
# + NTILES: inverted (the card being moved). A test derives it from ORIENT.
TILE = (b"\x00\x01\x02\x03\x04\x05\x00\x06\x07\x00\x08\x00\x00\x00\x09\x00"
        b"\x0a\x00\x00\x00\x0b\x00\x0c\x00\x00\x0d\x00\x00\x00\x00\x00\x0e"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
NTILES = 15
# The 5 space cards every player owns (0 = transparent), each symbol printed upright.
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
    """The 9 cells of card `card` as seen after transform t (0..7): symbol + NSYM * orientation."""
    c = CARDS[card]
    p = PERM[t]
    out = bytearray(9)
    for i in range(9):
        v = c[p[i]]
        out[i] = v + NSYM * ORIENT[v * 8 + t]
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
                        out[y * 3 + x] = v + NSYM * ORIENT[v * 8 + t]


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


def generate(rng, difficulty=1):
    """A seeded task (space_gen.py: its tables and code are in the heap only while the round's
    task is generated; screens.GameScene.round_task frees them)."""
    from games.iqlandie import space_gen
    return space_gen.generate(rng, difficulty)


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
