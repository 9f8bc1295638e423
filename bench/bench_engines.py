"""Random-play speed of every game engine: games/s and actions/s at 2 and 4
players, on the same footing (random legal actions, no invariant checks), with
references timed in the same run when they are importable:

- RLCard's `UnoGame` (pip install rlcard) against UNO Hau drauf;
- OpenSpiel's `go_fish` (pip install open_spiel) against Go Fish.

Every random choice, ours and the references', goes through `pick` (one
`Generator.random()` call: `Generator.integers` costs 3.7 µs a call, more than
some engines' whole move).

UNO Hau drauf is timed three ways:
- "play-first, engine only": the like-for-like row for RLCard. The random
  player lays a card when one fits and draws only when none does, as RLCard's
  legal actions force; nobody calls or catches UNO (RLCard has neither). The
  unit is replaced by the smallest stand-in feeding the same events (uniform
  selection; turn end on the button; in a slap race the last racer loses).
- "play-first, with unit": the same player with the real unit on a fake clock
  (0 s spin, no time limit), as the simulator and the table run the game.
- "uniform": every legal move of a random current seat equally likely,
  voluntary draws and catches included. Such a round lasts ~10 000 actions
  (penalty cards keep every hand near seven), so it gets fewer games.
The games differ anyway: a turn of UNO Hau drauf is two actions (lay, press
the button) plus the unit's events, a turn of RLCard's UNO is one action.

How OpenSpiel's go_fish differs from ours: it is written in C++; cards are
counts per rank (no suits); the deal and draws are chance nodes the driver
resolves; player 0 always starts; by default it plays on until every card is
in a book, while ours ends when a hand is empty or the last stock card is drawn.

Run by hand: `python bench/bench_engines.py [game-id …] [--games N]`.
"""
from __future__ import annotations

import argparse
import time
from typing import Callable, Sequence

import numpy as np

from device import events as uev
from device.clock import FakeClock
from device.settings import UnitSettings
from device.unit import Unit
from engine import registry
from engine.games.uno_hau_drauf import UnoHauDrauf
from engine.games.uno_hau_drauf.actions import CallUno, CatchUno, Play, PressButton, PressHauDrauf
from engine.games.uno_hau_drauf.state import PENALTY
from table.unit_driver import UnitDriver

BENCH_UNIT = UnitSettings(turn_time=None, spin_duration=0, sleep_after=0, countdown_warnings=0)

Game = Callable[[int, int, np.random.Generator], int]  # (players, seed, rng) -> actions played


def pick(rng: np.random.Generator, items: Sequence):
    return items[int(rng.random() * len(items))]


def measure(play: Game, players: int, games: int) -> tuple[float, float, float]:
    """(games/s, actions/s, actions/game) over `games` seeded games."""
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    actions = sum(play(players, seed, rng) for seed in range(games))
    seconds = time.perf_counter() - start
    return games / seconds, actions / seconds, actions / games


def turn_based(cls) -> Game:
    def play(players: int, seed: int, rng: np.random.Generator) -> int:
        state = cls({"players": players}, seed=seed)
        actions = 0
        while not state.is_over:
            seat = pick(rng, state.current_seats)
            state.apply(seat, pick(rng, state.legal_actions(seat)))
            actions += 1
        return actions
    return play


# --- UNO Hau drauf -------------------------------------------------------------

def play_first(state: UnoHauDrauf, rng: np.random.Generator) -> tuple[int, object]:
    seat = pick(rng, state.waiting_for)
    legal = [a for a in state.legal_actions(seat) if not isinstance(a, (CallUno, CatchUno))]
    plays = [a for a in legal if isinstance(a, Play)]
    return seat, pick(rng, plays or legal)


def uniform(state: UnoHauDrauf, rng: np.random.Generator) -> tuple[int, object]:
    seat = pick(rng, state.current_seats)
    return seat, pick(rng, state.legal_actions(seat))


