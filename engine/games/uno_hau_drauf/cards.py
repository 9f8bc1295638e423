"""The 108 cards of UNO Hau drauf: no reverse cards, HAU DRAUF cards instead.

Card ids are fixed: for each colour, one 0, two each of 1–9, two draw two,
two skip, two HAU DRAUF (25 per colour), then four wilds and four wild draw fours.
"""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.words import Message, msg

MAX_PLAYERS = 6
COLOURS = ("red", "yellow", "green", "blue")
DRAW_TWO, SKIP, HAU_DRAUF, WILD, WILD_FOUR = "draw2", "skip", "haudrauf", "wild", "wild4"
#: The colours as players say them: "names red", "Colour in play: red".
COLOUR_NAMES = {"red": msg("red"), "yellow": msg("yellow"), "green": msg("green"), "blue": msg("blue")}
#: Every card's name, whole per colour (languages put the colour in different
#: places and forms), as players say it and the card shows it: "red 7" takes
#: its number; "green +2", "wild +4".
NUMBER_NAMES = {"red": msg("red {number}"), "yellow": msg("yellow {number}"), "green": msg("green {number}"),
                "blue": msg("blue {number}")}
SYMBOL_NAMES = {
    ("red", DRAW_TWO): msg("red +2"), ("red", SKIP): msg("red skip"), ("red", HAU_DRAUF): msg("red HAU DRAUF"),
    ("yellow", DRAW_TWO): msg("yellow +2"), ("yellow", SKIP): msg("yellow skip"),
    ("yellow", HAU_DRAUF): msg("yellow HAU DRAUF"),
    ("green", DRAW_TWO): msg("green +2"), ("green", SKIP): msg("green skip"),
    ("green", HAU_DRAUF): msg("green HAU DRAUF"),
    ("blue", DRAW_TWO): msg("blue +2"), ("blue", SKIP): msg("blue skip"), ("blue", HAU_DRAUF): msg("blue HAU DRAUF"),
    (None, WILD): msg("wild"), (None, WILD_FOUR): msg("wild +4"),
}
#: What a card left in a hand counts at the end of a round (a number card: its number).
WILD_POINTS, ACTION_POINTS = 50, 20


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    colour: str | None  # None for wilds
    symbol: str  # "0"–"9", draw2, skip, haudrauf, wild, wild4

    @property
    def is_wild(self) -> bool:
        return self.colour is None

    @property
    def points(self) -> int:
        if self.symbol.isdigit():
            return int(self.symbol)
        return WILD_POINTS if self.is_wild else ACTION_POINTS

    @property
    def face(self) -> str:
        return f"uno/{self.symbol}" if self.is_wild else f"uno/{self.colour}/{self.symbol}"

    @property
    def name(self) -> Message:
        """"red 7", "green +2", "wild +4"."""
        if self.symbol.isdigit():
            return Message(NUMBER_NAMES[self.colour].text, (("number", self.symbol),))
        return SYMBOL_NAMES[self.colour, self.symbol]


def _build() -> tuple[Card, ...]:
    kinds: list[tuple[str | None, str]] = []
    for colour in COLOURS:
        kinds.append((colour, "0"))
        for symbol in [str(n) for n in range(1, 10)] + [DRAW_TWO, SKIP, HAU_DRAUF]:
            kinds += [(colour, symbol)] * 2
    kinds += [(None, WILD)] * 4 + [(None, WILD_FOUR)] * 4
    return tuple(Card(i, colour, symbol) for i, (colour, symbol) in enumerate(kinds))


CARDS = _build()
CARD_COUNT = len(CARDS)
assert CARD_COUNT == 108


# Flat lookups for the hot path (matching runs for every card on every move).
COLOUR_OF = tuple(c.colour for c in CARDS)
SYMBOL_OF = tuple(c.symbol for c in CARDS)


def hand_points(hand: list[int]) -> int:
    return sum(CARDS[c].points for c in hand)
