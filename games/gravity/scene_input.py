"""Gravity room move entry, GravityScene methods (bound in scene.py): the buttons on a human's
turn (propose a gravity, flow mode with its cell cursor, setup placements) and why a choice is
refused."""

from handheld import buttons as B
from games.gravity.constants import (FLOW_BASE, LEGAL, NONE, OTHERS_FLOW, PLACE_BASE, PLAY,
                                     REVERSE_BACK, SAME_FLOW, SAME_GRAVITY)

MODE_GRAVITY = 0          # the d-pad proposes a gravity direction
MODE_CURSOR = 1           # the d-pad moves the cell cursor (a placement, or a flow's line)
MODE_DIR = 2              # flow mode, cell chosen: the d-pad lays the flow

# d-pad buttons (UP, DOWN, LEFT, RIGHT) -> engine directions (0 up, 1 right, 2 down, 3 left)
DIR_OF = (0, 2, 3, 1)
DIR_NAMES = ("up", "right", "down", "left")


def handle(self, button, kind):
    if kind != B.PRESS and kind != B.REPEAT:
        return
    e = self.engine
    mode = self.mode
    if mode == MODE_GRAVITY:
        if button <= B.RIGHT:
            self.propose(DIR_OF[button])
        elif kind != B.PRESS:
            return
        elif button == B.A:
            if self.prop < 0:
                self.refuse("Choose a direction", ["d-pad", "first"])
            elif not e.is_legal(self.prop):
                self.propose(self.prop)           # say why again
            else:
                self.submit(self.prop)
        elif button == B.SELECT and e.phase == PLAY:
            self.enter_flow_mode()
        return
    if mode == MODE_CURSOR:
        if button <= B.RIGHT:
            self.move_cursor(DIR_OF[button])
        elif kind != B.PRESS:
            return
        elif button == B.A:
            self.pick_cell()
        elif (button == B.B or button == B.SELECT) and e.phase == PLAY:
            self.mode = MODE_GRAVITY
            self.note = None
            self.show_cursor()
            self.draw_hud()
        return
    # MODE_DIR
    if kind != B.PRESS:
        return
    if button <= B.RIGHT:
        self.lay_flow(DIR_OF[button])
    elif button == B.B:
        self.mode = MODE_CURSOR
        self.note = None
        self.show_cursor()
        self.draw_hud()


def propose(self, d):
    e = self.engine
    self.prop = d
    self.note = None
    why = e.refusal(d) if e.phase == PLAY else LEGAL
    if why == SAME_GRAVITY:
        self.note = ("Already %s" % DIR_NAMES[d], ["is", "now"])
    elif why == REVERSE_BACK:
        self.note = ("No U-turn (rule 1)", ["no", "back", "(r1)"])
    self.draw_hud()


def enter_flow_mode(self):
    e = self.engine
    c = e.pos[e.turn]
    if c != NONE:
        self.cx = c % e.width
        self.cy = c // e.width
    self.mode = MODE_CURSOR
    self.prop = -1
    self.note = None
    self.show_cursor()
    self.draw_hud()


def move_cursor(self, d):
    e = self.engine
    if d == 0:
        self.cy = (self.cy - 1) % e.height
    elif d == 2:
        self.cy = (self.cy + 1) % e.height
    elif d == 1:
        self.cx = (self.cx + 1) % e.width
    else:
        self.cx = (self.cx - 1) % e.width
    if self.note is not None:
        self.note = None
        self.draw_hud()
    self.show_cursor()


def pick_cell(self):
    e = self.engine
    if e.phase == PLAY:
        self.mode = MODE_DIR
        self.note = None
        self.show_cursor()
        self.draw_hud()
        return
    a = PLACE_BASE + self.cy * e.width + self.cx
    if not self.submit(a):
        self.refuse("Cell taken, pick again", ["taken", "pick", "again"])


def flow_action(self, d):
    """The flow action laid from the cursor cell in direction d."""
    e = self.engine
    if d == 1 or d == 3:
        return FLOW_BASE + 2 * self.cy + (1 if d == 1 else 0)
    return FLOW_BASE + 2 * (e.height + self.cx) + (1 if d == 2 else 0)


def lay_flow(self, d):
    e = self.engine
    a = self.flow_action(d)
    why = e.refusal(a)
    if self.submit(a):
        return
    if why == OTHERS_FLOW:
        o = e.owner[(a - FLOW_BASE) >> 1]
        self.refuse("Line has P%d's flow" % (o + 1), [self.shape(o) + "'s", "flow"])
    elif why == SAME_FLOW:
        self.refuse("No change: same flow", ["no", "change"])
