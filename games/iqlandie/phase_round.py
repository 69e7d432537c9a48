"""iQLANDIE round screens: topic choice and the privacy screen before a task (the results,
summary and fallback screens are in phase_info.py)."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene
from handheld.options import PLAYER_COLORS
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import tiles as T
from games.iqlandie.screen_common import (mini_sheet, pause, boards, humans, pair_text, _grid,
                                          TOPIC_SHORT)


class TopicScreen(TextScene):
    """The chooser picks a topic; each topic's offer is drawn beside its name."""
    OFFER_X = 37

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        self.mini = _grid(mini_sheet(), 22, 8, self.OFFER_X, 8, T.MINI)
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
            pause(self.app, self.hub)
        elif button == B.SELECT:
            boards(self.app, self.hub)


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
        t.line(6, "A: start the clock")
        t.line(7, "SELECT: how to solve")
        app.leds.fill(PLAYER_COLORS[player % 4])

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        if button == B.A:
            self.app.pop()
            self.hub.start_task(self.player)
        elif button == B.SELECT:        # the controls, read before the clock runs
            from handheld.entry import once
            from handheld.scenes import TextPage
            topic = self.hub.g.topic
            self.app.push(TextPage(self.app, G.TOPIC_NAMES[topic],
                                   once("games.iqlandie.task_help", "help_text", topic)))
        elif button == B.START:
            pause(self.app, self.hub)
