"""The rules in the app: a page per game (menu, F1 over a game), the same text
in a terminal, every option the game offers explained."""
import pytest

from haudrauf.engine import registry
from haudrauf.table import input as I
from haudrauf.play import rules
from haudrauf.cli.main import main
from haudrauf.table.scenes.help import HelpScene
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.rules import RulesScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.play.language import LANGUAGES
from haudrauf.play.seats import SeatPlan
from haudrauf.table.ui import theme
from tests.table.conftest import run
from tests.table.test_scenes import SIZES, button, click, colours_on_screen, resize

GAMES = list(registry.MODULES)
SECTIONS = ("Goal", "Setup", "Options in this app")
#: options whose words on the page differ from their name
def section(game: str, heading: str) -> str:
    text = rules.text(game)
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_rules_with_goal_setup_turns_end_and_options(game):
    text = rules.text(game)
    assert text.startswith(f"# {registry.game_class(game).info.name}\n")
    for heading in SECTIONS:
        assert f"\n## {heading}\n" in text, f"{game}: no '{heading}' section"
    assert "turn" in text.lower() and ("end" in text.lower())
    assert "**" not in text and "original" not in text  # plain text, our own words


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_explain_every_option_the_game_declares(game):
    options = section(game, "Options in this app").lower()
    declared = [o.label for o in registry.game_class(game).info.options if o.name != "players"]
    missing = [label for label in declared if str(label).lower() not in options]  # in the menu's words
    assert not missing, f"{game}: options not explained: {missing}"
    ids = [str(v) for o in registry.game_class(game).info.options for v in o.choices if o.value_label(v) != str(v)]
    assert [v for v in ids if f'"{v}"' in options] == [], "values in the menu's words, not the game's ids"
    if not registry.game_class(game).info.uses_unit:
        assert "turn timer" in options


def test_haudrauf_rules_prints_the_same_text(capsys):
    assert main(["rules", "skip-bo"]) == 0
    assert capsys.readouterr().out == rules.text("skip-bo")


@pytest.mark.parametrize("typed, game", [("Go Fish", "go-fish"), ("skipbo", "skip-bo"), ("SKIP-BO", "skip-bo"),
                                         ("sea salt & paper", "sea-salt-paper"), ("UNO Hau drauf", "uno-hau-drauf")])
def test_haudrauf_rules_takes_the_game_as_a_person_types_it(capsys, typed, game):
    assert main(["rules", typed]) == 0
    assert capsys.readouterr().out == rules.text(game)


def test_haudrauf_rules_of_an_unknown_game_says_which_games_exist(capsys):
    assert main(["rules", "poker"]) == 2
    out = capsys.readouterr().err
    assert out.count("\n") == 1 and "poker" in out
    assert all(game in out for game in GAMES)


def lines_wider_than_the_page(scene) -> list[str]:
    page = scene.page
    return [line for line, size, _, bold, x, _ in page._lines if x + theme.font(size, bold).size(line)[0] > page.rect.width]


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_page_reads_at_every_window_size(app, size):
    app.push(MenuScene(app))
    resize(app, size)
    for game in GAMES:
        scene = RulesScene(app, game)
        app.push(scene)
        app.frame([])
        assert colours_on_screen(app) > 12
        assert scene.reading >= 16, "type too small to read"
        assert not lines_wider_than_the_page(scene), "lines run past the page"
        window = app.screen.get_rect()
        assert all(window.contains(b.rect) for b in scene.buttons)
        app.pop()


def test_the_rules_page_scrolls_with_keys_wheel_and_drag(app):
    app.push(MenuScene(app))
    scene = RulesScene(app, "uno-hau-drauf")
    app.push(scene)
    app.frame([])
    assert scene.page.first_visible == "UNO Hau drauf (UNO Flash)"
    app.frame([I.EditKey("pagedown")])
    after_page = scene.page.first_visible
    assert after_page != "UNO Hau drauf"
    app.frame([I.EditKey("end")])
    assert scene.page.offset == scene.page.max_offset > 0
    app.frame([I.EditKey("home")])
    assert scene.page.offset == 0
    app.frame([I.Wheel(-2)])
    wheeled = scene.page.offset
    assert wheeled > 0
    app.frame([I.EditKey("up")])
    assert scene.page.offset < wheeled
    app.frame([I.EditKey("home")])
    middle = scene.page.rect.center
    app.frame([I.PointerDown(middle, 3, 0.0), I.PointerMove((middle[0], middle[1] - 200), 3),
               I.PointerUp((middle[0], middle[1] - 200), 3, 0.0)])
    assert scene.page.offset == 200  # the text follows the finger
    app.frame([I.EditKey("right")])
    assert scene.game == "go-fish" and scene.page.first_visible == "Go Fish"
    app.handle(I.Command("back"), 0.0)
    assert isinstance(app.scene, MenuScene)


def test_the_menu_rules_button_opens_the_chosen_games_rules(app):
    menu = MenuScene(app, game="crazy-old-fish-war")
    app.push(menu)
    app.frame([])
    click(app, button(menu, "Rules").rect.center)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "crazy-old-fish-war"


