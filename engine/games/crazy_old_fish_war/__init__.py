"""Crazy Old Fish War: Crazy Eights + Old Maid + Go Fish, with War as the
advanced game. The rules and every choice we made are in `state.py` (the war
phase in war.py, the phases in phases.py, the options in options.py, why a
move is refused in refusals.py)."""
from haudrauf.engine.games.crazy_old_fish_war.state import CrazyOldFishWar

GAME = CrazyOldFishWar

__all__ = ["GAME"]
