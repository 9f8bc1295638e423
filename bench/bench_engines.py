"""Random-play speed of every game engine: games/s and actions/s at 2 and 4
players, on the same footing (uniformly random legal actions, no invariant
checks). Where a reference implementation is importable it is timed in the
same run and the ratio printed (see `reference.py`).

Run by hand: `python bench/bench_engines.py [game-id …] [--games N]`.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from engine import registry


def random_play(cls, players: int, games: int, seed: int = 1) -> tuple[float, int]:
    """(seconds, actions) for `games` random games."""
    rng = np.random.default_rng(seed)
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        state = cls({"players": players}, seed=seed + g)
        while not state.is_over:
            seats = state.current_seats
            seat = seats[int(rng.integers(len(seats)))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
            actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all installed)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per measurement")
    args = parser.parse_args()
    for game_id in args.games or registry.available():
        cls = registry.game_class(game_id)
        if cls.info.uses_unit:
            continue  # driven by unit events: measured by its own script (bench_uno.py)
        for players in (2, 4):
            if not cls.info.min_players <= players <= cls.info.max_players:
                continue
            seconds, actions = random_play(cls, players, args.count)
            print(f"{game_id:20s} {players}p  {args.count / seconds:9.1f} games/s  "
                  f"{actions / seconds:10.0f} actions/s  ({actions / args.count:.0f} actions/game)")


if __name__ == "__main__":
    main()
