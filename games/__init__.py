"""The game registry: a new game is one folder plus one line here (its ID and its NAME as the
launcher lists it; the package itself is imported only when the game is opened)."""
from handheld.entry import LazyGame

GAMES = [
    LazyGame("whirly", "Whirly"),
    LazyGame("mentaliq", "Mental IQ+"),
    LazyGame("gravity", "Gravity room"),
    LazyGame("mobger", "MobGer"),
    LazyGame("iqlandie", "iQLANDIE"),
]
