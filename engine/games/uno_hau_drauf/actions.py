"""What a seat can do. `PressButton` and `PressHauDrauf` are the unit's buttons:
the engine decides whether the press is allowed now (a refused press never
reaches the unit); the unit's resulting events then drive the game."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.games.uno_hau_drauf.cards import CARDS, COLOURS, MAX_PLAYERS


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    colour: str | None = None  # the colour named with a wild
    target: int | None = None  # variant "layer chooses who draws": the victim


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class ChooseColour:
    """The first selected player names the colour of a wild start card."""
    colour: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """Doubt that the wild draw four you must answer was laid legally."""


@dataclass(frozen=True, slots=True)
class Accept:
    """Take the wild draw four without challenging."""


@dataclass(frozen=True, slots=True)
class CallUno:
    pass


@dataclass(frozen=True, slots=True)
class CatchUno:
    target: int


@dataclass(frozen=True, slots=True)
class PressButton:
    """The seat's own button on the unit: end the turn, take a flashing
    penalty, race in a slap, or (after a HAU DRAUF card) cancel the slap."""


@dataclass(frozen=True, slots=True)
class PressHauDrauf:
    """The big button, after laying a HAU DRAUF card."""


ACTION_TYPES = (Play, Draw, ChooseColour, Challenge, Accept, CallUno, CatchUno, PressButton, PressHauDrauf)

#: The plays each card allows (a wild: one per colour), made once: building
#: them afresh for every card on every move was the largest cost of the rules.
PLAYS_OF = tuple(tuple(Play(card.id, colour) for colour in (COLOURS if card.is_wild else (None,)))
                 for card in CARDS)
#: The other moves, made once too: the legal lists hand out these very objects,
#: so apply() recognises a move by identity, without comparing fields.
DRAW, PRESS, BIG_PRESS, CHALLENGE_IT, ACCEPT_IT, CALL_UNO = (
    Draw(), PressButton(), PressHauDrauf(), Challenge(), Accept(), CallUno())
NAME_COLOUR = tuple(ChooseColour(c) for c in COLOURS)
CATCH = tuple(CatchUno(seat) for seat in range(MAX_PLAYERS))
