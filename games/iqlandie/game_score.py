"""iQLANDIE Game methods (bound in game.py): scores, their breakdown and the ranking."""
from games.iqlandie import exhibits as X
from games.iqlandie.game import FIRST_POINTS, PAIR_POINTS


def pair_points(self, p):
    b = self.boards[p]
    x = b.colour_count(self.pair[2 * p])
    y = b.colour_count(self.pair[2 * p + 1])
    return PAIR_POINTS * (x if x < y else y)


def score_breakdown(self, p):
    b = self.boards[p]
    out = []
    for e in range(X.NEXH):
        out.append(b.score(e))
    out.append(self.pair_points(p))
    out.append(FIRST_POINTS * self.firsts[p])
    return out


def total(self, p):
    return sum(self.score_breakdown(p))


def scores(self):
    return [self.total(p) for p in range(self.players)]


def _rank_key(self, p):
    # bigger is better: total, then criterion 7, then fewer jokers
    return (self.total(p), self.pair_points(p), -self.boards[p].jokers())


def ranking(self):
    """(players best first, shared): shared[i] True when rank i ties rank 0 on everything."""
    keys = [self._rank_key(p) for p in range(self.players)]
    order = list(range(self.players))
    order.sort(key=lambda p: (keys[p][0], keys[p][1], keys[p][2], -p), reverse=True)
    shared = [keys[p] == keys[order[0]] for p in order]
    return order, shared
