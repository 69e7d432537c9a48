"""`make bench`: every game's figures against DESIGN.md's budgets.

Per game, on the first shipped pack's level with the longest stored solution:
  engine time per move on the host, and the device estimate (x150, DESIGN.md section 7)
  level load time (parse + load), host and device estimate
  bytes allocated per move after warm-up and the heap of a running game, in real MicroPython
  I2C bytes per move through Adafruit's SH1106 driver on the fake bus (fidelity mode)
and boot-to-launcher time on the host with its device estimate; then the Whirly solver's
solved counts per time limit and pruning ablation on our generated collections
(host_sim/whirly/bench.py, bench_lines: about half a minute to two minutes on 2 cores).
"""
import os
import time

from handheld.packs import Pack, list_packs

DEVICE_FACTOR = 150
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = {"move_ms": 5.0, "load_ms": 150.0, "alloc": 0, "i2c": 64,
          "boot_ms": 2000.0}
# The whole app's heap in MicroPython (WebAssembly, displayio stand-in): a proxy only, held
# under today's figures plus a little headroom so growth is noticed (tests/test_micropython_app.py
# asserts them); the device's own heap budgets are checked on the emulated Pico (make device).
# +4 KB at the launcher since the app holds RESCUE_BYTES from boot for its out-of-memory page.
LAUNCHER_CEILING = 76 * 1024
PLAYING_CEILING = 137 * 1024
# MobGer's duel keeps its engine, view, menu and the match frame resident (~131 KB measured);
# iQLANDIE's table keeps the game, pieces, exhibitions and its table screen (~120 KB).
# See docs/architecture.md.
MATCH_CEILING = {"mobger": 134 * 1024, "iqlandie": 122 * 1024}


def bench_level(game):
    """(pack path, pack, level index, level text) of the longest stored solution in the first pack."""
    folder = os.path.join(REPO, "levels", game.ID)
    for name in list_packs(folder):
        path = os.path.join(folder, name)
        pack = Pack(path, game.PACK_FORMAT)
        best = None
        for i in range(pack.count):
            lt = pack.level(i)
            if lt.solution and (best is None or len(lt.solution) > len(best[1].solution)):
                best = (i, lt)
        if best:
            return path, pack, best[0], best[1]
    return None


def host_figures(game, pack, index, lt):
    t0 = time.perf_counter()
    loads = 50
    for _ in range(loads):
        level = game.PACK_FORMAT.parse(pack.level(index), pack.header)
        engine = game.new_engine(level)
    load_ms = (time.perf_counter() - t0) * 1000 / loads
    actions = game.parse_moves(lt.solution)
    done = 0
    t0 = time.perf_counter()
    while done < 20000:
        for a in actions:
            engine.play(a)
        for _ in actions:
            engine.undo()
        done += 2 * len(actions)
    move_ms = (time.perf_counter() - t0) * 1000 / done
    return {"move_ms": move_ms, "load_ms": load_ms, "moves": len(actions)}


MPY_STEPS = (
    "import gc\nr = {}\ngc.collect()",
    "r['base'] = gc.mem_alloc()",
    "from handheld.packs import Pack\nimport games.{id} as g\nfrom games.{id} import engine as _e",
    "pack = Pack('/bench.txt', g.PACK_FORMAT)\nlt = pack.level({index})\n"
    "level = g.PACK_FORMAT.parse(lt, pack.header)\nacts = g.parse_moves(lt.solution)\n"
    "e = g.new_engine(level)\nlt = None",
    "r['heap'] = gc.mem_alloc() - r['base']",
    "def run():\n    for a in acts:\n        e.play(a)\n    for a in acts:\n        e.undo()\n"
    "def loops():\n    for a in acts:\n        pass\n    for a in acts:\n        pass\n"
    "run()\nrun()\nloops()",
    # The same loops without the engine calls are the baseline: what remains is the moves'.
    "gc.collect()\ngc.disable()\na = gc.mem_alloc()\nrun()\nb = gc.mem_alloc()\nloops()\n"
    "c = gc.mem_alloc()\ngc.enable()\n"
    "r['alloc'] = ((b - a) - (c - b)) / (2 * len(acts))\nprint(r)",
)


