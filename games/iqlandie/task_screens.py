"""iQLANDIE task screens: what every topic's scene shares (a running timer, hand in, give up);
the scenes are biology_screen.py, programming_screen.py, optics_screen.py, space_screen.py.

open_task(app, topic, task, player_label, on_done) pushes the topic's scene. The player edits
tasks.new_answer(task); handing in pops the scene, then calls on_done(answer, time_ds) (the
game flow checks the answer with tasks.check). Giving up calls on_done(None, time_ds).
START opens the task menu (keep solving, hand in, how to solve, give up); the timer keeps
running there, so reading the rules costs time like at the table.

Handing in (or giving up) stops the clock and shows the review: first the player's own answer
judged (optics: only now the laser is drawn), then, with SELECT / LEFT / RIGHT, the card turned
over: one correct solution, the fields where the player's answer differs marked. With
reveal=False (another human still has to solve this task) only the own answer is shown.
A leaves the review and reports.
"""
import displayio

from handheld import buttons as B
from handheld.gfx import TextGrid, palette, unit_palette, cached, unload
from handheld.scenes import Scene, Menu, Item, TextPage, confirm
from handheld.entry import once
from games.iqlandie import tasks

MAX_DS = 65535          # times are reported in tenths of a second, 16 bits
TIMER_COLS = 5          # "999.9" (longer times show as 999.9; the report has them all)


def open_task(app, topic, task, player_label, on_done, reveal=True, review=None):
    """Push the scene for `topic`; on_done(answer or None, time_ds) runs after it popped.
    review=(answer, time_ds): an answer handed in earlier, shown judged (hot seat: the card is
    turned over after the last human's task, then each earlier solver sees theirs on it)."""
    for key, name in SHEETS[topic]:     # drawn before the scene's code is loaded: a lower peak
        task_sheet(key, name)
    if topic == tasks.BIOLOGY:
        from games.iqlandie.biology_screen import BiologyScene as cls
    elif topic == tasks.PROGRAMMING:
        from games.iqlandie.programming_screen import ProgrammingScene as cls
    elif topic == tasks.OPTICS:
        from games.iqlandie.optics_screen import OpticsScene as cls
    else:
        from games.iqlandie.space_screen import SpaceScene as cls
    scene = cls(app, task, player_label, on_done)
    scene.reveal = reveal
    app.push(scene)
    if review is not None:
        if review[0] is not None:
            scene.answer = review[0]
        scene.end_task(review[0], review[1])
    return scene


# Each topic's tile sheets: (gfx cache key, task_tiles function that draws it).
SHEETS = ((("iq-bio17", "biology_board"), ("iq-bio10", "biology_goal")),
          (("iq-prog", "programming"),), (("iq-optics", "optics"),), (("iq-space", "space"),))


def task_sheet(key, name):
    """A task tile sheet, drawn by task_tiles.<name> when first asked; the drawing code leaves
    the heap right after (the sheet stays cached until screens.unload_task_screens)."""
    return cached(key, lambda bitmap_cls: _draw(name, bitmap_cls))


def _draw(name, bitmap_cls):
    from games.iqlandie import task_tiles
    sheet = getattr(task_tiles, name)(bitmap_cls)
    unload(("games.iqlandie.task_tiles",))
    return sheet


def _line(x, y, w, h):
    """A lit rectangle (a border line) as its own small layer."""
    bmp = displayio.Bitmap(w, h, 2)
    bmp.fill(1)
    return displayio.TileGrid(bmp, pixel_shader=palette(), x=x, y=y)


def _frame(x, y, size):
    """A see-through square outline of size x size pixels at (x, y)."""
    bmp = displayio.Bitmap(size, size, 3)
    for i in range(size):
        bmp[i, 0] = 1
        bmp[i, size - 1] = 1
        bmp[0, i] = 1
        bmp[size - 1, i] = 1
    return displayio.TileGrid(bmp, pixel_shader=unit_palette(), x=x, y=y)


def _set(grid, x, y, tile):
    # setting a tile to its own value still marks it dirty: skip it
    if grid[x, y] != tile:
        grid[x, y] = tile


