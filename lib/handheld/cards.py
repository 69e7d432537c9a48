"""The game list as cards, one game per screen: its icon (cut from its own screens), its name,
a one-line blurb and its progress from the save memory. The d-pad turns the cards; A opens."""
import displayio

from handheld import buttons as B
from handheld import font
from handheld.gfx import palette, wrap, COLS, ROWS
from handheld.scenes import TextScene, LEGEND_BACK, draw_legend
from handheld.tally import solved_total, tally

ICON = 32           # pixels; games/<id>/icon.py holds ICON, 32 rows of 4 bytes
ICON_X, ICON_Y = 2, 12
TEXT_COL = 6        # the text right of the icon (15 columns)
BLURB_ROWS = 3


def progress_line(store, game_id):
    """What the player has done in a game, from the save memory alone."""
    parts = []
    solved = solved_total(store, game_id)
    if solved:
        parts.append("%d solved" % solved)
    played, won = tally(store, game_id)
    if played:
        parts.append("%d/%d won" % (won, played))
    return ", ".join(parts) if parts else "not played yet"


def icon_path(game_id):
    import games
    root = games.__file__
    return root[:root.rfind("/") + 1] + game_id + "/icon.pbm"


def read_icon(game_id):
    """The 128 pixel bytes of a game's 32x32 PBM (P4) icon, or None."""
    try:
        with open(icon_path(game_id), "rb") as f:
            data = f.read(200)
    except OSError:
        return None
    fields = data.split(None, 3)    # P4, width, height, then one whitespace byte and the bits
    if len(fields) < 4 or fields[0] != b"P4" or fields[1] != b"32" or fields[2] != b"32":
        return None
    bits = data[len(data) - ICON * ICON // 8:]
    return bits if len(data) >= ICON * ICON // 8 + 9 else None


class GameList(TextScene):
    def __init__(self, app, cursor=0):
        TextScene.__init__(self, app)
        self.games = app.games
        self.cursor = cursor if 0 <= cursor < len(app.games) else 0
        self.icon = self.tiles = None
        self.draw()

    def on_cover(self):
        # A game is opened over the list: its icon's bitmap is heap the game can use.
        if self.tiles is not None:
            self.group.remove(self.tiles)
            self.icon = self.tiles = None

    def on_show(self):
        self.draw()

    def draw(self):
        game = self.games[self.cursor]
        n = len(self.games)
        t = self.text
        self.title_line("Games", right="%s %d/%d %s" % (font.ARROW_LEFT, self.cursor + 1, n,
                                                        font.ARROW_RIGHT))
        t.line(1, " " * TEXT_COL + game.NAME)
        blurb = wrap(getattr(game, "BLURB", ""), COLS - TEXT_COL)
        for r in range(BLURB_ROWS):
            t.line(2 + r, " " * TEXT_COL + (blurb[r] if r < len(blurb) else ""))
        t.line(5, " " * TEXT_COL + progress_line(self.app.store, game.ID))
        t.line(6, "")
        draw_legend(t, ROWS - 1, (("A", "play"), (font.ARROW_LEFT + font.ARROW_RIGHT, "game"),
                                  LEGEND_BACK))
        self.draw_icon(game.ID)

    def draw_icon(self, game_id):
        """games/<id>/icon.pbm, 32x32 (a file, not a module: importing anything in a game's
        folder imports its package); a missing or wrong one gives a frame."""
        if self.icon is None:
            self.icon = displayio.Bitmap(ICON, ICON, 2)
            self.tiles = displayio.TileGrid(self.icon, pixel_shader=palette(), x=ICON_X, y=ICON_Y)
            self.group.append(self.tiles)
        bmp = self.icon
        data = read_icon(game_id)
        for y in range(ICON):
            for x in range(ICON):
                if data is not None:
                    on = (data[(y * ICON + x) >> 3] >> (7 - (x & 7))) & 1
                else:
                    on = x == 0 or y == 0 or x == ICON - 1 or y == ICON - 1
                bmp[x, y] = on

    def on_button(self, button, kind):
        if kind == B.RELEASE or kind == B.LONG:
            return
        n = len(self.games)
        if button == B.UP or button == B.LEFT:
            self.cursor = (self.cursor - 1) % n
            self.draw()
        elif button == B.DOWN or button == B.RIGHT:
            self.cursor = (self.cursor + 1) % n
            self.draw()
        elif kind == B.REPEAT:
            return
        elif button == B.A:
            self.app.open_game(self.cursor)
        elif button == B.B:
            self.app.pop()
