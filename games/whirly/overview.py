"""Whirly's level map: the whole level at 3, 2 or 1 pixels a cell, for a level that does not fit
on the screen (the board view then scrolls with the hero). Shown on demand and loaded only for
that: show() is called through handheld.entry.once, so this module leaves the heap again at
once, and the map's bitmap goes when the map is closed. Any button closes it.

The map: walls checkered (coloured walls sparser), boxes, boxes on their targets (filled),
targets, htargets;
the active hero blinks; the part of the level the board shows is framed by four corner marks.
At 1 px a cell only walls, boxes and the hero are drawn. A text column on the right, when there
is room, gives the level and what is left.
"""
import displayio

from handheld import buttons as B
from handheld.gfx import TextGrid, palette
from handheld.scenes import Scene
from games.whirly.constants import G_WALL, G_VOID, T_TARGET, U_HERO

BLINK_MS = 350
W = 128
H = 64
# Cell art, row by row ('#' lit), by cell size: floor, wall, coloured wall, target, htarget,
# box, box on its target, hero.
ART = {
    3: ("", "#.#.#.#.#", "###......", "....#....", ".#.#.#.#.", "####.####", "#########",
        ".#.###.#."),
    2: ("", "#..#", "#...", "..#.", ".#..", "####", "###.", "####"),
    1: ("", "#", "#", "", "", "#", "#", "#"),
}
FLOOR, WALL, GATE, TARGET, HTARGET, BOX, HOME, HERO = range(8)


def show(play):
    """Open the map over a WhirlyScene (`play`: engine, ox, oy, vw, vh, index)."""
    play.app.push(Overview(play.app, play))


def kind(e, c):
    g = e.ground[c]
    if g & 0xF0 == G_VOID:
        return FLOOR
    if g & 0xF0 == G_WALL:
        return GATE if g & 15 else WALL
    u = e.unit[c]
    t = e.goal[c]
    if u:
        if u & 0xF0 == U_HERO:
            return HERO
        home = t & 0xF0 == T_TARGET and (t & 15 == u & 15 or not t & 15 or not u & 15)
        return HOME if home else BOX
    if t:
        return TARGET if t & 0xF0 == T_TARGET else HTARGET
    return FLOOR


class Overview(Scene):
    def __init__(self, app, play):
        Scene.__init__(self, app)
        e = self.engine = play.engine
        w, h = e.width, e.height
        p = self.p = max(1, min(3, W // w, H // h))
        self.art = [[(i % p, i // p) for i in range(len(a)) if a[i] == "#"] for a in ART[p]]
        cols = (W - w * p - 2) // 6
        x0 = (W - w * p - (cols * 6 + 2 if cols >= 5 else 0)) // 2
        y0 = (H - h * p) // 2
        bm = self.bitmap = displayio.Bitmap(w * p, h * p, 2)
        self.group.append(displayio.TileGrid(bm, pixel_shader=palette(), x=x0, y=y0))
        for c in range(e.size):
            k = kind(e, c)
            if k != FLOOR:
                self.cell(c, k)
        self.frame(play)
        if cols >= 5:
            text = TextGrid(cols=cols, rows=8, x=W - cols * 6, y=0)
            lines = ("Map", "L%d" % (play.index + 1), "%dx%d" % (w, h), "left",
                     "%d" % e.goals_left(), "", "press", "a key")
            for row in range(8):
                text.line(row, lines[row])
            self.group.append(text.grid)
        self.hero = e.hero
        self.lit = True
        self.at = app.now

    def cell(self, c, k, value=1):
        """Draw cell c as kind k, or (value 0) clear it."""
        e = self.engine
        p = self.p
        bx = c % e.width * p
        by = c // e.width * p
        bm = self.bitmap
        if value:
            for dx, dy in self.art[k]:
                bm[bx + dx, by + dy] = 1
        else:
            for i in range(p * p):
                bm[bx + i % p, by + i // p] = 0

    def frame(self, play):
        """Corner marks of the part of the level the board shows (if it does not show it all)."""
        e = self.engine
        if play.vw >= e.width and play.vh >= e.height:
            return
        p = self.p
        bm = self.bitmap
        x1 = play.ox * p
        y1 = play.oy * p
        x2 = (play.ox + play.vw) * p - 1
        y2 = (play.oy + play.vh) * p - 1
        n = max(2, p * 2)
        for i in range(n):
            for x, y in ((x1 + i, y1), (x1, y1 + i), (x2 - i, y1), (x2, y1 + i),
                         (x1 + i, y2), (x1, y2 - i), (x2 - i, y2), (x2, y2 - i)):
                bm[x, y] = 1

    def tick(self, now):
        if now - self.at >= BLINK_MS:
            self.at = now
            self.lit = not self.lit
            self.cell(self.hero, HERO, 0)
            self.cell(self.hero, HERO if self.lit else under_hero(self.engine, self.hero))

    def on_button(self, button, how):
        if how == B.PRESS:
            self.app.pop()


def under_hero(e, c):
    t = e.goal[c]
    if t:
        return TARGET if t & 0xF0 == T_TARGET else HTARGET
    return FLOOR
