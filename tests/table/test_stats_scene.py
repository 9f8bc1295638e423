"""The stats scene: the table of reaction times per player, plots drawn in the
window, people and bots kept apart, game names as people say them, a friendly
word when there is nothing yet, and Clear after a confirm."""
from __future__ import annotations

import json

import numpy as np
import pygame
import pytest

from haudrauf.device import events as uev
from haudrauf.device.clock import FakeClock
from haudrauf.table import input as intents
from haudrauf.table.app import App
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.stats import StatsScene, latest_game
from haudrauf.table.ui.chart import ticks
from haudrauf.play.stats import Player, StatsBook

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


class Below(Scene):
    def draw(self, surface, now: float) -> None:
        surface.fill((0, 0, 0))


def make_app(tmp_path, monkeypatch, size=(1280, 720)) -> App:
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(tmp_path))
    app = App(size=size, settings_path=tmp_path / "settings.toml", clock=FakeClock(3.0), seed=2)
    app.push(Below(app))
    return app


@pytest.fixture
def app(tmp_path, monkeypatch):
    return make_app(tmp_path, monkeypatch)


def race(app, times: dict[int, float | None], at: float = 0.0, people=None) -> None:
    """Record one slap race the way unit mode (people=None) or table mode does: from its SlapResult."""
    losers = tuple(s for s, ms in times.items() if ms is None) or (max(times, key=times.get),)
    result = uev.SlapResult(at=at, slapper=0, times=tuple(sorted(times.items())), losers=losers,
                           window_expired=None in times.values())
    app.stats.record_unit_events([result], app.settings.table.names, people)


def open_stats(app) -> StatsScene:
    scene = StatsScene(app)
    app.push(scene)
    app.frame([])
    return scene


def click(app, label: str) -> None:
    b = next(b for b in app.scene.buttons if b.label == label)
    app.frame([intents.PointerDown(b.rect.center, -1, app.clock.now())])


def distinct_colours(surface) -> int:
    rgb = pygame.surfarray.array3d(surface).astype(np.int32)
    return len(np.unique((rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]))


def test_the_table_shows_last_mean_and_best_per_seat(app, drawn):
    race(app, {0: 300.0, 1: 420.0, 2: None})
    race(app, {0: 250.0, 1: 500.0, 2: 610.0})
    race(app, {0: 350.0, 1: 450.0, 2: None})
    scene = open_stats(app)
    assert scene.view == "slap"
    rows = {p.name: s for _, p, s in scene.rows()}
    anna = rows["Anna"]
    assert (anna.last, anna.mean, anna.best, anna.count) == (350, 300, 250, 3)
    assert rows["Cleo"].count == 1 and rows["Cleo"].best == 610  # a race she missed counts for nothing
    for text in ("Anna", "350 ms", "300 ms", "250 ms", "Bo", "457 ms", "420 ms", "Cleo", "610 ms", "Count",
                 "3 races kept"):
        assert text in drawn, text
    assert "0 ms" in drawn  # the plot's axis, labelled in ms


def test_turn_times_show_in_their_own_view(app, drawn):
    app.stats.record_unit_events([uev.TurnEnded(at=1.0, seat=3, elapsed_ms=4200.0),
                                  uev.TurnEnded(at=2.0, seat=3, elapsed_ms=1800.0)], app.settings.table.names)
    scene = open_stats(app)
    assert scene.view == "turns"  # the first view with something to show
    assert ("Dan" in drawn) and "1.8 s" in drawn and "3.0 s" in drawn


def test_turns_that_ran_out_are_counted_and_said_to_be_left_out_of_the_figures(app, drawn):
    app.stats.record_unit_events([uev.TurnEnded(at=1.0, seat=3, elapsed_ms=4200.0),
                                  uev.TurnTimedOut(at=8.0, seat=3, limit_ms=6000.0)], app.settings.table.names)
    open_stats(app)
    assert "2 turns kept (1 ran out of time: not in the figures)" in drawn
    assert "4.2 s" in drawn  # the mean is of the turn that ended in time


