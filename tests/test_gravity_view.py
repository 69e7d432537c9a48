"""Gravity room's screens: layout, walls on cell edges, pawn shapes, move entry (gravity and
flow modes, refusals explained), setup, CPU turns, animation, undo, resume, hot-seat, records.
Every screen is also written to build/screens/gravity-*.png."""
import os

import pytest

import games.gravity as G
from games.gravity import menu, tiles as T
from games.gravity import scene as S
from games.gravity.engine import Engine, FLOW_BASE, PLACE_BASE, PLAY, SETUP_OBJECTIVE, \
    SETUP_PAWNS, SETUP_GRAVITY, DRAW
from games.gravity.board import parse_rows, record_text
from handheld import buttons as B
from handheld.match import HUMAN, PLAYER_COLORS
from handheld.progress import RESUME_KEY
from handheld.rng import Rng
from host_sim.session import Session

SHOTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "build", "screens")

EIGHT = """\
+-+-+-+-+-+-+-+-+
|. . . .|. . . .|
+ + + + + +-+ + +
|. .|. . . . . .|
+ + + +-+ + + + +
 . . . . . .|. .
+-+ + + + + + + +
 . . . .|. . . .
+ + + + + + +-+ +
 . .|. . . . . .
+ + + + + +-+ + +
|. . . . . . .|.|
+ + +-+ + + + + +
 . . . .|. . . .
+ + + + + + +-+ +
|. .|. . . . . .|
+-+-+-+-+-+-+-+-+"""

TWELVE = """\
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . .|. . . . . .|. .
+ + + + + +-+ + + + + + +
 . .|. . . . . .|. . . .
+ + + +-+ + + + + + +-+ +
 . . . . . .|. . . . . .|
+-+ + + + + + + +-+ + + +
 . . . .|. . . . . .|. .
+ + + + + + +-+ + + + + +
 . .|. . . . . . . .|. .
+ + + + + +-+ + +-+ + + +
|. . . . . . .|. . . . .
+ + +-+ + + + + + + +-+ +
 . . . .|. . . .|. . . .
+ + + + + + +-+ + + + + +
 . .|. . . . . . .|. . .
+-+-+-+-+-+-+-+-+-+-+-+-+"""

FOUR = """\
+-+-+-+-+
|. .|. .
+ + + + +
 . . .|.
+ +-+ + +
|. . . .
+ + + +-+
 .|. . .
+-+ + + +"""


@pytest.fixture
def game(tmp_path, monkeypatch):
    """The game module with the menu entry points (the lead's thin wrappers in __init__) and a
    levels folder holding the three test boards."""
    monkeypatch.setattr(G, "make_menu", lambda app: menu.make_menu(G, app), raising=False)
    monkeypatch.setattr(G, "rematch", lambda app, old: menu.rematch(G, app, old), raising=False)
    monkeypatch.setattr(G, "resume_match", lambda app, d: menu.resume_match(G, app, d),
                        raising=False)
    if not hasattr(G, "record_text"):
        monkeypatch.setattr(G, "record_text", record_text, raising=False)
    folder = tmp_path / "gravity"
    folder.mkdir()
    (folder / "test.txt").write_text(
        "Title: Test boards\n\n; Eight\n%s\n\n; Twelve\n%s\n\n; Four\n%s\n" % (EIGHT, TWELVE, FOUR))
    monkeypatch.setattr(G, "levels_root", str(tmp_path), raising=False)
    return G


def boot(game, nvm=None):
    return Session(games=[game], levels_root=game.levels_root, nvm=nvm)


def shot(s, name):
    os.makedirs(SHOTS, exist_ok=True)
    s.save(os.path.join(SHOTS, "gravity-%s.png" % name))


def board(text):
    return parse_rows(text.split("\n"))


def direct(game, text=EIGHT, kinds=(HUMAN, HUMAN), seed=7):
    """A session with a match pushed straight over the game list (as a game's menu would)."""
    s = boot(game)
    s.keys("A")
    e = Engine()
    e.new_game(board(text), len(kinds))
    m = S.GravityScene(s.app, game, e, list(kinds), seed)
    s.app.push(m)
    s.run(40)
    return s, m


