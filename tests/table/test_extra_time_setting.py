"""Per-seat extra time as a person sets and sees it: the Extra time row of the
settings, the saved file, "+N s" on the seat's button, and a longer turn at the table."""
from __future__ import annotations

import tomllib

from haudrauf.device import events as uev
from haudrauf.device.settings import UnitSettings
from haudrauf.table import input as intents
from haudrauf.play.messages import seat_name
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession


def open_settings(app) -> SettingsScene:
    app.push(MenuScene(app, game="uno-hau-drauf"))
    scene = SettingsScene(app)
    app.push(scene)
    app.frame([])
    return scene


def click(app, button) -> None:
    app.frame([intents.PointerDown(button.rect.center, -1, app.clock.now())])


def seat_button(scene, seat: int):
    label = str(seat_name(seat, scene.tab.names))
    return next(b for b in scene.buttons if b.label == label)


def test_two_extra_seconds_for_seat_2_are_set_shown_and_saved(app, config_dir):
    scene = open_settings(app)
    click(app, seat_button(scene, 0))  # on to seat 2
    for _ in range(2):
        click(app, scene.tab.steppers["extra_time"][1])  # the row is laid out anew after each click
    assert scene.unit_settings.extra_time == (0, 2, 0, 0, 0, 0)
    assert scene.message == "Extra time: seat 2 +2 s — the preview starts again"
    assert any(text == "+2 s" for text, *_ in scene.tab.texts)
    click(app, next(b for b in scene.buttons if b.label == "Save"))
    saved = tomllib.loads((config_dir / "settings.toml").read_text())
    assert saved["unit"]["extra_time"] == [0, 2, 0, 0, 0, 0]


def test_less_than_no_extra_time_is_refused_and_changes_nothing(app):
    scene = open_settings(app)
    click(app, scene.tab.steppers["extra_time"][0])
    assert scene.error and scene.message == "Extra time for seat 1 must be between 0 and 30, got -1.0"
    assert scene.unit_settings == app.settings.unit


def test_a_playing_seats_button_shows_its_extra_time(app, drawn):
    app.settings.unit = app.settings.unit.with_changes(turn_time=6, extra_time=(0, 2, 0, 0, 12.5, 0))
    app.push(MenuScene(app, game="uno-hau-drauf"))
    scene = UnitModeScene(app, seats=(0, 1, 2))
    app.push(scene)
    app.frame([intents.PlayPauseKey(app.clock.now())])  # the game starts: only seats 1–3 play
    drawn.clear()
    app.frame([])
    assert "+2 s" in drawn
    assert "+12.5 s" not in drawn  # seat 5 is not playing


def test_a_speed_game_at_the_table_gives_each_seat_its_own_time():
    """Three people who never move: each buzzer sounds after that seat's own limit."""
    unit = UnitSettings(turn_time=2, countdown_warnings=0, spin_duration=1, sleep_after=0,
                        extra_time=(0, 3, 0, 0, 0, 0))
    plans = [SeatPlan(f"P{s}") for s in range(3)]
    session = TableSession("go-fish", {"players": 3}, plans, seed=6, unit_settings=unit, timer=True)
    session.start(0.0)
    started, lasted = {}, {}
    for step in range(1, 600):
        now = step * 0.05
        for e in session.update(now):
            if isinstance(e, uev.PlayerSelected):
                started[e.seat] = e.at
            elif isinstance(e, uev.TurnTimedOut):
                lasted.setdefault(e.seat, (round(e.at - started[e.seat], 3), e.limit_ms))
    assert lasted == {0: (2, 2000), 1: (5, 5000), 2: (2, 2000)}
