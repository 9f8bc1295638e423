"""The settings file: everything a person set survives a restart; a broken
file is reported, kept aside, and never silently overwritten."""
import tomllib

from haudrauf.device.settings import UnitSettings
from haudrauf.play import config
from haudrauf.play.config import Settings, TableSettings
from haudrauf.play.keys import KeyBindings


def test_round_trip_of_every_section(tmp_path):
    path = tmp_path / "settings.toml"
    settings = Settings(UnitSettings(turn_time=None, slap_window=3.5, selection="shuffle-bag", muted=True),
                        KeyBindings().rebind("seat1", "w"),
                        TableSettings().with_name(0, "Zoë"))
    config.save(path, settings)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["unit"]["turn_time"] == "unlimited" and data["keys"]["seat1"] == ["w"]
    loaded, problems = config.load(path)
    assert problems == []
    assert loaded.unit == settings.unit and loaded.keys.bindings == settings.keys.bindings
    assert loaded.table.names[0] == "Zoë"


def test_missing_file_gives_defaults_silently(tmp_path):
    settings, problems = config.load(tmp_path / "none.toml")
    assert problems == [] and settings.unit == UnitSettings() and settings.table == TableSettings()


def test_corrupt_file_is_reported_kept_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("[unit\nturn_time = ")
    settings, problems = config.load(path)
    assert settings.unit == UnitSettings()
    assert list(map(str, problems)) == ["settings.toml is not valid TOML (Expected ']' at the end of a table declaration "
                        "(at line 1, column 6)); kept aside as settings.toml.bak, defaults used"]
    assert (tmp_path / "settings.toml.bak").read_text() == "[unit\nturn_time = "
    assert not path.exists()  # moved, not copied: the next start is quiet
    assert config.load(path)[1] == []


