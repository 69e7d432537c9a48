"""MobGer puzzles on the handheld: question, running timer, answer picking, REACH play.

  START ("Who starts?")  the d-pad moves the cursor between Gers, A picks the one to start,
                          SELECT shows rank numbers instead of arrows.
  JOKER                   LEFT/RIGHT (or UP/DOWN) turn the arrow proposed for the Joker, A picks.
  REACH                   play moves like in a duel (cursor + A), B undoes.
JOKER/REACH: SELECT shows picture one / two (JOKER: after the sequence, REACH: the target).
A wrong pick says "Not this one" and adds PENALTY_S seconds. A right one plays the sequence
(animated, any key skips) and then the Results screen. Score = seconds (lower is better), kept
as the level's best time by the pack's Progress; generated puzzles keep no best time and no
resume record. The question is shown first; the timer runs while the board is shown.
"""
from handheld import buttons as B
from handheld.gfx import TextGrid, wrap, COLS
from handheld.play import PlayScene
from games.mobger import puzzles as P
from games.mobger import puzzle_hud as _HUD
from games.mobger.board_view import BoardView, rgb
from games.mobger.constants import NONE
from games.mobger.puzzle_game import PENALTY_S, Picture, GeneratedPack, PuzzleGame  # noqa: F401

STEP_CAP_MS = 1000     # a tick gap longer than this (a stall) does not count as thinking time


