"""Every game the table lets you play with the unit as a turn timer follows one
protocol (engine/core/speed.py): the unit's pick starts the game, running out
of time costs what the game says and passes the clock on, and an event at the
wrong moment is refused in the same words in every game, changing nothing."""
from __future__ import annotations

import pytest

from haudrauf.device import events as uev
from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction, SpeedGame, TurnStarted
from haudrauf.testing.invariants import check_invariants

#: The table allows the timer for every game that does not use the unit itself (play/session.py).
SPEED_GAMES = [g for g in registry.available() if not registry.game_class(g).info.uses_unit]
NAMES = ["Anna", "Bo", "Cy", "Dee"]
PLAYERS = 4


def texts(events) -> list[str]:
    return [str(e.message(NAMES.__getitem__)) for e in events]


def new(game_id: str, seed: int = 3) -> SpeedGame:
    return registry.game_class(game_id)({"players": PLAYERS}, seed)


def spin(state: SpeedGame) -> None:
    """The unit's spin before its pick, for a game that takes it."""
    if state.takes_the_spin:
        state.feed(uev.SpinStarted(at=0.0, seats=tuple(range(PLAYERS)), schedule=((0.0, 0),), duration_ms=900.0))


def pick(state: SpeedGame, seat: int) -> list:
    spin(state)
    return state.feed(uev.PlayerSelected(at=1.0, seat=seat, limit_ms=6000.0))


def buzz(seat: int) -> uev.TurnTimedOut:
    return uev.TurnTimedOut(at=7.0, seat=seat, limit_ms=6000.0)


def refusal(state: SpeedGame, event) -> str:
    """The reason `event` is refused; the game must be exactly as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        state.feed(event)
    assert state.to_dict() == before
    return str(refused.value)


def test_every_game_with_a_timer_uses_the_speed_game_template():
    assert SPEED_GAMES and "uno-hau-drauf" not in SPEED_GAMES
    for game_id in SPEED_GAMES:
        cls = registry.game_class(game_id)
        assert issubclass(cls, SpeedGame), game_id
        assert (uev.SpinStarted in cls.unit_events) == cls.takes_the_spin, game_id


@pytest.mark.parametrize("game_id", SPEED_GAMES)
def test_the_units_pick_starts_instead_of_the_usual_first_player(game_id):
    usual = new(game_id).current_seats[0]
    picked = (usual + 1) % PLAYERS
    state = new(game_id)
    events = pick(state, picked)
    assert state.current_seats == (picked,)
    assert [e.seat for e in events if isinstance(e, TurnStarted)][-1] == picked
    assert f"{NAMES[picked]}'s turn" in texts(events)
    assert state.legal_actions(picked) and not state.legal_actions(usual)
    check_invariants(state)


@pytest.mark.parametrize("game_id", SPEED_GAMES)
def test_a_timeout_does_what_the_game_says_and_passes_the_turn_left(game_id):
    state, twin = new(game_id), new(game_id)
    pick(state, 2)
    pick(twin, 2)
    events = state.feed(buzz(2))
    assert events == twin.on_timeout(2)  # the game's own rule (its cost is tested with each game)
    assert state.to_dict()["data"] == twin.to_dict()["data"]
    assert any(text.startswith("Cy ran out of time") for text in texts(events))
    assert state.current_seats == (3,)
    check_invariants(state)


@pytest.mark.parametrize("game_id", SPEED_GAMES)
def test_events_at_the_wrong_moment_are_refused_in_the_same_words_in_every_game(game_id):
    state = new(game_id)
    pick(state, 1)
    assert refusal(state, buzz(3)) == "seat 4 cannot time out: it is seat 2's turn"
    state.apply(1, state.legal_actions(1)[0])
    too_late = "the unit can pick who starts only before the first move"
    assert refusal(state, uev.PlayerSelected(at=9.0, seat=0, limit_ms=6000.0)) == too_late
    if state.takes_the_spin:
        assert refusal(state, uev.SpinStarted(at=9.0, seats=(0, 1, 2, 3), schedule=(), duration_ms=900.0)) == too_late


@pytest.mark.parametrize("game_id", SPEED_GAMES)
def test_a_timeout_counts_as_the_first_move(game_id):
    state = new(game_id)
    state.feed(buzz(state.current_seats[0]))
    assert refusal(state, uev.PlayerSelected(at=9.0, seat=0, limit_ms=6000.0)) == \
        "the unit can pick who starts only before the first move"


@pytest.mark.parametrize("game_id", [g for g in SPEED_GAMES if registry.game_class(g).takes_the_spin])
def test_while_the_unit_spins_nobody_can_time_out(game_id):
    state = new(game_id)
    spin(state)
    assert state.current_seats == ()
    assert refusal(state, buzz(0)) == "seat 1 cannot time out: it is nobody's turn"
