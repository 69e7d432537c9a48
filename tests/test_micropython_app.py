"""The whole app's heap in real MicroPython (displayio replaced by a stand-in with the same
buffers): at the launcher and while playing each game's bench level, held under the proxy
ceilings of host_sim/bench.py (today's figures with a little headroom, so growth is noticed).
The device's own heap budgets are checked on the emulated Pico by `make device`."""
import pytest

from host_sim import bench, micropython as mpy

LAUNCHER_CEILING = bench.LAUNCHER_CEILING
PLAYING_CEILING = bench.PLAYING_CEILING
MATCH_CEILING = bench.MATCH_CEILING


@pytest.fixture(scope="module")
def need_mpy():
    if not mpy.available():
        pytest.fail(mpy.SETUP_HINT)


def games_with_levels():
    from games import GAMES
    return [g for g in GAMES if not hasattr(g, "make_menu") and bench.bench_level(g)]


@pytest.mark.parametrize("game", games_with_levels(), ids=lambda g: g.ID)
def test_app_heap_at_launcher_and_playing(need_mpy, game):
    path, pack, index, lt = bench.bench_level(game)
    fig = bench.micropython_app_figures(game, path, index)
    print(game.ID, fig)
    assert fig["boot"] <= LAUNCHER_CEILING
    assert fig["playing"] <= PLAYING_CEILING


def match_games():
    from games import GAMES
    return [g for g in GAMES if hasattr(g, "make_menu")]


@pytest.mark.parametrize("game", match_games(), ids=lambda g: g.ID)
def test_app_heap_in_a_new_match(need_mpy, game):
    """Games with their own menu (matches against the CPU or people): default options, A."""
    fig = bench.micropython_match_figures(game)
    print(game.ID, fig)
    assert fig["boot"] <= LAUNCHER_CEILING
    assert fig["playing"] <= MATCH_CEILING.get(game.ID, PLAYING_CEILING)


def test_iqlandie_task_screens_are_freed_after_each_task(need_mpy):
    """A task's screen and art are loaded for one task and freed when it is handed in, and the
    phase screens (draft, placement...) leave while a task runs (GameScene.start_task does
    both), so the peak stays near the table's heap round after round (only MicroPython's
    interned names stay)."""
    import ast
    from games import GAMES
    if not any(g.ID == "iqlandie" for g in GAMES):
        pytest.skip("iQLANDIE is not registered")
    steps = [s.replace("{id}", "iqlandie") for s in bench.MATCH_STEPS]
    steps[-1] = "screens = __import__('games.iqlandie.screens', None, None, ['x'])\n" \
        "screens.phases()"
    steps.append("r['table'] = gc.mem_alloc() - r['base']")
    for topic in range(4):
        steps += ["screens.free_for_task()\n"
                  "tasks = __import__('games.iqlandie.tasks', None, None, ['x'])\n"
                  "t = tasks.generate(%d, 7, 1)\ntasks = None\n"
                  "screens.open_task(app, %d, t, 'You', lambda a, s: None)" % (topic, topic),
                  "r['task%d'] = gc.mem_alloc() - r['base']" % topic,
                  "app.pop()\nt = None\nscreens.unload_task_screens()\nscreens.phases()",
                  "r['after%d'] = gc.mem_alloc() - r['base']" % topic]
    steps.append("print(r)")
    files = {"/lib/displayio.py": open(bench.FAKE_DISPLAYIO).read()}
    r = ast.literal_eval(mpy.run(steps, files=files).strip().splitlines()[-1])
    print(r)
    # ~139 KB for space (the largest): screen_common, the menu, game_draft/score/save and the
    # task art's drawing code are not in the heap while a task runs
    assert max(r["task%d" % t] for t in range(4)) <= 146 * 1024
    assert r["after3"] - r["after0"] <= 2 * 1024          # no growth from round to round
    assert r["after3"] - r["table"] <= 17 * 1024  # + the resume record's value held by the store
