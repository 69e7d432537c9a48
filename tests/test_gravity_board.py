"""Gravity room boards: the ASCII body, its errors, the shipped packs and the generator."""
import argparse
import os

import pytest

from games.gravity import board as B
from games.gravity.engine import Engine
from handheld.packs import Pack, PackError, list_packs
from host_sim.gravity import cli, generator as G

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = os.path.join(ROOT, "levels", "gravity")

ROOM = """\
+-+-+ +-+
|. . . .|
+ + + + +
 .|. . .
+ + +-+ +
|. . . .|
+ + + + +
 . . .|.
+-+-+ +-+"""


def parse(text, first=1):
    return B.parse_rows(text.split("\n"), first)


def test_board_walls_are_read_on_both_sides_of_each_edge():
    b = parse(ROOM)
    assert (b.width, b.height) == (4, 4)
    W = 4
    assert b.wall[0] & 1 and b.wall[3 * W] & 4  # top border = bottom of the last row
    assert not b.wall[2] & 1 and not b.wall[3 * W + 2] & 4  # a gap: column 2 wraps there
    assert b.wall[W + 1] & 8 and b.wall[W] & 2  # '|' between (0,1) and (1,1)
    assert b.wall[W] & 8 == 0 and b.wall[W + 3] & 2 == 0  # row 1 wraps
    assert b.wall[W] & 8 == 0
    assert b.wall[0] & 8 and b.wall[3] & 2  # left border = right border of row 0
    for c in range(16):  # every wall is seen from both of its cells
        x, y = c % W, c // W
        assert bool(b.wall[c] & 2) == bool(b.wall[y * W + (x + 1) % W] & 8)
        assert bool(b.wall[c] & 4) == bool(b.wall[((y + 1) % 4) * W + x] & 1)


def test_a_wrap_around_wall_may_be_drawn_on_either_border():
    top_only = ROOM.split("\n")
    top_only[-1] = "+ + + + +"  # bottom border drawn without walls: the top one counts
    top_only[1] = " . . . .|"  # left border empty, the right one has the wall
    b = parse("\n".join(top_only))
    assert b.wall[0] & 1 and b.wall[12] & 4
    assert b.wall[0] & 8 and b.wall[3] & 2


def test_format_board_round_trips():
    b = parse(ROOM)
    again = parse(B.format_board(b))
    assert bytes(again.wall) == bytes(b.wall)
    assert B.format_board(again) == B.format_board(b)


def test_trailing_spaces_may_be_missing():
    rows = [r.rstrip() for r in ROOM.split("\n")]
    assert bytes(B.parse_rows(rows).wall) == bytes(parse(ROOM).wall)


@pytest.mark.parametrize("edit, line, reason", [
    (lambda r: r[:3] + [" . . . ."] + r[4:], 4, "row 2 has no wall"),
    (lambda r: r[:4] + ["+ + + + +"] + r[5:], 1, "column 3 has no wall"),
    (lambda r: r[:3] + [" .|x . ."] + r[4:], 4, "character 4: 'x'"),
    (lambda r: r[:2] + ["+ + * + +"] + r[3:], 3, "character 5: '*'"),
    (lambda r: r[:-1], 8, "odd number of lines"),
    (lambda r: r[:3] + [" .|. . . . ."] + r[4:], 4, "line is 12 characters long"),
    (lambda r: [x[:7] for x in r], 1, "3 cells wide"),
])
def test_board_errors_name_the_line_and_the_reason(edit, line, reason):
    rows = edit(ROOM.split("\n"))
    with pytest.raises(PackError) as e:
        B.parse_rows(rows, 1)
    assert e.value.line == line
    assert reason in str(e.value)


def test_board_size_limits():
    big = B.Board(13, 4, bytearray(52))
    with pytest.raises(ValueError):
        Engine().new_game(big, 2)
    rows = ["+" + "-+" * 13] + ([" ." * 12 + " .|", "+" + " +" * 13] * 4)
    with pytest.raises(PackError, match="13 cells wide"):
        B.parse_rows(rows)


def test_is_board_line_tells_boards_from_text():
    assert B.is_board_line("+-+ +")
    assert B.is_board_line("|. .")
    assert B.is_board_line(" . .|.")
    assert not B.is_board_line("Title: Seed room")
    assert not B.is_board_line("some text")
    assert not B.is_board_line("; comment")
    assert not B.is_board_line("  ")


# ---------------------------------------------------------------- shipped packs
def shipped():
    out = []
    for name in list_packs(LEVELS):
        pack = Pack(os.path.join(LEVELS, name), B.FORMAT)
        assert pack.errors == [], (name, pack.errors)
        for i in range(pack.count):
            out.append((name, pack.level(i)))
    return out


def test_shipped_packs_hold_at_least_12_valid_varied_boards():
    levels = shipped()
    assert len(levels) >= 12
    sizes = set()
    names = set()
    for name, lv in levels:
        b = B.parse(lv)
        assert G.ok(b.width, b.height, b.wall), (name, lv.name)
        sizes.add((b.width, b.height))
        assert (name, lv.name) not in names and not lv.name.startswith("Level ")
        names.add((name, lv.name))
        e = Engine()
        e.new_game(b, 2)
    assert len(sizes) >= 6 and (12, 8) in sizes and (8, 8) in sizes


def test_shipped_boards_are_read_through_the_lazy_pack_format():
    import games.gravity as game
    assert game.ID == "gravity" and game.NAME == "Gravity room" and len(game.RULES) < 900
    name = list_packs(LEVELS)[0]
    pack = Pack(os.path.join(LEVELS, name), game.PACK_FORMAT)
    assert pack.count >= 4 and pack.errors == []
    assert isinstance(game.PACK_FORMAT.parse(pack.level(0)), B.Board)


def test_a_broken_board_in_a_pack_is_reported_at_its_line(tmp_path):
    text = "Title: test\n\n" + ROOM.replace(" .|. . .", " . . . .") + "\nTitle: broken\n"
    p = tmp_path / "x.txt"
    p.write_text(text)
    pack = Pack(str(p), B.FORMAT)
    assert pack.count == 1
    with pytest.raises(PackError) as e:
        B.parse(pack.level(0))
    assert e.value.line == 6 and "row 2 has no wall" in str(e.value)


# ---------------------------------------------------------------- generator
def test_generator_makes_valid_boards_of_the_asked_size_deterministically():
    a = G.generate(12, 9)
    b = G.generate(12, 9)
    assert [bytes(x.wall) for x in a] == [bytes(x.wall) for x in b]
    assert len({(x.width, x.height) for x in a}) >= 5
    for x in a + G.generate(5, 3, 12, 8) + G.generate(5, 4, 4, 4):
        assert G.ok(x.width, x.height, x.wall)
        assert bytes(B.parse_rows(B.format_board(x).split("\n")).wall) == bytes(x.wall)
    assert all((x.width, x.height) == (12, 8) for x in G.generate(3, 3, 12, 8))


def test_generate_gravity_command_writes_a_pack_that_reads_back(tmp_path):
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers()
    cli.register_generate(sub)
    out = tmp_path / "gen.txt"
    args = ap.parse_args(["gravity", "--count", "4", "--seed", "7", "--width", "9",
                          "--height", "5", "--out", str(out)])
    assert args.func(args) == 0
    pack = Pack(str(out), B.FORMAT)
    assert pack.count == 4 and pack.errors == []
    for i in range(4):
        b = B.parse(pack.level(i))
        assert (b.width, b.height) == (9, 5)
    bad = ap.parse_args(["gravity", "--width", "13"])
    assert bad.func(bad) == 2
