"""iQLANDIE phase screens on top of the table (screens.GameScene): topic choice, the privacy
screen before a task, round results, draft, placement with a ghost piece, fallback, summary,
joker colours and the scoreboard, gathered from phase_*.py. Separate modules so their code can
leave the heap while a task screen runs (GameScene.start_task, screens.PHASE_MODULES)."""
from games.iqlandie.phase_round import TopicScreen, ReadyScreen  # noqa: F401
from games.iqlandie.phase_info import (InfoScreen, ResultsScreen, SummaryScreen,  # noqa: F401
                                       FallbackScreen)
from games.iqlandie.phase_draft import DraftScreen  # noqa: F401
from games.iqlandie.phase_place import PlaceScreen, PlaceMenu  # noqa: F401
from games.iqlandie.phase_end import JokerScreen, ScoreScreen  # noqa: F401
