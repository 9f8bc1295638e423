"""A settings change takes effect from now: the unit never acts in the past."""
import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.device.unit import Unit
from tests.device.rig import Rig, kinds, only


def configure(rig, **changes):
    return rig._keep(rig.unit.configure(rig.unit.settings.with_changes(**changes), rig.now))


def test_lowering_sleep_after_a_long_idle_spell_sleeps_now_not_in_the_past():
    rig = Rig(turn_time=None, sleep_after=0, spin_duration=1.5)
    rig.start()
    turn_start = only(rig.log, uev.PlayerSelected).at
    rig.wait(1000 - rig.now)
    events = configure(rig, sleep_after=60)
    assert kinds(events) == ["SettingsChanged", "FellAsleep"]
    assert only(events, uev.FellAsleep).at == 1000
    assert rig.unit.state is UnitState.ASLEEP
    rig.wait(10)
    assert kinds(rig.play_pause()) == ["WokeUp"]
    ended = only(rig.seat(rig.selected()), uev.TurnEnded)
    assert ended.at == 1010
    assert ended.elapsed_ms == pytest.approx((1000 - turn_start) * 1000)  # asleep, the turn clock stood still


def test_raising_sleep_after_keeps_the_unit_awake_past_the_old_delay():
    rig = Rig(turn_time=None, sleep_after=300)
    rig.start()
    rig.wait(200)
    configure(rig, sleep_after=600)
    assert rig.wait(250) == []
    assert rig.unit.state is UnitState.TURN
    assert only(rig.wait(rig.unit.next_event_at() - rig.now), uev.FellAsleep).at == pytest.approx(600)


def test_a_shorter_turn_time_does_not_time_out_the_running_turn_in_the_past():
    rig = Rig(turn_time=30, countdown_warnings=0)
    rig.start()
    rig.wait(10)
    configure(rig, turn_time=4)
    timed_out = only(rig.wait(20), uev.TurnTimedOut)
    assert timed_out.limit_ms == 30_000  # the running turn keeps its limit
    assert timed_out.at == pytest.approx(only(rig.log, uev.PlayerSelected).at + 30)


def test_the_spin_reports_the_duration_it_really_runs():
    rig = Rig(spin_duration=1.6015625)  # not a whole number of microseconds
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1)
    spin = only(rig.play_pause(), uev.SpinStarted)
    assert spin.schedule[-1][0] == spin.duration_ms
    selected = only(rig.wait(2), uev.PlayerSelected)
    assert selected.at == pytest.approx(spin.duration_ms / 1000, abs=1e-9)


@pytest.mark.parametrize("now", [float("nan"), float("inf"), -float("inf"), 1e300, 10**400, "12", None, True])
def test_a_time_that_is_not_a_number_of_seconds_is_refused_and_changes_nothing(now):
    rig = Rig(turn_time=6)
    rig.start()
    before = rig.unit.view(rig.now)
    for call in (rig.unit.tick, rig.unit.press_hau_drauf, rig.unit.view, rig.unit.power_off):
        with pytest.raises(ValueError, match="the clock time must be a number of seconds up to 1e"):
            call(now)
    assert rig.unit.view(rig.now) == before
    assert kinds(rig.wait(6)) == ["CountdownWarning"] * 3 + ["TurnTimedOut"]  # the clock still runs


def test_the_unit_takes_only_checked_settings():
    rig = Rig()
    with pytest.raises(TypeError, match="settings must be UnitSettings, got"):
        rig.unit.configure({"sleep_after": float("nan")}, rig.now)
    with pytest.raises(TypeError, match="settings must be UnitSettings"):
        Unit(np.random.default_rng(0), settings={"turn_time": 1e300})
