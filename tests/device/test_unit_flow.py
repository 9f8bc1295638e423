"""Power, registration, spin and turns, as a person at the table meets them."""
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from tests.device.rig import Rig, kinds, only


def test_presses_while_off_do_nothing_but_say_why():
    rig = Rig()
    out = rig.seat(0)
    assert str(only(out, uev.InputIgnored).reason) == "the unit is off"
    assert rig.unit.state is UnitState.OFF
    assert str(rig.play_pause()[0].reason) == "the unit is off"


def test_power_on_opens_registration_and_a_press_registers_then_leaves():
    rig = Rig()
    out = rig.unit.power_on(0)
    assert kinds(out) == ["PoweredOn", "RegistrationOpened"]
    assert only(rig.seat(3), uev.SeatRegistered).seats == (3,)
    assert only(rig.seat(1), uev.SeatRegistered).seats == (1, 3)
    left = only(rig.seat(3), uev.SeatLeft)
    assert (left.seat, left.seats) == (3, (1,))
    assert rig.unit.seats == (1,)


def test_start_needs_two_seats_and_says_so():
    rig = Rig()
    rig.unit.power_on(0)
    rig.seat(4)
    refused = only(rig.play_pause(), uev.StartRefused)
    assert "at least 2 players" in str(refused.reason) and "1 registered" in str(refused.reason)
    assert rig.unit.state is UnitState.REGISTERING
    rig.seat(5)
    out = rig.play_pause()
    assert kinds(out) == ["GameStarted", "SpinStarted"]
    assert rig.unit.state is UnitState.SPINNING


def test_invalid_seat_number_is_a_clear_error():
    rig = Rig()
    with pytest.raises(ValueError, match="seat must be a whole number 0–5"):
        rig.unit.press_seat(6, 0)


def test_spin_ends_on_the_scheduled_seat_exactly_at_its_duration():
    rig = Rig(spin_duration=2.0)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(2), rig.seat(4)
    spin = only(rig.play_pause(), uev.SpinStarted)
    assert spin.duration_ms == 2000.0
    assert spin.schedule[-1][0] == 2000.0
    # The light runs at least one full round over registered seats only, slowing down.
    assert {seat for _, seat in spin.schedule} == {0, 2, 4}
    gaps = [b[0] - a[0] for a, b in zip(spin.schedule, spin.schedule[1:])]
    assert gaps == sorted(gaps)
    assert rig.wait(1.999) == []
    late = rig.wait(0.5)  # the tick comes late; the event is still stamped on time
    selected = only(late, uev.PlayerSelected)
    assert selected.seat == spin.schedule[-1][1]
    assert selected.at == pytest.approx(2.0)


def test_the_light_seen_by_the_renderer_follows_the_schedule():
    rig = Rig(spin_duration=1.5)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1)
    spin = only(rig.play_pause(), uev.SpinStarted)
    for offset, seat in spin.schedule[:-1]:
        assert rig.unit.view(offset / 1000 + 1e-4).lit == seat


def test_zero_spin_selects_within_the_same_call():
    rig = Rig(spin_duration=0)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1)
    out = rig.play_pause()
    assert kinds(out) == ["GameStarted", "SpinStarted", "PlayerSelected"]
    assert rig.unit.state is UnitState.TURN


def test_current_seat_ends_its_turn_with_the_elapsed_time_and_the_unit_spins():
    rig = Rig(turn_time=6)
    rig.start()
    seat = rig.selected()
    rig.wait(2.345)
    out = rig.seat(seat)
    assert only(out, uev.TurnEnded).elapsed_ms == pytest.approx(2345.0)
    assert rig.unit.state is UnitState.SPINNING


def test_other_seats_pressing_during_a_turn_change_nothing_but_are_reported():
    rig = Rig()
    rig.start()
    current, other = rig.selected(), rig.other()
    before = rig.unit.view(rig.now)
    out = rig.seat(other)
    assert only(out, uev.NotYourTurn).waiting_for == (current,)
    assert rig.unit.view(rig.now) == before


def test_unregistered_seat_is_told_it_is_not_playing():
    rig = Rig()
    rig.start(seats=(0, 1))
    assert "not playing" in str(only(rig.seat(5), uev.InputIgnored).reason)


