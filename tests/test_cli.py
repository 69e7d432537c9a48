"""python -m host_sim: shot, replay and packs check, called as a user would."""
import os
import subprocess
import sys

import pytest

from host_sim.__main__ import main
from host_sim.png import read_png

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACK = """Title: CLI pack

#######
#.  $@#
#######
Title: Row
Solution: LLL
"""


@pytest.fixture
def pack(tmp_path):
    p = tmp_path / "cli.txt"
    p.write_text(PACK)
    return str(p)


def test_replay_solved_exits_0_and_prints_board(pack, capsys):
    assert main(["replay", pack, "--level", "1", "--moves", "LLL"]) == 0
    out = capsys.readouterr().out
    assert "#*@   #" in out and "solved: yes" in out


def test_replay_unsolved_exits_1(pack, capsys):
    assert main(["replay", pack, "--level", "1", "--moves", "l"]) == 1
    assert "solved: no" in capsys.readouterr().out


def test_replay_illegal_move_exits_2_with_its_index(pack, capsys):
    assert main(["replay", pack, "--level", "1", "--moves", "lur"]) == 2
    assert "illegal move 1" in capsys.readouterr().out


def test_replay_missing_level_is_a_clear_error(pack, capsys):
    assert main(["replay", pack, "--level", "9", "--moves", "l"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and err.startswith("replay: ")


def test_packs_check_reports_file_line_message_and_exit_status(tmp_path, capsys):
    folder = tmp_path / "levels" / "whirly"
    folder.mkdir(parents=True)
    (folder / "good.txt").write_text(PACK)
    assert main(["packs", "check", str(folder / "good.txt")]) == 0
    (folder / "bad.txt").write_text(PACK + "\n#####\n#@$ #\n#####\nSolution: zz\n")
    assert main(["packs", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "bad.txt:" in out and "good.txt:" not in out.replace("good.txt: ok", "")


def test_shot_writes_the_scaled_screen_with_leds(tmp_path):
    out = str(tmp_path / "s.png")
    assert main(["shot", out, "--keys", "DOWN A", "--scale", "2"]) == 0
    w, h, rows = read_png(out)
    assert (w, h) == (256, 128 + 20)


def test_shot_frames_writes_one_png_per_refresh(tmp_path):
    frames = tmp_path / "frames"
    main(["shot", str(tmp_path / "s.png"), "--keys", "DOWN UP", "--frames", str(frames),
          "--scale", "1"])
    assert len(os.listdir(frames)) >= 3      # first screen, DOWN, UP


def test_shot_can_start_straight_in_a_game(tmp_path, capsys):
    levels = os.listdir(os.path.join(REPO, "levels", "whirly"))
    if not levels:
        pytest.skip("no shipped packs yet")
    out = str(tmp_path / "g.png")
    assert main(["shot", out, "--game", "whirly", "--pack", sorted(levels)[0], "--level", "2",
                 "--scale", "1"]) == 0
    assert os.path.exists(out)


def test_unknown_key_in_script_is_a_clear_error(tmp_path):
    from host_sim.session import parse_script, ScriptError
    with pytest.raises(ScriptError, match="unknown key"):
        parse_script("UP JUMP")
    assert parse_script("up A*3 START:2000 wait:100") == [(0, 60, 1), (4, 60, 3), (6, 2000, 1),
                                                           (None, 100, 1)]


def test_module_runs_as_a_program():
    r = subprocess.run([sys.executable, "-m", "host_sim", "--help"], cwd=REPO,
                       capture_output=True, text=True)
    assert r.returncode == 0 and "replay" in r.stdout and "packs" in r.stdout


def test_solve_dispatches_by_the_packs_game(capsys):
    mq = os.path.join(REPO, "levels", "mentaliq", "01-first-steps.txt")
    wh = os.path.join(REPO, "levels", "whirly", "01-sokoban.txt")
    assert main(["solve", mq, "--level", "1", "--time", "10"]) == 0
    assert main(["solve", wh, "--level", "1", "--time", "10"]) == 0
    out = capsys.readouterr().out
    assert "found" in out and "solved" in out


def test_solve_without_a_known_game_says_how_to_name_it(tmp_path):
    p = tmp_path / "x.txt"
    p.write_text("Title: nothing\n")
    with pytest.raises(SystemExit, match="Game:"):
        main(["solve", str(p)])


def test_solve_names_the_games_it_can_solve_for_a_game_without_a_solver(capsys):
    from host_sim.__main__ import run
    for path in ("levels/gravity/01-small-rooms.txt", "levels/mobger/01-who-starts.txt"):
        assert run(["solve", os.path.join(REPO, path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("solve: ")
        assert "no solver" in err and "Whirly" in err and "Mental IQ+" in err


def test_record_messages_carry_its_own_name(tmp_path, capsys):
    from host_sim.__main__ import run
    assert run(["record", str(tmp_path / "missing.txt")]) == 2
    assert capsys.readouterr().err.startswith("record: ")
    assert run(["record", os.path.join(REPO, "levels", "whirly", "01-sokoban.txt")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("record: ") and "no game records" in err


def test_shot_level_out_of_range_fails_before_writing(tmp_path, capsys):
    from host_sim.__main__ import run
    out = tmp_path / "s.png"
    assert run(["shot", str(out), "--game", "whirly", "--pack", "01-sokoban.txt",
                "--level", "999"]) == 2
    assert not out.exists()
    assert "level 999 does not exist" in capsys.readouterr().err


def _seed_of(err):
    seeds = [int(line.split()[1]) for line in err.splitlines() if line.startswith("seed: ")]
    assert len(seeds) == 1, err
    return seeds[0]


@pytest.mark.parametrize("argv", [["generate", "gravity", "--count", "2"],
                                  ["generate", "mobger", "--kind", "reach", "--count", "2"]])
def test_generate_starts_from_a_fresh_seed_and_prints_it_to_repeat_the_run(argv, capsys):
    from host_sim.__main__ import run
    seeds = []
    for _ in range(3):
        assert run(argv) == 0
        out, err = capsys.readouterr()
        seeds.append(_seed_of(err))
    assert len(set(seeds)) > 1                      # not one fixed default
    assert run(argv + ["--seed", str(seeds[-1])]) == 0
    again, err = capsys.readouterr()
    assert again == out and "seed:" not in err      # --seed N repeats the run exactly


def test_generate_whirly_prints_its_fresh_seed_and_repeats_with_it(capsys):
    from host_sim.__main__ import run
    argv = ["generate", "whirly", "--game", "sokoban", "--count", "1", "--jobs", "1", "--quiet"]
    assert run(argv) == 0
    out, err = capsys.readouterr()
    seed = _seed_of(err)
    assert "Title: Sokoban (seed %d)" % seed in out
    assert run(argv + ["--seed", str(seed)]) == 0
    assert capsys.readouterr().out == out
