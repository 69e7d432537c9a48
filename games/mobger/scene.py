"""MobGer duel scene: a game against the CPU or hot-seat on the board view (board_view.py)."""
from handheld import buttons as B
from handheld import font
from handheld.match import MatchScene, HUMAN, PLAYER_COLORS, DRAW
from games.mobger.board_view import BoardView, rgb, layout, BANNER_MS  # noqa: F401 (tests)
from games.mobger.constants import NONE, K_JOKER, GOAL_B

REPEAT_MSG = "Not again: repetition"


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
        # the end-of-game reasons load only when a game ends (and go with the result screen)
        from handheld.gfx import unload
        from games.mobger import duel_end
        unload(("games.mobger.duel_end",))
        return duel_end.result_lines(self.engine)

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
