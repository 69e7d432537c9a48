"""iQLANDIE's table (the hub), board views, pause menu, saving and resume, and the start of a
task; the phase screens (topic, draft, placement, scoreboard...) are in phases.py.

The hub (GameScene) stays on the stack for the whole game. Each tick it looks at game.turn:
a CPU acts after a short delay (cpu.decide), a human gets the screen for the phase pushed on
top; that screen pops itself and hands its action to GameScene.act(), which applies it, notes
it in the event lines, saves (after every report, placement and round) and pushes the round's
results and the between-rounds summary.
"""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import palette, unit_palette, cached
from handheld.scenes import TextScene, Menu, Item, TextPage, confirm
from handheld.options import encode_match, PLAYER_COLORS
from handheld.progress import RESUME_KEY, save_match
from handheld.rng import Rng
from handheld.leds import WIN
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X
from games.iqlandie import cpu
from games.iqlandie import tiles as T

CPU_DELAY_MS = 450        # show who acts before a CPU decides
CPU_SOLVE_MS = 120        # CPU solve reports come quickly
TASK_LIMIT_DS = 65535
CRIT_SHORT = ("Col", "2nd", "Gap", "Shp", "Rob", "Lin", "Pair", "1st")
CRIT_HELP = ("1/sq top col", "2/sq 2nd col", "3 per gap", "3 per shape", "3/robot pair",
             "3/2-col line")
TOPIC_SHORT = ("Bio", "Prog", "Optic", "Space")
DIFFICULTIES = ("Easy", "Normal", "Hard")
PX = 2                    # the big exhibit's top-left pixel (placement, jokers)
PY = 8                    # on a page: a one-cell move touches the fewest pages
HUD_COL = 8               # text column of the HUD beside it
BLANK = T.BIG_BLANK


def sheets():
    return cached("iqlandie", T.make_sheets)


def rgb(colour):
    r, g, b = P.RGB[colour]
    return r << 16 | g << 8 | b


