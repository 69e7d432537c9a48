"""make device's harness, without booting the emulator: the FAT image, key scripts, firmware
lookup, and reading a run back (heap lines, failures, frame figures)."""
import hashlib
import os
import shutil
import subprocess

import pytest

from host_sim import bundle
from host_sim.device import budgets, fatimage, firmware, report, script, summary, tours


# --- FAT image ----------------------------------------------------------------------------------
def make_tree(root):
    files = {
        "code.py": b"print('hi')\n",
        "lib/adafruit_displayio_sh1106.mpy": b"C\x06" + bytes(range(256)) * 7,  # long name, 4 clusters
        "lib/handheld/__init__.mpy": b"",
        "lib/handheld/a_rather_long_module_name_over_26_chars.py": b"x = 1\n" * 300,
        "levels/whirly/01-sokoban.txt": b"; pack\n",
        "levels/mobger/.keep": b"k",
        "BOOT.TXT": b"short name\n",
    }
    for rel, data in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    os.makedirs(os.path.join(root, "levels", "empty"))
    return files


def test_fat_image_reads_back_every_file(tmp_path):
    files = make_tree(str(tmp_path / "b"))
    img = fatimage.build_image(str(tmp_path / "b"), {"settings.toml": b"HANDHELD_HEAP_LOG = 1\n",
                                                     "lib/extra.txt": b"extra"})
    assert len(img) == 1024 * 1024 and img[510:512] == b"\x55\xaa"
    back = fatimage.read_image(img)
    for rel, data in files.items():
        assert back[rel] == data, rel
    assert back["settings.toml"] == b"HANDHELD_HEAP_LOG = 1\n"
    assert back["lib/extra.txt"] == b"extra"
    assert "levels/empty/" in back
    # the same tree gives the same image (fixed timestamps)
    assert img == fatimage.build_image(str(tmp_path / "b"), {"settings.toml": b"HANDHELD_HEAP_LOG = 1\n",
                                                             "lib/extra.txt": b"extra"})


