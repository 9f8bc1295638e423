"""The window's other screens in its language: Settings (every tab), the
tuner, stats, the reaction test, the help with the key map, the seat names,
the Phones panel, a question and the rules scene show their words
translated, and in the longest languages (German, Finnish) every line stays
inside the window and clear of the others at every window size."""
import pytest

from haudrauf.device import events as uev
from haudrauf.play.language import Language
from haudrauf.table.scenes.confirm import ConfirmScene
from haudrauf.table.scenes.help import HelpScene
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.names import NamesScene
from haudrauf.table.scenes.phones import PhonesScene
from haudrauf.table.scenes.reaction_test import ReactionTestScene
from haudrauf.table.scenes.rules import RulesScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.stats import StatsScene
from haudrauf.table.scenes.tune import TuneScene
from tests.table.test_scenes import SIZES, lines_drawn, resize, show_on_its_own, text_problems


def opened_at(scene_class, choose: str, page: str):
    """A builder of the scene opened at one of its pages (a Settings tab, a stats view)."""
    def build(app):
        scene = scene_class(app)
        getattr(scene, choose)(page)
        return scene
    return build


def settings_tab(tab: str):
    return opened_at(SettingsScene, "select_tab", tab)


def stats_view(view: str):
    return opened_at(StatsScene, "select_view", view)


def reaction_results(app):
    """The reaction test's results: two people, five presses each and a false start."""
    scene = ReactionTestScene(app, seats=(0, 1))
    scene.begin()
    for taker in scene.takers.values():
        taker.times = [240.0, 250.0, 260.0, 270.0, 280.0]
    scene.takers[1].false_starts = 1
    scene.finish()
    return scene


#: Each screen: how to open it, and English words it shows that a translation replaces.
SCREENS = {
    "settings unit": (settings_tab("unit"), ["Turn time", "Extra time", "Volume", "Live preview", "Save", "Cancel"]),
    "settings look": (settings_tab("look"), ["Layout", "Flashes", "Turn clock ring", "Upright", "Spin duration"]),
    "settings keys": (settings_tab("keys"), ["Other keys", "Default keys", "Change", "Game log", "Space"]),
    "settings table": (settings_tab("table"), ["Card hints", "Fullscreen", "Language", "Seat names"]),
    "tuner": (lambda app: TuneScene(app, workers=lambda: None),
              ["Tune the timer for these players", "Run", "Back", "Apply"]),
    "stats slap races": (stats_view("slap"), ["Slap races", "Turn times", "Scores", "Player", "Mean", "Best"]),
    "stats turn times": (stats_view("turns"), ["Time taken per turn", "Count"]),
    "stats scores": (stats_view("scores"), ["Running totals after each round", "Total", "Last round"]),
    "stats people": (stats_view("people"), ["People", "Clear"]),
    "reaction test": (ReactionTestScene, ["Reaction test", "Back", "Who takes part? Press your seat button, then Start."]),
    "reaction results": (reaction_results, ["Reaction test — results", "Again", "no false starts"]),
    "help": (HelpScene, ["Keys and buttons", "this help", "back / menu", "Space", "several fingers"]),
    "names": (NamesScene, ["Seat names", "Done"]),
    "phones": (PhonesScene, ["Phones", "Start phones"]),
    "question": (lambda app: ConfirmScene(app, "?", "", "OK", lambda: None), ["Stay"]),
    "rules": (lambda app: RulesScene(app, "go-fish"), ["Back"]),
}
#: The words of German and Finnish run longest: what fits in them fits in every language.
LONGEST = ("de", "fi")


@pytest.fixture
def played(app):
    """Something in every stats view: slap races, timed turns, a game's rounds, a reaction test's presses."""
    names = app.settings.table.names
    for at in range(6):
        times = tuple((seat, 250.0 + 40 * seat + at) for seat in range(3))
        app.stats.record_unit_events([uev.SlapResult(at=float(at), slapper=0, times=times, losers=(2,),
                                                     window_expired=False)], names)
        app.stats.record_unit_events([uev.TurnEnded(at=float(at), seat=at % 3, elapsed_ms=3000.0 + 100 * at)], names)
    app.stats.record_round("uno-hau-drauf", [0, 40, 0], names[:3])
    app.stats.record_round("uno-hau-drauf", [25, 40, 0], names[:3])
    for ms in (300.0, 320.0, 340.0):
        app.stats.record_press(names[0], ms)
    return app


def open_screen(app, name: str, code: str, size=(1280, 720)):
    """The screen over the menu (the window closes when its last scene goes)."""
    app.lang_flag = code
    if not app.scenes:
        app.push(MenuScene(app))
    resize(app, size)
    scene = SCREENS[name][0](app)
    app.push(scene)
    return scene


@pytest.mark.parametrize("code", ["de", "nb"])
def test_every_screen_shows_its_words_in_the_windows_language(played, drawn, code):
    lang = Language(code)
    for name, (_, words) in SCREENS.items():
        scene = open_screen(played, name, code)
        drawn.clear()
        played.frame([])
        shown = [b.label for b in scene.buttons] + drawn
        for word in words:
            translated = lang.gettext(word)
            assert translated != word, f"{word!r} has no {code} translation"
            assert any(translated in text for text in shown), f"{name} in {code} does not show {translated!r}"
            assert word not in shown, f"{name} in {code} still shows {word!r}"
        played.pop()


def test_the_settings_messages_and_numbers_are_said_in_the_windows_language(app):
    """What a change says on the bottom line, with a decimal as German writes it."""
    scene = open_screen(app, "settings unit", "de")
    app.frame([])
    scene.set_unit(turn_time=7.5)
    assert scene.message == "Zugzeit: 7,5 s — die Vorschau beginnt neu"
    while scene.tab.step("sleep_after", -1):  # down to the shortest delay, and once more
        pass
    assert scene.message == "Schlafen nach: 1 Min. ist die kürzeste Zeit"


def check_fits(app, monkeypatch, name: str, code: str, size) -> None:
    scene = open_screen(app, name, code, size)
    app.pop()  # shown again on its own, its lines recorded
    drawn = lines_drawn(app, monkeypatch)
    show_on_its_own(app, scene, drawn)
    problems = text_problems(drawn, app.screen.get_rect())
    assert not problems, f"{name} in {code} at {size}: {problems[:3]}"


@pytest.mark.parametrize("name", SCREENS)
def test_each_screen_fits_the_smallest_window_in_finnish(played, monkeypatch, name):
    check_fits(played, monkeypatch, name, "fi", SIZES[0])


@pytest.mark.soak
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LONGEST)
@pytest.mark.parametrize("name", SCREENS)
def test_every_screen_fits_every_window_in_the_longest_languages(played, monkeypatch, name, code, size):
    check_fits(played, monkeypatch, name, code, size)
