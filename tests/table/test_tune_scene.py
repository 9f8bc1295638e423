"""Settings → "Tune for these players…" as a person uses it, through intents
on a fake clock: who plays, Run (the window keeps drawing while the games are
played), the recommendation, Apply (saved, and the next game plays with it)
and Back (nothing changes)."""
from __future__ import annotations

import tomllib
from functools import partial

import numpy as np
import pytest

from haudrauf.engine.bots.base import ReactionModel
from haudrauf.table import input as intents
from haudrauf.table.scenes import tune as tune_scene
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.tune import NOBODY, TOO_FEW, TuneScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.tuner import tuning
from haudrauf.play.stats import StatsBook
from haudrauf.tuner.tuning import Band, Tuning, share_interval
from haudrauf.words import msg
from tests.table.conftest import run
from tests.tuner.test_tune import write_slow_group

QUICK = ReactionModel(1.5, 0.6, 400, 100)
SLOW = ReactionModel(3.5, 1.5, 600, 150)


def record(app, people: dict[int, tuple[str, ReactionModel]]) -> None:
    """Seat names, and recorded turn and slap times for the people named (seat → name, model)."""
    rng = np.random.default_rng(2)
    book = StatsBook()
    for seat, (name, model) in people.items():
        app.settings.table = app.settings.table.with_name(seat, name)
        book.turns += [{"seat": seat, "name": name, "bot": False, "ms": model.think_time(rng) * 1000}
                       for _ in range(20)]
        book.presses += [{"name": name, "ms": model.slap_time(rng)} for _ in range(5)]
    app.stats = book


def click(app, label: str) -> None:
    button = next(b for b in app.scene.buttons if b.label == label)
    app.frame([intents.PointerDown(button.rect.center, -1, app.clock.now())])


def button(app, label: str):
    return next(b for b in app.scene.buttons if b.label == label)


def open_tune(app) -> TuneScene:
    """Unit mode's menu → Settings → the Tune button."""
    app.push(MenuScene(app, game="uno-hau-drauf"))
    app.push(SettingsScene(app))
    app.frame([])
    click(app, "Tune for these players…")
    assert isinstance(app.scene, TuneScene)
    return app.scene


class FakeRun:
    """A tuning that is done when the test says so (the games themselves are tested in tests/tuner/test_tune.py)."""
    made: list["FakeRun"] = []

    def __init__(self, group, seed, base, executor, most) -> None:
        self.group, self.base, self.executor = group, base, executor
        self.played, self.progress, self.result, self.cancelled = 0, 0.0, None, False
        self.doing = msg("Learning each person's pace from games without a time limit")
        FakeRun.made.append(self)

    def poll(self):
        self.played += 2
        return self.result

    def cancel(self) -> None:
        self.cancelled = True

    def finish(self, speed: float, extra: tuple[float, ...]) -> None:
        self.result = Tuning(self.group, Band(), speed, extra, (0.07,) * len(extra), 0.07, [5.0, 6.0],
                             [[0.1, 0.07]] * len(extra), games=10, turns=(3000,) * len(extra),
                             intervals=(share_interval([(300, 21)] * 10),) * len(extra))


class FakeWorkers:
    """Stands for the worker processes: says when it was started and shut down."""
    made: list["FakeWorkers"] = []

    def __init__(self) -> None:
        self.shut = False
        FakeWorkers.made.append(self)

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shut = True


@pytest.fixture
def fake_run(monkeypatch):
    FakeRun.made, FakeWorkers.made = [], []
    monkeypatch.setattr(tune_scene, "Run", FakeRun)
    monkeypatch.setattr(tune_scene, "worker_processes", FakeWorkers)
    return FakeRun.made


def test_with_nobody_recorded_it_says_to_play_or_take_the_reaction_test_first(app, drawn, fake_run):
    scene = open_tune(app)
    assert not button(app, "Run").enabled
    drawn.clear()
    app.frame([])
    assert str(NOBODY) in " ".join(drawn)  # wrapped over lines
    scene.start()  # a Run that gets through anyway
    assert scene.message == str(NOBODY) and scene.error and fake_run == []


