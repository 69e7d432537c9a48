"""Whirly's named games as data: one rules table each (interaction matrix, depth, herd radius).

A game is decided by what happens when an actor (the hero, or a box pushing further) meets a box.
The answer depends on the actor's race and on how the two colours relate:

    "="  same colour          "x"  one of them is grey (colour 0), not equal
    "<"  box colour is lower   ">"  box colour is higher (both coloured)

"=" and "x" together are "colour-matching" (the seed's rule). Each table row is four letters,
one per relation in that order:

    .  nothing (blocked)   P  push   L  pull   S  swap   V  leap (box jumps over the hero)
    J  jump (hero jumps over the box)

The hero row is used when the hero meets a box, the box row when a pushed box meets the next one
(only "." and "P" are defined there: a box inside a push train can only push on or stop).
A hero never acts on another hero: heroes block each other.

depth: DEEPNESS_LIMIT, how many boxes one move may move in a row (0 = unlimited).
herd: flocking radius (0 = none). co: the co-game's id, or None when there is none.

Adding a variant is one line in TABLE plus its text in rules_text.RULES_TEXT (a module of its
own, read only when a rules page opens: play never needs the texts).
"""

NONE = 0
PUSH = 1
PULL = 2
SWAP = 3
LEAP = 4
JUMP = 5
KIND_NAMES = ("none", "push", "pull", "swap", "leap", "jump")
_LETTERS = ".PLSVJ"  # table letter of each kind above

EQUAL = 0
GREY = 1
LOWER = 2
HIGHER = 3

# id, title, hero row, box row, depth, herd, co-game id
TABLE = (
    ("sokoban", "Sokoban", "PPPP", "....", 1, 0, "co-sokoban"),
    ("co-sokoban", "Co-Sokoban", "LLLL", "....", 1, 0, "sokoban"),
    ("colorban", "Colorban", "PP..", "....", 1, 0, "co-colorban"),
    ("flocks", "Whirly/Flocks", "PP..", "....", 1, 1, None),
    ("monkeyban", "Monkeyban", "PPPP", "....", 1, 1, None),
    ("pullpush", "PullPush", "PPLL", "....", 1, 0, "co-pullpush"),
    ("co-pullpush", "Co-PullPush", "LLPP", "....", 1, 0, "pullpush"),
    ("doubleban", "Doubleban", "PPPP", "PPPP", 2, 0, None),
    ("colortrain", "Colortrain", "PP..", "PP..", 0, 0, None),
    ("boximaze", "BoxiMaze", "PPPP", "....", 1, 0, "co-boximaze"),
    ("leappush", "LeapPush", "PPVV", "....", 1, 0, "co-leappush"),
    ("pullswappush", "PullSwapPush", "PPLS", "....", 1, 0, "co-pullswappush"),
)

NAMES = tuple(row[0] for row in TABLE)  # the selectable games, in menu order



def relation(actor, peer):
    """Relation of two colours (0 = grey): EQUAL, GREY, LOWER (peer lower) or HIGHER."""
    if actor == peer:
        return EQUAL
    if actor == 0 or peer == 0:
        return GREY
    return LOWER if peer < actor else HIGHER


def matches(a, b):
    """The seed's colour match: same colour, or either one grey."""
    return a == b or a == 0 or b == 0