def uno_engine_only(policy) -> Game:
    def play(players: int, seed: int, rng: np.random.Generator) -> int:
        state = UnoHauDrauf({"players": players, "target": 1}, seed)
        actions = 0
        while not state.is_over:
            if state.waiting_on_unit:
                state.feed(uev.PlayerSelected(at=0, seat=pick(rng, range(players)), limit_ms=None))
                continue
            phase = state.phase
            seat, action = policy(state, rng)
            state.apply(seat, action)
            actions += 1
            if state.is_over or state.waiting_on_unit:
                continue
            if isinstance(action, PressHauDrauf):
                racers = tuple(range(players))
                state.feed(uev.SlapStarted(at=0, slapper=seat, racers=racers, window_ms=5000))
                for racer in racers:
                    state.feed(uev.SlapPressed(at=0, seat=racer, reaction_ms=300, place=1))
                state.feed(uev.SlapResult(at=0, slapper=seat, times=tuple((r, 300) for r in racers),
                                        losers=(racers[-1],), window_expired=False))
            elif isinstance(action, PressButton):
                if phase == PENALTY:
                    state.feed(uev.PenaltyAcknowledged(at=0, seat=seat, cause="slap"))
                else:
                    state.feed(uev.TurnEnded(at=0, seat=seat, elapsed_ms=1000))
        return actions
    return play


def uno_with_unit(policy) -> Game:
    def play(players: int, seed: int, rng: np.random.Generator) -> int:
        state = UnoHauDrauf({"players": players, "target": 1}, seed)
        clock = FakeClock()
        driver = UnitDriver(state, Unit(np.random.default_rng(seed), BENCH_UNIT))
        driver.start(0.0)
        actions = 0
        while not state.is_over:
            if not state.current_seats:  # a slap race or spin runs on the unit's clock
                clock.advance(0.001)
                driver.tick(clock.now())
                continue
            driver.act(*policy(state, rng), clock.now())
            actions += 1
        return actions
    return play


def rlcard_uno(players: int, seed: int, rng: np.random.Generator) -> int:
    from rlcard.games.uno.game import UnoGame
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    game.init_game()
    actions = 0
    while not game.is_over():
        game.step(pick(rng, game.get_legal_actions()))
        actions += 1
    return actions


def openspiel_go_fish(players: int, seed: int, rng: np.random.Generator) -> int:
    """Chance outcomes (the deal, draws) are drawn uniformly and not counted as actions."""
    import pyspiel
    state = pyspiel.load_game("go_fish", {"players": players}).new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(pick(rng, state.chance_outcomes())[0])
            continue
        state.apply_action(pick(rng, state.legal_actions()))
        actions += 1
    return actions


def importable(module: str) -> bool:
    try:
        __import__(module)
        return True
    except ImportError:
        print(f"{module} is not importable: no reference run for it")
        return False


def rows_for(game_id: str, games: int) -> list[tuple[str, Game, int, str | None]]:
    """(label, game, games to play, label of the reference to compare with)."""
    if game_id == "uno-hau-drauf":
        rows = [("uno-hau-drauf play-first, engine only", uno_engine_only(play_first), games, "RLCard UnoGame"),
                ("uno-hau-drauf play-first, with unit", uno_with_unit(play_first), games, "RLCard UnoGame"),
                ("uno-hau-drauf uniform, engine only", uno_engine_only(uniform), max(2, games // 20), "RLCard UnoGame")]
        if importable("rlcard"):
            rows.append(("RLCard UnoGame", rlcard_uno, games, None))
        return rows
    rows = [(game_id, turn_based(registry.game_class(game_id)), games, None)]
    if game_id == "go-fish" and importable("pyspiel"):
        rows = [(game_id, rows[0][1], games, "OpenSpiel go_fish"), ("OpenSpiel go_fish", openspiel_go_fish, games, None)]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: all installed)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per measurement")
    args = parser.parse_args()
    for game_id in args.games or registry.available():
        info = registry.game_class(game_id).info
        rows = rows_for(game_id, args.count)
        for players in (2, 4):
            if not info.min_players <= players <= info.max_players:
                continue
            measured = {label: measure(game, players, count) for label, game, count, _ in rows}
            for label, _, count, reference in rows:
                gps, aps, apg = measured[label]
                line = (f"{players}p  {label:38s} {gps:9.1f} games/s {aps:9.0f} actions/s "
                        f"{apg:7.0f} actions/game ({count} games)")
                if reference in measured:
                    ref = measured[reference]
                    line += f"   ours/{reference}: games/s {gps / ref[0]:.3g}×, actions/s {aps / ref[1]:.3g}×"
                print(line, flush=True)


if __name__ == "__main__":
    main()
