"""The Mental IQ+ level generator (host_sim/mentaliq/generator.py, issue 15): deterministic for
a seed, every level it keeps is solvable, its stored solution is the BFS solver's shortest and
uses every special piece the board shows. Small and fast: the tiny tier only."""
from games.mentaliq import board
from host_sim.mentaliq import generator, packfile, solver


def made_text(made):
    return [(m.level, m.moves, m.length, m.pushes) for m in made]


def test_the_generator_is_deterministic_for_a_seed():
    a = generator.generate(3, generator.TINY)
    b = generator.generate(3, generator.TINY)
    assert a and made_text(a) == made_text(b)


def test_a_generated_level_is_solved_by_its_shortest_solution_and_uses_its_pieces():
    for seed in (1, 2):
        for m in generator.generate(seed, generator.TINY):
            lv = board.parse_rows(m.level.split("\n"))
            assert board.verify(lv, m.moves) is None
            st = {}
            assert solver.solve(lv, time_limit=None, max_states=m.tier.states, stats=st)
            assert st["moves"] == m.length == len(board.parse_moves(m.moves))
            assert generator.uses_everything(lv, m.moves)
            assert m.tier.low <= m.length <= m.tier.high


def test_the_command_line_writes_a_pack_that_reads_back(tmp_path, capsys):
    out = tmp_path / "p.txt"
    assert generator.main(["--seed", "3", "--tiers", "tiny", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "1 levels in" in printed and "wrote" in printed
    pack, items = packfile.levels(str(out))
    assert pack.header.get("game") == "mentaliq" and len(items) == 1
    text = out.read_text()
    assert "; regenerate: python -m host_sim.mentaliq.generator --seed 3 --tiers tiny" in text
    i, raw, lv, err = items[0]
    assert err is None and board.verify(lv, raw.solution) is None


def test_tiers_fit_the_handheld_and_the_long_roads_tiers_reach_60_moves():
    for t in generator.LONG_ROADS + generator.TINY:
        assert 1 <= t.planes <= 3 and t.width <= 16 and t.height <= 8
    assert max(t.low for t in generator.LONG_ROADS) >= 60
