"""Go Fish's one move: ask an opponent for a rank."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from haudrauf.engine.games.go_fish.cards import MAX_PLAYERS, RANKS, other_ranks


@dataclass(frozen=True)
class Ask:
    """Ask the opponent at seat `target` for all their cards of `rank` ("8", "K")."""
    target: int
    rank: str


#: ASKS_BY_RANK[players][seat][rank index]: every ask `seat` can make for that
#: rank at a table of `players`, the opponents from the left on. Made once, so
#: legal_actions only picks from them.
ASKS_BY_RANK = {
    players: tuple(tuple(tuple(Ask((seat + k) % players, rank) for k in range(1, players)) for rank in RANKS)
                   for seat in range(players))
    for players in range(2, MAX_PLAYERS + 1)
}


@lru_cache(maxsize=16384)
def asks_lacking(players: int, seat: int, lacking: bytes) -> list[Ask]:
    """Every ask `seat` may make when its hand lacks the ranks `lacking`
    (indices into RANKS, each once, in order: `ranks_lacking`), rank by rank,
    as legal_actions lists them every move (its callers get a copy). The lists
    last used are kept: a hand's ranks recur from move to move and game to
    game; 16384 lists (every set of ranks either seat of two can hold) take
    about 5 MB, 7 MB at larger tables."""
    asks = ASKS_BY_RANK[players][seat]
    return [ask for rank in other_ranks(lacking) for ask in asks[rank]]
