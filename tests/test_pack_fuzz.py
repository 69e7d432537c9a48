"""Packs cannot crash the launcher (issue 12): a seeded, bounded fuzz of every game's pack format.

Seeds are slices of the shipped packs in levels/<game>/ (the header and 1-3 levels, so a case
is small and fast); each case applies 1-3 mutations: byte flips, line drops, duplications and
swaps, truncation, huge counts, long lines, CR/CRLF line ends, binary junk, odd keys. Every case
asserts:
- the reader (Pack, names, level), the game's parser, the solution reader and the functions
  that build the screens showing pack data (level list names, the play scene, its info, stats,
  hint; the MobGer check) raise nothing but PackError, and a PackError names a line >= 1 and a
  reason (the launcher shows "file level N" + "line N: reason");
- every error, warning and file-level problem is (line >= 1, reason);
- no index, board or move list is larger than its documented limit (LEVELS_MAX, MAX_ERRORS,
  the format's max_width/max_height, MOVES_MAX).

PACK_FUZZ_FILES (default 1000) sets the cases per format, PACK_FUZZ_SEED the seed; `make fuzz`
runs many more. The figures (cases, outcomes, seconds) are printed with -s.
"""
import os
import random
import time

import pytest

from handheld import moves as M
from handheld import packs as P
from handheld.packs import Pack, PackError
from handheld.packs_solution import MOVES_MAX

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = int(os.environ.get("PACK_FUZZ_FILES", "1000"))
SEED = int(os.environ.get("PACK_FUZZ_SEED", "12"))
SCENE_EVERY = int(os.environ.get("PACK_FUZZ_SCENE_EVERY", "8"))  # cases that also build a scene
CHECK_EVERY = 40    # MobGer: cases whose puzzles also go through the host check (verify)
GAMES = ("whirly", "mentaliq", "gravity", "mobger")
EXTRA = {"whirly": "*~", "mentaliq": "+-"}   # the games' two extra move letters
KEYS = [b"Solution: ", b"Title: ", b"Target: 9", b"Start: B", b"Answer: A", b"Moves: 9",
        b"Puzzle: reach", b"Puzzle: start", b"Options: gers=12", b"Comment:", b"Comment-End:",
        b"Format: whirly", b"Variant: pullpush", b"Solution: 294967r", b"Solution: r9",
        b"Solution: " + b"255r" * 30, b";", b"::", b"Joker: 5"]


def seeds(game):
    """(header lines, [level chunks]) of every shipped pack: a chunk is a level's lines."""
    out = []
    folder = os.path.join(ROOT, "levels", game)
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            raw = f.read()
        parts = raw.split(b"\n\n")
        out.append((parts[0], parts[1:]))
    return out


def make_case(rng, packs):
    head, chunks = rng.choice(packs)
    k = rng.randint(1, min(3, len(chunks)))
    at = rng.randrange(0, len(chunks) - k + 1)
    data = head + b"\n\n" + b"\n\n".join(chunks[at:at + k]) + b"\n"
    for _ in range(rng.randint(1, 3)):
        data = mutate(rng, data)
    return data


