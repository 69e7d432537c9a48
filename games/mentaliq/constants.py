"""Mental IQ+ constants shared by the engine and its rule modules: tiles, pieces, actions,
action and event kinds, limits, and movable()."""

# tiles
T_FLOOR = 0
T_HOLE = 1
T_FLAG = 2
T_SLIDER = 3
T_VECTOR = 4  # 4 + direction: 4 up, 5 right, 6 down, 7 left
T_TRANSFERT = 8
# pieces
P_NONE = 0
P_GWYDYON = 1
P_JEWEL = 2
P_BRICK = 3
P_BOMB = 4
P_REP = 5
P_REP2 = 6
P_BLOCK = 7
P_TB_UP = 8
P_TB_DOWN = 9

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3
PLANE_UP = 4
PLANE_DOWN = 5

# kinds of an action (last_kind, history)
K_STEP = 0
K_PUSH = 1  # Gwydyon's step pushed a piece (moved, destroyed or merged it, or fired a bomb)
K_PLANE = 2
K_BLOCKED = 7  # the last play() was refused

# event kinds (events[3i] & 15); a, b = events[3i + 1], events[3i + 2]
EV_STEP = 1  # Gwydyon steps a -> b
EV_PUSH = 2  # a pushed piece moves a -> b
EV_SLIDE = 3  # a piece slides a -> b (Gwydyon too)
EV_VECTOR = 4  # a vector moves a piece a -> b
EV_TRANSBORDER = 5  # a piece pushed or sliding from a is carried to b on another plane
EV_REPULSE = 6  # a repulsor is pushed back a -> b
EV_BOOM = 7  # bomb at a destroys the piece at b (piece = the destroyed kind)
EV_BRICK = 8  # the repulsor at b turns into a brick (a: the repulsor that caused it)
EV_PLANE = 9  # Gwydyon changes plane a -> b
EV_LOOP = 10  # the settle stopped at a repeated position

UNDO_WORDS = 1600  # 3.2 KB: about 520 plain steps or 320 pushes (the ring drops the oldest)
SETTLE_MAX = 400  # vector steps in one settle (a loop stops earlier, at its first repeat)
EVENTS_MAX = 64
MAX_CELLS = 512  # 4 planes x 16 x 8

_HASRANK = 0x2000
_SEEN = 1024  # hash set slots (power of two) for settle loop detection
_HM = 1 << 29  # position hash modulus: sums stay small ints (< 2**30) on every target

# _move results (>= 0: the cell the piece moved to)
_BLOCKED = -1  # nothing changed
_GONE = -2  # the mover was destroyed or merged into a brick
_STAYED = -3  # the mover is a bomb that destroyed what it was pushed toward

_M_PUSH = 0
_M_SLIDE = 1
_M_VECTOR = 2
_EV_OF_MODE = (EV_PUSH, EV_SLIDE, EV_VECTOR)


def movable(p):
    """Can this piece be pushed (and moved by sliders and vectors)?"""
    return P_JEWEL <= p <= P_REP2
