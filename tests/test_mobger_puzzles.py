"""MobGer puzzles: generated puzzles verify, wrong answers are rejected, shipped packs parse and
their answers check, format errors name the reason (games/mobger/PUZZLES.md)."""
import os
import time

import pytest
from hypothesis import given, settings, strategies as st

from handheld.packs import Level, Pack, PackError

from games.mobger import board, puzzles as P
from games.mobger.engine import Engine, NONE
from host_sim.mobger import cli, puzzlegen as G

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = os.path.join(ROOT, "levels", "mobger")
ENGINE = Engine()
FAST = settings(max_examples=25, deadline=None)


def gen(kind, seed):
    return P.generate(kind, seed, ENGINE)


def wrong_ranks(p):
    right = P.answers(p)
    return [r for r in range(p.opts.gers) if r not in right]


# ---------------------------------------------------------------- START
@FAST
@given(st.integers(0, 0xFFFF))
def test_start_generated_answer_houses_the_target(seed):
    p = gen(P.START, seed)
    assert P.check(p, p.answer)
    e = P.new_engine(p)
    assert e.play(p.answer) and e.anim_removed == p.target


@FAST
@given(st.integers(0, 0xFFFF))
def test_start_wrong_ranks_are_rejected_and_the_target_itself_is_wrong(seed):
    p = gen(P.START, seed)
    right = P.answers(p)
    assert p.answer in right and p.target not in right and p.target != 0
    live = [r for r in range(p.opts.gers) if P.new_engine(p).pos[r] != NONE]
    assert len(live) - len(right) >= 2  # at least two wrong Gers: not trivial
    for r in wrong_ranks(p):
        assert not P.check(p, r)
    assert not P.check(p, 99) and not P.check(p, None)


def test_start_accepts_every_rank_that_works():
    for seed in range(60):
        p = gen(P.START, seed)
        for r in P.answers(p):
            e = P.new_engine(p)
            assert e.play(r) and e.anim_removed == p.target
        if len(P.answers(p)) > 1:
            return
    pytest.fail("no START puzzle with two answers among 60 seeds")


# ---------------------------------------------------------------- JOKER
@FAST
@given(st.integers(0, 0xFFFF))
def test_joker_generated_answer_is_unique_and_gives_picture_two(seed):
    p = gen(P.JOKER, seed)
    assert P.answers(p) == [p.answer]
    e = P.new_engine(p)
    assert e.kind[p.joker] == 1
    assert P.joker_play(e, p.start, p.joker, p.answer) and P.reached(p, e)
    step = 1 if p.opts.dirset else 2
    for d in range(0, 8, step):
        if d != p.answer:
            assert not P.check(p, d)
    if not p.opts.dirset:
        assert not P.check(p, p.answer | 1)  # a diagonal is not in the simple set
    assert not P.check(p, 8) and not P.check(p, -1)


def test_joker_picture_two_hides_the_jokers_direction():
    p = gen(P.JOKER, 5)
    two = " ".join(p.rows2)
    if p.target_arrays()[0][p.joker] != NONE:
        assert "?" + board.RANK_CHARS[p.joker] in two


# ---------------------------------------------------------------- REACH
@FAST
@given(st.integers(0, 0xFFFF))
def test_reach_generated_answer_reaches_the_target_in_the_fewest_moves(seed):
    p = gen(P.REACH, seed)
    assert 2 <= p.moves <= P.GEN_REACH_MAX and len(p.answer) == p.moves
    assert P.check(p, p.answer)
    assert P.shortest(p, p.moves - 1) is None  # no shorter way
    assert p.rows2 != p.rows


@FAST
@given(st.integers(0, 0xFFFF), st.lists(st.integers(0, 11), min_size=1, max_size=3))
def test_reach_wrong_move_lists_are_rejected(seed, moves):
    p = gen(P.REACH, seed)
    e = P.new_engine(p)
    ok = True
    for a in moves:
        ok = ok and e.play(a)
    expected = ok and len(moves) <= p.moves and P.reached(p, e)
    assert P.check(p, moves) == expected
    assert not P.check(p, p.answer + [p.answer[0]] * (P.MAX_MOVES))  # too many moves
    assert not P.check(p, p.answer[:-1])


def test_reach_compares_positions_not_move_lists():
    # two different move lists that end in the same position are both right
    for seed in range(200):
        p = gen(P.REACH, seed)
        e = P.new_engine(p)
        buf = bytearray(12)
        n = e.legal(buf)
        acts = list(buf[:n])
        for a in acts:
            for b in acts:
                if [a, b] != p.answer and len(p.answer) == 2 and P.check(p, [a, b]):
                    return
    pytest.skip("no REACH puzzle with two ways among 200 seeds")  # pragma: no cover