def test_a_person_with_too_few_times_is_said_to_get_the_default_as_the_command_line_says_it(app, drawn, fake_run):
    """Anna has no turns yet and Bo only 2: their thinking time is the default,
    and the window says so, in the command line's words — before Run and with
    the answer; a person left out is not spoken of."""
    record(app, {0: ("Anna", QUICK), 1: ("Bo", QUICK), 2: ("Cleo", SLOW)})
    app.stats.turns = [t for t in app.stats.turns if t["name"] != "Anna"]
    app.stats.turns = [t for t in app.stats.turns if t["name"] != "Bo"] + \
        [t for t in app.stats.turns if t["name"] == "Bo"][:2]
    _, notes = tuning.people(app.stats, ["Anna", "Bo", "Cleo"])
    said = [str(note) for note in notes]  # the window is in English
    assert said == ["Anna: no turn times yet — a typical player's thinking time is used (it takes 10)",
                    "Bo: only 2 turn times — a typical player's thinking time is used (it takes 10)"]
    open_tune(app)
    drawn.clear()
    app.frame([])
    assert all(note in " ".join(drawn) for note in said)
    click(app, "Run")
    fake_run[0].finish(5.0, (0, 0, 2))
    run(app, 0.1)
    drawn.clear()
    app.frame([])
    assert all(note in " ".join(drawn) for note in said)
    click(app, "2  Bo")
    drawn.clear()
    app.frame([])
    assert said[0] in " ".join(drawn) and said[1] not in " ".join(drawn)


def test_leaving_all_but_one_out_is_refused(app, fake_run):
    record(app, {0: ("Anna", QUICK), 1: ("Bo", QUICK)})
    open_tune(app)
    click(app, "2  Bo")
    click(app, "Run")
    assert app.scene.message == str(TOO_FEW) and fake_run == []


def test_only_the_players_chosen_are_simulated_in_their_seat_order(app, fake_run):
    record(app, {0: ("Anna", QUICK), 2: ("Cleo", QUICK), 3: ("Dan", SLOW)})
    open_tune(app)
    assert [b.label for b in app.scene.buttons][:3] == ["1  Anna", "3  Cleo", "4  Dan"]  # seat 2 has no times
    click(app, "3  Cleo")
    click(app, "Run")
    assert fake_run[0].group.names == ("Anna", "Dan")
    assert fake_run[0].group.models[1].think_mean_s > fake_run[0].group.models[0].think_mean_s


def test_the_window_goes_on_while_the_games_are_played_then_shows_the_answer(app, drawn, fake_run):
    record(app, {0: ("Anna", QUICK), 1: ("Bo", QUICK), 2: ("Dan", SLOW)})
    open_tune(app)
    click(app, "Run")
    run(app, 0.5)
    drawn.clear()
    app.frame([])
    assert any(t.endswith("games played") for t in drawn)
    assert "Learning each person's pace from games without a time limit" in " ".join(drawn)  # what they are for
    assert not button(app, "Apply").enabled and not button(app, "1  Anna").enabled
    fake_run[0].finish(6.0, (0, 0, 2))
    run(app, 0.1)
    drawn.clear()
    app.frame([])
    assert "6 s, +2 s for Dan: every seat 7 % of turns" in drawn
    assert "Dan: 7.0 % ± 0.9 of turns timed out, +2 s extra" in drawn  # how sure: 95 %, in points
    assert button(app, "Apply").enabled


def test_the_workers_start_when_the_scene_opens_serve_every_run_and_stop_on_back(app, fake_run):
    """Run does not wait for worker processes to start: they start while the people are chosen, the
    same ones play Run again, and Back stops them."""
    record(app, {0: ("Anna", QUICK), 1: ("Bo", SLOW)})
    open_tune(app)
    assert len(FakeWorkers.made) == 1 and fake_run == []
    click(app, "Run")
    fake_run[0].finish(6.0, (0, 1))
    run(app, 0.1)
    click(app, "Run again")
    assert [r.executor for r in fake_run] == [FakeWorkers.made[0]] * 2 and len(FakeWorkers.made) == 1
    click(app, "Back")
    assert FakeWorkers.made[0].shut


