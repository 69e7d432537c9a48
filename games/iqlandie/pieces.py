"""iQLANDIE pieces: 9 shapes (+ the 1x1 fallback), 8 orientations, colours, bags.

A piece is one byte: code = shape | colour << 4 | robot << 7. Cells of a shape are listed in a
fixed order in every orientation, so ROBOT_CELL[shape] names the robot's cell in all of them.
"""

# shape ids: the two trominoes, the five free tetrominoes, the P and U pentominoes, the 1x1
I3 = 0
V3 = 1
I4 = 2
O4 = 3
T4 = 4
S4 = 5
L4 = 6
P5 = 7
U5 = 8
MONO = 9
NSHAPES = 9  # real shapes (MONO is only the fallback)
SHAPE_NAMES = ("I3", "L3", "I4", "O4", "T4", "S4", "L4", "P5", "U5", "1x1")

# index (in the cell tuple) of the cell that carries the robot, for pieces that have one
ROBOT_CELL = (0, 1, 1, 0, 3, 0, 1, 1, 3, 0)
SIZE = (3, 3, 4, 4, 4, 4, 4, 5, 5, 1)

# colours; JOKER's colour is chosen by its owner at the end of the game
RED = 0
YELLOW = 1
GREEN = 2
BLUE = 3
PURPLE = 4
JOKER = 5
NCOLOURS = 5
COLOUR_NAMES = ("red", "yellow", "green", "blue", "purple", "joker")
COLOUR_LETTERS = "RYGBPJ"
RGB = ((255, 0, 0), (255, 200, 0), (0, 200, 0), (0, 60, 255), (170, 0, 255), (255, 255, 255))
# 1-bit fill pattern id per colour (the view draws PATTERNS[id], tiled and cropped to a cell)
PATTERN = (0, 1, 2, 3, 4, 5)
PATTERN_NAMES = ("solid", "checker", "h-stripes", "diagonal", "dots", "outline")
PATTERNS = (
    b"\xff\xff\xff\xff\xff\xff\xff\xff",
    b"\xaa\x55\xaa\x55\xaa\x55\xaa\x55",
    b"\xff\x00\xff\x00\xff\x00\xff\x00",
    b"\x88\x44\x22\x11\x88\x44\x22\x11",
    b"\x88\x00\x22\x00\x88\x00\x22\x00",
    b"\xff\x81\x81\x81\x81\x81\x81\xff",
)


def make(shape, colour, robot=0):
    return shape | (colour << 4) | (0x80 if robot else 0)


def shape_of(code):
    return code & 0x0F


def colour_of(code):
    return (code >> 4) & 0x07


def has_robot(code):
    return code >> 7


def size_of(code):
    return SIZE[code & 0x0F]


# The orientation tables (cells and bounding box of every shape in every orientation) are
# built by piece_orients.py, whose code leaves the heap right after. drop_tables() frees them
# while a task screen runs (screens.free_for_task, ~3 KB); load_tables() builds them again, and
# so does the first cells() or bbox() call after a drop (the module's names are rebound, so
# the rules' hot paths stay a plain table look-up).
_ORIENTS = _BOXES = DISTINCT = None


def _cells(shape, orient):
    """Cells (x, y) of a shape in orientation 0..7, in the shape's fixed cell order."""
    return _ORIENTS[shape * 8 + orient]


def _bbox(shape, orient):
    """(width, height) of a shape in orientation 0..7."""
    return _BOXES[shape * 8 + orient]


def _cells_later(shape, orient):
    load_tables()
    return _ORIENTS[shape * 8 + orient]


def _bbox_later(shape, orient):
    load_tables()
    return _BOXES[shape * 8 + orient]


cells = _cells
bbox = _bbox


def forget_module(name):
    """Free games.iqlandie.<name> (sys.modules and the package's reference)."""
    import sys
    sys.modules.pop("games.iqlandie." + name, None)
    pkg = sys.modules.get("games.iqlandie")
    if pkg is not None and name in pkg.__dict__:
        delattr(pkg, name)


def load_tables():
    global _ORIENTS, _BOXES, DISTINCT, cells, bbox
    if _ORIENTS is None:
        from games.iqlandie import piece_orients as m
        _ORIENTS, _BOXES, dis = m.build()
        if DISTINCT is None:
            DISTINCT = dis
        forget_module("piece_orients")
    cells = _cells
    bbox = _bbox


def drop_tables():
    """Free the cells and bounding-box tables (DISTINCT, small, stays)."""
    global _ORIENTS, _BOXES, cells, bbox
    _ORIENTS = _BOXES = None
    cells = _cells_later
    bbox = _bbox_later


load_tables()


# Bags. Per shape: COPIES[size] pieces per colour (of them ROBOTS[size] carry a robot) plus one
# joker piece (no robot). Small 2 x 16 = 32, medium 5 x 11 = 55, large 2 x 36 = 72: 159 pieces.
SMALL = 0
MEDIUM = 1
LARGE = 2
BAG_SHAPES = ((I3, V3), (I4, O4, T4, S4, L4), (P5, U5))
COPIES = (3, 2, 7)
ROBOTS = (0, 1, 3)
# offer per topic by player count: (small, medium, large)
OFFER_MIX = {2: (1, 1, 1), 3: (1, 2, 1), 4: (1, 2, 2)}


def bag_contents(bag):
    """bytearray of the codes in a full bag, in a fixed order (the game shuffles it)."""
    out = bytearray()
    for s in BAG_SHAPES[bag]:
        for c in range(NCOLOURS):
            for k in range(COPIES[bag]):
                out.append(make(s, c, k < ROBOTS[bag]))
        out.append(make(s, JOKER))
    return out


def name(code):
    """Short text of a piece, e.g. 'P5 red R' (R = robot)."""
    return "%s %s%s" % (SHAPE_NAMES[shape_of(code)], COLOUR_NAMES[colour_of(code)],
                        " R" if has_robot(code) else "")
