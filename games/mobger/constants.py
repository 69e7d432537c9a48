"""MobGer engine constants: board limits, directions, objects, flags, end reasons, colours."""

MIN_W = 5
MIN_H = 5
MAX_W = 12
MAX_H = 8
MAX_CELLS = MAX_W * MAX_H
MAX_GERS = 12
MAX_ACTIONS = 12
MAX_OBJ = 8  # per object kind
DRAW = 255
NONE = 0xFF
QUIET_MAX = 30  # sequences without a removal before a draw
MAX_MOVES = 400  # > 12 removals x 30 quiet sequences: never reached by a legal game
FIELDS_MAX = 1024  # animation words per sequence
RW = 16  # undo record words
LOG_RING = 128  # undo records kept (a ring: 4 KB instead of 13 KB for the longest game); the
                # repetition rule looks back at most QUIET_MAX records, well inside it
LOG_START = 32  # undo records allocated at first (1 KB); the log doubles up to LOG_RING as a
                # game gets longer (engine_move._grow)

# directions: 0 up, 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left, 7 up-left
DX = (0, 1, 1, 1, 0, -1, -1, -1)
DY = (-1, -1, 0, 1, 1, 1, 0, -1)
_DIR_OF = (7, 0, 1, 6, 0, 2, 5, 4, 3)  # [(dy + 1) * 3 + dx + 1]

O_NONE = 0
O_CUBOID = 1
O_DEF_CW = 2
O_DEF_CCW = 3
O_FF_CW = 4
O_FF_CCW = 5

K_NORMAL = 0
K_JOKER = 1

# anim_fields flags (bits 11-12)
F_PASS = 0  # jumped over an occupied field (or, Black Ger with special status, an object)
F_HIT = 1  # hit an object or a reflecting Ger: not entered, direction changed
F_DEST = 2  # the destination

# end reasons (engine.reason)
R_NONE = 0
R_BLACK_HOME = 1  # goal A: the Black Ger returned to the House
R_COMPLETE = 2  # goal B: a player has all their Gers and the Black Ger in the House
R_STUCK = 3  # draw: proven that the game can no longer be won
R_QUIET = 4  # draw: QUIET_MAX sequences without a removal
R_NO_MOVE = 5  # draw: no legal move left
R_BLOCKED = 6  # draw (goal B): the special Black Ger occupies the House for good
R_FULL = 7  # draw: the move log is full (unreachable in practice)

GOAL_A = 0
GOAL_B = 1

# Colour circle, black first. RGB for the NeoPixels; black shows as a dim white so the LED is lit.
COLORS = (
    ("black", (24, 24, 24)),
    ("red", (255, 0, 0)),
    ("orange", (255, 80, 0)),
    ("yellow", (255, 200, 0)),
    ("lime", (140, 255, 0)),
    ("green", (0, 255, 0)),
    ("teal", (0, 255, 120)),
    ("cyan", (0, 200, 255)),
    ("blue", (0, 0, 255)),
    ("indigo", (80, 0, 255)),
    ("purple", (160, 0, 255)),
    ("magenta", (255, 0, 160)),
)
# Colour sequences (indexes into COLORS): short 6, medium 9, long 12. Their length caps the Gers.
SEQUENCES = (
    (0, 1, 3, 5, 8, 10),
    (0, 1, 2, 3, 5, 7, 8, 10, 11),
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
)
SEQ_NAMES = ("short", "medium", "long")
