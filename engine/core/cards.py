"""Cards and piles, the part every game shares: a shuffle on the game's own
generator and a draw that refills the stock from the discards when it runs out.

Cards are ints (each game's card ids); a pile is a list whose end is its top.
Every shuffle goes through `shuffled`, so the same seed deals the same cards in
every game, and a saved game (which keeps its generator's state) shuffles on as
it would have. `deal` hands each seat a packet off the front of the deck, for
the games that deal that way."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def shuffled(cards: Sequence[int] | int, rng: np.random.Generator) -> list[int]:
    """The cards in a new order drawn from `rng`; an int n stands for the cards 0 … n-1.
    A Python list shuffled in place: the very order `rng.permutation` gives (numpy
    draws the same swaps for both), without a round trip through a numpy array,
    which cost more than the shuffle; the cards stay Python ints (saved as JSON)."""
    deck = list(range(cards)) if isinstance(cards, int) else list(cards)
    rng.shuffle(deck)
    return deck


def draw(stock: list[int], discard: list[int], count: int, rng: np.random.Generator,
         keep_top: bool = True) -> tuple[list[int], int]:
    """Up to `count` cards off the top of `stock`. When the stock runs out, the
    discard pile — all of it, or all but its top card (`keep_top`, the card
    still in play) — is shuffled into a new stock. Both lists change in place.
    Returns the cards (fewer when both piles run dry) and how many discards
    were shuffled in (0: none), so the game can tell the table."""
    cards: list[int] = []
    reshuffled = 0
    while len(cards) < count:
        if not stock:
            under = discard[:-1] if keep_top else discard[:]
            if not under:
                break
            del discard[:len(under)]
            stock[:] = shuffled(under, rng)
            reshuffled += len(under)
        cards.append(stock.pop())
    return cards, reshuffled


def deal(cards: list[int], seats: int, size: int) -> tuple[list[list[int]], list[int]]:
    """`size` cards to each of `seats` seats, a packet each off the front of
    `cards` (seat 0 first). Returns the seats' packets and the rest, which
    stays as it lay (its top the last card)."""
    return [cards[s * size:(s + 1) * size] for s in range(seats)], cards[seats * size:]
