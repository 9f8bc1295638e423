"""Every scene of the window in a made-up language (`haudrauf.testing.pseudo`:
each message 40 % longer, every letter accented): a word still in plain
letters is one nobody marked for translation, and the longer words must
still fit the window at every size without landing on each other. A failure
lists every English word a scene still shows and every line out of place."""
import re

import pytest

from haudrauf.play import language, rules
from haudrauf.table.scenes.log import LogScene
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.phones import PhonesScene
from haudrauf.table.scenes.reaction_test import ReactionTestScene
from haudrauf.table.scenes.replay import ReplayScene
from haudrauf.table.scenes.settings import SettingsScene
from haudrauf.table.scenes.stats import StatsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.scenes.tune import TuneScene
from haudrauf.testing.pseudo import PseudoTranslations, plain_words, pseudo
from tests.table.conftest import run
from tests.table.test_scenes import (EVERY_SCENE, GAMES, SIZES, lines_drawn, plans, resize, show_on_its_own,
                                     text_problems)


def table(app, game):
    return TableScene(app, game, {"players": 4}, plans(4), seed=1, save=False)


def played(app, game="go-fish"):
    """A game four bots have played for a while: its log and its replay have moves in them."""
    scene = TableScene(app, game, {"players": 4}, plans(4, people=0), seed=1, save=False)
    app.push(scene)
    run(app, 20.0, step=1.0)
    app.pop()
    assert scene.session.state.log, f"nobody moved in {game}"
    return scene


def with_tab(scene, tab):
    scene.select_tab(tab)
    return scene


def with_view(scene, view):
    scene.select_view(view)
    return scene


def asked(app, ask):
    """The question `ask()` puts up, not yet shown."""
    questions = []
    app.push = questions.append
    try:
        ask()
    finally:
        del app.push
    return questions[0]


#: Every scene the pseudo-language is shown in, by name: one of every scene, each game's table,
#: every tab of the settings, every view of the stats, and the questions as the app asks them.
SCENES = {
    **EVERY_SCENE,
    "leave question": lambda app: asked(app, table(app, "uno-hau-drauf").ask_to_leave),
    "quit question": lambda app: asked(app, MenuScene(app).on_back),
    **{f"table {game}": lambda app, g=game: table(app, g) for game in GAMES},
    "log of a game": lambda app: LogScene(app, played(app).session),
    "replay of a game": lambda app: ReplayScene.of_session(app, played(app).session),
    **{f"settings {tab}": lambda app, t=tab: with_tab(SettingsScene(app), t) for tab in ("look", "keys", "table")},
    **{f"stats {view}": lambda app, v=view: with_view(StatsScene(app), v) for view in ("turns", "scores", "people")},
    "reaction test": lambda app: ReactionTestScene(app, seats=(0, 1, 2, 3)),
    "phones": PhonesScene,
    "tune": lambda app: TuneScene(app, workers=lambda: None),  # nobody has recorded times: it says so
}
#: Each language's own name, as its speakers write it (the language chooser).
LANGUAGE_NAMES = {word for name in language.LANGUAGES.values() for word in plain_words(name)}
#: A brand kept in German in every language (the unit's own name and its big button).
BRAND = {"UNO", "Hau", "drauf", "HAU", "DRAUF"}
#: The ranks printed on playing cards (Go Fish, Crazy Old Fish War), the same in every language here.
CARD_RANKS = {"A", "J", "Q", "K"}
#: Web addresses (the phones' link) are typed as they are.
ADDRESS = re.compile(r"\S+://\S+")


def allowed_words(app) -> set[str]:
    """Plain words a pseudo-translated screen may show: what a person typed or a
    keyboard prints, not what the app says — player names (the settings' and the
    tests' P0…P5), the keys' names as the keyboard has them ("escape", "F11"), the
    languages' own names, the brand and card ranks."""
    names = [*app.settings.table.names, *(plan.name for plan in plans(6))]
    keys = [key for keys in app.settings.keys.bindings.values() for key in keys]
    written = [*names, *keys, *(key.capitalize() for key in keys), *(key.upper() for key in keys)]
    return {word for text in written for word in plain_words(text)} | LANGUAGE_NAMES | BRAND | CARD_RANKS


def english_words(texts, allowed: set[str]) -> list[str]:
    """The texts that still show a plain word beyond the allowed ones, each once."""
    return list(dict.fromkeys(text for text in texts
                              if set(plain_words(ADDRESS.sub("", text))) - allowed))


def pseudo_page(game_id: str, lang: str = "en") -> str:
    """A rules page in the pseudo-language (its Markdown marks kept)."""
    lines = rules.FOLDER.joinpath("en", f"{game_id}.md").read_text(encoding="utf-8").splitlines()
    return "\n".join(re.sub(r"^(\s*(?:#+|-)\s)?(.*)$", lambda m: (m[1] or "") + pseudo(m[2]), line)
                     for line in lines)


@pytest.fixture
def pseudo_app(app, monkeypatch):
    """The app speaking the pseudo-language: its catalog and its rules pages."""
    monkeypatch.setattr(language, "translations", lambda code: PseudoTranslations())
    monkeypatch.setattr(rules, "text", pseudo_page)
    app.lang_flag = "en"
    return app


def own_words(scene, drawn: list[str]) -> list[str]:
    """From now on, every text `scene` itself draws (on any surface), not the scene it covers."""
    words: list[str] = []
    own_draw = scene.draw

    def draw_recording(surface, now):
        start = len(drawn)
        own_draw(surface, now)
        words.extend(drawn[start:])

    scene.draw = draw_recording
    return words


#: The smallest and the biggest window in the fast tier; the sizes between them in the soak tier.
SIZE_TIERS = [pytest.param([SIZES[0], SIZES[-1]], id="smallest-and-biggest"),
              pytest.param(SIZES[1:-1], id="between", marks=pytest.mark.soak)]


@pytest.mark.parametrize("sizes", SIZE_TIERS)
@pytest.mark.parametrize("name", SCENES)
def test_every_scene_speaks_the_pseudo_language_and_fits_the_window(pseudo_app, drawn, name, sizes, monkeypatch):
    """Each scene at each size: all it still shows in English, and every line
    off the window or on another line, in one message."""
    app = pseudo_app
    lines = lines_drawn(app, monkeypatch)
    problems, words = [], []
    app.push(MenuScene(app))  # the window is resized on the menu; it stays below (the app stops without a scene)
    for size in sizes:
        resize(app, size)
        scene = SCENES[name](app)
        recorded = own_words(scene, drawn)
        lines.clear()  # only this size's lines
        show_on_its_own(app, scene, lines)
        if isinstance(scene, TableScene):
            run(app, 1.0, step=0.5)  # the bots act and the table says so
        words += recorded
        problems += [f"at {size}: {problem}" for problem in text_problems(lines, app.screen.get_rect())]
        app.pop()
    assert words, f"{name} draws no text"
    english = english_words(words, allowed_words(app))
    assert not english and not problems, f"{name} in the pseudo-language: " + "; ".join(
        ([f"still in English: {english}"] if english else []) + problems)