# ---------------------------------------------------------------- generator
def test_generate_is_deterministic_per_seed():
    for kind in range(3):
        a = P.puzzle_text(P.generate(kind, 77))
        b = P.puzzle_text(P.generate(kind, 77, Engine()))
        assert a == b
        assert a != P.puzzle_text(P.generate(kind, 78))


def test_generated_puzzles_read_back_from_their_pack_text():
    for kind in range(3):
        for seed in range(5):
            p = gen(kind, seed)
            q = G.parse_text(P.puzzle_text(p))
            assert P.puzzle_text(q) == P.puzzle_text(p)
            assert q.answer == p.answer and P.check(q, q.answer)
            assert len(p.question()) <= 40


def test_generate_time_within_device_budget():
    worst = 0.0
    total = 0.0
    n = 0
    for kind in range(3):
        for seed in range(40):
            t = time.process_time()
            gen(kind, seed)
            dt = time.process_time() - t
            worst = max(worst, dt)
            total += dt
            n += 1
    print("mobger generate: mean %.1f ms, worst %.1f ms host CPU (x150: %.2f s, %.2f s)"
          % (total / n * 1e3, worst * 1e3, total / n * 150, worst * 150))
    assert total / n * 150 < 1.5


def test_generate_rejects_an_unknown_kind():
    with pytest.raises(ValueError):
        P.generate(3, 1)


# ---------------------------------------------------------------- shipped packs
def test_shipped_packs_parse_and_every_answer_checks():
    files = sorted(os.listdir(LEVELS))
    assert files == list(G.PACK_FILES)
    total = 0
    for kind, name in enumerate(G.PACK_FILES):
        pack = Pack(os.path.join(LEVELS, name), P.FORMAT)
        assert pack.errors == [] and pack.count >= 10
        variants = set()
        for i in range(pack.count):
            p = P.FORMAT.parse(pack.level(i), pack.header)
            assert p.kind == kind
            assert P.FORMAT.check_level(p) is None, (name, i)
            assert P.check(p, p.answer)
            variants.add((p.opts.dirset, p.opts.reflect_borders, p.opts.width,
                          "R." in " ".join(p.rows) or "L." in " ".join(p.rows)))
        assert len(variants) >= 6  # simple/extended sets, borders, sizes, columns
        total += pack.count
    assert total >= 30
    assert cli.check_main([LEVELS], out=open(os.devnull, "w")) == 0


def test_shipped_packs_are_ordered_easy_to_hard():
    for name in G.PACK_FILES:
        pack = Pack(os.path.join(LEVELS, name), P.FORMAT)
        sizes = []
        for i in range(pack.count):
            p = P.FORMAT.parse(pack.level(i), pack.header)
            sizes.append((p.opts.width * p.opts.height, p.moves))
        cells = [s[0] for s in sizes]
        assert cells == sorted(cells)
        assert [s[1] for s in sizes] == sorted(s[1] for s in sizes)


def test_shipped_packs_regenerate_identically(tmp_path):
    class A:
        all = True
        out_dir = str(tmp_path)
    assert cli.cmd_generate(A(), out=open(os.devnull, "w")) == 0
    for name in G.PACK_FILES:
        with open(os.path.join(LEVELS, name)) as f, open(os.path.join(tmp_path, name)) as g:
            assert f.read() == g.read()


def test_generate_command_writes_a_checkable_pack(tmp_path):
    class A:
        all = False
        kind = "reach"
        count = 3
        seed = 10
        out = str(tmp_path / "r.txt")
    assert cli.cmd_generate(A(), out=open(os.devnull, "w")) == 0
    assert cli.check_pack(A.out) == []
    assert Pack(A.out, P.FORMAT).count == 3


# ---------------------------------------------------------------- format errors
START_ROWS = [">3 .. .. .. ..", ".. .. .. .. ..", "<2 .. ^0 .. <1", ".. .. .. .. ..",
              ".. .. .. .. .."]


def parse(rows, **meta):
    return P.FORMAT.parse(Level(0, "", 10, rows, "", dict(meta)), {})


def reason(rows, **meta):
    with pytest.raises(PackError) as exc:
        parse(rows, **meta)
    return exc.value.line, exc.value.reason


def test_format_reads_a_start_puzzle():
    p = parse(START_ROWS, puzzle="start", target="1", answer="2")
    assert (p.kind, p.target, p.answer, p.opts.gers) == (P.START, 1, 2, 4)
    assert p.question() == "Who starts to house Red?"
    assert P.check(p, 2) and not P.check(p, 1) and not P.check(p, 0) and not P.check(p, 3)


