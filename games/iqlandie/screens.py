"""iQLANDIE game screens: the table (hub), topic choice, privacy + task, round results, draft,
placement with a ghost piece, joker colours, scoreboard, board views, pause; save and resume.

The hub (GameScene) stays on the stack for the whole game. Each tick it looks at game.turn:
a CPU acts after a short delay (cpu.decide), a human gets the screen for the phase pushed on
top; that screen pops itself and hands its action to GameScene.act(), which applies it, notes
it in the event lines, saves (after every report, placement and round) and pushes the round's
results and the between-rounds summary.
"""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import TextGrid, palette, unit_palette, cached
from handheld.scenes import Scene, TextScene, Menu, Item, TextPage, confirm
from handheld.options import encode_match, PLAYER_COLORS, KIND_NAMES
from handheld.progress import RESUME_KEY, MATCH_FILE, encode_resume
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


def task_seed(g, rnd, topic):
    return (g.seed * 31 + rnd * 977 + topic * 131 + 7) & 0xFFFF


LOG_LEN = (1, 3, 1, 1, 2, 1, 2, 1)   # bytes of a game-log entry, by its top 3 bits


def topics_played(g):
    """The topic of every round chosen so far, read from the game's action log."""
    out = []
    log = g.log
    i = 0
    while i < g.nlog:
        kind = log[i] >> 5
        if kind == 0:
            out.append(log[i] & 0x1F)
        i += LOG_LEN[kind]
    return out


def round_tasks(g, difficulty, upto, used, tasks):
    """Tasks of rounds len(tasks)..upto, none repeated in a game: a seed whose puzzle was
    already seen (same task_id) moves on to the next seed. Deterministic, so a resumed game
    gets the same tasks; `used` and `tasks` carry what earlier rounds produced."""
    from games.iqlandie import tasks as T
    topics = topics_played(g)
    for rnd in range(len(tasks), min(upto, len(topics) - 1) + 1):
        seed = task_seed(g, rnd, topics[rnd])
        while True:
            task = T.generate(topics[rnd], seed, difficulty)
            tid = T.task_id(task)
            if tid not in used:
                break
            seed = (seed + 40503) & 0xFFFF
        used[tid] = rnd
        tasks.append(task)
    return tasks


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
            app.push(TopicScreen(app, self))
        elif g.phase == G.SOLVE:
            app.push(ReadyScreen(app, self, p))
        elif g.phase == G.DRAFT:
            app.push(DraftScreen(app, self))
        elif g.phase == G.PLACE:
            hand = g.hand(p)
            for i in range(len(hand)):
                if not g.fits_anywhere(i):
                    app.push(FallbackScreen(app, self, i))
                    return
            app.push(PlaceScreen(app, self, 0))
        elif g.phase == G.END:
            app.push(JokerScreen(app, self, p))

    def round_task(self):
        """This round's task (the same for every player), generated once."""
        g = self.g
        key = g.round * 4 + g.topic
        if key != self.task_key:
            round_tasks(g, self.difficulty, g.round, self.used_tasks, self.tasks)
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
            self.app.push(ResultsScreen(self.app, self))
        if phase == G.PLACE and g.phase != G.PLACE and show:
            self.app.push(SummaryScreen(self.app, self, rnd))
        return True

    # save / resume
    def resume_data(self):
        return encode_match(self.kinds, self.difficulty, self.g.save_state())

    def save(self):
        if self.over:
            return
        rec = encode_resume(self.game_mod.ID, MATCH_FILE, 0, 0, self.resume_data())
        try:
            self.app.store.put(RESUME_KEY, rec)
        except ValueError:     # too long for the save memory: play on without a record
            self.app.store.delete(RESUME_KEY)

    def on_leave(self):
        self.save()

    def finish(self):
        self.over = True
        app = self.app
        app.store.delete(RESUME_KEY)
        app.leds.flash(WIN, app.now, 900)
        self.redraw()
        app.push(ScoreScreen(app, self))

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


