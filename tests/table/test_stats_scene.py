"""The stats scene: the table of reaction times per seat, plots drawn in the
window, a friendly word when there is nothing yet, and Clear after a confirm."""
from __future__ import annotations

import json

import numpy as np
import pygame
import pytest

from device import events as ev
from device.clock import FakeClock
from table import input as intents
from table.app import App
from table.scenes.base import Scene
from table.scenes.stats import StatsScene, latest_game
from table.ui.chart import ticks
from table.stats import StatsBook
from table.ui import draw

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


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn on screen, in order."""
    texts: list[str] = []
    original = draw.text

    def record(surface, content, *args, **kwargs):
        texts.append(content)
        return original(surface, content, *args, **kwargs)

    monkeypatch.setattr(draw, "text", record)
    return texts


def race(app, times: dict[int, float | None], at: float = 0.0) -> None:
    """Record one slap race the way unit mode does: from its SlapResult."""
    losers = tuple(s for s, ms in times.items() if ms is None) or (max(times, key=times.get),)
    result = ev.SlapResult(at=at, slapper=0, times=tuple(sorted(times.items())), losers=losers,
                           window_expired=None in times.values())
    app.stats.record_unit_events([result])


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
    rows = {seat: (name, s) for seat, name, s in scene.rows()}
    name, anna = rows[0]
    assert name == "Anna" and (anna.last, anna.mean, anna.best, anna.count) == (350, 300, 250, 3)
    assert rows[2][1].count == 1 and rows[2][1].best == 610  # a race it missed counts for nothing
    for text in ("Anna", "350 ms", "300 ms", "250 ms", "Bo", "457 ms", "420 ms", "Cleo", "610 ms", "Count"):
        assert text in drawn, text
    assert "0 ms" in drawn  # the plot's axis, labelled in ms


def test_turn_times_show_in_their_own_view(app, drawn):
    app.stats.record_unit_events([ev.TurnEnded(at=1.0, seat=3, elapsed_ms=4200.0),
                                  ev.TurnEnded(at=2.0, seat=3, elapsed_ms=1800.0)])
    scene = open_stats(app)
    assert scene.view == "turns"  # the first view with something to show
    assert ("Dan" in drawn) and "1.8 s" in drawn and "3.0 s" in drawn


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
    assert scene.confirm_clear and app.stats.reactions
    assert any(b.label == "Click again to clear" for b in scene.buttons)
    click(app, "Turn times")  # anything else calls it off
    assert not scene.confirm_clear and app.stats.reactions
    click(app, "Clear")
    click(app, "Click again to clear")
    assert app.stats.reactions == {} and app.stats.rounds == []
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
    assert "UNO Hau drauf: 2 rounds" in drawn and "+12" in drawn and "round" in drawn


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
@pytest.mark.parametrize("view", ["slap", "turns", "scores"])
def test_every_view_renders_at_common_sizes(tmp_path, monkeypatch, size, view):
    app = make_app(tmp_path, monkeypatch, size)
    rng = np.random.default_rng(4)
    for i in range(30):
        race(app, {s: float(rng.normal(400, 80)) for s in range(6)}, at=i)
        app.stats.record_unit_events([ev.TurnEnded(at=i, seat=i % 6, elapsed_ms=float(rng.uniform(900, 9000)))])
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