def test_fat_image_passes_the_system_tools_when_present(tmp_path):
    make_tree(str(tmp_path / "b"))
    img = str(tmp_path / "d.img")
    with open(img, "wb") as f:
        f.write(fatimage.build_image(str(tmp_path / "b")))
    if shutil.which("fsck.fat"):
        run = subprocess.run(["fsck.fat", "-n", img], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
    if not shutil.which("mtype"):
        pytest.skip("mtools not installed")
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")
    out = subprocess.run(["mtype", "-i", img, "::lib/handheld/a_rather_long_module_name_over_26_chars.py"],
                         capture_output=True, env=env, check=True).stdout
    assert out == b"x = 1\n" * 300


def test_fat_image_refuses_what_does_not_fit(tmp_path):
    with pytest.raises(ValueError):
        fatimage.build_image(None, {"big.bin": bytes(1100 * 1024)})


# --- key scripts ----------------------------------------------------------------------------------
def test_script_words_and_their_host_twin():
    steps = script.parse("text:scene=TitleMenu idle:300 A DOWN*2 START:2300 wait:50 shot:x mark:m reset")
    assert steps[0] == ("text", "scene=TitleMenu")
    assert steps[2] == ("press", ("A", None, 1)) and steps[3] == ("press", ("DOWN", None, 2))
    assert steps[4] == ("press", ("START", 2300, 1)) and steps[-1] == ("reset", None)
    plan = script.host_plan("idle:300 A DOWN*2 START:2300 shot:x text:y mark:m reset B shot:z")
    assert plan == [("keys", "wait:300 A DOWN*2 START:2300"), ("shot", "x"), ("reset", None),
                    ("keys", "B"), ("shot", "z")]
    for bad in ("JUMP", "A*", "shot:", "reset:1"):
        with pytest.raises(script.ScriptError):
            script.parse(bad)


def test_every_tour_script_parses_and_the_mpy_session_holds_the_reserve():
    for name, (keys, reserve, limit) in tours.TOURS.items():
        assert script.parse(keys), name
        assert limit > 0
    assert tours.TOURS["session"][1] == budgets.BUDGETS["session_reserve_mpy"] >= 16 * 1024
    assert b"HANDHELD_HEAP_RESERVE = 49152" in tours.settings_toml(49152)
    assert tours.settings_toml(0) == b"HANDHELD_HEAP_LOG = 1\n"


# --- firmware lookup --------------------------------------------------------------------------------
def write_bin(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def test_firmware_lookup_order_and_sha_checks(tmp_path, monkeypatch):
    cache, kit = str(tmp_path / "cache"), str(tmp_path / "kit")
    good = write_bin(os.path.join(kit, "firmware.uf2"), b"good firmware")
    monkeypatch.setitem(firmware.KNOWN, "firmware.uf2", {hashlib.sha256(b"good firmware").hexdigest()})
    look = lambda env={}: firmware.locate("firmware.uf2", env=env, cache=cache, kit=kit, online=False)
    assert look()[0] == good
    # a cached file with an unknown hash is skipped, not trusted
    write_bin(os.path.join(cache, "firmware.uf2"), b"tampered")
    path, note = look()
    assert path == good
    # the env override wins and is taken as given
    mine = write_bin(str(tmp_path / "mine.uf2"), b"anything")
    assert look({"HANDHELD_UF2": mine})[0] == mine
    assert look({"HANDHELD_UF2": str(tmp_path / "nope")})[0] is None
    os.remove(good)
    path, note = look()
    assert path is None and "unknown SHA-256" in note


def test_unpinned_download_is_refused_before_any_network(tmp_path):
    assert firmware.OFFICIAL["firmware.uf2"][1] is None  # nobody could check the official hash
    with pytest.raises(firmware.Unpinned):
        firmware.download("firmware.uf2", cache=str(tmp_path))
    path, note = firmware.locate("mpy-cross", env={}, cache=str(tmp_path), kit=str(tmp_path))
    assert path is None and "no pinned SHA-256" in note


def test_no_firmware_fails_on_ci_and_skips_elsewhere(capsys):
    assert firmware.missing("firmware", env={"CI": "true"}) == 1
    assert "FAILED" in capsys.readouterr().err
    assert firmware.missing("firmware", env={}) == 0
    assert "SKIPPED" in capsys.readouterr().out


def test_boot_out_text_matches_the_kit_firmware():
    uf2 = os.path.join(firmware.KIT, "firmware.uf2")
    if not os.path.exists(uf2):
        pytest.skip("no device kit here")
    text = firmware.boot_out_text(uf2)
    with open(os.path.join(firmware.KIT, "boot_out.txt"), "rb") as f:
        assert text.encode() == f.read()


def test_bundle_finds_circuitpython_mpy_cross_in_the_kit(tmp_path, monkeypatch):
    kit = str(tmp_path / "kit")
    exe = write_bin(os.path.join(kit, "mpy-cross"),
                    b"#!/bin/sh\necho 'CircuitPython 10.2.1 on 2026-11-23; mpy-cross emitting mpy v6.3'\n")
    os.chmod(exe, 0o755)
    with open(exe, "rb") as f:
        monkeypatch.setitem(firmware.KNOWN, "mpy-cross", {hashlib.sha256(f.read()).hexdigest()})
    monkeypatch.delenv("MPY_CROSS", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(firmware, "CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(firmware, "KIT", kit)
    path, note = bundle.find_mpy_cross()
    assert path == exe and "CircuitPython 10.2.1" in note


# --- reading a run back ------------------------------------------------------------------------------
CANNED = [
    "\x1b]0;\U0001f40dcode.py | 10.2.1\x1b\\heap: reserve=49152",
    "heap: free=104208 scene=TitleMenu depth=1",
    "heap: free=103024 scene=GameList depth=2",
    "heap: free=41096 scene=WhirlyScene depth=5",
    "heap: free=39000 scene=WhirlyScene depth=5",
    "heap: free=101000 scene=TitleMenu depth=1",
    "error: games/mobger/menu.py: out of memory",
    "Traceback (most recent call last):",
    "MemoryError: memory allocation failed, allocating 269 bytes",
]


def canned_lines():
    return [{"t_ms": 1000.0 + 100 * i, "text": t} for i, t in enumerate(CANNED)]


def test_heap_lines_and_failures_from_a_console():
    lines = canned_lines()
    heap, reserve = report.heap_lines(lines)
    assert reserve == 49152
    assert heap[0] == (1100.0, 104208, "TitleMenu") and len(heap) == 5
    assert report.launcher_after_boot(heap) == 104208
    fails = report.failures(lines)
    assert len(fails) == 3 and fails[0].endswith("error: games/mobger/menu.py: out of memory")
    assert report.failures(lines[:6]) == []
    blind = [{"t_ms": 1.0, "text": "soft reboot"},
             {"t_ms": 2.0, "text": "handheld: display not available: I2C peripheral in use"}]
    assert report.soft_reboots(blind) == 1 and len(report.failures(blind)) == 1
    marks = {"game:whirly.1": 1150.0, "leave:whirly.1": 1450.0, "home:whirly.1": 1550.0}
    figs = report.game_figures(heap, marks, 2000.0)
    assert figs == {"whirly.1": [{"lowest_free": 39000, "scenes": ["GameList", "WhirlyScene"],
                                  "home_free": 101000}]}


def test_frame_and_press_figures():
    frames = [{"start_ms": 1700, "end_ms": 1790, "i2c_bytes": 79, "data_bytes": 0},
              {"start_ms": 1800, "end_ms": 1839, "i2c_bytes": 1104, "data_bytes": 1024},
              {"start_ms": 3001, "end_ms": 3004, "i2c_bytes": 42, "data_bytes": 22},
              {"start_ms": 3010, "end_ms": 3018, "i2c_bytes": 24, "data_bytes": 12},
              {"start_ms": 3500, "end_ms": 3503, "i2c_bytes": 66, "data_bytes": 40}]
    presses = [{"name": "RIGHT", "t_ms": 3000.0}, {"name": "LEFT", "t_ms": 3400.0}]
    assert report.boot_ms(frames) == 1839
    figs = report.press_figures(presses, frames, 2900, 4000)
    assert figs == [{"key": "RIGHT", "t_ms": 3000.0, "refresh_done_ms": 18.0, "i2c_bytes": 66},
                    {"key": "LEFT", "t_ms": 3400.0, "refresh_done_ms": 103.0, "i2c_bytes": 66}]


def test_device_and_host_pixels_line_up():
    frame = bytearray(1024)
    frame[(9 >> 3) * 128 + 5] |= 1 << (9 & 7)  # host: pixel (5, 9), page-packed
    dev = bytearray(1024)
    i = 9 * 128 + 5
    dev[i >> 3] |= 0x80 >> (i & 7)  # device: row-major, MSB first
    a, b = report.device_pixels(dev.hex()), report.host_pixels(frame)
    assert a == b and sum(a) == 1
    assert report.diff_count(a, [0] * len(a)) == 1
    w, rows = report.side_by_side(a, [0] * len(a))
    assert len(rows) == 64 and len(rows[9]) == w and rows[9][5] == 1


def test_budget_checks_fail_honestly():
    res = {"tour": "session", "bundle": "mpy", "ok": True, "problems": [], "reserve": 49152,
           "figures": {"launcher_free": 60000, "boot_ms": None,
                       "games": {"whirly.1": [{"lowest_free": 20000, "home_free": 50000}]}}}
    figs = summary.figures({("session", "mpy"): res}, ["mpy"])
    assert figs["mpy"]["games"]["whirly"]["max_home_drop"] == 10000
    checks = summary.budget_checks({("session", "mpy"): res}, figs)
    by = {c[0]: c for c in checks}
    assert not by["back home within 4 KB of the launcher after boot (.mpy)"][2]
    # no reserve-free .mpy run: the launcher figure is missing, which fails rather than passes
    assert not by["launcher after boot (.mpy, no reserve) >= 100 KB"][2]


def test_cpu_turns_are_read_from_the_console():
    lines = [{"t_ms": 1, "text": "cpu: game=gravity strength=2 ms=312"},
             {"t_ms": 2, "text": "heap: free=50000 scene=GravityScene depth=5"},
             {"t_ms": 3, "text": "\x1b]0;cpu: game=mobger strength=3 ms=1020"}]
    assert report.cpu_turns(lines) == {"gravity normal": [312], "mobger hard": [1020]}


def test_task_generation_times_are_read_from_the_console():
    lines = [{"t_ms": 1, "text": "gen: game=iqlandie task=space level=hard ms=97"},
             {"t_ms": 2, "text": "gen: game=iqlandie task=space level=hard ms=131"},
             {"t_ms": 3, "text": "cpu: game=gravity strength=3 ms=400"}]
    assert report.generation_times(lines) == {"iqlandie space hard": [97, 131]}


def test_a_game_visit_that_only_shows_launcher_screens_is_a_problem():
    """A tour whose keys miss the game (e.g. a menu order changed) must not pass quietly."""
    lines = [{"t_ms": 10, "text": "heap: free=100000 scene=TitleMenu depth=1"},
             {"t_ms": 30, "text": "heap: free=90000 scene=SettingsMenu depth=2"}]
    res = {"lines": lines, "marks": {"game:whirly.1": 20, "leave:whirly.1": 40}, "problems": []}
    verdict = tours.judge("session", "mpy", res, {}, "/tmp")
    assert any("never reached a screen of the game" in p for p in verdict["problems"])


def bits_of(pixels):
    """0/1 pixels, 128x64 -> a device shot's bits (row-major, MSB first, hex): device_pixels'
    inverse."""
    data = bytearray(len(pixels) // 8)
    for i, v in enumerate(pixels):
        if v:
            data[i >> 3] |= 0x80 >> (i & 7)
    return data.hex()


def test_old_packs_tour_shows_them_on_the_host_and_fails_on_a_differing_device_screen():
    """The old-packs tour (an old Mac OS 8-bit pack, a UTF-16 one, added to the drive): its host
    screens show them read, and a device screen that is not the host's is a problem."""
    host = tours.host_shots("old-packs")
    rows = {k: " ".join(v[1]) for k, v in host.items()}
    assert "Vieux Mac" in rows["old-list"]
    assert "Niveau a Francois" in rows["old-levels"] and 'Cafe "deux"' in rows["old-levels"]
    assert "the file is UTF-16" in rows["old-utf16"]
    files = fatimage.read_image(fatimage.build_image(None, tours.EXTRA["old-packs"]))
    assert all(files[p] == data for p, data in tours.OLD_PACKS.items())  # on the drive as is
    frame = host["old-levels"][0]
    dev_bits = [{"name": "old-levels", "bits": bits_of(report.host_pixels(frame))}]
    ok = tours.judge("old-packs", "mpy", {"lines": [], "marks": {}, "problems": [],
                                          "shots": dev_bits}, host, "/tmp")
    assert ok["problems"] == []
    bad = bytearray(frame)
    bad[0] ^= 0xFF
    dev_bits[0]["bits"] = bits_of(report.host_pixels(bytes(bad)))
    verdict = tours.judge("old-packs", "mpy", {"lines": [], "marks": {}, "problems": [],
                                               "shots": dev_bits}, host, "/tmp")
    assert any("old-levels differs" in p for p in verdict["problems"])


def test_the_last_device_figures_are_read_back_and_absent_when_it_never_ran(tmp_path):
    assert summary.measured(str(tmp_path)) == {}
    res = {"tour": "cpu", "bundle": "mpy", "ok": True, "problems": [], "reserve": 0, "wall_s": 1,
           "emulated_ms": 1, "frames": 0, "shot_diffs": [], "figures": {"launcher_free": None, "boot_ms": None, "games": {},
                       "gen_ms": {"iqlandie space hard": [40, 104, 55]}}}
    summary.write({("cpu", "mpy"): res}, ["mpy"], str(tmp_path), 1.0, "test")
    gen = summary.measured(str(tmp_path))["mpy"]["task_generation_ms"]
    assert gen["iqlandie space hard"]["max"] == 104 and gen["iqlandie space hard"]["tasks"] == 3


def test_task_generation_is_judged_on_the_device_only_where_it_timed_the_slowest_seed(monkeypatch):
    """make bench's iQLANDIE task line: the emulated Pico's worst when make device timed the host's
    slowest seed of that kind, else the host estimate (x 150), which names the seed to add."""
    from games.iqlandie import tasks
    from host_sim.iqlandie import bench
    other, space = bench._device_seeds()
    assert set(range(60)) <= space and other == set(range(10))  # cpu_bench.py's seeds, read back
    clock = [0.0]
    slow = {}

    def generate(topic, seed, difficulty):
        clock[0] += 0.002 if seed == slow.get(topic) else 0.0001

    monkeypatch.setattr(tasks, "generate", generate)
    monkeypatch.setattr(bench.time, "process_time", lambda: clock[0])
    monkeypatch.setattr(summary, "measured", lambda out=None: {"mpy": {"task_generation_ms": {
        "iqlandie space hard": {"tasks": 64, "mean": 47, "max": 104},
        "iqlandie biology hard": {"tasks": 10, "mean": 11, "max": 22}}}})

    def lines():
        out = []
        bench.task_times(out.append, seeds=120)
        return {ln.split(":")[0]: ln for ln in out if ln.startswith("task ")}, out
    slow.update({tasks.SPACE: 96, tasks.BIOLOGY: 7})  # both timed on the device
    got, out = lines()
    assert "device worst 104 ms over 64 tasks" in got["task Space Hard"] and "[ok " in got["task Space Hard"]
    assert "device worst 22 ms" in got["task Biology Hard"]
    assert "device worst est. 300 ms" in got["task Space Normal"]  # not timed there: estimated
    slow.update({tasks.SPACE: 101, tasks.BIOLOGY: 11})  # the slowest seeds not timed there
    got, out = lines()
    assert "device worst est. 300 ms" in got["task Space Hard"] and "OVER" in got["task Space Hard"]
    assert "device worst est. 300 ms" in got["task Biology Hard"]
    assert any("seed 101 is not timed on the device" in ln for ln in out)
