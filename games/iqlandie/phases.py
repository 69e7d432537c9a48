"""iQLANDIE phase screens on top of the table (screens.GameScene): topic choice, the privacy
screen before a task, round results, draft, placement with a ghost piece, fallback, summary,
joker colours and the scoreboard. A separate module so its code can leave the heap while a task
screen runs (GameScene.start_task)."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene, Menu, Item, scrolled
from handheld.options import PLAYER_COLORS
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X
from games.iqlandie import tiles as T
from games.iqlandie.screens import (PauseMenu, BoardView, sheets, rgb, ds_text, humans,
                                    pair_text, _frame, _grid, CRIT_SHORT, CRIT_HELP,
                                    TOPIC_SHORT, PX, PY, HUD_COL, BLANK)


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


# --- topic choice --------------------------------------------------------------------------------
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


# --- solving -------------------------------------------------------------------------------------
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


# --- draft ---------------------------------------------------------------------------------------
class DraftScreen(TextScene):
    """Take 2 pieces from the topic's offer (LEFT/RIGHT, A), then add 1 from a bag (UP/DOWN, A)."""

    def __init__(self, app, hub):
        TextScene.__init__(self, app)
        self.hub = hub
        big, ghost, mini = sheets()
        self.mini = _grid(mini, 32, 2, 0, 8, T.MINI)
        self.big = _grid(big, 4, 2, 2, 24, T.CELL)
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
            self.app.push(PauseMenu(self.app, self.hub))
        elif button == B.SELECT:
            self.app.push(BoardView(self.app, self.hub))


# --- placement -----------------------------------------------------------------------------------


