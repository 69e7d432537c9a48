"""make bundle / make deploy: what lands on the CIRCUITPY drive, and what deploy leaves alone."""
import json
import os
import shutil
import sys

import pytest

from host_sim import bundle

REPO = bundle.REPO


def tree(root):
    """Every file under root, as slash paths relative to it."""
    out = set()
    for dirpath, dirnames, filenames in os.walk(root):
        for fn in filenames:
            out.add(os.path.relpath(os.path.join(dirpath, fn), root).replace(os.sep, "/"))
    return out


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


@pytest.fixture
def no_mpy_cross(monkeypatch, tmp_path):
    """No mpy-cross anywhere (PATH, device cache, device kit), so the bundle ships .py whatever
    the machine has."""
    from host_sim.device import firmware
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.delenv("MPY_CROSS", raising=False)
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(firmware, "CACHE", str(empty))
    monkeypatch.setattr(firmware, "KIT", str(empty))


@pytest.fixture
def mini_repo(tmp_path):
    """A small project tree with the repo's layout, independent of the real games and packs."""
    root = tmp_path / "repo"
    write(str(root / "code.py"), "from handheld.app import App\n")
    write(str(root / "lib/handheld/__init__.py"), "")
    write(str(root / "lib/handheld/app.py"), "import displayio\nimport neopixel\n")
    write(str(root / "games/__init__.py"), "GAMES = []\n")
    write(str(root / "games/demo/__init__.py"), "ID = 'demo'\n")
    write(str(root / "games/demo/notes.md"), "not shipped\n")
    write(str(root / "games/demo/__pycache__/x.cpython-311.pyc"), "junk")
    write(str(root / "levels/demo/starter.txt"), "; pack\nlevel 1\n")
    write(str(root / "host_sim/tool.py"), "host only\n")
    write(str(root / "tests/test_x.py"), "host only\n")
    write(str(root / "settings.toml.example"), 'HANDHELD_SDA = "GP4"\n')
    write(str(root / "requirements-device.txt"), "adafruit_displayio_sh1106\nneopixel\n")
    return str(root)


def fake_mpy_cross(bindir, banner):
    """An `mpy-cross` that prints `banner` for --version and writes a 'C'-headed .mpy."""
    os.makedirs(bindir, exist_ok=True)
    path = os.path.join(bindir, "mpy-cross")
    write(path, "#!%s\n"
                "import sys\n"
                "if '--version' in sys.argv:\n"
                "    print(%r); sys.exit(0)\n"
                "a = sys.argv[1:]\n"
                "out = a[a.index('-o') + 1]\n"
                "open(out, 'wb').write(b'C\\x06' + open(a[-1], 'rb').read()[:8])\n"
                % (sys.executable, banner))
    os.chmod(path, 0o755)
    return path


# --- build ------------------------------------------------------------------------------------
def test_bundle_holds_the_device_tree_and_nothing_host_side(tmp_path, no_mpy_cross, capsys):
    out = str(tmp_path / "CIRCUITPY")
    assert bundle.build(out) == 0
    files = tree(out)
    for rel in ("code.py", "lib/handheld/app.py", "lib/handheld/hardware.py",
                "lib/adafruit_displayio_sh1106.py", "lib/neopixel.py", "settings.toml.example"):
        assert rel in files, rel
    assert os.path.isdir(os.path.join(out, "levels"))
    if os.path.isdir(os.path.join(REPO, "games", "whirly")):
        ours = {f for f in os.listdir(os.path.join(REPO, "games", "whirly"))
                if f.endswith((".py", ".pbm"))}     # code, and the game list's icon
        assert ours and ours == set(os.listdir(os.path.join(out, "games", "whirly")))
    for dirpath, _dirs, filenames in os.walk(os.path.join(REPO, "levels")):
        for fn in filenames:
            if not fn.startswith("."):
                rel = os.path.relpath(os.path.join(dirpath, fn), REPO).replace(os.sep, "/")
                assert rel in files, rel
    for rel in files:
        top = rel.split("/")[0]
        assert top not in ("host_sim", "tests", "docs", "build"), rel
        assert "__pycache__" not in rel and not rel.endswith(".pyc"), rel
        if top in ("lib", "games"):
            assert rel.endswith((".py", ".pbm")), rel
    assert "settings.toml" not in files   # the user's file, never ours
    text = capsys.readouterr().out
    assert "%d files" % (len(files) - 1) in text and "bytes" in text and ".py" in text


