"""Settings: invalid values refused with a clear message; TOML that survives
corruption without losing anything."""
import re
import tomllib

import pytest

from device.settings import SettingsError, UnitSettings, load_settings, save_settings


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


def test_round_trip_through_toml(tmp_path):
    path = tmp_path / "settings.toml"
    custom = UnitSettings(turn_time=None, countdown_warnings=0, slap_window=3.5, slapper_races=False,
                          spin_duration=0.5, sleep_after=0, selection="shuffle-bag", volume=0.3, muted=True)
    save_settings(path, custom)
    assert tomllib.loads(path.read_text())["unit"]["turn_time"] == "unlimited"
    assert load_settings(path) == (custom, [])


def test_missing_file_gives_defaults_silently(tmp_path):
    assert load_settings(tmp_path / "none.toml") == (UnitSettings(), [])


def test_corrupt_file_is_reported_kept_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("[unit\nturn_time = ")
    settings, problems = load_settings(path)
    assert settings == UnitSettings()
    assert len(problems) == 1 and "could not be read" in problems[0] and "settings.toml.bak" in problems[0]
    assert (tmp_path / "settings.toml.bak").read_text() == "[unit\nturn_time = "


def test_invalid_values_keep_the_valid_ones_and_the_file_is_kept_aside(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('[unit]\nturn_time = 4\nslap_window = 99\ncolour = "red"\n')
    settings, problems = load_settings(path)
    assert settings.turn_time == 4
    assert settings.slap_window == UnitSettings().slap_window
    assert any("slap_window must be between" in p for p in problems)
    assert any("unknown setting 'colour'" in p for p in problems)
    assert (tmp_path / "settings.toml.bak").exists()


def test_an_older_backup_is_never_overwritten(tmp_path):
    path = tmp_path / "settings.toml"
    (tmp_path / "settings.toml.bak").write_text("older")
    path.write_text("not toml at all [")
    _, problems = load_settings(path)
    assert (tmp_path / "settings.toml.bak").read_text() == "older"
    assert (tmp_path / "settings.toml.1.bak").read_text() == "not toml at all ["
    assert "settings.toml.1.bak" in problems[0]


def test_saving_keeps_the_other_tables_of_the_file(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('[keys]\nseat_1 = "q"\n')
    save_settings(path, UnitSettings(turn_time=4))
    data = tomllib.loads(path.read_text())
    assert data["keys"] == {"seat_1": "q"} and data["unit"]["turn_time"] == 4


def test_no_temporary_files_are_left_behind(tmp_path):
    path = tmp_path / "settings.toml"
    for t in (4, 6, None):
        save_settings(path, UnitSettings(turn_time=t))
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