class PlaceScreen(TextScene):
    """The chosen exhibition big at the left with the ghost piece; d-pad moves it, A rotates,
    B flips, SELECT switches exhibition, START: the menu with 'Place here' first."""

    def __init__(self, app, hub, piece=0):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        self.board = g.boards[g.turn]
        big, ghost, mini = sheets()
        self.cells = _grid(big, 5, 5, PX, PY, T.CELL)
        self.ghost = _grid(ghost, 5, 5, PX, PY, T.CELL, transparent=True)
        self.group.append(self.cells)
        self.frames = []          # over the cells: the blank ones beyond the exhibit hide it
        for e in range(X.NEXH):
            f = _frame(PX - 2, PY - 1, X.EXH_W[e] * T.CELL + 4, X.EXH_H[e] * T.CELL + 2)
            f.hidden = True
            self.frames.append(f)
            self.group.append(f)
        self.group.append(self.ghost)
        self.want = bytearray(25)
        self.msg = ""
        self.e = -1
        self.start_e = hub.last_exhibit
        self.select_piece(piece)

    def select_piece(self, piece):
        g = self.hub.g
        self.piece = piece
        self.code = g.hand(g.turn)[piece]
        self.shape = P.shape_of(self.code)
        self.o = 0
        e0 = self.e if self.e >= 0 else self.start_e
        for i in range(X.NEXH):
            e = (e0 + i) % X.NEXH
            ff = self.board.first_fit(e, self.shape)
            if ff is not None:
                self.o, self.x, self.y = ff
                self.show_exhibit(e)
                break
        self.app.leds.fill(rgb(P.colour_of(self.code)))
        self.draw()

    def show_exhibit(self, e):
        if self.e >= 0:
            self.frames[self.e].hidden = True
        self.e = e
        self.frames[e].hidden = False
        w = X.EXH_W[e]
        h = X.EXH_H[e]
        T.draw_exhibit(self.cells, self.board, e)
        for y in range(5):            # the grid beyond this exhibit stays blank
            for x in range(5):
                if x >= w or y >= h:
                    T.set_tile(self.cells, x, y, BLANK)
        self.clamp()

    def clamp(self):
        bw, bh = P.bbox(self.shape, self.o)
        self.x = max(0, min(self.x, X.EXH_W[self.e] - bw))
        self.y = max(0, min(self.y, X.EXH_H[self.e] - bh))

    def fits(self):
        return self.board.fits(self.e, self.shape, self.o, self.x, self.y)

    def gain(self):
        b = self.board
        before = b.score(self.e)
        b.place(self.code, self.e, self.o, self.x, self.y)
        after = b.score(self.e)
        b.unplace()
        return after - before

    def draw(self):
        g = self.hub.g
        t = self.text
        e = self.e
        hand = g.hand(g.turn)
        self.title_line("%s %s %s" % (self.hub.who(g.turn, "Place"), P.SHAPE_NAMES[self.shape],
                                      P.COLOUR_NAMES[P.colour_of(self.code)]),
                        right="%d/%d" % (self.piece + 1, len(hand)))
        # the grid outside the exhibit stays blank; cells beyond w/h were cleared
        want = self.want            # the ghost's tiles, then only changed ones are written
        for i in range(25):
            want[i] = 0
        ok = self.fits()
        cs = P.cells(self.shape, self.o)
        pat = P.PATTERN[P.colour_of(self.code)]
        rc = P.ROBOT_CELL[self.shape] if P.has_robot(self.code) else -1
        for i in range(len(cs)):
            cx = self.x + cs[i][0]
            cy = self.y + cs[i][1]
            if self.board.cells[X.EXH_OFF[e] + cy * X.EXH_W[e] + cx]:
                want[cy * 5 + cx] = T.GHOST_BAD
            else:
                want[cy * 5 + cx] = T.ghost_tile(pat, T.piece_edges(cs, i), i == rc)
        for i in range(25):
            T.set_tile(self.ghost, i % 5, i // 5, want[i])
        c = HUD_COL
        for r in range(1, 7):
            t.write(0, r, " " * c)
        t.write(c, 1, "%-13s" % ("%d %s" % (e + 1, X.EXH_NAMES[e])))
        t.write(c, 2, "%-13s" % CRIT_HELP[e])
        now = self.board.score(e)
        if ok:
            gain = self.gain()
            t.write(c, 3, "%-13s" % ("now %d  %+d" % (now, gain)))
        else:
            t.write(c, 3, "%-13s" % ("now %d" % now))
        t.write(c, 4, "%-13s" % ("fits" if ok else "blocked"))
        t.write(c, 5, "%-13s" % (self.msg or ("with robot" if P.has_robot(self.code) else "")))
        t.write(c, 6, "%-13s" % "START: place")
        t.line(7, "A turn B flip SEL ex")

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        self.msg = ""
        if button == B.UP:
            self.y -= 1
        elif button == B.DOWN:
            self.y += 1
        elif button == B.LEFT:
            self.x -= 1
        elif button == B.RIGHT:
            self.x += 1
        elif kind != B.PRESS:
            return
        elif button == B.A:
            self.o = (self.o & 4) | ((self.o + 1) & 3)
        elif button == B.B:
            self.o ^= 4
        elif button == B.SELECT:
            e = (self.e + 1) % X.NEXH
            self.show_exhibit(e)
            if not self.fits():
                ff = self.board.first_fit(e, self.shape)
                if ff is not None:
                    self.o, self.x, self.y = ff
        elif button == B.START:
            self.app.push(PlaceMenu(self.app, self))
            return
        self.clamp()
        self.draw()

    def place(self):
        """'Place here' in the menu."""
        if not self.fits():
            self.msg = "no room here"
            self.draw()
            return False
        hub = self.hub
        self.app.pop_to(self)
        self.app.pop()
        hub.last_exhibit = self.e
        hub.act((G.A_PLACE, self.piece, self.e, self.o, self.x, self.y))
        return True

    def other_piece(self):
        self.app.pop_to(self)
        g = self.hub.g
        n = len(g.hand(g.turn))
        self.select_piece((self.piece + 1) % n)


class PlaceMenu(PauseMenu):
    def __init__(self, app, scene):
        self.scene = scene
        g = scene.hub.g
        extra = [Item("Place here" if scene.fits() else "Place here (blocked)", self.place)]
        if len(g.hand(g.turn)) > 1:
            extra.append(Item("Other piece", scene.other_piece))
        PauseMenu.__init__(self, app, scene.hub, extra)
        self.title = "Placement"
        self.draw()

    def place(self):
        if not self.scene.place():
            self.app.pop_to(self.scene)


class FallbackScreen(InfoScreen):
    """A piece that fits nowhere: a 1x1 of its colour instead, or discarded (explained)."""

    def __init__(self, app, hub, piece):
        g = hub.g
        self.hub = hub
        self.piece = piece
        code = g.hand(g.turn)[piece]
        mono = g.boards[g.turn].fits_anywhere(P.MONO)
        lines = [P.name(code), "fits in none of your", "exhibitions."]
        if mono:
            lines += ["You take a 1x1 " + P.COLOUR_NAMES[P.colour_of(code)], "instead (no robot)",
                      "and place it."]
        else:
            lines += ["Not even a 1x1 fits:", "the piece is lost."]
        InfoScreen.__init__(self, app, "No room", lines, foot="A: OK")

    def close(self):
        self.app.pop()
        self.hub.act((G.A_FALLBACK, self.piece))


# --- end: jokers, scores, boards -----------------------------------------------------------------
class JokerScreen(TextScene):
    """Colour each joker piece: LEFT/RIGHT a colour (the exhibit shows it), A confirms."""

    def __init__(self, app, hub, player):
        TextScene.__init__(self, app)
        self.hub = hub
        self.player = player
        g = hub.g
        self.board = g.boards[player]
        big, ghost, mini = sheets()
        self.cells = _grid(big, 5, 5, PX, PY, T.CELL)
        self.slot = g.jokers_pending(player)[0]
        e = self.board.exh[self.slot]
        self.ghost = _grid(ghost, 5, 5, PX, PY, T.CELL, transparent=True)
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
            self.app.push(PauseMenu(self.app, self.hub))


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
            self.app.push(BoardView(self.app, self.hub))
        elif button == B.A or button == B.START:
            hub = self.hub
            app = self.app
            items = [Item("Rematch", hub.new_game),
                     Item("Look at boards", lambda: app.push(BoardView(app, hub))),
                     Item("Scores", app.pop),
                     Item("Game menu", hub.quit)]
            app.push(Menu(app, "Game over", items))
