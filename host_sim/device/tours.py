"""`make device`: the tours. Both bundles (.py and .mpy) boot on the emulated Pico, play every
game, go home between games, change a setting and resume after a reset; each run is checked
for console errors, its heap lines are held against budgets.py, and its screens are compared
with the host simulator's for the same key script.
"""
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import time

from host_sim.device import budgets, fatimage, firmware, report, script

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = firmware.REPO
OUT = os.path.join(REPO, "build", "device")

BOOT = "text:scene=TitleMenu idle:300 shot:launcher "
# From a fresh title menu into play (host_sim/readme_shots.py SHOTS, checked in the host sim).
ENTRY = {
    "whirly": "A idle:200 A idle:200 DOWN idle:200 A idle:200 A idle:800",
    "mentaliq": "A idle:200 DOWN idle:200 A idle:200 DOWN*3 idle:200 A idle:200 A idle:800 A idle:300",
    "gravity": "A idle:200 DOWN*2 idle:200 A idle:200 A idle:200 A wait:1500",
    "mobger": "A idle:200 DOWN*3 idle:200 A idle:200 A idle:200 A idle:300",
    "iqlandie": "A idle:200 DOWN*4 idle:200 A idle:200 A idle:200 A wait:3000",
}
# idle:MS waits until the display bus is quiet: a screen that keeps drawing (Gravity's CPU
# players, iQLANDIE's timer) never is, so those use wait: (idle: would burn its 20 s maximum).
MOVES = {
    "whirly": "RIGHT idle:200 LEFT idle:200 DOWN idle:200 UP idle:200 RIGHT idle:200 LEFT idle:200",
    "mentaliq": "DOWN idle:200 SELECT idle:300",
    "gravity": "LEFT idle:200 A wait:2000",
    "mobger": "RIGHT*2 idle:300",
    "iqlandie": "A wait:500 A wait:1500",
}
SESSION_MOVES = {"whirly": "RIGHT idle:200", "mentaliq": "DOWN idle:200", "gravity": "",
                 "mobger": "RIGHT idle:200", "iqlandie": ""}
HOME = "START:2300 idle:300"  # START held 2.3 s goes home
# The launcher's own screens: a game visit that shows only these never reached the game.
LAUNCHER_SCENES = {"TitleMenu", "GameList", "SettingsMenu", "TextPage", "Later"}


def game_script(g):
    return (BOOT + "mark:game:%s mark:entry " % g + ENTRY[g] + " mark:entry-end shot:%s mark:moves " % g
            + MOVES[g] + " mark:moves-end shot:%s-moved" % g)


def session_script(rounds=2):
    words = [BOOT]
    for r in range(1, rounds + 1):
        for g in ENTRY:
            k = "%s.%d" % (g, r)
            # UP*3: Play whether or not the title menu offers "Resume ..." first (the menu
            # wraps: [Resume,] Play, Settings, Keys & help)
            words.append("mark:game:%s UP*3 idle:200 %s shot:%s %s mark:leave:%s %s mark:home:%s "
                         "shot:home-%s" % (k, ENTRY[g], k, SESSION_MOVES[g], k, HOME, k, k))
    return " ".join(words)


SETTINGS_RESUME = (BOOT + "mark:game:whirly " + ENTRY["whirly"] + " RIGHT idle:200 DOWN idle:200 "
                   "LEFT idle:200 wait:4000 mark:leave:whirly shot:before-reset reset "
                   "text:scene=TitleMenu idle:300 shot:resume DOWN*2 idle:200 A idle:300 "
                   "shot:settings RIGHT idle:200 shot:contrast B idle:300 shot:settings-back")

# Undo, redo (pause menu), an undone restart, Watch solution, then Mental IQ+'s legend page:
# the code a level loads on demand (handheld.play_menu, replay, legend, notation) on the device.
FEATURES = (BOOT + "mark:game:whirly " + ENTRY["whirly"] + " RIGHT idle:200 LEFT idle:200 "
            "B idle:200 START idle:200 DOWN*2 idle:200 A idle:300 "        # undo, redo
            "START idle:200 DOWN*3 idle:200 A idle:300 B idle:300 "        # restart, undo it
            "START idle:200 DOWN*5 idle:200 A idle:300 shot:watch-help "   # Watch solution
            "B idle:300 RIGHT idle:300 RIGHT idle:300 shot:watch A wait:3000 B idle:300 "
            "shot:after-watch mark:leave:whirly " + HOME + " mark:game:mentaliq UP*3 idle:200 "
            + ENTRY["mentaliq"] + " START idle:200 DOWN*7 idle:200 A idle:300 shot:legend "
            "DOWN*8 idle:200 shot:legend-more B idle:300 mark:leave:mentaliq")

