"""The turn clock: speed switch, custom times, countdown, timeout and buzzer."""
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from tests.device.rig import Rig, kinds, only


@pytest.mark.parametrize("seconds", [6, 4, 2.5, 1, 60])
def test_timeout_fires_exactly_at_the_deadline(seconds):
    rig = Rig(turn_time=seconds, countdown_warnings=0, spin_duration=1)
    rig.start()
    seat = rig.selected()
    turn_start = rig.now
    assert rig.wait(seconds - 0.001) == []
    out = rig.wait(3)  # a late tick
    timed_out = only(out, uev.TurnTimedOut)
    assert timed_out.seat == seat
    assert timed_out.at == pytest.approx(turn_start + seconds)
    assert timed_out.limit_ms == pytest.approx(seconds * 1000)
    assert rig.unit.state is UnitState.TIMED_OUT
    assert rig.unit.view(rig.now).waiting_for == (seat,)


def test_a_press_one_millisecond_before_the_deadline_is_in_time():
    rig = Rig(turn_time=4, countdown_warnings=0)
    rig.start()
    rig.wait(3.999)
    assert kinds(rig.seat(rig.selected()))[0] == "TurnEnded"


def test_after_a_timeout_only_the_flashing_seat_continues_the_game():
    rig = Rig(turn_time=4, countdown_warnings=0)
    rig.start()
    seat, other = rig.selected(), rig.other()
    rig.wait(4)
    assert only(rig.seat(other), uev.NotYourTurn).waiting_for == (seat,)
    assert rig.unit.state is UnitState.TIMED_OUT
    rig.wait(100)  # it waits as long as it takes
    assert rig.unit.state is UnitState.TIMED_OUT
    out = rig.seat(seat)
    ack = only(out, uev.PenaltyAcknowledged)
    assert (ack.seat, ack.cause) == (seat, "timeout")
    assert "SpinStarted" in kinds(out)


def test_countdown_warnings_in_the_last_seconds():
    rig = Rig(turn_time=6, countdown_warnings=3)
    rig.start()
    start = rig.now
    out = rig.wait(10)
    warnings = [(e.seconds_left, round(e.at - start, 6)) for e in out if isinstance(e, uev.CountdownWarning)]
    assert warnings == [(3, 3.0), (2, 4.0), (1, 5.0)]
    assert kinds(out)[-1] == "TurnTimedOut"


def test_countdown_never_warns_before_the_turn_begins():
    rig = Rig(turn_time=2, countdown_warnings=5)
    rig.start()
    out = rig.wait(5)
    assert [e.seconds_left for e in out if isinstance(e, uev.CountdownWarning)] == [1]


def test_unlimited_time_never_times_out():
    rig = Rig(turn_time=None, sleep_after=0)
    out = rig.start()
    assert only(out, uev.PlayerSelected).limit_ms is None
    assert rig.wait(10_000) == []
    assert rig.unit.state is UnitState.TURN
    assert rig.unit.remaining_ms(rig.now) is None


def test_speed_switch_applies_from_the_next_turn():
    rig = Rig(turn_time=6, countdown_warnings=0)
    rig.start()
    only(rig.unit.set_speed(4, rig.now), uev.SettingsChanged)
    assert rig.unit.remaining_ms(rig.now) == 6000.0  # this turn keeps its 6 s
    rig.wait(5)
    rig.seat(rig.selected())
    out = rig.wait(rig.unit.settings.spin_duration)
    assert only(out, uev.PlayerSelected).limit_ms == 4000.0


def test_remaining_time_counts_down():
    rig = Rig(turn_time=6)
    rig.start()
    rig.wait(1.25)
    assert rig.unit.remaining_ms(rig.now) == pytest.approx(4750.0)
