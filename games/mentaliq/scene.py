"""Mental IQ+ on the handheld: Gwydyon's plane in detail, every plane in a strip at the right.

Left: the plane Gwydyon is on, 8 px tiles when it fits 96x48 px, else 6 px (16x8 cells).
Right: a 32x64 strip with one mini-map per plane (top = highest plane), pieces lit;
Gwydyon's plane is drawn inverted. Bottom: two HUD rows. Slides, vector steps,
explosions and répulsor effects are replayed frame by frame from the engine's events; any key
skips to the end. Rules live in engine.py.
"""
import displayio

from handheld import buttons as B
from handheld.gfx import TextGrid, palette, unit_palette, cached
from handheld.play import PlayScene
from handheld.scenes import TextPage
from handheld.leds import ERROR
from games.mentaliq import tiles as T
from games.mentaliq import engine as E
from games.mentaliq.board_read import FORMAT

BOARD_W = 96
BOARD_H = 48
STRIP_X = 96
BAND = 16              # strip height per plane (4 planes x 16 = 64 px)
FRAME_MS = 70          # one animation frame
PLANE_LEDS = (0x2040FF, 0x00C060, 0xFFA000, 0xC000FF)   # plane 1..4
BOOM_LED = 0xFF6000
_ACTION = (0, 2, 3, 1)  # UP, DOWN, LEFT, RIGHT buttons -> engine up, down, left, right

def sheets(size):
    return cached(("mentaliq", size), lambda bitmap: T.make_sheets(bitmap, size))


def tile_size(w, h):
    return 8 if w * 8 <= BOARD_W and h * 8 <= BOARD_H else 6


