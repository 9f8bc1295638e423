"""Crazy Old Fish War: Crazy Eights + Old Maid + Go Fish, with War as the
advanced game. The rules and every choice we made are in `state.py`."""
from haudrauf.engine.games.crazy_old_fish_war.state import CrazyOldFishWar

GAME = CrazyOldFishWar

__all__ = ["GAME"]
