"""MobGer on screen: layout at every size, tile art, cursor and rank readout, the repetition
message, CPU turns, undo, animation, resume, hot-seat, and the three puzzle kinds (packs and
generated). Every screen is saved to build/screens/mobger-*.png."""
import os

import pytest

from handheld import font
from handheld.match import HUMAN, OptionsMenu
from handheld.match_end import MatchResult
from handheld.play_menu import Results
from handheld.progress import RESUME_KEY, Progress
from host_sim.session import Session
from host_sim.bits import Bits, SOURCE as BITS_SOURCE
import games.mobger as G
from games.mobger import menu, menu_extra, tiles as T, puzzles as P
from games.mobger import scene as S
from games.mobger.engine import Engine, Options, NONE, record_text
from games.mobger.puzzle_scene import PuzzleScene, GeneratedPack, PENALTY_S

SHOTS = os.path.join(os.path.dirname(__file__), "..", "build", "screens")


@pytest.fixture(autouse=True)
def wired(monkeypatch):
    """The thin wrappers the lead adds to games/mobger/__init__.py."""
    put = lambda name, fn: monkeypatch.setattr(G, name, fn, raising=False)
    put("make_menu", lambda app: menu.make_menu(G, app))
    put("rematch", lambda app, old: menu_extra.rematch(G, app, old))
    put("resume_match", lambda app, data: menu_extra.resume_match(G, app, data))
    put("make_scene", lambda app, pack, index, progress, state=None:
        menu.make_puzzle_scene(G, app, pack, index, progress, state))
    put("record_text", record_text)
    put("PACK_FORMAT", P.FORMAT)
    put("PACKS_TITLE", "Puzzles")


def shot(s, name):
    os.makedirs(SHOTS, exist_ok=True)
    return s.save(os.path.join(SHOTS, "mobger-%s.png" % name))


def hud(scene):
    g = scene.view.hud
    return [("".join(chr(font.FIRST + g.tiles[c, r] % font.COUNT) for c in range(g.cols))).strip()
            for r in range(g.rows)]


def banner(scene):
    g = scene.view.banner
    if g.grid.hidden:
        return ""
    return "".join(chr(font.FIRST + g.tiles[c, 0] % font.COUNT) for c in range(g.cols)).strip()


def opts(**kw):
    o = Options()
    for k, v in kw.items():
        setattr(o, k, v)
    return o.validate()


def engine_at(rows, **kw):
    e = Engine()
    e.load_position(opts(**kw), rows)
    return e


def duel(e, kinds=(HUMAN, 2), nvm=None):
    s = Session(games=[G], nvm=nvm)
    scene = S.DuelScene(s.app, G, e, list(kinds), seed=7)
    s.app.push(scene)
    s.run(40)
    return s, scene


def new_engine(**kw):
    e = Engine()
    e.new_game(opts(**kw))
    return e


# --- layout and art ------------------------------------------------------------------------
@pytest.mark.parametrize("w,h", [(5, 5), (7, 7), (12, 8)])
def test_layout_fits_the_board_and_a_hud_at_every_size(w, h):
    bx, by, hx, cols = S.layout(w, h)
    assert bx + w * 8 <= hx and hx + cols * 6 <= 128 and by + h * 8 <= 64
    assert by % 8 == 0 and cols >= 5
    s, scene = duel(new_engine(width=w, height=h, gers=5))
    v = scene.view
    assert (v.units.width, v.units.height) == (w, h)
    shot(s, "duel-%dx%d" % (w, h))




def tile_bits(sheet, t):
    return bytes(sheet[t * 8 + x, y] for y in range(8) for x in range(8))


def test_glyphs_of_the_eight_directions_all_differ():
    static, units, frames, cursor = T.make_sheets(Bits)
    for base in (T.U_GER, T.U_BLACK, T.U_JOKER):
        glyphs = set(tile_bits(units, base + d) for d in range(8))
        assert len(glyphs) == 8
    # the Black Ger and the Joker differ from a plain Ger of the same direction, and ranks
    # 1..12 are 12 different numbers
    for d in range(8):
        assert len({tile_bits(units, b + d) for b in (T.U_GER, T.U_BLACK, T.U_JOKER)}) == 3
    assert len({tile_bits(units, T.U_RANK + r) for r in range(12)}) == 12
    assert len({tile_bits(static, t) for t in range(T.STATIC_COUNT)}) == T.STATIC_COUNT


