"""The flow of a game at the table: results hold the game, the next round
starts with one press, hands never stay face up under an overlay, leaving
asks first and unit mode keeps its players."""
import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.device.settings import UnitSettings
from haudrauf.engine import registry
from haudrauf.engine.core import GameEnd, RoundEnd
from haudrauf.table import input as I
from haudrauf.table.scenes.confirm import ConfirmScene
from haudrauf.table.scenes.menu import MenuScene
from haudrauf.table.scenes.results import ResultsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession
from tests.table.conftest import run, until_results

FAST = [SeatPlan(f"B{s}", "heuristic", "hard") for s in range(3)]


def until_round_over(session, now=0.0, step=0.1, limit=40_000):
    for _ in range(limit):
        now += step
        session.update(now)
        if session.round_over:
            return now
    raise AssertionError("no round ended")


# --- bug 1: results hold the game --------------------------------------------------------------

@pytest.mark.parametrize("game, options, timer", [
    ("crazy-old-fish-war", {"players": 3, "rounds_to_win": 3}, False),
    ("skip-bo", {"players": 3, "short_game": True, "target": 1000}, False),
    ("crazy-old-fish-war", {"players": 3, "rounds_to_win": 3}, True),
    ("skip-bo", {"players": 3, "short_game": True, "target": 1000}, True),
])
def test_nothing_moves_and_no_clock_runs_while_the_results_show(game, options, timer):
    unit = UnitSettings(turn_time=2, countdown_warnings=0, spin_duration=0.5, sleep_after=60)
    session = TableSession(game, options, FAST, seed=3, unit_settings=unit, timer=timer)
    session.start(0.0)
    now = until_round_over(session)
    moves, lines = len(session.state.log), list(session.lines)
    assert not any(str(line).startswith("Registration") for line in lines)  # no "press a button to join" news
    if timer:
        assert session.unit.state is UnitState.REGISTERING  # stopped: no turn clock runs
    for _ in range(300):  # five minutes of results on the screen
        now += 1.0
        assert session.update(now) == []
    assert len(session.state.log) == moves and list(session.lines) == lines
    assert not session.state.is_over
    events = session.next_round(now)
    if timer:  # the next round's first player gets a fresh clock at once
        assert session.unit.state is UnitState.TURN
        assert session.unit.current == session.state.waiting_for[0]
        assert any(isinstance(e, uev.PlayerSelected) for e in events)
    for _ in range(100):
        now += 0.1
        session.update(now)
    assert len(session.state.log) > moves  # and the bots play on


def test_a_person_cannot_move_under_the_results():
    from haudrauf.engine.core import IllegalAction
    plans = [SeatPlan("Ann")] + FAST[1:]
    session = TableSession("crazy-old-fish-war", {"players": 3, "rounds_to_win": 2}, plans, seed=1,
                           unit_settings=UnitSettings(sleep_after=0))
    session.round_over = True
    seat = session.state.current_seats[0]
    with pytest.raises(IllegalAction, match="the round is over"):
        session.act(seat, session.state.legal_actions(seat)[0], 0.0)


@pytest.mark.parametrize("target", [0, 30])
def test_a_skip_bo_game_or_match_ends_with_a_game_end(target):
    cls = registry.game_class("skip-bo")
    for seed in range(2):
        state = cls({"players": 2, "short_game": True, "target": target}, seed)
        rng = np.random.default_rng(seed)
        events = []
        while not state.is_over:
            seat = state.current_seats[0]
            legal = state.legal_actions(seat)
            events += state.apply(seat, legal[int(rng.integers(len(legal)))])
        ends = [e for e in events if isinstance(e, GameEnd)]
        assert len(ends) == 1 and events.index(ends[0]) >= max(
            i for i, e in enumerate(events) if isinstance(e, RoundEnd))


# --- bug 2: one press starts the next round, however long the results showed -------------------

@pytest.mark.parametrize("sleep_after", [0, 60, 300])
def test_next_round_after_a_long_results_screen_starts_at_once(app, sleep_after):
    app.settings.unit = app.settings.unit.with_changes(spin_duration=0.5, sleep_after=sleep_after)
    scene = TableScene(app, "uno-hau-drauf", {"players": 3, "target": 2000}, FAST, seed=5, save=False)
    app.push(scene)
    until_results(app)
    run(app, 400, step=5)  # the results stay open well past the unit's sleep delay
    assert scene.session.unit.state is UnitState.REGISTERING
    app.frame([I.PlayPauseKey(app.clock.now())])  # Next round
    assert app.scene is scene and not scene.session.paused
    assert scene.session.unit.state is UnitState.SPINNING
    run(app, 0.6)
    assert scene.session.state.phase != "wait"  # the unit picked a player: the round is on
    assert not any("asleep" in str(line).lower() or str(line).startswith("Registration")
                   for line in scene.session.lines)