def mutate(rng, data):
    lines = data.split(b"\n")
    m = rng.randrange(13)
    i = rng.randrange(len(lines))
    if m == 0:                                   # byte flips
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            if b:
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b)
    if m == 1:                                   # a byte set to a board or key character
        b = bytearray(data)
        if b:
            b[rng.randrange(len(b))] = rng.choice(b"#@$.*+|-:?0123456789 \t")
        return bytes(b)
    if m == 2:                                   # line drops
        del lines[i:i + rng.randint(1, 3)]
    elif m == 3:                                 # line duplications (a row or a key twice)
        lines[i:i] = lines[i:i + rng.randint(1, 3)] * rng.randint(1, 4)
    elif m == 4:                                 # truncation
        return data[:rng.randrange(len(data) + 1)]
    elif m == 5:                                 # huge counts
        n = rng.choice((b"9", b"294967", b"255", b"256", b"4000", b"99999999999999999999"))
        j = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:j] + n + lines[i][j:]
    elif m == 6:                                 # long lines
        lines[i] = lines[i] * rng.choice((8, 80, 700)) + rng.choice((b"", b"#" * 5000))
    elif m == 7:                                 # CRLF, CR-only or stray CR line ends
        eol = rng.choice((b"\r\n", b"\r"))
        return eol.join(lines) if rng.random() < 0.7 else data.replace(b"\n", b"\r", 1)
    elif m == 8:                                 # binary junk
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        j = rng.randrange(len(data) + 1)
        return data[:j] + junk + data[j:]
    elif m == 9:                                 # odd keys and values
        lines.insert(i, rng.choice(KEYS))
    elif m == 10:                                # swapped lines
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif m == 11:                                # a whole level many times (index growth)
        return data + data[data.find(b"\n\n"):] * rng.randint(1, 5)
    else:                                        # a BOM, trailing blanks, a tab
        lines[i] = rng.choice((b"\xef\xbb\xbf", b"", b"\t")) + lines[i] + b"   "
    return b"\n".join(lines)


class _Progress:
    """What a play scene asks of progress (the launcher's Progress keeps the store)."""

    def solved(self, i):
        return False

    def best(self, i):
        return 0

    def solved_count(self):
        return 0

    def record(self, i, score):
        return False


def ok_line(e):
    line, reason = e
    return isinstance(line, int) and line >= 1 and isinstance(reason, str) and reason


def check_index(pack, fmt):
    assert pack.count <= P.LEVELS_MAX
    assert len(pack.fingerprints) == pack.count and len(pack._off) == pack.count
    assert len(pack.errors) <= P.MAX_ERRORS and len(pack.warnings) <= P.MAX_ERRORS + 1
    for e in pack.errors + pack.warnings:
        assert ok_line(e), e
    if pack.problem is not None:
        assert ok_line(pack.problem)
    if pack.count == 0:
        assert pack.problem is not None      # the launcher shows "!" with file:line:reason


def check_level(lv, fmt, game):
    maxh = fmt.max_height
    assert lv.rows and (not maxh or len(lv.rows) <= maxh)
    width = getattr(fmt, "row_width", None)
    for r in lv.rows:
        assert len(r) <= P.LINE_MAX
        if fmt.max_width and width is not None:
            assert width(r) <= fmt.max_width
    if lv.solution and game in EXTRA:           # a solution the reader keeps always expands
        n = M.count(lv.solution, EXTRA[game])
        assert 0 <= n <= MOVES_MAX
        assert len(M.parse(lv.solution, EXTRA[game])) == n


def check_board(obj, game, fmt):
    """The parsed level is within the game's documented size."""
    w = getattr(obj, "width", None)
    h = getattr(obj, "height", None)
    if game == "mobger":
        w, h = obj.opts.width, obj.opts.height
    if game == "gravity":
        from games.gravity.constants import MAX_W, MAX_H
        assert w <= MAX_W and h <= MAX_H
    elif w is not None:
        assert w <= fmt.max_width and h <= fmt.max_height


def run_gravity_menu(app, game_mod, stats):
    """Gravity's boards are offered by its menu: broken ones listed with their reason, the
    rest start a match."""
    from games.gravity import menu
    from games.gravity.board import FORMAT
    from games.gravity.engine import Engine
    app.packs.clear()
    broken = []
    found = menu.boards(app, game_mod, broken)
    for label, reason in broken:
        assert label.startswith("gravity.txt") and reason.startswith("line ")
    menu.make_menu(game_mod, app)
    for pack, i, name in found[:3]:
        Engine().new_game(FORMAT.parse(pack.level(i), pack.header), 2)
    stats["scenes"] += 1