class PuzzleScene(PlayScene):
    def __init__(self, app, game, pack, index, progress, state=None, puzzle=None, engine=None):
        if puzzle is None:
            puzzle = getattr(pack, "puzzle", None)
        if puzzle is None:
            puzzle = P.FORMAT.parse(pack.level(index), pack.header)
        self.puzzle = puzzle
        engine = PuzzleGame(puzzle, engine)
        PlayScene.__init__(self, app, game, pack, index, progress, engine)
        self.generated = isinstance(pack, GeneratedPack)
        if state:
            engine.load_state(state)
        e = engine.e
        self.view = BoardView(self.group, e)
        self.led = []
        for r in range(e.n):
            self.led.append(rgb(e.color(r)[1]))
        self.picture2 = None
        if puzzle.rows2 is not None:
            self.picture2 = Picture(e, puzzle.target_arrays())
        self.showing2 = False
        self.choice = 0        # JOKER: the proposed direction
        self.step = 2 if puzzle.opts.dirset == 0 else 1
        self.animating = False
        self.penalties = 0
        self.last = -1         # app.now of the previous timed tick (-1: timer stopped)
        self.shown_s = -1
        self.intro = TextGrid()
        self.group.append(self.intro.grid)
        self.redraw()
        self.show_intro()

    # --- intro (the question) -------------------------------------------------------------
    def show_intro(self):
        t = self.intro
        t.clear()
        where = self.pack.title if self.generated else "L%d" % (self.index + 1)
        if self.generated:
            t.line(0, " " + where, inverted=True)
        else:
            t.line(0, " " + P.KIND_NAMES[self.puzzle.kind], inverted=True, right=where + " ")
        lines = wrap(self.puzzle.question(), COLS)
        for i in range(min(4, len(lines))):
            t.line(2 + i, lines[i])
        t.line(7, "A: go  (timer runs)")
        t.grid.hidden = False
        self.view.root.hidden = True

    def intro_on(self):
        return not self.intro.grid.hidden

    # --- PlayScene hooks --------------------------------------------------------------------
    def score(self):
        return self.engine.seconds()

    def redraw(self):
        v = self.view
        e = self.engine.e
        if self.showing2:
            v.set_engine(self.picture2)
            v.show_cursor(False)
        else:
            if v.e is not e:
                v.set_engine(e)
            else:
                v.redraw()
            if self.puzzle.kind == P.JOKER:
                self.show_choice()
            v.show_cursor(not self.engine.done)     # JOKER: on the Joker
        self.draw_hud()
        self.show_leds()

    def save_resume(self):
        if self.generated:
            self.dirty_since = -1
            return
        PlayScene.save_resume(self)

    # --- keys ---------------------------------------------------------------------------------
    def on_button(self, button, kind):
        if self.animating:
            if kind == B.PRESS:
                self.view.finish_anim()
                self.anim_done()
            return
        if self.intro_on() and not self.finished:
            if kind == B.PRESS:
                self.intro.grid.hidden = True
                self.view.root.hidden = False
                self.last = self.app.now
            return
        PlayScene.on_button(self, button, kind)

    def handle(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        k = self.puzzle.kind
        v = self.view
        if button == B.SELECT:
            if kind != B.PRESS:
                return
            if self.picture2 is not None:
                self.showing2 = not self.showing2
                self.redraw()
            else:                   # START has one picture: SELECT shows the rank numbers
                v.set_ranks(not v.ranks)
                self.draw_hud()
            return
        if self.showing2:
            if kind == B.PRESS and button == B.A:
                v.say("SELECT: back", self.app.now)
            return
        if button == B.UP or button == B.DOWN or button == B.LEFT or button == B.RIGHT:
            if k == P.JOKER:
                turn = 1 if button == B.RIGHT or button == B.DOWN else -1
                self.choice = (self.choice + turn * self.step) % 8
                self.show_choice()
                self.draw_hud()
                return
            dx = 1 if button == B.RIGHT else (-1 if button == B.LEFT else 0)
            dy = 1 if button == B.DOWN else (-1 if button == B.UP else 0)
            if v.move_cursor(dx, dy):
                self.show_leds()
                self.draw_hud()
            return
        if kind != B.PRESS:
            return
        if button == B.A:
            self.answer()
        elif button == B.B and k == P.REACH:
            if not self.undo():
                v.say("Nothing to undo", self.app.now)

    def show_move(self, action):
        """Redo in REACH: the undone move again, animated like the player's own."""
        if self.puzzle.kind != P.REACH or not self.engine.e.play(action):
            return False
        self.begin_anim()
        return True

    def idle(self):
        return not self.animating

    def show_choice(self):
        """JOKER: the proposed direction drawn on the Joker (arrow with corner dots)."""
        from games.mobger import tiles as T
        c = self.engine.e.pos[self.puzzle.joker]
        if c != NONE:
            self.view.put(c, T.U_JOKER + self.choice)
            self.view.cur = self.puzzle.joker

    def answer(self):
        p = self.puzzle
        g = self.engine
        e = g.e
        v = self.view
        now = self.app.now
        if p.kind == P.REACH:
            if v.cur == NONE:
                return
            if e.nactions >= p.moves:
                v.say("%d moves used: B undo" % p.moves, now)
                return
            if not e.play(v.cur):
                v.say("Not again: repetition" if e.pos[v.cur] != NONE else "Gone", now)
                return
            self.begin_anim()
            return
        if p.kind == P.START:
            guess = v.cur
            if guess == NONE:
                return
        else:
            guess = self.choice
        if P.check(p, guess, e):
            g.done = True           # e now holds the sequence: show it, then the results
            self.begin_anim()
            return
        g.load()                    # check() played on the engine: back to picture one
        self.wrong(now)
        self.redraw()

    def wrong(self, now):
        self.penalties += 1
        self.engine.ms += PENALTY_S * 1000
        self.view.say("Not this one  +%ds" % PENALTY_S, now)
        self.app.leds.flash(0xFF2000, now, 400)

    # --- animation ------------------------------------------------------------------------------
    def begin_anim(self):
        self.animating = True
        self.view.start_anim(self.app.now)

    def anim_done(self):
        self.animating = False
        self.redraw()
        if self.puzzle.kind == P.REACH:
            self.moved()            # PlayScene: resume bookkeeping; solved() -> win()
            self.check_reach()
        elif self.engine.done:
            self.moved()

    def check_reach(self):
        p = self.puzzle
        g = self.engine
        if g.done or self.finished:
            return
        if P.reached(p, g.e):
            g.done = True
            self.win()
        elif g.e.nactions >= p.moves:
            self.view.say("Not there: B undo", self.app.now)

    def tick(self, now):
        v = self.view
        if self.animating:
            if not v.anim_step(now):
                self.anim_done()
            m = v.moving
            if m != NONE:
                self.app.leds.fill(self.led[m])
        v.tick_banner(now)
        if self.last >= 0 and not self.finished and not self.engine.done:
            dt = now - self.last
            if 0 < dt <= STEP_CAP_MS:
                self.engine.ms += dt
            self.last = now
            s = self.engine.ms // 1000
            if s != self.shown_s:
                self.draw_timer()
        PlayScene.tick(self, now)

    def on_show(self):
        self.last = self.app.now if not self.intro_on() else -1

    def on_leave(self):
        self.last = -1
        PlayScene.on_leave(self)

    # --- HUD, LEDs, stats, rules: puzzle_hud.py (bound here as class attributes) -------------
    stats = _HUD.stats
    rules = _HUD.rules
    show_leds = _HUD.show_leds
    timer_row = _HUD.timer_row
    draw_timer = _HUD.draw_timer
    ger_name = _HUD.ger_name
    draw_hud = _HUD.draw_hud
