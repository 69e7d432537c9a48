"""iQLANDIE pause menu and the boards view (all players' exhibitions, SELECT at the table)."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene, Menu, Item, TextPage, confirm
from games.iqlandie import exhibits as X
from games.iqlandie import tiles as T
from games.iqlandie.screen_common import mini_sheet, pair_text, _grid


class PauseMenu(Menu):
    def __init__(self, app, hub, extra=None):
        self.hub = hub
        items = [Item("Resume", app.pop)]
        if extra:
            items = extra + items
        items.append(Item("Look at boards", lambda: app.push(BoardView(app, hub))))
        items.append(Item("Rules", lambda: app.push(TextPage(app, hub.game_mod.NAME,
                                                             hub.game_mod.RULES))))
        items.append(Item("New game", lambda: app.push(
            confirm(app, "Abandon this game and start a new one?", hub.new_game,
                    yes="New game"))))
        items.append(Item("Quit to menu", hub.quit))
        Menu.__init__(self, app, "Paused", items)


class BoardView(TextScene):
    """One player's six exhibitions small (4 px cells) with the score breakdown under them;
    LEFT/RIGHT: other players, A/B: back."""
    MX = (0, 6, 11, 17, 23, 28)       # mini-cell column of each exhibit

    def __init__(self, app, hub, player=-1):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        if player < 0:
            player = g.turn if g.turn >= 0 and hub.kinds[g.turn] == 0 else -1
            for p in range(g.players):
                if player < 0 and hub.kinds[p] == 0:
                    player = p
            player = max(0, player)
        self.player = player
        self.mini = _grid(mini_sheet(), 32, 5, 0, 17, T.MINI)
        self.group.append(self.mini)
        self.draw()

    def draw(self):
        g = self.hub.g
        p = self.player
        t = self.text
        b = g.boards[p]
        for e in range(X.NEXH):
            T.draw_exhibit(self.mini, b, e, self.MX[e], 0, mini=True)
        self.title_line("%s %s" % (self.hub.name(p), pair_text(g, p)),
                        right=font.ARROW_LEFT + font.ARROW_RIGHT)
        t.line(1, "")
        for e in range(X.NEXH):
            t.write((self.MX[e] * 4 + 2) // 6, 1, "%d" % (e + 1))
        bd = g.score_breakdown(p)
        t.line(5, "Col%3d 2nd%3d Gap%3d" % (bd[0], bd[1], bd[2]))
        t.line(6, "Shp%3d Rob%3d Lin%3d" % (bd[3], bd[4], bd[5]))
        t.line(7, "Pair%3d 1st%3d =%d" % (bd[6], bd[7], sum(bd)))

    def on_button(self, button, kind):
        if kind != B.PRESS:
            return
        n = self.hub.g.players
        if button == B.LEFT or button == B.RIGHT:
            self.player = (self.player + (1 if button == B.RIGHT else -1)) % n
            self.draw()
        elif button == B.A or button == B.B or button == B.SELECT:
            self.app.pop()
