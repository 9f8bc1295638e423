"""The shared core of every game: no game-specific code lives here."""
from haudrauf.engine.core.errors import IllegalAction, OptionError
from haudrauf.engine.core.options import Option, players_option
from haudrauf.engine.core.state import GameEnd, GameEvent, GameInfo, GameState, Result, RoundEnd, StarterChosen, TurnStarted
from haudrauf.engine.core.speed import SpeedGame
from haudrauf.engine.core.table_view import CardView, Choice, PileView, SeatView, TableView, cards_text

__all__ = [
    "IllegalAction", "OptionError", "Option", "players_option", "GameEvent", "GameInfo",
    "GameState", "SpeedGame", "Result", "RoundEnd", "GameEnd", "TurnStarted", "StarterChosen", "CardView", "Choice", "PileView", "SeatView", "TableView",
    "cards_text",
]
