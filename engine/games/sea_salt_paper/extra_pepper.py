"""Extra Pepper: the twelve event cards and who holds them after a round.

Event cards have the ids after the playing cards (66 … 77). An event revealed
at the start of a round applies to everyone; after the round it goes to the
player with the strictly highest ("+") or lowest ("−") total and then applies
to that player only, for as long as they stay strictly highest/lowest at the
end of a round. Ties discard the card."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from haudrauf.engine.games.sea_salt_paper.cards import CARDS
from haudrauf.words import Message, msg

HERMIT_CRAB, SUNFISH, WATER_RODEO = "hermit-crab", "sunfish", "water-rodeo"
DANCE_OF_SHELLS, KRAKEN, TORNADO, DANCE_OF_MERMAIDS = "dance-of-the-shells", "kraken", "tornado", "dance-of-the-mermaids"
TREASURE_CHEST, DIODON, ANGELFISH, DOLPHINS, CORAL_REEF = "treasure-chest", "diodon", "angelfish", "dolphins", "coral-reef"


class EventCard(NamedTuple):
    id: int
    name: str  # slug, used in faces and rules checks
    called: Message  # its title
    sign: str  # "+": goes to the highest total, "-": to the lowest
    rule: Message  # what it does


_EVENTS = (
    (HERMIT_CRAB, msg("Hermit crab"), "-", msg("a crab duo takes one card from each discard pile")),
    (SUNFISH, msg("Sunfish"), "-", msg("a fish duo takes the top two cards of the deck")),
    (WATER_RODEO, msg("Water rodeo"), "-",
     msg("two swimmers: look at an opponent's hand and swap a card; two sharks: steal an opponent's played duo")),
    (DANCE_OF_SHELLS, msg("Dance of the shells"), "-", msg("each shell scores 2 points")),
    (KRAKEN, msg("Kraken"), "+", msg("each octopus scores 1 point")),
    (TORNADO, msg("Tornado"), "+", msg("mermaids score nothing (four still win)")),
    (DANCE_OF_MERMAIDS, msg("Dance of the mermaids"), "-", msg("three mermaids win the game instead of four")),
    (TREASURE_CHEST, msg("Treasure chest"), "+", msg("10 card points are needed to call")),
    (DIODON, msg("Diodon"), "+", msg("no STOP: only LAST CHANCE may be called")),
    (ANGELFISH, msg("Angelfish"), "-",
     msg("at the end of your turn, if both discard piles show the same colour, take one of the two")),
    (DOLPHINS, msg("Dolphins"), "-",
     msg("discarding a collector card (or the seahorse) takes the top card of the deck")),
    (CORAL_REEF, msg("Coral reef"), "-",
     msg("you may lay a shell face down: it protects you from attacks and scores nothing")),
)

EVENTS = tuple(EventCard(len(CARDS) + i, *row) for i, row in enumerate(_EVENTS))
EVENT_IDS = tuple(e.id for e in EVENTS)
BY_ID = {e.id: e for e in EVENTS}


def event_of(card_id: int) -> EventCard:
    return BY_ID[card_id]


@lru_cache(maxsize=None)
def names(*cards: int | None) -> frozenset[str]:
    """The names of the given event cards (None: no card)."""
    return frozenset(BY_ID[c].name for c in cards if c is not None)


def describe(card_id: int) -> Message:
    """"Kraken (+): each octopus scores 1 point"."""
    e = BY_ID[card_id]
    return msg("{event} ({sign}): {rule}", event=e.called, sign="+" if e.sign == "+" else "−", rule=e.rule)


def leader(totals: list[int], sign: str) -> int | None:
    """The seat with the strictly highest ("+") or lowest ("-") total, or None on a tie."""
    best = max(totals) if sign == "+" else min(totals)
    seats = [s for s, t in enumerate(totals) if t == best]
    return seats[0] if len(seats) == 1 else None


def settle(totals: list[int], held: list[int | None], revealed: int | None):
    """Where the event cards go after a round.

    Returns (held, discarded, offer): `held` after the holders that are no longer
    highest/lowest lost theirs, the discarded cards, and `offer` = (seat, card) when
    the revealed event goes to a seat (who must choose if they already hold one)."""
    held = list(held)
    discarded = []
    for seat, card in enumerate(held):
        if card is not None and leader(totals, BY_ID[card].sign) != seat:
            discarded.append(card)
            held[seat] = None
    offer = None
    if revealed is not None:
        seat = leader(totals, BY_ID[revealed].sign)
        if seat is None:
            discarded.append(revealed)
        else:
            offer = (seat, revealed)
    return held, discarded, offer