@pytest.mark.parametrize("size", SIZES)
def test_the_menus_buttons_never_overlap_with_a_saved_game(app, config_dir, size):
    from haudrauf.play import autosave
    autosave.write(config_dir / "autosave.json", "go-fish", {"players": 3}, 1, [],
                   [{"name": n, "bot": "heuristic", "difficulty": "normal"} for n in ("A", "B", "C")])
    menu = MenuScene(app, game="uno-hau-drauf")
    app.push(menu)
    resize(app, size)
    app.frame([])
    assert any(b.label == "Resume" for b in menu.buttons)
    rects = [b.rect for b in menu.buttons]
    overlaps = [(a.label, b.label) for i, a in enumerate(menu.buttons) for b in menu.buttons[i + 1:]
                if a.rect.colliderect(b.rect)]
    assert not overlaps and rects


def test_f1_over_a_game_opens_that_games_rules(app):
    plans = [SeatPlan("Anna")] + [SeatPlan(n, "heuristic") for n in ("Bo", "Cleo")]
    app.push(TableScene(app, "sea-salt-paper", {"players": 3}, plans, seed=1, save=False))
    run(app, 0.2)
    app.frame([I.Command("help")])
    help_scene = app.scene
    assert isinstance(help_scene, HelpScene)
    click(app, button(help_scene, "Rules of Sea Salt & Paper").rect.center)
    assert isinstance(app.scene, RulesScene) and app.scene.game == "sea-salt-paper"
    app.handle(I.Command("back"), 0.0)
    assert isinstance(app.scene, TableScene)  # back at the table, the help closed
    app.frame([I.Command("help"), I.EditKey("tab")])
    assert isinstance(app.scene, RulesScene)


def test_help_without_a_game_has_no_rules_button_and_any_key_closes_it(app):
    app.push(MenuScene(app))  # unit mode chosen: no game
    app.frame([I.Command("help")])
    assert isinstance(app.scene, HelpScene) and not app.scene.buttons
    app.frame([I.EditKey("tab")])
    assert isinstance(app.scene, MenuScene)


def test_letting_go_of_a_seat_key_does_not_close_the_help(app):
    """A player holding their key to see their hand presses F1: the key coming
    up is no "any key" — the help stays until a key is pressed."""
    app.push(MenuScene(app))
    app.frame([I.Command("help")])
    app.frame([I.SeatKey(0, False, app.clock.now())])
    assert isinstance(app.scene, HelpScene)
    app.frame([I.SeatKey(0, True, app.clock.now())])
    assert isinstance(app.scene, MenuScene)


def test_the_rules_page_speaks_the_apps_language_and_english_where_a_page_is_missing(app, tmp_path, monkeypatch):
    from dataclasses import replace
    for game in GAMES:
        (tmp_path / "en").mkdir(exist_ok=True)
        (tmp_path / "en" / f"{game}.md").write_text(rules.text(game), encoding="utf-8")
    (tmp_path / "nb").mkdir()
    (tmp_path / "nb" / "go-fish.md").write_text("# Gå fisk\n\n## Mål\n\nFlest kvartetter.\n", encoding="utf-8")
    monkeypatch.setattr(rules, "FOLDER", tmp_path)
    app.settings.table = replace(app.settings.table, language="nb")
    scene = RulesScene(app, "go-fish")
    assert scene.page.rows[0] == ("title", "Gå fisk")
    scene.show("skip-bo")
    assert scene.page.rows[0] == ("title", "Skip-Bo")
    app.lang_flag = "en"  # --lang for this run outranks the setting
    assert RulesScene(app, "go-fish").page.rows[0] == ("title", "Go Fish")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_every_games_rules_with_the_english_pages_shape(game, lang):
    """Same rules for every reader: the same title, headings, items and paragraphs in
    the same order as the English page, and not the English page itself."""
    assert rules.translated(game, lang), f"{game} has no {lang} page"
    page, english = rules.blocks(rules.text(game, lang)), rules.blocks(rules.text(game))
    assert [block.kind for block in page] == [block.kind for block in english]
    assert not {block.text for block in page if block.kind == "heading"} & {
        block.text for block in english if block.kind == "heading" and not block.text.isupper()}, \
        "headings left in English (a shout such as UNO stays)"


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_languages_rules_read_at_the_smallest_and_largest_window(app, lang):
    """German and Finnish words run long, Belarusian is Cyrillic: no line may run past the page."""
    app.lang_flag = lang
    app.push(MenuScene(app))
    for size in (SIZES[0], SIZES[-1]):
        resize(app, size)
        for game in GAMES:
            scene = RulesScene(app, game)
            app.push(scene)
            app.frame([])
            assert scene.page.rows[0] == ("title", rules.blocks(rules.text(game, lang))[0].text)
            assert not lines_wider_than_the_page(scene), f"{lang} {game} at {size}: lines run past the page"
            app.pop()
