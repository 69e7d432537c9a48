"""MobGer PuzzleScene methods (bound in puzzle_scene.py): HUD, timer, LEDs, stats, rules page."""
from handheld import font
from games.mobger import puzzles as P
from games.mobger.constants import NONE
from games.mobger.puzzle_game import PENALTY_S


def stats(self):
    out = [("Time", "%ds" % self.engine.seconds())]
    if self.penalties:
        out.append(("Wrong", "%d (+%ds)" % (self.penalties, self.penalties * PENALTY_S)))
    return out


def rules(self):
    keys = {P.START: "D-pad: choose a Ger. A: it starts the sequence. SELECT: ranks.",
            P.JOKER: "LEFT/RIGHT: turn the Joker's arrow. A: answer. "
                     "SELECT: picture one / two.",
            P.REACH: "D-pad + A: play a move. B: undo, SELECT held + B: redo. "
                     "SELECT: board / target."}
    return "%s\n\n%s\nA wrong answer adds %d s.\n\n%s" % (
        self.puzzle.question(), keys[self.puzzle.kind], PENALTY_S, self.game.RULES)


def show_leds(self):
    v = self.view
    r = self.puzzle.joker if self.puzzle.kind == P.JOKER else v.cur
    if r != NONE and r < len(self.led):
        self.app.leds.fill(self.led[r])


def timer_row(self):
    return 6


def draw_timer(self):
    s = self.engine.ms // 1000
    self.shown_s = s
    hud = self.view.hud
    hud.line(self.timer_row(), ("time" if hud.cols >= 9 else "t"), right="%ds" % s)


def ger_name(self, r, wide):
    p = self.puzzle
    if r == NONE:
        return ""
    name = p.color_name(r)
    return "#%d %s" % (r + 1, name) if wide else "#%d" % (r + 1)


def draw_hud(self):
    p = self.puzzle
    v = self.view
    hud = v.hud
    wide = hud.cols >= 9
    e = self.engine.e
    pic = ""
    if self.picture2 is not None:
        pic = ("target" if p.kind == P.REACH else "pic 2") if self.showing2 else "pic 1"
    if p.kind == P.START:
        rows = ("Who starts?" if wide else "Who?", "to house" if wide else "house",
                self.ger_name(p.target, wide), "" if wide else p.color_name(p.target),
                "pick " + self.ger_name(v.cur, wide) if wide else self.ger_name(v.cur, 0),
                ("SEL arrows" if v.ranks else "SEL ranks") if wide else "", "",
                "A: start" if wide else "")
    elif p.kind == P.JOKER:
        rows = ("Joker?", "#%d" % (p.joker + 1) + (" is Joker" if wide else "=J"),
                "starts:" if wide else "start", self.ger_name(p.start, wide),
                "try " + P.DIR_NAMES[self.choice] if wide else
                font.ARROW_LEFT + font.ARROW_RIGHT + P.DIR_NAMES[self.choice][:3],
                pic, "", "A: answer" if wide else "")
    else:
        rows = ("Reach" if wide else "Reach",
                ("in %d moves" if wide else "in %d") % p.moves,
                ("moves %d" if wide else "m %d") % e.nactions,
                self.ger_name(v.cur, wide) if not self.showing2 else "",
                "", pic, "", "B undo" if wide else "")
    for i in range(8):
        if i != self.timer_row():
            hud.line(i, rows[i])
    self.draw_timer()
