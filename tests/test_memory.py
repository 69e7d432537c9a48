"""Heap housekeeping (lib/handheld/memory.py and the app's out-of-memory path): a game's code
and caches go when the player is back at the game list, and running out of memory anywhere
closes the game with a message instead of ending code.py."""
import sys

from handheld import gfx
from host_sim.session import Session

GAMES_AT_HOME = ("games.whirly.", "games.mentaliq.", "games.gravity.", "games.mobger.",
                 "games.iqlandie.")


def loaded_game_modules():
    return sorted(m for m in sys.modules if m.startswith(GAMES_AT_HOME))


def drop_game_modules():
    # Earlier tests import game modules directly; start from the launcher's state.
    from handheld import memory
    gfx.unload(loaded_game_modules())
    gfx.unload(memory.PLAY_MODULES)


def test_back_home_frees_the_games_code_formats_sheets_and_pack_indexes():
    drop_game_modules()
    s = Session()
    assert loaded_game_modules() == []
    s.keys("A A DOWN A A RIGHT")                  # Whirly, first pack, level 1, one step
    assert type(s.app.top()).__name__ == "WhirlyScene"
    assert "games.whirly.engine" in sys.modules
    import games.whirly
    package = games.whirly
    assert package.PACK_FORMAT._real is not None
    s.keys("START:2300")                          # long START: home
    assert len(s.app.stack) == 1
    assert loaded_game_modules() == []
    assert "handheld.play" not in sys.modules
    assert not hasattr(package, "engine")         # off the package too, or it stays alive
    assert s.app.packs == {}
    assert gfx._sheets == {}
    assert all(o is None for o in s.app.owner)


def test_the_game_list_is_home_too_and_the_next_game_loads_again():
    drop_game_modules()
    s = Session()
    s.keys("A A DOWN A A RIGHT")
    s.app.pop()                                 # level -> level list
    assert "games.whirly.engine" in sys.modules
    s.keys("B B")                               # -> pack list -> game list
    assert len(s.app.stack) == 2
    assert loaded_game_modules() == []
    s.keys("DOWN A DOWN A A A")                 # Mental IQ+ plays after Whirly (A: its comment)
    assert type(s.app.top()).__name__ == "MentalScene"


def test_pack_list_lets_other_packs_go_while_a_pack_is_open_and_reads_them_back():
    s = Session()
    s.keys("A A")                               # Whirly's pack list
    packs = s.app.top()
    n = len(packs.items)
    assert "whirly" in s.app.packs
    s.keys("DOWN A")                            # open the first pack
    assert packs.items == [] and "whirly" not in s.app.packs
    s.keys("B")
    assert s.app.top() is packs and len(packs.items) == n
    assert "Whirly" in s.text()[0]


class Hungry:
    """A scene whose button handler runs out of memory (as a big level would on the device)."""

    def __init__(self, app):
        import displayio
        self.app = app
        self.group = displayio.Group()

    def on_button(self, button, kind):
        raise MemoryError("memory allocation failed, allocating 4096 bytes")

    def tick(self, now):
        return False

    def on_show(self):
        pass

    def on_cover(self):
        pass

    def on_leave(self):
        pass


def test_out_of_memory_in_a_game_closes_it_and_says_so():
    s = Session()
    s.keys("A A DOWN A A")
    s.app.push(Hungry(s.app))
    s.keys("RIGHT")
    top = s.app.top()
    assert len(s.app.stack) == 2                # home, then the message over it
    rows = s.text()
    assert "Problem" in rows[0]
    assert any("Out of memory" in r for r in rows)
    assert any(line.startswith("error: ") for line in s.hw.console)
    assert loaded_game_modules() == []
    s.keys("B")
    assert s.app.top() is not top and len(s.app.stack) == 1


def test_out_of_memory_while_drawing_the_error_page_still_keeps_the_loop_alive(monkeypatch):
    from handheld import scenes
    s = Session()
    s.keys("A A DOWN A A")

    def no_room(*args):
        raise MemoryError("memory allocation failed")
    monkeypatch.setattr(scenes, "error_page", no_room)
    s.app.push(Hungry(s.app))
    s.keys("RIGHT")                             # would have ended code.py before
    assert len(s.app.stack) == 1
    monkeypatch.undo()
    s.keys("A")                                 # the launcher still answers
    assert len(s.app.stack) == 2


def test_run_survives_an_exception_outside_the_scenes():
    s = Session()
    calls = []

    def broken_refresh():
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError("memory allocation failed")
        raise KeyboardInterrupt                 # ends the test's run() after one more pass
    s.hw.display.refresh = broken_refresh
    try:
        s.app.run()
    except KeyboardInterrupt:
        pass
    assert len(calls) == 2
    assert any("out of memory" in line.lower() or "MemoryError" in line for line in s.hw.console)


def test_registry_names_match_the_packages_and_lists_games_without_importing_them():
    import games
    from handheld.entry import LazyGame
    drop_game_modules()
    for entry in games.GAMES:
        assert isinstance(entry, LazyGame)
        gfx.unload((entry.package,))
        entry.forget()
    s = Session()
    s.keys("A")                                   # the game list shows every name
    names = []
    for _ in games.GAMES:
        names.append(s.text()[1].strip())
        s.keys("RIGHT")
    assert names == [g.NAME for g in games.GAMES]
    assert not any(g.package in sys.modules for g in games.GAMES)
    for entry in games.GAMES:                     # the registry says what the package says
        module = entry.module()
        assert (module.ID, module.NAME) == (entry.ID, entry.NAME)


def test_leaving_a_game_unloads_its_package_too():
    import games
    s = Session()
    s.keys("A A DOWN A A")
    assert "games.whirly" in sys.modules
    s.keys("START:2300")
    assert "games.whirly" not in sys.modules and not hasattr(games, "whirly")
    s.keys("A A DOWN A A")                        # and it opens again
    assert type(s.app.top()).__name__ == "WhirlyScene"


def test_zeroed_arrays_are_made_without_a_copy_of_their_size():
    from handheld import buffers
    a = buffers.zeros("H", 1600)
    assert a.typecode == "H" and len(a) == 1600 and not any(a)
    assert list(buffers.zeros("h", 3)) == [0, 0, 0]
    big = buffers.zeros("H", 1 << 18)              # a solver's undo ring
    assert len(big) == 1 << 18 and not any(big)


def test_zeros_allocates_the_array_only_in_micropython():
    """array("H", bytes(3200)) allocates 6.4 KB (the bytes, then the array); zeros() 3.2 KB."""
    from host_sim import micropython as mpy
    if not mpy.available():
        import pytest
        pytest.fail(mpy.SETUP_HINT)
    out = mpy.run("import gc\nfrom handheld.buffers import zeros\nfrom array import array\n"
                  "gc.collect()\ngc.disable()\na0 = gc.mem_alloc()\nx = zeros('H', 1600)\n"
                  "a1 = gc.mem_alloc()\ny = array('H', bytes(3200))\na2 = gc.mem_alloc()\n"
                  "print(a1 - a0, a2 - a1)", roots=("lib",))
    ours, theirs = map(int, out.split())
    assert 3200 <= ours <= 3300 and theirs >= 6400
