"""The Skip-Bo deck: card values, faces and the words players use for cards.

Card ids 0–143 are the numbered cards (twelve of each 1–12: id // 12 + 1);
ids 144–161 are the 18 Skip-Bo wild cards, value 0 here.
"""
from __future__ import annotations

NUMBERED = 144
CARD_COUNT = 162
WILD = 0  # the value of a Skip-Bo card
TOP = 12  # a building pile is complete at 12
HAND_SIZE = 5
DISCARD_PILES = 4
BUILDING_PILES = 4

VALUES: tuple[int, ...] = tuple(i // 12 + 1 if i < NUMBERED else WILD for i in range(CARD_COUNT))
FACES: tuple[str, ...] = tuple(f"skipbo/{v}" if v else "skipbo/sb" for v in VALUES)


def card_name(card: int) -> str:
    """"7" or "Skip-Bo", as players say it."""
    return str(VALUES[card]) if VALUES[card] else "Skip-Bo"


def a_number(name: str | int) -> str:
    """"a 5", "an 8", "an 11", "a Skip-Bo"."""
    return f"an {name}" if str(name) in ("8", "11") else f"a {name}"
