"""The game registry: a new game is one folder plus one line here."""
import games.whirly
import games.mentaliq
import games.gravity
import games.mobger
import games.iqlandie

GAMES = [games.whirly, games.mentaliq, games.gravity, games.mobger, games.iqlandie]
