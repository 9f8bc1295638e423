"""The menu and unit mode in every language at every window size: the
translated words are the ones drawn, every button's label fits its button (a
long word is shrunk a little, never squashed unreadable), no line of text
leaves the window or lands on another."""
import pytest

from haudrauf.play.language import LANGUAGES, DEFAULT, Language
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.table.ui import draw, theme
from tests.table.conftest import spread_over_sizes
from tests.table.test_scenes import SIZES, plans, lines_drawn, resize, show_on_its_own, text_problems

#: How much wider than its button a label may be before it is shrunk to fit: past this it gets hard to read.
MOST_SHRINK = 1.2


def label_problems(scene, window) -> list[str]:
    problems = []
    for button in scene.buttons:
        size, room = int(button.rect.height * 0.5), button.rect.width - 8
        drawn = draw.text_rect(button.label, button.rect.center, size, anchor="center", max_width=room)
        if not button.rect.contains(drawn):
            problems.append(f"{button.label!r} is wider than its button")
        if theme.font(size).size(button.label)[0] > room * MOST_SHRINK:
            problems.append(f"{button.label!r} is shrunk too far to fit its button")
        if not window.contains(button.rect):
            problems.append(f"{button.label!r} leaves the window")
    return problems


def language_cases():
    """Every language at every size: one size per language in the fast tier (together they
    take every size), the others in the soak tier."""
    return spread_over_sizes(LANGUAGES, SIZES)


@pytest.mark.parametrize("code, size", list(language_cases()))
def test_the_menu_and_unit_mode_speak_the_language_and_fit(app, drawn, code, size, monkeypatch):
    lang = Language(code)
    app.lang_flag = code
    lines = lines_drawn(app, monkeypatch)
    app.push(MenuScene(app))
    resize(app, size)
    window = app.screen.get_rect()
    scenes = [(MenuScene(app), ["Settings", "Unit mode"]),
              (MenuScene(app, game="uno-hau-drauf"), ["Turn timer", "Person"]),
              (UnitModeScene(app, seats=(0, 1, 2)), ["New game", "Reaction test", "speed switch"])]
    for scene, words in scenes:
        drawn.clear()
        show_on_its_own(app, scene, lines)
        name = type(scene).__name__ + (f" {scene.game}" if getattr(scene, "game", None) else "")
        labels = [b.label for b in scene.buttons]
        for word in words:
            assert lang.gettext(word) in labels + drawn, f"{name} in {code} does not show {lang.gettext(word)!r}"
            if code != DEFAULT:
                assert lang.gettext(word) != word, f"{word!r} has no {code} translation"
                assert word not in labels + drawn, f"{name} in {code} still shows {word!r}"
        assert not label_problems(scene, window), f"{name} in {code} at {size}: {label_problems(scene, window)}"
        assert not text_problems(lines, window), f"{name} in {code} at {size}: {text_problems(lines, window)}"
        app.pop()


@pytest.mark.parametrize("make, before, after", [
    (lambda app: UnitModeScene(app, seats=(0, 1)), "Settings", "Innstillinger"),
    (lambda app: TableScene(app, "go-fish", {"players": 3}, plans(3), seed=1, save=False), "Menu", "Meny")])
def test_a_language_chosen_in_settings_shows_when_the_scene_is_shown_again(app, make, before, after):
    from dataclasses import replace
    from haudrauf.table.scenes.settings import SettingsScene
    scene = make(app)
    app.push(scene)
    app.frame([])
    assert before in [b.label for b in scene.buttons]
    app.push(SettingsScene(app))
    app.frame([])
    app.settings.table = replace(app.settings.table, language="nb")
    app.pop()
    app.frame([])
    assert after in [b.label for b in scene.buttons]


def test_who_takes_cards_is_said_in_the_window_language_and_in_each_phones_own(app, drawn):
    """A German window does not put German on the phones: each reads its own language."""
    from haudrauf.play.phone_view import said_in
    from dataclasses import replace
    from tests.table.conftest import run
    app.lang_flag = "de"
    app.settings.table = replace(app.settings.table, layout="flat")  # the headline is the flat unit's line
    app.settings.unit = app.settings.unit.with_changes(turn_time=6)
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    scene.feed(scene.unit.press_play_pause(app.clock.now()))
    run(app, 8.0, step=0.5)  # nobody presses: the turn times out
    taker = next(name for name in scene.names if f"{name}: 2 Karten nehmen" in drawn)
    message, _ = scene.phone_view(0, app.clock.now())
    assert said_in(message, Language())["status"] == f"{taker}: take 2 cards"
    assert said_in(message, Language("be"))["status"] == f"{taker}: вазьміце 2 карты"
