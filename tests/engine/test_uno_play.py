"""UNO Hau drauf played for real: the engine driven by a real unit on a fake
clock, with random moves and random waits, checked after every step."""
from collections import Counter

import numpy as np
import pytest

from haudrauf.device.clock import FakeClock
from haudrauf.device.machine import UnitState
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit
from haudrauf.engine.games.uno_hau_drauf import UnoHauDrauf
from haudrauf.engine.games.uno_hau_drauf import events as ev, legal
from haudrauf.engine.games.uno_hau_drauf.actions import CallUno, Play
from haudrauf.testing.invariants import assert_replays_and_round_trips, check_invariants
from haudrauf.play.unit_driver import UnitDriver

FAST_UNIT = UnitSettings(turn_time=6, spin_duration=0.5, slap_window=2, sleep_after=0, countdown_warnings=0)


def check_step(state: UnoHauDrauf, unit: Unit) -> None:
    check_invariants(state)
    for seat in range(state.players):  # the cached legal moves are the true ones
        assert state.legal_actions(seat) == legal.legal_actions(state, seat)
    if state.is_over:
        return
    for seat in state.waiting_for:
        assert state.legal_actions(seat), f"seat {seat} must act in phase {state.phase} but cannot"
    if not state.current_seats:
        assert state.waiting_on_unit and unit.state is UnitState.SPINNING
    # the engine's picture of the unit matches the unit
    if unit.state is UnitState.TURN:
        assert state.current == unit.current
    if unit.state is UnitState.SLAP_RACE:
        pressed = {s for s, _ in unit.view(0).reactions}
        assert set(state.must_press) == set(unit.view(0).racers) - pressed
    if unit.state in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
        assert set(state.must_press) == set(unit.view(0).waiting_for)


def pick(legal: list, rng: np.random.Generator):
    """A random legal move that mostly lays a card when one fits and mostly
    calls UNO: uniformly random play piles up so many penalty cards that a
    round would last thousands of moves."""
    if CallUno() in legal and rng.random() < 0.9:
        return CallUno()
    plays = [a for a in legal if isinstance(a, Play)]
    pool = plays if plays and rng.random() < 0.95 else legal
    return pool[int(rng.integers(len(pool)))]


def pick_seat(state: UnoHauDrauf, rng: np.random.Generator) -> int:
    """Mostly a seat the game waits for; now and then one with only optional moves."""
    waiting = state.waiting_for
    seats = waiting if waiting and rng.random() < 0.9 else state.current_seats
    return seats[int(rng.integers(len(seats)))]


def random_game(players: int, seed: int, check: bool = True, **options) -> tuple[UnoHauDrauf, list]:
    """Random legal moves by random seats; now and then time runs on instead
    (so turns time out and slap windows close)."""
    state = UnoHauDrauf({"players": players, **options}, seed)
    rng = np.random.default_rng(seed)
    clock = FakeClock()
    unit = Unit(np.random.default_rng(seed + 1), FAST_UNIT)
    driver = UnitDriver(state, unit)
    events = driver.start(clock.now())
    seen = 0
    for _ in range(50_000):
        if state.is_over:
            return state, events
        seats = state.current_seats
        if seats and rng.random() < 0.97:
            seat = pick_seat(state, rng)
            events += driver.act(seat, pick(state.legal_actions(seat), rng), clock.now())
            clock.advance(float(rng.random()) * 0.3)
        else:
            clock.advance(max(0.0, (unit.next_event_at() or clock.now() + 0.1) - clock.now()))
        events += driver.tick(clock.now())
        if check and len(state.log) != seen:  # something happened: check it
            seen = len(state.log)
            check_step(state, unit)
    raise AssertionError(f"seed {seed}: no end")


@pytest.mark.soak
@pytest.mark.parametrize("first_seed", range(0, 400, 100))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_single_round_games_keep_every_rule(players, first_seed):
    """400 one-round games per player count (2 000 in all, in chunks of 100 so
    the test workers share them evenly), checked after every step."""
    causes = Counter()
    for seed in range(first_seed, first_seed + 100):
        state, events = random_game(players, seed, target=1)
        assert state.result.winners
        causes.update(e.cause for e in events if isinstance(e, ev.CardsDrawn))
    # every kind of penalty and effect really happened along the way
    assert set(causes) >= {"draw two", "wild draw four", "timeout", "slap", "uno", "challenge"}


@pytest.mark.soak
@pytest.mark.parametrize("options", [
    {"players": 4}, {"players": 3, "scoring": "lowest-wins"},
    {"players": 5, "layer_chooses": True, "wild4_bluffing": True},
])
def test_full_games_to_500_points_have_consistent_scores(options):
    for seed in range(3):
        state, events = random_game(seed=seed, **options)
        rounds = [e for e in events if isinstance(e, ev.RoundOver)]
        assert rounds and rounds[-1].scores == tuple(state.scores)
        if options.get("scoring", "standard") == "standard":
            won = Counter()
            for r in rounds:
                won[r.winner] += r.points
            assert [won[s] for s in range(state.players)] == state.scores
            assert max(state.scores) >= 500 and state.result.winners == (state.scores.index(max(state.scores)),)
        else:
            assert max(state.scores) >= 500
            assert state.result.winners == tuple(s for s, p in enumerate(state.scores) if p == min(state.scores))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_and_save_round_trip(seed):
    state, _ = random_game(4, seed, check=False, target=200)
    assert_replays_and_round_trips(state)


def test_same_seed_same_game_different_seed_different_game():
    a, _ = random_game(3, 11, check=False, target=1)
    b, _ = random_game(3, 11, check=False, target=1)
    c, _ = random_game(3, 12, check=False, target=1)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict()["log"] != c.to_dict()["log"]
