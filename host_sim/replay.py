"""`python -m host_sim replay PACK --level N --moves TEXT`: a move record through a game's engine.

Exit status: 0 solved/won, 1 not solved, 2 bad input: an illegal move (the position before it
and its index are printed) or bad arguments (one line on stderr: no such pack or level, a level
that does not read, a move record that does not parse).
"""
import os
import sys

from handheld.packs import Pack, PackError


def replay(game, pack_path, number, moves, out=print, err=None):
    if err is None:
        def err(line):
            print("replay: " + line, file=sys.stderr)
    if not os.path.isfile(pack_path):
        err("%s: no such pack" % pack_path)
        return 2
    pack = Pack(pack_path, game.PACK_FORMAT)
    if not 1 <= number <= pack.count:
        err("%s: level %d does not exist (the pack has %d %s level%s)"
            % (pack_path, number, pack.count, game.ID, "" if pack.count == 1 else "s"))
        return 2
    try:
        level = game.PACK_FORMAT.parse(pack.level(number - 1), pack.header)
    except PackError as exc:
        err("%s:%s" % (pack_path, exc))
        return 2
    try:
        actions = game.parse_moves(moves)
    except ValueError as exc:
        err("bad move record: %s" % exc)
        return 2
    engine = game.new_engine(level)
    for i, action in enumerate(actions):
        if not engine.play(action):
            out(engine.text())
            out("illegal move %d (%r): the position above is before it" % (i, _move_text(moves, i)))
            return 2
    out(engine.text())
    done = engine.solved()
    out("moves: %d  pushes: %d" % (engine.moves, getattr(engine, "pushes", 0)))
    out("solved: %s" % ("yes" if done else "no"))
    return 0 if done else 1


def _move_text(moves, i):
    letters = [c for c in moves if not c.isspace()]
    return letters[i] if i < len(letters) else "?"
