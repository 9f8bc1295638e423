"""The cards of Sea Salt & Paper: 58 base cards, 8 of Extra Salt and the 12
event cards of Extra Pepper, all with fixed ids so that every game, whatever
its options, holds the same 78 ids (unused ones wait in the box)."""
from __future__ import annotations

from typing import NamedTuple

from haudrauf.words import Message, msg

# Kinds of playing cards.
MERMAID, CRAB, BOAT, FISH, SWIMMER, SHARK = "mermaid", "crab", "boat", "fish", "swimmer", "shark"
SHELL, OCTOPUS, PENGUIN, SAILOR = "shell", "octopus", "penguin", "sailor"
LIGHTHOUSE, SHOAL, COLONY, CAPTAIN = "lighthouse", "shoal", "colony", "captain"
JELLYFISH, LOBSTER, CAST, STARFISH, SEAHORSE = "jellyfish", "lobster", "cast-of-crabs", "starfish", "seahorse"

#: Colours (slug → words); the order is only for display.
COLOUR_WORDS = {
    "dark-blue": msg("dark blue"), "light-blue": msg("light blue"), "black": msg("black"),
    "yellow": msg("yellow"), "green": msg("green"), "white": msg("white"), "purple": msg("purple"),
    "grey": msg("grey"), "light-orange": msg("light orange"), "pink": msg("pink"), "orange": msg("orange"),
}

#: Each kind's name, as the players of each language call the card.
KIND_WORDS = {
    MERMAID: msg("mermaid"), CRAB: msg("crab"), BOAT: msg("boat"), FISH: msg("fish"), SWIMMER: msg("swimmer"),
    SHARK: msg("shark"), SHELL: msg("shell"), OCTOPUS: msg("octopus"), PENGUIN: msg("penguin"),
    SAILOR: msg("sailor"), LIGHTHOUSE: msg("lighthouse"), SHOAL: msg("shoal of fish"), COLONY: msg("penguin colony"),
    CAPTAIN: msg("captain"), JELLYFISH: msg("jellyfish"), LOBSTER: msg("lobster"), CAST: msg("cast of crabs"),
    STARFISH: msg("starfish"), SEAHORSE: msg("seahorse"),
}

#: Collector kinds → points by the number held (index 0: one card).
COLLECTORS = {
    SHELL: (0, 2, 4, 6, 8, 10),
    OCTOPUS: (0, 3, 6, 9, 12),
    PENGUIN: (1, 3, 5),
    SAILOR: (0, 5),
}

#: Multiplier kind → (counted kind, points per counted card).
MULTIPLIERS = {
    LIGHTHOUSE: (BOAT, 1),
    SHOAL: (FISH, 1),
    COLONY: (PENGUIN, 2),
    CAPTAIN: (SAILOR, 3),
    CAST: (CRAB, 1),
}

#: Cards that can be discarded "as a collector card" under Dolphins.
COLLECTOR_LIKE = frozenset(COLLECTORS) | {SEAHORSE}

BASE_DECK = (
    (MERMAID, {"white": 4}),
    (CRAB, {"dark-blue": 2, "light-blue": 2, "black": 1, "yellow": 2, "green": 1, "grey": 1}),
    (BOAT, {"dark-blue": 2, "light-blue": 2, "black": 2, "yellow": 2}),
    (FISH, {"dark-blue": 2, "light-blue": 1, "black": 2, "yellow": 1, "green": 1}),
    (SWIMMER, {"dark-blue": 1, "light-blue": 1, "black": 1, "yellow": 1, "light-orange": 1}),
    (SHARK, {"dark-blue": 1, "light-blue": 1, "black": 1, "green": 1, "purple": 1}),
    (SHELL, {"dark-blue": 1, "light-blue": 1, "black": 1, "yellow": 1, "green": 1, "grey": 1}),
    (OCTOPUS, {"light-blue": 1, "yellow": 1, "green": 1, "purple": 1, "grey": 1}),
    (PENGUIN, {"purple": 1, "light-orange": 1, "pink": 1}),
    (SAILOR, {"pink": 1, "orange": 1}),
    (LIGHTHOUSE, {"purple": 1}),
    (SHOAL, {"grey": 1}),
    (COLONY, {"green": 1}),
    (CAPTAIN, {"light-orange": 1}),
)

EXTRA_SALT = (
    (JELLYFISH, {"purple": 1, "pink": 1}),
    (LOBSTER, {"black": 1}),
    (CAST, {"green": 1}),
    (STARFISH, {"dark-blue": 1, "light-blue": 1, "yellow": 1}),
    (SEAHORSE, {"white": 1}),
)


class Card(NamedTuple):
    id: int
    kind: str
    colour: str


def _build(groups, first_id: int) -> tuple[Card, ...]:
    cards = []
    for kind, colours in groups:
        for colour, n in colours.items():
            for _ in range(n):
                cards.append(Card(first_id + len(cards), kind, colour))
    return tuple(cards)


BASE = _build(BASE_DECK, 0)
SALT = _build(EXTRA_SALT, len(BASE))
#: Every playing card by id (base then Extra Salt).
CARDS = BASE + SALT
BASE_IDS = tuple(c.id for c in BASE)
SALT_IDS = tuple(c.id for c in SALT)
KIND = tuple(c.kind for c in CARDS)
COLOUR = tuple(c.colour for c in CARDS)


def card_name(card_id: int) -> Message:
    """"dark blue crab", for log lines and labels."""
    card = CARDS[card_id]
    return msg("{colour} {kind}", colour=COLOUR_WORDS[card.colour], kind=KIND_WORDS[card.kind])


def face(card_id: int) -> str:
    card = CARDS[card_id]
    return f"ssp/{card.kind}/{card.colour}"


def ids_of(kind: str, colour: str | None = None) -> list[int]:
    """Ids of the playing cards of a kind (and colour), e.g. the two dark blue crabs."""
    return [c.id for c in CARDS if c.kind == kind and colour in (None, c.colour)]