def run_screens(app, game_mod, game, pack, i, obj, stats):
    """Build the level's play scene and the texts its screens show; PackError only."""
    try:
        scene = game_mod.make_scene(app, pack, i, _Progress(), None)
    except PackError as exc:
        assert ok_line((exc.line, exc.reason))
        return
    for name in ("info", "stats", "hint", "rules"):
        f = getattr(scene, name, None)
        if f is not None:
            f()
    if game == "mobger":
        from games.mobger import puzzles as PZ
        scene.puzzle.question()
        PZ.check(scene.puzzle, scene.puzzle.answer)
    stats["scenes"] += 1


def fuzz_game(game, tmp_path, cases, seed):
    import importlib
    from host_sim.session import Session
    game_mod = importlib.import_module("games." + game)
    fmt = game_mod.PACK_FORMAT
    parse = fmt.parse
    rng = random.Random("%s/%d" % (game, seed))
    packs = seeds(game)
    os.makedirs(str(tmp_path / game))
    path = str(tmp_path / game / "gravity.txt") if game == "gravity" else \
        str(tmp_path / (game + ".txt"))
    session = Session(games=[game_mod], levels_root=str(tmp_path))
    stats = {"files": 0, "clean": 0, "pack !": 0, "level errors": 0, "parse errors": 0,
             "warnings": 0, "levels ok": 0, "scenes": 0, "checked": 0, "capped": 0,
             "check max s": 0.0}
    t0 = time.perf_counter()
    for n in range(cases):
        data = make_case(rng, packs)
        with open(path, "wb") as f:
            f.write(data)
        try:
            pack = Pack(path, fmt)
            check_index(pack, fmt)
            names = pack.names(0, min(pack.count, 8))   # the level list's first page
            assert len(names) == min(pack.count, 8)
            clean = not pack.errors
            stats["warnings"] += 1 if pack.warnings else 0
            if pack.problem is not None:
                stats["pack !"] += 1
            elif pack.errors:
                stats["level errors"] += 1
            for i in range(min(pack.count, 6)):
                try:
                    lv = pack.level(i)
                except PackError as exc:
                    assert ok_line((exc.line, exc.reason)) and pack.broken(i) is not None
                    continue
                assert pack.broken(i) is None
                check_level(lv, fmt, game)
                try:
                    obj = parse(lv, pack.header)
                except PackError as exc:
                    assert ok_line((exc.line, exc.reason))
                    stats["parse errors"] += 1
                    clean = False
                    continue
                check_board(obj, game, fmt)
                stats["levels ok"] += 1
                if n % SCENE_EVERY == 0 and pack.problem is None and game != "gravity":
                    run_screens(session.app, game_mod, game, pack, i, obj, stats)
                if game == "mobger" and n % CHECK_EVERY == 0:
                    t = time.perf_counter()
                    bad = fmt.check_level(obj)
                    dt = time.perf_counter() - t
                    stats["checked"] += 1
                    stats["capped"] += 1 if bad and "capped" in bad[1] else 0
                    stats["check max s"] = max(stats["check max s"], round(dt, 3))
                    assert dt < 2.0
            if game == "gravity" and n % SCENE_EVERY == 0:
                run_gravity_menu(session.app, game_mod, stats)
            stats["clean"] += 1 if clean else 0
        except Exception:
            keep = os.path.join(str(tmp_path), "failing-%s-%d.txt" % (game, n))
            with open(keep, "wb") as f:
                f.write(data)
            print("\nfuzz case kept in", keep)
            raise
        stats["files"] += 1
    stats["seconds"] = round(time.perf_counter() - t0, 2)
    return stats


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_packs_give_file_line_reason_and_never_crash(game, tmp_path):
    stats = fuzz_game(game, tmp_path, CASES, SEED)
    print("\npack fuzz %s: %s" % (game, stats))
    assert stats["files"] == CASES
    # the mutations reach every outcome: clean files, broken packs, broken levels
    if CASES >= 500:
        assert stats["pack !"] and stats["level errors"] and stats["levels ok"]
        assert stats["scenes"]
