"""The game registry: a new game is one folder plus one line here."""
import games.whirly
import games.mentaliq

GAMES = [games.whirly, games.mentaliq]
