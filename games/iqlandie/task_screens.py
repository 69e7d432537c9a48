"""iQLANDIE task screens: one scene per topic, a running timer, hand in or give up.

open_task(app, topic, task, player_label, on_done) pushes the topic's scene. The player edits
tasks.new_answer(task); handing in pops the scene, then calls on_done(answer, time_ds) (the
game flow checks the answer with tasks.check). Giving up calls on_done(None, time_ds).
START opens the task menu (keep solving, hand in, how to solve, give up); the timer keeps
running there, so reading the rules costs time like at the table.
"""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import TextGrid, palette, unit_palette, cached
from handheld.scenes import Scene, Menu, Item, TextPage, confirm
from games.iqlandie import tasks
from games.iqlandie import task_tiles as T

MAX_DS = 65535          # times are reported in tenths of a second, 16 bits
TIMER_COLS = 5          # "999.9" (longer times show as 999.9; the report has them all)


def open_task(app, topic, task, player_label, on_done):
    """Push the scene for `topic`; on_done(answer or None, time_ds) runs after it popped."""
    cls = (BiologyScene, ProgrammingScene, OpticsScene, SpaceScene)[topic]
    scene = cls(app, task, player_label, on_done)
    app.push(scene)
    return scene


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
    HELP = ""

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
        if self.done:
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
        self.finish(self.answer)

    def give_up(self):
        self.finish(None)

    def finish(self, answer):
        if self.done:
            return
        self.done = True
        ds = self.elapsed_ds()
        app = self.app
        app.pop_to(self)
        app.pop()
        self.on_done(answer, ds)

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
        self.app.push(TextPage(self.app, tasks.TOPICS[self.scene.TOPIC], self.scene.HELP,
                               on_close=lambda: self.app.pop_to(self.scene)))

    def give_up(self):
        self.app.push(confirm(self.app, "Give up? It counts as a wrong answer.",
                              self.scene.give_up, yes="Give up"))


# --- Biology ------------------------------------------------------------------------------
BIO_X = 1
BIO_Y = 11
GOAL_X = 66
GOAL_Y = 17


