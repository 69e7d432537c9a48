"""iQLANDIE game constants: phases, rounds, topics, bags, points, action kinds, log format."""
from games.iqlandie import pieces as P

CHOOSE = 0
SOLVE = 1
DRAFT = 2
PLACE = 3
END = 4
OVER = 5
PHASE_NAMES = ("choose", "solve", "draft", "place", "end", "over")
ROUNDS = 12
TOPICS = 4
TOPIC_NAMES = ("Biology", "Programming", "Optics", "Space")
SMALL = P.SMALL
MEDIUM = P.MEDIUM
LARGE = P.LARGE
BAG_NAMES = ("small", "medium", "large")
FIRST_POINTS = 2
PAIR_POINTS = 2

# action kinds (tuples for apply(); the log stores them as bytes, see _log_*)
A_TOPIC = 0
A_REPORT = 1
A_TAKE = 2
A_BAG = 3
A_PLACE = 4
A_FALLBACK = 5
A_JOKER = 6
A_LIFT = 7      # (A_LIFT, slot): pick a piece placed this round up again (back into the hand)
A_END = 8       # (A_END,): the player at turn has placed everything and ends their placing

MAGIC = b"IQ"
VERSION = 2
LOG_MAX = 1024
LOG_LEN = (1, 3, 1, 1, 2, 1, 2, 1)   # bytes of a log entry, by its top 3 bits (see _log calls)
OFFER_MAX = 8
MAX_TIME = 65535
