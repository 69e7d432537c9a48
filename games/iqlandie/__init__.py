"""iQLANDIE: solve a task, draft tetris pieces, build six exhibitions (seed 002, issue 7).

Rules in game.py, exhibits.py, pieces.py; tasks in tasks.py and one module per topic; CPU
players in cpu.py; screens in menu.py, screens.py, task_screens.py. A match game: its own menu.
"""
from handheld.entry import entry

ID = "iqlandie"
NAME = "iQLANDIE"
RULES = ("12 rounds. The chooser picks a topic; everyone solves its task. The fastest right "
         "answer gets 2 points; wrong answers go last. In that order take 2 pieces from the "
         "topic's offer and add 1 from a bag (the last takes the remaining 2). Place every "
         "piece (rotate, flip) in one of your 6 exhibitions; you may pick this round's pieces "
         "up again until you end your placing. If a piece fits nowhere you get a 1x1. "
         "End: 1 pt/square of the top colour, 2/square of the 2nd colour, 3/gap, 3/shape, "
         "3/robot neighbour, 3/full 2-colour line, 2/pair of your colours, 2/first place.")


# The match frame's entry points (lib/handheld/match.py), imported on first use.
make_menu = entry(__name__, "menu", "make_menu")
rematch = entry(__name__, "menu", "rematch")
resume_match = entry(__name__, "menu", "resume_match")
