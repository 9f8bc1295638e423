"""What a seat of Crazy Old Fish War may do."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Play:
    """Play a matching card from the hand (a wild card is followed by Name)."""
    card: int


@dataclass(frozen=True)
class Ask:
    """No match: go fishing for a matching card at `target`."""
    target: int


@dataclass(frozen=True)
class War:
    """No match (advanced game): declare war on `target`."""
    target: int


@dataclass(frozen=True)
class Give:
    """Asked for a match: hand over this one."""
    card: int


@dataclass(frozen=True)
class LayCard:
    """In a war: lay this card face down."""
    card: int


@dataclass(frozen=True)
class Name:
    """Name the colour play continues in (and the number, for a Crazy 8 with
    the option crazy8_names_number)."""
    colour: int
    number: int | None = None


@dataclass(frozen=True)
class CallFish:
    """Down to one card: call out a fish not named before in this game."""
    name: str


@dataclass(frozen=True)
class StayQuiet:
    """Down to one card, but say nothing (a forgotten fish call)."""


ACTION_TYPES = (Play, Ask, War, Give, LayCard, Name, CallFish, StayQuiet)
