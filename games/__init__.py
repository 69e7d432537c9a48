"""The game registry: a new game is one folder plus one line here."""
import games.whirly

GAMES = [games.whirly]