def test_house_cuboid_and_columns_are_drawn_on_the_static_layer():
    rows = [".. .. .. .. ..",
            ".. #. .. R. ..",
            ".. .. H. .. ..",
            ".. L. .. F. f.",
            ".. >1 ^0 v2 .."]
    e = engine_at(rows, width=5, height=5, gers=3, cuboids=1, deflectors=2, flipflaps=2)
    assert e.winner() < 0
    s, scene = duel(e)
    v = scene.view
    assert v.static[2, 2] == T.S_HOUSE
    assert v.static[1, 1] == T.S_CUBOID
    assert (v.static[3, 1], v.static[1, 3]) == (T.S_DEFL_CW, T.S_DEFL_CCW)
    assert (v.static[3, 3], v.static[4, 3]) == (T.S_FLIP_CW, T.S_FLIP_CCW)
    assert v.static[0, 0] == T.S_EMPTY
    # the House frame (gap lines around the House) shows only while a Ger stands in it
    assert (v.house_mark.x, v.house_mark.y) == (v.bx + 2 * 8 - 2, v.by + 2 * 8 - 2)
    assert v.house_mark.hidden
    assert v.units[2, 4] == T.U_BLACK + 0 and v.units[1, 4] == T.U_GER + 2
    shot(s, "objects")


# --- cursor, HUD, rank readout -----------------------------------------------------------------
ROWS7 = [".. .. .. .. .. .. ..",
         ".. .. .. .. >2 .. ..",
         ".. .. .. .. .. .. ..",
         ".. >1 .. ^0 .. .. <3",
         ".. .. .. .. .. .. ..",
         ".. .. .. v4 .. .. ..",
         ".. .. .. .. .. .. <5"]


def test_cursor_moves_to_the_nearest_ger_and_the_hud_names_it():
    s, scene = duel(engine_at(ROWS7, gers=6))
    v = scene.view
    assert v.cur == 0 and "#1 black" in hud(scene)
    s.keys("RIGHT")
    assert v.cur == 3 and "#4 green" in hud(scene)
    s.keys("LEFT LEFT")
    assert v.cur == 1                      # past the Black Ger to red
    s.keys("UP")
    assert v.cur == 2                      # up-right, the nearest in that cone (no wrap)
    assert (v.cursor.x, v.cursor.y) == (4 * 8 - 2, 1 * 8)
    assert s.app.leds.colors[0] == S.rgb((255, 200, 0))     # yellow = rank 3
    shot(s, "cursor")


def test_select_switches_the_board_to_rank_numbers_and_back():
    s, scene = duel(engine_at(ROWS7, gers=6))
    v = scene.view
    s.keys("SELECT")
    assert v.ranks and v.units[3, 3] == T.U_RANK_BLACK and v.units[1, 3] == T.U_RANK + 1
    assert v.units[6, 6] == T.U_RANK + 5
    assert "SEL arrows" in hud(scene)
    shot(s, "ranks")
    s.keys("SELECT")
    assert v.units[1, 3] == T.U_GER + 2


def test_goal_b_hud_shows_the_owner_of_the_cursor_ger():
    e = new_engine(gers=6, goal=1, seed=4)
    assert e.winner() < 0
    s, scene = duel(e)
    v = scene.view
    for r, owner in ((2, "CPU's"), (3, "yours"), (0, "neutral")):
        v.cur = r
        scene.cursor_changed()
        assert owner in hud(scene)
    assert "0/3" in " ".join(hud(scene)) and "Goal B" in " ".join(hud(scene))
    shot(s, "goal-b")


def test_narrow_hud_at_12x8_still_shows_players_scores_and_the_ger():
    s, scene = duel(new_engine(width=12, height=8, gers=6, seed=3))
    lines = hud(scene)
    assert scene.view.hud.cols == 5
    assert lines[0].endswith("You") and lines[2].endswith("CPU") and lines[4].startswith("#")


