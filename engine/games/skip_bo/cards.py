"""The Skip-Bo deck: card values, faces and the words players use for cards.

Card ids 0–143 are the numbered cards (twelve of each 1–12: id // 12 + 1);
ids 144–161 are the 18 Skip-Bo wild cards, value 0 here.
"""
from __future__ import annotations

from haudrauf.words import Message, msg

NUMBERED = 144
CARD_COUNT = 162
WILD = 0  # the value of a Skip-Bo card
TOP = 12  # a building pile is complete at 12
HAND_SIZE = 5
DISCARD_PILES = 4
BUILDING_PILES = 4

VALUES: tuple[int, ...] = tuple(i // 12 + 1 if i < NUMBERED else WILD for i in range(CARD_COUNT))
FACES: tuple[str, ...] = tuple(f"skipbo/{v}" if v else "skipbo/sb" for v in VALUES)


def card_name(card: int) -> str | Message:
    """"7" (a number is the same in every language) or "Skip-Bo", as players say it."""
    return str(VALUES[card]) if VALUES[card] else msg("Skip-Bo")


def a_number(number: int | str) -> Message:
    """"a 5", "an 8", "an 11": a number as a sentence names a card of it."""
    if int(number) in (8, 11):
        return msg("an {number}", number=int(number))
    return msg("a {number}", number=int(number))


def a_card(card: int) -> Message:
    """"a 5", "an 8", "a Skip-Bo"."""
    return a_number(VALUES[card]) if VALUES[card] else msg("a Skip-Bo")
