"""`python -m host_sim replay PACK --level N --moves TEXT`: a move record through a game's engine.

Exit status: 0 solved/won, 1 not solved, 2 an illegal move (its index is printed), 3 bad input.
"""
import os

from handheld.packs import Pack, PackError


def replay(game, pack_path, number, moves, out=print):
    if not os.path.exists(pack_path):
        out("%s: no such pack" % pack_path)
        return 3
    pack = Pack(pack_path, game.PACK_FORMAT)
    if not 1 <= number <= pack.count:
        out("%s: level %d does not exist (the pack has %d)" % (pack_path, number, pack.count))
        return 3
    try:
        level = game.PACK_FORMAT.parse(pack.level(number - 1), pack.header)
    except PackError as exc:
        out("%s:%s" % (pack_path, exc))
        return 3
    try:
        actions = game.parse_moves(moves)
    except ValueError as exc:
        out("bad move record: %s" % exc)
        return 3
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
