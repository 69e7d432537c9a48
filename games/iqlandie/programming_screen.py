"""iQLANDIE Programming task screen: point at the field where the robot stops."""
import displayio

from handheld import buttons as B
from handheld.gfx import palette
from games.iqlandie import tasks
from games.iqlandie.task_screens import TaskScene, _set, grid_step, task_sheet

# task_tiles.py's tile numbers of this sheet (that module is in the heap only while it draws)
PG_EMPTY = 0
PG_ROBOT = 1
PG_INV = 2
PG_SIDE = 4
PG_CORNER = 20
PG_SWATCH = 24
PG_BLANK = 28
PROG_COLOUR = (0, 3, 2, 1)       # = task_tiles.PROG_COLOUR (pieces RED, BLUE, GREEN, YELLOW)

PROG_NAMES = ("Red", "Blue", "Green", "Yellow", "Circle", "Square", "Triang", "Cross")
LIST_COL = 11


class ProgrammingScene(TaskScene):
    TOPIC = tasks.PROGRAMMING

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        sheet = task_sheet("iq-prog", "programming")
        self.board = displayio.TileGrid(sheet, pixel_shader=palette(), width=8, height=8,
                                        tile_width=8, tile_height=8, x=0, y=0)
        self.icons = displayio.TileGrid(sheet, pixel_shader=palette(), width=1, height=5,
                                        tile_width=8, tile_height=8,
                                        x=1 + LIST_COL * 6, y=8)
        self.group.append(self.board)
        self.group.append(self.icons)
        b = self.board
        for i in range(6):
            _set(b, i + 1, 0, PG_SIDE + 0 * 4 + task.sides[0])
            _set(b, 7, i + 1, PG_SIDE + 1 * 4 + task.sides[1])
            _set(b, i + 1, 7, PG_SIDE + 2 * 4 + task.sides[2])
            _set(b, 0, i + 1, PG_SIDE + 3 * 4 + task.sides[3])
        # corners NE, SE, SW, NW
        _set(b, 7, 0, PG_CORNER + task.corners[0])
        _set(b, 7, 7, PG_CORNER + task.corners[1])
        _set(b, 0, 7, PG_CORNER + task.corners[2])
        _set(b, 0, 0, PG_CORNER + task.corners[3])
        self.cursor = self.answer
        for c in range(36):
            self.draw_cell(c)
        self.text.write(LIST_COL, 0, label)
        n = task.ncmd
        for i in range(5):
            if i < n:
                tgt = task.prog[2 * i]
                _set(self.icons, 0, i, PG_SWATCH + tgt if tgt < 4 else PG_CORNER + tgt - 4)
                self.text.write(LIST_COL + 2, i + 1, "%d %s" % (task.prog[2 * i + 1],
                                                               PROG_NAMES[tgt]))
            else:
                _set(self.icons, 0, i, PG_BLANK)
        self.draw_prompt()
        self.show_leds()

    def show_leds(self):
        from games.iqlandie import pieces as P
        leds = self.app.leds
        for i in range(min(4, leds.n)):
            r, g, b = P.RGB[PROG_COLOUR[self.task.sides[i]]]
            leds.set(i, r << 16 | g << 8 | b)

    def draw_cell(self, c):
        tile = PG_ROBOT if c == self.task.start else PG_EMPTY
        if c == self.cursor:
            tile += PG_INV
        _set(self.board, 1 + c % 6, 1 + c // 6, tile)

    def show_review(self):
        """The field you chose judged; or the card: the robot on the field where it stops, your
        field (when it is another) inverted."""
        end = self.task.start
        if self.review == 1:
            end = tasks.solution(self.task)
        self.cursor = self.answer if self.review == 0 or end != self.answer else -1
        for c in range(36):
            tile = PG_ROBOT if c == end else PG_EMPTY
            if c == self.cursor:
                tile += PG_INV
            _set(self.board, 1 + c % 6, 1 + c // 6, tile)
        t = self.text
        t.write(LIST_COL, 0, "Card " if self.review else ("Right" if self.ok else "Wrong"))
        h = self.review_text()
        t.write(LIST_COL, 6, (h[1] + "          ")[:10])
        t.write(LIST_COL, 7, (h[2] + "          ")[:10])

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
