"""Random legal play of every game and player count until at least BUDGET
actions (default 100,000) each, cycling through the options that change how a
game ends (testing/fuzz.py: OPTION_SETS); speed games get the unit's
spin and timeouts, UNO Hau drauf is played through a unit on a fake clock.
Every game must end within the cap: "capped" must be 0 everywhere.

    python bench/fuzz_games.py [BUDGET] [GAME ...]

Prints one line per game and player count (actions, unit events, games ended,
games capped, CPU seconds) and exits 1 if any game hit the cap. The invariants
are checked after every step and each option set's first finished game is
replayed from its log."""
from __future__ import annotations

import sys
import time


from haudrauf.engine import registry  # noqa: E402
from haudrauf.testing.fuzz import GAME_CAP, fuzz  # noqa: E402


def main(argv: list[str]) -> int:
    budget = int(argv[0]) if argv else 100_000
    games = argv[1:] or registry.available()
    print(f"fuzz: at least {budget:,} random legal actions per game and player count; "
          f"a game is capped after {GAME_CAP:,} steps")
    capped = 0
    start = time.process_time()
    for game_id in games:
        info = registry.game_class(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            stats = fuzz(game_id, players, budget)
            capped += stats.games_capped
            print(stats.line(), flush=True)
    print(f"total cpu {time.process_time() - start:.1f} s; games capped: {capped}")
    return 1 if capped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
