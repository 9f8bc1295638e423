"""HAU DRAUF: the slap race, its loser(s), and the flashing button."""
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from tests.device.rig import Rig, kinds, only


def race(seats=(0, 1, 2, 3), **settings):
    rig = Rig(turn_time=None, **settings)
    rig.start(seats=seats)
    return rig, only(rig.slap(), uev.SlapStarted)


def test_slap_starts_a_race_of_every_seat_including_the_slapper():
    rig, started = race()
    assert started.racers == (0, 1, 2, 3)
    assert started.slapper == rig.selected()
    assert started.window_ms == 5000.0
    assert rig.unit.state is UnitState.SLAP_RACE


def test_last_to_press_loses_and_every_time_is_reported():
    rig, _ = race()
    presses = {2: 0.180, 0: 0.250, 3: 0.310, 1: 0.702}
    elapsed = 0.0
    for seat, t in presses.items():
        rig.wait(t - elapsed)
        elapsed = t
        out = rig.seat(seat)
    pressed = [e for e in rig.log if isinstance(e, uev.SlapPressed)]
    assert [(p.seat, p.place) for p in pressed] == [(2, 1), (0, 2), (3, 3), (1, 4)]
    result = only(out, uev.SlapResult)
    assert result.losers == (1,)
    assert not result.window_expired
    assert dict(result.times) == pytest.approx({s: t * 1000 for s, t in presses.items()})
    assert rig.unit.state is UnitState.SLAP_RESULT
    assert rig.unit.view(rig.now).waiting_for == (1,)


def test_loser_must_press_its_flashing_button_before_the_game_goes_on():
    rig, _ = race(seats=(0, 1))
    rig.wait(0.2), rig.seat(0), rig.wait(0.3), rig.seat(1)
    assert only(rig.seat(0), uev.NotYourTurn).waiting_for == (1,)
    out = rig.seat(1)
    assert only(out, uev.PenaltyAcknowledged).cause == "slap"
    assert "SpinStarted" in kinds(out)


def test_window_end_makes_everyone_who_did_not_press_a_loser():
    rig, _ = race(seats=(0, 1, 2, 3), slap_window=2)
    rig.wait(0.3), rig.seat(2)
    out = rig.wait(5)
    result = only(out, uev.SlapResult)
    assert result.window_expired
    assert result.losers == (0, 1, 3)
    assert dict(result.times) == {0: None, 1: None, 2: pytest.approx(300.0), 3: None}
    # every loser must press; the unit spins after the last of them
    assert kinds(rig.seat(3)) == ["PenaltyAcknowledged"]
    assert kinds(rig.seat(0)) == ["PenaltyAcknowledged"]
    assert "SpinStarted" in kinds(rig.seat(1))


def test_window_end_is_stamped_at_the_window_even_when_noticed_late():
    rig, started = race(slap_window=1.5)
    out = rig.wait(4)
    assert only(out, uev.SlapResult).at == pytest.approx(started.at + 1.5)


def test_a_second_press_in_the_same_race_is_ignored():
    rig, _ = race()
    rig.seat(0)
    assert "already pressed" in str(only(rig.seat(0), uev.InputIgnored).reason)


def test_slapper_can_be_excluded_from_the_race():
    rig, started = race(slapper_races=False)
    assert rig.selected() not in started.racers
    assert len(started.racers) == 3
    assert "does not race" in str(only(rig.seat(rig.selected()), uev.InputIgnored).reason)


def test_excluding_the_slapper_never_leaves_a_one_seat_race():
    rig, started = race(seats=(0, 1), slapper_races=False)
    assert started.racers == (0, 1)


def test_hau_drauf_outside_a_turn_is_ignored_with_a_reason():
    rig = Rig(spin_duration=2)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1)
    rig.play_pause()
    assert "only during a player's turn" in str(only(rig.slap(), uev.InputIgnored).reason)
    assert rig.unit.state is UnitState.SPINNING


def test_equal_timestamps_the_later_arrival_loses():
    rig, _ = race(seats=(0, 1))
    rig.wait(0.25)
    rig.seat(1)
    out = rig.seat(0)
    result = only(out, uev.SlapResult)
    assert dict(result.times) == {0: 250.0, 1: 250.0}
    assert result.losers == (0,)


def test_slap_race_stops_the_turn_clock():
    rig = Rig(turn_time=4, countdown_warnings=0)
    rig.start(seats=(0, 1))
    rig.wait(3)
    rig.slap()
    assert rig.unit.remaining_ms(rig.now) is None
    out = rig.wait(3)  # past the old deadline: no timeout, the race window ends instead
    assert "TurnTimedOut" not in kinds(out)