class InfoScreen(TextScene):
    """Title + lines; A (or B) closes it and runs on_close. UP/DOWN scroll long lists."""

    def __init__(self, app, title, lines, on_close=None, foot="A: continue"):
        TextScene.__init__(self, app)
        self.title = title
        self.lines = lines
        self.foot = foot
        self.on_close = on_close
        self.top = 0
        self.draw()

    def draw(self):
        self.title_line(self.title)
        t = self.text
        n = 6
        for r in range(n):
            i = self.top + r
            mark = ""
            if r == 0 and self.top > 0:
                mark = font.ARROW_UP
            elif r == n - 1 and self.top + n < len(self.lines):
                mark = font.ARROW_DOWN
            t.line(1 + r, self.lines[i] if i < len(self.lines) else "", right=mark)
        t.line(7, self.foot, inverted=False)

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.DOWN and self.top + 6 < len(self.lines):
            self.top += 1
            self.draw()
        elif button == B.UP and self.top > 0:
            self.top -= 1
            self.draw()
        elif kind == B.PRESS and (button == B.A or button == B.B):
            self.close()

    def close(self):
        self.app.pop()
        if self.on_close:
            self.on_close()


# --- topic choice --------------------------------------------------------------------------------
class TopicScreen(TextScene):
    """The chooser picks a topic; each topic's offer is drawn beside its name."""
    OFFER_X = 37

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        big, ghost, mini = sheets()
        self.mini = _grid(mini, 22, 8, self.OFFER_X, 8, T.MINI)
        self.group.append(self.mini)
        for t in range(G.TOPICS):
            x = 0
            for code in g.offer(t):
                o = T.display_orient(P.shape_of(code))
                T.draw_piece(self.mini, code, o, x, 2 * t, mini=True)
                x += P.bbox(P.shape_of(code), o)[0] + 1
        self.cursor = 0
        self.draw()

    def draw(self):
        g = self.hub.g
        t = self.text
        self.title_line("%s a topic" % self.hub.who(g.turn, "Pick"),
                        right="R%d/%d" % (g.round + 1, G.ROUNDS))
        for i in range(G.TOPICS):
            t.line(1 + i, "")
            t.write(0, 1 + i, "%-5s" % TOPIC_SHORT[i], inverted=(i == self.cursor))
        mine = 0
        for code in g.offer(self.cursor):
            c = P.colour_of(code)
            mine += c == g.pair[2 * g.turn] or c == g.pair[2 * g.turn + 1] or c == P.JOKER
        t.line(5, "%s: %d in pair" % (G.TOPIC_NAMES[self.cursor], mine))
        t.line(6, "Pair " + pair_text(g, g.turn))
        t.line(7, "%s%s topic  A: choose" % (font.ARROW_UP, font.ARROW_DOWN))

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.UP or button == B.DOWN:
            self.cursor = (self.cursor + (1 if button == B.DOWN else -1)) % G.TOPICS
            self.draw()
        elif kind != B.PRESS:
            return
        elif button == B.A:
            self.app.pop()
            self.hub.act((G.A_TOPIC, self.cursor))
        elif button == B.START:
            self.app.push(PauseMenu(self.app, self.hub))
        elif button == B.SELECT:
            self.app.push(BoardView(self.app, self.hub))


# --- solving -------------------------------------------------------------------------------------
class ReadyScreen(TextScene):
    """'Pass the handheld to P2' (hot seat) or 'your task' (one human); A starts the clock."""

    def __init__(self, app, hub, player):
        TextScene.__init__(self, app)
        self.hub = hub
        self.player = player
        g = hub.g
        self.title_line("Round %d: %s" % (g.round + 1, G.TOPIC_NAMES[g.topic]))
        t = self.text
        if humans(hub.kinds) > 1:
            t.line(2, "Pass the handheld to")
            t.center(3, hub.name(player))
            t.line(4, "Others: look away!")
        else:
            t.line(2, "Your task:")
            t.center(3, G.TOPIC_NAMES[g.topic])
            t.line(4, "Be quick and right.")
        t.line(6, "A when ready: the")
        t.line(7, "clock starts.")
        app.leds.fill(PLAYER_COLORS[player % 4])

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        if button == B.A:
            hub = self.hub
            app = self.app
            app.pop()
            task = hub.round_task()
            p = self.player

            def done(answer, ds):
                from games.iqlandie import tasks
                ok = answer is not None and tasks.check(task, answer)
                unload_task_screens()
                hub.act((G.A_REPORT, p, min(int(ds), TASK_LIMIT_DS), 1 if ok else 0))

            open_task(app, hub.g.topic, task, hub.name(p, True), done)
        elif button == B.START:
            self.app.push(PauseMenu(self.app, self.hub))


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