def repetition_state():
    """Reflecting Gers, every Ger boxed in: a sequence leaves the position as it was, so the
    Ger just chosen may not be chosen again (the Black Ger can still reach the House later)."""
    rows = [".. v1 .. .. v6",
            ".. ^2 .. .. ^7",
            ">0 v3 H. .. v8",
            ".. ^4 .. .. ^9",
            ".. v5 .. .. vA"]
    e = engine_at(rows, width=5, height=5, gers=11, sequence=2, reflect_gers=True)
    assert e.play(1) and e.winner() < 0
    assert not e.is_legal(1)
    return e, 1


def test_an_illegal_choice_by_repetition_is_explained():
    e, r = repetition_state()
    s, scene = duel(e, kinds=(HUMAN, HUMAN))
    v = scene.view
    v.cur = r
    v.show_cursor(True)
    scene.cursor_changed()
    n = e.nactions
    s.keys("A")
    assert e.nactions == n and not scene.animating
    assert banner(scene) == S.REPEAT_MSG
    shot(s, "repetition")
    s.run(S.BANNER_MS + 100)
    assert banner(scene) == ""


# --- turns, CPU, undo, animation ------------------------------------------------------------
def test_cpu_thinks_then_plays_and_the_hud_says_so():
    s, scene = duel(new_engine(seed=11))
    s.keys("A")
    assert scene.engine.nactions == 1
    s.keys("B")                            # a key skips the animation
    assert not scene.animating
    assert any("thinking" in ln for ln in hud(scene))
    shot(s, "cpu-thinking")
    s.run(3000)
    assert scene.engine.nactions == 2 and scene.engine.turn == 0
    assert not any("thinking" in ln for ln in hud(scene))


def test_b_undoes_the_cpu_reply_and_the_human_move():
    s, scene = duel(new_engine(seed=11))
    s.keys("A")
    s.run(4000)
    assert scene.engine.nactions == 2
    s.keys("B")
    assert scene.engine.nactions == 0 and scene.view.spos[0] == scene.engine.house


def test_hot_seat_alternates_players_and_offers_no_undo():
    s = Session(games=[G])
    s.keys("A A A DOWN RIGHT*2")           # Opponent: CPU normal -> 2 players
    assert "2 players" in " ".join(s.text())
    shot(s, "options")
    s.keys("UP A")
    scene = s.app.top()
    assert isinstance(scene, S.DuelScene) and scene.kinds == [HUMAN, HUMAN]
    assert "P1 to move" in hud(scene)
    s.keys("A")
    s.run(3000)
    assert scene.engine.nactions == 1 and "P2 to move" in hud(scene)
    s.keys("B")
    assert banner(scene).startswith("No undo") and scene.engine.nactions == 1
    s.keys("A")
    s.run(3000)
    assert scene.engine.nactions == 2


