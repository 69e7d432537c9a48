"""Gravity room on the handheld: the board view and move entry. Rules live in engine.py.

Screen: the board at 8 px a cell on the left (12x8 = 96x64 px), the HUD in the text columns at
the right (5 for a 12-wide board, 10 up to 8 wide). Three layers over the cells: the static one
(walls on the cell edges + flow chevrons, rewritten only where a flow comes or goes), the pieces
(transparent, only the cells a piece leaves or enters are rewritten each tick) and a one-cell
cursor frame that blinks. The HUD: whose turn (pawn shape + name), the big gravity arrow with
the proposed direction beside it, one line per player's flow, then what to do or why a choice
is refused.

Entry on a human's turn: the d-pad proposes a gravity direction, A plays it; SELECT switches to
flow mode: the d-pad moves a cell cursor, A picks the cell, then LEFT/RIGHT lay the flow on its
row, UP/DOWN on its column; B steps back. Setup placements use the same cursor and A.
"""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import TextGrid, palette, unit_palette, cached, wrap
from handheld.match import MatchScene, HUMAN, DRAW
from games.gravity import tiles as T
from games.gravity.engine import (FLOW_BASE, PLACE_BASE, NONE, SETUP_GRAVITY, SETUP_OBJECTIVE,
                                  SETUP_PAWNS, PLAY, LEGAL, SAME_GRAVITY, REVERSE_BACK,
                                  OTHERS_FLOW, SAME_FLOW)

SCREEN_W = 128
SCREEN_H = 64
CELL = 8
HUD_MAX_COLS = 10
STEP_MS = 70              # one tick of the slide
BLINK_MS = (450, 250)     # cursor shown / hidden
WIN_BLINK_MS = 600        # a won game: the winning pawn, then the pawn in the objective's ring

MODE_GRAVITY = 0          # the d-pad proposes a gravity direction
MODE_CURSOR = 1           # the d-pad moves the cell cursor (a placement, or a flow's line)
MODE_DIR = 2              # flow mode, cell chosen: the d-pad lays the flow

# d-pad buttons (UP, DOWN, LEFT, RIGHT) -> engine directions (0 up, 1 right, 2 down, 3 left)
DIR_OF = (0, 2, 3, 1)
DIR_NAMES = ("up", "right", "down", "left")
ARROWS = (font.ARROW_UP, font.ARROW_RIGHT, font.ARROW_DOWN, font.ARROW_LEFT)
SHAPES = (font.BOX_FULL, font.DOT_BIG, font.CROSS)


def sheets():
    return cached("gravity", T.make_sheets)


