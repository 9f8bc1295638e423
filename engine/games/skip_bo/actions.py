"""What a player does in Skip-Bo: build, discard, or end an empty-handed turn."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.games.skip_bo.cards import BUILDING_PILES, CARD_COUNT, DISCARD_PILES


@dataclass(frozen=True)
class Build:
    """Play `card` (from the hand, a stock top or a discard-pile top) onto building pile `pile` (0–3)."""
    card: int
    pile: int


@dataclass(frozen=True)
class Discard:
    """End the turn: put hand card `card` on one of your own discard piles (0–3)."""
    card: int
    pile: int


@dataclass(frozen=True)
class EndTurn:
    """End the turn without discarding: only when you hold no card (nothing left to draw)."""


ACTION_TYPES = (Build, Discard, EndTurn)

# Every action object made once: legal_actions runs for every move and is the hot path.
BUILDS = tuple(tuple(Build(card, p) for p in range(BUILDING_PILES)) for card in range(CARD_COUNT))
DISCARDS = tuple(tuple(Discard(card, p) for p in range(DISCARD_PILES)) for card in range(CARD_COUNT))
END_TURN = EndTurn()
