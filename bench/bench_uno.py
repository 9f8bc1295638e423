"""UNO Hau drauf random play: games/s and actions/s at 2 and 4 players, and —
if `rlcard` is importable — RLCard's `UnoGame` with random legal actions in the
same run, with the ratio ours/RLCard.

Two measurements of ours:
- "with unit": the engine driven by the real unit on a fake clock (0 s spin,
  no time limit), as the simulator and the table run it;
- "engine only": the unit replaced by the smallest stand-in that feeds the
  same events (uniform selection, turn end on the button), to time the rules alone.
Moves are uniformly random among the legal ones of a uniformly random current
seat, like RLCard's random agent. The games differ (the unit's repeats and
penalties make rounds far longer than standard UNO's), so actions/s is the
like-for-like figure; games/s is printed too.

Run by hand: `python bench/bench_uno.py [--games N]`.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from device import events as u
from device.clock import FakeClock
from device.settings import UnitSettings
from device.unit import Unit
from engine.games.uno_hau_drauf import UnoHauDrauf
from engine.games.uno_hau_drauf.actions import PressButton, PressHauDrauf
from table.uno_match import UnoMatch

BENCH_UNIT = UnitSettings(turn_time=None, spin_duration=0, sleep_after=0, countdown_warnings=0)


def with_unit(players: int, seed: int, rng) -> int:
    state = UnoHauDrauf({"players": players, "target": 1}, seed)
    clock = FakeClock()
    unit = Unit(np.random.default_rng(seed), BENCH_UNIT)
    match = UnoMatch(state, unit)
    match.start(0.0)
    actions = 0
    while not state.is_over:
        seats = state.current_seats
        if not seats:
            clock.advance(0.001)
            match.tick(clock.now())
            continue
        seat = seats[int(rng.integers(len(seats)))]
        legal = state.legal_actions(seat)
        match.act(seat, legal[int(rng.integers(len(legal)))], clock.now())
        actions += 1
    return actions


def engine_only(players: int, seed: int, rng) -> int:
    """The rules with a stand-in for the unit: select uniformly, end the turn
    on the button, every racer presses in turn and the last one loses."""
    state = UnoHauDrauf({"players": players, "target": 1}, seed)
    actions = 0
    while not state.is_over:
        if state.waiting_on_unit:
            state.feed(u.PlayerSelected(at=0, seat=int(rng.integers(players)), limit_ms=None))
            continue
        seats = state.current_seats
        seat = seats[int(rng.integers(len(seats)))]
        legal = state.legal_actions(seat)
        action = legal[int(rng.integers(len(legal)))]
        phase = state.phase
        state.apply(seat, action)
        actions += 1
        if state.is_over or state.waiting_on_unit:
            continue
        if isinstance(action, PressHauDrauf):
            racers = tuple(range(players))
            state.feed(u.SlapStarted(at=0, slapper=seat, racers=racers, window_ms=5000))
            for racer in racers:
                state.feed(u.SlapPressed(at=0, seat=racer, reaction_ms=300, place=1))
            state.feed(u.SlapResult(at=0, slapper=seat, times=tuple((r, 300) for r in racers),
                                    losers=(racers[-1],), window_expired=False))
        elif isinstance(action, PressButton):
            if phase in ("penalty",):
                state.feed(u.PenaltyAcknowledged(at=0, seat=seat, cause="slap"))
            elif phase != "slap race":
                state.feed(u.TurnEnded(at=0, seat=seat, elapsed_ms=1000))
    return actions


def rlcard_game(players: int, seed: int, rng) -> int:
    from rlcard.games.uno.game import UnoGame
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    game.init_game()
    actions = 0
    while not game.is_over():
        legal = game.get_legal_actions()
        game.step(legal[int(rng.integers(len(legal)))])
        actions += 1
    return actions


def measure(play, players: int, games: int) -> tuple[float, float, float]:
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    actions = sum(play(players, seed, rng) for seed in range(games))
    seconds = time.perf_counter() - start
    return games / seconds, actions / seconds, actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    try:
        import rlcard  # noqa: F401
        have_rlcard = True
    except ImportError:
        have_rlcard = False
        print("rlcard is not importable: no reference run (pip install rlcard to compare)")
    for players in (2, 4):
        rows = {"with unit": measure(with_unit, players, args.games),
                "engine only": measure(engine_only, players, args.games)}
        if have_rlcard:
            rows["RLCard UnoGame"] = measure(rlcard_game, players, args.games)
        for name, (gps, aps, apg) in rows.items():
            print(f"{players}p  {name:15s} {gps:9.1f} games/s  {aps:9.0f} actions/s  {apg:7.0f} actions/game")
        if have_rlcard:
            ref = rows["RLCard UnoGame"]
            for name in ("with unit", "engine only"):
                print(f"{players}p  ratio ours/RLCard ({name}): games/s {rows[name][0] / ref[0]:.4f}×, "
                      f"actions/s {rows[name][1] / ref[1]:.2f}×")


if __name__ == "__main__":
    main()
