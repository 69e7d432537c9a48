"""MobGer on the handheld: the board view (shared with the puzzles) and the duel scene.

Board: 8x8 px fields at the left (12x8 = 96x64), cell rows on the display's 8-pixel pages; HUD
text columns at the right. Layers: static (field dots, the Black House, cuboids, columns), the
House mark (frame middles in the gap lines, so the House shows under a Ger), units (Gers),
the cursor (frame corners), the sprite (the Ger moving during a sequence), HUD, message banner.
Only changed tiles are rewritten. SELECT switches arrows <-> rank numbers.
Animation: from the engine's buffers, Ger by Ger and field by field (FIELD_MS a field; a long
path runs faster so one Ger takes at most GER_MS_MAX); the removed Ger flashes out; any key skips.
"""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import TextGrid, palette, unit_palette, cached, COLS
from handheld.match import MatchScene, HUMAN, PLAYER_COLORS, DRAW
from games.mobger import tiles as T
from games.mobger.engine import (NONE, K_JOKER, F_HIT, GOAL_B, MAX_GERS,
                                 R_BLACK_HOME, R_COMPLETE, R_STUCK, R_QUIET, R_NO_MOVE,
                                 R_BLOCKED, R_FULL)

FIELD_MS = 60
GER_MS_MAX = 960
FLASH_MS = 110
FLASHES = 5            # odd: the flash ends on the "gone" picture
BANNER_MS = 2200
SCREEN_W = 128
SCREEN_H = 64
CELL = T.SIZE
REPEAT_MSG = "Not again: repetition"
REASONS = {R_BLACK_HOME: "Black Ger is home", R_COMPLETE: "All Gers home",
           R_STUCK: "Nobody can win now", R_QUIET: "30 moves, no removal",
           R_NO_MOVE: "No move left", R_BLOCKED: "House blocked",
           R_FULL: "Move log full"}


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

    # --- animation ---------------------------------------------------------------------
    def start_anim(self, now):
        """The engine just played a sequence; the board still shows the position before it."""
        self.animating = True
        self.a_i = 0
        self.a_k = -1
        self.a_flash = 0
        self.a_next = now
        self.moving = NONE
        self.show_cursor(False)
        self.hide_banner()

    def anim_step(self, now):
        """Advance to `now`; False once the animation is over."""
        while self.animating and now >= self.a_next:
            self._step()
        return self.animating

    def _step(self):
        e = self.e
        i = self.a_i
        sp = self.sprite
        if i < e.anim_n:
            r = e.anim_rank[i]
            n = e.anim_len[i]
            k = self.a_k
            if k < 0:                     # lift the Ger
                c = e.anim_from[i]
                self.put(c, T.U_NONE)
                sp[0] = self.tile(r, self.sdir[r], True)
                self.place(sp, c)
                sp.hidden = False
                self.moving = r
                self.a_cell = c
                self.a_dt = FIELD_MS if n * FIELD_MS <= GER_MS_MAX else max(1, GER_MS_MAX // n)
                self.a_k = 0
                self.a_next += FIELD_MS
            elif k < n:                   # one field examined
                word = e.anim_fields[e.anim_first[i] + k]
                d = (word >> 8) & 7
                if (word >> 11) != F_HIT:  # a hit turns the Ger where it stands
                    self.a_cell = word & 0xFF
                    self.place(sp, self.a_cell)
                self.sdir[r] = d
                t = self.tile(r, d, True)
                if sp[0] != t:
                    sp[0] = t
                self.a_k = k + 1
                self.a_next += self.a_dt
            else:                         # landed
                c = e.anim_to[i]
                d = e.anim_dir[i]
                self.spos[r] = c
                self.sdir[r] = d
                self.put(c, self.tile(r, d))
                sp.hidden = True
                self.a_i = i + 1
                self.a_k = -1
                self.a_next += FIELD_MS // 2
            return
        if e.anim_removed != NONE and self.a_flash < FLASHES:
            r = e.anim_removed
            c = e.house
            self.put(c, T.U_FLASH if self.a_flash % 2 == 0 else self.tile(r, self.sdir[r]))
            self.a_flash += 1
            self.a_next += FLASH_MS
            return
        self.finish_anim()

    def finish_anim(self):
        """Stop (the caller redraws from the engine)."""
        self.animating = False
        self.moving = NONE
        self.sprite.hidden = True


class DuelScene(MatchScene):
    """A game against the CPU or hot-seat. Keys: d-pad moves the cursor between Gers, A plays
    the cursor Ger, B undoes (against the CPU), SELECT switches arrows / rank numbers."""

    def __init__(self, app, game, engine, kinds, seed=1, fixed_seed=False):
        MatchScene.__init__(self, app, game, engine, kinds, seed)
        self.fixed_seed = fixed_seed
        self.view = BoardView(self.group, engine)
        e = engine
        self.led = []
        for r in range(e.n):
            self.led.append(rgb(e.color(r)[1]))
        self.led_rank = NONE
        self.redraw()
        self.turn_changed()

    # --- MatchScene hooks ----------------------------------------------------------------
    def redraw(self):
        self.view.redraw()
        self.view.show_cursor(self.human_turn())
        self.draw_hud()

    def handle(self, button, kind):
        v = self.view
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.UP or button == B.DOWN or button == B.LEFT or button == B.RIGHT:
            dx = 1 if button == B.RIGHT else (-1 if button == B.LEFT else 0)
            dy = 1 if button == B.DOWN else (-1 if button == B.UP else 0)
            if v.move_cursor(dx, dy):
                self.cursor_changed()
            return
        if kind != B.PRESS:
            return
        if button == B.A:
            self.choose()
        elif button == B.B:
            if self.can_undo():
                self.undo()
            else:
                v.say("No undo: 2 players" if self.cpus() == 0 else "Nothing to undo",
                      self.app.now)

    def on_button(self, button, kind):
        # SELECT (rank view) works whenever nothing moves, also on the CPU's turn.
        if button == B.SELECT and kind == B.PRESS and not self.animating:
            self.view.set_ranks(not self.view.ranks)
            self.draw_hud()
            return
        MatchScene.on_button(self, button, kind)

    def choose(self):
        v = self.view
        e = self.engine
        if v.cur == NONE:
            return
        if e.is_legal(v.cur):
            self.submit(v.cur)
        else:
            # live Ger on a running game: the only reason left is the repetition rule
            v.say(REPEAT_MSG, self.app.now)

    def start_animation(self):
        self.view.start_anim(self.app.now)
        # scores and turn stay as they were until the sequence has been shown
        hud = self.view.hud
        hud.line(3 if hud.cols >= 9 else 7, "moving" + font.ELLIPSIS)

    def animate(self, now):
        going = self.view.anim_step(now)
        m = self.view.moving
        if going and m != self.led_rank and m != NONE:
            self.led_rank = m
            self.app.leds.fill(self.led[m])
        return going

    def finish_animation(self):
        self.view.finish_anim()

    def cpu_action(self, strength):
        from games.mobger import ai
        return ai.choose(self.engine, strength, self.rng)

    def turn_changed(self):
        self.led_rank = NONE
        self.show_leds()
        self.draw_hud()

    def tick(self, now):
        thinking = self.cpu_at
        changed = MatchScene.tick(self, now)
        self.view.tick_banner(now)
        if thinking != self.cpu_at and not self.animating:
            self.draw_hud()
        return changed

    def result_lines(self):
        e = self.engine
        lines = []
        why = REASONS.get(e.reason)
        if why:
            lines.append(why)
        lines.append("Score %d:%d" % (e.score[0], e.score[1]))
        return lines

    def undo(self):
        done = MatchScene.undo(self)
        if done:
            self.view.show_cursor(self.human_turn())
        return done

    # --- HUD and LEDs --------------------------------------------------------------------
    def cursor_changed(self):
        self.show_leds()
        self.draw_hud()

    def show_leds(self):
        v = self.view
        if self.human_turn() and v.cur != NONE:
            self.app.leds.fill(self.led[v.cur])
        else:
            self.app.leds.fill(PLAYER_COLORS[self.engine.turn % len(PLAYER_COLORS)])

    def owner_text(self, r, short):
        o = self.engine.owner(r)
        if o < 0:
            return "neutral"
        name = self.player_name(o)
        if name == "You":
            return "yours"
        return name + "'s"

    def score_text(self, p):
        e = self.engine
        if e.goal == GOAL_B:
            return "%d/%d" % (e.score[p], e.owned[p])
        return "%d" % e.score[p]

    def status_text(self):
        e = self.engine
        w = e.winner()
        if w == DRAW:
            return "Draw"
        if w >= 0:
            return self.player_name(w) + " won"
        if self.kinds[e.turn] != HUMAN:
            return "thinking" + font.ELLIPSIS
        if self.cpus():
            return "your move"
        return self.player_name(e.turn) + " to move"

    def draw_hud(self):
        e = self.engine
        v = self.view
        hud = v.hud
        cols = hud.cols
        over = e.winner() >= 0
        marks = [" ", " "]
        if not over:
            marks[e.turn] = font.ARROW_RIGHT
        r = v.cur
        ger = colour = owner = what = ""
        if r != NONE:
            colour = e.color(r)[0]
            ger = "#%d %s" % (r + 1, colour) if cols >= 9 else "#%d" % (r + 1)
            if e.goal == GOAL_B:
                owner = self.owner_text(r, cols < 9)
            if e.kind[r] == K_JOKER:
                what = "Joker"
            if v.spos[r] == e.house:
                what = "in House" if cols >= 9 else "House"
        help_text = ("SEL arrows" if v.ranks else "SEL ranks") if cols >= 9 else ""
        if cols >= 9:
            rows = ((marks[0] + " " + self.player_name(0), self.score_text(0)),
                    (marks[1] + " " + self.player_name(1), self.score_text(1)),
                    ("Goal B" if e.goal == GOAL_B else "Goal A", "mv%d" % e.nactions),
                    (self.status_text(), ""), (what, ""), (ger, ""), (owner, ""),
                    (help_text, ""))
        else:
            status = self.status_text()
            rows = ((marks[0] + self.player_name(0), ""), ("", self.score_text(0)),
                    (marks[1] + self.player_name(1), ""), ("", self.score_text(1)),
                    (ger, ""), (colour, ""), (owner or what, ""),
                    (status if not status.startswith("your") else "", ""))
        for i in range(8):
            hud.line(i, rows[i][0], right=rows[i][1])
