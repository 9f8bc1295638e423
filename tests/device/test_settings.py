"""Settings: invalid values refused with a clear message; TOML that survives
corruption without losing anything."""
import re

import pytest
from hypothesis import given, strategies as st

from haudrauf.device.settings import SettingsError, UnitSettings


@pytest.mark.parametrize("field, value, message", [
    ("turn_time", 0.5, "turn_time must be between 1 and 60"),
    ("turn_time", 75, "turn_time must be between 1 and 60"),
    ("turn_time", "fast", "turn_time must be a number"),
    ("countdown_warnings", -1, "countdown_warnings must be a whole number 0–10"),
    ("countdown_warnings", 2.5, "countdown_warnings must be a whole number 0–10"),
    ("slap_window", 0, "slap_window must be between 0.5 and 30"),
    ("slapper_races", "yes", "slapper_races must be true or false"),
    ("spin_duration", 11, "spin_duration must be between 0 and 10"),
    ("sleep_after", 10, "sleep_after must be between 60 and 3600 (or 0 for never)"),
    ("selection", "fair", "selection must be one of uniform, no-repeat, limit-repeats, shuffle-bag"),
    ("max_in_a_row", 0, "max_in_a_row must be a whole number 1–10"),
    ("volume", 1.5, "volume must be between 0 and 1"),
    ("volume", float("nan"), "volume must be a number"),
])
def test_invalid_values_are_refused_with_a_clear_message(field, value, message):
    with pytest.raises(SettingsError, match=re.escape(message)):
        UnitSettings(**{field: value})


def test_the_speed_switch_positions_and_custom_times_are_valid():
    for value in (None, 6, 4, 1, 60, 12.5):
        assert UnitSettings(turn_time=value).turn_time == value


def test_dict_form_round_trip_keeps_unlimited_readable():
    custom = UnitSettings(turn_time=None, countdown_warnings=0, slap_window=3.5, slapper_races=False,
                          spin_duration=0.5, sleep_after=0, selection="shuffle-bag", volume=0.3, muted=True)
    data = custom.to_dict()
    assert data["turn_time"] == "unlimited"
    assert UnitSettings.from_dict(data) == (custom, [])


def test_from_dict_keeps_valid_values_and_names_the_bad_ones():
    settings, problems = UnitSettings.from_dict({"turn_time": 4, "slap_window": 99, "colour": "red"})
    assert settings.turn_time == 4 and settings.slap_window == UnitSettings().slap_window
    assert any("slap_window must be between" in str(p) for p in problems)
    assert any("unknown setting 'colour'" in str(p) for p in problems)


#: Every number a person can set, with its allowed range (sleep_after also takes 0 for never).
RANGES = {"turn_time": (1, 60), "slap_window": (0.5, 30), "spin_duration": (0, 10), "sleep_after": (60, 3600),
          "volume": (0, 1)}
WHOLE = {"countdown_warnings": (0, 10), "max_in_a_row": (1, 10)}


@given(field=st.sampled_from(sorted(RANGES)),
       value=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**400, 10**400),
                       st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e300, -1e300, 10**400]),
                       st.text(max_size=3), st.none(), st.booleans()))
def test_every_number_setting_takes_its_range_and_refuses_the_rest_by_name(field, value):
    low, high = RANGES[field]
    fits = type(value) in (int, float) and (low <= value <= high or (field == "sleep_after" and value == 0))
    if fits or (field == "turn_time" and value is None):
        assert getattr(UnitSettings(**{field: value}), field) == value
        return
    with pytest.raises(SettingsError) as refused:
        UnitSettings(**{field: value})
    message = str(refused.value)
    assert message.startswith(f"{field} must be") and f"between {low:g} and {high:g}" in message
    assert len(message) < 120  # one line, even for a 400-digit number


@given(field=st.sampled_from(sorted(WHOLE)),
       value=st.one_of(st.integers(-10**400, 10**400), st.floats(allow_nan=True, allow_infinity=True)))
def test_whole_number_settings_refuse_fractions_nan_and_huge_numbers(field, value):
    low, high = WHOLE[field]
    if type(value) is int and low <= value <= high:
        assert getattr(UnitSettings(**{field: value}), field) == value
        return
    with pytest.raises(SettingsError, match=f"{field} must be a whole number {low}–{high}, got ") as refused:
        UnitSettings(**{field: value})
    assert len(str(refused.value)) < 120


def test_a_settings_file_with_nan_and_infinity_keeps_the_defaults_and_says_which():
    settings, problems = UnitSettings.from_dict({"slap_window": float("nan"), "sleep_after": float("inf"),
                                                 "turn_time": 10**400})
    assert settings == UnitSettings()
    assert list(map(str, problems)) == [
        "slap_window must be a number between 0.5 and 30, got nan; default 5.0 used",
        "sleep_after must be between 60 and 3600 (or 0 for never), got inf; default 300.0 used",
        "turn_time must be between 1 and 60, got 100000000000000000...0000000000000000000; default 6.0 used",
    ]


@pytest.mark.parametrize("value, message", [
    ((0, 0, float("nan"), 0, 0, 0), "extra_time for seat 3 must be a number between 0 and 30, got nan"),
    ((0, 0, 0, 0, 0, float("inf")), "extra_time for seat 6 must be between 0 and 30, got inf"),
    ((0, -1, 0, 0, 0, 0), "extra_time for seat 2 must be between 0 and 30, got -1"),
    ((31, 0, 0, 0, 0, 0), "extra_time for seat 1 must be between 0 and 30, got 31"),
    ((0, "2", 0, 0, 0, 0), "extra_time for seat 2 must be a number between 0 and 30, got '2'"),
    ((0, 0, 0, 0, 0), "extra_time must be 6 numbers between 0 and 30 (one per seat), got (0, 0, 0, 0, 0)"),
    ((0,) * 7, "extra_time must be 6 numbers between 0 and 30 (one per seat), got (0, 0, 0, 0, 0, 0, ...)"),
    (2, "extra_time must be 6 numbers between 0 and 30 (one per seat), got 2"),
])
def test_extra_time_takes_six_seat_times_of_0_to_30_s_and_refuses_the_rest(value, message):
    with pytest.raises(SettingsError) as refused:
        UnitSettings(extra_time=value)
    assert str(refused.value) == message


def test_extra_time_defaults_to_nothing_extra_and_adds_to_a_timed_turn_only():
    assert UnitSettings().extra_time == (0, 0, 0, 0, 0, 0)
    settings = UnitSettings(turn_time=6, extra_time=(0, 2, 0, 0, 0, 30))
    assert [settings.turn_limit(seat) for seat in range(6)] == [6, 8, 6, 6, 6, 36]
    assert settings.with_changes(turn_time=None).turn_limit(1) is None


def test_extra_time_round_trips_as_a_list_and_a_bad_list_keeps_the_default():
    custom = UnitSettings(extra_time=(0, 2, 0, 0, 0, 12.5))
    data = custom.to_dict()
    assert data["extra_time"] == [0, 2, 0, 0, 0, 12.5]
    assert UnitSettings.from_dict(data) == (custom, [])
    settings, problems = UnitSettings.from_dict({"extra_time": [0, 99, 0, 0, 0, 0], "turn_time": 4})
    assert settings == UnitSettings(turn_time=4)
    assert list(map(str, problems)) == ["extra_time for seat 2 must be between 0 and 30, got 99; "
                        "default [0.0, 0.0, 0.0, 0.0, 0.0, 0.0] used"]
