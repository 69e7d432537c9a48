"""Undo, redo, undoable restart, watching the stored solution, level comments and the
no-solution hint, in the puzzle games (Whirly, Mental IQ+) through the headless simulator."""
from host_sim.session import Session, parse_script, ScriptError
from handheld.play_menu import NO_SOLUTION

WHIRLY = """Title: Undo

#######
#@ $ .#
#     #
#######
Title: Open room

#######
#@$ .#
#######
Title: Corridor
Solution: rr

#####
#@$.#
#####
Title: One push
Comment: Push the box onto the goal.
"""

MENTAL = """Title: Planes

t. .. | t@ .. | t. .J | .. f.
Title: Middle plane
Comment: Up or down? Hold SELECT and press UP or DOWN.
"""


def play(tmp_path, game_id, text, index=0):
    import importlib
    from handheld import launcher
    game = importlib.import_module("games." + game_id)
    root = tmp_path / "levels"
    (root / game_id).mkdir(parents=True)
    (root / game_id / "p.txt").write_text(text)
    s = Session(levels_root=str(root))
    (name, pack), = launcher.packs_of(s.app, game)
    assert not isinstance(pack, str), pack
    launcher.open_pack(s.app, game, pack, index)
    s.run(100)
    return s


def level_scene(s):
    from handheld.play import PlayScene
    scene = s.app.top()
    if not isinstance(scene, PlayScene):   # the level's comment page is on top
        s.keys("A")
        scene = s.app.top()
    assert isinstance(scene, PlayScene), type(scene).__name__
    return scene


def test_redo_replays_what_undo_took_back(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY)
    scene = level_scene(s)
    e = scene.engine
    s.keys("RIGHT RIGHT DOWN")
    after = e.key()
    s.keys("B B")
    assert e.moves == 1
    s.keys("SELECT+B SELECT+B")
    assert e.moves == 3 and e.key() == after
    s.keys("SELECT+B")                 # nothing left to redo: no move, no error
    assert e.moves == 3


def test_a_new_move_forgets_the_redo(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY)
    scene = level_scene(s)
    e = scene.engine
    s.keys("RIGHT RIGHT B DOWN")
    s.keys("SELECT+B")
    assert e.moves == 2 and scene.nredo == 0


def test_restart_can_be_undone_and_redone(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY)
    scene = level_scene(s)
    e = scene.engine
    s.keys("RIGHT RIGHT DOWN")
    before = e.key()
    scene.restart()
    assert e.moves == 0 and e.key() != before
    s.keys("DOWN")                      # a move after the restart ...
    s.keys("B")                         # ... undone first
    assert e.moves == 0
    s.keys("B")                         # then the restart itself
    assert e.moves == 3 and e.key() == before
    s.keys("B")                         # and the moves before it, one by one
    assert e.moves == 2
    s.keys("SELECT+B SELECT+B")         # redo: the move, then the restart again
    assert e.moves == 0


def test_pause_menu_offers_redo_and_restart_says_how_to_take_it_back(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY)
    scene = level_scene(s)
    s.keys("RIGHT B")
    s.keys("START DOWN*2 A")            # Resume, Undo, Redo
    assert scene.engine.moves == 1
    s.keys("START DOWN*3 A")            # Restart
    assert scene.engine.moves == 0
    from tests.test_whirly_view import hud_text
    assert "undo" in hud_text(scene)[6] and "restart" in hud_text(scene)[7]


def test_hint_without_a_stored_solution_says_how_to_get_one(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY, 0)
    level_scene(s)
    s.keys("START DOWN*4 A")            # Hint
    text = " ".join(r.strip() for r in s.text()[1:])
    assert "no stored solution" in text and "python -m host_sim" in text
    assert "solve PACK" in NO_SOLUTION and "--write" in NO_SOLUTION


