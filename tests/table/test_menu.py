"""The start menu as a person uses it: the turn timer on each game's setup
page (so nobody is buzzed by surprise), Resume while a game is saved (and
Enter going on with it), and words a player would use."""
from __future__ import annotations

import json
import tomllib

import pygame
import pytest

from haudrauf.play import autosave
from haudrauf.table import input as I
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.ui import wordmark
from tests.table.conftest import run

SIZES = [(640, 480), (800, 600), (1280, 720), (1280, 800), (1920, 1080)]


def open_menu(app, game: str) -> MenuScene:
    menu = MenuScene(app, game=game)
    app.push(menu)
    app.frame([])
    return menu


def button(scene, label: str):
    matches = [b for b in scene.buttons if b.label == label]
    assert matches, f"no button {label!r} in {[b.label for b in scene.buttons]}"
    return matches[0]


def click(app, label: str) -> None:
    app.frame([I.PointerDown(button(app.scene, label).rect.center, I.MOUSE, app.clock.now())])


def timer_choices(menu) -> dict[str, bool]:
    """The turn timer's buttons (the row right of "Turn timer") and which one is chosen."""
    assert all(b in menu.buttons for b in menu.timer_buttons)
    return {b.label: b.selected for b in menu.timer_buttons}


def saved_turn_time(app):
    return tomllib.loads(app.settings_path.read_text(encoding="utf-8"))["unit"]["turn_time"]


# --- the turn timer ---------------------------------------------------------------------

def test_uno_shows_the_units_speed_switch_at_6_s_as_the_real_unit(app, drawn):
    menu = open_menu(app, "uno-hau-drauf")
    assert timer_choices(menu) == {"no limit": False, "6 s": True, "4 s": False, "other…": False}
    assert "Turn timer" in drawn
    assert any("not done in 6 s → take 2 cards" in t for t in drawn)


def test_the_speed_switch_set_in_the_menu_is_what_the_game_uses_and_it_is_kept(app):
    menu = open_menu(app, "uno-hau-drauf")
    click(app, "4 s")
    assert timer_choices(menu)["4 s"] and not timer_choices(menu)["6 s"]
    assert saved_turn_time(app) == 4  # the switch stays where it was left
    click(app, "Start")
    assert isinstance(app.scene, TableScene) and app.scene.session.unit.settings.turn_time == 4
    app.pop()
    click(app, "no limit")
    assert saved_turn_time(app) == "unlimited" and app.settings.unit.turn_time is None


def test_a_custom_time_from_the_settings_shows_as_its_own_position(app):
    app.settings.unit = app.settings.unit.with_changes(turn_time=7.5)
    menu = open_menu(app, "uno-hau-drauf")
    assert timer_choices(menu) == {"no limit": False, "6 s": False, "4 s": False, "7.5 s": True}
    click(app, "7.5 s")
    assert isinstance(app.scene, SettingsScene)  # where any time can be typed or dragged


def test_other_games_start_without_a_clock_until_a_speed_game_is_chosen(app, drawn):
    menu = open_menu(app, "go-fish")
    assert timer_choices(menu) == {"off": True, "6 s": False, "4 s": False, "other…": False}
    assert any("no clock" in t for t in drawn)
    click(app, "Start")
    assert app.scene.session.timer is False and app.scene.session.unit is None
    app.pop()
    click(app, "4 s")
    assert timer_choices(menu) == {"off": False, "6 s": False, "4 s": True, "other…": False}
    assert any("speed game: the unit picks who starts and times every turn (4 s)" in t for t in drawn)
    click(app, "Start")
    session = app.scene.session
    assert session.timer and session.unit.settings.turn_time == 4


def test_a_speed_game_is_off_again_in_a_new_menu(app):
    menu = open_menu(app, "skip-bo")
    click(app, "6 s")
    assert not timer_choices(menu)["off"]
    assert timer_choices(open_menu(app, "skip-bo"))["off"]


def test_the_speed_switch_of_uno_does_not_switch_on_a_speed_game_elsewhere(app):
    menu = open_menu(app, "uno-hau-drauf")
    click(app, "4 s")
    click(app, "Go Fish")
    assert timer_choices(menu)["off"] and not menu.speed_game


