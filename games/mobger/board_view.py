"""MobGer board view (duel and puzzles): fields, Gers, cursor, rank view, banner, animation.

Board: 8x8 px fields at the left (12x8 = 96x64), cell rows on the display's 8-pixel pages; HUD
text columns at the right. Layers: static (field dots, the Black House, cuboids, columns), the
House mark (frame middles in the gap lines, so the House shows under a Ger), units (Gers),
the cursor (frame corners), the sprite (the Ger moving during a sequence), HUD, message banner.
Only changed tiles are rewritten. SELECT switches arrows <-> rank numbers.
"""
import displayio

from handheld import font
from handheld.gfx import TextGrid, palette, unit_palette, cached, COLS
from games.mobger import tiles as T
from games.mobger import board_anim as _ANIM
from games.mobger.board_anim import FIELD_MS
from games.mobger.constants import NONE, K_JOKER, MAX_GERS

BANNER_MS = 2200
SCREEN_W = 128
SCREEN_H = 64
CELL = T.SIZE


def sheets():
    return cached("mobger", T.make_sheets)


def rgb(c):
    return c[0] << 16 | c[1] << 8 | c[2]


def layout(w, h):
    """-> (board x, board y, HUD x, HUD columns) for a w x h board."""
    by = ((SCREEN_H - h * CELL) // 2) & ~7     # keep cell rows on 8-pixel pages
    hx = w * CELL + 2
    return 0, by, hx, (SCREEN_W - hx) // font.CELL_W


class BoardView:
    """The board of one engine: draw, cursor, rank view, sequence animation, banner."""

    def __init__(self, group, engine):
        static, units, frames, cursor = sheets()
        self.e = engine
        w, h = engine.w, engine.h
        self.w, self.h = w, h
        bx, by, hx, cols = layout(w, h)
        self.bx, self.by = bx, by
        self.static = displayio.TileGrid(static, pixel_shader=palette(), width=w, height=h,
                                         tile_width=CELL, tile_height=CELL, x=bx, y=by)
        self.units = displayio.TileGrid(units, pixel_shader=unit_palette(), width=w, height=h,
                                        tile_width=CELL, tile_height=CELL, x=bx, y=by)
        self.house_mark = displayio.TileGrid(frames, pixel_shader=unit_palette(), width=1,
                                             height=1, tile_width=T.FRAME, tile_height=T.FRAME)
        self.cursor = displayio.TileGrid(cursor, pixel_shader=unit_palette(), width=1, height=1,
                                         tile_width=T.CURSOR_W, tile_height=T.CURSOR_H)
        self.sprite = displayio.TileGrid(units, pixel_shader=unit_palette(), width=1, height=1,
                                         tile_width=CELL, tile_height=CELL)
        self.sprite.hidden = True
        self.hud = TextGrid(cols=cols, rows=8, x=hx, y=0)
        self.banner = TextGrid(cols=COLS, rows=1, x=1, y=SCREEN_H - 8)
        self.banner.grid.hidden = True
        self.banner_until = 0
        self.root = displayio.Group()      # hidden while a full-screen text covers the board
        for g in (self.static, self.house_mark, self.units, self.cursor, self.sprite,
                  self.hud.grid, self.banner.grid):
            self.root.append(g)
        group.append(self.root)
        self.ranks = False          # rank view (SELECT)
        self.spos = bytearray(MAX_GERS)   # what the board shows (differs from the engine
        self.sdir = bytearray(MAX_GERS)   # while a sequence is animated)
        self.cur = 0                # rank under the cursor, NONE when there is none
        self.animating = False
        self.moving = NONE          # rank of the Ger on the move (LED colour)
        self.a_i = self.a_k = 0
        self.a_next = 0
        self.a_dt = FIELD_MS
        self.a_flash = 0
        self.a_cell = 0
        self.place(self.house_mark, engine.house, -2, -2)

    # --- drawing -----------------------------------------------------------------------
    def set_engine(self, engine):
        """Show another engine of the same board size (puzzle pictures)."""
        self.e = engine
        self.place(self.house_mark, engine.house, -2, -2)
        self.redraw()

    def tile(self, r, d, moving=False):
        """Unit tile of rank r facing d; the Joker is a star at rest, an arrow on the move."""
        e = self.e
        if self.ranks:
            if r == 0:
                return T.U_RANK_BLACK
            return (T.U_RANK_JOKER if e.kind[r] == K_JOKER else T.U_RANK) + r
        if r == 0:
            return T.U_BLACK + d
        if e.kind[r] == K_JOKER:
            return T.U_JOKER + d if moving else T.U_STAR
        return T.U_GER + d

    def put(self, c, tile):
        x = c % self.w
        y = c // self.w
        if self.units[x, y] != tile:
            self.units[x, y] = tile
        if c == self.e.house:
            # the dotted House frame only while a Ger hides the House shape
            hide = tile == T.U_NONE
            if self.house_mark.hidden != hide:
                self.house_mark.hidden = hide

    def place(self, grid, c, dx=0, dy=0):
        """Move a one-tile grid onto cell c, shifted by (dx, dy) pixels."""
        x = self.bx + (c % self.w) * CELL + dx
        y = self.by + (c // self.w) * CELL + dy
        if grid.x != x:
            grid.x = x
        if grid.y != y:
            grid.y = y

    def redraw(self):
        """Everything from the engine (after a move, undo, resume or a picture change)."""
        e = self.e
        w = self.w
        for c in range(e.ncells):
            o = e.obj[c]
            t = T.S_HOUSE if c == e.house and o == 0 else T.static_tile(o)
            x, y = c % w, c // w
            if self.static[x, y] != t:
                self.static[x, y] = t
        for r in range(MAX_GERS):
            if r < e.n:
                self.spos[r] = e.pos[r]
                self.sdir[r] = e.dir[r]
            else:
                self.spos[r] = NONE
        self.draw_units()
        if self.cur == NONE or self.cur >= e.n or self.spos[self.cur] == NONE:
            self.cur = self.first_ger()
        self.show_cursor(True)

    def draw_units(self):
        e = self.e
        for c in range(e.ncells):
            o = e.occ[c]
            self.put(c, self.tile(o - 1, e.dir[o - 1]) if o else T.U_NONE)

    def set_ranks(self, on):
        self.ranks = on
        e = self.e
        for c in range(e.ncells):
            self.put(c, T.U_NONE)
        for r in range(e.n):
            if self.spos[r] != NONE:
                self.put(self.spos[r], self.tile(r, self.sdir[r]))

    def first_ger(self):
        for r in range(self.e.n):
            if self.spos[r] != NONE:
                return r
        return NONE

    def show_cursor(self, on):
        hide = not on or self.cur == NONE
        if not hide:
            self.place(self.cursor, self.spos[self.cur], -2)
        if self.cursor.hidden != hide:
            self.cursor.hidden = hide

    def move_cursor(self, dx, dy):
        """LEFT/RIGHT: the previous/next Ger in reading order (so every Ger is reachable);
        UP/DOWN: the nearest row above/below that holds a Ger (round the board), there the
        Ger closest in column. Returns True when the cursor moved."""
        if self.cur == NONE:
            return False
        w, h = self.w, self.h
        n = self.e.n
        p0 = self.spos[self.cur]
        best = NONE
        best_cost = 10000
        cells = w * h
        for r in range(n):
            p = self.spos[r]
            if p == NONE or r == self.cur:
                continue
            if dx:
                cost = ((p - p0) * dx) % cells
            else:
                rows = ((p // w - p0 // w) * dy) % h
                if rows == 0:
                    continue
                cost = rows * 16 + abs(p % w - p0 % w)
            if cost < best_cost:
                best, best_cost = r, cost
        if best == NONE:
            return False
        self.cur = best
        self.show_cursor(True)
        return True

    # --- banner ------------------------------------------------------------------------
    def say(self, text, now):
        self.banner.center(0, text, inverted=True)
        self.banner.grid.hidden = False
        self.banner_until = now + BANNER_MS

    def tick_banner(self, now):
        if self.banner_until and now >= self.banner_until:
            self.hide_banner()

    def hide_banner(self):
        self.banner_until = 0
        if not self.banner.grid.hidden:
            self.banner.grid.hidden = True

    # --- animation: board_anim.py (bound here as class attributes) ----------------------
    start_anim = _ANIM.start_anim
    anim_step = _ANIM.anim_step
    _step = _ANIM._step
    finish_anim = _ANIM.finish_anim
