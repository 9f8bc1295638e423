"""Per-seat extra time: a seat's timed turn lasts the turn time plus its extra
seconds, and every clock the players hear (countdown, buzzer) follows it."""
import pytest

from haudrauf.device import events as uev
from haudrauf.play.storage import read_toml, write_toml
from haudrauf.device.settings import UnitSettings
from tests.device.rig import Rig, only

SEAT_2_PLUS_2 = (0, 2, 0, 0, 0, 0)  # seat 2 on the unit is seat index 1


def turn_for(rig: Rig, seat: int):
    """Register seats 1–3 and give the turn straight to `seat`."""
    rig.start()
    rig.wait(20)  # let the spin's pick time out, so the hand-over starts a fresh clock
    return rig._keep(rig.unit.hand_over(seat, rig.now))


@pytest.mark.parametrize("seat, seconds", [(0, 6), (1, 8), (2, 6)])
def test_seat_2_with_two_extra_seconds_times_out_at_8_s_the_others_at_6_s(seat, seconds):
    rig = Rig(turn_time=6, countdown_warnings=0, extra_time=SEAT_2_PLUS_2)
    selected = only(turn_for(rig, seat), uev.PlayerSelected)
    assert (selected.seat, selected.limit_ms) == (seat, seconds * 1000)
    start = rig.now
    assert rig.wait(seconds - 0.001) == []
    timed_out = only(rig.wait(1), uev.TurnTimedOut)
    assert (timed_out.seat, timed_out.limit_ms) == (seat, seconds * 1000)
    assert timed_out.at == pytest.approx(start + seconds)


def test_the_seat_the_spin_picks_gets_its_own_limit():
    rig = Rig(turn_time=4, countdown_warnings=0, extra_time=(0, 1, 2, 3, 4, 5))
    for _ in range(5):  # several picks, so more than one seat is checked
        selected = [e for e in rig.start() if isinstance(e, uev.PlayerSelected)][-1]
        assert selected.limit_ms == (4 + selected.seat) * 1000
        assert rig.unit.view(rig.now).limit_ms == (4 + selected.seat) * 1000
        rig._keep(rig.unit.power_off(rig.now))


def test_the_countdown_counts_down_to_the_seats_own_end():
    rig = Rig(turn_time=6, countdown_warnings=3, extra_time=SEAT_2_PLUS_2)
    turn_for(rig, 1)
    start = rig.now
    out = rig.wait(10)
    warnings = [(e.seconds_left, round(e.at - start, 6)) for e in out if isinstance(e, uev.CountdownWarning)]
    assert warnings == [(3, 5.0), (2, 6.0), (1, 7.0)]
    assert only(out, uev.TurnTimedOut).at == pytest.approx(start + 8)


def test_unlimited_time_stays_unlimited_with_extra_time():
    rig = Rig(turn_time=None, extra_time=(30,) * 6)
    assert only(turn_for(rig, 1), uev.PlayerSelected).limit_ms is None
    assert not any(isinstance(e, uev.TurnTimedOut) for e in rig.wait(1000))


def test_extra_time_survives_the_settings_file(tmp_path):
    settings = UnitSettings(extra_time=(0, 2.5, 0, 0, 30, 0))
    write_toml(tmp_path / "settings.toml", {"unit": settings.to_dict()})
    data, problem = read_toml(tmp_path / "settings.toml")
    assert problem is None and data["unit"]["extra_time"] == [0, 2.5, 0, 0, 30, 0]
    assert UnitSettings.from_dict(data["unit"]) == (settings, [])