def test_the_sequence_is_animated_ger_by_ger_and_a_key_skips_it():
    s, scene = duel(engine_at(ROWS7, gers=6))
    e = scene.engine
    v = scene.view
    s.keys("RIGHT A")                      # rank 4 starts: 4, 5, 6, then black, 2, 3
    assert scene.animating and e.anim_n == 6
    assert e.anim_rank[0] == 3
    # the board still shows the start; the first Ger is lifted onto the sprite
    assert v.units[1, 3] == T.U_GER + 2 and not v.sprite.hidden
    shot(s, "animation")
    moved = 0
    for _ in range(40):
        s.run(20)
        if v.spos[3] != 3 * 7 + 3:
            moved = 1
            break
    assert moved                           # rank 4 landed, others not yet
    assert v.spos[4] == 5 * 7 + 3
    s.keys("A")                            # skip
    assert not scene.animating and v.sprite.hidden
    for r in range(e.n):
        assert v.spos[r] == e.pos[r]
        if e.pos[r] != NONE:
            c = e.pos[r]
            assert v.units[c % 7, c // 7] == v.tile(r, e.dir[r])


def test_the_removed_ger_flashes_out_of_the_house():
    rows = [".. .. .. .. ..",
            ".. .. .. .. ..",
            ".. >1 H. .. ..",
            ".. .. .. .. ..",
            ".. .. ^0 .. <2"]
    e = engine_at(rows, width=5, height=5, gers=3)
    s, scene = duel(e, kinds=(HUMAN, HUMAN))
    s.keys("UP")                           # the cursor goes up to red (rank 2)
    assert scene.view.cur == 1
    s.keys("A")
    assert e.anim_removed == 1
    flashed = False
    for _ in range(200):
        s.run(20)
        if scene.view.units[2, 2] == T.U_FLASH:
            flashed = True
            shot(s, "removal")
        if not scene.animating:
            break
    assert flashed and not scene.animating
    assert scene.view.units[2, 2] != T.U_FLASH and e.score[0] == 1
    assert hud(scene)[0].endswith("1")


def test_game_end_shows_the_result_with_the_reason_and_saves_the_record():
    rows = [".. .. .. .. ..",
            ".. .. .. .. ..",
            ".. .. H. .. ..",
            ".. .. ^0 .. ..",
            ">1 .. .. .. >2"]
    e = engine_at(rows, width=5, height=5, gers=3)
    s, scene = duel(e, kinds=(HUMAN, HUMAN))
    scene.submit(0)                        # the Black Ger goes home: goal A ends, 0:0 draw
    s.run(3000)
    assert e.winner() >= 0
    assert type(s.app.top()).__name__ == "MatchResult"
    text = " ".join(s.text())
    assert "Black Ger is home" in text and "Score 0:0" in text
    assert s.hw.records and s.hw.records[0][0] == "mobger"
    shot(s, "result")


def test_a_duel_resumes_after_a_power_cut():
    s = Session(games=[G])
    s.keys("A A A A")                      # Play, MobGer, Play, Start
    scene = s.app.top()
    assert isinstance(scene, S.DuelScene)
    s.keys("A")
    s.run(6000)                            # the CPU replied; 3 s idle writes the record
    assert s.app.store.get(RESUME_KEY)
    pos = bytes(scene.engine.pos)
    s2 = Session(games=[G], nvm=s.hw.nvm)
    assert "Resume MobGer" in " ".join(s2.text())
    s2.keys("A")
    again = s2.app.top()
    assert isinstance(again, S.DuelScene)
    assert bytes(again.engine.pos) == pos and again.engine.nactions == 2
    assert again.kinds == scene.kinds
    shot(s2, "resumed")


def test_rematch_swaps_who_starts_and_keeps_the_options():
    s, scene = duel(new_engine(width=6, height=5, gers=4, seed=9))
    s.app.push(MatchResult(s.app, scene))
    scene.new_game()
    new = s.app.top()
    assert isinstance(new, S.DuelScene) and new is not scene
    assert new.kinds == [2, HUMAN] and (new.engine.w, new.engine.h, new.engine.n) == (6, 5, 4)


def test_options_become_engine_options():
    v = {"opp": 2, "first": 1, "goal": 1, "size": 10, "seq": 2, "gers": 9, "dirs": 1,
         "order": 1, "borders": 1, "rgers": 1, "cuboids": 3, "defl": 2, "flip": 1,
         "joker": 1, "black": 1, "seed": 5}
    o = menu_extra.options_of(v, 5)
    assert (o.width, o.height, o.gers, o.sequence, o.dirset, o.goal) == (12, 8, 12, 2, 1, 1)
    assert o.random_order and o.reflect_borders and o.reflect_gers and o.joker
    assert o.black_special and (o.cuboids, o.deflectors, o.flipflaps) == (3, 2, 1)
    assert menu_extra.kinds_of(v) == [3, HUMAN]
    small = menu_extra.options_of(dict(v, size=0), 5)            # 5x5 holds 12 Gers + objects
    assert small.gers + small.cuboids + small.deflectors + small.flipflaps <= 12
    v2 = dict(v, seq=0, gers=9)
    assert menu_extra.options_of(v2, 1).gers == 6                # the short sequence has 6 colours


def test_gers_option_cycles_within_the_colour_sequence():
    s = Session(games=[G])
    s.keys("A A A")
    m = s.app.top()
    assert isinstance(m, menu.DuelOptions)
    m.values["seq"] = 0
    gers = [o for o in m.options if o.key == "gers"][0]
    seen = set()
    for _ in range(6):
        m.adjust(gers, 1)
        seen.add(m.values["gers"])
    assert seen == {0, 1, 2, 3}            # 3..6 Gers


# --- puzzles ------------------------------------------------------------------------------------
def write_pack(tmp_path, puzzles, name="01-test.txt"):
    root = tmp_path / "levels"
    (root / "mobger").mkdir(parents=True, exist_ok=True)
    text = "Title: Test puzzles\nGame: mobger\n\n" + "\n".join(P.puzzle_text(p) for p in puzzles)
    (root / "mobger" / name).write_text(text)
    return str(root)


def open_level(tmp_path, puzzles, index):
    from handheld import launcher
    root = write_pack(tmp_path, puzzles)
    s = Session(games=[G], levels_root=root)
    (name, pack), = launcher.packs_of(s.app, G)
    assert not isinstance(pack, str), pack
    launcher.open_pack(s.app, G, pack, index)
    s.run(40)
    scene = s.app.top()
    assert isinstance(scene, PuzzleScene), s.text()
    return s, scene, pack


def gen(kind, seed=5):
    return P.generate(kind, seed)


def select_rank(s, scene, r):
    """Move the cursor to rank r with RIGHT (reading order reaches every Ger)."""
    for _ in range(12):
        if scene.view.cur == r:
            return
        s.keys("RIGHT")
    raise AssertionError("cursor never reached rank %d" % r)


def finish(s, scene):
    for _ in range(300):
        s.run(20)
        if not scene.animating:
            return


def test_puzzle_intro_shows_the_question_then_the_board_and_the_timer_runs(tmp_path):
    p = gen(P.START)
    s, scene, pack = open_level(tmp_path, [p], 0)
    assert scene.intro_on() and scene.view.root.hidden
    g = scene.intro
    intro = " ".join("".join(chr(font.FIRST + g.tiles[c, r] % font.COUNT) for c in range(g.cols))
                     for r in range(g.rows))
    assert " ".join(p.question().split()[:3]) in intro and "A: go" in intro
    shot(s, "puzzle-intro")
    s.run(3000)
    assert scene.engine.ms == 0            # the question does not cost time
    s.keys("A")
    assert not scene.intro_on()
    s.run(2500)
    assert 2 <= scene.engine.ms // 1000 <= 3
    assert "time" in " ".join(hud(scene))
    assert P.KIND_NAMES[P.START] in " ".join(hud(scene)) or "Who" in hud(scene)[0]
    shot(s, "puzzle-start")
    s.keys("SELECT")                       # one picture only: SELECT shows the ranks
    assert scene.view.ranks and "SEL arrows" in hud(scene)


def test_who_starts_wrong_pick_costs_time_right_pick_solves_and_keeps_the_best(tmp_path):
    p = gen(P.START)
    right = P.answers(p)
    wrong = [r for r in range(p.opts.gers) if r not in right and
             P.new_engine(p).pos[r] != NONE][0]
    s, scene, pack = open_level(tmp_path, [p], 0)
    s.keys("A")                            # close the question
    select_rank(s, scene, wrong)
    s.keys("A")
    assert banner(scene).startswith("Not this one") and scene.penalties == 1
    assert scene.engine.ms >= PENALTY_S * 1000
    shot(s, "puzzle-wrong")
    s.run(500)
    select_rank(s, scene, right[0])
    s.keys("A")
    assert scene.animating
    finish(s, scene)
    assert isinstance(s.app.top(), Results)
    secs = scene.score()
    assert secs >= PENALTY_S
    assert "Wrong" in " ".join(s.text())
    shot(s, "puzzle-solved")
    progress = Progress(s.app.store, G.ID, pack)
    assert progress.solved(0) and progress.best(0) == secs


def test_joker_puzzle_turns_the_arrow_and_shows_picture_two(tmp_path):
    p = gen(P.JOKER)
    s, scene, pack = open_level(tmp_path, [p], 0)
    s.keys("A")
    v = scene.view
    c = scene.engine.e.pos[p.joker]
    assert v.units[c % v.w, c // v.w] == T.U_JOKER + 0
    shot(s, "puzzle-joker")
    s.keys("SELECT")
    assert scene.showing2 and "pic 2" in hud(scene)
    shot(s, "puzzle-joker-pic2")
    s.keys("SELECT")
    assert not scene.showing2
    step = scene.step
    for _ in range(8):
        if scene.choice == p.answer:
            break
        s.keys("RIGHT")
    assert scene.choice == p.answer and step in (1, 2)
    assert v.units[c % v.w, c // v.w] == T.U_JOKER + p.answer
    s.keys("A")
    finish(s, scene)
    assert isinstance(s.app.top(), Results)
    assert Progress(s.app.store, G.ID, pack).solved(0)


def test_reach_puzzle_plays_moves_undoes_and_solves(tmp_path):
    p = gen(P.REACH)
    s, scene, pack = open_level(tmp_path, [p], 0)
    s.keys("A")
    e = scene.engine.e
    s.keys("SELECT")
    assert "target" in hud(scene)
    shot(s, "puzzle-reach-target")
    s.keys("SELECT")
    select_rank(s, scene, p.answer[0])
    s.keys("A")
    finish(s, scene)
    assert e.nactions == 1
    s.keys("B")
    assert e.nactions == 0
    for r in p.answer:
        select_rank(s, scene, r)
        s.keys("A")
        if r != p.answer[-1]:
            shot(s, "puzzle-reach")
        finish(s, scene)
    assert isinstance(s.app.top(), Results)
    assert Progress(s.app.store, G.ID, pack).best(0) >= 1


def test_reach_puzzle_resumes_after_a_power_cut(tmp_path):
    p = gen(P.REACH)
    s, scene, pack = open_level(tmp_path, [p], 0)
    s.keys("A")
    select_rank(s, scene, p.answer[0])
    s.keys("A")
    finish(s, scene)
    s.run(4000)
    assert s.app.store.get(RESUME_KEY)
    s2 = Session(games=[G], nvm=s.hw.nvm, levels_root=s.hw.levels_root)
    s2.keys("A")
    again = s2.app.top()
    assert isinstance(again, PuzzleScene)
    assert again.engine.e.nactions == 1 and again.engine.ms >= 4000


def test_generated_puzzle_from_the_menu_is_solved_without_a_best_time():
    s = Session(games=[G])
    s.keys("A A DOWN DOWN A")              # Puzzle from seed
    assert isinstance(s.app.top(), OptionsMenu)
    shot(s, "puzzle-seed-menu")
    s.keys("DOWN DOWN RIGHT*4 UP UP A")    # seed 5, Who starts?
    scene = s.app.top()
    assert isinstance(scene, PuzzleScene) and isinstance(scene.pack, GeneratedPack)
    p = scene.puzzle
    assert p.question() == gen(P.START).question()
    s.keys("A")
    select_rank(s, scene, P.answers(p)[0])
    s.keys("A")
    finish(s, scene)
    assert isinstance(s.app.top(), Results)
    assert s.app.store.get(RESUME_KEY) is None
    shot(s, "puzzle-generated-solved")
    assert "Play again" in s.text()
    s.keys("A")
    again = s.app.top()
    assert isinstance(again, PuzzleScene) and again.puzzle is p


def test_menu_screens():
    s = Session(games=[G])
    s.keys("A A")
    assert s.text()[1:5] == ["Play", "Puzzles", "Puzzle from seed", "How to play"]
    shot(s, "menu")
    s.keys("DOWN A")
    assert "Puzzles" in s.text()[0]
    shot(s, "packs")


# --- device compatibility -------------------------------------------------------------------
def sheet_digest(make):
    import zlib
    crc = 0
    for bm in make(Bits):
        crc = zlib.crc32(bytes(bm.px), crc)
    return crc


def test_tile_art_and_view_modules_run_on_micropython():
    from host_sim import micropython as mpy
    if not mpy.available():
        pytest.skip(mpy.SETUP_HINT)
    code = BITS_SOURCE + '''
import binascii
from games.mobger import tiles as T
crc = 0
for bm in T.make_sheets(Bits):
    crc = binascii.crc32(bytes(bm.px), crc)
print("crc", crc)
for name in ("scene", "puzzle_scene", "menu"):
    f = open("/games/mobger/%s.py" % name)
    compile(f.read(), name, "exec")
    f.close()
    print("compiled", name)
'''
    out = mpy.run(code)
    assert "crc %d" % sheet_digest(T.make_sheets) in out
    for name in ("scene", "puzzle_scene", "menu"):
        assert "compiled " + name in out
