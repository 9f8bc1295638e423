"""Go Fish ("Hopp i havet"): the rules and the table picture in state.py (its
docstring lists the rules, the options and our choices); bots.py."""
from engine.games.go_fish.state import GoFish

GAME = GoFish

__all__ = ["GAME", "GoFish"]
