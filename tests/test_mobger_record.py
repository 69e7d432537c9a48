"""`python -m host_sim record FILE` replays a MobGer game record move by move."""
from games.mobger import engine as E, ai
from handheld.rng import Rng
from host_sim.__main__ import main


def finished_record(tmp_path):
    o = E.Options()
    o.seed = 7
    e = E.Engine()
    e.new_game(o)
    rng = Rng(3)
    while e.winner() < 0:
        e.play(ai.choose(e, 2 + e.turn, rng))
    path = tmp_path / "mobger-001.txt"
    path.write_text(E.record_text(e))
    return e, path


def test_record_command_replays_every_move_to_the_same_result(tmp_path, capsys):
    e, path = finished_record(tmp_path)
    shot = tmp_path / "final.png"
    assert main(["record", str(path), "--shot", str(shot)]) == 0
    out = capsys.readouterr().out
    assert out.count(" chooses ") == e.nactions
    winner = "P%d wins" % (e.winner() + 1) if e.winner() != E.DRAW else "draw"
    assert "Result: " + winner in out
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_damaged_record_is_refused_with_its_reason(tmp_path):
    e, path = finished_record(tmp_path)
    path.write_text(path.read_text().replace("moves ", "moves Z "))
    try:
        main(["record", str(path)])
    except SystemExit as exc:
        assert "record:" in str(exc)
    else:
        raise AssertionError("a bad record was accepted")