class ResultsScreen(InfoScreen):
    """The round's finishing order: times, right/wrong, the first place's 2 points."""

    def __init__(self, app, hub):
        g = hub.g
        lines = []
        for i in range(g.players):
            p = g.order[i]
            mark = font.CHECK if g.correct[p] else font.CROSS
            pts = " +2" if p == g.first else ""
            lines.append("%d %-4s%6ss %s%s" % (i + 1, hub.name(p, True), ds_text(g.times[p]),
                                               mark, pts))
        if g.first < 0:
            lines.append("Nobody right: no pts")
        lines.append("Draft in this order.")
        InfoScreen.__init__(self, app, "Round %d results" % (g.round + 1), lines,
                            foot="A: to the draft")


class SummaryScreen(InfoScreen):
    """Between rounds: every player's points now and what the round added."""

    def __init__(self, app, hub, rnd):
        g = hub.g
        totals = g.scores()
        lines = []
        for p in range(g.players):
            gain = totals[p] - hub.round_start[p]
            lines.append("%-4s %3d pts  %+d" % (hub.name(p, True), totals[p], gain))
        hub.round_start = totals
        if g.phase == G.CHOOSE:
            lines.append("Next: %s picks" % hub.name(g.chooser, True))
            foot = "A: next  SEL: boards"
        else:
            lines.append("All 12 rounds played.")
            foot = "A: final scoring"
        self.hub = hub
        InfoScreen.__init__(self, app, "Round %d done" % (rnd + 1), lines, foot=foot)

    def on_button(self, button, kind):
        if button == B.SELECT and kind == B.PRESS:
            self.app.push(BoardView(self.app, self.hub))
            return
        InfoScreen.on_button(self, button, kind)


