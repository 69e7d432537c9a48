"""Host generator of the shipped MobGer puzzle packs (levels/mobger/) and of packs from seeds.

The shipped packs follow PROFILES: one variant per puzzle, ordered easy to hard (small board and
few Gers first; then diagonals, reflecting borders, columns, more Gers, longer REACH targets).
Every puzzle comes from games.mobger.puzzles.make() with the strict criteria only (relax=False)
and is checked again here: stored answer right, START target not an answer, REACH not shorter.
"""

from handheld.rng import Rng

from games.mobger import puzzles as P
from games.mobger.engine import Engine, Options

PACK_FILES = ("01-who-starts.txt", "02-joker.txt", "03-reach.txt")
PACK_TITLES = ("Who starts?", "Joker", "Reach")
PACK_TEXT = (
    "Pick the Ger that must start the sequence so that the named Ger ends in the House.",
    "Picture two is picture one after one sequence: which way did the Joker go?",
    "Play moves (sequences) from picture one until the board shows the target.",
)
DEFAULT_SEEDS = (601, 602, 603)

# (title, width, height, gers, options text, REACH moves)
_BASE = (
    ("First steps", 5, 5, 4, "", 2),
    ("Five Gers", 5, 5, 5, "", 2),
    ("A wider field", 6, 5, 5, "", 2),
    ("Six in a square", 6, 6, 6, "", 3),
    ("Diagonals", 6, 6, 5, "dirs=1", 3),
    ("Walls that bounce", 6, 6, 5, "rborders=1", 3),
    ("A deflector", 7, 7, 6, "deflectors=1", 3),
    ("Diagonal bounce", 7, 7, 6, "dirs=1 rborders=1", 3),
    ("Flipflap", 7, 7, 6, "flipflaps=1 cuboids=1", 4),
    ("Black special", 8, 7, 7, "seq=1 bspecial=1 deflectors=1", 4),
    ("Columns", 8, 8, 7, "seq=1 dirs=1 deflectors=2 flipflaps=1", 4),
    ("Big board", 10, 8, 8, "seq=1 dirs=1 rborders=1 deflectors=2 cuboids=1", 4),
)


def profile_options(kind, i):
    """(title, Options, REACH moves) of puzzle i of a shipped pack."""
    title, w, h, g, text, moves = _BASE[i]
    o = Options.parse("w=%d h=%d gers=%d %s" % (w, h, g, text))
    o.joker = kind == P.JOKER
    return title, o, moves


def problems(p):
    """Reasons a puzzle may not ship ([] when fine)."""
    out = []
    bad = P.verify(p)
    if bad:
        out.append(bad[1])
    if p.kind == P.START:
        a = P.answers(p)
        if not a:
            out.append("no answer")
    elif p.kind == P.JOKER:
        if len(P.answers(p)) != 1:
            out.append("the Joker answer is not unique")
    if len(p.question()) > 40:
        out.append("question longer than 40 characters")
    text = P.puzzle_text(p)
    again = parse_text(text)
    if P.puzzle_text(again) != text:
        out.append("pack text does not read back the same")
    return out


def parse_text(text):
    """One puzzle's pack text -> Puzzle (through the device's pack reader rules)."""
    rows = []
    meta = {}
    for line in text.split("\n"):
        if not line.strip():
            continue
        if P.is_board_line(line):
            rows.append(line)
        else:
            k, v = line.split(":", 1)
            meta[k.strip().lower()] = v.strip()
    return P.parse_puzzle(rows, meta, 1, meta.get("title", ""))


def shipped_pack(kind, seed=None, engine=None):
    """The puzzles of a shipped pack, easy to hard."""
    e = engine or Engine()
    seed = DEFAULT_SEEDS[kind] if seed is None else seed
    out = []
    for i in range(len(_BASE)):
        title, o, moves = profile_options(kind, i)
        rng = Rng(seed * 1009 + i * 7 + 1)
        best = None
        for attempt in range(CANDIDATES):
            p = P.make(kind, o, rng, e, moves=(moves, moves), relax=False)
            p.name = title
            if problems(p):
                continue
            v = preference(p, i)
            if best is None or v > best[0]:
                best = (v, p)
        if best is None:  # pragma: no cover - a profile that never yields a fair puzzle
            raise ValueError("profile %d gives no fair puzzle" % i)
        out.append(best[1])
    return out


CANDIDATES = 12  # fair puzzles drawn per shipped profile; the preferred one ships


def preference(p, i):
    """Higher is better: a unique START answer that is not always the Black Ger, a JOKER
    sequence started by another Ger than the Joker, REACH targets where a Ger was housed."""
    if p.kind == P.START:
        a = P.answers(p)
        return (len(a) == 1) * 4 + (p.answer != 0 or i % 3 == 0) * 2 + (p.answer != p.target - 1)
    if p.kind == P.JOKER:
        return (p.start != p.joker) * 2 + (i % 2 == 0 or p.opts.dirset == 1)
    one = P.board.parse_position(p.rows, p.opts)[0]
    two = p.target_arrays()[0]
    housed = 0
    for r in range(p.opts.gers):
        if one[r] != 0xFF and two[r] == 0xFF:
            housed += 1
    return 2 * housed + len(set(p.answer))


def seeded_pack(kind, count, seed, engine=None):
    """count device-generated puzzles (puzzles.generate with seeds seed, seed+1, ...)."""
    e = engine or Engine()
    return [P.generate(kind, seed + i, e) for i in range(count)]


def pack_text(kind, puzzles, title=None):
    head = ["Title: " + (title or PACK_TITLES[kind]), "Game: mobger",
            "Author: host_sim/mobger/puzzlegen.py",
            "Description: " + PACK_TEXT[kind],
            ":: Each puzzle: board rows (picture one | picture two), then its keys.",
            ":: Format: games/mobger/PUZZLES.md. Regenerate: python -m host_sim generate mobger --all",
            ""]
    body = []
    for p in puzzles:
        body.append(P.puzzle_text(p))
    return "\n".join(head) + "\n" + "\n".join(body)
