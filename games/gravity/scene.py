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

from handheld.gfx import TextGrid, palette, unit_palette, cached
from handheld.match import MatchScene
from games.gravity import tiles as T
from games.gravity import scene_hud as _hud
from games.gravity import scene_input as _input
from games.gravity.engine import NONE, SETUP_OBJECTIVE, SETUP_PAWNS
from games.gravity.scene_input import DIR_OF, MODE_CURSOR, MODE_DIR, MODE_GRAVITY  # noqa: F401
from games.gravity.scene_hud import ARROWS, SHAPES, font  # noqa: F401 - for the tests

SCREEN_W = 128
SCREEN_H = 64
CELL = 8
HUD_MAX_COLS = 10
STEP_MS = 70              # one tick of the slide
BLINK_MS = (450, 250)     # cursor shown / hidden
WIN_BLINK_MS = 600        # a won game: the winning pawn, then the pawn in the objective's ring



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

    # --- buttons (scene_input.py) -----------------------------------------------------
    handle = _input.handle
    propose = _input.propose
    enter_flow_mode = _input.enter_flow_mode
    move_cursor = _input.move_cursor
    pick_cell = _input.pick_cell
    flow_action = _input.flow_action
    lay_flow = _input.lay_flow

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

    # --- HUD and texts (scene_hud.py) -------------------------------------------------
    shape = _hud.shape
    who = _hud.who
    flow_text = _hud.flow_text
    draw_hud = _hud.draw_hud
    message = _hud.message
    result_lines = _hud.result_lines
    describe_result = _hud.describe_result
