"""Sea Salt & Paper (Bombyx, 2022) with the Extra Salt and Extra Pepper expansions.

cards.py: the deck; scoring.py: pure scoring with breakdowns; extra_pepper.py:
the Extra Pepper event cards; actions.py: the actions; events.py: the log
events; phases.py: the phases of a turn; state.py: the rules' turn flow (its
docstring lists options, our choices and the timeout), with duo_effects.py
(what a duo starts) and round_end.py (ends of turns, rounds and the game);
refusals.py: why a move is refused; view.py: what a seat sees and the table
picture; bots.py."""
from haudrauf.engine.games.sea_salt_paper.state import SeaSaltPaper

GAME = SeaSaltPaper

__all__ = ["GAME", "SeaSaltPaper"]
