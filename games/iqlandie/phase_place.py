"""iQLANDIE placement screens: a ghost piece on the big exhibit, its menu (the fallback screen,
an InfoScreen, is in phase_round.py)."""
from handheld import buttons as B
from handheld.scenes import TextScene, Item
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie import exhibits as X
from games.iqlandie import tiles as T
from games.iqlandie.screen_common import (big_sheet, ghost_sheet, rgb, _frame, _grid, CRIT_HELP,
                                          PX, PY, HUD_COL)
from games.iqlandie.pause_menu import PauseMenu

BLANK = T.BIG_BLANK


class PlaceScreen(TextScene):
    """The chosen exhibition big at the left with the ghost piece; d-pad moves it, A rotates,
    B flips, SELECT switches exhibition, START: the menu with 'Place here' first, 'Pick up'
    for a piece placed this round (it comes back as the ghost where it lay). With both pieces
    placed (piece -1) the screen shows the board and the menu offers 'End placing'."""

    def __init__(self, app, hub, piece=0):
        TextScene.__init__(self, app)
        self.hub = hub
        g = hub.g
        self.board = g.boards[g.turn]
        self.cells = _grid(big_sheet(), 5, 5, PX, PY, T.CELL)
        self.ghost = _grid(ghost_sheet(), 5, 5, PX, PY, T.CELL, transparent=True)
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
        e0 = self.e if self.e >= 0 else self.start_e
        if piece >= len(g.hand(g.turn)):        # all placed: look, pick up or end
            self.piece = -1
            self.show_exhibit(e0)
            self.draw()
            return
        self.code = g.hand(g.turn)[piece]
        self.shape = P.shape_of(self.code)
        self.o = 0
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
        if self.piece < 0:
            return
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
        if self.piece < 0:
            self.draw_placed()
            return
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

    def draw_placed(self):
        g = self.hub.g
        t = self.text
        e = self.e
        self.title_line(self.hub.who(g.turn, "All placed"))
        for i in range(25):
            T.set_tile(self.ghost, i % 5, i // 5, 0)
        c = HUD_COL
        lines = ("%d %s" % (e + 1, X.EXH_NAMES[e]), CRIT_HELP[e],
                 "now %d" % self.board.score(e), "", "START: end", "or pick up")
        for r in range(6):
            t.write(0, r + 1, " " * c)
            t.write(c, r + 1, "%-13s" % lines[r])
        t.line(7, "SELECT: exhibition")

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        if self.piece < 0 and button != B.SELECT and button != B.START:
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
            if self.piece >= 0 and not self.fits():
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

    def lift(self, slot):
        """'Pick up' in the menu: the piece leaves the board and is the ghost where it lay."""
        self.app.pop_to(self)
        b = self.board
        e = b.exh[slot]
        o = b.orient[slot]
        x = b.px[slot]
        y = b.py[slot]
        hub = self.hub
        hub.act((G.A_LIFT, slot))
        g = hub.g
        self.select_piece(len(g.hand(g.turn)) - 1)
        self.o = o
        self.x = x
        self.y = y
        self.show_exhibit(e)
        self.draw()

    def end(self):
        """'End placing': the pieces are final, the next player places."""
        hub = self.hub
        self.app.pop_to(self)
        self.app.pop()
        hub.act((G.A_END,))

    def other_piece(self):
        self.app.pop_to(self)
        g = self.hub.g
        n = len(g.hand(g.turn))
        self.select_piece((self.piece + 1) % n)


class PlaceMenu(PauseMenu):
    def __init__(self, app, scene):
        self.scene = scene
        g = scene.hub.g
        if scene.piece < 0:
            extra = [Item("End placing", scene.end)]
        else:
            extra = [Item("Place here" if scene.fits() else "Place here (blocked)", self.place)]
        if len(g.hand(g.turn)) > 1:
            extra.append(Item("Other piece", scene.other_piece))
        b = scene.board
        for s in g.lifts():
            c = b.code[s]
            extra.append(Item("Pick up %s %s" % (P.SHAPE_NAMES[P.shape_of(c)],
                                                 P.COLOUR_NAMES[P.colour_of(c)]),
                              lambda s=s: scene.lift(s)))
        PauseMenu.__init__(self, app, scene.hub, extra)
        self.title = "Placement"
        self.draw()

    def place(self):
        if not self.scene.place():
            self.app.pop_to(self.scene)