def test_format_errors_name_the_reason():
    assert reason(START_ROWS, target="1", answer="2") == (10, "no Puzzle: key (start, joker "
                                                              "or reach)")
    assert "is not start, joker or reach" in reason(START_ROWS, puzzle="x", answer="1")[1]
    assert reason(START_ROWS, puzzle="start", target="1")[1] == "no Answer: key"
    assert "Target: rank 0" in reason(START_ROWS, puzzle="start", target="0", answer="1")[1]
    assert "not a rank" in reason(START_ROWS, puzzle="start", target="Z", answer="1")[1]
    bad = list(START_ROWS)
    bad[2] = "<2 .. w0 .. <1"
    line, why = reason(bad, puzzle="start", target="1", answer="2")
    assert line == 12 and "picture one" in why and "unknown direction" in why
    short = START_ROWS[:4]
    assert "5x4" in reason(short, puzzle="start", target="1", answer="2")[1] or \
        "boards are" in reason(short, puzzle="start", target="1", answer="2")[1]
    assert "needs picture two" in reason(START_ROWS, puzzle="reach", moves="2", answer="1")[1]
    two = [r + " | " + r for r in START_ROWS]
    assert "one picture" in reason(two, puzzle="start", target="1", answer="2")[1]
    assert "no Joker" in reason(two, puzzle="joker", start="1", answer="up")[1]
    assert "Moves: 0" in reason(two, puzzle="reach", moves="0", answer="1")[1]
    assert "Answer: 3 moves" in reason(two, puzzle="reach", moves="2", answer="1 2 3")[1]
    assert "Options:" in reason(START_ROWS, puzzle="start", target="1", answer="2",
                                options="dirs=7")[1]
    assert "Options:" in reason(START_ROWS, puzzle="start", target="1", answer="2",
                                options="joker=1")[1]
    moved = [START_ROWS[k] + " | " + (START_ROWS[k] if k != 1 else "R. .. .. .. ..")
             for k in range(5)]
    line, why = reason(moved, puzzle="reach", moves="1", answer="1")
    assert line == 11 and "never move" in why
    uneven = [START_ROWS[0] + " | " + START_ROWS[0]] + START_ROWS[1:]
    assert "same number of pictures" in reason(uneven, puzzle="reach", moves="1",
                                               answer="1")[1]


def test_format_joker_answer_names_and_glyphs():
    p = gen(P.JOKER, 3)
    text = P.puzzle_text(p)
    for alt in (P.DIR_NAMES[p.answer], board.DIR_GLYPHS[p.answer]):
        q = G.parse_text(text.replace("Answer: " + P.DIR_NAMES[p.answer], "Answer: " + alt))
        assert q.answer == p.answer
    with pytest.raises(PackError) as exc:
        G.parse_text(text.replace("Answer: " + P.DIR_NAMES[p.answer], "Answer: sideways"))
    assert "not a direction" in exc.value.reason


def test_board_line_predicate_keeps_keys_and_text_out():
    assert P.is_board_line(".. >1 H. ..")
    assert P.is_board_line("?2 .. | .. ^0")
    assert not P.is_board_line("Puzzle: start")
    assert not P.is_board_line("R. Smith's puzzles")
    assert not P.is_board_line("First steps")
    assert P.row_width(".. .. .. | .. .. .. ..") == 4


def test_verify_reports_a_wrong_stored_answer():
    p = parse(START_ROWS, puzzle="start", target="1", answer="3")
    assert P.verify(p)[1].startswith("the stored Answer: 3 is wrong")
    p = parse(START_ROWS, puzzle="start", target="1", answer="2")
    assert P.verify(p) is None


def test_target_start_or_answer_rank_beyond_the_gers_on_the_board_is_a_pack_error_with_line():
    # issue 12 #7: Target: 9 on a 4-Ger board raised IndexError ("bytearray index out of range")
    line, why = reason(START_ROWS, puzzle="start", target="9", answer="2")
    assert line == 10 and "Target: rank 9 is beyond the 4 Gers" in why
    line, why = reason(START_ROWS, puzzle="start", target="1", answer="B")
    assert line == 10 and "Answer: rank B is beyond" in why
    p = gen(P.JOKER, 3)
    text = P.puzzle_text(p)
    for key in ("Start", "Joker"):
        i = text.index(key + ": ")
        bad = text[:i] + key + ": B" + text[text.index("\n", i):]
        with pytest.raises(PackError) as exc:
            G.parse_text(bad)
        assert "%s: rank B is beyond" % key in exc.value.reason and exc.value.line >= 1
    two = [r + " | " + r for r in START_ROWS]
    line, why = reason(two, puzzle="reach", moves="2", answer="1 A")
    assert line == 10 and "Answer: rank A is beyond" in why