def test_watch_solution_steps_and_gives_the_game_back(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY, 1)
    scene = level_scene(s)
    e = scene.engine
    s.keys("RIGHT B RIGHT")             # the player's own game: one move, one undone
    mine = e.key()
    s.keys("START DOWN*5 A")            # Resume Undo Redo Restart Hint [Watch solution]
    assert "RIGHT: next move" in "\n".join(s.text())
    s.keys("B")                         # close the help: the board, at the level's start
    assert scene.replay is not None and e.moves == 0
    s.keys("RIGHT")
    assert e.moves == 1
    s.keys("LEFT")
    assert e.moves == 0
    s.keys("RIGHT RIGHT")               # the whole solution: solved, but not a win of yours
    assert e.solved() and not scene.progress.solved(1)
    assert s.app.top() is scene
    s.keys("B")                         # back to the player's own position
    assert scene.replay is None and e.key() == mine and e.moves == 1


def test_watch_solution_plays_on_its_own(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY, 1)
    scene = level_scene(s)
    s.keys("START DOWN*5 A B A")        # Watch solution, close help, A: play
    s.run(3000)
    assert scene.engine.solved() and scene.replay is not None
    s.keys("B")
    assert scene.engine.moves == 0


def test_level_comment_shows_when_the_level_opens_and_on_A(tmp_path):
    s = play(tmp_path, "whirly", WHIRLY, 2)
    assert "Push the box onto the goal." in " ".join(s.text())
    scene = level_scene(s)
    s.keys("A")
    assert "Push the box onto the goal." in " ".join(r.strip() for r in s.text())


def test_mental_iq_select_with_up_or_down_picks_the_plane(tmp_path):
    s = play(tmp_path, "mentaliq", MENTAL)
    assert "Up or down?" in " ".join(s.text())   # the teaching comment first
    scene = level_scene(s)
    e = scene.engine
    assert e.hero_plane() == 1
    s.keys("SELECT+DOWN")
    assert e.hero_plane() == 0
    s.keys("B SELECT+UP")
    assert e.hero_plane() == 2
    s.keys("B SELECT")                   # SELECT alone: up, as before
    assert e.hero_plane() == 2


def test_mental_iq_redo(tmp_path):
    s = play(tmp_path, "mentaliq", MENTAL)
    scene = level_scene(s)
    e = scene.engine
    s.keys("SELECT+DOWN RIGHT B B")
    assert e.hero_plane() == 1 and e.moves == 0
    s.keys("SELECT+B SELECT+B")
    assert e.hero_plane() == 0 and e.moves == 2


def test_key_scripts_have_chords():
    assert parse_script("SELECT+B")[0][0] & 0x100
    try:
        parse_script("SELECT+JUMP")
    except ScriptError:
        pass
    else:
        raise AssertionError("a bad chord was accepted")


def test_mental_iq_legend_shows_every_piece_and_tile_as_drawn(tmp_path):
    from games.mentaliq import engine as E
    from games.mentaliq.scene_text import LEGEND
    from games.mentaliq import tiles as T
    pieces = {u for s, u, name in LEGEND}
    tiles = {s for s, u, name in LEGEND}
    assert {E.P_GWYDYON, E.P_JEWEL, E.P_BRICK, E.P_BOMB, E.P_REP, E.P_REP2, E.P_BLOCK,
            E.P_TB_UP, E.P_TB_DOWN, T.JEWEL_HOME} <= pieces
    assert {E.T_HOLE, E.T_FLAG, E.T_SLIDER, E.T_VECTOR, E.T_TRANSFERT} <= tiles
    assert all(len(name) <= 19 for s, u, name in LEGEND)   # the row after the tile, uncut
    s = play(tmp_path, "mentaliq", MENTAL)
    level_scene(s)
    s.keys("START DOWN*6 A")             # Resume Undo Redo Restart Hint Rules [Legend]
    page = s.app.top()
    assert type(page).__name__ == "LegendPage"
    assert "Gwydyon (you)" in s.text()[1] and page.units[0, 0] == E.P_GWYDYON
    s.keys("DOWN*20")
    assert "hole" in s.text()[6] and page.static[0, 5] == E.T_HOLE