def test_nothing_yet_is_said_in_words_not_with_an_empty_axis(app, drawn):
    scene = open_stats(app)
    assert any("No slap races yet — play one in unit mode" in t for t in drawn)
    assert not any(t.endswith(" ms") for t in drawn)
    assert not next(b for b in scene.buttons if b.label == "Clear").enabled
    click(app, "Scores")
    assert any("No rounds scored yet" in t for t in drawn)


def test_clear_needs_a_second_click(app, tmp_path):
    race(app, {0: 300.0, 1: 400.0})
    scene = open_stats(app)
    click(app, "Clear")
    assert scene.confirm_clear and app.stats.races
    assert any(b.label == "Click again to clear" for b in scene.buttons)
    click(app, "Turn times")  # anything else calls it off
    assert not scene.confirm_clear and app.stats.races
    click(app, "Clear")
    click(app, "Click again to clear")
    assert app.stats.races == [] and app.stats.rounds == []
    assert json.loads((tmp_path / "stats.json").read_text()) == StatsBook().to_dict()
    assert scene.message == "Stats cleared"


def test_back_and_escape_leave(app):
    open_stats(app)
    click(app, "Back")
    assert isinstance(app.scene, Below)
    open_stats(app)
    app.frame([intents.Command("back")])
    assert isinstance(app.scene, Below)


def test_scores_of_the_latest_game_are_charted(app, drawn):
    app.stats.record_round("Go Fish", [1, 0], ["Anna", "Bo"])
    app.stats.record_round("UNO Hau drauf", [0, 40, 0], ["Anna", "Bo", "Cleo"])
    app.stats.record_round("UNO Hau drauf", [25, 40, 0], ["Anna", "Bo", "Cleo"])
    app.stats.record_round("UNO Hau drauf", [0, 0, 30], ["Anna", "Bo", "Cleo"])  # a new game starts
    app.stats.record_round("UNO Hau drauf", [0, 12, 30], ["Anna", "Bo", "Cleo"])
    scene = open_stats(app)
    click(app, "Scores")
    assert [r["scores"] for r in scene.game()] == [[0, 0, 30], [0, 12, 30]]
    assert scene.score_rows() == [(0, "Anna", 0, 0), (1, "Bo", 12, 12), (2, "Cleo", 30, 0)]
    assert "UNO Hau drauf — 2 rounds" in drawn and "+12" in drawn and "round" in drawn


def test_a_table_game_is_named_as_people_say_it_and_bots_are_marked(app, drawn):
    app.stats.record_round("uno-hau-drauf", [0, 20], ["Anna", "Bo"], people=[0])
    open_stats(app)
    click(app, "Scores")
    assert "UNO Hau drauf (UNO Flash) — 1 round" in drawn and "uno-hau-drauf" not in " ".join(drawn)
    assert "Anna" in drawn and "Bo (bot)" in drawn


def test_bots_times_are_kept_apart_from_peoples(app, drawn):
    """Bo played as a person in unit mode, then a bot sat in his seat on the
    table: the bot's quick presses must not improve Bo's times."""
    race(app, {0: 300.0, 1: 600.0})
    race(app, {0: 320.0, 1: 150.0}, people=[0])
    scene = open_stats(app)
    rows = [(p.label, s.best, s.count) for _, p, s in scene.rows()]
    assert rows == [("Anna", 300, 2), ("Bo", 600, 1), ("Bo (bot)", 150, 1)]  # people first, then bots
    assert "Bo (bot)" in drawn and any("bots are listed, not plotted" in t for t in drawn)
    assert [line for _, line in scene.series()] == [[300, 320], [600, None]]  # people only, per race


def test_the_race_chart_plots_races_one_line_per_person(app):
    """x is the race number: someone who joined in race 3 starts at race 3,
    and a race someone missed is a gap, not a shift of their later times."""
    race(app, {0: 300.0, 1: 400.0})
    race(app, {0: 310.0, 1: None})
    race(app, {0: 320.0, 1: 420.0, 2: 500.0})
    scene = open_stats(app)
    lines = {p.name: line for (_, line), (_, p, _) in zip(scene.series(), scene.rows())}
    assert lines == {"Anna": [300, 310, 320], "Bo": [400, None, 420], "Cleo": [None, None, 500]}


