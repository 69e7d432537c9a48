"""Whirly on the handheld: the board view and its buttons. Rules live in engine.py.

The board is two TileGrids over the same cells: the static layer (floor, walls, goals) drawn
once, and the unit layer (heroes, boxes) where only the cells the engine reports as changed are
rewritten. Tiles are 8 px when the level fits, else 6, 5 or 4 px; bigger levels scroll.
"""
import displayio

from handheld import buttons as B
from handheld.gfx import TextGrid, palette, unit_palette, cached, COLS
from handheld.play import PlayScene
from handheld.scenes import TextPage
from games.whirly import tiles as T
from games.whirly import rules as R
from games.whirly.board import FORMAT
from games.whirly.engine import Engine, COLOURS, G_WALL, G_VOID, T_TARGET, U_HERO

SIZES = (8, 6, 5, 4)
SCREEN_W = 128
SCREEN_H = 64
HUD_MIN_COLS = 4
RESUME_UNDO_LIMIT = 400  # moves of undo history kept across a power cycle
BLINK_MS = (700, 250)   # shown / hidden: the active one of several heroes, a goal's cover
# NeoPixel colour of each Whirly colour x a b c d e f g h i (grey, blue, green, red, ...)
LED_COLOURS = (0x808080, 0x0030FF, 0x00C000, 0xFF0000, 0xFFB000, 0xC000C0, 0x00C0C0,
               0xFF5000, 0x6000FF, 0xFF3070)

def sheets(size):
    return cached(("whirly", size), lambda bitmap: T.make_sheets(bitmap, size))