def test_a_custom_time_saved_in_the_settings_switches_the_speed_game_on(app):
    menu = open_menu(app, "sea-salt-paper")
    click(app, "other…")
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    settings.set_unit(turn_time=12.5)
    click(app, "Save")
    assert app.scene is menu
    app.frame([])
    assert timer_choices(menu) == {"off": False, "6 s": False, "4 s": False, "12.5 s": True}


# --- resume -----------------------------------------------------------------------------

def save_a_game(app) -> None:
    autosave.write(autosave.path(), "go-fish", {"players": 3}, 5, [], [
        {"name": "Anna", "bot": None, "difficulty": "normal"},
        {"name": "Bo", "bot": "heuristic", "difficulty": "normal"},
        {"name": "Cleo", "bot": "heuristic", "difficulty": "normal"}])


def test_while_a_game_is_saved_resume_is_chosen_and_enter_goes_on_with_it(app, drawn):
    save_a_game(app)
    menu = open_menu(app, "uno-hau-drauf")
    resume, start = button(menu, "Resume"), button(menu, "Start")
    assert resume.selected and resume.hint == "Return / Enter" and start.hint == ""
    assert "A game of Go Fish (3 players) was left unfinished" in drawn
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, TableScene) and app.scene.session.game_id == "go-fish"


def test_without_a_save_enter_starts_the_chosen_game(app):
    menu = open_menu(app, "skip-bo")
    assert not any(b.label == "Resume" for b in menu.buttons) and button(menu, "Start").hint == "Return / Enter"
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, TableScene) and app.scene.session.game_id == "skip-bo"


def test_coming_back_from_a_game_the_menu_offers_to_resume_it(app):
    menu = open_menu(app, "go-fish")
    click(app, "Person")  # bots only: they play at once
    click(app, "Start")
    run(app, 3.0)  # the bots move: the game is saved
    app.pop()  # left the game
    app.frame([])
    assert button(menu, "Resume").selected


def test_a_save_from_another_version_is_reported_when_the_menu_opens_and_never_offered(app):
    autosave.path().write_text('{"version": 0, "game": "go-fish", "options": {"players": 3}, "seed": 1, '
                               '"plans": [], "log": []}', encoding="utf-8")  # from another version
    menu = open_menu(app, "go-fish")
    assert "autosave.json is not a saved game of this version; kept aside as autosave.json.bak" in str(app.problems[-1])
    assert not any(b.label == "Resume" for b in menu.buttons)


def test_a_save_that_cannot_be_resumed_is_reported_and_no_longer_offered(app):
    plans = [{"name": n, "bot": "heuristic", "difficulty": "normal"} for n in ("A", "B", "C")]
    autosave.path().write_text(json.dumps({"version": 1, "game": "go-fish", "options": {"players": 3}, "seed": 1,
                                           "plans": plans, "log": [["act", 7, {"type": "Ask"}]]}),
                               encoding="utf-8")  # seat 7 asks at a table of three
    menu = open_menu(app, "go-fish")
    assert button(menu, "Resume").selected
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert app.scene is menu and "autosave.json cannot be replayed" in str(app.problems[-1])
    assert "kept aside as autosave.json.bak" in str(app.problems[-1])
    app.frame([])
    assert not any(b.label == "Resume" for b in menu.buttons)
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, TableScene)  # Enter now starts the chosen game


# --- words and room -----------------------------------------------------------------------

def test_bots_are_named_in_words_not_by_their_ids(app, drawn):
    menu = open_menu(app, "crazy-old-fish-war")
    labels = [b.label for b in menu.buttons]
    assert "Smart" in labels and "Normal" in labels
    click(app, "Smart")
    assert "Random" in [b.label for b in menu.buttons]
    assert not any(word in drawn for word in ("heuristic", "random", "normal"))


