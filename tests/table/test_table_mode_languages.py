"""Table mode in the window's language: its own words (buttons, pads, how to
play), the engine's refusals and the game log's lines are drawn in it, and a
language chosen in Settings shows when the table is shown again. In German and
Finnish (the longest words) the table's text stays inside the window and off
the name plates, and the log, results and replay keep their lines apart."""

import pygame
import pytest

from haudrauf.engine.core import StarterChosen
from haudrauf.play.language import Language
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.table_mode import TableScene
from tests.table.conftest import run, spread_over_sizes
from tests.table.test_scenes import (EVERY_SCENE, GAMES, SIZES, lines_drawn, overlaps, plans, resize, show_on_its_own,
                                     text_problems)


def german_or_norwegian_table(app, code: str, game: str, people: int) -> TableScene:
    app.lang_flag = code
    scene = TableScene(app, game, {"players": 3}, plans(3, people), seed=1, save=False)
    app.push(scene)
    run(app, 0.3)
    return scene


@pytest.mark.parametrize("code", ["de", "nb"])
@pytest.mark.parametrize("game", GAMES)
def test_table_mode_says_its_own_words_and_the_logs_lines_in_the_window_language(app, drawn, code, game):
    lang = Language(code)
    scene = german_or_norwegian_table(app, code, game, people=3)
    keys = app.settings.keys
    held = ", ".join(f"P{s} {keys.label(f'seat{s + 1}')}" for s in range(3))
    assert scene.prompt_and_hint(scene.view())[1] == \
        lang.gettext("hold your seat key ({keys}) or your pad to see your hand and play").format(keys=held)
    scene.session.record([StarterChosen(seat=1)])  # an event of the game, as the log keeps it
    drawn.clear()
    app.frame([])
    labels = [b.label for b in scene.buttons]
    assert lang.gettext("Menu") in labels and "Menu" not in labels
    assert lang.gettext("show {name}'s hand").format(name="P0") in drawn
    line = lang.gettext("The unit picks {seat} to start").format(seat="P1")
    assert line != "The unit picks P1 to start" and any(line.startswith(text) for text in drawn if text), \
        f"{line!r} is not in the log panel"
    assert not [text for text in drawn if "The unit picks" in text or "show P0's hand" in text]


@pytest.mark.parametrize("code", ["de", "nb"])
@pytest.mark.parametrize("game", ["go-fish", "crazy-old-fish-war", "sea-salt-paper"])
def test_a_move_out_of_turn_is_refused_in_the_window_language(app, drawn, code, game):
    scene = german_or_norwegian_table(app, code, game, people=3)
    state = scene.session.state
    current = state.current_seats[0]
    other = next(s for s in range(3) if s not in state.current_seats)
    before = state.to_dict()
    scene.act(other, state.legal_actions(current)[0], app.clock.now())
    wanted = Language(code).say(state.not_your_turn(other))
    assert state.to_dict() == before and scene.message == wanted != str(state.not_your_turn(other))
    drawn.clear()
    app.frame([])
    assert scene.renderer.frame.notice is not None and wanted.split()[0] in " ".join(drawn)


def test_the_menu_shows_a_games_option_values_in_the_window_language(app):
    app.lang_flag = "de"
    menu = MenuScene(app, game="skip-bo")
    app.push(menu)
    menu.options["target"] = 500  # a match to 500 points; a short game is off
    menu.size = (0, 0)
    app.frame([])
    labels = [b.label for b in menu.buttons]
    assert "500 Punkte" in labels and "aus" in labels and "500 points" not in labels and "off" not in labels


def table_text(app, drawn: list) -> list[tuple[str, pygame.Rect]]:
    """Every line the table scene draws in one frame, and where (`drawn`: from `lines_drawn`)."""
    drawn.clear()
    app.frame([])
    return list(drawn)


@pytest.mark.parametrize("code, size", spread_over_sizes(["en", "de", "fi"], SIZES))
def test_the_table_in_long_words_stays_in_the_window_and_off_the_plates(app, monkeypatch, code, size):
    """UNO Hau drauf (the unit in the middle) with three people and Skip-Bo with one:
    a refusal, the log, the pads and the pile words — no line on another; paused, the
    PAUSED banner too — all inside the window, none on a name plate."""
    app.lang_flag = code
    drawn = lines_drawn(app, monkeypatch)
    app.push(MenuScene(app))
    resize(app, size)
    window = app.screen.get_rect()
    for game, people in [("uno-hau-drauf", 3), ("skip-bo", 1)]:
        scene = TableScene(app, game, {"players": 3}, plans(3, people), seed=3, save=False, timer=True)
        app.push(scene)
        run(app, 2.0, step=0.25)
        now = app.clock.now()
        scene.say(scene.lang.gettext("it cannot go there — put it on a lit pile"), now)
        scene.session.record([StarterChosen(seat=1)])
        lines = table_text(app, drawn)
        where = f"{game} in {code} at {size}"
        assert scene.renderer.frame.notice is not None, where
        on_top = [(a, b) for i, (a, ra) in enumerate(lines) for b, rb in lines[i + 1:]
                  if ra.inflate(-4, -4).colliderect(rb.inflate(-4, -4))]
        assert not on_top, f"{where}: text on text: {on_top[:3]}"
        scene.session.play_pause(now)  # the PAUSED banner lies over the cards, on a panel of its own
        lines = table_text(app, drawn)
        frame = scene.renderer.frame
        assert scene.session.paused, where
        outside = [text for text, rect in lines if not window.contains(rect)]
        assert not outside, f"{where}: off the window: {outside}"
        assert not overlaps(frame), f"{where}: {overlaps(frame)}"
        boxes = [r for r in [*frame.banners, *frame.plates.values()] if not window.contains(r)]
        assert not boxes, f"{where}: outside the window: {boxes}"
        app.pop()


@pytest.mark.parametrize("code, size", spread_over_sizes(["de", "fi"], SIZES))
def test_the_log_results_and_replay_in_long_words_keep_their_lines_apart_and_in_the_window(
        app, monkeypatch, code, size):
    app.lang_flag = code
    drawn = lines_drawn(app, monkeypatch)
    app.push(MenuScene(app))
    resize(app, size)
    window = app.screen.get_rect()
    lang = Language(code)
    for name in ("log", "results", "replay"):
        scene = EVERY_SCENE[name](app)
        show_on_its_own(app, scene, drawn)
        texts = [text for text, _ in drawn] + [b.label for b in scene.buttons]
        assert lang.gettext("Close") in texts or lang.gettext("Next round") in texts, f"{name} in {code}: {texts}"
        assert not text_problems(drawn, window), f"{name} in {code} at {size}: {text_problems(drawn, window)}"
        app.pop()


@pytest.mark.parametrize("code, book", [("de", "Quartett"), ("nb", "firer")])
def test_a_cards_tooltip_says_what_it_does_in_the_window_language(app, drawn, code, book):
    from haudrauf.table import input as I
    from haudrauf.table.faces import explain
    from haudrauf.table.ui.tooltip import HOVER_S, face_of
    scene = german_or_norwegian_table(app, code, "go-fish", people=1)
    anchor = next(a for a in scene.renderer.frame.anchors if a.card is not None and a.pile == "s0.hand")
    app.frame([I.PointerMove(anchor.rect.center, I.MOUSE)])
    run(app, HOVER_S + 0.2)
    text, _ = scene.tooltip.card_under(anchor.rect.center, scene.renderer, scene.view())
    face = face_of(scene.view(), anchor.card)
    assert text == explain(face, Language(code)) and book in text and "book" not in text
    assert scene.tooltip.boxes and any(line and line in text for line in drawn)