def test_back_without_applying_changes_nothing_and_stops_the_games(app, config_dir, fake_run):
    record(app, {0: ("Anna", QUICK), 1: ("Bo", SLOW)})
    before = app.settings.unit
    open_tune(app)
    click(app, "Run")
    run(app, 0.2)
    click(app, "Back")
    assert isinstance(app.scene, SettingsScene) and fake_run[0].cancelled
    assert app.settings.unit == before and app.scene.unit_settings == before
    assert not (config_dir / "settings.toml").exists()


def test_apply_saves_the_speed_and_each_seats_extra_time_and_unit_mode_plays_with_them(app, config_dir, drawn,
                                                                                      monkeypatch):
    """Real games, played here a chunk per frame: Dan, who thinks slower, gets
    more time on his own seat (4); unit mode, which opened the settings, plays
    with it at once and shows it on his button."""
    monkeypatch.setattr(tune_scene, "TuneScene", partial(TuneScene, most=2, workers=lambda: None))
    record(app, {0: ("Anna", QUICK), 2: ("Cleo", QUICK), 3: ("Dan", SLOW)})
    app.push(MenuScene(app, game="uno-hau-drauf"))
    app.push(UnitModeScene(app, seats=(0, 1, 2, 3)))
    app.frame([])
    click(app, "Settings")
    click(app, "Tune for these players…")
    click(app, "Run")
    for _ in range(200):
        run(app, 0.05)
        if app.scene.result:
            break
    result = app.scene.result
    assert result is not None and result.extra[2] > 0
    click(app, "Apply")
    settings = app.scene
    assert isinstance(settings, SettingsScene) and settings.message.startswith("Tuned and saved: ")
    extra = (result.extra[0], 0, result.extra[1], result.extra[2], 0, 0)
    saved = tomllib.loads((config_dir / "settings.toml").read_text())["unit"]
    assert (saved["turn_time"], tuple(saved["extra_time"])) == (result.speed, extra)
    assert (settings.unit_settings.turn_time, settings.unit_settings.extra_time) == (result.speed, extra)
    click(app, "Cancel")  # what was applied is saved: leaving the settings keeps it
    assert isinstance(app.scene, UnitModeScene) and app.settings.unit.extra_time == extra
    app.frame([intents.PlayPauseKey(app.clock.now())])
    drawn.clear()
    app.frame([])
    assert f"+{result.extra[2]:g} s" in drawn
    assert app.scene.unit.settings.turn_limit(3) == result.speed + result.extra[2]


def test_a_person_too_slow_for_any_setting_gets_the_most_extra_time_and_is_told(app, config_dir, drawn,
                                                                                monkeypatch):
    """Cleo, ten times slower than Anna and Bo: Run plays to the end (no
    crash), Cleo is given the most extra time, and the window says she is
    still outside the band."""
    monkeypatch.setattr(tune_scene, "TuneScene", partial(TuneScene, most=2, workers=lambda: None))
    write_slow_group(config_dir / "times.json")
    app.stats = StatsBook.load(config_dir / "times.json")[0]
    open_tune(app)
    click(app, "Run")
    for _ in range(400):
        run(app, 0.05)
        if app.scene.result or app.scene.error:
            break
    assert app.running and isinstance(app.scene, TuneScene) and not app.scene.error, app.scene.message
    assert app.scene.result.extra[2] == 30
    drawn.clear()
    app.frame([])
    assert any(t.startswith("Cleo still times out on ") and "with the most extra time, +30 s: " in t for t in drawn)
    assert any(t.startswith("Cleo: ") and t.endswith("+30 s extra") for t in drawn)