@pytest.mark.parametrize("size", SIZES)
def test_the_bottom_row_with_rules_stays_clear_of_resume(app, size):
    save_a_game(app)
    app.frame([I.Resized(size)])
    menu = open_menu(app, "crazy-old-fish-war")
    quit_button, resume = button(menu, "Quit"), button(menu, "Resume")
    assert button(menu, "Rules").rect.right < quit_button.rect.left
    assert quit_button.rect.right < resume.rect.left
    timer = button(menu, "other…").rect
    assert timer.bottom < quit_button.rect.top and app.screen.get_rect().contains(timer)


def test_after_picking_another_game_enter_starts_it_and_asks_before_the_save_is_lost(app, drawn):
    from haudrauf.table.scenes.confirm import ConfirmScene
    save_a_game(app)  # Go Fish
    menu = open_menu(app, "uno-hau-drauf")
    click(app, "Skip-Bo")
    start, resume = button(menu, "Start"), button(menu, "Resume")
    assert start.selected and start.hint == "Return / Enter" and not resume.selected and resume.hint == ""
    app.frame([I.PlayPauseKey(app.clock.now())])
    question = app.scene
    assert isinstance(question, ConfirmScene) and question.question == "Start a new game?"
    assert "The saved Go Fish game will be lost." in drawn
    app.frame([I.PlayPauseKey(app.clock.now())])  # Enter keeps the save
    assert app.scene is menu and autosave.peek(autosave.path())[0]["game"] == "go-fish"
    click(app, "Start")
    app.frame([I.Command("back")])  # the back key: keep it
    assert app.scene is menu and autosave.peek(autosave.path())[0]["game"] == "go-fish"
    click(app, "Start")
    app.frame([I.EditKey("right"), I.PlayPauseKey(app.clock.now())])  # the other answer lit, Enter: start anyway
    assert isinstance(app.scene, TableScene) and app.scene.session.game_id == "skip-bo"


def test_picking_the_saved_game_itself_leaves_enter_on_resume(app):
    save_a_game(app)
    menu = open_menu(app, "uno-hau-drauf")
    click(app, "Go Fish")
    assert button(menu, "Resume").selected
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, TableScene) and app.scene.session.game_id == "go-fish"


def test_unit_mode_saves_nothing_so_it_starts_without_a_question(app):
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    save_a_game(app)
    open_menu(app, "go-fish")
    click(app, "Unit mode")
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, UnitModeScene)


def test_escape_on_the_menu_asks_before_quitting_and_enter_stays(app):
    from haudrauf.table.scenes.confirm import ConfirmScene
    menu = MenuScene(app)
    app.push(menu)
    app.frame([I.Command("back")])
    assert isinstance(app.scene, ConfirmScene) and app.running
    app.frame([I.PlayPauseKey(app.clock.now())])  # Return: stay
    assert app.scene is menu and app.running
    app.frame([I.Command("back"), I.Command("back")])  # Esc twice: still here
    assert app.scene is menu and app.running
    app.frame([I.Command("back"), I.EditKey("left"), I.PlayPauseKey(app.clock.now())])  # ← then Enter: quit
    assert not app.running


def test_the_quit_button_quits_at_once(app):
    menu = MenuScene(app)
    app.push(menu)
    app.frame([])
    button(menu, "Quit").action()
    assert not app.running


@pytest.mark.parametrize("size", SIZES)
def test_the_title_is_our_wordmark_over_the_games_name_clear_of_every_button(app, drawn, monkeypatch, size):
    marks = []
    original = wordmark.draw_wordmark

    def record(surface, centre, height, colour=None, **options):
        marks.append(original(surface, centre, height, colour, **options))
        return marks[-1]

    monkeypatch.setattr(wordmark, "draw_wordmark", record)
    app.frame([I.Resized(size)])
    menu = open_menu(app, "uno-hau-drauf")
    (mark,) = set(map(tuple, marks))
    mark = pygame.Rect(mark)
    assert app.screen.get_rect().contains(mark) and mark.height > button(menu, "Unit mode").rect.height
    assert "UNO Hau drauf: the unit and the card table" in drawn
    assert not [b.label for b in menu.buttons if b.rect.colliderect(mark)]
