"""iQLANDIE draft screen: take a piece from the offer or draw one from a bag."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import tiles as T
from games.iqlandie.screen_common import (big_sheet, mini_sheet, rgb, _grid, pause, boards)

BLANK = T.BIG_BLANK


class DraftScreen(TextScene):
    """Take 2 pieces from the topic's offer (LEFT/RIGHT, A), then add 1 from a bag (UP/DOWN, A)."""

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        self.mini = _grid(mini_sheet(), 32, 2, 0, 8, T.MINI)
        self.big = _grid(big_sheet(), 4, 2, 2, 24, T.CELL)
        self.big_blank = True
        self.group.append(self.mini)
        self.group.append(self.big)
        self.cursor = 0
        self.bag = G.SMALL
        self.xs = []
        self.setup()

    def setup(self):
        g = self.hub.g
        self.bag_mode = g.draft_step == 2
        self.mini.hidden = self.bag_mode
        self.big.hidden = self.bag_mode
        if not self.bag_mode:
            offer = g.offer(g.topic)
            self.cursor = min(self.cursor, len(offer) - 1)
            for y in range(2):
                for x in range(32):
                    T.set_tile(self.mini, x, y, 0)
            self.xs = []
            x = 1
            for code in offer:
                o = T.display_orient(P.shape_of(code))
                T.draw_piece(self.mini, code, o, x, 0, mini=True)
                self.xs.append(x)
                x += P.bbox(P.shape_of(code), o)[0] + 1
        else:
            while self.bag < 2 and not g.bagn[self.bag]:
                self.bag += 1
        self.draw()

    def draw(self):
        g = self.hub.g
        t = self.text
        p = g.turn
        if self.bag_mode:
            self.title_line("%s from a bag" % self.hub.who(p, "Add"))
            t.line(1, "to the offer from a")
            t.line(2, "bag of your choice:")
            for b in range(3):
                t.line(3 + b, " %-7s %2d left" % (G.BAG_NAMES[b], g.bagn[b]),
                       inverted=(b == self.bag))
            t.line(6, "")
            t.line(7, "%s%s bag  A: add" % (font.ARROW_UP, font.ARROW_DOWN))
            return
        offer = g.offer(g.topic)
        code = offer[self.cursor]
        self.title_line("%s %d/2" % (self.hub.who(p, "Take"), g.draft_step + 1),
                        right=G.TOPIC_NAMES[g.topic])
        t.line(1, "")
        t.line(2, "")
        # the arrow under the chosen piece (mini cells are 4 px, text cells 6 px)
        t.write(max(0, (self.xs[self.cursor] * 4 + 2) // 6), 2, font.ARROW_UP)
        for y in range(2):
            for x in range(4):
                T.set_tile(self.big, x, y, BLANK)
        T.draw_piece(self.big, code, T.display_orient(P.shape_of(code)), 0, 0)
        t.line(3, "")
        t.line(4, "")
        t.line(5, "")
        t.write(6, 3, "%s %s" % (P.SHAPE_NAMES[P.shape_of(code)],
                                 P.COLOUR_NAMES[P.colour_of(code)]))
        info = "robot" if P.has_robot(code) else ""
        c = P.colour_of(code)
        if c == g.pair[2 * p] or c == g.pair[2 * p + 1]:
            info = (info + " pair!") if info else "your pair!"
        t.write(6, 4, info)
        t.write(6, 5, "%d/%d" % (self.cursor + 1, len(offer)))
        hand = g.hand(p)
        t.line(6, "Taken: " + (P.name(hand[0]) if hand else "-"))
        t.line(7, "%s%s piece  A: take" % (font.ARROW_LEFT, font.ARROW_RIGHT))
        self.app.leds.fill(rgb(c))

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        g = self.hub.g
        if self.bag_mode and (button == B.UP or button == B.DOWN):
            step = 1 if button == B.DOWN else -1
            for _ in range(3):
                self.bag = (self.bag + step) % 3
                if g.bagn[self.bag]:
                    break
            self.draw()
        elif not self.bag_mode and (button == B.LEFT or button == B.RIGHT):
            n = len(g.offer(g.topic))
            self.cursor = (self.cursor + (1 if button == B.RIGHT else -1)) % n
            self.draw()
        elif kind != B.PRESS:
            return
        elif button == B.A:
            hub = self.hub
            p = g.turn
            a = (G.A_BAG, self.bag) if self.bag_mode else (G.A_TAKE, self.cursor)
            self.app.pop()
            hub.act(a)
            if g.phase == G.DRAFT and g.turn == p and self.app.top() is hub:
                self.app.push(self)     # the same player acts again: back to this screen
                self.setup()
        elif button == B.START:
            pause(self.app, self.hub)
        elif button == B.SELECT:
            boards(self.app, self.hub)
