"""Sea Salt & Paper (Bombyx, 2022) with the Extra Salt and Extra Pepper expansions.

cards.py: the deck; scoring.py: pure scoring with breakdowns; extra_pepper.py:
the Extra Pepper event cards; actions.py: the actions; events.py: the log
events; state.py: the rules (its docstring lists options, our choices and the
timeout); view.py: the table picture; bots.py."""
from haudrauf.engine.games.sea_salt_paper.state import SeaSaltPaper

GAME = SeaSaltPaper

__all__ = ["GAME", "SeaSaltPaper"]