def layout(w, h, coloured=False):
    """-> (tile size, view cols, view rows, hud 'right'/'bottom'/None): the biggest tile
    showing the whole level; colours stop at 5 px (none at 4) and scroll."""
    for size in SIZES:
        if w * size <= SCREEN_W and h * size <= SCREEN_H or coloured and size == 5:
            break
    vw = min(w, SCREEN_W // size)
    vh = min(h, SCREEN_H // size)
    if (SCREEN_W - vw * size - 1) // 6 >= HUD_MIN_COLS:
        hud = "right"
    elif SCREEN_H - vh * size >= 8:
        hud = "bottom"
    else:
        hud = None
    return size, vw, vh, hud


class WhirlyScene(PlayScene):
    has_hint = True

    def __init__(self, app, game, pack, index, progress, state=None, engine=None):
        text = pack.level(index)
        level = FORMAT.parse(text, pack.header)
        engine = engine or Engine()
        engine.load(level)
        if state:
            engine.load_state(state)
        PlayScene.__init__(self, app, game, pack, index, progress, engine)
        self.level = level
        self.comment = text.meta.get("comment") if text.meta else None
        self.blink_at = 0
        self.hidden = False
        size, vw, vh, hud = layout(level.width, level.height, T.coloured(engine))
        self.size, self.vw, self.vh, self.hud_at = size, vw, vh, hud
        self.has_map = vw < level.width or vh < level.height   # the board scrolls
        self.ox = self.oy = 0    # level cell shown at the view's top left
        static, units = sheets(size)
        board_w = SCREEN_W if hud != "right" else SCREEN_W - self.hud_cols() * 6 - 1
        board_h = SCREEN_H if hud != "bottom" else SCREEN_H - 8
        x = (board_w - vw * size) // 2
        y = (board_h - vh * size) // 2
        self.static = displayio.TileGrid(static, pixel_shader=palette(), width=vw, height=vh,
                                         tile_width=size, tile_height=size, x=x, y=y)
        self.units = displayio.TileGrid(units, pixel_shader=unit_palette(), width=vw, height=vh,
                                        tile_width=size, tile_height=size, x=x, y=y)
        self.group.append(self.static)
        self.group.append(self.units)
        self.hud = None
        if hud == "right":
            cols = self.hud_cols()
            self.hud = TextGrid(cols=cols, rows=8, x=SCREEN_W - cols * 6, y=0)
        elif hud == "bottom":
            self.hud = TextGrid(cols=COLS, rows=1, x=1, y=SCREEN_H - 8)
        if self.hud is not None:
            self.group.append(self.hud.grid)
        self.follow_hero(force=True)
        self.redraw()

    def hud_cols(self):
        return min(7, (SCREEN_W - self.vw * self.size - 1) // 6)

    # --- drawing ------------------------------------------------------------------------
    def static_tile(self, c):
        e = self.engine
        g = e.ground[c]
        kind = g & 0xF0
        if kind == G_VOID:
            return T.FLOOR
        if kind == G_WALL:
            return T.static_tile(T.WALL, g & 15, self.size)
        t = e.goal[c]
        if t:
            return T.static_tile(T.TARGET if t & 0xF0 == T_TARGET else T.HTARGET, t & 15,
                                 self.size, g & 15)
        return T.static_tile(T.GROUND, g & 15, self.size)

    def unit_tile(self, c):
        e = self.engine
        u = e.unit[c]
        if not u:
            return T.NONE
        colour = u & 15
        t = e.goal[c]
        home = t and t & 0xF0 == u & 0xF0 and R.matches(t & 15, colour)
        if u & 0xF0 == U_HERO:
            if self.hidden and (c == e.hero or t and not home and self.size < 8):
                return T.NONE
            if t and not home and not colour:
                return T.HERO_GOAL   # a grey hero on a target (XSB '+')
            return (T.HERO_HOME if home else T.HERO) + colour
        return (T.BOX_HOME if home else T.BOX) + colour

    def draw_cell(self, c):
        e = self.engine
        x = c % e.width - self.ox
        y = c // e.width - self.oy
        if 0 <= x < self.vw and 0 <= y < self.vh:
            tile = self.unit_tile(c)
            if self.units[x, y] != tile:
                self.units[x, y] = tile

    def redraw(self):
        e = self.engine
        w = e.width
        for y in range(self.vh):
            row = (y + self.oy) * w + self.ox
            for x in range(self.vw):
                c = row + x
                tile = self.static_tile(c)
                if self.static[x, y] != tile:
                    self.static[x, y] = tile
                tile = self.unit_tile(c)
                if self.units[x, y] != tile:
                    self.units[x, y] = tile
        self.draw_hud()
        self.show_leds()

    def draw_hud(self):
        hud = self.hud
        if hud is None:
            return
        e = self.engine
        if self.hud_at == "bottom":
            hud.line(0, "L%d m%d p%d" % (self.index + 1, e.moves, e.pushes),
                     right="%d left" % e.goals_left())
            return
        # adjacent counter rows: a move's HUD change is one small rectangle on the I2C bus
        hero = "hero " + COLOURS[e.hero_colour()] if e.heroes > 1 else ""
        lines = (("L%d" % (self.index + 1), ""), ("", ""), ("m", "%d" % e.moves),
                 ("p", "%d" % e.pushes), ("left", "%d" % e.goals_left()), ("", ""),
                 (hero, ""), ("", ""))
        for row in range(8):
            hud.line(row, lines[row][0], right=lines[row][1])

    def show_leds(self):
        leds = self.app.leds
        if not leds.n:
            return
        e = self.engine
        leds.set(0, LED_COLOURS[e.hero_colour()])
        goals = e.goals_left()
        total = max(1, goals + self.done_goals())
        lit = (leds.n - 1) * (total - goals) // total
        for i in range(1, leds.n):
            leds.set(i, 0x00A020 if i <= lit else 0)

    def done_goals(self):
        e = self.engine
        return e.sat[1] + e.sat[2]

    def follow_hero(self, force=False):
        """Scroll to keep the hero 2 cells from the view's edge."""
        e = self.engine
        if e.width <= self.vw and e.height <= self.vh:
            return False
        hx, hy = e.hero % e.width, e.hero // e.width
        ox, oy = self.ox, self.oy
        if force or hx < ox + 2 or hx >= ox + self.vw - 2:
            ox = max(0, min(hx - self.vw // 2, e.width - self.vw))
        if force or hy < oy + 2 or hy >= oy + self.vh - 2:
            oy = max(0, min(hy - self.vh // 2, e.height - self.vh))
        if (ox, oy) == (self.ox, self.oy):
            return False
        self.ox, self.oy = ox, oy
        return True

    def after_move(self):
        e = self.engine
        if self.follow_hero():
            self.redraw()
        else:
            ch = e.changed
            for i in range(e.nchanged):
                self.draw_cell(ch[i])
            self.draw_hud()
            self.show_leds()

    def after_change(self):
        """After undo or restart: only the changed cells are drawn."""
        self.show_hero()
        self.after_move()
        if self.dirty_since < 0:
            self.dirty_since = self.app.now

    # --- buttons ------------------------------------------------------------------------
    def handle(self, button, kind):
        if kind != B.PRESS and kind != B.REPEAT:
            return
        e = self.engine
        if button <= B.RIGHT:
            self.act(_ACTION[button])
        elif button == B.B:
            self.undo()
        elif button == B.SELECT and kind == B.PRESS and e.heroes > 1:
            self.act(4)
        elif button == B.A and kind == B.PRESS:
            self.app.push(TextPage(self.app, "Level %d" % (self.index + 1), self.info()))

    def show_move(self, action):
        if not self.engine.play(action):
            return False
        self.show_hero()
        self.after_move()
        if action < 4:   # switching heroes is not a move
            self.moved()
        return True

    def select_with(self, button, kind):
        """SELECT held + A: the whole level on one screen (the map)."""
        if button == B.A and kind == B.PRESS:
            self.overview()
            return True
        return False

    def overview(self):
        from handheld.entry import once
        once("games.whirly.overview", "show", self)

    def whole(self):
        self.follow_hero(force=True)
        self.redraw()

    def status(self, text):
        hud = self.hud
        if hud is None:
            return
        if self.hud_at == "bottom":
            hud.line(0, text)
            return
        words = text.split(" ")   # right-hand HUD: a word a row on rows 5-7
        for w in words:
            if len(w) > hud.cols:   # no note rather than a cut word
                words = ()
        for row in range(5, 8):
            k = row - 5
            hud.line(row, words[k] if k < len(words) else "")

    def solution(self):
        from handheld.moves import parse   # notation.parse_moves, without its 3 KB of code
        try:
            return parse(self.level.solution, "*~")
        except ValueError:
            return None

    def show_hero(self):
        self.hidden = False
        self.blink_at = self.app.now

    def tick(self, now):
        PlayScene.tick(self, now)
        e = self.engine
        if self.finished or e.heroes < 2 and (self.size == 8 or not self.covers_goal(e.hero)):
            return
        if now - self.blink_at >= BLINK_MS[1 if self.hidden else 0]:
            self.blink_at = now
            self.hidden = not self.hidden
            for i in range(e.heroes):
                self.draw_cell(e.hpos[i])

    def covers_goal(self, c):
        # a coloured hero on a goal not its own: below 8 px it hides the goal, so it blinks
        e = self.engine
        t = e.goal[c]
        u = e.unit[c]
        return t and u & 15 and not (t & 0xF0 == U_HERO and R.matches(t & 15, u & 15))

    # --- game-specific texts: scene_text.py, imported when one is asked for -------------------
    def info(self):
        from games.whirly.scene_text import info
        return info(self)

    def rules(self):
        from games.whirly.scene_text import rules
        return rules(self)

    def stats(self):
        from games.whirly.scene_text import stats
        return stats(self)

    def score(self):
        return self.engine.moves

    def resume_state(self):
        # Keep the record small enough for the 4 KB save memory: the last moves stay undoable.
        return self.engine.save_state(RESUME_UNDO_LIMIT)

    def hint(self):
        from games.whirly.hint import hint
        return hint(self.engine, self.level)


_ACTION = (0, 2, 3, 1)  # UP, DOWN, LEFT, RIGHT buttons -> engine up, down, left, right
