"""Move records shared by the games: LURD letters, a count repeats the next move.

`u r d l` are actions 0..3 (lowercase a plain step, uppercase a step that acted on a piece);
each game names its two other actions (4 and 5) with one character each, e.g. "*~" or "+-".
Spaces and line breaks are ignored, so long solutions may wrap. Expansion is bounded: a run is
at most RUN_MAX moves, a move list at most MOVES_MAX (the pack reader checks stored solutions
against the same limits: handheld.packs_solution); beyond, MoveError.
"""
RUN_MAX = 255  # longest run ("255r"); a board is at most 64 cells wide
MOVES_MAX = 4000  # moves in a stored solution, runs expanded
LOWER = "urdl"
UPPER = "URDL"


class MoveError(ValueError):
    def __init__(self, index, reason):
        ValueError.__init__(self, "move %d: %s" % (index, reason))
        self.index = index
        self.reason = reason


def tokens(text, extra):
    """-> list of (action, case, position); case 1 upper, 0 lower, -1 for the extra actions.
    extra: the characters of actions 4 and 5."""
    out = []
    count = 0
    for i in range(len(text)):
        c = text[i]
        if "0" <= c <= "9":
            count = count * 10 + ord(c) - 48
            if count > RUN_MAX:
                raise MoveError(len(out), "a run of %d moves; the most is %d" % (count, RUN_MAX))
            continue
        if c == " " or c == "\t" or c == "\r" or c == "\n":
            continue
        k = LOWER.find(c)
        if k >= 0:
            tok = (k, 0)
        else:
            k = UPPER.find(c)
            if k >= 0:
                tok = (k, 1)
            elif c == extra[0]:
                tok = (4, -1)
            elif c == extra[1]:
                tok = (5, -1)
            else:
                raise MoveError(len(out), "%r is not a move (moves: urdl URDL %s %s)"
                                % (c, extra[0], extra[1]))
        if len(out) + (count or 1) > MOVES_MAX:
            raise MoveError(len(out), "more than %d moves" % MOVES_MAX)
        for _ in range(count or 1):
            out.append((tok[0], tok[1], i))
        count = 0
    if count:
        raise MoveError(len(out), "a number at the end repeats nothing")
    return out


def count(text, extra):
    """Moves in a stored solution, runs counted, nothing expanded; -1 when unreadable (the
    screens show "unreadable" instead of raising)."""
    from handheld.packs_solution import new_state, check_part, check_end
    st = new_state()
    if check_part(text.replace("\r", "").replace("\n", ""), LOWER + UPPER + extra + "0123456789",
                  st) is not None or check_end(st) is not None:
        return -1
    return st[1]


def parse(text, extra):
    """Move text -> list of actions (either case is accepted for a step)."""
    out = []
    for a, case, pos in tokens(text, extra):
        out.append(a)
    return out


def format_moves(src, letter):
    """Moves as text: src is an engine (its retained history()) or history entries (action |
    kind << 3); letter(action, kind) is the game's spelling of one entry."""
    hist = src.history() if hasattr(src, "history") else src
    out = []
    for h in hist:
        out.append(letter(h & 7, (h >> 3) & 7))
    return "".join(out)
