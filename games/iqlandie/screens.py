"""iQLANDIE's table (the hub), saving and resume, the start of a task (text: table_text.py,
pause menu: pause_menu.py, phase screens: phases.py). The hub stays under the whole game; each
tick a CPU acts (cpu.decide) or a human gets the phase's screen, which hands its action to
GameScene.act(): applied, noted, saved, and the results pushed.
"""
from handheld import buttons as B
from handheld.scenes import TextScene
from handheld.options import encode_match, PLAYER_COLORS
from handheld.progress import RESUME_KEY, save_match
from handheld.rng import Rng
from handheld.leds import WIN
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import table_text as _TEXT
from games.iqlandie.table_text import humans, name_of, rgb, pause, boards  # noqa: F401 (rgb)

CPU_DELAY_MS = 450        # show who acts before a CPU decides
CPU_SOLVE_MS = 120        # CPU solve reports come quickly
TASK_LIMIT_DS = 65535

# --- the hub ---
class GameScene(TextScene):
    def __init__(self, app, game_mod, g, difficulty=1):
        TextScene.__init__(self, app)
        self.game_mod = game_mod
        self.g = g
        g.difficulty = difficulty
        self.kinds = list(g.kinds)
        self.difficulty = difficulty
        self.events = ["", "", ""]
        self.cpu_at = 0
        self.task = None
        self.task_key = -1
        self.later = []
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

    # the table's text: table_text.py
    note = _TEXT.note
    redraw = _TEXT.redraw
    describe = _TEXT.describe
    hide_text = _TEXT.hide_text
    show_text = _TEXT.show_text

    def turn_changed(self):
        g = self.g
        if g.turn >= 0:
            self.app.leds.fill(PLAYER_COLORS[g.turn % 4])

    # the loop
    def tick(self, now):
        if self.app.top() is not self or self.over:
            return False
        if self.text is None:       # a task screen left without handing in
            self.show_text()
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
            from games.iqlandie import cpu      # freed again when a human's screen opens
            action = cpu.decide(g, self.kinds[p], rng)
            if not self.act(action):
                raise RuntimeError("iqlandie: the CPU chose an illegal action %r" % (action,))
        return False

    def open_human(self, p):
        g = self.g
        app = self.app
        unload_cpu()
        if g.phase == G.CHOOSE:
            app.push(phase_screens("phase_round").TopicScreen(app, self))
        elif g.phase == G.SOLVE:
            app.push(phase_screens("phase_round").ReadyScreen(app, self, p))
        elif g.phase == G.DRAFT:
            app.push(phase_screens("phase_draft").DraftScreen(app, self))
        elif g.phase == G.PLACE:
            hand = g.hand(p)
            for i in range(len(hand)):
                if not g.fits_anywhere(i):
                    app.push(phase_screens("phase_info").FallbackScreen(app, self, i))
                    return
            app.push(phase_screens("phase_place").PlaceScreen(app, self, 0))
        elif g.phase == G.END:
            app.push(phase_screens("phase_end").JokerScreen(app, self, p))

    def start_task(self, p):
        """Player p solves this round's task. The phase screens' code and the table's text grid
        are freed first; the task screen's code and art when it is handed in."""
        app = self.app
        task = self.round_task()
        hub = self
        self.hide_text()
        free_for_task()

        def done(answer, ds):
            from games.iqlandie import tasks
            ok = answer is not None and tasks.check(task, answer)
            unload_task_screens()
            later = hub.later    # hot seat: earlier solvers' answers, judged on the card
            if not rv:
                later.append((p, answer, ds))
            elif later:          # the card is turned over: theirs first, then p reports
                q, qa, qds = later.pop(0)
                open_task(app, g.topic, task, hub.name(q, True),
                          lambda a, d: done(answer, ds), True, (qa, qds))
                return
            hub.show_text()
            hub.act((G.A_REPORT, p, min(int(ds), TASK_LIMIT_DS), 1 if ok else 0))

        # the card is turned over once no other human still solves this task
        g = self.g
        rv = all(g.reported[q] or self.kinds[q] for q in range(g.players) if q != p)
        open_task(app, g.topic, task, self.name(p, True), done, rv)

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
            self.later = []
            from handheld import gfx
            gfx.unload(GENERATORS)
        return self.task

    # actions
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
            self.app.push(phase_screens("phase_info").ResultsScreen(self.app, self))
        if phase == G.PLACE and g.phase != G.PLACE and show:
            self.app.push(phase_screens("phase_info").SummaryScreen(self.app, self, rnd))
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
        app.push(phase_screens("phase_end").ScoreScreen(app, self))

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        if button == B.START:
            pause(self.app, self)
        elif button == B.SELECT:
            boards(self.app, self)

    def quit(self):
        """Back to the game's menu (the game stays resumable from the title screen)."""
        self.app.pop_to(self)
        self.app.pop()

    def new_game(self):
        self.app.pop_to(self)
        self.app.store.delete(RESUME_KEY)
        self.over = True
        self.game_mod.rematch(self.app, self)