def test_device_libraries_come_from_the_installed_wheels_and_builtins_are_not_shipped(
        tmp_path, no_mpy_cross):
    out = str(tmp_path / "CIRCUITPY")
    assert bundle.build(out, quiet=True) == 0
    import adafruit_displayio_sh1106
    assert read(os.path.join(out, "lib/adafruit_displayio_sh1106.py")) == read(
        adafruit_displayio_sh1106.__file__)
    neopixel_src = bundle.library_files("neopixel")[0][0]
    assert read(os.path.join(out, "lib/neopixel.py")) == read(neopixel_src)
    # neopixel needs adafruit_pixelbuf, which CircuitPython has built in on the Pico
    assert "adafruit_pixelbuf" in bundle.builtin_modules()
    files = tree(out)
    assert not any("pixelbuf" in f or "busdisplay" in f or "i2cdisplaybus" in f for f in files)
    assert read(os.path.join(out, "code.py")) == read(os.path.join(REPO, "code.py"))


def test_a_library_import_inside_try_importerror_is_optional():
    required, optional = bundle.imports_of(
        "import board\ntry:\n    from typing import Union\nexcept ImportError:\n    pass\n")
    assert required == {"board"} and optional == {"typing"}


def test_device_code_importing_an_unshipped_library_is_reported(mini_repo, tmp_path,
                                                                no_mpy_cross, capsys):
    write(os.path.join(mini_repo, "lib/handheld/app.py"), "import adafruit_display_text\n")
    assert bundle.build(str(tmp_path / "out"), repo=mini_repo) == 0
    text = capsys.readouterr().out
    assert "WARNING" in text and "lib/handheld/app.py imports adafruit_display_text" in text


def test_mini_repo_bundle_skips_non_python_and_host_files(mini_repo, tmp_path, no_mpy_cross):
    out = str(tmp_path / "out")
    assert bundle.build(out, repo=mini_repo, quiet=True) == 0
    assert tree(out) == {
        "code.py", "lib/handheld/__init__.py", "lib/handheld/app.py", "games/__init__.py",
        "games/demo/__init__.py", "levels/demo/starter.txt", "settings.toml.example",
        "lib/adafruit_displayio_sh1106.py", "lib/neopixel.py", bundle.MANIFEST}


def test_micropython_mpy_cross_is_not_used(mini_repo, tmp_path, monkeypatch, capsys, no_mpy_cross):
    bindir = str(tmp_path / "bin")
    fake_mpy_cross(bindir, "MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3")
    monkeypatch.delenv("MPY_CROSS", raising=False)
    monkeypatch.setenv("PATH", bindir)
    out = str(tmp_path / "out")
    assert bundle.build(out, repo=mini_repo) == 0
    files = tree(out)
    assert "lib/handheld/app.py" in files and not any(f.endswith(".mpy") for f in files)
    assert "not CircuitPython's mpy-cross" in capsys.readouterr().out