# --- bug 3: a hand never stays face up under an overlay -----------------------------------------

def two_people(app):
    plans = [SeatPlan("Ann"), SeatPlan("Bo"), SeatPlan("Cy", "heuristic")]
    scene = TableScene(app, "go-fish", {"players": 3}, plans, seed=3, save=False)
    app.push(scene)
    app.frame([])
    return scene


def test_a_drawn_game_says_nobody_won_instead_of_an_empty_winner(app):
    from tests.engine.test_skip_bo import arrange
    scene = TableScene(app, "skip-bo", {"players": 2, "stalemate": "no-points"}, FAST[:2], seed=1, save=False)
    app.push(scene)
    state = scene.session.state
    arrange(state, stocks={0: [9], 1: [9]}, building=[5, 5, 5, 5], rest="buried")
    state.apply(0, state.legal_actions(0)[-1])  # nothing to build: both end their turns, a round without a card
    events = state.apply(1, state.legal_actions(1)[-1])
    assert state.is_over and state.result.winners == ()
    results = ResultsScene(app, scene, events[-1], [])
    assert [str(line) for line in results.lines] == ["Drawn: nobody won"]


@pytest.mark.parametrize("cover", ["help", "leave question", "results"])
def test_a_held_hand_is_hidden_when_something_covers_the_table(app, cover):
    scene = two_people(app)
    app.frame([I.SeatKey(1, True, app.clock.now())])
    pad_seat, pad = scene.pad_rects[0]
    app.frame([I.PointerDown(pad.center, 21, app.clock.now())])
    assert scene.viewer in (0, 1)
    if cover == "help":
        app.frame([I.Command("help")])
    elif cover == "leave question":
        app.frame([I.Command("back")])
    else:
        from haudrauf.engine.games.crazy_old_fish_war.events import RoundWon
        app.push(ResultsScene(app, scene, RoundWon(0, 1, (1, 0, 0)), []))
    assert scene.viewer is None
    assert not any(c.face for s in scene.view().seats for c in s.hand.cards)
    # the key and the finger come up over the overlay: the table never hears it, yet nothing shows
    app.frame([I.SeatKey(1, False, app.clock.now()), I.PointerUp(pad.center, 21, app.clock.now())])
    while app.scene is not scene:
        app.pop()
    app.frame([])
    assert scene.viewer is None


@pytest.mark.parametrize("cover", ["help", "leave question", "log"])
def test_nobody_is_buzzed_while_something_covers_the_table(app, cover):
    """UNO Hau drauf with a 4 s clock: reading the help for a minute costs the
    person on turn nothing; back at the table their clock goes on where it stood."""
    from haudrauf.table.scenes.log import LogScene
    app.settings.unit = app.settings.unit.with_changes(turn_time=4.0)
    scene = TableScene(app, "uno-hau-drauf", {"players": 3}, [SeatPlan("Ann")] + FAST[1:], seed=5, save=False)
    app.push(scene)
    unit = scene.session.unit
    for _ in range(800):  # quarter-second frames until Ann's turn (the bots act at most once a frame)
        run(app, 0.25, step=0.25)
        if unit.state is UnitState.TURN and unit.current == 0:
            break
    assert unit.state is UnitState.TURN and unit.current == 0
    left = unit.view(app.clock.now()).remaining_ms
    moves = len(scene.session.state.log)
    if cover == "help":
        app.frame([I.Command("help")])
    elif cover == "leave question":
        app.frame([I.Command("back")])
    else:
        app.push(LogScene(app, scene.session))
    run(app, 60.0, step=1.0)  # a minute of frames; one-second ones: a running 4 s clock would still run out
    assert unit.state is UnitState.PAUSED and len(scene.session.state.log) == moves
    app.pop()
    app.frame([])
    assert unit.state is UnitState.TURN and unit.current == 0
    assert unit.view(app.clock.now()).remaining_ms == pytest.approx(left, abs=100)


# --- leaving and coming back --------------------------------------------------------------------