def micropython_figures(game, path, index):
    from host_sim import micropython
    if not micropython.available():
        return {"error": micropython.SETUP_HINT}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    steps = [s.replace("{id}", game.ID).replace("{index}", str(index)) for s in MPY_STEPS]
    out = micropython.run(steps, files={"/bench.txt": text})
    import ast
    return ast.literal_eval(out.strip().splitlines()[-1])


APP_STEPS = (
    "import gc\nr = {}\ngc.collect()",
    "r['base'] = gc.mem_alloc()",
    # A hardware adapter with no display, buttons or LEDs: the app and its scenes still build
    # their displayio objects (a stand-in keeps the same buffers) so the heap is all included.
    "class Q:\n    def get_into(self, e):\n        return False\n"
    "class K:\n    events = Q()\n"
    "class Ev:\n    key_number = 0\n    pressed = False\n"
    "class HW:\n    display = None\n    keys = K()\n    pixels = None\n"
    "    nvm = bytearray(b'\\xff' * 4096)\n    levels_root = '/levels'\n    notices = []\n"
    "    def new_event(self):\n        return Ev()\n"
    # as on the device, a game opened puts the launcher's screens aside (memory.launcher_aside)
    "    def fresh_start(self, depth):\n        pass\n"
    "from games import GAMES\nfrom handheld.app import App\nfrom handheld import launcher\n"
    "app = App(HW(), GAMES)",
    "r['boot'] = gc.mem_alloc() - r['base']",
    "game = [g for g in GAMES if g.ID == '{id}'][0]\n"
    "packs = [p for n, p in launcher.packs_of(app, game) if n == '{pack}']\n"
    "app.push(launcher.GameList(app))\napp.push(launcher.PackList(app, game))\n"
    "launcher.open_pack(app, game, packs[0], {index})\n"
    "if not hasattr(app.top(), 'engine'):\n    app.pop()\n"   # the level's comment page
    "assert app.top().engine",
    "r['playing'] = gc.mem_alloc() - r['base']\nprint(r)",
)
FAKE_DISPLAYIO = os.path.join(REPO, "host_sim", "mpy", "fakes", "displayio.py")


def micropython_app_figures(game, path, index):
    """Heap of the whole app in MicroPython: at the launcher, and playing the bench level."""
    from host_sim import micropython
    if not micropython.available():
        return {"error": micropython.SETUP_HINT}
    files = {"/lib/displayio.py": open(FAKE_DISPLAYIO).read()}
    with open(path, encoding="utf-8") as f:
        files["/levels/%s/%s" % (game.ID, os.path.basename(path))] = f.read()
    steps = [s.replace("{id}", game.ID).replace("{index}", str(index))
             .replace("{pack}", os.path.basename(path)) for s in APP_STEPS]
    import ast
    return ast.literal_eval(micropython.run(steps, files=files).strip().splitlines()[-1])


MATCH_STEPS = APP_STEPS[:4] + (
    "from handheld import buttons as B\n"
    "game = [g for g in GAMES if g.ID == '{id}'][0]\n"
    "app.push(launcher.GameList(app))\napp.push(launcher.game_menu(app, game))\n"
    "def playing():\n"
    "    return hasattr(app.top(), 'engine') or hasattr(app.top(), 'g')\n"
    "for _ in range(4):\n"
    "    if playing():\n        break\n"
    "    app.top().on_button(B.A, B.PRESS)\n"
    "assert playing()",
    "r['playing'] = gc.mem_alloc() - r['base']\nprint(r)",
)


def micropython_match_figures(game):
    """Heap of the whole app in MicroPython at the launcher and in a new match of a game with
    its own menu (A pressed until a scene with an engine is on top: the default options)."""
    from host_sim import micropython
    if not micropython.available():
        return {"error": micropython.SETUP_HINT}
    files = {"/lib/displayio.py": open(FAKE_DISPLAYIO).read()}
    folder = os.path.join(REPO, "levels", game.ID)
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                files["/levels/%s/%s" % (game.ID, name)] = f.read()
    steps = [s.replace("{id}", game.ID) for s in MATCH_STEPS]
    import ast
    return ast.literal_eval(micropython.run(steps, files=files).strip().splitlines()[-1])


