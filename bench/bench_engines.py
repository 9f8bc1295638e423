"""Random-play speed of every game engine: games/s and actions/s at 2 and 4
players, on the same footing (uniformly random legal actions, no invariant
checks). If OpenSpiel (`pyspiel`) is importable, its `go_fish` is timed in the
same run and the ratio ours/OpenSpiel printed.

How OpenSpiel's go_fish differs from ours (so the ratio compares unlike games):
it is written in C++; cards are counts per rank (no suits); the deal and draws
are chance nodes the driver resolves; player 0 always starts; by default it
plays on until every card is in a book (a player with an empty hand draws on),
while ours ends at once when a hand is empty or the last stock card is drawn.

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


def openspiel_go_fish(players: int, games: int, seed: int = 1) -> tuple[float, int]:
    """(seconds, actions) for OpenSpiel's go_fish under the same random policy;
    chance outcomes (the deal, draws) are drawn uniformly and not counted as actions."""
    import pyspiel
    game = pyspiel.load_game("go_fish", {"players": players})
    rng = np.random.default_rng(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all installed)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per measurement")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
        have_pyspiel = True
    except ImportError:
        have_pyspiel = False
        print("pyspiel is not importable: no OpenSpiel reference (pip install open_spiel to compare)")
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
            if game_id == "go-fish" and have_pyspiel:
                ref_s, ref_a = openspiel_go_fish(players, args.count)
                print(f"{'  OpenSpiel go_fish':20s} {players}p  {args.count / ref_s:9.1f} games/s  "
                      f"{ref_a / ref_s:10.0f} actions/s  ({ref_a / args.count:.0f} actions/game)   "
                      f"ratio ours/OpenSpiel: games/s {ref_s / seconds:.2f}×, actions/s "
                      f"{(actions / seconds) / (ref_a / ref_s):.2f}×")


if __name__ == "__main__":
    main()