class TaskScene(Scene):
    """Timer, task menu, hand in / give up; subclasses draw and edit self.answer."""

    TOPIC = 0
    TIMER_ROW = 0

    def __init__(self, app, task, label, on_done):
        Scene.__init__(self, app)
        self.task = task
        self.label = label
        self.on_done = on_done
        self.answer = tasks.new_answer(task)
        self.start_ms = app.now
        self.shown_ds = -1
        self.done = False
        self.armed = False       # A pressed once: the next A hands in
        self.review = -1         # -1 solving; 0 the answer judged; 1 the card (a solution)
        self.reveal = True       # the card may be shown (no other human still solves)
        self.ds = 0              # the time handed in
        self.handed = None
        self.ok = False
        self.text = TextGrid()
        self.group.append(self.text.grid)
        leds = app.leds
        self.saved_leds = list(leds.colors)

    # --- time -------------------------------------------------------------------------
    def elapsed_ds(self):
        ds = (self.app.now - self.start_ms) // 100
        return ds if ds < MAX_DS else MAX_DS

    def draw_timer(self, ds):
        if ds > 9999:
            ds = 9999
        s = "%d.%d" % (ds // 10, ds % 10)
        self.text.write(21 - TIMER_COLS, self.TIMER_ROW, " " * (TIMER_COLS - len(s)) + s)

    def tick(self, now):
        if self.done or self.review >= 0:
            return False
        ds = self.elapsed_ds()
        if ds != self.shown_ds:
            self.shown_ds = ds
            self.draw_timer(ds)
            return True
        return False

    # --- buttons ----------------------------------------------------------------------
    def on_button(self, button, kind):
        if self.done:
            return
        if self.review >= 0:
            if kind != B.PRESS:
                return
            if button == B.A:
                self.finish()
            elif self.reveal and (button == B.SELECT or button == B.LEFT or button == B.RIGHT):
                self.review ^= 1
                self.show_review()
            return
        if button == B.START:
            if kind == B.PRESS:
                self.disarm()
                self.app.push(TaskMenu(self.app, self))
            return
        if kind != B.PRESS and kind != B.REPEAT:
            return
        self.handle(button, kind)

    def handle(self, button, kind):
        pass

    def arm_or_hand_in(self):
        """A twice hands in: one stray press never ends a task."""
        if self.armed:
            self.hand_in()
        else:
            self.armed = True
            self.draw_prompt()

    def disarm(self):
        if self.armed:
            self.armed = False
            self.draw_prompt()

    def draw_prompt(self):
        pass

    # --- the end ----------------------------------------------------------------------
    def hand_in(self):
        self.end_task(self.answer)

    def give_up(self):
        self.end_task(None)

    def end_task(self, answer, ds=None):
        """Stop the clock and judge the answer: the review starts (your answer first)."""
        if self.done or self.review >= 0:
            return
        self.ds = self.elapsed_ds() if ds is None else ds
        self.handed = answer
        self.ok = answer is not None and tasks.check(self.task, answer)
        self.app.pop_to(self)
        self.armed = False
        self.review = 0
        self.draw_timer(self.ds)
        self.show_review()

    def card(self):
        """The answer the turned card shows: the player's own when right (several answers may
        be right), else the generator's."""
        if self.ok:
            return self.handed
        return tasks.solution(self.task)

    def review_text(self):
        """(verdict, what SELECT does, what A does) in the review, 10 columns each."""
        v = "Gave up" if self.handed is None else ("Right!" if self.ok else "Wrong")
        if not self.reveal:
            return v, "Card:later", "A: next"
        return v, ("SEL: yours" if self.review else "SEL: card"), "A: next"

    def show_review(self):
        pass

    def finish(self):
        if self.done:
            return
        self.done = True
        app = self.app
        app.pop_to(self)
        app.pop()
        self.on_done(self.handed, self.ds)

    def on_leave(self):
        leds = self.app.leds
        for i in range(min(leds.n, len(self.saved_leds))):
            leds.set(i, self.saved_leds[i])

    def title(self, name):
        self.text.line(0, self.label + " " + name)
        self.shown_ds = -1


class TaskMenu(Menu):
    def __init__(self, app, scene):
        self.scene = scene
        items = [Item("Keep solving", app.pop),
                 Item("Hand in answer", self.hand_in),
                 Item("How to solve", self.rules),
                 Item("Give up", self.give_up)]
        Menu.__init__(self, app, "%s %s" % (scene.label, tasks.TOPICS[scene.TOPIC]), items)

    def hand_in(self):
        self.scene.hand_in()

    def rules(self):
        # closing the page goes straight back to the task: the clock is running
        self.app.push(TextPage(self.app, tasks.TOPICS[self.scene.TOPIC],
                               once("games.iqlandie.task_help", "help_text", self.scene.TOPIC),
                               on_close=lambda: self.app.pop_to(self.scene)))

    def give_up(self):
        self.app.push(confirm(self.app, "Give up? It counts as a wrong answer.",
                              self.scene.give_up, yes="Give up"))


def grid_step(c, button):
    """The cell of a 6x6 grid next to c in the d-pad's direction, -1 at the edge."""
    x = c % 6
    y = c // 6
    if button == B.UP and y > 0:
        return c - 6
    if button == B.DOWN and y < 5:
        return c + 6
    if button == B.LEFT and x > 0:
        return c - 1
    if button == B.RIGHT and x < 5:
        return c + 1
    return -1


# Space: the list entries after the cards (space_screen.py).
ADD = -1
DONE = -2
