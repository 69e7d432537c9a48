"""iQLANDIE Biology task screen: slide the tokens until the board shows the goal."""
import displayio

from handheld import buttons as B
from handheld.gfx import palette
from games.iqlandie import tasks
from games.iqlandie.task_screens import TaskScene, _frame, _line, _set, task_sheet

BIO_X = 1
BIO_Y = 11
GOAL_X = 66
GOAL_Y = 17


class BiologyScene(TaskScene):
    TOPIC = tasks.BIOLOGY

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        from games.iqlandie import biology
        self.bio = biology
        board = task_sheet("iq-bio17", "biology_board")
        goal = task_sheet("iq-bio10", "biology_goal")
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
        self.frames = []               # the review's marks on fields that differ
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

    def show_review(self):
        """Your board judged; or the card: the goal turned the way closest to your board (a turn
        the slides can reach), the fields where yours differs framed."""
        for f in self.frames:
            self.group.remove(f)
        self.frames = []
        a = self.answer
        shown = a
        h = self.review_text()
        head = h[0]
        if self.review == 1:
            head = "The card"
            shown = self.card()
            if not self.ok:
                best = -1
                for q in range(4):
                    r = self.bio.rotate(self.task.target, q)
                    n = 0
                    for i in range(9):
                        n += r[i] == a[i]
                    if n > best and tasks.check(self.task, r):
                        best = n
                        shown = r
            for i in range(9):
                if shown[i] != a[i]:
                    f = _frame(BIO_X + 17 * (i % 3) + 2, BIO_Y + 17 * (i // 3) + 2, 14)
                    self.frames.append(f)
                    self.group.append(f)
        for i in range(9):
            _set(self.board, i % 3, i // 3, shown[i])
        self.text.write(0, 0, (self.label + " " + head + " " * 15)[:15])
        self.text.write(10, 6, (h[1] + "          ")[:10])
        self.text.write(10, 7, (h[2] + "          ")[:10])

    def draw_cells(self, c1, c2):
        a = self.answer
        _set(self.board, c1 % 3, c1 // 3, a[c1])
        _set(self.board, c2 % 3, c2 // 3, a[c2])
