"""The task screens keep their own copies of task_tiles' tile numbers (task_tiles is in the heap
only while it draws a sheet): they must stay equal. Game methods from game_draft / game_score /
game_save come back after game.unload_parts()."""
from games.iqlandie import task_tiles as T
from games.iqlandie import optics_screen, programming_screen, space_screen, task_screens


def test_screen_tile_numbers_match_task_tiles():
    for mod in (optics_screen, programming_screen):
        names = [n for n in dir(mod) if n[:3] in ("OP_", "PG_", "SP_", "POR") and hasattr(T, n)]
        assert names
        for n in names + (["PROG_COLOUR"] if mod is programming_screen else []):
            assert getattr(mod, n) == getattr(T, n), (mod.__name__, n)


def test_space_sheet_holds_a_tile_and_its_inverse_for_every_look():
    # space_screen draws space.TILE[value] (+ space.NTILES inverted) from task_tiles.space
    from games.iqlandie import space
    import displayio
    bmp = T.space(displayio.Bitmap)
    assert bmp.width == 16 * space.NTILES
    assert not hasattr(space_screen, "SP_INV")       # no copy of a tile number to drift
    for v in range(48):
        t = space.TILE[v]
        if v and not t:
            continue
        for y in range(8):
            for x in range(8):
                assert bmp[t * 8 + x, y] != bmp[(space.NTILES + t) * 8 + x, y]   # inverted


def test_task_sheets_name_task_tiles_functions():
    for sheets in task_screens.SHEETS:
        for key, name in sheets:
            assert callable(getattr(T, name))


def test_game_parts_come_back_after_unload():
    from games.iqlandie import game as G
    g = G.Game.new(3, [0, 1, 2], 1234)
    before = (g.scores(), g.save_state())
    G.unload_parts()
    assert "scores" not in G.Game.__dict__
    assert (g.scores(), g.save_state()) == before
    assert "take" not in G.Game.__dict__ and callable(g.take)
