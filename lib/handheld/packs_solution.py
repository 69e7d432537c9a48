"""Stored solutions (`Solution:` keys) as the pack reader checks them: one set of limits for the
reader and for the move reader (handheld.moves), so a solution the reader keeps always expands.

A solution is move letters; a number repeats the next letter ("3r" is "rrr"). Limits:
RUN_MAX moves in one run, MOVES_MAX moves in all. A solution that breaks a rule (a letter that
is not a move, a run or a total over its limit, a number at the end that repeats nothing) is
ignored with a warning: the level stays playable, without a hint. See docs/formats.md.
"""

# The same limits as handheld.moves (a test holds them equal; importing it here would keep it in
# the heap after reading a pack)
RUN_MAX = 255  # longest run ("255r"); a board is at most 64 cells wide
MOVES_MAX = 4000  # moves in a stored solution, runs expanded


def new_state():
    """[pending count, moves so far] of a solution being read line by line."""
    return [0, 0]


def check_part(text, allowed, st):
    """One line's worth of a solution (blanks allowed): None, or the reason it is unreadable.
    allowed: the game's move_chars (digits in it mean run counts); st: new_state()."""
    count = st[0]
    total = st[1]
    for c in text:
        if c == " " or c == "\t":
            continue
        if allowed.find(c) < 0:
            return "solution has %r, which is not a move (moves: %s)" % (c, allowed)
        if "0" <= c <= "9":
            count = count * 10 + ord(c) - 48
            if count > RUN_MAX:
                return "solution has a run of %d moves; the most is %d" % (count, RUN_MAX)
            continue
        total += count or 1
        count = 0
        if total > MOVES_MAX:
            return "solution has more than %d moves" % MOVES_MAX
    st[0] = count
    st[1] = total
    return None


def check_end(st):
    """The solution ended: None, or the reason it is unreadable."""
    if st[0]:
        return "solution ends with a number (%d) that repeats no move" % st[0]
    return None


def part(sink, st, line, long, text, allowed):
    """The pack reader's check of one solution line (st None: not checked; long: LINE_MAX when
    the line was cut, else 0): the new state, None once a warning was given."""
    if st is None:
        return None
    if long:
        why = "line is longer than %d bytes: split the solution over several lines" % long
    else:
        why = check_part(text, allowed, st)
    if why is None:
        return st
    sink.warn(line, why + "; the solution is ignored")
    return None


def end(sink, st, line):
    why = check_end(st)
    if why is not None:
        sink.warn(line, why + "; the solution is ignored")