def match_game_figures(game, out):
    """A match game: its own host bench (host_sim/<id>/bench.py main(out)) and the app heap."""
    import importlib
    try:
        own = importlib.import_module("host_sim.%s.bench" % game.ID)
    except ImportError:
        own = None
    if own is not None and hasattr(own, "main"):
        own.main(out=out)
    a = micropython_match_figures(game)
    if "error" in a:
        out("MicroPython: " + a["error"])
    else:
        out("MicroPython: whole app at the launcher %d bytes, in a match %d bytes [%s <= %d proxy]"
            % (a["boot"], a["playing"], mark(a["playing"] <= MATCH_CEILING.get(game.ID, PLAYING_CEILING)),
               MATCH_CEILING.get(game.ID, PLAYING_CEILING)))


def i2c_figures(game, pack_name, index, lt):
    """Bytes on the I2C bus per move of the stored solution, through the real SH1106 driver."""
    import displayio
    from host_sim.sh1106_bus import make_fidelity_display
    from host_sim.session import Session
    display, i2c = make_fidelity_display()
    try:
        s = Session(display=display)
        from handheld import launcher
        app = s.app
        for name, pack in launcher.packs_of(app, game):
            if name == pack_name:
                launcher.open_pack(app, game, pack, index)
        s.run(200)
        if not hasattr(app.top(), "engine"):   # the level's comment page: A closes it
            s.keys("A")
        keys = getattr(game, "ACTION_KEYS", None)
        scene = app.top()
        hud = getattr(scene, "hud", None)
        counts = []
        for with_hud in (False, True):
            if hud is not None:
                hud.grid.hidden = not with_hud
            scene.restart()
            scene.after_change()  # the HUD as moves leave it: restart's "B: undo restart" note,
            s.run(200)            # which the first move would clear, is not a move's cost
            row = []
            for a in game.parse_moves(lt.solution):
                if keys is None or a >= len(keys):
                    break
                i2c.reset_counter()
                s.keys(keys[a])
                if app.top() is not scene:  # the win screen: not a move's cost
                    app.pop()
                    break
                row.append(i2c.bytes_total)
            counts.append(row)
        return counts
    finally:
        displayio.release_displays()


NATIVE_ON_DEVICE = (os.sep + "displayio" + os.sep, os.sep + "busdisplay" + os.sep,
                    os.sep + "fontio", os.sep + "i2cdisplaybus" + os.sep)


def boot_ms():
    """(host ms, device estimate ms) from power-on of the app to the launcher on screen.

    Blinka's displayio is Python on the host but native C on the device, so its share is
    taken out before scaling by DEVICE_FACTOR; the first full frame's I2C time is added."""
    import cProfile
    import pstats
    from host_sim.session import Session
    Session()  # import everything once: the device pays imports too, but compiling is not ours
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.runcall(Session)
    total = (time.perf_counter() - t0) * 1000
    stats = pstats.Stats(prof).stats
    native = sum(tt for (path, _, _), (_, _, tt, _, _) in stats.items()
                 if any(part in path for part in NATIVE_ON_DEVICE)) * 1000
    frame_ms = 1104 * 9 / 400.0  # a full frame at 400 kHz, 9 bits a byte
    return total, (total - native) * DEVICE_FACTOR + frame_ms


def mark(ok):
    return "ok " if ok else "OVER"


def device_figures(out):
    """The emulated Pico's measured figures (make device writes build/device/report.json)."""
    from host_sim.device.summary import measured
    figs = measured()
    if not figs:
        out("emulated Pico: no figures yet (run make device)")
        return
    for kind, f in sorted(figs.items()):
        moves = [m for m in f.get("whirly_move_refresh_ms", []) if m is not None]
        i2c = f.get("whirly_move_i2c_bytes", [])
        out("emulated Pico (.%s, make device): boot to launcher %s ms, launcher free %s bytes, "
            "Whirly key -> refresh done %s ms (max of %d), I2C per move max %s bytes, per menu "
            "change %s bytes" % (kind, f.get("boot_to_launcher_ms"), f.get("launcher_free_after_boot"),
                                 max(moves) if moves else None, len(moves), max(i2c) if i2c else None,
                                 f.get("menu_change_i2c_bytes")))
        for game, c in sorted(f.get("cpu_turn_ms", {}).items()):
            out("  %s: CPU turn %s ms mean, %s ms max (%d turns)" % (game, c["mean"], c["max"],
                                                                 c["turns"]))
        for task, c in sorted(f.get("task_generation_ms", {}).items()):
            out("  %s: task generation %s ms mean, %s ms max (%d tasks)" % (task, c["mean"], c["max"],
                                                                         c["tasks"]))
        for game, g in sorted(f.get("games", {}).items()):
            low = g.get("lowest_free")
            if low is not None:
                out("  %s: lowest free heap in game %d bytes (+%d held in reserve), back home %s"
                    % (game, low, g.get("lowest_free_reserve") or 0, g.get("home_free")))