def test_escape_in_a_game_asks_first_enter_stays_and_left_enter_leaves(app, config_dir):
    app.push(MenuScene(app))
    scene = TableScene(app, "go-fish", {"players": 3}, [SeatPlan("Ann")] + FAST[1:], seed=3)
    app.push(scene)
    app.frame([I.Command("back")])
    question = app.scene
    assert isinstance(question, ConfirmScene) and question.question == "Leave the game?"
    assert question.detail == "It is saved — Resume from the menu."
    app.frame([])
    assert [b.label for b in question.buttons] == ["Leave (←)", "Stay (Enter or Escape)"]
    app.frame([I.PlayPauseKey(app.clock.now())])  # what the Return key sends
    assert app.scene is scene
    app.frame([I.Command("back"), I.EditKey("left")])  # ← lights Leave, and Enter takes it
    assert [b.label for b in app.scene.buttons] == ["Leave (Enter)", "Stay (Escape)"]
    app.frame([I.PlayPauseKey(app.clock.now())])
    assert isinstance(app.scene, MenuScene) and (config_dir / "autosave.json").exists()


def test_the_menu_button_asks_too(app):
    scene = two_people(app)
    menu = next(b for b in scene.buttons if b.label == "Menu")
    app.frame([I.PointerDown(menu.rect.center, I.MOUSE, app.clock.now())])
    assert isinstance(app.scene, ConfirmScene)
    app.frame([])
    stay = next(b for b in app.scene.buttons if b.label.startswith("Stay"))
    app.frame([I.PointerDown(stay.rect.center, I.MOUSE, app.clock.now())])
    assert app.scene is scene


def test_unit_mode_keeps_its_players_and_speed_switch_when_left_and_asks_mid_game(app):
    app.push(MenuScene(app))
    scene = UnitModeScene(app)
    app.push(scene)
    app.frame([])
    t = app.clock.now()
    app.frame([I.SeatKey(0, True, t), I.SeatKey(2, True, t), I.SeatKey(4, True, t)])
    four = next(b for b in scene.buttons if b.label == "4 s")
    app.frame([I.PointerDown(four.rect.center, I.MOUSE, t), I.PlayPauseKey(t)])
    assert scene.unit.state is UnitState.SPINNING
    app.frame([I.Command("back")])
    assert isinstance(app.scene, ConfirmScene) and app.scene.question == "Leave the unit?"
    app.frame([I.EditKey("left"), I.PlayPauseKey(t)])  # ← then Enter: leave
    assert isinstance(app.scene, MenuScene)
    back = UnitModeScene(app)  # as the menu's Start makes it
    assert back.unit.seats == (0, 2, 4) and back.unit.settings.turn_time == 4
    assert back.unit.state is UnitState.REGISTERING
    app.push(back)
    app.frame([I.Command("back")])  # in registration nothing is lost: no question
    assert isinstance(app.scene, MenuScene)


# --- the unit's clock ring is seen whole; a paused spin chooses nobody ----------------------------

SIZES = [(640, 480), (800, 600), (1280, 720), (1280, 800), (1920, 1080)]
SEAT_HIGHLIGHT_PX = 5  # how far a lit or flashing seat's ring reaches beyond the button


def ring_is_clear(geo, rects=()) -> list[str]:
    """What covers the clock ring: a seat button (with its highlight) or a scene's button."""
    import pygame
    (cx, cy), outer = geo.ring
    covered = [f"seat {s + 1}" for s, ((x, y), r) in geo.seats.items()
               if ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < outer + r + SEAT_HIGHLIGHT_PX]
    box = pygame.Rect(cx - outer, cy - outer, 2 * outer, 2 * outer)
    return covered + [label for label, rect in rects if rect.colliderect(box)]


@pytest.mark.parametrize("size", SIZES)
def test_the_clock_ring_is_never_hidden_behind_the_units_buttons(app, size):
    app.push(MenuScene(app))
    app.frame([I.Resized(size)])
    scene = UnitModeScene(app, seats=(0, 1, 2, 3, 4, 5))
    app.push(scene)
    app.frame([I.PlayPauseKey(app.clock.now())])
    run(app, app.settings.unit.spin_duration + 0.1)
    assert scene.unit.state is UnitState.TURN
    assert geo_ring_outside_the_shadow(scene.geometry)
    assert ring_is_clear(scene.geometry, [(b.label, b.rect) for b in scene.buttons]) == []
    app.pop()
    table = TableScene(app, "uno-hau-drauf", {"players": 4}, [SeatPlan("Ann")] + FAST, seed=5, save=False)
    app.push(table)
    run(app, 0.5)
    assert table.unit_geometry is not None and ring_is_clear(table.unit_geometry) == []
    assert geo_ring_outside_the_shadow(table.unit_geometry)