def hud(s):
    return " ".join(s.text())


def lit(s, x, y):
    return s.hw.display.frame[(y // 8) * 128 + x] >> (y % 8) & 1


def setup_two(s, m):
    """Hot-seat setup: P1 gravity right, P2 the objective at 5,5, P1 P2's pawn at 5,3, P2
P1's at 6,4 (0-based 4,4 4,2 5,3: a position where nobody has won yet)."""
    s.keys("RIGHT A")
    assert m.engine.phase == SETUP_OBJECTIVE
    s.keys("A")
    s.keys("UP UP A")
    s.keys("RIGHT DOWN A")
    s.run(3000)
    assert m.engine.phase == PLAY and m.engine.turn == 0


def quiet_gravity(e):
    """The d-pad key of a legal gravity that does not end the game."""
    for k in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
        a = S.DIR_OF[k]
        if e.play(a):
            over = e.winner() >= 0
            e.undo()
            if not over:
                return B.NAMES[k]
    raise AssertionError("every gravity ends the game")


# ---------------------------------------------------------------- layout and drawing
@pytest.mark.parametrize("w,h,cols", [(8, 8, 10), (12, 8, 5), (4, 4, 10)])
def test_layout_fits_the_board_and_a_hud_of_at_least_five_columns(w, h, cols):
    x, y, c = S.layout(w, h)
    assert c == cols and c >= 5
    # the board keeps 3 px from the HUD's first glyph (the HUD sits 1 px right of its columns)
    assert x >= 0 and x + w * 8 + 3 <= 128 - c * 6 + 1
    assert y % 8 == 0 and y + h * 8 <= 64            # on the display's 8-pixel pages


@pytest.mark.parametrize("text,name", [(EIGHT, "8x8"), (TWELVE, "12x8"), (FOUR, "4x4")])
def test_walls_are_drawn_on_the_cell_edges_exactly_where_the_engine_has_them(game, text, name):
    s, m = direct(game, text)
    e = m.engine
    shot(s, "board-" + name)
    for c in range(e.cells):
        x0 = m.bx + (c % e.width) * 8
        y0 = m.by + (c // e.width) * 8
        w = e.wall[c]
        assert lit(s, x0 + 3, y0) == w & 1
        assert lit(s, x0 + 7, y0 + 3) == (w >> 1) & 1
        assert lit(s, x0 + 3, y0 + 7) == (w >> 2) & 1
        assert lit(s, x0, y0 + 3) == (w >> 3) & 1


def tile_pixels(sheet, index):
    out = []
    for y in range(8):
        for x in range(8):
            out.append(sheet[index * 8 + x, y])
    return tuple(out)


def test_pawns_the_objective_and_a_pawn_on_it_all_look_different():
    static, pieces, cursor, arrows = S.sheets()
    looks = [tile_pixels(pieces, t) for t in
             (T.PAWN, T.PAWN + 1, T.PAWN + 2, T.GOAL, T.PAWN_ON_GOAL, T.PAWN_ON_GOAL + 1,
              T.PAWN_ON_GOAL + 2)]
    assert len(set(looks)) == len(looks)
    # every piece is opaque over its 6x6 middle: a flow chevron never shows through a pawn
    for t in range(1, T.PIECE_COUNT):
        px = tile_pixels(pieces, t)
        assert all(px[y * 8 + x] for y in range(1, 7) for x in range(1, 7))


def test_a_flow_shows_a_chevron_in_every_cell_of_its_line_and_its_owner_in_the_hud(game):
    s, m = direct(game)
    setup_two(s, m)
    e = m.engine
    y = 3
    a = FLOW_BASE + 2 * y + 1                          # row 4, to the right
    assert m.submit(a)
    s.keys("B")                                        # skip the slide
    for x in range(e.width):
        tile = m.static[x, y]
        assert tile // 16 % 3 == T.ROW_RIGHT
        assert tile & 15 == e.wall[y * e.width + x]
    assert m.static[0, 0] // 16 == 0                   # other rows stay plain
    assert "R4" + S.ARROWS[1] in s.text()[3]           # P1's flow line
    shot(s, "flow-laid")


# ---------------------------------------------------------------- setup
def test_setup_says_what_is_chosen_and_refuses_an_occupied_cell(game):
    s, m = direct(game)
    e = m.engine
    assert "gravity" in hud(s).lower()
    shot(s, "setup-gravity")
    s.keys("DOWN")
    assert m.arrow[0, 0] == 2 and not m.arrow.hidden     # the proposal shows as the big arrow
    s.keys("A")
    assert e.phase == SETUP_OBJECTIVE and e.gravity == 2 and e.turn == 1
    assert "objective" in hud(s) and "P2" in s.text()[0]
    assert not m.cursor.hidden
    shot(s, "setup-objective")
    s.keys("A")
    goal = e.pos[2]
    assert e.phase == SETUP_PAWNS and goal == m.cy * 8 + m.cx
    assert "P2's pawn" in hud(s) and "P1" in s.text()[0]
    s.keys("A")                                          # on the objective: refused
    assert e.phase == SETUP_PAWNS and e.pos[1] == 0xFF
    assert "taken" in hud(s)
    shot(s, "setup-taken")
    s.keys("LEFT A")
    assert e.pos[1] == goal - 1 and "P1's pawn" in hud(s)
    shot(s, "setup-pawn")
    s.keys("RIGHT RIGHT UP A")
    s.run(3000)
    assert e.phase == PLAY
    shot(s, "play")


# ---------------------------------------------------------------- entry in gravity mode
def test_gravity_entry_explains_rule_1_and_plays_with_a(game):
    s, m = direct(game)
    setup_two(s, m)
    e = m.engine
    s.keys("RIGHT")                                      # gravity is already right
    assert "Already right" in hud(s) and S.font.CROSS in s.text()[2]
    shot(s, "refused-same")
    s.keys("A")
    assert e.nactions == 4                               # nothing played
    s.keys("LEFT")
    assert "A: play" in hud(s)
    shot(s, "proposal")
    s.keys("A")
    s.run(3000)
    assert e.gravity == 3 and e.turn == 1
    s.keys("RIGHT")                                      # straight back: rule 1
    assert "rule 1" in hud(s)
    shot(s, "refused-rule1")
    s.keys("A")
    assert e.turn == 1 and e.gravity == 3
    s.keys("UP A")
    s.run(3000)
    assert e.gravity == 0 and e.turn == 0


# ---------------------------------------------------------------- entry in flow mode
def test_flow_mode_lays_a_flow_on_the_cursor_row_or_column_and_explains_refusals(game):
    s, m = direct(game)
    setup_two(s, m)
    e = m.engine
    s.keys("SELECT")
    assert m.mode == S.MODE_CURSOR and not m.cursor.hidden
    assert (m.cx, m.cy) == (e.pos[0] % 8, e.pos[0] // 8)   # starts on your pawn
    shot(s, "flow-cursor")
    s.keys("DOWN")
    col, row = m.cx, m.cy
    s.keys("A")
    assert m.mode == S.MODE_DIR and "row" in hud(s)
    shot(s, "flow-direction")
    s.keys("UP")                                         # flow up the cursor's column
    s.run(3000)
    assert e.flow_line[0] == e.height + col and e.flow_dir[0] == 0 and e.turn == 1
    # P2 tries P1's column: refused, with the reason
    s.keys("SELECT")
    m.cx, m.cy = col, row
    s.keys("A DOWN")
    assert e.turn == 1 and "P1's flow" in hud(s)
    shot(s, "flow-refused")
    s.keys("B B")                                        # back to the cursor, then gravity
    assert m.mode == S.MODE_GRAVITY and m.cursor.hidden
    s.keys(quiet_gravity(e) + " A")
    s.run(3000)
    assert e.turn == 0
    # P1 lays the same flow again: nothing would change
    s.keys("SELECT")
    m.cx, m.cy = col, row
    s.keys("A UP")
    assert e.turn == 0 and "No change" in hud(s)
    s.keys("DOWN")                                       # flipping it is allowed
    s.run(3000)
    assert e.flow_dir[0] == 1 and e.turn == 1


def test_the_flow_cursor_blinks(game):
    s, m = direct(game)
    setup_two(s, m)
    s.keys("SELECT")
    seen = set()
    for _ in range(10):
        s.run(100)
        seen.add(m.cursor.hidden)
    assert seen == {True, False}


# ---------------------------------------------------------------- animation
def test_pieces_slide_cell_by_cell_and_any_key_skips_the_slide(game):
    s, m = direct(game)
    setup_two(s, m)
    e = m.engine
    chosen = None
    for a in range(4):                                   # a gravity with a long slide
        if e.play(a):
            if e.nticks >= 3:
                chosen = a
            e.undo()
            if chosen is not None:
                break
    assert chosen is not None
    assert m.submit(chosen)
    NP = e.players + 1
    s.run(S.STEP_MS + 20)
    assert m.animating and m.anim_t == 1
    for i in range(NP):                                  # drawn at tick 1, not at the end
        c = e.path[NP + i]
        assert m.pieces[c % 8, c // 8] != T.NONE
    assert list(m.shown[:NP]) == list(e.path[NP:2 * NP])
    shot(s, "sliding")
    s.keys("A")
    assert not m.animating and list(m.shown[:NP]) == list(e.pos[:NP])
    assert e.turn == 1 and e.nactions == 5               # the key only skipped


def test_an_unskipped_slide_runs_at_about_70_ms_a_tick(game):
    s, m = direct(game)
    setup_two(s, m)
    e = m.engine
    for a in range(4):
        if m.submit(a):
            break
    n = e.nticks
    s.run(S.STEP_MS * n + 60)
    assert not m.animating


# ---------------------------------------------------------------- CPU, undo, LEDs
def test_the_cpu_takes_its_turns_and_shows_it_is_thinking(game):
    s, m = direct(game, kinds=(HUMAN, 2))
    e = m.engine
    s.keys("RIGHT A")                                    # P1 gravity; the CPU places the goal
    s.run(100)
    assert "Thinking" in hud(s) and s.app.leds.colors[0] == PLAYER_COLORS[1]
    shot(s, "cpu-thinking")
    s.run(3000)
    assert e.phase == SETUP_PAWNS and e.turn == 0
    assert s.app.leds.colors[0] == PLAYER_COLORS[0]
    s.keys("A")
    if e.phase == SETUP_PAWNS and e.turn == 0:           # the cursor was on the objective
        s.keys("LEFT A")
    s.run(4000)                                          # the CPU places P1's pawn
    assert e.phase == PLAY and e.turn == 0
    s.keys("LEFT A")
    s.run(5000)
    assert e.phase != PLAY or e.turn == 0
    assert e.nactions >= 6


def test_undo_against_the_cpu_takes_back_its_reply_and_your_move(game):
    s, m = direct(game, kinds=(HUMAN, 1))
    e = m.engine
    s.keys("RIGHT A")
    s.run(3000)
    s.keys("A")
    if e.phase == SETUP_PAWNS and e.turn == 0:
        s.keys("LEFT A")
    s.run(4000)
    assert e.phase == PLAY and e.turn == 0
    before = e.save_state()
    s.keys(quiet_gravity(e) + " A")
    s.run(5000)
    assert e.nactions == 6                               # your move and the CPU's reply
    if e.winner() >= 0:                                  # the CPU won: undo from the result
        top = s.app.top()
        assert type(top).__name__ == "MatchResult" and "Undo last move" in hud(s)
        top.cursor = [it.label for it in top.items].index("Undo last move")
        s.keys("A")
    else:
        assert e.turn == 0
        s.keys("START")
        assert type(s.app.top()).__name__ == "MatchPause" and "Undo" in hud(s)
        shot(s, "pause")
        s.keys("DOWN A")
    assert s.app.top() is m
    assert e.save_state() == before and e.turn == 0
    assert list(m.shown[:3]) == list(e.pos[:3])          # the board shows the undone position


def test_hot_seat_for_three_players_rotates_turns_and_leds_without_undo(game):
    s = boot(game)
    s.keys("A A A")                                      # Play, Gravity room, New game
    s.keys("DOWN RIGHT")                                 # Players 3
    assert "Player 3" in hud(s)
    s.keys("DOWN DOWN LEFT LEFT DOWN LEFT LEFT")         # P2 and P3 human
    shot(s, "options-3")
    s.keys("UP UP UP UP A")
    m = s.app.top()
    assert isinstance(m, S.GravityScene) and m.kinds == [HUMAN, HUMAN, HUMAN]
    e = m.engine
    assert e.players == 3
    s.keys("DOWN A")                                     # P1: gravity down
    assert e.turn == 2 and "objective" in hud(s)         # the last player places the goal
    s.keys("A")
    s.keys("LEFT A")                                     # P1 places P2's pawn
    assert "P3's pawn" in hud(s)
    s.keys("LEFT A")                                     # P2 places P3's
    s.keys("LEFT A")                                     # P3 places P1's
    s.run(3000)
    assert e.phase == PLAY
    shot(s, "hotseat-3")
    for turn in (0, 1, 2):
        assert e.turn == turn and s.app.leds.colors[0] == PLAYER_COLORS[turn]
        assert ("P%d" % (turn + 1)) in s.text()[0]
        for k in (B.UP, B.LEFT, B.RIGHT, B.DOWN):
            if e.is_legal(S.DIR_OF[k]):
                break
        s.keys(B.NAMES[k] + " A")
        s.run(3000)
        if e.winner() >= 0:
            return
    assert not m.can_undo()
    s.keys("START")
    assert "Undo" not in hud(s)


# ---------------------------------------------------------------- resume, result, record
def test_a_match_resumes_after_a_power_cut(game):
    s = boot(game)
    s.keys("A A A A")                                    # New game, Start (P2 CPU normal)
    m = s.app.top()
    assert isinstance(m, S.GravityScene) and m.kinds == [HUMAN, 2]
    s.keys("UP A")
    s.run(5000)                                          # the CPU's placement, then idle
    assert s.app.store.get(RESUME_KEY)
    state = m.engine.save_state()
    s2 = boot(game, nvm=s.hw.nvm)
    assert "Resume Gravity room" in hud(s2)
    s2.keys("A")
    m2 = s2.app.top()
    assert isinstance(m2, S.GravityScene) and m2 is not m
    assert m2.engine.save_state() == state and m2.kinds == [HUMAN, 2]
    assert list(m2.shown[:3]) == list(m2.engine.pos[:3])
    shot(s2, "resumed")


def play_out(s, m, seed=3):
    """Play random legal actions (skipping the slides) until the game ends."""
    e = m.engine
    rng = Rng(seed)
    buf = bytearray(200)
    while e.winner() < 0:
        n = e.legal(buf)
        assert m.submit(buf[rng.below(n)])
        m.on_button(B.B, B.PRESS)                        # skip the slide
    s.run(100)


def test_the_end_shows_the_result_saves_the_record_and_it_replays(game, tmp_path, capsys):
    s, m = direct(game)
    play_out(s, m)
    e = m.engine
    top = s.app.top()
    assert type(top).__name__ == "MatchResult"
    text = hud(s)
    assert ("wins!" in text or "Draw" in text) and "Rematch" in text
    shot(s, "result")
    s.keys("DOWN A") if "Undo" in text else None
    rec = [r for r in s.hw.records if r[0] == "gravity"]
    assert rec, "no game record saved"
    path = tmp_path / "gravity-001.txt"
    path.write_text(rec[0][1])
    from host_sim.gravity import record
    png = tmp_path / "final.png"
    lines = []
    assert record.main(str(path), shot=str(png), out=lines.append) == 0
    out = "\n".join(lines)
    assert len(lines) >= e.nactions
    assert (" 1. P1 G>" in out) or (" 1. P1 G" in out)
    assert "Result: " in out and png.exists()
    assert ("P%d wins" % (e.winner() + 1)) in out if e.winner() != DRAW else "draw" in out


def test_look_at_board_after_a_win_shows_the_pawn_on_the_objective(game):
    for seed in range(1, 40):
        s, m = direct(game, seed=seed)
        play_out(s, m, seed)
        e = m.engine
        if e.winner() != DRAW:
            break
    w = e.winner()
    assert w != DRAW
    c = e.pos[w]
    assert c == e.pos[e.players]
    text = hud(s)
    s.keys("DOWN " * text.count("\n"))                   # any line: find "Look at board"
    top = s.app.top()
    labels = [it.label for it in top.items]
    top.cursor = labels.index("Look at board")
    s.keys("A")
    assert s.app.top() is m
    seen = set()
    for _ in range(15):                                  # it blinks: pawn / pawn in the ring
        s.run(100)
        seen.add(m.pieces[c % e.width, c // e.width])
    assert seen == {T.PAWN_ON_GOAL + w, T.PAWN + w}
    while m.pieces[c % e.width, c // e.width] != T.PAWN_ON_GOAL + w:
        s.run(20)
    assert "won" in s.text()[0]
    shot(s, "won-board")


def test_rematch_is_the_same_board_and_players(game):
    s, m = direct(game, kinds=(HUMAN, HUMAN))
    play_out(s, m)
    top = s.app.top()
    top.cursor = [it.label for it in top.items].index("Rematch")
    s.keys("A")
    m2 = s.app.top()
    assert isinstance(m2, S.GravityScene) and m2 is not m
    assert m2.engine.nactions == 0 and m2.engine.phase == SETUP_GRAVITY
    assert bytes(m2.engine.wall[:64]) == bytes(m.engine.wall[:64])
    assert m2.kinds == m.kinds


# ---------------------------------------------------------------- menus
def test_menu_lists_every_board_and_the_options_default_to_you_against_cpu_normal(game):
    s = boot(game)
    s.keys("A A")
    assert "New game" in hud(s) and "How to play" in hud(s)
    shot(s, "menu")
    s.keys("DOWN A")
    assert "d-pad" in " ".join(s.app.top().lines)
    shot(s, "how-to-play")
    s.keys("B UP A")
    text = hud(s)
    assert "Player 1      Human" in text and "CPU normal" in text
    assert "Player 3" not in text and "Eight" in text
    shot(s, "options")
    s.keys("DOWN DOWN DOWN DOWN")
    names = []
    for _ in range(3):
        names.append(s.text()[5].split()[-1])
        s.keys("RIGHT")
    assert names == ["Eight", "Twelve", "Four"]
    s.keys("LEFT")                                       # Four
    s.keys("UP UP UP UP A")
    m = s.app.top()
    assert m.engine.width == 4 and m.name == "Four"
    shot(s, "board-4x4-game")


def test_shipped_boards_all_open(tmp_path, monkeypatch):
    monkeypatch.setattr(G, "make_menu", lambda app: menu.make_menu(G, app), raising=False)
    s = Session(games=[G])
    found = menu.boards(s.app, G)
    if not found:
        pytest.skip("no shipped boards yet")
    from games.gravity.board import FORMAT
    for pack, i, name in found:
        b = FORMAT.parse(pack.level(i), pack.header)
        x, y, cols = S.layout(b.width, b.height)
        assert cols >= 5 and x + b.width * 8 <= 128 - cols * 6


def test_the_narrow_hud_of_a_12_wide_board_still_explains_everything(game):
    s, m = direct(game, TWELVE, kinds=(HUMAN, 3))
    e = m.engine
    assert m.cols == 5 and not m.wide
    s.keys("RIGHT A")
    s.run(100)
    assert s.text()[0] == S.SHAPES[1] + "CPU" and "plays" in hud(s)
    shot(s, "12x8-cpu")
    s.run(3000)
    s.keys("A")
    if e.phase == SETUP_PAWNS and e.turn == 0:
        s.keys("LEFT A")
    s.run(4000)
    if e.phase != PLAY:
        pytest.skip("the setup ended the game")
    s.keys("RIGHT")
    assert s.text()[5:7] == ["is", "now"]
    shot(s, "12x8-refused")
    s.keys("SELECT")
    assert "line?" in hud(s) and not m.cursor.hidden
    x0 = m.bx + m.cx * 8
    assert x0 + 8 <= m.hud.grid.x - 2                   # the cursor stays on the board
    shot(s, "12x8-flow-cursor")
    for row in s.text():
        assert len(row) <= 5


def test_tile_sheets_are_the_same_in_micropython():
    from host_sim import micropython as mpy
    if not mpy.available():
        pytest.skip(mpy.SETUP_HINT)
    code = """
from games.gravity import tiles as T
class Bm:
    def __init__(self, w, h, n):
        self.w = w
        self.b = bytearray(w * h)
    def __setitem__(self, xy, v):
        self.b[xy[1] * self.w + xy[0]] = v
print('crc', [sum(i * v for i, v in enumerate(x.b)) for x in T.make_sheets(Bm)])
"""

    class Bm:
        def __init__(self, w, h, n):
            self.w = w
            self.b = bytearray(w * h)

        def __setitem__(self, xy, v):
            self.b[xy[1] * self.w + xy[0]] = v

    want = [sum(i * v for i, v in enumerate(x.b)) for x in T.make_sheets(Bm)]
    out = mpy.run(code, roots=("lib", "games"))
    assert ("crc %r" % want) in out


def test_a_broken_board_pack_is_listed_with_its_reason_and_the_others_still_play(tmp_path):
    import shutil
    from host_sim.session import Session as _Session
    root = tmp_path / "levels"
    (root / "gravity").mkdir(parents=True)
    levels = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "levels")
    shutil.copy(os.path.join(levels, "gravity", "01-small-rooms.txt"), root / "gravity")
    (root / "gravity" / "02-bad.txt").write_text("Title: Not a board pack\nJust notes.\n")
    import games.gravity as game
    s = _Session(games=[game], levels_root=str(root))
    s.keys("A A")                        # Play -> Gravity room
    text = " ".join(s.text())
    assert "! 02-bad.txt" in text
    s.keys("DOWN DOWN A")                # the broken pack: file, line and reason
    assert "line" in " ".join(s.text()).lower()
    s.keys("B UP UP A A")                # New game -> Start: the readable boards still play
    assert s.app.top().__class__.__name__ == "GravityScene"


def test_result_screen_counts_the_winning_turn_and_says_you_win():
    """Issue 14: a one-move win reads "1 turn" (the winning turn counts) and "You win!"."""
    from handheld.match import MatchScene, HUMAN as H

    class E:
        plies, won = 0, 0

        def winner(self):
            return self.won

    class Fake:
        name = ""
        kinds = [H, 2]
        engine = E()
        player_name = MatchScene.player_name
        cpus = MatchScene.cpus
        wins = MatchScene.wins

        def shape(self, p):
            return "#"
    f = Fake()
    from games.gravity import scene_hud as HUD
    assert HUD.result_lines(f) == ["1 turn"]
    assert HUD.describe_result(f) == "# You win!"
    f.engine.won, f.engine.plies = 1, 4
    assert HUD.result_lines(f) == ["5 turns"] and HUD.describe_result(f) == "# CPU wins!"
    f.engine.won, f.engine.plies = 255, 120
    assert HUD.result_lines(f) == ["120 turns"]


def test_the_side_panel_says_won_only_after_the_winning_slide(game):
    """Issue 14: while the winning slide animates the panel still shows the mover; "won" comes
    with the result."""
    for seed in range(1, 40):
        s, m = direct(game, seed=seed)
        e = m.engine
        rng = Rng(seed)
        buf = bytearray(200)
        while e.winner() < 0:
            n = e.legal(buf)
            assert m.submit(buf[rng.below(n)])
            if e.winner() >= 0:
                break
            m.on_button(B.B, B.PRESS)                    # skip the slide
        if e.winner() != DRAW and e.nticks > 1:
            break
    from handheld import font

    def panel_top():
        return "".join(chr(font.FIRST + m.hud.tiles[c, 0] % font.COUNT) for c in range(m.hud.cols))
    assert m.animating and 0 <= e.winner() < e.players
    assert "won" not in panel_top()
    while m.animating:
        s.run(50)
    assert "won" in panel_top()