# Packs as old collections were saved, read by the device's own reader (docs/formats.md,
# Encoding and lines): an old Mac OS file (lines end in CR alone) in 8-bit Windows-1252 text, its
# names accented, and a UTF-16 file. Its screens must be the host simulator's to the pixel.
OLD_PACKS = {
    "levels/whirly/zz-mac.txt": (b"Title: Vieux Mac\r; Niveau \xe0 Fran\xe7ois\r#####\r#@$.#\r"
                                 b"#####\r\r; Caf\xe9 \x93deux\x94\r######\r#.$ @#\r######\r"),
    "levels/whirly/zz-utf16.txt": "\ufeffTitle: Notepad\r\n\r\n#@$.#\r\n".encode("utf-16-le"),
}
OLD_PACKS_SCRIPT = (BOOT + "A idle:200 A idle:200 DOWN*14 idle:300 shot:old-list A idle:300 "
                    "shot:old-levels DOWN idle:200 A idle:800 shot:old-play " + HOME + " UP*3 "
                    "idle:200 A idle:200 A idle:200 DOWN*15 idle:300 A idle:300 shot:old-utf16")

RESERVE = budgets.BUDGETS["session_reserve_mpy"]
# name -> (script, reserve bytes for the .mpy bundle, wall limit s)
TOURS = {"session": (session_script(), RESERVE, 1200), "settings-resume": (SETTINGS_RESUME, 0, 600),
         "puzzle-features": (FEATURES, 0, 600)}
for _g in ENTRY:
    TOURS[_g] = (game_script(_g), 0, 600)
TOURS["old-packs"] = (OLD_PACKS_SCRIPT, 0, 600)
EXTRA = {"old-packs": OLD_PACKS}  # tour -> files added to the drive (and to the host's levels)
# The CPU players' turns and iQLANDIE's task generation timed with the games' own modules:
# cpu_bench.py runs as code.py in place of the app (the .mpy bundle only: what ships).
TOURS["cpu"] = ("text:@@gravity text:@@mobger text:@@iqlandie text:@@DONE", 0, 900)
CODE = {"cpu": os.path.join(HERE, "cpu_bench.py")}
MPY_ONLY = {"cpu"}
TEXT_MAX_MS = {"cpu": 120000}   # emulated ms a part may take before its @@ line


def settings_toml(reserve):
    text = "HANDHELD_HEAP_LOG = 1\n"
    if reserve:
        text += "HANDHELD_HEAP_RESERVE = %d\n" % reserve
    return text.encode()


def node_ok():
    return os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js"))


# --- one run ------------------------------------------------------------------------------
def run_tour(bundle_dir, uf2, boot_out, name, kind, out):
    """Boot one tour on the emulated Pico. -> result dict (result.json plus our verdicts)."""
    keys, reserve, wall_limit = TOURS[name]
    reserve = reserve if kind == "mpy" else 0  # the .py tours run without reserve
    os.makedirs(out, exist_ok=True)
    extra = {"settings.toml": settings_toml(reserve)}
    extra.update(EXTRA.get(name, {}))
    if name in CODE:
        with open(CODE[name], "rb") as f:
            extra["code.py"] = f.read()
    if boot_out:
        extra["boot_out.txt"] = boot_out.encode()
    img = os.path.join(out, "drive.img")
    with open(img, "wb") as f:
        f.write(fatimage.build_image(bundle_dir, extra))
    cmd = ["node", os.path.join(HERE, "run.mjs"), "--uf2", uf2, "--image", img, "--keys", keys,
           "--out", out, "--wall-limit", str(wall_limit)]
    if name in TEXT_MAX_MS:
        cmd += ["--text-max-ms", str(TEXT_MAX_MS[name])]
    t0 = time.time()
    problems = []
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=wall_limit + 120)
        if proc.returncode not in (0, 3):
            problems.append("emulator failed: " + proc.stderr.strip()[-500:])
    except subprocess.TimeoutExpired:
        problems.append("emulator killed after %d s wall" % (wall_limit + 120))
    res = {}
    path = os.path.join(out, "result.json")
    if os.path.exists(path) and not problems:
        with open(path, encoding="utf-8") as f:
            res = json.load(f)
    if res.get("stopped_by") == "wall-limit":
        problems.append("tour exceeded its %d s wall limit at %.0f emulated ms"
                        % (wall_limit, res["emulated_ms"]))
    res["wall_total_s"] = round(time.time() - t0, 1)
    res["reserve"] = reserve
    res["problems"] = problems
    return res