def geo_ring_outside_the_shadow(geo) -> bool:
    (_, _), big = geo.hau_drauf
    return geo.ring[1] - geo.ring_width > big + geo.shadow


@pytest.mark.parametrize("table_mode", [False, True])
def test_a_spin_paused_half_way_shows_nobody_chosen(app, table_mode):
    """The lit seat looks like any other seat, the centre says PAUSED, until Play goes on."""
    from haudrauf.table.ui.unit_widget import seat_look
    app.settings.unit = app.settings.unit.with_changes(spin_duration=3)
    if table_mode:
        scene = TableScene(app, "uno-hau-drauf", {"players": 4}, [SeatPlan("Ann")] + FAST, seed=5, save=False)
        unit = scene.session.unit
    else:
        scene = UnitModeScene(app, seats=(0, 1, 2, 3))
        unit = scene.unit
    app.push(scene)
    if not table_mode:
        app.frame([I.PlayPauseKey(app.clock.now())])
    run(app, 1.0)
    assert unit.state is UnitState.SPINNING
    app.frame([I.PlayPauseKey(app.clock.now())])
    view = unit.view(app.clock.now())
    assert view.state is UnitState.PAUSED and view.lit is not None
    lit_look = seat_look(view.lit, view, app.clock.now())
    assert lit_look[0] == theme_seat_colour(view.lit) and lit_look[1] != (255, 208, 0)
    assert "PAUSED" in texts_drawn(app)
    app.frame([I.PlayPauseKey(app.clock.now())])
    view = unit.view(app.clock.now())
    assert seat_look(view.lit, view, app.clock.now())[0] == (255, 255, 255)  # the light runs on


def theme_seat_colour(seat):
    from haudrauf.table.ui import theme
    return theme.SEAT_COLOURS[seat]


def texts_drawn(app) -> list[str]:
    """Every text drawn in one frame."""
    from unittest import mock

    from haudrauf.table.ui import draw
    drawn = []
    real = draw.text

    def spy(surface, content, *args, **kwargs):
        drawn.append(content)
        return real(surface, content, *args, **kwargs)
    with mock.patch.object(draw, "text", spy):
        app.frame([])
    return drawn


@pytest.mark.parametrize("size", SIZES)
def test_the_leave_question_fits_every_window(app, size):
    app.push(MenuScene(app))
    app.frame([I.Resized(size)])
    question = ConfirmScene(app, "Leave the game?", "It is saved — Resume from the menu.", "Leave", lambda: None)
    app.push(question)
    drawn = texts_drawn(app)
    assert "Leave the game?" in drawn and "It is saved — Resume from the menu." in drawn
    window = app.screen.get_rect()
    assert window.contains(question.box)
    assert all(question.box.contains(b.rect) for b in question.buttons)
    assert not question.buttons[0].rect.colliderect(question.buttons[1].rect)


# --- the final results speak of players, not seats --------------------------------------------------

@pytest.mark.soak
@pytest.mark.parametrize("game, options", [
    ("go-fish", {"players": 3}),
    ("skip-bo", {"players": 3, "short_game": True}),
    ("crazy-old-fish-war", {"players": 3, "rounds_to_win": 1}),
    ("sea-salt-paper", {"players": 3}),
    ("uno-hau-drauf", {"players": 3, "target": 60}),
])
def test_the_final_results_name_the_winner_and_show_every_total(app, drawn, game, options):
    import re
    app.settings.unit = app.settings.unit.with_changes(spin_duration=0.5)
    plans = [SeatPlan(name, "heuristic", "hard") for name in ("Anna", "Bo", "Cleo")]
    scene = TableScene(app, game, options, plans, seed=3, save=False)
    app.push(scene)
    for _ in range(40):  # a game of several rounds: Next round until it is over
        until_results(app, limit_s=900)
        if app.scene.final:
            break
        app.scene.next_round()
    results = app.scene
    assert results.final
    import pygame
    drawn.clear()
    results.draw(pygame.Surface((1280, 720)), app.clock.now())  # the results box alone, not the table's log
    winners = [scene.session.name(s) for s in scene.session.state.result.winners]
    title = str(results.title)
    assert any(w in title for w in winners) and not re.search(r"\bseat \d", title, re.I)
    assert [text for text in drawn if re.search(r"\bseat \d", text, re.I)] == []
    for total in scene.session.state.result.scores:  # the table of totals shows every player's
        assert str(total) in drawn
    if game == "go-fish":
        assert any(re.fullmatch(r"(Anna|Bo|Cleo): \d+ books?", text) for text in drawn)