# --- draft ---------------------------------------------------------------------------------------
class DraftScreen(TextScene):
    """Take 2 pieces from the topic's offer (LEFT/RIGHT, A), then add 1 from a bag (UP/DOWN, A)."""

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        big, ghost, mini = sheets()
        self.mini = _grid(mini, 32, 2, 0, 8, T.MINI)
        self.big = _grid(big, 4, 2, 2, 24, T.CELL)
        self.big_blank = True
        self.group.append(self.mini)
        self.group.append(self.big)
        self.cursor = 0
        self.bag = G.SMALL
        self.xs = []
        self.setup()

    def setup(self):
        g = self.hub.g
        self.bag_mode = g.draft_step == 2
        self.mini.hidden = self.bag_mode
        self.big.hidden = self.bag_mode
        if not self.bag_mode:
            offer = g.offer(g.topic)
            self.cursor = min(self.cursor, len(offer) - 1)
            for y in range(2):
                for x in range(32):
                    T.set_tile(self.mini, x, y, 0)
            self.xs = []
            x = 1
            for code in offer:
                o = T.display_orient(P.shape_of(code))
                T.draw_piece(self.mini, code, o, x, 0, mini=True)
                self.xs.append(x)
                x += P.bbox(P.shape_of(code), o)[0] + 1
        else:
            while self.bag < 2 and not g.bagn[self.bag]:
                self.bag += 1
        self.draw()

    def draw(self):
        g = self.hub.g
        t = self.text
        p = g.turn
        if self.bag_mode:
            self.title_line("%s from a bag" % self.hub.who(p, "Add"))
            t.line(1, "to the offer from a")
            t.line(2, "bag of your choice:")
            for b in range(3):
                t.line(3 + b, " %-7s %2d left" % (G.BAG_NAMES[b], g.bagn[b]),
                       inverted=(b == self.bag))
            t.line(6, "")
            t.line(7, "%s%s bag  A: add" % (font.ARROW_UP, font.ARROW_DOWN))
            return
        offer = g.offer(g.topic)
        code = offer[self.cursor]
        self.title_line("%s %d/2" % (self.hub.who(p, "Take"), g.draft_step + 1),
                        right=G.TOPIC_NAMES[g.topic])
        t.line(1, "")
        t.line(2, "")
        # the arrow under the chosen piece (mini cells are 4 px, text cells 6 px)
        t.write(max(0, (self.xs[self.cursor] * 4 + 2) // 6), 2, font.ARROW_UP)
        for y in range(2):
            for x in range(4):
                T.set_tile(self.big, x, y, BLANK)
        T.draw_piece(self.big, code, T.display_orient(P.shape_of(code)), 0, 0)
        t.line(3, "")
        t.line(4, "")
        t.line(5, "")
        t.write(6, 3, "%s %s" % (P.SHAPE_NAMES[P.shape_of(code)],
                                 P.COLOUR_NAMES[P.colour_of(code)]))
        info = "robot" if P.has_robot(code) else ""
        c = P.colour_of(code)
        if c == g.pair[2 * p] or c == g.pair[2 * p + 1]:
            info = (info + " pair!") if info else "your pair!"
        t.write(6, 4, info)
        t.write(6, 5, "%d/%d" % (self.cursor + 1, len(offer)))
        hand = g.hand(p)
        t.line(6, "Taken: " + (P.name(hand[0]) if hand else "-"))
        t.line(7, "%s%s piece  A: take" % (font.ARROW_LEFT, font.ARROW_RIGHT))
        self.app.leds.fill(rgb(c))

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        g = self.hub.g
        if self.bag_mode and (button == B.UP or button == B.DOWN):
            step = 1 if button == B.DOWN else -1
            for _ in range(3):
                self.bag = (self.bag + step) % 3
                if g.bagn[self.bag]:
                    break
            self.draw()
        elif not self.bag_mode and (button == B.LEFT or button == B.RIGHT):
            n = len(g.offer(g.topic))
            self.cursor = (self.cursor + (1 if button == B.RIGHT else -1)) % n
            self.draw()
        elif kind != B.PRESS:
            return
        elif button == B.A:
            hub = self.hub
            p = g.turn
            a = (G.A_BAG, self.bag) if self.bag_mode else (G.A_TAKE, self.cursor)
            self.app.pop()
            hub.act(a)
            if g.phase == G.DRAFT and g.turn == p and self.app.top() is hub:
                self.app.push(self)     # the same player acts again: back to this screen
                self.setup()
        elif button == B.START:
            self.app.push(PauseMenu(self.app, self.hub))
        elif button == B.SELECT:
            self.app.push(BoardView(self.app, self.hub))


# --- placement -----------------------------------------------------------------------------------


class PlaceScreen(TextScene):
    """The chosen exhibition big at the left with the ghost piece; d-pad moves it, A rotates,
    B flips, SELECT switches exhibition, START: the menu with 'Place here' first."""

    def __init__(self, app, hub, piece=0):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        self.board = g.boards[g.turn]
        big, ghost, mini = sheets()
        self.cells = _grid(big, 5, 5, PX, PY, T.CELL)
        self.ghost = _grid(ghost, 5, 5, PX, PY, T.CELL, transparent=True)
        self.group.append(self.cells)
        self.frames = []          # over the cells: the blank ones beyond the exhibit hide it
        for e in range(X.NEXH):
            f = _frame(PX - 2, PY - 1, X.EXH_W[e] * T.CELL + 4, X.EXH_H[e] * T.CELL + 2)
            f.hidden = True
            self.frames.append(f)
            self.group.append(f)
        self.group.append(self.ghost)
        self.want = bytearray(25)
        self.msg = ""
        self.e = -1
        self.start_e = hub.last_exhibit
        self.select_piece(piece)

    def select_piece(self, piece):
        g = self.hub.g
        self.piece = piece
        self.code = g.hand(g.turn)[piece]
        self.shape = P.shape_of(self.code)
        self.o = 0
        e0 = self.e if self.e >= 0 else self.start_e
        for i in range(X.NEXH):
            e = (e0 + i) % X.NEXH
            ff = self.board.first_fit(e, self.shape)
            if ff is not None:
                self.o, self.x, self.y = ff
                self.show_exhibit(e)
                break
        self.app.leds.fill(rgb(P.colour_of(self.code)))
        self.draw()

    def show_exhibit(self, e):
        if self.e >= 0:
            self.frames[self.e].hidden = True
        self.e = e
        self.frames[e].hidden = False
        w = X.EXH_W[e]
        h = X.EXH_H[e]
        T.draw_exhibit(self.cells, self.board, e)
        for y in range(5):            # the grid beyond this exhibit stays blank
            for x in range(5):
                if x >= w or y >= h:
                    T.set_tile(self.cells, x, y, BLANK)
        self.clamp()

    def clamp(self):
        bw, bh = P.bbox(self.shape, self.o)
        self.x = max(0, min(self.x, X.EXH_W[self.e] - bw))
        self.y = max(0, min(self.y, X.EXH_H[self.e] - bh))

    def fits(self):
        return self.board.fits(self.e, self.shape, self.o, self.x, self.y)

    def gain(self):
        b = self.board
        before = b.score(self.e)
        b.place(self.code, self.e, self.o, self.x, self.y)
        after = b.score(self.e)
        b.unplace()
        return after - before

    def draw(self):
        g = self.hub.g
        t = self.text
        e = self.e
        hand = g.hand(g.turn)
        self.title_line("%s %s %s" % (self.hub.who(g.turn, "Place"), P.SHAPE_NAMES[self.shape],
                                      P.COLOUR_NAMES[P.colour_of(self.code)]),
                        right="%d/%d" % (self.piece + 1, len(hand)))
        # the grid outside the exhibit stays blank; cells beyond w/h were cleared
        want = self.want            # the ghost's tiles, then only changed ones are written
        for i in range(25):
            want[i] = 0
        ok = self.fits()
        cs = P.cells(self.shape, self.o)
        pat = P.PATTERN[P.colour_of(self.code)]
        rc = P.ROBOT_CELL[self.shape] if P.has_robot(self.code) else -1
        for i in range(len(cs)):
            cx = self.x + cs[i][0]
            cy = self.y + cs[i][1]
            if self.board.cells[X.EXH_OFF[e] + cy * X.EXH_W[e] + cx]:
                want[cy * 5 + cx] = T.GHOST_BAD
            else:
                want[cy * 5 + cx] = T.ghost_tile(pat, T.piece_edges(cs, i), i == rc)
        for i in range(25):
            T.set_tile(self.ghost, i % 5, i // 5, want[i])
        c = HUD_COL
        for r in range(1, 7):
            t.write(0, r, " " * c)
        t.write(c, 1, "%-13s" % ("%d %s" % (e + 1, X.EXH_NAMES[e])))
        t.write(c, 2, "%-13s" % CRIT_HELP[e])
        now = self.board.score(e)
        if ok:
            gain = self.gain()
            t.write(c, 3, "%-13s" % ("now %d  %+d" % (now, gain)))
        else:
            t.write(c, 3, "%-13s" % ("now %d" % now))
        t.write(c, 4, "%-13s" % ("fits" if ok else "blocked"))
        t.write(c, 5, "%-13s" % (self.msg or ("with robot" if P.has_robot(self.code) else "")))
        t.write(c, 6, "%-13s" % "START: place")
        t.line(7, "A turn B flip SEL ex")

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        self.msg = ""
        if button == B.UP:
            self.y -= 1
        elif button == B.DOWN:
            self.y += 1
        elif button == B.LEFT:
            self.x -= 1
        elif button == B.RIGHT:
            self.x += 1
        elif kind != B.PRESS:
            return
        elif button == B.A:
            self.o = (self.o & 4) | ((self.o + 1) & 3)
        elif button == B.B:
            self.o ^= 4
        elif button == B.SELECT:
            e = (self.e + 1) % X.NEXH
            self.show_exhibit(e)
            if not self.fits():
                ff = self.board.first_fit(e, self.shape)
                if ff is not None:
                    self.o, self.x, self.y = ff
        elif button == B.START:
            self.app.push(PlaceMenu(self.app, self))
            return
        self.clamp()
        self.draw()

    def place(self):
        """'Place here' in the menu."""
        if not self.fits():
            self.msg = "no room here"
            self.draw()
            return False
        hub = self.hub
        self.app.pop_to(self)
        self.app.pop()
        hub.last_exhibit = self.e
        hub.act((G.A_PLACE, self.piece, self.e, self.o, self.x, self.y))
        return True

    def other_piece(self):
        self.app.pop_to(self)
        g = self.hub.g
        n = len(g.hand(g.turn))
        self.select_piece((self.piece + 1) % n)


class PlaceMenu(PauseMenu):
    def __init__(self, app, scene):
        self.scene = scene
        g = scene.hub.g
        extra = [Item("Place here" if scene.fits() else "Place here (blocked)", self.place)]
        if len(g.hand(g.turn)) > 1:
            extra.append(Item("Other piece", scene.other_piece))
        PauseMenu.__init__(self, app, scene.hub, extra)
        self.title = "Placement"
        self.draw()

    def place(self):
        if not self.scene.place():
            self.app.pop_to(self.scene)


class FallbackScreen(InfoScreen):
    """A piece that fits nowhere: a 1x1 of its colour instead, or discarded (explained)."""

    def __init__(self, app, hub, piece):
        g = hub.g
        self.hub = hub
        self.piece = piece
        code = g.hand(g.turn)[piece]
        mono = g.boards[g.turn].fits_anywhere(P.MONO)
        lines = [P.name(code), "fits in none of your", "exhibitions."]
        if mono:
            lines += ["You take a 1x1 " + P.COLOUR_NAMES[P.colour_of(code)], "instead (no robot)",
                      "and place it."]
        else:
            lines += ["Not even a 1x1 fits:", "the piece is lost."]
        InfoScreen.__init__(self, app, "No room", lines, foot="A: OK")

    def close(self):
        self.app.pop()
        self.hub.act((G.A_FALLBACK, self.piece))


# --- end: jokers, scores, boards -----------------------------------------------------------------
class JokerScreen(TextScene):
    """Colour each joker piece: LEFT/RIGHT a colour (the exhibit shows it), A confirms."""

    def __init__(self, app, hub, player):
        TextScene.__init__(self, app)
        self.hub = hub
        self.player = player
        g = hub.g
        self.board = g.boards[player]
        big, ghost, mini = sheets()
        self.cells = _grid(big, 5, 5, PX, PY, T.CELL)
        self.slot = g.jokers_pending(player)[0]
        e = self.board.exh[self.slot]
        self.ghost = _grid(ghost, 5, 5, PX, PY, T.CELL, transparent=True)
        self.group.append(self.cells)
        self.group.append(_frame(PX - 2, PY - 1, X.EXH_W[e] * T.CELL + 4,
                                 X.EXH_H[e] * T.CELL + 2))
        self.group.append(self.ghost)
        for y in range(5):
            for x in range(5):
                if x >= X.EXH_W[e] or y >= X.EXH_H[e]:
                    T.set_tile(self.cells, x, y, BLANK)
        self.colour = g.pair[2 * player]
        self.draw()

    def draw(self):
        g = self.hub.g
        b = self.board
        s = self.slot
        e = b.exh[s]
        t = self.text
        b.colour[s] = self.colour          # preview: the exhibit and scores with this colour
        T.draw_exhibit(self.cells, b, e)
        total = g.total(self.player)
        b.colour[s] = P.JOKER
        # the joker itself: dashed outline (the ghost layer), so it stands out
        T.draw_piece(self.ghost, b.code[s], b.orient[s], b.px[s], b.py[s], ghost=True,
                     colour=self.colour)
        left = len(g.jokers_pending(self.player))
        self.title_line("%s: joker" % self.hub.name(self.player), right="%d left" % left)
        c = HUD_COL
        for r in range(1, 7):
            t.write(0, r, " " * c)
        t.write(c, 1, "%-13s" % ("%s in %d" % (P.SHAPE_NAMES[P.shape_of(b.code[s])], e + 1)))
        t.write(c, 2, "%-13s" % X.EXH_NAMES[e])
        t.write(c, 3, "%-13s" % ("%s%s%s" % (font.ARROW_LEFT, P.COLOUR_NAMES[self.colour],
                                             font.ARROW_RIGHT)))
        t.write(c, 4, "%-13s" % ("total %d" % total))
        t.write(c, 5, "%-13s" % ("pair %s+%s" % (P.COLOUR_NAMES[g.pair[2 * self.player]][:3],
                                                 P.COLOUR_NAMES[g.pair[2 * self.player + 1]][:3])))
        t.write(c, 6, "%-13s" % "")
        t.line(7, "A: this colour")
        self.app.leds.fill(rgb(self.colour))

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.LEFT or button == B.RIGHT:
            self.colour = (self.colour + (1 if button == B.RIGHT else -1)) % P.NCOLOURS
            self.draw()
        elif kind == B.PRESS and button == B.A:
            self.app.pop()
            self.hub.act((G.A_JOKER, self.player, self.slot, self.colour))
        elif kind == B.PRESS and button == B.START:
            self.app.push(PauseMenu(self.app, self.hub))


class ScoreScreen(TextScene):
    """Final scoreboard: the 8 criteria per player, totals, then the ranking with tie-breaks.
    UP/DOWN scroll, A: the result menu, SELECT: the boards."""

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        self.lines = []
        cols = []
        bd = []
        for p in range(g.players):
            cols.append(hub.name(p, True))
            bd.append(g.score_breakdown(p))
        self.head = "    " + "".join(["%4s" % c for c in cols])
        for k in range(8):
            self.lines.append("%-4s" % CRIT_SHORT[k] + "".join(["%4d" % bd[p][k]
                                                                for p in range(g.players)]))
        self.lines.append("Sum " + "".join(["%4d" % sum(bd[p]) for p in range(g.players)]))
        order, shared = g.ranking()
        win = 0
        for i in range(len(order)):
            win += 1 if shared[i] else 0
        for i in range(len(order)):
            p = order[i]
            rank = 1 if shared[i] else i + 1
            tag = (" wins" if win == 1 else " shares") if shared[i] else ""
            self.lines.append("%d %-4s %3d%s" % (rank, hub.name(p, True), sum(bd[p]), tag))
        # tie-breaks used: equal totals at the top
        if len(order) > 1 and sum(bd[order[0]]) == sum(bd[order[1]]):
            self.lines.append("Tie: pair pts, then")
            self.lines.append("fewer jokers decide.")
        w = order[0]
        if win > 1:
            self.title = "Shared win!"
        elif hub.kinds[w] == 0:
            self.title = "%s win%s!" % (hub.name(w), "" if hub.name(w) == "You" else "s")
        else:
            self.title = "%s wins" % hub.name(w)
        self.top = 0
        self.draw()

    def draw(self):
        t = self.text
        self.title_line(self.title)
        t.line(1, self.head, inverted=True)
        n = 5
        for r in range(n):
            i = self.top + r
            mark = ""
            if r == 0 and self.top > 0:
                mark = font.ARROW_UP
            elif r == n - 1 and self.top + n < len(self.lines):
                mark = font.ARROW_DOWN
            t.line(2 + r, self.lines[i] if i < len(self.lines) else "", right=mark)
        t.line(7, "A: menu SEL: boards")

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.DOWN and self.top + 5 < len(self.lines):
            self.top += 1
            self.draw()
        elif button == B.UP and self.top > 0:
            self.top -= 1
            self.draw()
        elif kind != B.PRESS:
            return
        elif button == B.SELECT:
            self.app.push(BoardView(self.app, self.hub))
        elif button == B.A or button == B.START:
            hub = self.hub
            app = self.app
            items = [Item("Rematch", hub.new_game),
                     Item("Look at boards", lambda: app.push(BoardView(app, hub))),
                     Item("Scores", app.pop),
                     Item("Game menu", hub.quit)]
            app.push(Menu(app, "Game over", items))


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