def test_renaming_a_seat_starts_a_new_line(app):
    race(app, {0: 300.0})
    app.settings.table = app.settings.table.with_name(0, "Zoë")
    race(app, {0: 500.0})
    scene = open_stats(app)
    assert [(p.name, s.count) for _, p, s in scene.rows()] == [("Anna", 1), ("Zoë", 1)]


def test_stats_survive_saving_and_an_old_file_is_kept_aside(tmp_path):
    book = StatsBook()
    result = uev.SlapResult(at=0, slapper=0, times=((0, 250.0), (1, None)), losers=(1,), window_expired=True)
    book.record_unit_events([result], ["Anna", "Bo"], people=[0])
    book.save(tmp_path / "stats.json")
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert problem is None and loaded.race_series(Player("Bo", bot=True)) == [None]
    assert loaded.times("slap", Player("Anna")) == [250.0]
    (tmp_path / "stats.json").write_text(json.dumps({"reactions": {"0": [300.0]}, "turns": {}, "rounds": []}))
    loaded, problem = StatsBook.load(tmp_path / "stats.json")
    assert loaded.races == [] and "older version" in str(problem) and (tmp_path / "stats.json.bak").exists()


def test_each_persons_model_is_shown_in_words_and_bots_have_none(app, drawn):
    for i in range(12):
        race(app, {0: 410.0, 1: 300.0}, at=i, people=[0])  # Bo is a bot here
        app.stats.record_unit_events([uev.TurnEnded(at=i, seat=0, elapsed_ms=3100.0)], app.settings.table.names)
    app.stats.record_press("Dan", 350.0)
    scene = open_stats(app)
    click(app, "People")
    assert scene.view == "people"
    drawn.clear()
    app.frame([])
    assert "Anna: thinks 3.1 s (median), slaps in 410 ms — from 12 turns and 12 slaps" in drawn
    assert "Dan: only 1 slap time — a typical player's slap times are used (it takes 5)" in drawn
    assert not any(line.startswith("Bo") for line in drawn)


def test_the_people_view_says_how_to_get_a_model_when_nobody_is_timed(app, drawn):
    scene = open_stats(app)
    scene.select_view("people")
    app.frame([])
    assert "Nobody timed yet — take the reaction test in unit mode, or play" in drawn


def test_latest_game_ignores_broken_rounds():
    rounds = [{"game": "x", "scores": [1, 2], "names": ["a", "b"]}, {"scores": "bad"}, {"nothing": 1}]
    assert latest_game(rounds) == rounds[:1]
    assert latest_game([]) == []


def test_ticks_are_round_numbers_reaching_the_top():
    assert ticks(560) == [0, 200, 400, 600]
    assert ticks(480) == [0, 100, 200, 300, 400, 500]
    assert ticks(4) == [0, 1, 2, 3, 4]
    assert ticks(0.3)[-1] >= 0.3 and len(ticks(0.3)) <= 7


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("view", ["slap", "turns", "scores", "people"])
def test_every_view_renders_at_common_sizes(tmp_path, monkeypatch, size, view):
    app = make_app(tmp_path, monkeypatch, size)
    rng = np.random.default_rng(4)
    for i in range(30):
        race(app, {s: float(rng.normal(400, 80)) for s in range(6)}, at=i)
        app.stats.record_unit_events([uev.TurnEnded(at=i, seat=i % 6, elapsed_ms=float(rng.uniform(900, 9000)))],
                                     app.settings.table.names)
    totals = [0] * 6
    for r in range(8):
        totals[r % 6] += int(rng.integers(5, 60))
        app.stats.record_round("UNO Hau drauf", list(totals), list(app.settings.table.names))
    scene = open_stats(app)
    scene.select_view(view)
    app.frame([])
    assert distinct_colours(app.screen) > 40
    for b in scene.buttons:
        assert app.screen.get_rect().contains(b.rect), b.label
