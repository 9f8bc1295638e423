"""What a seat can do. `PressButton` and `PressHauDrauf` are the unit's buttons:
the engine decides whether the press is allowed now (a refused press never
reaches the unit); the unit's resulting events then drive the game."""
from __future__ import annotations

from dataclasses import dataclass


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
