"""Pause freezes every clock exactly; sleep and wake keep where the game was."""
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from tests.device.rig import Rig, kinds, only


def test_pause_freezes_the_turn_clock_to_the_microsecond():
    rig = Rig(turn_time=6, countdown_warnings=0)
    rig.start()
    rig.wait(2.123456)
    paused = only(rig.play_pause(), uev.Paused)
    assert paused.remaining_ms == pytest.approx(3876.544)
    assert rig.wait(100) == []
    assert rig.unit.remaining_ms(rig.now) == paused.remaining_ms
    resumed = only(rig.play_pause(), uev.Resumed)
    assert resumed.remaining_ms == paused.remaining_ms
    assert rig.wait(3.876543) == []
    timed_out = only(rig.wait(0.000001), uev.TurnTimedOut)
    assert timed_out.at == pytest.approx(rig.now)


def test_presses_while_paused_are_refused_with_a_reason():
    rig = Rig()
    rig.start()
    rig.play_pause()
    assert "paused" in str(only(rig.seat(rig.selected()), uev.InputIgnored).reason)
    assert "paused" in str(only(rig.slap(), uev.InputIgnored).reason)
    assert rig.unit.state is UnitState.PAUSED


def test_pause_during_the_spin_holds_the_light():
    rig = Rig(spin_duration=2)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1)
    rig.play_pause()
    rig.wait(1)
    lit = rig.unit.view(rig.now).lit
    rig.play_pause()
    rig.wait(30)
    assert rig.unit.view(rig.now).lit == lit
    rig.play_pause()
    assert rig.wait(0.999) == []
    assert kinds(rig.wait(0.001)) == ["PlayerSelected"]


def test_pause_during_a_slap_race_freezes_reaction_times():
    rig = Rig(turn_time=None)
    rig.start(seats=(0, 1))
    rig.slap()
    rig.wait(0.1)
    rig.play_pause()
    rig.wait(10)
    rig.play_pause()
    rig.wait(0.1)
    assert only(rig.seat(1), uev.SlapPressed).reaction_ms == pytest.approx(200.0)


def test_a_flashing_button_still_waits_after_a_pause():
    rig = Rig(turn_time=4, countdown_warnings=0)
    rig.start()
    seat = rig.selected()
    rig.wait(4)
    rig.play_pause(), rig.wait(3), rig.play_pause()
    assert rig.unit.state is UnitState.TIMED_OUT
    assert rig.unit.view(rig.now).waiting_for == (seat,)


def test_the_unit_sleeps_after_the_idle_delay_and_wakes_where_it_was():
    rig = Rig(turn_time=None, sleep_after=120)
    rig.start()
    seat = rig.selected()
    assert rig.wait(118) == []  # the last input was Play at 0 s; now 119.5 s
    asleep = only(rig.wait(5), uev.FellAsleep)
    assert rig.unit.state is UnitState.ASLEEP
    assert asleep.at == 120.0
    assert "asleep" in str(only(rig.seat(seat), uev.InputIgnored).reason)
    assert rig.wait(10_000) == []
    assert kinds(rig.play_pause()) == ["WokeUp"]
    assert rig.unit.state is UnitState.TURN
    assert rig.unit.current == seat


def test_sleep_counts_from_the_last_input_even_an_ignored_one():
    rig = Rig(turn_time=None, sleep_after=60)
    rig.start(seats=(0, 1))
    rig.wait(50)
    rig.seat(rig.other())  # a press that changes nothing still shows someone is there
    assert rig.wait(59) == []
    assert kinds(rig.wait(1)) == ["FellAsleep"]


def test_sleeping_with_a_flashing_button_keeps_it_waiting_and_the_clock_frozen():
    rig = Rig(turn_time=4, countdown_warnings=0, sleep_after=60)
    rig.start()
    seat = rig.selected()
    rig.wait(4)
    rig.wait(100)
    assert rig.unit.state is UnitState.ASLEEP
    rig.play_pause()
    assert rig.unit.state is UnitState.TIMED_OUT
    assert rig.unit.view(rig.now).waiting_for == (seat,)


def test_a_paused_unit_falls_asleep_and_wakes_paused():
    rig = Rig(turn_time=6, countdown_warnings=0, sleep_after=60)
    rig.start()
    rig.wait(1)
    remaining = only(rig.play_pause(), uev.Paused).remaining_ms
    rig.wait(61)
    assert rig.unit.state is UnitState.ASLEEP
    rig.play_pause()
    assert rig.unit.state is UnitState.PAUSED
    rig.play_pause()
    assert rig.unit.remaining_ms(rig.now) == remaining


def test_sleep_can_be_switched_off():
    rig = Rig(turn_time=None, sleep_after=0)
    rig.start()
    assert rig.wait(100_000) == []


def test_registration_sleeps_too():
    rig = Rig(sleep_after=60)
    rig.unit.power_on(0)
    assert kinds(rig.wait(61)) == ["FellAsleep"]
    rig.play_pause()
    assert rig.unit.state is UnitState.REGISTERING
