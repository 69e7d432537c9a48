"""Mental IQ+ on screen: plane view, the strip of planes, animations, plane changes, loss."""
import pytest

from handheld import buttons as B
from host_sim.session import Session
from games.mentaliq import scene as MS
from games.mentaliq import tiles as T
from games.mentaliq import engine as E

PACK = """Title: View
Game: mentaliq

t@ .J .+ .. | t. .. .. f.
.. .. .. .. | .. .. .. ..
Title: Up and over
Solution: Rl+rR

.@ .J s. s. v. .. | .. .. .. .. .. ..
.. .. .. .. f. .. | .. .. .. .. .. ..
.1 .. .. .. .. .. | .. .. .2 .. .. ..
Title: Slide and vector
Solution: R

.@ .J .* f.
.. .. .. ..
Title: Bomb (a trap: pushing right loses the only jewel)
"""


def play(tmp_path, index):
    from handheld import launcher
    import games.mentaliq as game
    root = tmp_path / "levels"
    (root / "mentaliq").mkdir(parents=True)
    (root / "mentaliq" / "v.txt").write_text(PACK)
    s = Session(levels_root=str(root))
    (name, pack), = launcher.packs_of(s.app, game)
    assert not isinstance(pack, str), pack
    launcher.open_pack(s.app, game, pack, index)
    s.run(100)
    return s, s.app.top()


def hud(scene):
    from handheld import font
    g = scene.hud
    return [("".join(chr(font.FIRST + g.tiles[c, r] % font.COUNT) for c in range(g.cols))).strip()
            for r in range(g.rows)]


def test_small_planes_use_8px_tiles_and_big_ones_6px():
    assert MS.tile_size(12, 6) == 8 and MS.tile_size(13, 6) == 6 and MS.tile_size(16, 8) == 6


def test_view_shows_gwydyons_plane_and_the_hud(tmp_path):
    s, scene = play(tmp_path, 0)
    assert type(scene).__name__ == "MentalScene" and scene.plane == 0
    assert scene.units[0, 0] == E.P_GWYDYON and scene.units[1, 0] == E.P_JEWEL
    assert scene.static[0, 0] == E.T_TRANSFERT
    assert hud(scene)[0] == "P1/2 m0 p0" and "SEL" in hud(scene)[1]


def test_strip_shows_every_plane_with_gwydyons_inverted(tmp_path):
    s, scene = play(tmp_path, 0)
    k = scene.cell_px
    # plane 2 band is on top (rows 0..15), plane 1 below (rows 16..31); Gwydyon at plane 1 (0,0)
    assert scene.mini[k, MS.BAND] == 0            # the jewel on the inverted plane: dark
    assert scene.mini[3 * k, MS.BAND] == 1        # empty cell on the inverted plane: lit
    assert scene.mini[0, MS.BAND] == 1            # Gwydyon is not drawn in the strip
    assert scene.mini[3 * k, 0] == 0              # empty cell on plane 2: dark


def test_plane_change_with_select_redraws_the_other_plane(tmp_path):
    s, scene = play(tmp_path, 0)
    s.keys("RIGHT LEFT SELECT")       # push the jewel up through the transborder, go up
    assert scene.engine.hero_plane() == 1 and scene.plane == 1
    assert scene.units[2, 0] == E.P_JEWEL and scene.units[0, 0] == E.P_GWYDYON
    assert hud(scene)[0].startswith("P2/2")


def test_slides_and_vectors_are_animated_frame_by_frame(tmp_path):
    s, scene = play(tmp_path, 1)
    s.hw.keys.events.put(B.RIGHT, True)
    s.run(20)
    assert scene.frames is not None           # the move is still being shown
    shown = [scene.units[x, 0] for x in range(6)]
    s.run(1000)
    assert scene.frames is None
    assert type(s.app.top()).__name__ == "Results"
    assert shown != [scene.units[x, 0] for x in range(6)]


def test_any_key_skips_the_animation(tmp_path):
    s, scene = play(tmp_path, 1)
    s.hw.keys.events.put(B.RIGHT, True)
    s.run(20)
    assert scene.frames is not None
    s.hw.keys.events.put(B.RIGHT, False)
    s.hw.keys.events.put(B.A, True)
    s.run(20)
    assert scene.frames is None
    assert scene.units[4, 1] == T.JEWEL_HOME or type(s.app.top()).__name__ != "MentalScene"


def test_losing_a_jewel_says_so_and_undo_recovers(tmp_path):
    s, scene = play(tmp_path, 2)
    s.keys("RIGHT")                   # the jewel is pushed into the bomb: destroyed
    assert scene.engine.lost()
    assert hud(scene) == ["Jewel lost!", "B: undo the move"]   # whole, never cut (issue 15)
    s.keys("B")
    assert not scene.engine.lost() and scene.engine.moves == 0


def test_hint_from_the_stored_solution(tmp_path):
    s, scene = play(tmp_path, 0)
    assert scene.hint().startswith("Next: right")
    s.keys("DOWN")
    assert "1 undo" in scene.hint()
