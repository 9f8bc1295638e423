"""Go Fish's one move: ask an opponent for a rank."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from haudrauf.engine.games.go_fish.cards import MAX_PLAYERS, RANKS


@dataclass(frozen=True)
class Ask:
    """Ask the opponent at seat `target` for all their cards of `rank` ("8", "K")."""
    target: int
    rank: str


#: every possible ask, made once: legal_actions only picks from them (speed)
ASKS = {(target, rank): Ask(target, rank) for target in range(MAX_PLAYERS) for rank in RANKS}


@cache
def asks_of(seat: int, players: int) -> dict[str, tuple[Ask, ...]]:
    """Every ask `seat` can make, by rank, the opponents from the left on:
    made once per seat and table size (legal_actions lists them every move)."""
    opponents = [(seat + k) % players for k in range(1, players)]
    return {rank: tuple(ASKS[target, rank] for target in opponents) for rank in RANKS}
