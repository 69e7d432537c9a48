"""Checks level packs on the host: `python -m host_sim packs check [files or folders]`.

Every pack is indexed with the device's own reader (handheld.packs.Pack), then every level is
read back and handed to its game's parse(), and stored solutions are replayed with the game's
verify() when it has one; a level without one is searched by the game's host solver where it
has a prove() (Mental IQ+: no solution is a problem, a search that stops first a warning;
Whirly: only a level proven unsolvable is reported).
Problems come out as "file:line: message", like a compiler's; warnings (a stored solution the
device ignores, a capped check, levels left out) as "file:line: warning: message". The launcher sees the same: a problem at file level (no level,
an error in the header, too many errors) makes the pack "!" in its pack list, a problem inside a
level makes only that level unplayable, a warning blocks nothing.
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(_ROOT, "lib") not in sys.path:
    sys.path.insert(0, os.path.join(_ROOT, "lib"))

from handheld import packs  # noqa: E402
from handheld.packs import Pack, PackError  # noqa: E402

EXTS = (".txt", ".sok", ".xsb", ".lvl")
WARNING = "warning: "
USAGE = "usage: python -m host_sim packs check [FILE_OR_FOLDER ...]   (default: levels/)"


def _pack_files(path):
    """The pack files under a folder (recursively, sorted), or the path itself for a file."""
    if not os.path.isdir(path):
        return [path]
    found = []
    for folder, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files, key=str.lower):
            if not name.startswith(".") and name.lower().endswith(EXTS):
                found.append(os.path.join(folder, name))
    return found


class _AnyBoard:
    """A game_format whose boards are those of any registered game: finds the header's end."""

    def __init__(self, registry):
        self.tests = [g.PACK_FORMAT.is_board_line for g in registry if hasattr(g, "PACK_FORMAT")]

    def is_board_line(self, text):
        for test in self.tests:
            if test(text):
                return True
        return False


def _header_game(path, registry):
    """(game id, line) from a `Game:` key in the pack header, or (None, 0)."""
    fmt = _AnyBoard(registry)
    with open(path, "rb") as f:
        data = f.read()
    # any line end (an old Mac file's CR too); 8-bit text as the reader reads it
    for lineno, raw in enumerate(data.splitlines(), 1):
        text = raw.decode("utf-8", "replace").lstrip("\ufeff")
        kind, key, value = packs._classify(text, fmt)
        if kind == packs._BOARD:
            break
        if kind == packs._KEY and key == "game":
            return value, lineno
    return None, 0


def _game_of(path, registry, problems):
    by_id = {}
    for g in registry:
        by_id[g.ID.lower()] = g
    folder = os.path.basename(os.path.dirname(os.path.abspath(path))).lower()
    named, line = _header_game(path, registry)
    game = by_id.get(folder)
    if named is not None:
        other = by_id.get(named.lower())
        if other is None:
            problems.append("%s:%d: unknown game %r (known: %s)"
                            % (path, line, named, ", ".join(sorted(by_id))))
        elif game is not None and other is not game:
            problems.append("%s:%d: Game: %s does not match its folder levels/%s/"
                            % (path, line, named, folder))
        elif game is None:
            game = other
    if game is None and named is None:
        problems.append("%s:1: unknown game: put the pack in levels/<game>/ or add a "
                        "'Game: <id>' line to its header (games: %s)"
                        % (path, ", ".join(sorted(by_id))))
    return game


