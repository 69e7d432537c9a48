"""Whirly engine: pure rules, no display, no I/O. Runs on CPython, CircuitPython and MicroPython.

Cells are indexed c = y * width + x. Three bytearrays describe a position, each byte being
(kind << 4) | colour, colour 0..9 = x a b c d e f g h i (0 = grey):

    ground[c]  0x00|col floor (ground)   0x10|col wall   0x20 outside (void: blocks everything)
    goal[c]    0 none   0x10|col htarget (a hero's target)   0x20|col target (a box's target)
    unit[c]    0 none   0x10|col hero    0x20|col box

ground and goal never change (they are the level's own arrays); unit is the engine's. A goal and
the unit on it belong together when their kinds are equal (htarget-hero, target-box).

Actions: 0 up, 1 right, 2 down, 3 left (the active hero steps), 4 SELECT (next hero in reading
order after the active one, wrapping), 5 previous hero (the co-move of SELECT).

The Engine's methods live by purpose in moves.py (play), cells.py (cell changes, the undo
ring, undo) and savestate.py (save_state, load_state); they are bound into the class below, so
a call costs what it did when they were written here. Constants: constants.py (re-exported).
"""

from array import array

from handheld.buffers import zeros
from handheld.undoring import UndoRing

from games.whirly import rules as _rules
from games.whirly import cells as _cells
from games.whirly import moves as _moves
from games.whirly import savestate as _save
from games.whirly.constants import *  # noqa: F401,F403 - the public names, as before
from games.whirly.constants import _EMASK, K_BLOCKED, K_PLAIN, UNDO_WORDS
from games.whirly.savestate import _fnv


