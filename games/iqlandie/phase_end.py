"""iQLANDIE game end screens: joker colours and the scoreboard."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene, Menu, Item, scrolled
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X
from games.iqlandie import tiles as T
from games.iqlandie.screen_common import (big_sheet, ghost_sheet, pause, boards, rgb, _frame,
                                          _grid, CRIT_SHORT, PX, PY, HUD_COL)

BLANK = T.BIG_BLANK


class JokerScreen(TextScene):
    """Colour each joker piece: LEFT/RIGHT a colour (the exhibit shows it), A confirms."""

    def __init__(self, app, hub, player):
        TextScene.__init__(self, app)
        self.hub = hub
        self.player = player
        g = hub.g
        self.board = g.boards[player]
        self.cells = _grid(big_sheet(), 5, 5, PX, PY, T.CELL)
        self.slot = g.jokers_pending(player)[0]
        e = self.board.exh[self.slot]
        self.ghost = _grid(ghost_sheet(), 5, 5, PX, PY, T.CELL, transparent=True)
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
            pause(self.app, self.hub)


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
        scrolled(t, self.lines, self.top, 2, 5)
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
            boards(self.app, self.hub)
        elif button == B.A or button == B.START:
            hub = self.hub
            app = self.app
            items = [Item("Rematch", hub.new_game),
                     Item("Look at boards", lambda: boards(app, hub)),
                     Item("Scores", app.pop),
                     Item("Game menu", hub.quit)]
            app.push(Menu(app, "Game over", items))
