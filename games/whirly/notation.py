"""Move notation, co-paths and co-maps.

Letters u r d l move the active hero up, right, down, left (actions 0..3), named by the direction
pressed. Lowercase: the step pushed or pulled nothing. Uppercase: the step pushed or pulled a
box (so its co-move is pressed the same way). Swap, leap and jump are written lowercase: their
co-move is pressed the opposite way, exactly like a plain step. `*` is SELECT (action 4: the
next hero in reading order), `~` the previous hero (action 5, the co-move of `*`).
A number repeats the next move ("3r2U" = "rrrUU"); spaces and line ends are ignored.

parse_moves() accepts either case for a direction; verify_moves() checks the case too.
"""

from handheld import moves
from handheld.moves import LOWER, UPPER, MoveError  # noqa: F401 (part of this module's API)

_FLIP = {"u": "d", "d": "u", "l": "r", "r": "l", "*": "~", "~": "*"}


def _tokens(text):
    return moves.tokens(text, "*~")


def parse_moves(text):
    """Move text -> list of actions (either case is accepted for a step)."""
    return moves.parse(text, "*~")


def letter(action, kind):
    """The letter of one history entry (engine kinds: 1 push, 2 pull are uppercase)."""
    if action == 4:
        return "*"
    if action == 5:
        return "~"
    return UPPER[action] if kind == 1 or kind == 2 else LOWER[action]


def format_moves(src):
    """Moves as text: src is an Engine (its retained history) or history entries
    (action | kind << 3)."""
    return moves.format_moves(src, letter)


def copath(text):
    """The co-path: reverse the moves, flip lowercase directions (u<->d, l<->r) and the hero
    selection (* <-> ~), keep uppercase letters. copath("uullURdl") == "ruRUrrdd"."""
    toks = _tokens(text)
    out = []
    for j in range(len(toks) - 1, -1, -1):
        a, case, pos = toks[j]
        c = text[pos]
        out.append(_FLIP.get(c, c))
    return "".join(out)


def verify_moves(engine, text, strict_case=True):
    """Play text on engine: None when every move is possible (and, with strict_case, written in
    the right case), else (move index, reason). Moves before the problem stay played."""
    toks = _tokens(text)
    for i in range(len(toks)):
        a, case, pos = toks[i]
        if not engine.play(a):
            return (i, "move %d (%s) is not possible" % (i + 1, text[pos]))
        if strict_case and case >= 0:
            want = 1 if engine.last_kind == 1 or engine.last_kind == 2 else 0
            if want != case:
                good = letter(a, engine.last_kind)
                return (i, "move %d is %s: write %r, not %r"
                        % (i + 1, "a push or pull" if want else "not a push or pull",
                           good, text[pos]))
    return None


def comap(level, end=None, variant=None):
    """The co-map of level: boxes become targets and targets boxes; each hero's start gets an
    htarget of its colour. With end (an Engine after playing a path on level, or anything with
    .unit and .hero), the units start where end has them, so copath(path) played on the
    co-map under the co-game leads back to level's start. Without end, boxes stand on the old
    targets (in the targets' colours) and heroes on the old htargets (when there is one per
    hero; else on their starts). variant defaults to the co-game of level.variant."""
    from games.whirly import rules
    from games.whirly.board import Level
    from games.whirly.engine import T_HTARGET, T_TARGET, U_BOX, U_HERO
    if variant is None:
        variant = rules.co_rules(level.variant).name
    size = level.width * level.height
    old_u = level.unit
    old_g = level.goal
    goal = bytearray(size)
    for c in range(size):
        u = old_u[c]
        if u >> 4 == 2:
            goal[c] = T_TARGET | (u & 15)
        elif u >> 4 == 1:
            goal[c] = T_HTARGET | (u & 15)
    active = 0
    if end is not None:
        unit = bytearray(end.unit)
        k = 0
        for c in range(size):
            if unit[c] >> 4 == 1:
                if c == end.hero:
                    active = k
                k += 1
    else:
        unit = bytearray(size)
        nh = nht = 0
        for c in range(size):
            if old_u[c] >> 4 == 1:
                nh += 1
            if old_g[c] >> 4 == 1:
                nht += 1
        for c in range(size):
            g = old_g[c]
            if g >> 4 == 2:
                unit[c] = U_BOX | (g & 15)
            elif g >> 4 == 1 and nht == nh:
                unit[c] = U_HERO | (g & 15)
        if nht != nh:
            for c in range(size):
                if old_u[c] >> 4 == 1:
                    if unit[c]:
                        raise ValueError("a hero starts on a target: give end=")
                    unit[c] = old_u[c]
    return Level(level.width, level.height, bytearray(level.ground), goal, unit, variant,
                 level.fmt, level.name, "", active)
