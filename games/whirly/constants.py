"""Whirly constants shared by the engine and its rule modules: cell bytes, actions, action
kinds, and which unit colours may stand on which ground (_EMASK)."""

from array import array

G_FLOOR = 0x00
G_WALL = 0x10
G_VOID = 0x20
T_HTARGET = 0x10
T_TARGET = 0x20
U_HERO = 0x10
U_BOX = 0x20
COLOURS = "xabcdefghi"

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3
SELECT = 4
SELECT_PREV = 5

# kinds of an action (last_kind, history); 1..5 are rules.PUSH..rules.JUMP
K_PLAIN = 0
K_PUSH = 1
K_PULL = 2
K_SWAP = 3
K_LEAP = 4
K_JUMP = 5
K_SELECT = 6
K_BLOCKED = 7  # last play() was refused

MAX_W = 64  # map limits of a level
MAX_H = 64

UNDO_WORDS = 1200  # 2.4 KB: >= 600 pushes or 1200 plain steps of undo (the ring drops the oldest)


def _entry_masks():
    # bit uc set when a unit of colour uc may stand on ground byte g (index g < 0x30)
    out = array("H", bytes(96))
    for g in range(0x20):
        col = g & 15
        if col > 9:
            continue
        m = 0
        for uc in range(10):
            match = col == 0 or uc == 0 or uc == col
            if (g < 0x10) == match:  # a floor admits matching units, a wall the others
                m |= 1 << uc
        out[g] = m
    return out


_EMASK = _entry_masks()
