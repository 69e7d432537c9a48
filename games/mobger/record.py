"""MobGer game record: the text form of a game (record_text) and its replay (replay_record)."""

from games.mobger.engine import Engine
from games.mobger.options import Options
from games.mobger.constants import DRAW


def record_text(engine):
    """Header, options line, start board rows, moves line (ranks as in the board text)."""
    from games.mobger.board import position_rows_start, RANK_CHARS
    lines = ["MobGer record 1", "Game: mobger", "options " + engine.opts.text(), "board"]
    lines.extend(position_rows_start(engine))
    mv = []
    for i in range(engine.nactions):
        mv.append(RANK_CHARS[engine.actions[i]])
    lines.append("moves " + " ".join(mv))
    w = engine.winner()
    lines.append("result " + ("running" if w < 0 else ("draw" if w == DRAW else "player %d" % (w + 1))))
    return "\n".join(lines) + "\n"


def replay_record(text):
    """Engine after the record's moves; ValueError with the line and reason on a bad record."""
    from games.mobger.board import RANK_CHARS
    lines = [ln.strip() for ln in text.replace("\r", "").split("\n")]
    lines = [ln for ln in lines if ln and not ln.startswith(";")
             and not ln.lower().startswith("game:")]
    if not lines or lines[0] != "MobGer record 1":
        raise ValueError("not a MobGer record (first line must be 'MobGer record 1')")
    if len(lines) < 2 or not lines[1].startswith("options"):
        raise ValueError("record line 2 must be 'options ...'")
    opts = Options.parse(lines[1][7:])
    i = 2
    rows = None
    if i < len(lines) and lines[i] == "board":
        rows = lines[i + 1:i + 1 + opts.height]
        i += 1 + opts.height
    e = Engine()
    if rows is None:
        e.new_game(opts)
    else:
        e.load_position(opts, rows)
    if i >= len(lines) or not lines[i].startswith("moves"):
        raise ValueError("record: a 'moves' line must follow the board")
    toks = lines[i][5:].split()
    for k in range(len(toks)):
        t = toks[k]
        if len(t) != 1 or t not in RANK_CHARS:
            raise ValueError("record move %d: %r is not a rank character" % (k + 1, t))
        if not e.play(RANK_CHARS.index(t)):
            raise ValueError("record move %d: Ger %s cannot move here" % (k + 1, t))
    return e
