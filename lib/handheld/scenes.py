"""Reusable scenes: menus, text pages, confirmations, errors, results and the level list.

A scene owns a displayio Group, gets on_button(button, kind) and tick(now), and asks the app
to push, pop or replace scenes. Games only write their board view; everything else is here.
"""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import TextGrid, wrap, ROWS, COLS


class Scene:
    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def on_button(self, button, kind):
        pass

    def tick(self, now):
        """Return True when something changed on screen."""
        return False

    def on_show(self):
        """The scene is on top again (a scene above it was popped)."""

    def on_cover(self):
        """Another scene was pushed over this one: let go of what on_show can rebuild."""

    def on_leave(self):
        """The scene is about to be removed from the stack."""


class TextScene(Scene):
    """A full-screen text grid; row 0 is the title bar."""

    def __init__(self, app):
        Scene.__init__(self, app)
        self.text = TextGrid()
        self.group.append(self.text.grid)

    def title_line(self, title, right=""):
        self.text.line(0, " " + title, inverted=True, right=right + " " if right else "")


class Item:
    """A menu line. on_pick() runs on A; value() gives right-hand text; on_adjust(delta) on LEFT/RIGHT.
    An item with neither on_pick nor on_adjust is an information line the cursor skips."""

    def __init__(self, label, on_pick=None, value=None, on_adjust=None):
        self.label = label
        self.on_pick = on_pick
        self.value = value
        self.on_adjust = on_adjust

    def selectable(self):
        return self.on_pick is not None or self.on_adjust is not None


# The key legend on a menu's last row: what A does on the selected line, and B ("A: choose
# B: back"; the colons keep it from reading as one more menu line).
LEGEND_PICK = ("A", "choose")
LEGEND_ADJUST = (font.ARROW_LEFT + font.ARROW_RIGHT, "change")
LEGEND_BACK = ("B", "back")


def legend_text(parts):
    """[(key, what)] -> "A: choose  B: back", closer together when the row is short."""
    words = [key + ":" + what for key, what in parts]
    wide = "  ".join(key + ": " + what for key, what in parts)
    if len(wide) <= COLS:
        return wide
    return " ".join(words)


def draw_legend(text, row, parts):
    """parts: [(key, what)], or a plain str."""
    text.line(row, parts if isinstance(parts, str) else legend_text(parts))


class Menu(TextScene):
    """Title bar, a scrolling list (the selected line inverted), and a key legend on the last
    row ("A choose  B back"; the first screen has nothing to go back to)."""

    def __init__(self, app, title, items, on_back=None, cursor=0, back=True, first_row=1):
        TextScene.__init__(self, app)
        self.title = title
        self.items = items
        self.on_back = on_back
        self.back = back
        self.first_row = first_row   # rows above it: the title bar, or art the scene draws
        self.top = 0
        self.cursor = cursor
        self._settle(1)
        self.draw()

    def set_items(self, items, cursor=None):
        self.items = items
        if cursor is not None:
            self.cursor = cursor
        self.cursor = min(self.cursor, max(0, len(items) - 1))
        self._settle(1)
        self.draw()

    def _settle(self, step):
        """Move the cursor off information lines, in the direction of travel."""
        n = len(self.items)
        for _ in range(n):
            if self.items[self.cursor].selectable():
                break
            self.cursor = (self.cursor + step) % n
        visible = ROWS - 1 - self.first_row
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + visible:
            self.top = self.cursor - visible + 1
        if self.cursor == self._first_selectable():
            self.top = 0

    def _first_selectable(self):
        for i in range(len(self.items)):
            if self.items[i].selectable():
                return i
        return 0

    def draw(self):
        text = self.text
        first = self.first_row
        if first == 1:
            self.title_line(self.title)
        last = ROWS - 2
        for row in range(first, last + 1):
            i = self.top + row - first
            if i >= len(self.items):
                text.line(row, "")
                continue
            item = self.items[i]
            right = item.value() if item.value else ""
            mark = ""
            if row == first and self.top > 0:
                mark = font.ARROW_UP
            elif row == last and i < len(self.items) - 1:
                mark = font.ARROW_DOWN
            text.line(row, item.label, inverted=(i == self.cursor and item.selectable()),
                      right=(right + mark) if (right or mark) else "")
        draw_legend(text, ROWS - 1, self.legend())

    def legend(self):
        item = self.items[self.cursor] if self.items else None
        parts = []
        if item is not None and item.on_adjust is not None:
            parts.append(LEGEND_ADJUST)
        elif item is not None and item.on_pick is not None:
            parts.append(LEGEND_PICK)
        if self.back:
            parts.append(LEGEND_BACK)
        return parts

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        item = self.items[self.cursor] if self.items else None
        if button == B.UP or button == B.DOWN:
            step = -1 if button == B.UP else 1
            self.cursor = (self.cursor + step) % len(self.items)
            self._settle(step)
            self.draw()
        elif kind == B.REPEAT:
            return
        elif button == B.A and item is not None and item.on_pick:
            item.on_pick()
            if self.app.top() is self:
                self.draw()
        elif (button == B.LEFT or button == B.RIGHT) and item is not None and item.on_adjust:
            item.on_adjust(-1 if button == B.LEFT else 1)
            self.draw()
        elif button == B.B:
            if self.on_back:
                self.on_back()
            else:
                self.app.pop()