def ds_text(ds):
    return "%d.%d" % (ds // 10, ds % 10)


def humans(kinds):
    n = 0
    for k in kinds:
        n += k == 0
    return n


def name_of(kinds, p, short=False):
    """'You' with one human, else P1..P4 for humans and C2 / CPU 2 for the CPUs."""
    if kinds[p] == 0:
        return "You" if humans(kinds) == 1 else "P%d" % (p + 1)
    return ("C%d" if short else "CPU %d") % (p + 1)


def pair_text(g, p):
    return "%s+%s" % (P.COLOUR_NAMES[g.pair[2 * p]], P.COLOUR_NAMES[g.pair[2 * p + 1]])


def _grid(sheet, w, h, x, y, cell, transparent=False):
    return displayio.TileGrid(sheet, pixel_shader=unit_palette() if transparent else palette(),
                              width=w, height=h, tile_width=cell, tile_height=cell, x=x, y=y)


def _frame(x, y, w, h):
    """A see-through rectangle outline (an exhibition's border)."""
    bmp = displayio.Bitmap(w, h, 3)
    for i in range(w):
        bmp[i, 0] = 1
        bmp[i, h - 1] = 1
    for i in range(h):
        bmp[0, i] = 1
        bmp[w - 1, i] = 1
    return displayio.TileGrid(bmp, pixel_shader=unit_palette(), x=x, y=y)


# --- the hub -------------------------------------------------------------------------------------
class GameScene(TextScene):
    def __init__(self, app, game_mod, g, difficulty=1):
        TextScene.__init__(self, app)
        self.game_mod = game_mod
        self.g = g
        self.kinds = list(g.kinds)
        self.difficulty = difficulty
        self.events = ["", "", ""]
        self.cpu_at = 0
        self.task = None
        self.task_key = -1
        self.used_tasks = {}      # task_id -> round: no task twice in a game
        self.tasks = []           # the task of every round so far
        self.last_exhibit = 0     # a human's next placement starts where the last one went
        self.over = False
        self.round_start = self.totals()
        self.redraw()
        self.turn_changed()

    # names, scores
    def name(self, p, short=False):
        return name_of(self.kinds, p, short)

    def totals(self):
        return self.g.scores()

    def who(self, p, verb):
        """A screen title's first word: the verb, or the player's name in a hot-seat game."""
        if humans(self.kinds) < 2:
            return verb
        return self.name(p) + (" " + verb.lower() if verb != "Place" else ":")

    def note(self, line):
        self.events[0] = self.events[1]
        self.events[1] = self.events[2]
        self.events[2] = line
        self.redraw()

    def redraw(self):
        g = self.g
        t = self.text
        rnd = min(g.round + 1, G.ROUNDS)
        topic = G.TOPIC_NAMES[g.topic] if g.topic >= 0 and g.phase < G.END else ""
        if g.phase >= G.END:
            topic = "Game end"
        self.title_line("Round %d/%d" % (rnd, G.ROUNDS), right=topic)
        totals = self.totals()
        for p in range(4):
            if p >= g.players:
                t.line(1 + p, "")
                continue
            mark = font.ARROW_RIGHT if p == g.turn else " "
            status = ""
            if g.phase == G.SOLVE:
                if g.reported[p]:
                    status = (font.CHECK if g.correct[p] else font.CROSS) + ds_text(g.times[p])
                else:
                    status = "solves" if p == g.turn else ""
            elif g.phase == G.CHOOSE and p == g.chooser:
                status = "picks"
            elif g.phase == G.DRAFT and p == g.turn:
                status = "drafts"
            elif g.phase == G.PLACE and p == g.turn:
                status = "places"
            if status and self.kinds[p] and p == g.turn:
                status += font.ELLIPSIS         # the CPU is thinking
            left = "%s%-4s%3dpt %s%d" % (mark, self.name(p, True), totals[p], font.STAR,
                                       g.firsts[p])
            t.line(1 + p, left, right=status)
        for i in range(3):
            t.line(5 + i, self.events[i])

    def turn_changed(self):
        g = self.g
        if g.turn >= 0:
            self.app.leds.fill(PLAYER_COLORS[g.turn % 4])

    # the loop
    def tick(self, now):
        if self.app.top() is not self or self.over:
            return False
        g = self.g
        if g.phase == G.OVER:
            self.finish()
            return True
        p = g.turn
        if self.kinds[p] == 0:
            self.cpu_at = 0
            self.open_human(p)
            return True
        if not self.cpu_at:
            self.cpu_at = now + (CPU_SOLVE_MS if g.phase == G.SOLVE else CPU_DELAY_MS)
            self.redraw()
        elif now >= self.cpu_at:
            self.cpu_at = 0
            rng = Rng((g.seed * 2654435761 + g.nlog * 40503 + 1) & 0xFFFFFFFF)
            action = cpu.decide(g, self.kinds[p], rng)
            if not self.act(action):
                raise RuntimeError("iqlandie: the CPU chose an illegal action %r" % (action,))
        return False

    def open_human(self, p):
        g = self.g
        app = self.app
        if g.phase == G.CHOOSE:
            app.push(phases().TopicScreen(app, self))
        elif g.phase == G.SOLVE:
            app.push(phases().ReadyScreen(app, self, p))
        elif g.phase == G.DRAFT:
            app.push(phases().DraftScreen(app, self))
        elif g.phase == G.PLACE:
            hand = g.hand(p)
            for i in range(len(hand)):
                if not g.fits_anywhere(i):
                    app.push(phases().FallbackScreen(app, self, i))
                    return
            app.push(phases().PlaceScreen(app, self, 0))
        elif g.phase == G.END:
            app.push(phases().JokerScreen(app, self, p))

    def start_task(self, p):
        """Player p solves this round's task. The phase screens' code is freed first (the task
        screen needs the room); the task screen's code and art are freed when it is handed in."""
        from handheld import gfx
        import gc
        app = self.app
        task = self.round_task()
        hub = self
        gfx.unload(("games.iqlandie.phases",))
        gc.collect()

        def done(answer, ds):
            from games.iqlandie import tasks
            ok = answer is not None and tasks.check(task, answer)
            unload_task_screens()
            hub.act((G.A_REPORT, p, min(int(ds), TASK_LIMIT_DS), 1 if ok else 0))

        open_task(app, self.g.topic, task, self.name(p, True), done)

    def round_task(self):
        """This round's task (the same for every player), generated once."""
        g = self.g
        key = g.round * 4 + g.topic
        if key != self.task_key:
            from games.iqlandie import tasks
            tasks.round_tasks(g.seed, g.topics()[:g.round + 1], self.difficulty,
                              self.used_tasks, self.tasks)
            self.task = self.tasks[g.round]
            self.task_key = key
        return self.task

    # actions
    def describe(self, a, p):
        g = self.g
        who = self.name(p, True)
        k = a[0]
        if k == G.A_TOPIC:
            return "%s chose %s" % (who, G.TOPIC_NAMES[a[1]])
        if k == G.A_REPORT:
            return "%s %s %ss" % (self.name(a[1], True), "solved" if a[3] else "wrong",
                                   ds_text(a[2]))
        if k == G.A_TAKE:
            return "%s took %s" % (who, P.name(g.offer(g.topic)[a[1]]))
        if k == G.A_PLACE:
            code = g.hand(p)[a[1]]
            return "%s put %s>%s" % (who, P.SHAPE_NAMES[P.shape_of(code)], X.EXH_NAMES[a[2]])
        if k == G.A_JOKER:
            return "%s joker=%s" % (self.name(a[1], True), P.COLOUR_NAMES[a[3]])
        return ""

    def act(self, a):
        g = self.g
        p = g.turn
        phase = g.phase
        rnd = g.round
        line = self.describe(a, p)
        if a[0] == G.A_FALLBACK:
            code = g.hand(p)[a[1]]
            r = g.fallback(a[1])
            if not r:
                return False
            line = "%s %s %s" % (self.name(p, True), "1x1 for" if r == 1 else "lost",
                                 P.SHAPE_NAMES[P.shape_of(code)])
        elif not g.apply(a):
            return False
        if a[0] == G.A_BAG and g.drawn >= 0:
            line = "%s added %s" % (self.name(p, True), P.name(g.drawn))
        self.note(line)
        self.turn_changed()
        k = a[0]
        if k == G.A_REPORT or k == G.A_PLACE or k == G.A_FALLBACK or g.round != rnd or \
                g.phase != phase or self.kinds[p] == 0:
            self.save()
        show = humans(self.kinds) > 0
        if phase == G.SOLVE and g.phase != G.SOLVE and show:
            self.app.push(phases().ResultsScreen(self.app, self))
        if phase == G.PLACE and g.phase != G.PLACE and show:
            self.app.push(phases().SummaryScreen(self.app, self, rnd))
        return True

    # save / resume
    def resume_data(self):
        return encode_match(self.kinds, self.difficulty, self.g.save_state())

    def save(self):
        if self.over:
            return
        save_match(self.app.store, self.game_mod.ID, self.resume_data())

    def on_leave(self):
        self.save()

    def finish(self):
        self.over = True
        app = self.app
        app.store.delete(RESUME_KEY)
        app.leds.flash(WIN, app.now, 900)
        self.redraw()
        app.push(phases().ScoreScreen(app, self))

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        if button == B.START:
            self.app.push(PauseMenu(self.app, self))
        elif button == B.SELECT:
            self.app.push(BoardView(self.app, self))

    def quit(self):
        """Back to the game's menu (the game stays resumable from the title screen)."""
        self.app.pop_to(self)
        self.app.pop()

    def new_game(self):
        self.app.pop_to(self)
        self.app.store.delete(RESUME_KEY)
        self.over = True
        self.game_mod.rematch(self.app, self)


class PauseMenu(Menu):
    def __init__(self, app, hub, extra=None):
        self.hub = hub
        items = [Item("Resume", app.pop)]
        if extra:
            items = extra + items
        items.append(Item("Look at boards", lambda: app.push(BoardView(app, hub))))
        items.append(Item("Rules", lambda: app.push(TextPage(app, hub.game_mod.NAME,
                                                             hub.game_mod.RULES))))
        items.append(Item("New game", lambda: app.push(
            confirm(app, "Abandon this game and start a new one?", hub.new_game,
                    yes="New game"))))
        items.append(Item("Quit to menu", hub.quit))
        Menu.__init__(self, app, "Paused", items)


def phases():
    """The phase screens (topic, ready, results, draft, placement, summary, jokers, score):
    loaded when a phase needs them, freed while a task screen runs (see start_task)."""
    from games.iqlandie import phases as ph
    return ph


# A task screen is needed once a round: its code and art go when the task is handed in (about
# 35 KB of heap on the device, which the draft and placement screens need more).
TASK_MODULES = ("games.iqlandie.task_screens", "games.iqlandie.task_tiles",
                "games.iqlandie.biology", "games.iqlandie.programming", "games.iqlandie.optics",
                "games.iqlandie.space")
TASK_SHEETS = ("iq-bio17", "iq-bio10", "iq-prog", "iq-optics", "iq-space")


def unload_task_screens():
    import gc
    from handheld import gfx
    for key in TASK_SHEETS:
        gfx.forget(key)
    gfx.unload(TASK_MODULES)
    gc.collect()


def open_task(app, topic, task, label, on_done):
    from games.iqlandie import task_screens
    return task_screens.open_task(app, topic, task, label, on_done)


class BoardView(TextScene):
    """One player's six exhibitions small (4 px cells) with the score breakdown under them;
    LEFT/RIGHT: other players, A/B: back."""
    MX = (0, 6, 11, 17, 23, 28)       # mini-cell column of each exhibit

    def __init__(self, app, hub, player=-1):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        if player < 0:
            player = g.turn if g.turn >= 0 and hub.kinds[g.turn] == 0 else -1
            for p in range(g.players):
                if player < 0 and hub.kinds[p] == 0:
                    player = p
            player = max(0, player)
        self.player = player
        big, ghost, mini = sheets()
        self.mini = _grid(mini, 32, 5, 0, 17, T.MINI)
        self.group.append(self.mini)
        self.draw()

    def draw(self):
        g = self.hub.g
        p = self.player
        t = self.text
        b = g.boards[p]
        for e in range(X.NEXH):
            T.draw_exhibit(self.mini, b, e, self.MX[e], 0, mini=True)
        self.title_line("%s %s" % (self.hub.name(p), pair_text(g, p)),
                        right=font.ARROW_LEFT + font.ARROW_RIGHT)
        t.line(1, "")
        for e in range(X.NEXH):
            t.write((self.MX[e] * 4 + 2) // 6, 1, "%d" % (e + 1))
        bd = g.score_breakdown(p)
        t.line(5, "Col%3d 2nd%3d Gap%3d" % (bd[0], bd[1], bd[2]))
        t.line(6, "Shp%3d Rob%3d Lin%3d" % (bd[3], bd[4], bd[5]))
        t.line(7, "Pair%3d 1st%3d =%d" % (bd[6], bd[7], sum(bd)))

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        n = self.hub.g.players
        if button == B.LEFT or button == B.RIGHT:
            self.player = (self.player + (1 if button == B.RIGHT else -1)) % n
            self.draw()
        elif button == B.A or button == B.B or button == B.SELECT:
            self.app.pop()
