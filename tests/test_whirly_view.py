"""Whirly on screen: tile sizes, scrolling, colours, blinking hero, LEDs and display traffic."""
import pytest

from handheld import buttons as B
from host_sim.session import Session
from games.whirly import scene as WS
from games.whirly import tiles as T


def pack_of(tmp_path, body, header="", name="v.txt"):
    root = tmp_path / "levels"
    (root / "whirly").mkdir(parents=True, exist_ok=True)
    (root / "whirly" / name).write_text("Title: View\n" + header + "\n" + body)
    return root


def play(root, index=0):
    from handheld import launcher
    import games.whirly as game
    s = Session(levels_root=str(root))
    app = s.app
    (name, pack), = launcher.packs_of(app, game)
    assert not isinstance(pack, str), pack
    launcher.open_pack(app, game, pack, index)
    s.run(100)
    return s, app.top()


def room(w, h):
    rows = ["#" * w]
    for y in range(h - 2):
        rows.append("#" + " " * (w - 2) + "#")
    rows.append("#" * w)
    rows[1] = "#@$." + " " * (w - 5) + "#"
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("w,h,size,hud", [
    (7, 5, 8, "right"), (16, 8, 8, None), (15, 7, 8, "bottom"), (20, 10, 6, None),
    (25, 12, 5, None), (32, 16, 4, None), (30, 20, 4, None)])
def test_layout_picks_the_biggest_tile_that_shows_the_level(w, h, size, hud):
    got = WS.layout(w, h)
    assert got[0] == size and got[3] == hud
    assert got[1] * size <= 128 and got[2] * size <= 64


def test_small_level_uses_8px_tiles_and_a_side_hud(tmp_path):
    s, scene = play(pack_of(tmp_path, room(7, 5)))
    assert scene.size == 8 and scene.hud_at == "right"
    assert hud_text(scene)[2].split() == ["m", "0"]
    s.keys("DOWN")
    assert hud_text(scene)[2].split() == ["m", "1"]


def hud_text(scene):
    from handheld import font
    grid = scene.hud
    return ["".join(chr(font.FIRST + grid.tiles[c, r] % font.COUNT) for c in range(grid.cols)).strip()
            for r in range(grid.rows)]


def test_moving_changes_only_the_cells_the_engine_reports(tmp_path):
    s, scene = play(pack_of(tmp_path, room(7, 5)))
    e = scene.engine
    hero = e.hero
    s.keys("RIGHT")                   # pushes the box onto the target: solved -> Results
    assert e.moves == 1
    x = (hero % e.width) - scene.ox
    y = (hero // e.width) - scene.oy
    assert scene.units[x, y] == T.NONE
    assert scene.units[x + 1, y] == T.HERO          # grey hero moved right
    assert scene.units[x + 2, y] == T.BOX_HOME      # grey box on the target


def test_big_level_scrolls_with_the_hero(tmp_path):
    rows = ["#" * 40] + ["#" + " " * 38 + "#" for _ in range(22)] + ["#" * 40]
    rows[1] = "#@$." + " " * 35 + "#"
    s, scene = play(pack_of(tmp_path, "\n".join(rows) + "\n"))
    assert scene.size == 4 and (scene.vw, scene.vh) == (32, 16)
    assert (scene.ox, scene.oy) == (0, 0)
    s.keys("DOWN*20")
    assert scene.oy > 0 and scene.engine.hero // 40 - scene.oy < scene.vh - 1


def test_colours_show_as_letters_at_8px(tmp_path):
    root = pack_of(tmp_path, "#  #  #  #  #  #  #\n# a A 1 -b #b #\n#  #  #  #  #  #  #\n",
                   header="Format: whirly\nVariant: colorban\n")
    s, scene = play(root)
    assert scene.size == 8
    assert scene.units[1, 1] == T.HERO + 1          # hero a
    assert scene.units[2, 1] == T.BOX + 1           # box a
    assert scene.static[3, 1] == T.TARGET_C + 0     # target a
    assert scene.static[4, 1] == T.GROUND_C + 1     # ground b
    assert scene.static[5, 1] == T.WALL_C + 1       # wall b


def test_active_hero_blinks_when_there_are_several(tmp_path):
    root = pack_of(tmp_path, "########\n#@ $ .@#\n########\n")
    s, scene = play(root)
    seen = set()
    x, y = scene.engine.hero % scene.engine.width, scene.engine.hero // scene.engine.width
    for _ in range(20):
        s.run(100)
        seen.add(scene.units[x, y])
    assert seen == {T.NONE, T.HERO}
    s.keys("SELECT")
    assert scene.engine.hero != x + y * scene.engine.width


def test_leds_show_hero_colour_and_progress(tmp_path):
    # hero c, box c, target c, floor, target b, box b: two goals, none met yet
    root = pack_of(tmp_path, "#  #  #  #  #  #  #\n# c C 3 - 2 B #\n#  #  #  #  #  #  #\n",
                   header="Format: whirly\nVariant: colorban\n")
    s, scene = play(root)
    assert s.hw.pixels.shown[0] == WS.LED_COLOURS[3]
    assert s.hw.pixels.shown[1:] == [0, 0, 0]
    s.keys("RIGHT")                   # box c onto target c: one of two goals
    assert s.hw.pixels.shown[1] != 0


def test_one_step_costs_at_most_64_bytes_of_i2c_for_the_board(tmp_path):
    import displayio
    from handheld import launcher
    import games.whirly as game
    from host_sim.sh1106_bus import make_fidelity_display
    root = pack_of(tmp_path, room(12, 6))
    display, i2c = make_fidelity_display()
    try:
        s = Session(levels_root=str(root), display=display)
        (name, pack), = launcher.packs_of(s.app, game)
        launcher.open_pack(s.app, game, pack, 0)
        scene = s.app.top()
        scene.hud.grid.hidden = True
        s.run(200)
        i2c.reset_counter()
        s.keys("DOWN")                # a plain step: two cells change
        assert scene.engine.moves == 1
        assert 0 < i2c.bytes_total <= 64
        scene.hud.grid.hidden = False
        s.run(100)
        i2c.reset_counter()
        s.keys("RIGHT")               # the HUD's numbers change too: at most one page more
        assert i2c.bytes_total <= 64 + 140
    finally:
        displayio.release_displays()
