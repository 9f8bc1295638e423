"""Go Fish ("Hopp i havet"). cards.py: the deck and the words for ranks;
actions.py: the ask; events.py: what happens; state.py: the rules (its
docstring lists the rules, the options and our choices); view.py: the table
picture; bots.py."""
from haudrauf.engine.games.go_fish.state import GoFish

GAME = GoFish

__all__ = ["GAME", "GoFish"]