def test_circuitpython_mpy_cross_compiles_everything_but_code_py(mini_repo, tmp_path,
                                                                 monkeypatch, capsys):
    bindir = str(tmp_path / "bin")
    fake_mpy_cross(bindir, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    monkeypatch.delenv("MPY_CROSS", raising=False)
    monkeypatch.setenv("PATH", bindir)
    out = str(tmp_path / "out")
    assert bundle.build(out, repo=mini_repo) == 0
    files = tree(out)
    assert "code.py" in files and "lib/handheld/app.mpy" in files
    assert "games/demo/__init__.mpy" in files and "lib/neopixel.mpy" in files
    assert not any(f.endswith(".py") and f != "code.py" for f in files)
    with open(os.path.join(out, "lib/handheld/app.mpy"), "rb") as f:
        assert f.read(1) == b"C"
    assert "compiled to .mpy (CircuitPython 9.2.1" in capsys.readouterr().out


def test_bundle_over_the_pico_drive_size_warns(mini_repo, tmp_path, no_mpy_cross, monkeypatch,
                                               capsys):
    monkeypatch.setattr(bundle, "LIMIT", 4096)
    assert bundle.build(str(tmp_path / "out"), repo=mini_repo) == 0
    assert "more than the Pico's" in capsys.readouterr().out


def test_build_refuses_to_wipe_a_folder_that_is_not_a_bundle(mini_repo, tmp_path, no_mpy_cross):
    out = tmp_path / "precious"
    write(str(out / "thesis.txt"), "do not delete")
    assert bundle.build(str(out), repo=mini_repo, quiet=True) == 1
    assert read(str(out / "thesis.txt")) == "do not delete"


def test_rebuilding_replaces_the_previous_bundle(mini_repo, tmp_path, no_mpy_cross):
    out = str(tmp_path / "out")
    assert bundle.build(out, repo=mini_repo, quiet=True) == 0
    os.remove(os.path.join(mini_repo, "games/demo/__init__.py"))
    assert bundle.build(out, repo=mini_repo, quiet=True) == 0
    assert "games/demo/__init__.py" not in tree(out)


# --- deploy -----------------------------------------------------------------------------------
@pytest.fixture
def drive(tmp_path):
    root = tmp_path / "CIRCUITPY"
    write(str(root / "boot_out.txt"),
          "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    return str(root)


def test_deploy_copies_the_bundle_then_only_what_changed(mini_repo, drive, no_mpy_cross, capsys):
    assert bundle.deploy(drive, repo=mini_repo) == 0
    files = tree(drive)
    assert {"code.py", "lib/handheld/app.py", "lib/neopixel.py", "levels/demo/starter.txt",
            "settings.toml.example", bundle.MANIFEST} <= files
    assert "copied code.py" in capsys.readouterr().out
    assert bundle.deploy(drive, repo=mini_repo) == 0
    text = capsys.readouterr().out
    assert "copied" not in text.replace("0 copied", "") and "0 copied" in text
    write(os.path.join(mini_repo, "lib/handheld/app.py"), "import displayio\nVERSION = 2\n")
    assert bundle.deploy(drive, repo=mini_repo) == 0
    text = capsys.readouterr().out
    assert "copied lib/handheld/app.py" in text and "1 copied" in text
    assert read(os.path.join(drive, "lib/handheld/app.py")).endswith("VERSION = 2\n")


def test_deploy_leaves_user_packs_and_settings_alone(mini_repo, drive, no_mpy_cross):
    write(os.path.join(drive, "settings.toml"), 'HANDHELD_COLSTART = 0\n')
    write(os.path.join(drive, "levels/demo/mine.txt"), "my own pack\n")
    write(os.path.join(drive, "levels/other/theirs.xsb"), "#####\n")
    assert bundle.deploy(drive, repo=mini_repo) == 0
    assert read(os.path.join(drive, "settings.toml")) == 'HANDHELD_COLSTART = 0\n'
    assert read(os.path.join(drive, "levels/demo/mine.txt")) == "my own pack\n"
    assert read(os.path.join(drive, "levels/other/theirs.xsb")) == "#####\n"


def test_deploy_keeps_a_pack_the_user_edited_but_updates_an_untouched_one(mini_repo, drive,
                                                                          no_mpy_cross, capsys):
    write(os.path.join(mini_repo, "levels/demo/second.txt"), "v1\n")
    assert bundle.deploy(drive, repo=mini_repo) == 0
    write(os.path.join(drive, "levels/demo/starter.txt"), "edited on the handheld's drive\n")
    write(os.path.join(mini_repo, "levels/demo/starter.txt"), "ours, v2\n")
    write(os.path.join(mini_repo, "levels/demo/second.txt"), "v2\n")
    capsys.readouterr()
    assert bundle.deploy(drive, repo=mini_repo) == 0
    assert read(os.path.join(drive, "levels/demo/starter.txt")) == "edited on the handheld's drive\n"
    assert read(os.path.join(drive, "levels/demo/second.txt")) == "v2\n"
    assert "kept levels/demo/starter.txt" in capsys.readouterr().out
    # still recognised as edited on the next deploy; force overwrites it
    assert bundle.deploy(drive, repo=mini_repo) == 0
    assert read(os.path.join(drive, "levels/demo/starter.txt")) == "edited on the handheld's drive\n"
    assert bundle.deploy(drive, repo=mini_repo, force=True) == 0
    assert read(os.path.join(drive, "levels/demo/starter.txt")) == "ours, v2\n"


def test_deploy_removes_stale_modules_that_would_shadow_ours(mini_repo, drive, no_mpy_cross):
    # CircuitPython imports X.py before X.mpy: an old .mpy is dead weight, an old .py would win.
    write(os.path.join(drive, "lib/handheld/app.mpy"), "old")
    write(os.path.join(drive, "lib/handheld/gone.py"), "a module we no longer ship")
    write(os.path.join(drive, "lib/adafruit_display_text/label.mpy"), "the user's library")
    write(os.path.join(drive, "games/mygame/__init__.py"), "the user's own game")
    assert bundle.deploy(drive, repo=mini_repo) == 0
    files = tree(drive)
    assert "lib/handheld/app.mpy" not in files and "lib/handheld/gone.py" not in files
    assert "lib/adafruit_display_text/label.mpy" in files
    assert "games/mygame/__init__.py" in files


def test_deploy_to_a_folder_without_boot_out_warns_but_copies(mini_repo, tmp_path, no_mpy_cross,
                                                              capsys):
    target = tmp_path / "stick"
    target.mkdir()
    assert bundle.deploy(str(target), repo=mini_repo) == 0
    assert "does not look like a CIRCUITPY drive" in capsys.readouterr().out
    assert os.path.exists(str(target / "code.py"))


def test_deploy_warns_about_old_circuitpython(mini_repo, drive, no_mpy_cross, capsys):
    write(os.path.join(drive, "boot_out.txt"), "Adafruit CircuitPython 8.2.10 on 2024-02-14; Pico\n")
    assert bundle.deploy(drive, repo=mini_repo) == 0
    assert "CircuitPython 8.2" in capsys.readouterr().out


def test_deploy_without_a_drive_fails_clearly(tmp_path, capsys):
    assert bundle.deploy(str(tmp_path / "nowhere")) == 1
    assert "no drive" in capsys.readouterr().out


def test_deploy_refuses_when_the_drive_is_too_full(mini_repo, drive, no_mpy_cross, monkeypatch,
                                                    capsys):
    usage = shutil.disk_usage(drive)
    monkeypatch.setattr(bundle.shutil, "disk_usage",
                        lambda path: usage._replace(free=100))
    assert bundle.deploy(drive, repo=mini_repo) == 1
    assert "not enough room" in capsys.readouterr().out
    assert tree(drive) == {"boot_out.txt"}


def test_deploy_manifest_records_what_is_on_the_drive(mini_repo, drive, no_mpy_cross):
    assert bundle.deploy(drive, repo=mini_repo) == 0
    with open(os.path.join(drive, bundle.MANIFEST)) as f:
        manifest = json.load(f)
    assert set(manifest["files"]) == tree(drive) - {"boot_out.txt", bundle.MANIFEST}
    assert manifest["mpy"] is False


def test_every_device_module_is_small_enough_to_compile_on_the_device():
    """The .py bundle compiles each module in the Pico's heap at import (about 2.5x its source
    for a moment): game modules under 12,000 bytes, the runtime's boot modules under 20,000."""
    too_big = []
    for src, rel in bundle.our_files(REPO):
        if rel.endswith(".py"):
            size = os.path.getsize(src)
            if size >= bundle.module_limit(rel):
                too_big.append((rel, size))
    assert too_big == []
