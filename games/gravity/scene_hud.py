"""Gravity room HUD, GravityScene methods (bound in scene.py): whose turn, the gravity arrow,
each player's flow, the line saying what to do, and the result texts."""

from handheld import font
from handheld.gfx import wrap
from handheld.match import HUMAN, DRAW
from games.gravity.constants import (NONE, PLAY, SETUP_GRAVITY, SETUP_OBJECTIVE, SETUP_PAWNS)
from games.gravity.scene_input import MODE_CURSOR, MODE_DIR, MODE_GRAVITY

ARROWS = (font.ARROW_UP, font.ARROW_RIGHT, font.ARROW_DOWN, font.ARROW_LEFT)
SHAPES = (font.BOX_FULL, font.DOT_BIG, font.CROSS)


def shape(self, p):
    return SHAPES[p]


def who(self, p):
    """The player's name, short enough for the HUD's first line."""
    name = self.player_name(p)
    if len(name) + 2 > self.cols:
        name = "P%d" % (p + 1)
    return name


def flow_text(self, p):
    e = self.engine
    line = e.flow_line[p]
    if line == NONE:
        return "-" if not self.wide else "no flow"
    s = e.flow_dir[p]
    if line < e.height:
        return "R%d%s" % (line + 1, ARROWS[1] if s else ARROWS[3])
    return "C%d%s" % (line - e.height + 1, ARROWS[2] if s else ARROWS[0])


def draw_hud(self):
    e = self.engine
    hud = self.hud
    wide = self.wide
    P = e.players
    w = e.winner()
    if getattr(self, "animating", False):
        w = -1          # the result shows once the winning slide has been seen
    # row 0: whose turn (or the result)
    if w == DRAW:
        top = "Draw"
    elif w >= 0:
        top = self.shape(w) + (" %s won" % self.who(w) if wide else "won")
    else:
        top = self.shape(e.turn) + (" " if wide else "") + self.who(e.turn)
    hud.line(0, top)
    # rows 1-2: the big arrow (columns 0-2), the proposal beside it
    shown = e.gravity
    if e.phase == SETUP_GRAVITY:
        shown = self.prop
    if shown < 0:
        self.arrow.hidden = True
    else:
        self.arrow.hidden = False
        if self.arrow[0, 0] != shown:
            self.arrow[0, 0] = shown
    label = ""
    if e.phase != SETUP_GRAVITY:
        label = "gravity" if wide else ""
    hud.line(1, "   " + label)
    prop = ""
    if self.mode == MODE_GRAVITY and self.prop >= 0 and self.human_turn() \
            and e.phase == PLAY:
        ok = e.is_legal(self.prop)
        prop = ARROWS[self.prop] + ((" A" if wide else "A") if ok else font.CROSS)
    hud.line(2, "   " + prop)
    # rows 3..: one line per player's flow
    row = 3
    for p in range(P):
        hud.line(row, self.shape(p) + (" " if wide else "") + self.flow_text(p))
        row += 1
    # then what to do, or why not
    lines = self.message()
    for r in range(row, 8):
        k = r - row
        hud.line(r, lines[k] if k < len(lines) else "")


def message(self):
    """The HUD's last lines: a refusal, what is being chosen, or the CPU at work."""
    e = self.engine
    wide = self.wide
    if e.winner() >= 0:
        return wrap("START: menu", self.cols) if wide else ["START", "menu"]
    if self.animating:
        return []
    if self.kinds[e.turn] != HUMAN:
        return wrap("Thinking" + font.ELLIPSIS, self.cols) if wide \
            else ["plays", font.ELLIPSIS]
    note = self.note
    if note is not None:
        return wrap(note[0], self.cols) if wide else note[1]
    ph = e.phase
    if ph == SETUP_GRAVITY:
        return ["Gravity:", "d-pad, A"] if wide else ["grav?", "A:ok"]
    if ph == SETUP_OBJECTIVE:
        return wrap("Place the objective", self.cols) if wide else ["place", "goal"]
    if ph == SETUP_PAWNS:
        q = e.placing()
        s = self.shape(q)
        return wrap("Place %s P%d's pawn" % (s, q + 1), self.cols) if wide \
            else ["place", s + "pawn"]
    if self.mode == MODE_CURSOR:
        return ["Flow line?", "A: pick", "B: gravity"] if wide \
            else ["line?", "A:ok", "B:grv"]
    if self.mode == MODE_DIR:
        return ["%s%s: row" % (ARROWS[3], ARROWS[1]),
                "%s%s: column" % (ARROWS[0], ARROWS[2])] if wide \
            else [ARROWS[3] + ARROWS[1] + "row", ARROWS[0] + ARROWS[2] + "col"]
    if self.prop >= 0 and e.is_legal(self.prop):
        return wrap("A: play it", self.cols) if wide else ["A:go"]
    return ["Gravity?", "SEL: flow"] if wide else ["grav?", "SEL:", "flow"]


def result_lines(self):
    e = self.engine
    turns = e.plies + (1 if 0 <= e.won < DRAW else 0)   # the winning turn ends before it counts
    lines = ["%d turn%s" % (turns, "" if turns == 1 else "s")]
    if self.name:
        lines.insert(0, self.name)
    return lines


def describe_result(self):
    w = self.engine.winner()
    if w == DRAW:
        return "Draw (120 turns)"
    return "%s %s" % (self.shape(w), self.wins(w))
