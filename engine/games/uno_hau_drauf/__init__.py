"""UNO Hau drauf: the rules engine driven by the unit, and its bots."""
from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf

GAME = UnoHauDrauf

__all__ = ["GAME", "UnoHauDrauf"]
