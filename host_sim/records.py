"""Shared by the games' record replays (host_sim/<game>/record.py, `python -m host_sim record`)."""


def load(path, replay):
    """The engine after replaying the record in file `path` with the game's replay(text);
    a missing file or a bad record is a one-line SystemExit naming the file."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise SystemExit("record: %s" % exc)
    try:
        return replay(text)
    except ValueError as exc:
        raise SystemExit("record: %s: %s" % (path, exc))


def final_png(game, make_scene, path):
    """The position as the handheld shows it: make_scene(app) on a fresh headless session."""
    from host_sim.session import Session
    s = Session(games=[game])
    s.app.push(make_scene(s.app))
    s.run(100)
    return s.save(path)