def _check_pack(path, game, problems, stats):
    fmt = getattr(game, "PACK_FORMAT", None)
    if fmt is None:
        problems.append("%s:1: %s has no level packs" % (path, game.NAME))
        return
    try:
        pack = Pack(path, fmt)
    except OSError as exc:
        problems.append("%s:1: cannot read: %s" % (path, exc))
        return
    stats["packs"] += 1
    stats["levels"] += pack.count
    for line, reason in pack.errors:
        problems.append("%s:%d: %s" % (path, line, reason))
    if pack.problem is not None and pack.problem not in pack.errors:
        problems.append("%s:%d: %s" % (path, pack.problem[0], pack.problem[1]))
    for line, reason in pack.warnings:
        problems.append("%s:%d: %s%s" % (path, line, WARNING, reason))
    known = set(pack.errors)
    parse = getattr(fmt, "parse", None)
    verify = getattr(fmt, "verify", None)
    check_level = getattr(fmt, "check_level", None)   # levels that carry their own answer
    for i in range(pack.count):
        try:
            level = pack.level(i)
        except PackError as exc:
            if (exc.line, exc.reason) not in known:
                problems.append("%s:%d: %s" % (path, exc.line, exc.reason))
            continue
        if parse is None:
            continue
        try:
            obj = parse(level, pack.header)
        except PackError as exc:
            problems.append("%s:%d: %s" % (path, exc.line, exc.reason))
            continue
        except Exception as exc:  # a crashing parser is a bug worth a line of its own
            problems.append("%s:%d: level %d: parse crashed: %s: %s"
                            % (path, level.first_line, i + 1, type(exc).__name__, exc))
            continue
        if check_level is None and not level.solution:
            why = _prove(game, obj)
            if why:
                warn = why.startswith(WARNING)
                problems.append("%s:%d: %slevel %d: %s" % (
                    path, level.first_line, WARNING if warn else "", i + 1,
                    why[len(WARNING):] if warn else why))
            continue
        if check_level is not None or (verify is not None and level.solution):
            try:
                bad = check_level(obj) if check_level is not None else \
                    verify(obj, level.solution)
            except Exception as exc:
                bad = (None, "verify crashed: %s: %s" % (type(exc).__name__, exc))
            if bad:
                index, reason = bad
                where = "" if index is None else " at move %d" % (index + 1)
                line = level.solution_line or level.first_line
                if reason.startswith(WARNING):   # e.g. a check that ran out of its budget
                    problems.append("%s:%d: %slevel %d: %s"
                                    % (path, line, WARNING, i + 1, reason[len(WARNING):]))
                else:
                    problems.append("%s:%d: level %d: solution fails%s: %s"
                                    % (path, line, i + 1, where, reason))


def _prove(game, level):
    """A level with no stored solution: the game's host solver proves it solvable where it has
    a prove() (host_sim/<game>/solver.py); -> None, a reason, or "warning: ..." """
    import importlib
    try:
        solver = importlib.import_module("host_sim.%s.solver" % game.ID)
    except ImportError:
        return None
    prove = getattr(solver, "prove", None)
    return prove(level) if prove is not None else None


def check_paths(paths, registry, stats=None):
    """Check packs (files, or folders searched recursively); returns "file:line: message" lines
    (warnings: "file:line: warning: message"; is_warning() tells them apart).

    stats, when given, is a dict that receives the counts "packs" and "levels".
    """
    if stats is None:
        stats = {}
    stats.setdefault("packs", 0)
    stats.setdefault("levels", 0)
    problems = []
    for path in paths:
        if not os.path.exists(path):
            problems.append("%s:0: no such file or folder" % path)
            continue
        for f in _pack_files(path):
            game = _game_of(f, registry, problems)
            if game is not None:
                _check_pack(f, game, problems, stats)
    return problems


def is_warning(line):
    return (": " + WARNING) in line


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def main(argv, registry, out=None):
    """Print one line per problem or warning and a summary; exit status 1 if any problem,
    else 0 (warnings alone pass); 2 with one line on stderr for a path that does not exist."""
    if out is None:
        out = sys.stdout
    argv = list(argv)
    if "-h" in argv or "--help" in argv:
        print(USAGE, file=out)
        return 0
    if not argv:
        argv = [os.path.join(_ROOT, "levels")]
    for path in argv:     # a mistyped path is a bad argument, not a pack with a problem
        if path.startswith("-"):
            print("packs check: unknown option %r (%s)" % (path, USAGE), file=sys.stderr)
            return 2
        if not os.path.exists(path):
            print("packs check: %s: no such file or folder" % path, file=sys.stderr)
            return 2
    stats = {}
    problems = check_paths(argv, registry, stats)
    for p in problems:
        print(p, file=out)
    warned = len([p for p in problems if is_warning(p)])
    summary = "%s, %s, %s" % (_plural(stats["packs"], "pack"), _plural(stats["levels"], "level"),
                              _plural(len(problems) - warned, "problem"))
    if warned:
        summary += ", " + _plural(warned, "warning")
    print(summary, file=out)
    return 1 if len(problems) > warned else 0