def load_tour(name, kind, out):
    """An earlier run's result.json, to judge it again without booting (--report-only)."""
    path = os.path.join(out, "result.json")
    if not os.path.exists(path):
        return {"problems": ["no earlier run in %s" % out], "reserve": 0}
    with open(path, encoding="utf-8") as f:
        res = json.load(f)
    res["reserve"] = TOURS[name][1] if kind == "mpy" else 0
    res["wall_total_s"] = res.get("wall_s")
    res["problems"] = ["tour exceeded its wall limit"] if res.get("stopped_by") == "wall-limit" else []
    return res


def judge(name, kind, res, host, out):
    """Verdicts and figures of a finished run (no booting here)."""
    lines = res.get("lines", [])
    marks = res.get("marks", {})
    problems = list(res.get("problems", [])) + report.failures(lines)
    for m in marks:
        if m.startswith("text-missing:"):
            problems.append("never saw %r on the console (at %.0f ms)" % (m[13:], marks[m]))
    heap, reserve_seen = report.heap_lines(lines)
    if res.get("reserve") and reserve_seen != res["reserve"]:
        problems.append("asked for HANDHELD_HEAP_RESERVE = %d, app reported %r"
                        % (res["reserve"], reserve_seen))
    fig = {"launcher_free": report.launcher_after_boot(heap),
           "games": report.game_figures(heap, marks, res.get("emulated_ms", 0)),
           "boot_ms": report.boot_ms(res.get("frames", [])),
           "cpu_ms": report.cpu_turns(lines), "gen_ms": report.generation_times(lines)}
    presses, frames = res.get("presses", []), res.get("frames", [])
    if "moves" in marks:
        fig["moves"] = report.press_figures(presses, frames, marks["moves"], marks.get("moves-end", 1e12))
    if "entry" in marks:
        fig["entry"] = report.press_figures(presses, frames, marks["entry"], marks.get("entry-end", 1e12))
    for game, visits in fig["games"].items():    # a script that missed its game proves nothing
        for visit in visits:
            if not set(visit.get("scenes", ())) - LAUNCHER_SCENES:
                problems.append("%s: never reached a screen of the game (only %s)"
                                % (game, ", ".join(visit.get("scenes", ())) or "no heap line"))
    if name == "cpu" and not (fig["cpu_ms"] and fig["gen_ms"]):
        problems.append("the cpu tour timed no CPU turn or no task generation")
    diffs = compare_shots(res.get("shots", []), host, out)
    if name == "old-packs":
        shown = " ".join(" ".join(host.get(k, (None, []))[1]) for k in host)
        if "Cafe" not in shown or "UTF-16" not in shown:
            problems.append("the host simulator never showed the old packs (script?)")
        for d in diffs:
            if d["differing_pixels"]:
                problems.append("old packs: the device's %s differs from the host's (%d px)"
                                % (d["shot"], d["differing_pixels"]))
    if name == "settings-resume":
        rows = host.get("resume", (None, []))[1]
        resume = next((d for d in diffs if d["shot"] == "resume"), None)
        if not any("Resume" in r for r in rows):
            problems.append("the host simulator shows no Resume offer after the reset (script?)")
        elif resume is None or resume["differing_pixels"] > 0:
            problems.append("after the reset the title menu is not the host's 'Resume' menu (%s px differ)"
                            % (resume or {}).get("differing_pixels"))
        c = {s["name"]: s.get("contrast") for s in res.get("shots", [])}
        if c.get("contrast") is None or c.get("contrast") == c.get("settings"):
            problems.append("changing Contrast sent no new contrast to the SH1106 (%r -> %r)"
                            % (c.get("settings"), c.get("contrast")))
    return {"tour": name, "bundle": kind, "ok": not problems, "problems": problems,
            "wall_s": res.get("wall_total_s"), "emulated_ms": res.get("emulated_ms"),
            "reserve": res.get("reserve"), "reserve_seen": reserve_seen, "heap": heap, "figures": fig, "shot_diffs": diffs,
            "frames": len(frames), "soft_reboots": report.soft_reboots(lines)}


