"""iQLANDIE round screens: topic choice, the privacy screen before a task, results, summary."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene, scrolled
from handheld.options import PLAYER_COLORS
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import tiles as T
from games.iqlandie.screen_common import (sheets, ds_text, humans, pair_text, _grid,
                                          TOPIC_SHORT)
from games.iqlandie.pause_menu import PauseMenu, BoardView


class InfoScreen(TextScene):
    """Title + lines; A (or B) closes it and runs on_close. UP/DOWN scroll long lists."""

    def __init__(self, app, title, lines, on_close=None, foot="A: continue"):
        TextScene.__init__(self, app)
        self.title = title
        self.lines = lines
        self.foot = foot
        self.on_close = on_close
        self.top = 0
        self.draw()

    def draw(self):
        self.title_line(self.title)
        t = self.text
        scrolled(t, self.lines, self.top, 1, 6)
        t.line(7, self.foot, inverted=False)

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.DOWN and self.top + 6 < len(self.lines):
            self.top += 1
            self.draw()
        elif button == B.UP and self.top > 0:
            self.top -= 1
            self.draw()
        elif kind == B.PRESS and (button == B.A or button == B.B):
            self.close()

    def close(self):
        self.app.pop()
        if self.on_close:
            self.on_close()


class TopicScreen(TextScene):
    """The chooser picks a topic; each topic's offer is drawn beside its name."""
    OFFER_X = 37

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        big, ghost, mini = sheets()
        self.mini = _grid(mini, 22, 8, self.OFFER_X, 8, T.MINI)
        self.group.append(self.mini)
        for t in range(G.TOPICS):
            x = 0
            for code in g.offer(t):
                o = T.display_orient(P.shape_of(code))
                T.draw_piece(self.mini, code, o, x, 2 * t, mini=True)
                x += P.bbox(P.shape_of(code), o)[0] + 1
        self.cursor = 0
        self.draw()

    def draw(self):
        g = self.hub.g
        t = self.text
        self.title_line("%s a topic" % self.hub.who(g.turn, "Pick"),
                        right="R%d/%d" % (g.round + 1, G.ROUNDS))
        for i in range(G.TOPICS):
            t.line(1 + i, "")
            t.write(0, 1 + i, "%-5s" % TOPIC_SHORT[i], inverted=(i == self.cursor))
        mine = 0
        for code in g.offer(self.cursor):
            c = P.colour_of(code)
            mine += c == g.pair[2 * g.turn] or c == g.pair[2 * g.turn + 1] or c == P.JOKER
        t.line(5, "%s: %d in pair" % (G.TOPIC_NAMES[self.cursor], mine))
        t.line(6, "Pair " + pair_text(g, g.turn))
        t.line(7, "%s%s topic  A: choose" % (font.ARROW_UP, font.ARROW_DOWN))

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if button == B.UP or button == B.DOWN:
            self.cursor = (self.cursor + (1 if button == B.DOWN else -1)) % G.TOPICS
            self.draw()
        elif kind != B.PRESS:
            return
        elif button == B.A:
            self.app.pop()
            self.hub.act((G.A_TOPIC, self.cursor))
        elif button == B.START:
            self.app.push(PauseMenu(self.app, self.hub))
        elif button == B.SELECT:
            self.app.push(BoardView(self.app, self.hub))


class ReadyScreen(TextScene):
    """'Pass the handheld to P2' (hot seat) or 'your task' (one human); A starts the clock."""

    def __init__(self, app, hub, player):
        TextScene.__init__(self, app)
        self.hub = hub
        self.player = player
        g = hub.g
        self.title_line("Round %d: %s" % (g.round + 1, G.TOPIC_NAMES[g.topic]))
        t = self.text
        if humans(hub.kinds) > 1:
            t.line(2, "Pass the handheld to")
            t.center(3, hub.name(player))
            t.line(4, "Others: look away!")
        else:
            t.line(2, "Your task:")
            t.center(3, G.TOPIC_NAMES[g.topic])
            t.line(4, "Be quick and right.")
        t.line(6, "A when ready: the")
        t.line(7, "clock starts.")
        app.leds.fill(PLAYER_COLORS[player % 4])

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        if button == B.A:
            self.app.pop()
            self.hub.start_task(self.player)
        elif button == B.START:
            self.app.push(PauseMenu(self.app, self.hub))


class ResultsScreen(InfoScreen):
    """The round's finishing order: times, right/wrong, the first place's 2 points."""

    def __init__(self, app, hub):
        g = hub.g
        lines = []
        for i in range(g.players):
            p = g.order[i]
            mark = font.CHECK if g.correct[p] else font.CROSS
            pts = " +2" if p == g.first else ""
            lines.append("%d %-4s%6ss %s%s" % (i + 1, hub.name(p, True), ds_text(g.times[p]),
                                               mark, pts))
        if g.first < 0:
            lines.append("Nobody right: no pts")
        lines.append("Draft in this order.")
        InfoScreen.__init__(self, app, "Round %d results" % (g.round + 1), lines,
                            foot="A: to the draft")


class SummaryScreen(InfoScreen):
    """Between rounds: every player's points now and what the round added."""

    def __init__(self, app, hub, rnd):
        g = hub.g
        totals = g.scores()
        lines = []
        for p in range(g.players):
            gain = totals[p] - hub.round_start[p]
            lines.append("%-4s %3d pts  %+d" % (hub.name(p, True), totals[p], gain))
        hub.round_start = totals
        if g.phase == G.CHOOSE:
            lines.append("Next: %s picks" % hub.name(g.chooser, True))
            foot = "A: next  SEL: boards"
        else:
            lines.append("All 12 rounds played.")
            foot = "A: final scoring"
        self.hub = hub
        InfoScreen.__init__(self, app, "Round %d done" % (rnd + 1), lines, foot=foot)

    def on_button(self, button, kind):
        if button == B.SELECT and kind == B.PRESS:
            self.app.push(BoardView(self.app, self.hub))
            return
        InfoScreen.on_button(self, button, kind)
