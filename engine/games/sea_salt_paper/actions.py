"""What players do: the actions, and the words for piles and cards they name."""
from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

from haudrauf.engine.games.sea_salt_paper.cards import card_name
from haudrauf.words import Message, msg


@dataclass(frozen=True)
class DrawTwo:
    """Take the top two cards of the deck (the last card alone if only one is left)."""


@dataclass(frozen=True)
class TakeDiscard:
    pile: int  # 0 or 1


@dataclass(frozen=True)
class Keep:
    """Keep `card` of the two drawn; the other goes on discard pile `pile`."""
    card: int
    pile: int


@dataclass(frozen=True)
class DrawTop:
    """Stung by a jellyfish: the only draw is the top card of the deck."""


@dataclass(frozen=True)
class PlayDuo:
    cards: tuple[int, ...]  # the pair in id order, then the starfish of a trio


@dataclass(frozen=True)
class ProtectShell:
    """Coral reef: lay a shell face down in front of you."""
    card: int


@dataclass(frozen=True)
class Call:
    kind: str  # "stop" or "last_chance"


@dataclass(frozen=True)
class EndTurn:
    pass


@dataclass(frozen=True)
class ChoosePile:
    """Crab duo: the discard pile to look through."""
    pile: int


@dataclass(frozen=True)
class Pick:
    """Take a card you are shown (crab, lobster, angelfish, water rodeo)."""
    card: int


@dataclass(frozen=True)
class ChooseOpponent:
    """Shark + swimmer or water rodeo: whom to rob."""
    seat: int


@dataclass(frozen=True)
class Give:
    """Water rodeo: the card you give in exchange."""
    card: int


@dataclass(frozen=True)
class StealPair:
    """Water rodeo, two sharks: an opponent's played duo."""
    cards: tuple[int, ...]


@dataclass(frozen=True)
class KeepEvent:
    """A second event card came to you: the one to keep."""
    card: int


ACTION_TYPES = (DrawTwo, TakeDiscard, Keep, DrawTop, PlayDuo, ProtectShell, Call, EndTurn,
                ChoosePile, Pick, ChooseOpponent, Give, StealPair, KeepEvent)

CALL_NAMES = {"stop": msg("STOP"), "last_chance": msg("LAST CHANCE")}


def pile_name(pile: int) -> Message:
    return msg("discard pile {number}", number=pile + 1)


def names_of(cards) -> Message:
    """"dark blue crab + black crab": the cards of a duo or a trio."""
    return reduce(lambda group, card: msg("{cards} + {card}", cards=group, card=card), map(card_name, cards))


def names_with_and(names) -> Message | str:
    """"Anna and Bo and Cleo": the winners of a game."""
    return reduce(lambda listed, name: msg("{names} and {name}", names=listed, name=name), names)
