"""The standard 52-card deck as Go Fish uses it: ranks, faces, books and the
words people use for them."""
from __future__ import annotations

from typing import Callable

from haudrauf.words import Message, msg, nmsg

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")
RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
CARD_COUNT = len(RANKS) * len(SUITS)
MAX_PLAYERS = 6
#: card id → face string; id = rank index * 4 + suit index
FACES = tuple(f"std/{rank}/{suit}" for rank in RANKS for suit in SUITS)

#: A rank in words, whole in every form a sentence needs (languages bend the
#: noun after a number, and give ranks genders): the cards asked for ("8s"),
#: one card ("an 8"), and what an ask gets beyond one — two or three cards
#: (the asker holds the fourth).
RANK_WORDS: dict[str, tuple[Message, Message, Message, Message]] = {
    "A": (msg("aces"), msg("an ace"), msg("two aces"), msg("three aces")),
    "2": (msg("2s"), msg("a 2"), msg("two 2s"), msg("three 2s")),
    "3": (msg("3s"), msg("a 3"), msg("two 3s"), msg("three 3s")),
    "4": (msg("4s"), msg("a 4"), msg("two 4s"), msg("three 4s")),
    "5": (msg("5s"), msg("a 5"), msg("two 5s"), msg("three 5s")),
    "6": (msg("6s"), msg("a 6"), msg("two 6s"), msg("three 6s")),
    "7": (msg("7s"), msg("a 7"), msg("two 7s"), msg("three 7s")),
    "8": (msg("8s"), msg("an 8"), msg("two 8s"), msg("three 8s")),
    "9": (msg("9s"), msg("a 9"), msg("two 9s"), msg("three 9s")),
    "10": (msg("10s"), msg("a 10"), msg("two 10s"), msg("three 10s")),
    "J": (msg("jacks"), msg("a jack"), msg("two jacks"), msg("three jacks")),
    "Q": (msg("queens"), msg("a queen"), msg("two queens"), msg("three queens")),
    "K": (msg("kings"), msg("a king"), msg("two kings"), msg("three kings")),
}


#: card id → rank; the rules index it directly where they look at every card of a hand
RANK_OF = tuple(RANKS[card // len(SUITS)] for card in range(CARD_COUNT))
#: card id (a byte) → the index of its rank in RANKS (a byte), a table for `bytes.translate`
_RANK_INDEX_BYTES = bytes(card // len(SUITS) for card in range(CARD_COUNT)) + bytes(256 - CARD_COUNT)
#: every rank index, in order (`bytes.translate` deletes ranks from it)
_EVERY_RANK = bytes(range(len(RANKS)))


def ranks_lacking(hand: list[int]) -> bytes:
    """The index of every rank `hand` holds no card of, each once and in order:
    every rank index less the ranks of the hand's cards (made in C, no Python
    loop: legal_actions reads them every move; they tell the ranks held as
    well as those do)."""
    return _EVERY_RANK.translate(None, bytes(hand).translate(_RANK_INDEX_BYTES))


def other_ranks(ranks: bytes) -> bytes:
    """Every rank index not in `ranks`, in order: the ranks held, from those lacking."""
    return _EVERY_RANK.translate(None, ranks)


def rank_of(card: int) -> str:
    return RANK_OF[card]


def book_cards(rank: str) -> range:
    """The four card ids of a rank."""
    first = RANK_INDEX[rank] * len(SUITS)
    return range(first, first + len(SUITS))


#: rank → its four card ids, as a set (the rules ask whether a hand holds them all)
BOOK_OF = {rank: frozenset(book_cards(rank)) for rank in RANKS}


def cards_of(rank: str) -> Message:
    """ "aces", "8s", "kings" — how people ask for a rank."""
    return RANK_WORDS[rank][0]


def a_card_of(rank: str) -> Message:
    """ "an ace", "an 8", "a king"."""
    return RANK_WORDS[rank][1]


def cards_got(rank: str, count: int) -> Message:
    """What an ask of 1–3 cards gets: "an 8", "two 8s", "three kings"."""
    return RANK_WORDS[rank][count]


def seat_called(seat: int) -> Message:
    """A seat where no player's name is known (the result's summary): "seat 3"."""
    return msg("seat {seat}", seat=seat + 1)


def standing(books: tuple[int, ...], name: Callable[[int], str | Message]) -> Message:
    """Who won, with how many books: "Anna wins with 5 books", or a shared win."""
    best = max(books)
    winners = [name(s) for s, count in enumerate(books) if count == best]
    if len(winners) == 1:
        return nmsg("{winner} wins with {n} book", "{winner} wins with {n} books", best, winner=winners[0])
    return nmsg("{winners} and {last} share the win with {n} book each",
                "{winners} and {last} share the win with {n} books each", best,
                winners=tuple(winners[:-1]), last=winners[-1])
