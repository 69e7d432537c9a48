"""iQLANDIE table text (GameScene methods, bound in screens.py): player rows, event lines."""
from handheld import font
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X


def note(self, line):
    if not line:                # (ending the placing is not news)
        self.redraw()
        return
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


def hide_text(self):
    """The table's text grid leaves while a task screen covers the table (start_task)."""
    self.group.remove(self.text.grid)
    self.text = None


def show_text(self):
    """A new text grid, fully redrawn (every row), as before hide_text."""
    from handheld.gfx import TextGrid
    self.text = TextGrid()
    self.group.append(self.text.grid)
    self.redraw()


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
    if k == G.A_LIFT:
        return "%s took up %s" % (who, P.SHAPE_NAMES[P.shape_of(g.boards[p].code[a[1]])])
    return ""


# --- small helpers the table and the phase screens share (screen_common re-exports them) ---
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


def pause(app, hub):
    """The pause menu (its module is imported when it is opened)."""
    from games.iqlandie.pause_menu import PauseMenu
    app.push(PauseMenu(app, hub))


def boards(app, hub):
    """Everybody's boards (SELECT)."""
    from games.iqlandie.pause_menu import BoardView
    app.push(BoardView(app, hub))
