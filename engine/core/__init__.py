"""The shared core of every game: no game-specific code lives here."""
from engine.core.errors import IllegalAction, OptionError
from engine.core.options import Option, players_option
from engine.core.state import GameEnd, GameEvent, GameInfo, GameState, Result, RoundEnd, StarterChosen, TurnStarted
from engine.core.speed import SpeedGame
from engine.core.table_view import CardView, Choice, PileView, SeatView, TableView, cards_text

__all__ = [
    "IllegalAction", "OptionError", "Option", "players_option", "GameEvent", "GameInfo",
    "GameState", "SpeedGame", "Result", "RoundEnd", "GameEnd", "TurnStarted", "StarterChosen", "CardView", "Choice", "PileView", "SeatView", "TableView",
    "cards_text",
]