class MentalScene(PlayScene):
    has_hint = True

    def __init__(self, app, game, pack, index, progress, state=None, engine=None):
        text = pack.level(index)
        level = FORMAT.parse(text, pack.header)
        engine = engine or E.Engine()
        engine.load(level)
        if state:
            engine.load_state(state)
        PlayScene.__init__(self, app, game, pack, index, progress, engine)
        self.level = level
        self.comment = text.meta.get("comment") if text.meta else None
        e = engine
        size = self.size = tile_size(e.width, e.height)
        static, units = sheets(size)
        x = (BOARD_W - e.width * size) // 2
        y = (BOARD_H - e.height * size) // 2
        self.static = displayio.TileGrid(static, pixel_shader=palette(), width=e.width,
                                         height=e.height, tile_width=size, tile_height=size,
                                         x=x, y=y)
        self.units = displayio.TileGrid(units, pixel_shader=unit_palette(), width=e.width,
                                        height=e.height, tile_width=size, tile_height=size,
                                        x=x, y=y)
        # mini-map pixels per cell: as big as the 32x16 band of a plane allows
        self.cell_px = max(1, min(32 // e.width, BAND // e.height))
        self.mini = displayio.Bitmap(32, 64, 2)
        self.group.append(self.static)
        self.group.append(self.units)
        self.group.append(displayio.TileGrid(self.mini, pixel_shader=palette(), x=STRIP_X))
        self.hud = TextGrid(cols=16, rows=2, x=0, y=BOARD_H)
        self.group.append(self.hud.grid)
        self.plane = -1          # the plane on screen
        self.frames = None       # pending animation: list of frames of events
        self.frame_at = 0
        self.redraw()

    # --- drawing --------------------------------------------------------------------------
    def unit_tile(self, c):
        e = self.engine
        p = e.piece[c]
        if p == E.P_JEWEL and e.tile[c] == E.T_FLAG:
            return T.JEWEL_HOME
        return p

    def set_unit(self, c, tile):
        """Show `tile` at cell c if c is on the plane on screen."""
        e = self.engine
        if e.plane_of(c) != self.plane:
            return
        r = c - self.plane * e.psize
        x, y = r % e.width, r // e.width
        if self.units[x, y] != tile:
            self.units[x, y] = tile

    def redraw(self):
        """Everything: the plane (after a plane change, undo or resume), strip and HUD."""
        e = self.engine
        self.plane = e.hero_plane()
        base = self.plane * e.psize
        for y in range(e.height):
            for x in range(e.width):
                c = base + y * e.width + x
                if self.static[x, y] != e.tile[c]:
                    self.static[x, y] = e.tile[c]
                t = self.unit_tile(c)
                if self.units[x, y] != t:
                    self.units[x, y] = t
        for c in range(e.ncells):
            self.draw_mini(c)
        self.draw_hud()
        self.show_leds()

    def sync(self):
        """Bring the screen to the engine's position after a move (no animation left)."""
        e = self.engine
        if e.hero_plane() != self.plane:
            self.redraw()
            return
        ch = e.changed
        for i in range(e.nchanged):
            c = ch[i]
            self.set_unit(c, self.unit_tile(c))
            self.draw_mini(c)
        self.draw_hud()
        self.show_leds()

    def draw_mini(self, c):
        e = self.engine
        z = e.plane_of(c)
        r = c - z * e.psize
        k = self.cell_px
        x0 = (r % e.width) * k
        y0 = (e.planes - 1 - z) * BAND + (r // e.width) * k
        mine = z == e.hero_plane()
        p = e.piece[c]
        # Gwydyon is left out: his plane is the inverted one, and a plain step then costs
        # the strip nothing on the I2C bus.
        on = 1 if p and p != E.P_GWYDYON else 0
        if e.tile[c] == E.T_HOLE:
            on = 0
        if mine:
            on = 1 - on
        m = self.mini
        for dy in range(k):
            for dx in range(k):
                if m[x0 + dx, y0 + dy] != on:
                    m[x0 + dx, y0 + dy] = on

    def draw_hud(self):
        e = self.engine
        if e.lost():   # both rows: the whole message fits the 16 columns under the board
            self.hud.line(0, "Jewel lost!")
            self.hud.line(1, "B: undo the move")
            return
        self.hud.line(0, "P%d/%d m%d p%d" % (e.hero_plane() + 1, e.planes, e.moves, e.pushes))
        if e.looped:
            self.hud.line(1, "Loop stopped", right="%d/%d" % (e.onflag, e.flags))
        else:
            self.hud.line(1, "flags %d/%d" % (e.onflag, e.flags),
                          right="SEL" if e.select_action() >= 0 else "")

    def show_leds(self):
        leds = self.app.leds
        e = self.engine
        for i in range(leds.n):
            leds.set(i, PLANE_LEDS[i] if i == e.hero_plane() and i < len(PLANE_LEDS) else 0)
        if e.lost():
            leds.flash(ERROR, self.app.now, 500)

    # --- animation ------------------------------------------------------------------------
    def start_animation(self):
        """Group the last move's events by frame; frame 0 shows at once, the rest over time."""
        e = self.engine
        frames = []
        ev = e.events
        for i in range(e.nevents):
            w = ev[3 * i]
            frame = w >> 8
            while len(frames) <= frame:
                frames.append([])
            frames[frame].append((w & 15, (w >> 4) & 15, ev[3 * i + 1], ev[3 * i + 2]))
        if len(frames) <= 1 or e.hero_plane() != self.plane or e.events_lost:
            self.sync()
            return
        self.frames = frames
        self.frame_no = 0
        self.show_frame()

    def show_frame(self):
        e = self.engine
        boom = False
        for kind, piece, a, b in self.frames[self.frame_no]:
            if kind == E.EV_BOOM:
                self.set_unit(b, T.BOOM)
                boom = True
            elif kind == E.EV_BRICK:
                self.set_unit(b, E.P_BRICK)
            elif kind == E.EV_LOOP:
                pass
            else:
                # a piece moves a -> b: what is shown at a goes to b
                self.set_unit(a, 0)
                self.set_unit(b, T.JEWEL_HOME if piece == E.P_JEWEL and
                              e.tile[b] == E.T_FLAG else piece)
        if boom:
            self.app.leds.flash(BOOM_LED, self.app.now, 300)
        self.frame_at = self.app.now
        self.frame_no += 1
        if self.frame_no >= len(self.frames):
            self.finish_animation()

    def finish_animation(self):
        self.frames = None
        self.sync()
        self.moved()

    def tick(self, now):
        PlayScene.tick(self, now)
        if self.frames is not None and now - self.frame_at >= FRAME_MS:
            self.show_frame()

    # --- buttons ------------------------------------------------------------------------
    def on_button(self, button, kind):
        if self.frames is not None and kind == B.PRESS:
            self.finish_animation()   # any key skips the animation
        PlayScene.on_button(self, button, kind)

    def handle(self, button, kind):
        if kind != B.PRESS and kind != B.REPEAT:
            return
        e = self.engine
        if button <= B.RIGHT:
            self.act(_ACTION[button])
        elif button == B.SELECT and kind == B.PRESS:
            action = e.select_action()
            if action >= 0:
                self.act(action)
        elif button == B.B:
            self.undo()
        elif button == B.A and kind == B.PRESS:
            self.app.push(TextPage(self.app, "Level %d" % (self.index + 1), self.info()))

    def select_with(self, button, kind):
        """SELECT held + UP / DOWN: the plane above / below, where a transfert tile allows both."""
        if kind != B.PRESS or (button != B.UP and button != B.DOWN):
            return False
        action = E.PLANE_UP if button == B.UP else E.PLANE_DOWN
        if self.engine.can_plane(action):
            self.act(action)
        else:
            self.status("No plane " + ("above" if button == B.UP else "below"))
        return True

    def show_move(self, action):
        if not self.engine.play(action):
            return False
        self.start_animation()
        if self.frames is None:
            self.moved()
        return True

    def idle(self):
        return self.frames is None

    def status(self, text):
        if text:
            self.hud.line(1, text)
        else:
            self.draw_hud()

    def after_change(self):
        self.frames = None
        self.redraw()
        if self.dirty_since < 0:
            self.dirty_since = self.app.now

    # --- texts ----------------------------------------------------------------------------
    def info(self):
        from games.mentaliq.scene_text import info
        return info(self)

    def stats(self):
        from games.mentaliq.scene_text import stats
        return stats(self)

    def solution(self):
        from games.mentaliq.scene_text import solution
        return solution(self)

    def legend(self):
        from games.mentaliq.scene_text import legend
        return legend(self)

    def score(self):
        return self.engine.moves

    def resume_state(self):
        return self.engine.save_state(400)

    def hint(self):
        from games.mentaliq.scene_text import hint
        return hint(self)