def test_presses_during_the_spin_are_ignored():
    rig = Rig(spin_duration=2)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1)
    rig.play_pause()
    assert "light stops" in str(only(rig.seat(0), uev.InputIgnored).reason)
    assert rig.unit.state is UnitState.SPINNING


def test_same_seed_same_game():
    def play(seed):
        rig = Rig(seed=seed, spin_duration=0.5)
        rig.start(seats=(0, 1, 2, 3, 4, 5))
        for _ in range(50):
            rig.seat(rig.selected())
            rig.wait(0.5)
        return [e for e in rig.log if isinstance(e, uev.PlayerSelected)]

    assert play(7) == play(7)
    assert [e.seat for e in play(7)] != [e.seat for e in play(8)]


def test_new_game_keeps_the_seats_and_reset_returns_to_registration():
    rig = Rig()
    rig.start(seats=(1, 4))
    out = rig.unit.new_game(rig.now)
    assert kinds(out) == ["GameStarted", "SpinStarted"]
    assert only(out, uev.GameStarted).seats == (1, 4)
    out = rig.unit.reset(rig.now)
    assert only(out, uev.RegistrationOpened).seats == (1, 4)
    assert rig.unit.state is UnitState.REGISTERING
    assert rig.unit.current is None
    assert only(rig.seat(4), uev.SeatLeft).seats == (1,)


def test_power_off_forgets_everything():
    rig = Rig()
    rig.start(seats=(0, 1))
    assert kinds(rig.unit.power_off(rig.now)) == ["PoweredOff"]
    rig.unit.power_on(rig.now)
    assert rig.unit.seats == ()
    assert rig.unit.current is None


def test_hand_over_starts_a_chosen_seats_turn_without_a_spin():
    rig = Rig(turn_time=4, countdown_warnings=0)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(1), rig.seat(2)
    out = rig.unit.hand_over(2, rig.now)  # e.g. resuming a saved game where seat 3 was playing
    assert kinds(out) == ["GameStarted", "PlayerSelected"]
    assert only(out, uev.PlayerSelected).seat == 2 and rig.unit.state is UnitState.TURN
    rig.wait(1.5)
    out = rig.unit.hand_over(0, rig.now)  # a game with its own order moves on
    assert only(out, uev.TurnEnded).elapsed_ms == pytest.approx(1500.0)
    assert only(out, uev.PlayerSelected).seat == 0
    assert rig.unit.remaining_ms(rig.now) == 4000.0
    rig.wait(4)
    assert rig.unit.state is UnitState.TIMED_OUT
    out = rig.unit.hand_over(1, rig.now)  # after the buzzer the game gives the turn on
    assert kinds(out) == ["PlayerSelected"] and rig.unit.view(rig.now).waiting_for == ()


def test_hand_over_is_refused_for_an_unregistered_seat_or_while_paused():
    rig = Rig()
    rig.start(seats=(0, 1))
    assert "not registered" in str(only(rig.unit.hand_over(4, rig.now), uev.InputIgnored).reason)
    rig.play_pause()
    assert "paused" in str(only(rig.unit.hand_over(1, rig.now), uev.InputIgnored).reason)


def test_after_a_reset_the_light_runs_over_the_seats_of_the_new_game():
    """A seat that joins for the next game is on the light; one that left is not."""
    rig = Rig(spin_duration=2.0)
    rig.unit.power_on(0)
    rig.seat(0), rig.seat(2), rig.seat(4)
    seen = set()
    out = rig.play_pause()
    for _ in range(12):  # turns enough for every seat to be selected in the first game
        seen.add(only(out, uev.SpinStarted).schedule[-1][1])
        out = rig.wait(2.0)
        out = rig.seat(only(out, uev.PlayerSelected).seat)
    assert seen == {0, 2, 4}
    rig.unit.reset(rig.now)
    rig.seat(4), rig.seat(5)
    out = rig.play_pause()
    for _ in range(12):
        spin = only(out, uev.SpinStarted)
        assert {seat for _, seat in spin.schedule} == {0, 2, 5}
        out = rig.seat(only(rig.wait(2.0), uev.PlayerSelected).seat)