def test_bad_values_keep_the_good_ones_and_the_file_is_kept_aside(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('[unit]\nturn_time = 4\nslap_window = 99\n[keys]\nseat1 = "banana"\n'
                    '[table]\nhints = "maybe"\nnames = ["A", "B", "C", "D", "E", "F"]\n')
    settings, problems = config.load(path)
    assert settings.unit.turn_time == 4 and settings.unit.slap_window == UnitSettings().slap_window
    assert settings.keys.bindings["seat1"] == ("q",) and settings.table.names[0] == "A"
    assert settings.table.hints is True
    assert len(problems) == 1 and str(problems[0]).startswith("settings.toml has settings that cannot be used: ")
    assert str(problems[0]).endswith("kept aside as settings.toml.bak, the rest kept")
    assert "slap_window" in str(problems[0]) and "seat1" in str(problems[0]) and "hints" in str(problems[0])
    assert (tmp_path / "settings.toml.bak").exists()
    again, problems = config.load(path)  # what could be used was written back: the next start is quiet
    assert problems == [] and again.unit.turn_time == 4 and again.table.names[0] == "A"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml", "settings.toml.bak"]


def test_an_older_backup_is_never_overwritten(tmp_path):
    path = tmp_path / "settings.toml"
    (tmp_path / "settings.toml.bak").write_text("older")
    path.write_text("not toml at all [")
    _, problems = config.load(path)
    assert (tmp_path / "settings.toml.bak").read_text() == "older"
    assert (tmp_path / "settings.toml.1.bak").read_text() == "not toml at all ["
    assert "settings.toml.1.bak" in str(problems[0])


def test_saving_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "settings.toml"
    for t in (4, 6, None):
        config.save(path, Settings(unit=UnitSettings(turn_time=t)))
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_long_names_are_cut_and_empty_ones_fall_back():
    table = TableSettings().with_name(1, "A very long name indeed here").with_name(2, "   ")
    assert table.names[1] == "A very long name" and table.names[2] == "Cleo"


def test_bot_reaction_times_are_saved_and_a_bad_one_falls_back_to_the_default(tmp_path):
    from dataclasses import replace

    from haudrauf.engine.bots.base import DIFFICULTIES
    path = tmp_path / "settings.toml"
    settings = Settings()
    settings.bots["hard"] = replace(DIFFICULTIES["hard"], slap_mean_ms=200)
    config.save(path, settings)
    assert tomllib.loads(path.read_text(encoding="utf-8"))["bots"]["hard"]["slap_mean_ms"] == 200
    loaded, problems = config.load(path)
    assert problems == [] and loaded.bots == settings.bots
    path.write_text('[bots.easy]\nthink_mean_s = 5.0\n[bots.normal]\nslap_mean_ms = -3\n[bots.wizard]\nslap_mean_ms = 1\n')
    loaded, problems = config.load(path)
    assert loaded.bots["easy"].think_mean_s == 5.0 and loaded.bots["easy"].slap_mean_ms == DIFFICULTIES["easy"].slap_mean_ms
    assert loaded.bots["normal"] == DIFFICULTIES["normal"]
    assert len(problems) == 1 and "slap reaction time (slap_mean_ms) must be between 10 and 10000 ms, got -3" in str(problems[0])
    assert "wizard" in str(problems[0]) and "kept aside" in str(problems[0])


def test_a_layout_or_flash_style_nobody_offers_is_reported_and_the_default_kept():
    table, problems = TableSettings.from_dict({"layout": "sideways", "flashes": "soft"})
    assert table.layout == "upright" and table.flashes == "soft"
    assert list(map(str, problems)) == ["layout: layout must be one of upright, flat; default used"]


def test_the_table_top_look_survives_a_restart(tmp_path):
    path = tmp_path / "settings.toml"
    look = TableSettings(layout="flat", flashes="soft", clock_ring="wide")
    config.save(path, Settings(table=look))
    data = tomllib.loads(path.read_text(encoding="utf-8"))["table"]
    assert (data["layout"], data["flashes"], data["clock_ring"]) == ("flat", "soft", "wide")
    loaded, problems = config.load(path)
    assert problems == [] and loaded.table == look


def test_a_clock_ring_or_flash_style_in_the_file_nobody_offers_is_reported_and_the_default_kept(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('[table]\nlayout = "flat"\nflashes = "strobe"\nclock_ring = "neon"\n')
    settings, problems = config.load(path)
    assert (settings.table.layout, settings.table.flashes, settings.table.clock_ring) == ("flat", "full", "thin")
    assert len(problems) == 1
    assert "flashes must be one of full, soft, off; default used" in str(problems[0])
    assert "clock_ring must be one of thin, wide, off; default used" in str(problems[0])
    again, problems = config.load(path)  # written back repaired: the next start is quiet and keeps "flat"
    assert problems == [] and again.table.layout == "flat" and again.table.clock_ring == "thin"


def test_how_sure_a_phone_must_be_to_race_is_a_setting_and_nonsense_keeps_the_default():
    table, problems = TableSettings.from_dict({"fair_race_ms": 80})
    assert table.fair_race_ms == 80 and problems == []
    table, problems = TableSettings.from_dict({"fair_race_ms": True})
    assert table.fair_race_ms == 50
    assert list(map(str, problems)) == ["fair_race_ms: fair_race_ms must be a number of milliseconds from 1 to 1000; default used"]


def test_the_speed_switch_in_unit_mode_is_saved_and_is_what_every_command_and_the_next_game_use(app, config_dir):
    """Saved at 30 s, switched to 6 s in unit mode: the file says 6 s, the
    commands' settings loader reads 6 s, the table's next game and Settings
    opened from unit mode start from it, and saving Settings keeps the unit at 6 s."""
    from haudrauf.table import input as intents
    from haudrauf.cli.checks import unit_settings
    from haudrauf.table.scenes.menu import MenuScene
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    app.settings.unit = app.settings.unit.with_changes(turn_time=30.0)
    app.save_settings()
    app.push(MenuScene(app, game="uno-hau-drauf"))
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    app.frame([])
    six = next(b for b in scene.buttons if b.label == "6 s")
    app.frame([intents.PointerDown(six.rect.center, intents.MOUSE, app.clock.now())])
    assert scene.unit.settings.turn_time == 6
    assert tomllib.loads((config_dir / "settings.toml").read_text())["unit"]["turn_time"] == 6
    assert sorted(p.name for p in config_dir.iterdir()) == ["settings.toml"]  # written whole, nothing left over
    assert unit_settings(None, None, "tune")[0].turn_time == 6  # simulate, sweep and tune read it so
    scene.open_settings()
    assert app.scene.unit_settings.turn_time == 6
    app.scene.save()
    assert scene.unit.settings.turn_time == 6
    app.pop()  # unit mode left: the table's menu starts the next game at 6 s
    assert app.scene.turn_time == 6
