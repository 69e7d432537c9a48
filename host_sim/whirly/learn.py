"""Deadlock patterns learned while a weighted search runs (host only; pure push levels).

A weighted search that has not bettered its best bound for STALL expansions is mostly
searching below a dead position that no test of the solver sees. That best position is checked
by an A* of its own: when it runs out of positions within PROOF of them, the position is dead.
Its boxes are then taken away one at a time, each time kept away when the rest is still proven
dead (MINIMISE positions): what is left, a few boxes and the area the hero walks with only them
on the board, is a pattern that kills every position holding those boxes with the hero in that
area. Sound because taking boxes away never makes a Sokoban position unsolvable: every box
must end on a target, so a solution with more boxes, the extra ones dropped (their pushes
become walks), still solves it. The proofs use only prunings that stay sound with fewer boxes
than targets (PROOF_PRUNE; `spare` in pushpull: an empty target needs no box, a box frozen on
its target is a wall for a bound that gives each box left a target of its own), and the
patterns learned so far.

Measured (README.md, "Learned dead patterns"): with it a forward WA*(10) solves XSokoban #9
in 267 s, which the portfolio without it does not in 600 s; within 60 s (stop 30's version) it
solved none of the XSokoban levels the portfolio leaves, so solver.solve() adds it only past
DEEP_AFTER seconds.
"""

import time

from host_sim.whirly import pushpull

STALL = 5000  # expansions without a better bound before the best position is checked
PROOF = 3000  # positions the check of a whole position may look at
MINIMISE = 2000  # positions each check with one box fewer may look at
# tunnel macros have no proof of completeness (pushpull.OPTIMAL leaves them out too)
PROOF_PRUNE = pushpull.DEFAULT - {"tunnel"}


class Patterns:
    """Dead patterns: (box masks per colour, hero area). A sub-search (a proof) prunes with
    them and learns nothing."""

    def __init__(self, found=None):
        self.found = [] if found is None else found

    def dead(self, boxes, hero):
        """Does the position (box masks, a cell of the hero's region) hold a dead pattern?"""
        for masks, area in self.found:
            if (area >> hero) & 1:
                for b, m in zip(boxes, masks):
                    if b & m != m:
                        break
                else:
                    return True
        return False


class Learner(Patterns):
    """The patterns of one weighted search, learned as it stalls (see the module's text).
    clock: the search's deadline (a list, Search.clock), where the proofs stop unless end (a
    time) is given: the portfolio's own end, so that a proof is not cut where a search's
    turn ends (a proof cut short proves nothing)."""

    def __init__(self, model, clock, stall=STALL, proof=PROOF, minimise=MINIMISE):
        Patterns.__init__(self)
        self.M = model
        self.clock = clock
        self.end = None
        self.stall = stall
        self.proof = proof
        self.minimise = minimise
        self.best = None  # (bound, key, expansions then) of the best position since a check
        self.tried = set()
        self.checks = 0
        self.expanded = 0  # positions the proofs expanded

    def observe(self, key, bound, expanded):
        """The search expanded position key (bound: its lower bound; expanded: positions
        expanded so far)."""
        best = self.best
        if best is None or bound < best[0]:
            self.best = (bound, key, expanded)
        elif expanded - best[2] > self.stall:
            self.best = None
            if best[1] not in self.tried:
                self.tried.add(best[1])
                found = self.learn(best[1][:-1], best[1][-1])
                if found is not None:
                    self.found.append(found)

    def proven_dead(self, boxes, hero, cap):
        """True when an A* from this position runs out of positions within cap of them."""
        left = (self.clock[0] if self.end is None else self.end) - time.time()
        if left <= 0:
            return False
        res = pushpull.astar(self.M.level, self.M.rules, time_limit=left, max_states=cap,
                             model=self.M, prune=PROOF_PRUNE, origin=(boxes, hero),
                             learned=Patterns(self.found))
        self.expanded += res.expanded
        return res.moves is None and res.complete

    def learn(self, boxes, hero):
        """The pattern of a dead position (boxes, hero cell), or None when not proven dead."""
        self.checks += 1
        if not self.proven_dead(boxes, hero, self.proof):
            return None
        keep = list(boxes)
        for gi in range(len(keep)):
            for c in self.M.bits.cells(boxes[gi]):
                trial = list(keep)
                trial[gi] &= ~(1 << c)
                trial = tuple(trial)
                if self.proven_dead(trial, hero, self.minimise):
                    keep = list(trial)
        occ = 0
        for m in keep:
            occ |= m
        return tuple(keep), self.M.bits.flood(hero, self.M.walk & ~occ)