def layout(w, h):
    """-> (board x, board y, hud columns) for a w x h board: the board left, centred in what
    the HUD leaves, on 8-pixel pages; the HUD's text columns at the right edge."""
    cols = min(HUD_MAX_COLS, (SCREEN_W - w * CELL - 1) // 6)
    area = SCREEN_W - cols * 6           # the HUD sits 1 px right: its glyphs' blank column
    x = max(0, (area - 3 - w * CELL) // 2)   # is cut off, and the board keeps >= 3 px away
    y = (SCREEN_H - h * CELL) // 2 // 8 * 8
    return x, y, cols


def _dots(w, h, x, y):
    """A dotted line, a dot every 8 pixels (a small Bitmap of its own)."""
    bmp = displayio.Bitmap(w, h, 2)
    for i in range(0, max(w, h), CELL):
        if w > 1:
            bmp[i, 0] = 1
        else:
            bmp[0, i] = 1
    return displayio.TileGrid(bmp, pixel_shader=palette(), x=x, y=y)


class BoardOf:
    """The engine's board (for a rematch on the same walls)."""

    def __init__(self, engine):
        self.width = engine.width
        self.height = engine.height
        self.wall = bytes(engine.wall[:engine.width * engine.height])


class GravityScene(MatchScene):
    def __init__(self, app, game, engine, kinds, seed=1, name=""):
        MatchScene.__init__(self, app, game, engine, kinds, seed)
        self.name = name
        e = engine
        W, H = e.width, e.height
        bx, by, cols = layout(W, H)
        self.bx, self.by, self.cols = bx, by, cols
        self.wide = cols >= 8
        static, pieces, cursor, arrows = sheets()
        self.static = displayio.TileGrid(static, pixel_shader=palette(), width=W, height=H,
                                         tile_width=CELL, tile_height=CELL, x=bx, y=by)
        self.pieces = displayio.TileGrid(pieces, pixel_shader=unit_palette(), width=W,
                                         height=H, tile_width=CELL, tile_height=CELL, x=bx,
                                         y=by)
        self.cursor = displayio.TileGrid(cursor, pixel_shader=unit_palette(), width=1,
                                         height=1, tile_width=CELL, tile_height=CELL, x=bx,
                                         y=by)
        self.cursor.hidden = True
        hx = SCREEN_W - cols * 6 + 1
        self.hud = TextGrid(cols=cols, rows=8, x=hx, y=0)
        self.arrow = displayio.TileGrid(arrows, pixel_shader=palette(), width=1, height=1,
                                        tile_width=16, tile_height=16, x=hx, y=8)
        for layer in (self.static, self.pieces, self.cursor, self.hud.grid, self.arrow):
            self.group.append(layer)
        # Each cell's corner dot is at its top left: dots along the right and bottom edges
        # close the lattice, so a board without border walls still shows where it ends.
        if by + H * CELL < SCREEN_H:
            self.group.append(_dots(W * CELL + 1, 1, bx, by + H * CELL))
        if bx + W * CELL < hx - 3:          # not against the HUD (a 12-wide board)
            self.group.append(_dots(1, H * CELL + 1, bx + W * CELL, by))
        self.text = self.hud          # host_sim.Session.text() reads the HUD
        self.shown = bytearray(b"\xff" * 4)   # cell each piece is drawn in
        self.mode = MODE_GRAVITY
        self.prop = -1                # proposed gravity direction
        self.note = None              # (wide text, narrow lines): a refusal or hint
        self.cx = W // 2
        self.cy = H // 2
        self.blink_at = 0
        self.anim_t = 0
        self.anim_at = 0
        self.redraw()
        self.turn_changed()

    # --- drawing ----------------------------------------------------------------------
    def static_tile(self, c):
        e = self.engine
        W, H = e.width, e.height
        y = c // W
        x = c - y * W
        rf = cf = 0
        o = e.owner[y]
        if o != NONE:
            rf = T.ROW_RIGHT if e.flow_dir[o] else T.ROW_LEFT
        o = e.owner[H + x]
        if o != NONE:
            cf = T.COL_DOWN if e.flow_dir[o] else T.COL_UP
        return T.static_tile(e.wall[c] & 15, rf, cf)

    def draw_static(self):
        e = self.engine
        W = e.width
        grid = self.static
        for c in range(e.cells):
            tile = self.static_tile(c)
            y = c // W
            if grid[c - y * W, y] != tile:
                grid[c - y * W, y] = tile

    def draw_pieces(self, src, off):
        """Pieces at cells src[off + i] (engine.pos, or one tick of engine.path)."""
        e = self.engine
        W = e.width
        P = e.players
        grid = self.pieces
        shown = self.shown
        goal = src[off + P]
        # clear the cells a piece left
        for i in range(P + 1):
            c = shown[i]
            if c == NONE:
                continue
            gone = True
            for j in range(P + 1):
                if src[off + j] == c:
                    gone = False
            if gone:
                y = c // W
                grid[c - y * W, y] = T.NONE
        for i in range(P + 1):
            c = src[off + i]
            shown[i] = c
            if c == NONE:
                continue
            if i == P:
                tile = T.GOAL
                for j in range(P):     # a pawn on it is drawn by the pawn
                    if src[off + j] == c:
                        tile = -1
                if tile < 0:
                    continue
            elif c == goal:
                tile = T.PAWN_ON_GOAL + i
            else:
                tile = T.PAWN + i
            y = c // W
            if grid[c - y * W, y] != tile:
                grid[c - y * W, y] = tile

    def redraw(self):
        self.draw_static()
        self.draw_pieces(self.engine.pos, 0)
        self.draw_hud()

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

    # --- turns ----------------------------------------------------------------------
    def turn_changed(self):
        MatchScene.turn_changed(self)
        e = self.engine
        self.prop = -1
        self.note = None
        ph = e.phase
        if ph == SETUP_OBJECTIVE or ph == SETUP_PAWNS:
            self.mode = MODE_CURSOR
        else:
            self.mode = MODE_GRAVITY
        self.show_cursor()
        self.draw_hud()

    def show_cursor(self):
        cur = self.cursor
        if self.human_turn() and (self.mode == MODE_CURSOR or self.mode == MODE_DIR):
            cur.x = self.bx + self.cx * CELL
            cur.y = self.by + self.cy * CELL
            cur.hidden = False
            self.blink_at = self.app.now
        else:
            cur.hidden = True

    def refuse(self, wide, narrow):
        self.note = (wide, narrow)
        self.draw_hud()

    def cpu_action(self, strength):
        from games.gravity import ai
        return ai.choose(self.engine, strength, self.rng)

    # --- buttons ----------------------------------------------------------------------
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

    # --- animation --------------------------------------------------------------------
    def start_animation(self):
        self.cursor.hidden = True
        self.prop = -1
        self.note = None
        self.draw_static()            # a new flow shows before the pieces slide
        self.anim_t = 0
        self.anim_at = self.app.now + STEP_MS
        self.draw_pieces(self.engine.path, 0)
        self.draw_hud()

    def animate(self, now):
        e = self.engine
        if self.anim_t >= e.nticks:
            return False
        if now >= self.anim_at:
            self.anim_t += 1
            self.anim_at += STEP_MS
            self.draw_pieces(e.path, self.anim_t * (e.players + 1))
        return self.anim_t < e.nticks

    def finish_animation(self):
        self.anim_t = self.engine.nticks
        self.draw_pieces(self.engine.pos, 0)

    def tick(self, now):
        changed = MatchScene.tick(self, now)
        e = self.engine
        w = e.winner()
        if 0 <= w < e.players and not self.animating:
            # the winning pawn and the pawn-in-the-ring take turns: both pieces are there
            if now - self.blink_at >= WIN_BLINK_MS:
                self.blink_at = now
                c = e.pos[w]
                y = c // e.width
                tile = T.PAWN + w
                if self.pieces[c - y * e.width, y] == tile:
                    tile = T.PAWN_ON_GOAL + w
                self.pieces[c - y * e.width, y] = tile
                changed = True
            return changed
        cur = self.cursor
        if self.mode == MODE_CURSOR and self.human_turn():
            if now - self.blink_at >= BLINK_MS[1 if cur.hidden else 0]:
                self.blink_at = now
                cur.hidden = not cur.hidden
                changed = True
        return changed

    # --- texts ------------------------------------------------------------------------
    def result_lines(self):
        e = self.engine
        lines = ["%d turns" % e.plies]
        if self.name:
            lines.insert(0, self.name)
        return lines

    def describe_result(self):
        w = self.engine.winner()
        if w == DRAW:
            return "Draw (120 turns)"
        return "%s %s wins!" % (self.shape(w), self.player_name(w))