def compare_shots(shots, host, out):
    from host_sim import png
    diffs = []
    for shot in shots:
        if shot["name"] not in host:
            continue
        dev = report.device_pixels(shot["bits"])
        ref = report.host_pixels(host[shot["name"]][0])
        n = report.diff_count(dev, ref)
        entry = {"shot": shot["name"], "differing_pixels": n}
        if n:
            w, rows = report.side_by_side(dev, ref)
            path = os.path.join(out, "diff-%s.png" % shot["name"])
            png.write_mono_png(path, lambda x, y: rows[y][x], w, 64, scale=3)
            entry["png"] = os.path.relpath(path, REPO)
        diffs.append(entry)
    return diffs


def host_shots(name):
    """The host simulator's screens for a tour's script, its EXTRA files added to the levels."""
    if name not in EXTRA:
        return script.host_shots(TOURS[name][0])
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        root = os.path.join(d, "levels")
        shutil.copytree(os.path.join(REPO, "levels"), root)
        for rel, data in EXTRA[name].items():
            with open(os.path.join(d, rel), "wb") as f:
                f.write(data)
        return script.host_shots(TOURS[name][0], levels_root=root)


# --- all of it ----------------------------------------------------------------------------
def build_bundles(kinds, mpy_cross, out):
    from host_sim import bundle
    dirs = {}
    for kind in kinds:
        d = os.path.join(out, kind)
        if bundle.build(d, mpy_cross=(mpy_cross if kind == "mpy" else False), quiet=True) != 0:
            raise SystemExit("device: could not build the %s bundle" % kind)
        dirs[kind] = d
    return dirs


def main(kinds=("py", "mpy"), names=None, jobs=2, out=OUT, report_only=False):
    for p in (os.path.join(REPO, "lib"), REPO):
        if p not in sys.path:
            sys.path.insert(0, p)
    uf2, note = firmware.locate("firmware.uf2")
    if not uf2:
        return firmware.missing("firmware (%s)" % note)
    mpy_cross, mnote = firmware.locate("mpy-cross")
    if "mpy" in kinds and not mpy_cross:
        return firmware.missing("CircuitPython mpy-cross for the .mpy bundle (%s)" % mnote)
    if not node_ok():
        print("device: rp2040js is not installed: cd host_sim/device && npm ci (make device does it)")
        return 1
    names = list(names or TOURS)
    print("device: firmware %s" % note)
    t0 = time.time()
    dirs = {k: os.path.join(out, k) for k in kinds} if report_only else build_bundles(kinds, mpy_cross, out)
    boot_out = firmware.boot_out_text(uf2)
    # longest first, two at a time (2 cores; a run is one busy node process)
    order = sorted(((n, k) for k in kinds for n in names if k == "mpy" or n not in MPY_ONLY),
                   key=lambda t: -TOURS[t[0]][2])
    results = {}
    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = {(pool.submit(load_tour, n, k, os.path.join(out, "%s-%s" % (k, n))) if report_only else
                 pool.submit(run_tour, dirs[k], uf2, boot_out, n, k, os.path.join(out, "%s-%s" % (k, n)))): (n, k)
                for n, k in order}
        host = {n: host_shots(n) for n in names}  # meanwhile, on this thread
        for fut in cf.as_completed(futs):
            n, k = futs[fut]
            results[(n, k)] = judge(n, k, fut.result(), host[n], os.path.join(out, "%s-%s" % (k, n)))
            r = results[(n, k)]
            print("  %-4s %-16s %s  %6.0f s wall, %6.0f ms emulated%s" % (
                k, n, "ok  " if r["ok"] else "FAIL", r["wall_s"] or 0, r["emulated_ms"] or 0,
                "" if r["ok"] else ": " + "; ".join(r["problems"])[:300]))
    from host_sim.device import summary
    if report_only:
        note += "; report only: the runs on disk judged again, the wall time is the judging's"
    return summary.write(results, kinds, out, time.time() - t0, note)
