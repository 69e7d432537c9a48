"""iQLANDIE information screens: round results, the round's summary, and the fallback for a
piece that fits nowhere (InfoScreen: title + lines, A closes)."""
from handheld import buttons as B
from handheld import font
from handheld.scenes import TextScene, scrolled
from games.iqlandie import game as G
from games.iqlandie import pieces as P
from games.iqlandie.screen_common import boards, ds_text


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
            boards(self.app, self.hub)
            return
        InfoScreen.on_button(self, button, kind)


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