class TextPage(TextScene):
    """A title and word-wrapped text, scrolled with UP/DOWN; A or B closes it. `lines` and
    `visible` (rows shown at once) are what the scrolling reads: a subclass may show other
    lines the same way (handheld.legend)."""
    visible = ROWS - 1

    def __init__(self, app, title, body, on_close=None):
        TextScene.__init__(self, app)
        self.title = title
        self.lines = wrap(body, COLS - 1)   # the last column: the scroll arrows, never a cut word
        self.top = 0
        self.on_close = on_close
        self.draw()

    def draw(self):
        self.title_line(self.title)
        scrolled(self.text, self.lines, self.top, 1, ROWS - 1)

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.DOWN and self.top + self.visible < len(self.lines):
            self.top += 1
            self.draw()
        elif button == B.UP and self.top > 0:
            self.top -= 1
            self.draw()
        elif kind == B.PRESS and (button == B.A or button == B.B or button == B.START):
            if self.on_close:
                self.on_close()
            else:
                self.app.pop()


def scrolled(text, lines, top, row0, rows):
    """Show lines[top:] in text rows row0 .. row0 + rows - 1, with an up or down arrow at the
    right when more lines lie above or below."""
    for r in range(rows):
        i = top + r
        mark = ""
        if r == 0 and top > 0:
            mark = font.ARROW_UP
        elif r == rows - 1 and top + rows < len(lines):
            mark = font.ARROW_DOWN
        text.line(row0 + r, lines[i] if i < len(lines) else "", right=mark)


def error_page(app, where, reason):
    """The one way bad input is shown: where it is, and why."""
    return TextPage(app, font.CROSS + " Problem", where + "\n" + reason + "\n\nB: back")


def confirm(app, question, on_yes, yes="Yes", no="No"):
    """A two-choice menu; No is preselected so a stray A press is harmless."""
    def picked_yes():
        app.pop()
        on_yes()
    lines = wrap(question, COLS)
    items = [Item(line) for line in lines[:4]]
    items.append(Item(no, app.pop))
    items.append(Item(yes, picked_yes))
    return Menu(app, "Confirm", items, cursor=len(items) - 2)


LEVELS_LEGEND = (("A", "play"), ("B", "back"), ("SEL", "?"))


class LevelList(TextScene):
    """Levels of one pack: number, name, solved mark and best score; names read a page at a time.
    A level with an error in it shows "!" instead of its solved mark. When the pack's file
    changed since it was indexed, on_error(exc) is called once, on the next tick."""

    def __init__(self, app, pack, progress, on_pick, cursor=0):
        TextScene.__init__(self, app)
        self.pack = pack
        self.progress = progress
        self.on_pick = on_pick
        self.on_error = None
        self.failed = None
        self.cursor = min(cursor, max(0, pack.count - 1))
        self.top = -1
        self.names = []
        self.draw()

    def draw(self):
        visible = ROWS - 2
        top = self.top
        if top < 0 or self.cursor < top or self.cursor >= top + visible:
            top = max(0, min(self.cursor - visible // 2, self.pack.count - visible))
        if top != self.top:
            self.top = top
            try:
                self.names = self.pack.names(top, visible)
            except Exception as exc:  # PackChanged: the file changed or went (see tick)
                if isinstance(exc, MemoryError):
                    raise
                self.names = []
                self.top = -1
                self.failed = exc
        broken = getattr(self.pack, "broken", None)
        t = self.text
        done = self.progress.solved_count()
        self.title_line(self.pack.title, right=" %d/%d" % (done, self.pack.count))
        for row in range(1, ROWS - 1):
            i = top + row - 1
            if i >= self.pack.count:
                t.line(row, "")
                continue
            mark = font.CHECK if self.progress.solved(i) else " "
            if broken is not None and broken(i) is not None:
                mark = "!"
            best = self.progress.best(i)
            right = (" %d" % best) if best else ""
            name = self.names[i - top] if i - top < len(self.names) else ""
            t.line(row, "%2d%s%s" % (i + 1, mark, name), inverted=(i == self.cursor),
                   right=right)
        draw_legend(t, ROWS - 1, LEVELS_LEGEND)

    def on_show(self):
        self.top = -1
        self.draw()

    def tick(self, now):
        if self.failed is not None and self.on_error is not None:
            on_error = self.on_error
            self.on_error = None
            on_error(self.failed)
            return True
        return False

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG or self.pack.count == 0:
            if button == B.B and kind == B.PRESS:
                self.app.pop()
            return
        n = self.pack.count
        if button == B.UP:
            self.cursor = (self.cursor - 1) % n
        elif button == B.DOWN:
            self.cursor = (self.cursor + 1) % n
        elif button == B.LEFT:
            self.cursor = max(0, self.cursor - (ROWS - 2))
        elif button == B.RIGHT:
            self.cursor = min(n - 1, self.cursor + (ROWS - 2))
        elif kind == B.REPEAT:
            return
        elif button == B.A:
            self.on_pick(self.cursor)
            return
        elif button == B.B:
            self.app.pop()
            return
        elif button == B.SELECT:
            from handheld.entry import once     # read on SELECT only: not resident
            self.app.push(TextPage(self.app, self.pack.title, once(
                "handheld.pack_info", "pack_info", self.pack, self.progress)))
            return
        else:
            return
        self.draw()
