"""iQLANDIE Optics task screen: place the mirrors that lead the laser to the goal."""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import palette
from games.iqlandie import tasks
from games.iqlandie.task_screens import TaskScene, _set, grid_step, task_sheet

# task_tiles.py's tile numbers of this sheet (that module is in the heap only while it draws)
OP_CORNER = 116
OP_INV = 48
PORT_BLANK = 0
PORT_START = 1
PORT_GOAL = 2
PORT_GOAL_HIT = 3
PORT_OUT = 4
OP_PORT = 96

class OpticsScene(TaskScene):
    TOPIC = tasks.OPTICS
    STATUS = ("on goal", "misses", "skips one", "hits twice", "stacked")

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        from games.iqlandie import optics
        self.op = optics
        sheet = task_sheet("iq-optics", "optics")
        self.board = displayio.TileGrid(sheet, pixel_shader=palette(), width=8, height=8,
                                        tile_width=8, tile_height=8, x=0, y=0)
        self.group.append(self.board)
        self.mask = bytearray(36)
        self.diff = bytearray(36)
        self.view = self.answer    # the answer drawn: yours, or the card's in the review
        self.buf = bytearray(optics.TRACE_MAX)
        self.exit = -1
        self.status = 0
        self.cursor = optics.port_cell(task.start)[0]
        self.sel = 0
        b = self.board
        for corner in ((0, 0), (7, 0), (0, 7), (7, 7)):
            _set(b, corner[0], corner[1], OP_CORNER)
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
        """Index of the token on field c in the answer shown, or -1."""
        a = self.view
        for i in range(len(a)):
            if a[i][0] == c:
                return i
        return -1

    def redraw(self):
        """The mirrors of the answer shown; the laser only in the review (after handing in:
        while solving nobody is told whether it reaches the goal)."""
        op = self.op
        a = self.view
        mask = self.mask
        for i in range(36):
            mask[i] = 0
        n = 0
        status = op.OK
        if self.review >= 0:
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
        if self.review < 0:
            self.draw_list()

    def draw_cell(self, c):
        m = self.mirror_at(c)
        tile = self.mask[c] + (16 * (self.view[m][1] + 1) if m >= 0 else 0)
        if c == self.cursor or (self.review == 1 and self.diff[c]):
            tile += OP_INV
        _set(self.board, 1 + c % 6, 1 + c // 6, tile)

    def draw_port(self, p):
        task = self.task
        kind = PORT_BLANK
        if p == task.start:
            kind = PORT_START
        elif p == task.goal:
            kind = PORT_GOAL_HIT if p == self.exit else PORT_GOAL
        elif p == self.exit:
            kind = PORT_OUT
        x, y = self.port_xy(p)
        _set(self.board, x, y, OP_PORT + (p // 6) * 5 + kind)

    def show_review(self):
        """Your mirrors and where the laser goes; or the card: a correct answer, the fields
        where yours differs inverted."""
        old = self.cursor
        self.cursor = -1
        if old >= 0:
            self.draw_cell(old)
        a = self.answer
        if self.review == 1:
            self.view = self.card()
            diff = self.diff
            for c in range(36):
                diff[c] = 0
            for e in self.view:
                diff[e[0]] = 1 + e[1]
            for e in a:
                if e[0] < 36:
                    diff[e[0]] = 0 if diff[e[0]] == 1 + e[1] else 1
            same = 1
            for c in range(36):
                same &= not diff[c]
            lines = ("The card", "Laser", "on goal", "Same as" if same else "Inverted:",
                     "yours" if same else "you differ")
        else:
            self.view = a
            lines = ("Your try", "Laser", "", self.review_text()[0], "")
        self.redraw()
        if self.review == 0:
            lines = lines[:2] + (self.STATUS[self.status],) + lines[3:]
        lines += self.review_text()[1:]
        t = self.text
        for i in range(7):
            t.write(11, i + 1, (lines[i] + "          ")[:10])

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
            l1 = "All set:"
            l2 = "A on Done"
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