class Engine(UndoRing):
    def __init__(self, undo_words=UNDO_WORDS):
        self.log = zeros("H", undo_words)
        self.utop = 0  # next free word
        self.ulen = 0  # words in use
        self.dropped = 0  # actions dropped from the full ring since the start
        self.level = None
        self.rules = None
        self.width = self.height = self.size = 0
        self.ground = self.goal = self.start = None
        self.unit = bytearray(0)
        self.hpos = array("H")
        self.heroes = 0
        self.active = 0  # index into hpos
        self.hero = 0  # cell of the active hero
        self.boxes = self.targets = self.htargets = 0
        self.changed = array("H")
        self.nchanged = 0
        self.mark = bytearray(0)  # 1 for cells listed in changed (keeps the list unique)
        self.moves = 0
        self.pushes = 0  # moves that interacted (push, pull, swap, leap, jump)
        self.last_action = -1
        self.last_kind = K_BLOCKED
        self.last_undo = False
        self.sat = array("h", [0, 0, 0])  # [_, heroes on matching htargets, boxes on matching targets]
        self.lead = array("H")
        self.fol = array("H")
        self.fkey = array("h")
        self.off = [0, 0, 0, 0]
        self.inter = None
        self.depth = 1
        self.herd = 0
        self.signature = 0

    # ------------------------------------------------------------------ loading
    def load(self, level, rules=None):
        """Start `level` (a board.Level) under `rules` (Rules or game id; default level.variant)."""
        r = _rules.get(rules if rules is not None else getattr(level, "variant", "sokoban"))
        W = level.width
        H = level.height
        size = W * H
        self.level = level
        self.rules = r
        self.inter = r.inter
        self.depth = r.depth
        self.herd = r.herd
        self.width = W
        self.height = H
        self.size = size
        self.ground = level.ground
        self.goal = level.goal
        self.start = level.unit
        self.off = [-W, 1, W, -1]
        if len(self.unit) != size:
            self.unit = bytearray(size)
        self.nchanged = 0
        self.mark = bytearray(size)
        g = self.ground
        goal = self.goal
        start = self.start
        heroes = boxes = targets = htargets = 0
        hcells = []
        sat = self.sat
        sat[1] = sat[2] = 0
        for c in range(size):
            t = goal[c]
            if t:
                if t >> 4 == 1:
                    htargets += 1
                else:
                    targets += 1
                v = start[c]
                if v and v >> 4 == t >> 4:
                    gc = t & 15
                    v &= 15
                    if gc == v or gc == 0 or v == 0:
                        sat[t >> 4] += 1
            t = start[c]
            if t:
                if t >> 4 == 1:
                    heroes += 1
                    hcells.append(c)
                else:
                    boxes += 1
        if heroes == 0:
            raise ValueError("the level has no hero")
        self.boxes = boxes
        self.targets = targets
        self.htargets = htargets
        self.heroes = heroes
        if len(self.hpos) < heroes:
            self.hpos = array("H", bytes(2 * heroes))
        if len(self.fol) < boxes + 1:
            self.fol = array("H", bytes(2 * (boxes + 1)))
            self.fkey = array("h", bytes(2 * (boxes + 1)))
        n = max(W, H) + 1
        if len(self.lead) < n:
            self.lead = array("H", bytes(2 * n))
        n = 2 * (heroes + boxes) + 4
        if len(self.changed) < n:
            self.changed = array("H", bytes(2 * n))
        if len(self.log) < boxes + 8:  # one action must always fit
            self.log = array("H", bytes(2 * (boxes + 8)))
        h = _fnv(bytes((W, H)))
        h = _fnv(g, h)
        h = _fnv(goal, h)
        self.signature = _fnv(start, h)
        self.unit[:] = start
        for i in range(heroes):
            self.hpos[i] = hcells[i]
        self._reset(getattr(level, "active", 0), False)
        self.nchanged = 0  # the view draws everything after load()

    def restart(self):
        """Back to the level's start; clears the undo log. `changed` lists every cell that differs."""
        u = self.unit
        s = self.start
        self._clear_changed()
        old = self.hero if self.heroes else -1
        for c in range(self.size):
            if u[c] != s[c]:
                self._changed(c)
                u[c] = s[c]
        self._scan_heroes()
        self._reset(getattr(self.level, "active", 0))
        if old >= 0:
            self._changed(old)
        self._changed(self.hero)

    def _reset(self, active, recount=True):
        if active < 0 or active >= self.heroes:
            active = 0
        self.active = active
        self.hero = self.hpos[active]
        if recount:
            self._recount()
        self.moves = self.pushes = 0
        self.utop = self.ulen = self.dropped = 0
        self.last_action = -1
        self.last_kind = K_PLAIN
        self.last_undo = False

    def _scan_heroes(self):
        u = self.unit
        k = 0
        for c in range(self.size):
            if u[c] >> 4 == 1:
                self.hpos[k] = c
                k += 1

    def _recount(self):
        u = self.unit
        g = self.goal
        sat = self.sat
        sat[1] = sat[2] = 0
        for c in range(self.size):
            gv = g[c]
            if not gv:
                continue
            uv = u[c]
            if uv and gv >> 4 == uv >> 4:
                gc = gv & 15
                uc = uv & 15
                if gc == uc or gc == 0 or uc == 0:
                    sat[gv >> 4] += 1

    # ------------------------------------------------------------------ queries
    def goals_left(self):
        """Unmet parts of the objective, boxes and heroes counted separately: with fewer targets
        than boxes, targets without a matching box; else boxes not on a matching target."""
        b = self.boxes
        t = self.targets
        left = (t if t < b else b) - self.sat[2]
        b = self.heroes
        t = self.htargets
        return left + (t if t < b else b) - self.sat[1]

    def solved(self):
        return self.goals_left() == 0

    def can_enter(self, c, colour):
        """May a unit of this colour stand on cell c (walls, coloured floors, outside)?"""
        return (_EMASK[self.ground[c]] >> colour) & 1 == 1

    def hero_colour(self):
        return self.unit[self.hero] & 15

    def can_undo(self):
        return self.ulen > 0

    def key(self):
        """The position as bytes (units, plus the active hero when there are several)."""
        if self.heroes == 1:
            return bytes(self.unit)
        return bytes(self.unit) + bytes((self.hero >> 8, self.hero & 255))

    def text(self, fmt=None):
        """The position in the level's body syntax (or fmt: 'xsb' / 'whirly')."""
        from games.whirly import board
        return board.format_board(self.width, self.height, self.ground, self.goal, self.unit,
                                  fmt or getattr(self.level, "fmt", "whirly"))

    # ------------------------------------------------------------------ cell changes, undo
    _nb = _cells._nb
    _changed = _cells._changed
    _clear_changed = _cells._clear_changed
    _xch = _cells._xch
    _word = _cells._word
    _reserve = _cells._reserve
    _blocked = _cells._blocked
    _done = _cells._done
    _hero_to = _cells._hero_to
    _select = _cells._select
    undo = _cells.undo
    _unwords = _cells._unwords
    _hero_back = _cells._hero_back

    # ------------------------------------------------------------------ play
    play = _moves.play
    _push = _moves._push
    _gather = _moves._gather
    _follow = _moves._follow

    # ------------------------------------------------------------------ save / resume
    _pos_hash = _save._pos_hash
    save_state = _save.save_state
    load_state = _save.load_state
    _load_state = _save._load_state
