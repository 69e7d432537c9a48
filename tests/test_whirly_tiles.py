"""Whirly legible at every size: distinct tile shapes at 8, 6, 5 and 4 px, a pattern (or letter)
for every colour, the floor's colour under a goal, big levels that scroll, and the level map
(overview.py). Every screen is written to build/screens/whirly-*.png."""
import os
import random
import sys

import pytest

from games.whirly import scene as WS
from games.whirly import tiles as T
from games.whirly import tile_art as A
from host_sim.bits import Bits, SOURCE as BITS_SOURCE
from test_whirly_view import pack_of, play

SHOTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "build", "screens")
SIZES = (8, 6, 5, 4)
COLOURED = "Format: whirly\nVariant: colorban\n"




def sheets(size):
    return T.make_sheets(Bits, size)


def look(size, static, unit=T.NONE, sheet=None):
    """What a cell shows: `unit` over `static` (unit value 0 lets the static tile through,
    1 is lit, 2 dark), as a tuple of 0/1 rows."""
    st, un = sheet or sheets(size)
    out = []
    for y in range(size):
        for x in range(size):
            u = un[unit * size + x, y]
            out.append(st[static * size + x, y] if u == 0 else u & 1)
    return tuple(out)


def shapes(size):
    sheet = sheets(size)
    return {
        "floor": look(size, T.FLOOR, sheet=sheet),
        "wall": look(size, T.WALL, sheet=sheet),
        "target": look(size, T.TARGET, sheet=sheet),
        "htarget": look(size, T.HTARGET, sheet=sheet),
        "box": look(size, T.FLOOR, T.BOX, sheet),
        "box on target": look(size, T.TARGET, T.BOX_HOME, sheet),
        "hero": look(size, T.FLOOR, T.HERO, sheet),
        "hero on htarget": look(size, T.HTARGET, T.HERO_HOME, sheet),
        "hero on target": look(size, T.TARGET, T.HERO_GOAL, sheet),
    }


def everything(size):
    """{name: look} of every cell a player can see: each static tile alone, each unit on the
    floor and each home unit on its goal."""
    sheet = sheets(size)
    out = {}
    for name, base, n in (("floor", T.FLOOR, 1), ("wall", T.WALL, 1), ("target", T.TARGET, 1),
                          ("htarget", T.HTARGET, 1), ("wall", T.WALL_C, 9),
                          ("floor", T.GROUND_C, 9), ("target", T.TARGET_C, 9),
                          ("htarget", T.HTARGET_C, 9), ("target on floor", T.TARGET_G, 9),
                          ("htarget on floor", T.HTARGET_G, 9)):
        for c in range(n):
            out["%s %s" % (name, "x" if n == 1 else "abcdefghi"[c])] = \
                look(size, base + c, sheet=sheet)
    for c in range(10):
        colour = "xabcdefghi"[c]
        out["box " + colour] = look(size, T.FLOOR, T.BOX + c, sheet)
        out["hero " + colour] = look(size, T.FLOOR, T.HERO + c, sheet)
        goal = T.TARGET_C + c - 1 if c else T.TARGET
        out["box %s on target" % colour] = look(size, goal, T.BOX_HOME + c, sheet)
        goal = T.HTARGET_C + c - 1 if c else T.HTARGET
        out["hero %s on htarget" % colour] = look(size, goal, T.HERO_HOME + c, sheet)
    return out


def lit(cell):
    return sum(cell)


@pytest.mark.parametrize("size", SIZES)
def test_wall_box_target_hero_and_their_goal_forms_differ_at_every_size(size):
    got = shapes(size)
    names = sorted(got)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert got[a] != got[b], "%s and %s look the same at %d px" % (a, b, size)
    # no more one-pixel targets or three-pixel heroes
    for name in ("target", "htarget", "hero", "box"):
        assert lit(got[name]) >= 4, (name, size)


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_a_player_sees_is_distinct(size):
    got = everything(size)
    seen = {}
    for name, cell in got.items():
        assert cell not in seen, "%s looks like %s at %d px" % (name, seen.get(cell), size)
        seen[cell] = name


@pytest.mark.parametrize("size", SIZES)
def test_each_colour_has_its_own_look_on_every_kind_of_cell(size):
    got = everything(size)
    for kind in ("box %s", "hero %s", "box %s on target", "hero %s on htarget", "wall %s",
                 "floor %s", "target %s", "htarget %s", "target on floor %s",
                 "htarget on floor %s"):
        looks = [got[kind % c] for c in "xabcdefghi" if kind % c in got]
        assert len(looks) >= 9 and len(set(looks)) == len(looks), (kind, size)


