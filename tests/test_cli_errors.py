"""Bad arguments to any `python -m host_sim` command: one line on stderr that names the command,
exit status 2, never a traceback; and no library noise (Blinka, pygame, ALSA) on good runs.

Most cases call host_sim.__main__.run() in-process (what `python -m host_sim` runs, without the
start-up cost); a few run the real program to prove the wiring and the silence."""
import os
import subprocess
import sys

import pytest

from host_sim.__main__ import run

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LV = os.path.join(REPO, "levels")
SOKOBAN = os.path.join(LV, "whirly", "01-sokoban.txt")
MENTALIQ = os.path.join(LV, "mentaliq", "01-first-steps.txt")
GRAVITY = os.path.join(LV, "gravity", "01-small-rooms.txt")
MOBGER = os.path.join(LV, "mobger", "01-who-starts.txt")

# (argv with {tmp} for a scratch folder, the command name the message must carry)
BAD = [
    (["frobnicate"], "host_sim"),
    ([], "host_sim"),
    (["play", "--scale", "0"], "play"),
    (["play", "--level", "0"], "play"),
    (["shot", "{tmp}/s.png", "--keys", "A FOO"], "shot"),
    (["shot", "{tmp}/s.png", "--keys", "A*x"], "shot"),
    (["shot", "{tmp}/s.png", "--level", "999"], "shot"),
    (["shot", "{tmp}/s.png", "--game", "whirly", "--level", "999"], "shot"),
    (["shot", "{tmp}/s.png", "--game", "chess"], "shot"),
    (["shot", "{tmp}/s.png", "--game", "whirly", "--pack", "nope.txt"], "shot"),
    (["shot", "{tmp}/s.png", "--scale", "x"], "shot"),
    (["shot", "{tmp}/file.txt/s.png"], "shot"),          # a file where a folder should be
    (["replay", "{tmp}/missing.txt", "--moves", "u"], "replay"),
    (["replay", SOKOBAN, "--level", "999", "--moves", "u"], "replay"),
    (["replay", SOKOBAN, "--level", "0", "--moves", "u"], "replay"),
    (["replay", SOKOBAN, "--moves", "?!"], "replay"),
    (["replay", SOKOBAN], "replay"),
    (["replay", SOKOBAN, "--moves", "u", "--game", "chess"], "replay"),
    (["replay", SOKOBAN, "--moves", "u", "--game", "mentaliq"], "replay"),   # wrong game
    (["replay", GRAVITY, "--moves", "u"], "replay"),
    (["packs", "check", "{tmp}/missing.txt"], "packs check"),
    (["packs"], "packs"),
    (["solve", "{tmp}/missing.txt"], "solve"),
    (["solve", GRAVITY], "solve"),
    (["solve", MOBGER], "solve"),
    (["solve", SOKOBAN, "--level", "999"], "solve"),
    (["solve", SOKOBAN, "--time", "0"], "solve"),
    (["solve", SOKOBAN, "--memory", "0"], "solve"),
    (["solve", SOKOBAN, "--game", "mentaliq"], "solve"),                   # wrong game
    (["solve", "{tmp}/nogame.txt"], "solve"),
    (["solve", LV], "solve"),
    (["record", "{tmp}/missing.txt"], "record"),
    (["record", SOKOBAN], "record"),
    (["record", GRAVITY], "record"),                     # a room pack is not a record
    (["record", "{tmp}/nogame.txt"], "record"),
    (["generate", "chess"], "generate"),
    (["generate", "whirly"], "generate whirly"),
    (["generate", "whirly", "--game", "chess"], "generate whirly"),
    (["generate", "whirly", "--game", "sokoban", "--count", "0"], "generate whirly"),
    (["generate", "whirly", "--game", "sokoban", "--width", "99"], "generate whirly"),
    (["generate", "gravity", "--count", "0"], "generate gravity"),
    (["generate", "gravity", "--width", "99"], "generate gravity"),
    (["generate", "gravity", "--out", "{tmp}/file.txt/x.txt", "--count", "1"], "generate gravity"),
    (["generate", "mobger"], "generate mobger"),
    (["generate", "mobger", "--kind", "start", "--count", "0"], "generate mobger"),
    (["generate", "mobger", "--kind", "chess"], "generate mobger"),
    (["copath", "xyz"], "copath"),
    (["comap", "{tmp}/missing.txt"], "comap"),
    (["comap", SOKOBAN, "--level", "999"], "comap"),
    (["mentaliq-solve", "{tmp}/missing.txt"], "mentaliq-solve"),
    (["mentaliq-solve", MENTALIQ, "--level", "99"], "mentaliq-solve"),
    (["mentaliq-info", MENTALIQ, "--level", "99"], "mentaliq-info"),
    (["mobger-check", "{tmp}/missing.txt"], "mobger-check"),
    (["deploy", "--drive", "{tmp}/no-drive"], "deploy"),
    (["deploy"], "deploy"),
    (["bench", "extra"], "host_sim"),
    (["bundle", "--bogus"], "bundle"),
]


@pytest.fixture
def scratch(tmp_path):
    (tmp_path / "file.txt").write_text("not a folder\n")
    (tmp_path / "nogame.txt").write_text("Title: nothing here\n")
    return tmp_path


@pytest.mark.parametrize("argv,name", BAD, ids=[" ".join(a[:3]) or "(none)" for a, n in BAD])
def test_bad_arguments_get_one_line_naming_the_command_and_status_2(argv, name, scratch,
                                                                     capsys):
    argv = [a.replace("{tmp}", str(scratch)) for a in argv]
    try:
        status = run(argv)
    except SystemExit as exc:       # argparse's own exits
        status = exc.code
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert status == 2, (status, err)
    assert len(lines) == 1, err
    assert "Traceback" not in err and "Traceback" not in out
    assert name in lines[0], lines[0]
    assert not (scratch / "s.png").exists()


def _program(args, cwd, **env_changes):
    env = dict(os.environ)
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    env["PYTHONPATH"] = REPO
    return subprocess.run([sys.executable, "-m", "host_sim"] + args, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


def test_the_program_exits_2_with_one_line_and_no_traceback(tmp_path):
    r = _program(["shot", "s.png", "--keys", "A FOO"], tmp_path)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "shot: bad --keys: unknown key 'FOO' (keys: UP DOWN LEFT RIGHT A B START SELECT, "
        "wait:MS)"]
    assert r.stdout == "" and not (tmp_path / "s.png").exists()


def test_a_good_run_prints_no_library_warnings(tmp_path):
    # Blinka printed "WARNING: GENERIC_X86 is not fully supported" twice on stdout, pygame its
    # banner; the simulator asks Blinka for its OS-agnostic chip instead (not by hiding output).
    r = _program(["shot", "s.png", "--keys", "DOWN A", "--scale", "1"], tmp_path,
                 BLINKA_FORCECHIP=None)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "s.png\n"
    text = (r.stdout + r.stderr).lower()
    assert "warning" not in text and "alsa" not in text and "pygame" not in text
    assert r.stderr == ""