def phases():
    """All the phase screens at once (tests); the table loads one at a time (phase_screens)."""
    from games.iqlandie import phases as ph
    return ph


# phases.py and the modules it gathers (start_task frees them all).
PHASE_MODULES = ("games.iqlandie.phases", "games.iqlandie.phase_round",
                 "games.iqlandie.phase_info", "games.iqlandie.phase_draft",
                 "games.iqlandie.phase_place", "games.iqlandie.phase_end")
# Used by some screens only (pause menu, art code): freed by phase_screens() and start_task.
TABLE_EXTRAS = ("games.iqlandie.pause_menu", "games.iqlandie.tiles")
# Not needed while a task runs: the phase screens' shared parts, the game's menu.
TASK_FREES = ("games.iqlandie.screen_common", "games.iqlandie.menu")
# The art sheets (screen_common) and the phase modules that draw each one.
ART_SHEETS = ("iq-big", "iq-ghost", "iq-mini")
ART_USERS = (("phase_draft", "phase_place", "phase_end"), ("phase_place", "phase_end"),
             ("phase_round", "phase_draft"))


def phase_screens(name):
    """The phase screen module `name` (phase_round, phase_info, phase_draft, phase_place,
    phase_end), alone in the heap: the others, the pause menu and unused art are freed."""
    import sys
    full = "games.iqlandie." + name
    mod = sys.modules.get(full)
    if mod is None or "games.iqlandie.phases" in sys.modules:
        import gc
        from handheld import gfx
        gfx.unload([m for m in PHASE_MODULES if m != full])
        gfx.unload(TABLE_EXTRAS[:1])
        for i in range(len(ART_SHEETS)):
            if name not in ART_USERS[i]:
                gfx.forget(ART_SHEETS[i])
        gc.collect()
        mod = __import__(full, None, None, ["x"])
    return mod


def free_for_task():
    """Only the table stays while a task screen runs."""
    import gc
    from handheld import gfx
    gfx.unload(PHASE_MODULES)
    for key in ART_SHEETS:
        gfx.forget(key)
    gfx.unload(TABLE_EXTRAS)
    gfx.unload(TASK_FREES)
    G.unload_parts()
    P.drop_tables()
    unload_cpu()
    gc.collect()


def unload_cpu():
    """The CPU's code is in the heap only while CPU players act (GameScene.tick imports it)."""
    from handheld import gfx
    gfx.unload(("games.iqlandie.cpu",))

# A task screen is needed once a round: its code and art go when the task is handed in.
TASK_MODULES = ("games.iqlandie.task_screens", "games.iqlandie.biology_screen",
                "games.iqlandie.programming_screen", "games.iqlandie.optics_screen",
                "games.iqlandie.space_screen", "games.iqlandie.task_tiles",
                "games.iqlandie.biology", "games.iqlandie.programming", "games.iqlandie.optics",
                "games.iqlandie.space", "games.iqlandie.space_gen")
# Task generation code, needed only while round_task generates.
GENERATORS = ("games.iqlandie.space_gen",)
TASK_SHEETS = ("iq-bio17", "iq-bio10", "iq-prog", "iq-optics", "iq-space")


def unload_task_screens():
    import gc
    from handheld import gfx
    for key in TASK_SHEETS:
        gfx.forget(key)
    gfx.unload(TASK_MODULES)
    gc.collect()
    P.load_tables()             # at the low point, not in the next rules call
    gc.collect()


def open_task(app, topic, task, label, on_done, reveal=True, review=None):
    from games.iqlandie import task_screens
    return task_screens.open_task(app, topic, task, label, on_done, reveal, review)
