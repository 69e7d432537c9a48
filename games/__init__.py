"""The game registry: a new game is one folder plus one line here (its ID and its NAME as the
launcher lists it; the package itself is imported only when the game is opened)."""
from handheld.entry import LazyGame

GAMES = [
    LazyGame("whirly", "Whirly", "Sokoban plus 11 twists: pull, swap, leap."),
    LazyGame("mentaliq", "Mental IQ+", "Jewels on flags, pushed plane by plane."),
    LazyGame("gravity", "Gravity room", "Turn the gravity, reach the goal first."),
    LazyGame("mobger", "MobGer", "Ranked arrows race round a torus."),
    LazyGame("iqlandie", "iQLANDIE", "Brain tasks win pieces for shows."),
]
