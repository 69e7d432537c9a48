"""Gravity room constants shared by the engine and its rule modules: directions, action
numbering, board limits, refusal reasons, phases and limits of play."""

UP = 0
RIGHT = 1
DOWN = 2
LEFT = 3

FLOW_BASE = 4
PLACE_BASE = 44  # 4 + 2 * (12 + 8)
MIN_W = 4
MIN_H = 4
MAX_W = 12
MAX_H = 8
MAX_CELLS = MAX_W * MAX_H
MAX_ACTIONS = PLACE_BASE + MAX_CELLS  # 140
MAX_PLAYERS = 3
DRAW = 255
# refusal(action): why an action is not legal now (rule 1, rules 2-3, setup placement)
LEGAL = 0
NOT_NOW = 1        # wrong phase or out of range
SAME_GRAVITY = 2   # rule 1: the current direction
REVERSE_BACK = 3   # rule 1: back right after a reversal
OTHERS_FLOW = 4    # rules 2-3: another player's flow is on that line
SAME_FLOW = 5      # your flow is already there, pointing that way
CELL_TAKEN = 6     # setup: a pawn or the objective is there
NONE = 0xFF

SETUP_GRAVITY = 0
SETUP_OBJECTIVE = 1
SETUP_PAWNS = 2
PLAY = 3
OVER = 4

MAX_TURNS = 120  # turns of play without a winner: a draw
MAX_TICKS = 250  # a safety cap per action (a valid board stops far earlier)
SETTLE_MAX = 3  # times an action may start again from rest (a pawn left on a flow crossing)
MAX_REC = 63  # ticks recorded in path for the animation
FROZEN = 255  # lap[i]: the piece completed a full lap and stays for the rest of the action
_LOG = 16  # bytes per undo record
_MAXLOG = 8 + MAX_TURNS  # setup (<= 5 actions) + play