def test_colour_patterns_differ_and_none_is_another_inverted():
    for pats, grey, n in ((A.PAT3, A.GREY3, 9), (A.PAT2, None, 4)):
        assert len(pats) == 9 and len(set(pats)) == 9
        for p in pats:
            assert len(p) == n and "#" in p and "." in p
        if grey:
            inverted = {p.replace("#", "o").replace(".", "#").replace("o", ".") for p in pats}
            # a hollow box with pattern p never looks like a filled one with pattern q
            assert not inverted & set(pats) and grey not in pats and grey not in inverted


def test_a_goal_on_a_coloured_floor_shows_the_floor_colour_at_8px(tmp_path):
    root = pack_of(tmp_path, "#  #  #  #  #  #\n# a -b2 2 A #\n#  #  #  #  #  #\n"
                   "#  #  #  #  #  #\n# - -c h0 B #\n#  #  #  #  #  #\n", header=COLOURED)
    s, scene = play(root)
    assert scene.size == 8
    assert scene.static[2, 1] == T.TARGET_G + 1       # target b on floor b
    assert scene.static[3, 1] == T.TARGET_C + 1       # target b on grey floor
    sheet = WS.sheets(8)
    on_floor = look(8, T.TARGET_G + 1, sheet=sheet)
    assert on_floor != look(8, T.TARGET_C + 1, sheet=sheet)
    # its pixels hold both the floor's dots and the target's brackets
    for part in (T.GROUND_C + 1, T.TARGET_C + 1):
        cell = look(8, part, sheet=sheet)
        assert all(b for a, b in zip(cell, on_floor) if a)
    s.save(os.path.join(SHOTS, "whirly-goal-on-coloured-floor-8px.png"))
    assert T.static_tile(T.HTARGET, 0, 8, 3) == T.HTARGET_G + 2
    assert T.static_tile(T.TARGET, 5, 6, 0) == T.TARGET_C + 4