def main(games, out=print):
    out("Budgets from DESIGN.md section 7; device = host x %d unless measured." % DEVICE_FACTOR)
    host, dev = boot_ms()
    out("boot to launcher: host %.1f ms, device est. %.0f ms (displayio native there) "
        "[%s <= %d ms]" % (host, dev, mark(dev <= BUDGET["boot_ms"]), BUDGET["boot_ms"]))
    device_figures(out)
    out("")
    out("== Save store (flash wear: <= 6 sector erases per hour of steady play) ==")
    from host_sim import wear
    wear.report(60, out)
    for game in games:
        out("")
        out("== %s ==" % game.NAME)
        if hasattr(game, "make_menu"):
            match_game_figures(game, out)
            continue
        found = bench_level(game)
        if not found:
            out("no shipped level with a stored solution to measure")
            continue
        path, pack, index, lt = found
        out("level: %s #%d %r, %d-move solution" % (os.path.basename(path), index + 1, lt.name,
                                                   len(game.parse_moves(lt.solution))))
        h = host_figures(game, pack, index, lt)
        dev = h["move_ms"] * DEVICE_FACTOR
        out("engine move: host %.1f us, device est. %.2f ms          [%s <= %.0f ms]"
            % (h["move_ms"] * 1000, dev, mark(dev <= BUDGET["move_ms"]), BUDGET["move_ms"]))
        dev = h["load_ms"] * DEVICE_FACTOR
        out("level load: host %.2f ms, device est. %.0f ms           [%s <= %.0f ms]"
            % (h["load_ms"], dev, mark(dev <= BUDGET["load_ms"]), BUDGET["load_ms"]))
        m = micropython_figures(game, path, index)
        if "error" in m:
            out("MicroPython: " + m["error"])
        else:
            out("MicroPython: %.1f bytes allocated per move          [%s == 0]"
                % (m["alloc"], mark(m["alloc"] == 0)))
            out("MicroPython: heap of engine modules + pack + engine %d bytes" % m["heap"])
            a = micropython_app_figures(game, path, index)
            out("MicroPython: whole app at the launcher %d bytes, playing %d bytes [%s <= %d proxy]"
                % (a["boot"], a["playing"], mark(a["playing"] <= PLAYING_CEILING), PLAYING_CEILING))
        board, total = i2c_figures(game, os.path.basename(path), index, lt)
        if board:
            board.sort()
            hud = sorted(t - b for t, b in zip(total, board))
            median = board[len(board) // 2]
            out("I2C per move, board: median %d bytes, max %d (%d moves) [%s median <= %d]"
                % (median, board[-1], len(board), mark(median <= BUDGET["i2c"]), BUDGET["i2c"]))
            out("I2C per move, HUD extra: median %d bytes, max %d       [%s max <= 1 page, %d]"
                % (hud[len(hud) // 2], hud[-1], mark(hud[-1] <= 132 + 8), 132 + 8))
    if any(getattr(g, "ID", None) == "whirly" for g in games):
        # host-only solver figures on our generated collections (host_sim/whirly/bench.py)
        out("")
        from host_sim.whirly import native
        out("== Whirly solver (host only; seconds and the portfolio's positions depend on the "
            "load, the capped ablation's do not; the C search: %s) ==" % (
                native.available() or "built, beside the portfolio"))
        from host_sim.whirly import bench as whirly_bench
        whirly_bench.bench_lines(out)
    return 0
