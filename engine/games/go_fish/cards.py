"""The standard 52-card deck as Go Fish uses it: ranks, faces, books and the
words people use for them."""
from __future__ import annotations

from typing import Callable


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")
RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
CARD_COUNT = len(RANKS) * len(SUITS)
MAX_PLAYERS = 6
#: card id → face string; id = rank index * 4 + suit index
FACES = tuple(f"std/{rank}/{suit}" for rank in RANKS for suit in SUITS)
_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
NUMBER_WORDS = ("no", "one", "two", "three", "four")


#: card id → rank; the rules index it directly where they look at every card of a hand
RANK_OF = tuple(RANKS[card // len(SUITS)] for card in range(CARD_COUNT))


def rank_of(card: int) -> str:
    return RANK_OF[card]


def book_cards(rank: str) -> range:
    """The four card ids of a rank."""
    first = RANK_INDEX[rank] * len(SUITS)
    return range(first, first + len(SUITS))


def plural(rank: str) -> str:
    """ "aces", "8s", "kings" — how people ask for a rank."""
    return _WORDS[rank] + "s" if rank in _WORDS else rank + "s"


def one(rank: str) -> str:
    """ "an ace", "an 8", "a king"."""
    word = _WORDS.get(rank, rank)
    return ("an " if word[0] in "a8" else "a ") + word


def standing(books: tuple[int, ...], name: Callable[[int], str]) -> str:
    """Who won, with how many books: "Anna wins with 5 books", or a shared win."""
    best = max(books)
    winners = [name(s) for s, count in enumerate(books) if count == best]
    noun = "book" if best == 1 else "books"
    if len(winners) == 1:
        return f"{winners[0]} wins with {best} {noun}"
    listed = ", ".join(winners[:-1]) + " and " + winners[-1]
    return f"{listed} share the win with {best} {noun} each"