# --- big levels ---------------------------------------------------------------------------
def sokoban(w, h, seed):
    """A w x h XSB room with short inner walls, boxes, targets, two boxes home, one hero."""
    r = random.Random(seed)
    g = [["#"] * w for _ in range(h)]
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            g[y][x] = " "
    for _ in range(w * h // 12):
        x, y = r.randrange(2, w - 2), r.randrange(2, h - 2)
        dx, dy = r.choice(((1, 0), (0, 1)))
        for _ in range(r.randrange(1, 4)):
            if 1 <= x < w - 1 and 1 <= y < h - 1:
                g[y][x] = "#"
            x += dx
            y += dy
    free = [(x, y) for y in range(2, h - 2) for x in range(2, w - 2) if g[y][x] == " "]
    r.shuffle(free)
    for tok in "$." * max(3, w * h // 60) + "**@":
        x, y = free.pop()
        g[y][x] = tok
    return "\n".join("".join(row) for row in g) + "\n"


COLOURED_ROOM = """\
# # # # # # # # # # # # # # # # # # # # # #
# - - - - # - - - - - - # - - - - - - - - #
# - A - - #a - - B - - - # - -b -b -b - - - - #
# - - 1 - # - - - - 2 - #b - -b -b2 -b - - - - #
# - - - - # # - # # # - # - -b -b -b - - - - #
# - B - a - - - - - - - - - - - - - C - - #
# - - - - # - - - - - - # # # #c # # - - - #
# - 1A - - # - C - - 3 - # - - - - - 3 - - #
# - - - - # - - - - - - # - 2 - - - - - - #
# # # # # # # # # # # # # # # # # # # # # #
"""


def cell_at(scene, c):
    e = scene.engine
    return c % e.width - scene.ox, c // e.width - scene.oy


@pytest.mark.parametrize("w,h,size,view", [
    (20, 10, 6, (20, 10)), (25, 12, 5, (25, 12)), (20, 16, 4, (20, 16)), (30, 20, 4, (30, 16)),
    (40, 30, 4, (32, 16))])
def test_big_sokoban_levels_render_and_scroll(tmp_path, w, h, size, view):
    s, scene = play(pack_of(tmp_path, sokoban(w, h, w * 100 + h)))
    assert scene.size == size and (scene.vw, scene.vh) == view
    x, y = cell_at(scene, scene.engine.hero)
    assert 0 <= x < scene.vw and 0 <= y < scene.vh and scene.units[x, y] == T.HERO
    s.save(os.path.join(SHOTS, "whirly-big-%dx%d-%dpx.png" % (w, h, size)))
    homes = sum(1 for yy in range(scene.vh) for xx in range(scene.vw)
                if scene.units[xx, yy] == T.BOX_HOME)
    walls = sum(1 for yy in range(scene.vh) for xx in range(scene.vw)
                if scene.static[xx, yy] == T.WALL)
    assert walls > 0 and homes <= 2
    if (scene.vw, scene.vh) != (w, h):
        for key in ("DOWN", "RIGHT", "UP", "LEFT"):
            s.keys(key + "*12")
            x, y = cell_at(scene, scene.engine.hero)
            assert 0 <= x < scene.vw and 0 <= y < scene.vh   # the view follows the hero
        s.save(os.path.join(SHOTS, "whirly-big-%dx%d-%dpx-moved.png" % (w, h, size)))


def test_a_coloured_level_stops_at_5px_and_scrolls():
    assert WS.layout(30, 16)[0] == 4
    assert WS.layout(30, 16, True)[:3] == (5, 25, 12)
    assert WS.layout(20, 10, True)[0] == 6 and WS.layout(7, 5, True)[0] == 8


def test_coloured_levels_at_6_and_5px(tmp_path):
    s, scene = play(pack_of(tmp_path, COLOURED_ROOM, header=COLOURED))
    assert T.coloured(scene.engine)
    assert scene.size == 5    # 22 columns: 6 px would be 132 wide
    assert scene.static[15, 3] == T.TARGET_G + 1      # target b on floor b
    assert scene.units[2, 7] == T.BOX_HOME + 1        # box a on target a
    s.save(os.path.join(SHOTS, "whirly-coloured-22x10-5px.png"))
    narrow = "\n".join(" ".join(row.split()[:19] + ["#"])
                       for row in COLOURED_ROOM.splitlines()) + "\n"
    s, scene = play(pack_of(tmp_path / "narrow", narrow, header=COLOURED))
    assert scene.size == 6
    s.save(os.path.join(SHOTS, "whirly-coloured-20x10-6px.png"))
    s, scene = play(pack_of(tmp_path / "grey", sokoban(12, 6, 1)))
    assert not T.coloured(scene.engine)


# --- the level map ------------------------------------------------------------------------
@pytest.mark.parametrize("w,h,p", [(30, 20, 3), (40, 30, 2), (64, 40, 1)])
def test_the_map_shows_a_big_level_whole_and_closes_on_any_key(tmp_path, w, h, p):
    from handheld.entry import once
    s, scene = play(pack_of(tmp_path, sokoban(w, h, w + h)))
    s.keys("DOWN*4 RIGHT*4")
    once("games.whirly.overview", "show", scene)
    assert "games.whirly.overview" not in sys.modules     # loaded for the call only
    view = s.app.top()
    assert view is not scene and view.p == p
    bm = view.bitmap
    assert (bm.width, bm.height) == (w * p, h * p)
    s.run(50)
    s.save(os.path.join(SHOTS, "whirly-map-%dx%d.png" % (w, h)))
    hx, hy = scene.engine.hero % w * p, scene.engine.hero // w * p
    before = [bm[hx + i % p, hy + i // p] for i in range(p * p)]
    s.run(400)
    after = [bm[hx + i % p, hy + i // p] for i in range(p * p)]
    assert before != after                                  # the hero blinks
    s.keys("A")
    assert s.app.top() is scene


def test_select_held_with_a_opens_the_map(tmp_path):
    if not hasattr(WS.WhirlyScene, "overview"):
        pytest.skip("needs the scene's hook: WhirlyScene.overview() on SELECT held + A")
    s, scene = play(pack_of(tmp_path, sokoban(40, 30, 7)))
    s.keys("SELECT+A")
    assert type(s.app.top()).__name__ == "Overview"
    s.keys("B")                                   # closes the map, undoes nothing
    assert s.app.top() is scene and scene.engine.moves == 0


def test_a_big_coloured_level_plays_at_5px(tmp_path):
    rows = []
    for row in COLOURED_ROOM.splitlines():
        toks = row.split()
        fill = "#" if toks.count("#") == len(toks) else "-"
        rows.append(" ".join(toks[:21] + [fill] * 8 + ["#"]))
    s, scene = play(pack_of(tmp_path, "\n".join(rows) + "\n", header=COLOURED))
    if scene.size == 4:
        pytest.skip("needs the scene's hook: layout(w, h, tiles.coloured(engine))")
    assert scene.size == 5 and scene.vw == 25
    s.save(os.path.join(SHOTS, "whirly-coloured-30x10-5px-scrolls.png"))


def test_map_cells_differ_at_3px():
    from games.whirly import overview as O
    arts = O.ART[3]
    assert len(set(arts)) == len(arts)
    assert len(set(O.ART[2][1:])) == len(arts) - 2     # 2 px: box and hero alike (it blinks)


# --- memory ---------------------------------------------------------------------------------
def bitmap_bytes(w, h, values):
    """What a CircuitPython displayio.Bitmap holds: rows of 32-bit words, 1 or 2 bits a pixel."""
    bits = 1 if values <= 2 else 2
    return (w * bits + 31) // 32 * 4 * h


def sheet_bytes(size):
    return (bitmap_bytes(size * T.STATIC_COUNT, size, 2)
            + bitmap_bytes(size * T.UNIT_COUNT, size, 3))


def test_sheets_stay_small():
    # before the legibility work (40 static tiles): 992, 576, 400, 256 bytes
    got = {size: sheet_bytes(size) for size in SIZES}
    assert got == {8: 1152, 6: 648, 5: 480, 4: 304}, got
    for name in ("tile_art", "tiles", "overview"):
        path = os.path.join(os.path.dirname(A.__file__), name + ".py")
        assert os.path.getsize(path) < 12000, name


def test_sheets_build_the_same_in_micropython():
    import zlib
    from host_sim import micropython as mpy
    if not mpy.available():
        pytest.skip(mpy.SETUP_HINT)
    code = BITS_SOURCE + '''
import binascii
from games.whirly import tile_art as A
crc = 0
for size in (8, 6, 5, 4):
    for bm in A.make_sheets(Bits, size):
        crc = binascii.crc32(bytes(bm.px), crc)
print("crc", crc)
'''
    crc = 0
    for size in SIZES:
        for bm in A.make_sheets(Bits, size):
            crc = zlib.crc32(bytes(bm.px), crc)
    assert "crc %d" % crc in mpy.run(code)


# --- a legend of every tile, magnified -------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_legend_png(size):
    """build/screens/whirly-tiles-Npx.png: row 1 the grey cells (floor, wall, target, htarget,
    box, box on target, hero, hero on htarget, hero on target), then for colours a..i: coloured
    walls, floors, targets, htargets, targets and htargets on a floor of that colour, boxes,
    boxes on their targets, heroes, heroes on their htargets."""
    from host_sim import png
    sheet = sheets(size)
    rows = [[(T.FLOOR, 0), (T.WALL, 0), (T.TARGET, 0), (T.HTARGET, 0), (T.FLOOR, T.BOX),
             (T.TARGET, T.BOX_HOME), (T.FLOOR, T.HERO), (T.HTARGET, T.HERO_HOME),
             (T.TARGET, T.HERO_GOAL)]]
    for base in (T.WALL_C, T.GROUND_C, T.TARGET_C, T.HTARGET_C, T.TARGET_G, T.HTARGET_G):
        rows.append([(base + c, 0) for c in range(9)])
    for base, under in ((T.BOX, T.FLOOR), (T.BOX_HOME, T.TARGET_C), (T.HERO, T.FLOOR),
                        (T.HERO_HOME, T.HTARGET_C)):
        rows.append([(under if under == T.FLOOR else under + c, base + 1 + c)
                     for c in range(9)])
    pitch, scale = size + 3, 6
    w, h = 9 * pitch, len(rows) * pitch
    pix = [[(30, 30, 60)] * w for _ in range(h)]
    for r, line in enumerate(rows):
        for i, (st, un) in enumerate(line):
            cell = look(size, st, un, sheet)
            for n, v in enumerate(cell):
                pix[r * pitch + 1 + n // size][i * pitch + 1 + n % size] = \
                    (120, 200, 255) if v else (8, 10, 16)
    out = []
    for line in pix:
        raw = b"".join(bytes(p) * scale for p in line)
        out += [raw] * scale
    path = png.write_png(os.path.join(SHOTS, "whirly-tiles-%dpx.png" % size), w * scale,
                         h * scale, out)
    assert os.path.getsize(path) > 0


def test_a_coloured_hero_on_a_goal_not_its_own_blinks_to_show_the_goal_below_8px(tmp_path):
    """Below 8 px a hero's tile is opaque and its colour pattern leaves no room for the
    goal's mark (the grey hero's HERO_GOAL): the goal would vanish under a coloured hero."""
    wall = " ".join(["#"] * 20)
    body = "\n".join([wall, "# a - 2 - - B - - - - - - - - - - - - #", wall]) + "\n"
    s, scene = play(pack_of(tmp_path, body, header=COLOURED))
    assert scene.size == 6
    s.keys("RIGHT RIGHT")
    e = scene.engine
    x, y = cell_at(scene, e.hero)
    assert (x, y) == (3, 1) and e.goal[e.hero]
    seen = set()
    for _ in range(12):
        s.run(100)
        seen.add(scene.units[x, y])
    assert seen == {T.HERO + 1, T.NONE}            # hero, then the goal, in turn
    assert scene.static[x, y] == T.TARGET_C + 1    # the goal is what shows when it blinks
    s.save(os.path.join(SHOTS, "whirly-coloured-hero-on-goal-6px.png"))
    s.keys("RIGHT")
    seen = set()
    for _ in range(12):
        s.run(100)
        seen.add(scene.units[x + 1, y])
    assert seen == {T.HERO + 1}                    # off the goal: steady again
