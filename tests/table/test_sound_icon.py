"""F2 shows a muted speaker: while the sound is off a badge (a speaker with a
red cross) is drawn at an edge of every scene, clear of its buttons (and of
text: an empty corner is preferred)."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

import haudrauf.table.app as app_module
from haudrauf.table import input as I
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.stats import StatsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.seats import SeatPlan
from haudrauf.table.ui import theme
from haudrauf.table.ui.sound_icon import draw_muted

SIZES = [(640, 480), (1280, 720), (1920, 1080)]


@pytest.fixture
def badges(monkeypatch):
    """Where App.draw put the badge, frame by frame (None: not drawn)."""
    drawn: list = []

    def record(surface, muted, buttons=()):
        drawn.append(draw_muted(surface, muted, buttons))
        return drawn[-1]

    monkeypatch.setattr(app_module, "draw_muted", record)
    return drawn


def red_pixels(surface, rect: pygame.Rect) -> int:
    rgb = pygame.surfarray.pixels3d(surface.subsurface(rect))
    return int(np.all(np.abs(rgb.astype(int) - theme.RED) < 10, axis=-1).sum())


def scenes(app):
    plans = [SeatPlan("Anna"), SeatPlan("Bo", "heuristic"), SeatPlan("Cleo", "heuristic")]
    return {"menu": MenuScene(app, game="uno-hau-drauf"), "unit": UnitModeScene(app, seats=(0, 1, 2)),
            "settings": SettingsScene(app), "stats": StatsScene(app),
            "table": TableScene(app, "uno-hau-drauf", {"players": 3}, plans, seed=3, save=False)}


def test_f2_shows_the_badge_and_f2_again_takes_it_away(app, badges):
    app.push(MenuScene(app))
    app.frame([])
    assert badges[-1] is None
    app.frame([I.Command("mute")])
    assert badges[-1] is not None and red_pixels(app.screen, badges[-1]) > 10  # the red cross
    app.frame([I.Command("mute")])
    assert badges[-1] is None


def test_volume_0_in_the_settings_shows_the_badge_too(app, badges):
    settings = SettingsScene(app)
    app.push(settings)
    app.frame([])
    assert badges[-1] is None
    for _ in range(8):  # 80 % down to 0 in steps of 10
        settings.tab.step("volume", -1)
    app.frame([])
    assert app.audio.volume == 0 and not app.audio.muted
    assert badges[-1] is not None and red_pixels(app.screen, badges[-1]) > 10
    settings.tab.step("volume", 1)
    app.frame([])
    assert badges[-1] is None


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_shows_it_at_an_edge_clear_of_its_buttons(app, badges, size):
    app.settings.unit = app.settings.unit.with_changes(muted=True)
    app.apply_sound_settings()
    app.push(MenuScene(app))
    app.frame([I.Resized(size)])
    assert app.screen.get_size() == size
    for name, scene in scenes(app).items():
        app.push(scene)
        app.frame([])
        rect = badges[-1]
        assert rect is not None and app.screen.get_rect().contains(rect), name
        assert red_pixels(app.screen, rect) > 10, name
        assert rect.collidelist([b.rect for b in scene.buttons]) < 0, f"{name}: the badge covers a button"
        assert min(rect.top, size[1] - rect.bottom) < rect.height // 2, f"{name}: not at the top or bottom edge"
        app.pop()


def test_with_buttons_in_every_corner_it_sits_beside_them_on_an_empty_spot():
    from haudrauf.table.ui.button import Button
    surface = pygame.Surface((800, 600))
    surface.fill(theme.FELT)
    corners = [Button(pygame.Rect(x, y, 120, 40), "x") for x in (0, 680) for y in (0, 560)]
    rect = draw_muted(surface, True, corners)
    assert rect.collidelist([b.rect for b in corners]) < 0 and rect.bottom > 560 and rect.left > 600