@pytest.mark.parametrize("rounds", [[[0, 1, 0]], [[5, 12, 0], [9, 12, 3]]])
def test_the_results_chart_of_whole_numbers_has_whole_number_ticks(app, drawn, rounds):
    """Rounds won and points come in whole numbers: no tick at 0.4 rounds or 7.5 points."""
    import pygame

    from haudrauf.engine.games.crazy_old_fish_war.events import RoundWon
    scene = TableScene(app, "crazy-old-fish-war", {"players": 3}, FAST, seed=1, save=False)
    app.push(scene)
    results = ResultsScene(app, scene, RoundWon(0, 1, tuple(rounds[-1])), rounds)
    results.ensure_layout((1280, 720))
    drawn.clear()
    results.draw(pygame.Surface((1280, 720)), app.clock.now())
    numbers = [text for text in drawn if text.replace(".", "", 1).isdigit()]
    assert numbers and all("." not in text for text in numbers)


# --- Escape is the safe way out of every question ---------------------------------------------------

def _ask_to_leave_a_game(app):
    from tests.table.test_menu import open_menu
    open_menu(app, "go-fish")
    scene = TableScene(app, "go-fish", {"players": 3}, [SeatPlan("Ann")] + FAST[1:], seed=3)
    app.push(scene)
    app.frame([])
    app.frame([I.Command("back")])


def _ask_to_start_over_a_saved_game(app):
    from tests.table.test_menu import click, open_menu, save_a_game
    save_a_game(app)
    open_menu(app, "uno-hau-drauf")
    click(app, "Skip-Bo")
    click(app, "Start")


def _ask_to_quit(app):
    from tests.table.test_menu import open_menu, save_a_game
    save_a_game(app)
    open_menu(app, "go-fish")
    app.frame([I.Command("back")])


def _ask_to_leave_the_unit(app):
    from tests.table.test_menu import open_menu
    open_menu(app, "go-fish")
    app.push(UnitModeScene(app, seats=(0, 2)))
    app.frame([I.PlayPauseKey(app.clock.now())])
    app.frame([I.Command("back")])


#: Every question the app asks (ConfirmScene), and how a player gets to it.
QUESTIONS = {"Leave the game?": _ask_to_leave_a_game, "Start a new game?": _ask_to_start_over_a_saved_game,
             "Quit UNO Hau drauf?": _ask_to_quit, "Leave the unit?": _ask_to_leave_the_unit}


def test_every_question_the_app_asks_is_walked_below():
    from pathlib import Path
    from haudrauf import table
    asked = [path for path in Path(table.__file__).parent.rglob("*.py")
             for _ in range(path.read_text(encoding="utf-8").count("ConfirmScene(self.app"))]
    assert len(asked) == len(QUESTIONS), f"a question is not in QUESTIONS: {sorted(map(str, asked))}"


def what_a_player_has(app, config_dir):
    """Everything a wrong answer could lose or start: the scenes open (the very
    same ones), whether the app runs, the files (save, settings, stats), the settings."""
    files = {p.name: p.read_bytes() for p in sorted(config_dir.rglob("*")) if p.is_file()}
    return [id(s) for s in app.scenes], app.running, files, app.settings


@pytest.mark.parametrize("question", QUESTIONS)
def test_escape_in_any_question_changes_nothing(app, config_dir, question):
    QUESTIONS[question](app)
    asked = app.scene
    assert isinstance(asked, ConfirmScene) and asked.question == question
    app.frame([])
    below = app.scenes[-2]
    game_on = isinstance(below, UnitModeScene) and below.unit.state
    before = what_a_player_has(app, config_dir)
    back = app.settings.keys.label("back")
    named = next(b for b in asked.buttons if b.label.endswith(f"{back})"))
    assert named.action == asked.cancel and named.selected  # the lit answer, the one Esc names, is the safe one
    app.frame([I.Command("back")])
    ids, running, files, settings = before
    assert what_a_player_has(app, config_dir) == (ids[:-1], running, files, settings)
    assert app.scene is below and (not game_on or below.unit.state is game_on)