class Rules:
    """One game's rules. `inter` is the lookup the engine uses on every move:
    inter[race * 100 + actor_colour * 10 + peer_colour] -> kind, race 0 = hero, 1 = box."""

    def __init__(self, name, title, hero, box, depth, herd, co_game=None, text=""):
        if len(hero) != 4 or len(box) != 4:
            raise ValueError("rules %s: a row has four letters (= x < >)" % name)
        for c in hero + box:
            if _LETTERS.find(c) < 0:
                raise ValueError("rules %s: unknown interaction %r" % (name, c))
        for c in box:
            if c != "." and c != "P":
                raise ValueError("rules %s: a box can only push on (P) or stop (.)" % name)
        if depth < 0 or herd < 0 or herd > 7:
            raise ValueError("rules %s: depth >= 0 and 0 <= herd <= 7" % name)
        self.name = name
        self.title = title
        self.hero_row = hero
        self.box_row = box
        self.depth = depth
        self.herd = herd
        self.co_game = co_game
        self._text = text
        inter = bytearray(200)
        for a in range(10):
            for p in range(10):
                r = relation(a, p)
                inter[a * 10 + p] = _LETTERS.find(hero[r])
                inter[100 + a * 10 + p] = _LETTERS.find(box[r])
        self.inter = bytes(inter)

    @property
    def text(self):
        """The rules page's text; a named game's is read from rules_text.py when asked."""
        if self._text is None:
            return _texts().get(self.name, "")
        return self._text

    def kind(self, actor_colour, peer_colour, race=0):
        """Interaction kind when an actor (race 0 hero, 1 box) meets a box."""
        return self.inter[race * 100 + actor_colour * 10 + peer_colour]

    def co_derivable(self):
        """A co-game is the same table with push and pull exchanged; it is exact only for
        depth 1 without flocking (swap, leap and jump are their own co-moves)."""
        return self.depth == 1 and self.herd == 0 and self.box_row == "...."

    def __repr__(self):
        return "Rules(%s %s/%s depth=%d herd=%d)" % (self.name, self.hero_row, self.box_row,
                                                    self.depth, self.herd)


def _texts():
    # The texts module is read and let go again: a rules page is rare, play never needs it.
    import sys
    from games.whirly import rules_text
    sys.modules.pop("games.whirly.rules_text", None)
    pkg = sys.modules.get("games.whirly")
    if pkg is not None and "rules_text" in pkg.__dict__:
        delattr(pkg, "rules_text")
    return rules_text.RULES_TEXT


def _key(name):
    # "Whirly/Flocks", "co_sokoban", "Co-PullPush" -> letters only, lower case
    out = []
    for c in name.lower():
        if "a" <= c <= "z":
            out.append(c)
    return "".join(out)


_ALIASES = {"whirly": "flocks", "whirlyflocks": "flocks", "colourban": "colorban",
            "colourtrain": "colortrain"}
_cache = {}
_made = {}


def _by_key():
    if not _cache:
        for row in TABLE:
            _cache[_key(row[0])] = row
    return _cache


def get(name):
    """Rules by game id or title, case and punctuation ignored ("Whirly/Flocks", "co-sokoban").
    "co-X" for a game X without a named co-game is derived from X when that is exact.
    Raises ValueError for an unknown game."""
    if isinstance(name, Rules):
        return name
    k = _key(name or "sokoban")
    k = _ALIASES.get(k, k)
    table = _by_key()
    r = _made.get(k)
    if r is not None:
        return r
    row = table.get(k)
    if row is not None:
        r = Rules(row[0], row[1], row[2], row[3], row[4], row[5], row[6], None)
        _made[k] = r  # built once: parse and load ask on every level
        return r
    if k[:2] == "co":
        base = k[2:]
        base = _ALIASES.get(base, base)
        if base in table:
            return co_rules(get(base))
    raise ValueError("unknown game variant %r" % name)


def co_rules(r):
    """The co-game of r: same positions, reversed moves. Raises ValueError when r has none."""
    r = get(r)
    if r.co_game is not None and _key(r.co_game) in _by_key():
        return get(r.co_game)
    if not r.co_derivable():
        raise ValueError("%s has no co-game (depth %d, herd %d)" % (r.title, r.depth, r.herd))
    swap = {"P": "L", "L": "P"}
    hero = "".join(swap.get(c, c) for c in r.hero_row)
    name = r.co_game or ("co-" + r.name)
    title = r.title[3:] if r.title[:3] == "Co-" else "Co-" + r.title
    text = "Co-game of %s: every push becomes a pull (press toward the box and step back) " \
           "and every pull a push." % r.title
    return Rules(name, title, hero, r.box_row, r.depth, r.herd, r.name, text)
