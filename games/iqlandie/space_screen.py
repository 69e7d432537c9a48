"""iQLANDIE Space task screen: stack space cards until the window shows the goal."""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import palette
from games.iqlandie import tasks
from games.iqlandie.task_screens import TaskScene, _frame, _set, ADD, DONE, task_sheet

# the sheet's tiles: space.TILE[value], + space.NTILES inverted (task_tiles.space draws it)

SP_TARGET_X = 3
SP_TARGET_Y = 7
WORK_X = 34
WORK_Y = 8
SP_LIST_COL = 15


class SpaceScene(TaskScene):
    TOPIC = tasks.SPACE

    def __init__(self, app, task, label, on_done):
        TaskScene.__init__(self, app, task, label, on_done)
        from games.iqlandie import space
        self.sp = space
        sheet = task_sheet("iq-space", "space")
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
            _set(self.target, i % 3, i // 3, space.TILE[task.target[i]])
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
                    v = sp.TILE[win[y * 3 + x]]
                if cur is not None:
                    cx = x - cur[2]
                    cy = y - cur[3]
                    if 0 <= cx < 3 and 0 <= cy < 3:
                        if not inside:
                            v = sp.TILE[cells[cy * 3 + cx]]
                        v += sp.NTILES
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

    def show_review(self):
        """Your stack's window judged, or the card: a correct stack (yours when right); in both
        the window fields where your stack differs from the goal are inverted, and on the card
        the layers that differ from yours are starred."""
        sp = self.sp
        a = self.answer
        mine = sp.compose(a, bytearray(9))
        stack = self.card() if self.review else a
        win = sp.compose(stack, self.win)
        tgt = self.task.target
        for wy in range(7):
            for wx in range(7):
                x = wx - 2
                y = wy - 2
                v = 0
                if 0 <= x < 3 and 0 <= y < 3:
                    i = y * 3 + x
                    v = sp.TILE[win[i]] + (sp.NTILES if mine[i] != tgt[i] else 0)
                _set(self.work, wx, wy, v)
        t = self.text
        for r in range(7):
            s = ""
            if r < len(stack):
                e = stack[r]
                s = ("*" if self.review and (r >= len(a) or a[r] != e) else " ") + \
                    "%d C%d" % (r + 1, e[0] + 1)
            t.write(SP_LIST_COL, r + 1, (s + "      ")[:6])
        head = "The card" if self.review else self.review_text()[0]
        t.write(0, 0, (self.label + " " + head + " " * 15)[:15])
        if self.reveal:
            left = ("SEL:", "yours" if self.review else "card", "A:ok")
        else:
            left = ("Card", "later", "A:ok")
        for i in range(3):
            t.write(0, 5 + i, (left[i] + "     ")[:5])

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