class BiologyScene(TaskScene):
    TOPIC = tasks.BIOLOGY
    HELP = ("Slide the tokens until your board shows the goal. The d-pad pushes the token "
            "next to the empty field into it. Any quarter turn of the goal counts: turn "
            "the board in your head. B takes a slide back. A twice hands in.")

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        from games.iqlandie import biology
        self.bio = biology
        board = cached("iq-bio17", T.biology_board)
        goal = cached("iq-bio10", T.biology_goal)
        self.board = displayio.TileGrid(board, pixel_shader=palette(), width=3, height=3,
                                        tile_width=17, tile_height=17, x=BIO_X, y=BIO_Y)
        self.goal = displayio.TileGrid(goal, pixel_shader=palette(), width=3, height=3,
                                       tile_width=10, tile_height=10, x=GOAL_X, y=GOAL_Y)
        g = self.group
        g.append(self.board)
        g.append(_line(BIO_X + 51, BIO_Y, 1, 52))
        g.append(_line(BIO_X, BIO_Y + 51, 51, 1))
        g.append(self.goal)
        g.append(_line(GOAL_X + 30, GOAL_Y, 1, 31))
        g.append(_line(GOAL_X, GOAL_Y + 30, 30, 1))
        self.history = bytearray(64)   # empty-field cells before each slide, for B
        self.nhist = 0
        for i in range(9):
            _set(self.goal, i % 3, i // 3, task.target[i])
        self.title("Biology")
        self.text.write(11, 1, "Goal")
        self.text.write(17, 3, "any")
        self.text.write(17, 4, "turn")
        self.draw_board()
        self.draw_prompt()

    def draw_board(self):
        a = self.answer
        for i in range(9):
            _set(self.board, i % 3, i // 3, a[i])

    def draw_prompt(self):
        t = self.text
        if self.armed:
            t.write(10, 6, "A again:  ")
            t.write(10, 7, "hand in   ")
        else:
            t.write(10, 6, "A: done   ")
            t.write(10, 7, "B: undo   ")

    def handle(self, button, kind):
        if button == B.A:
            if kind == B.PRESS:
                self.arm_or_hand_in()
            return
        self.disarm()
        a = self.answer
        e = 0
        while a[e]:                # MicroPython's bytearray has no index()
            e += 1
        x = e % 3
        y = e // 3
        cell = -1
        # the pressed direction is the way the token moves: UP pulls the token below up
        if button == B.UP and y < 2:
            cell = e + 3
        elif button == B.DOWN and y > 0:
            cell = e - 3
        elif button == B.LEFT and x < 2:
            cell = e + 1
        elif button == B.RIGHT and x > 0:
            cell = e - 1
        elif button == B.B and self.nhist:
            self.nhist -= 1
            cell = self.history[self.nhist]
            self.bio.slide(a, cell)
            self.draw_cells(e, cell)
            return
        if cell >= 0 and self.bio.slide(a, cell):
            if self.nhist == len(self.history):
                self.history[:-1] = self.history[1:]
                self.nhist -= 1
            self.history[self.nhist] = e
            self.nhist += 1
            self.draw_cells(e, cell)

    def draw_cells(self, c1, c2):
        a = self.answer
        _set(self.board, c1 % 3, c1 // 3, a[c1])
        _set(self.board, c2 % 3, c2 // 3, a[c2])



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

# --- Programming --------------------------------------------------------------------------
PROG_NAMES = ("Red", "Blue", "Green", "Yellow", "Circle", "Square", "Triang", "Cross")
LIST_COL = 11


class ProgrammingScene(TaskScene):
    TOPIC = tasks.PROGRAMMING
    HELP = ("The robot starts on its field. Each command turns it toward a side's colour "
            "(straight move) or a corner's symbol (diagonal move), then moves it that many "
            "fields. Put the cursor on the field where it stops and press A twice.")

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        sheet = cached("iq-prog", T.programming)
        self.board = displayio.TileGrid(sheet, pixel_shader=palette(), width=8, height=8,
                                        tile_width=8, tile_height=8, x=0, y=0)
        self.icons = displayio.TileGrid(sheet, pixel_shader=palette(), width=1, height=5,
                                        tile_width=8, tile_height=8,
                                        x=1 + LIST_COL * 6, y=8)
        self.group.append(self.board)
        self.group.append(self.icons)
        b = self.board
        for i in range(6):
            _set(b, i + 1, 0, T.PG_SIDE + 0 * 4 + task.sides[0])
            _set(b, 7, i + 1, T.PG_SIDE + 1 * 4 + task.sides[1])
            _set(b, i + 1, 7, T.PG_SIDE + 2 * 4 + task.sides[2])
            _set(b, 0, i + 1, T.PG_SIDE + 3 * 4 + task.sides[3])
        # corners NE, SE, SW, NW
        _set(b, 7, 0, T.PG_CORNER + task.corners[0])
        _set(b, 7, 7, T.PG_CORNER + task.corners[1])
        _set(b, 0, 7, T.PG_CORNER + task.corners[2])
        _set(b, 0, 0, T.PG_CORNER + task.corners[3])
        self.cursor = self.answer
        for c in range(36):
            self.draw_cell(c)
        self.text.write(LIST_COL, 0, label)
        n = task.ncmd
        for i in range(5):
            if i < n:
                tgt = task.prog[2 * i]
                _set(self.icons, 0, i, T.PG_SWATCH + tgt if tgt < 4 else T.PG_CORNER + tgt - 4)
                self.text.write(LIST_COL + 2, i + 1, "%d %s" % (task.prog[2 * i + 1],
                                                               PROG_NAMES[tgt]))
            else:
                _set(self.icons, 0, i, T.PG_BLANK)
        self.draw_prompt()
        self.show_leds()

    def show_leds(self):
        from games.iqlandie import pieces as P
        leds = self.app.leds
        for i in range(min(4, leds.n)):
            r, g, b = P.RGB[T.PROG_COLOUR[self.task.sides[i]]]
            leds.set(i, r << 16 | g << 8 | b)

    def draw_cell(self, c):
        tile = T.PG_ROBOT if c == self.task.start else T.PG_EMPTY
        if c == self.cursor:
            tile += T.PG_INV
        _set(self.board, 1 + c % 6, 1 + c // 6, tile)

    def draw_prompt(self):
        self.text.write(LIST_COL, 7, "A again!  " if self.armed else "A: here   ")

    def handle(self, button, kind):
        if button == B.A:
            if kind == B.PRESS:
                self.arm_or_hand_in()
            return
        self.disarm()
        c = self.cursor
        n = grid_step(c, button)
        if n < 0:
            return
        self.cursor = n
        self.answer = self.cursor
        self.draw_cell(c)
        self.draw_cell(self.cursor)


# --- Optics -------------------------------------------------------------------------------
class OpticsScene(TaskScene):
    TOPIC = tasks.OPTICS
    HELP = ("The laser leaves the start square straight into the grid. Place every mirror "
            "so it reaches the hollow goal square, reflecting off each mirror once and "
            "never passing a mirror field again. A: put the chosen mirror on the cursor, "
            "or turn the mirror there. B: take it off. SELECT: next mirror; on Done, "
            "A hands in.")
    STATUS = ("on goal", "misses", "skips one", "hits twice", "")

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        from games.iqlandie import optics
        self.op = optics
        sheet = cached("iq-optics", T.optics)
        self.board = displayio.TileGrid(sheet, pixel_shader=palette(), width=8, height=8,
                                        tile_width=8, tile_height=8, x=0, y=0)
        self.group.append(self.board)
        self.mask = bytearray(36)
        self.buf = bytearray(optics.TRACE_MAX)
        self.exit = -1
        self.status = 0
        self.cursor = optics.port_cell(task.start)[0]
        self.sel = 0
        b = self.board
        for corner in ((0, 0), (7, 0), (0, 7), (7, 7)):
            _set(b, corner[0], corner[1], T.OP_CORNER)
        self.text.write(11, 0, label)
        self.redraw()

    def port_xy(self, port):
        side = port // 6
        i = port % 6
        if side == 0:
            return i + 1, 0
        if side == 1:
            return 7, i + 1
        if side == 2:
            return i + 1, 7
        return 0, i + 1

    def mirror_at(self, c):
        """Index of the token on field c, or -1."""
        a = self.answer
        for i in range(len(a)):
            if a[i][0] == c:
                return i
        return -1

    def redraw(self):
        op = self.op
        a = self.answer
        mask = self.mask
        for i in range(36):
            mask[i] = 0
        n, status = op.trace(self.task, a, self.buf)
        self.status = status
        buf = self.buf
        d = 0
        c = 0
        for k in range(n):
            v = buf[k]
            c = v >> 2
            d = v & 3
            m = self.mirror_at(c)
            din = op.REFLECT[a[m][1]][d] if m >= 0 else d
            mask[c] |= (1 << d) | (1 << ((din + 2) & 3))
        x = c % 6
        y = c // 6
        self.exit = -1
        if status == op.TWICE:
            # the beam runs into a mirror field a second time: show where
            nx = x + op.STEP[d][0]
            ny = y + op.STEP[d][1]
            if 0 <= nx < 6 and 0 <= ny < 6:
                mask[ny * 6 + nx] |= 1 << ((d + 2) & 3)
        elif n:
            self.exit = op.exit_port(x, y, d)
        for c in range(36):
            self.draw_cell(c)
        for p in range(24):
            self.draw_port(p)
        self.draw_list()

    def draw_cell(self, c):
        m = self.mirror_at(c)
        tile = self.mask[c] + (16 * (self.answer[m][1] + 1) if m >= 0 else 0)
        if c == self.cursor:
            tile += T.OP_INV
        _set(self.board, 1 + c % 6, 1 + c // 6, tile)

    def draw_port(self, p):
        task = self.task
        kind = T.PORT_BLANK
        if p == task.start:
            kind = T.PORT_START
        elif p == task.goal:
            kind = T.PORT_GOAL_HIT if p == self.exit else T.PORT_GOAL
        elif p == self.exit:
            kind = T.PORT_OUT
        x, y = self.port_xy(p)
        _set(self.board, x, y, T.OP_PORT + (p // 6) * 5 + kind)

    def draw_list(self):
        t = self.text
        a = self.answer
        n = len(a)
        for i in range(5):
            if i < n:
                where = "set" if a[i][0] != self.op.NONE else "--"
                s = "%d %s %s" % (i + 1, "/" if a[i][1] == 0 else "\\", where)
            else:
                s = "Done" if i == n else ""
            mark = font.ARROW_RIGHT if i == self.sel else " "
            t.write(11, i + 1, mark + (s + "         ")[:9])
        if n < 4:
            t.write(11, 5, " " * 10)
        placed = 0
        for i in range(n):
            if a[i][0] != self.op.NONE:
                placed += 1
        if placed < n:
            l1 = "Place %d" % (n - placed)
            l2 = ""
        else:
            l1 = "Laser"
            l2 = self.STATUS[self.status]
        t.write(11, 6, (l1 + "          ")[:10])
        t.write(11, 7, (l2 + "          ")[:10])

    def handle(self, button, kind):
        a = self.answer
        n = len(a)
        c = self.cursor
        if button <= B.RIGHT:
            n = grid_step(c, button)
            if n < 0:
                return
            self.cursor = n
            self.draw_cell(c)
            self.draw_cell(self.cursor)
            return
        if kind != B.PRESS:
            return
        if button == B.SELECT:
            self.sel = (self.sel + 1) % (n + 1)
            if self.sel < n and a[self.sel][0] != self.op.NONE:
                old = self.cursor
                self.cursor = a[self.sel][0]
                self.draw_cell(old)
                self.draw_cell(self.cursor)
            self.draw_list()
            return
        if button == B.A:
            if self.sel == n:         # "Done" chosen
                self.hand_in()
                return
            m = self.mirror_at(c)
            if m >= 0:
                a[m][1] ^= 1          # turn the mirror under the cursor; the choice stays
            else:
                a[self.sel][0] = c    # put (or move) the chosen mirror here
                # then choose the next mirror still in the box: placing goes quickly
                for k in range(1, n + 1):
                    j = (self.sel + k) % n
                    if a[j][0] == self.op.NONE:
                        self.sel = j
                        break
            self.redraw()
        elif button == B.B:
            m = self.mirror_at(c)
            if m >= 0:
                a[m][0] = self.op.NONE
                a[m][1] = 0
                self.sel = m
                self.redraw()


# --- Space --------------------------------------------------------------------------------
SP_TARGET_X = 3
SP_TARGET_Y = 7
WORK_X = 34
WORK_Y = 8
SP_LIST_COL = 15
ADD = -1
DONE = -2


class SpaceScene(TaskScene):
    TOPIC = tasks.SPACE
    HELP = ("Stack your space cards so the framed 3x3 window shows exactly the goal: the "
            "top symbol of each field counts, no field may stay empty. Cards may stick out. "
            "List: UP/DOWN choose, A edits a card or adds one (+Card), LEFT/RIGHT swap the "
            "card, B removes it. Editing: d-pad moves, A turns, B flips, SELECT ends. "
            "A on Done hands in.")

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        from games.iqlandie import space
        self.sp = space
        sheet = cached("iq-space", T.space)
        self.target = displayio.TileGrid(sheet, pixel_shader=palette(), width=3, height=3,
                                         tile_width=8, tile_height=8, x=SP_TARGET_X,
                                         y=SP_TARGET_Y)
        self.work = displayio.TileGrid(sheet, pixel_shader=palette(), width=7, height=7,
                                       tile_width=8, tile_height=8, x=WORK_X, y=WORK_Y)
        g = self.group
        g.append(self.target)
        g.append(_frame(SP_TARGET_X, SP_TARGET_Y, 25))
        g.append(self.work)
        g.append(_frame(WORK_X + 16, WORK_Y + 16, 25))
        for i in range(9):
            _set(self.target, i % 3, i // 3, task.target[i])
        self.win = bytearray(9)
        self.focus = ADD        # a layer index, ADD or DONE
        self.editing = False
        self.text.write(0, 4, "Goal")
        self.redraw()

    def rows(self):
        """The list's entries: layer indices bottom to top, then ADD (if a card is left), DONE."""
        out = list(range(len(self.answer)))
        if len(self.answer) < 5:
            out.append(ADD)
        out.append(DONE)
        return out

    def unused(self, card, step):
        """The next card from `card` in direction step that no layer uses, or -1."""
        used = 0
        for e in self.answer:
            used |= 1 << e[0]
        for k in range(1, 6):
            c = (card + step * k) % 5
            if not used & (1 << c):
                return c
        return -1

    def redraw(self):
        sp = self.sp
        a = self.answer
        win = sp.compose(a, self.win)
        cur = a[self.focus] if self.focus >= 0 else None
        cells = sp.transform(cur[0], cur[1]) if cur is not None else None
        for wy in range(7):
            for wx in range(7):
                x = wx - 2
                y = wy - 2
                v = 0
                inside = 0 <= x < 3 and 0 <= y < 3
                if inside:
                    v = win[y * 3 + x]
                if cur is not None:
                    cx = x - cur[2]
                    cy = y - cur[3]
                    if 0 <= cx < 3 and 0 <= cy < 3:
                        if not inside:
                            v = cells[cy * 3 + cx]
                        v += T.SP_INV
                _set(self.work, wx, wy, v)
        self.draw_list()

    def draw_list(self):
        t = self.text
        rows = self.rows()
        a = self.answer
        for r in range(7):
            s = ""
            mark = " "
            if r < len(rows):
                e = rows[r]
                if e == ADD:
                    s = "+Card"
                elif e == DONE:
                    s = "Done"
                else:
                    s = "%d C%d" % (e + 1, a[e][0] + 1)
                if e == self.focus:
                    mark = font.STAR if self.editing else font.ARROW_RIGHT
            t.write(SP_LIST_COL, r + 1, mark + (s + "     ")[:5])
        if self.editing:
            hint = "A:rot B:flip"
            left = ("SEL", "=ok")
        elif self.focus >= 0:
            hint = "A:edit B:del"
            left = (font.ARROW_LEFT + font.ARROW_RIGHT, "=card")
        elif self.focus == ADD:
            hint = "A:add a card"
            left = ("", "")
        else:
            hint = "A:hand in"
            left = ("", "")
        t.write(0, 0, (self.label + " " + hint + " " * 15)[:15])
        t.write(0, 6, (left[0] + "     ")[:5])
        t.write(0, 7, (left[1] + "     ")[:5])

    def handle(self, button, kind):
        a = self.answer
        if self.editing:
            e = a[self.focus]
            if button == B.UP and e[3] > -2:
                e[3] -= 1
            elif button == B.DOWN and e[3] < 2:
                e[3] += 1
            elif button == B.LEFT and e[2] > -2:
                e[2] -= 1
            elif button == B.RIGHT and e[2] < 2:
                e[2] += 1
            elif kind != B.PRESS:
                return
            elif button == B.A:
                # a clockwise quarter turn keeps the flip bit
                e[1] = (e[1] & 4) | ((e[1] + 1) & 3)
            elif button == B.B:
                # flipping a turned card mirrors what is seen: left-right stays left-right
                e[1] = (e[1] ^ 4) if (e[1] & 1) == 0 else ((e[1] ^ 4) ^ 2)
            elif button == B.SELECT:
                self.editing = False
            else:
                return
            self.redraw()
            return
        rows = self.rows()
        r = rows.index(self.focus)
        if button == B.UP or button == B.DOWN:
            r = (r + (1 if button == B.DOWN else -1)) % len(rows)
            self.focus = rows[r]
            self.redraw()
            return
        if kind != B.PRESS:
            return
        if self.focus >= 0:
            e = a[self.focus]
            if button == B.LEFT or button == B.RIGHT:
                c = self.unused(e[0], -1 if button == B.LEFT else 1)
                if c >= 0:
                    e[0] = c
            elif button == B.A or button == B.SELECT:
                self.editing = True
            elif button == B.B:
                a.pop(self.focus)
                rows = self.rows()
                self.focus = rows[min(r, len(rows) - 1)]
            else:
                return
            self.redraw()
        elif self.focus == ADD and (button == B.A or button == B.SELECT):
            a.append([self.unused(4, 1), 0, 0, 0])
            self.focus = len(a) - 1
            self.editing = True
            self.redraw()
        elif self.focus == DONE and button == B.A:
            self.hand_in()
