"""The whole story: the game log survives save and resume and scrolls in an
overlay; a finished game is kept; the replay viewer steps through any save."""
import json

import pytest

from haudrauf.engine import registry
from haudrauf.play import autosave, game_log
from haudrauf.table import input as I
from haudrauf.cli.main import main
from haudrauf.table.scenes.log import LogScene
from haudrauf.table.scenes.replay import ReplayScene, session_record
from haudrauf.table.scenes.results import ResultsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.play.session import LOG_LINES, TableSession
from tests.table.conftest import run
from tests.table.test_scenes import button, click
from tests.play.test_session import UNIT, bots, run_until_over


def play_for(session, seconds: float, step: float = 0.05) -> None:
    now = 0.0
    session.start(now)
    for _ in range(int(seconds / step)):
        now += step
        session.update(now)


def resumed(session) -> TableSession:
    """The session as it comes back from its save."""
    return TableSession.from_save({**session_record(session), "timer": session.timer}, UNIT, session.save_to)


# --- the whole log ----------------------------------------------------------------------

@pytest.mark.parametrize("game, options", [("go-fish", {"players": 3}), ("skip-bo", {"players": 3}),
                                           ("crazy-old-fish-war", {"players": 4}),
                                           ("sea-salt-paper", {"players": 3, "extra_pepper": True})])
def test_a_resumed_game_has_its_whole_log(game, options, tmp_path):
    session = TableSession(game, options, bots(options["players"]), seed=4, unit_settings=UNIT,
                           save_to=tmp_path / "autosave.json")
    play_for(session, 60.0)
    assert len(session.history) > LOG_LINES  # more than the side panel keeps
    again = resumed(session)
    assert again.history == session.history
    assert list(again.lines) == session.history[-LOG_LINES:]  # the side panel goes on where it was


def test_a_resumed_unit_game_has_every_line_since_the_unit_started_the_game(tmp_path):
    session = TableSession("uno-hau-drauf", {"players": 4}, bots(4), seed=4, unit_settings=UNIT,
                           save_to=tmp_path / "autosave.json")
    play_for(session, 60.0)
    again = resumed(session)
    assert len(again.history) > LOG_LINES
    # switching the unit on and registering the seats is not in the game's log; everything after is
    assert again.history == session.history[-len(again.history):]
    start = session.history.index(next(line for line in session.history if str(line).startswith("Game on")))
    assert len(again.history) == len(session.history) - start - 1


def test_the_log_overlay_shows_every_line_and_scrolls(app):
    scene = TableScene(app, "crazy-old-fish-war", {"players": 4}, bots(4), seed=5, save=False)
    app.push(scene)
    run(app, 60.0, step=0.25)  # a minute of play in quarter-second frames (bots act at most once a frame)
    history = scene.session.history
    assert len(history) > 20
    app.frame([I.Command("log")])  # L
    log = app.scene
    assert isinstance(log, LogScene)
    app.frame([])
    assert log.page.offset == log.page.max_offset > 0  # opens at the newest line
    app.frame([I.EditKey("home")])
    assert log.page.first_visible == f"1. {history[0]}"
    app.frame([I.Wheel(-3)])
    assert log.page.offset > 0
    shown = len(log.page.rows)
    run(app, 10.0)  # the game goes on underneath: new lines join
    assert len(log.page.rows) == len(scene.session.history) >= shown
    app.frame([I.Command("log")])
    assert app.scene is scene


def test_a_click_on_the_log_panel_opens_the_log_and_a_click_beside_it_closes_it(app, drawn):
    scene = TableScene(app, "go-fish", {"players": 3}, bots(3, first_person=True), seed=2, save=False)
    app.push(scene)
    run(app, 3.0)
    panel = scene.renderer.frame.log
    assert panel is not None
    assert "whole log: L or click here" in drawn
    click(app, panel.center)
    assert isinstance(app.scene, LogScene)
    app.frame([])
    click(app, (2, app.screen.get_height() - 2))
    assert app.scene is scene


# --- the finished game is kept --------------------------------------------------------------

def test_a_finished_game_is_kept_as_the_last_game(tmp_path):
    save = tmp_path / "autosave.json"
    session = TableSession("go-fish", {"players": 3}, bots(3), seed=4, unit_settings=UNIT, save_to=save)
    run_until_over(session)
    assert not save.exists()
    last = tmp_path / autosave.LAST_GAME
    record, problem = autosave.read(last)
    assert problem is None and record["log"] == session.state.log
    replay, problem = game_log.load(last)
    assert problem is None and replay.state_at(len(replay)).is_over


def test_replay_opens_the_last_game_by_default(config_dir):
    assert game_log.default_file() == autosave.path()  # nothing finished yet: the unfinished game
    autosave.last_game_path().write_text("{}")
    assert game_log.default_file() == autosave.last_game_path()


# --- the replay viewer --------------------------------------------------------------------

@pytest.fixture
def finished(tmp_path):
    session = TableSession("crazy-old-fish-war", {"players": 3, "rounds_to_win": 1}, bots(3), seed=6,
                           unit_settings=UNIT, save_to=tmp_path / "autosave.json")
    run_until_over(session)
    return session


def test_stepping_back_and_forth_shows_each_position(app, finished):
    scene = ReplayScene(app, game_log.Replay(session_record(finished)))
    app.push(scene)
    app.frame([])
    cls = registry.game_class("crazy-old-fish-war")
    log = finished.state.log

    def shows(step):
        expected = cls.replay(finished.options, finished.seed, log[:step]).to_dict()
        actual = scene.replay.state_at(scene.step).to_dict()
        return scene.step == step and {**expected, "log": None} == {**actual, "log": None}

    assert shows(0) and scene.move_text() == "The cards are dealt"
    app.frame([I.EditKey("right")] * 3)
    assert shows(3)
    assert scene.move_text() == " · ".join(str(line) for line in scene.replay.lines[2])
    app.frame([I.EditKey("left")])
    assert shows(2)
    app.frame([I.EditKey("end")])
    assert shows(len(log)) and scene.replay.state_at(scene.step).is_over
    app.frame([I.EditKey("left")] * 30)
    assert shows(len(log) - 30)
    click(app, button(scene, "Next ▶").rect.center)
    assert shows(len(log) - 29)
    app.frame([I.EditKey("home")])
    assert shows(0)
    app.frame([I.EditKey("left")])
    assert shows(0)  # nothing before the deal


@pytest.mark.parametrize("game, options", [("uno-hau-drauf", {"players": 4}), ("go-fish", {"players": 3}),
                                           ("skip-bo", {"players": 3}), ("crazy-old-fish-war", {"players": 4}),
                                           ("sea-salt-paper", {"players": 3, "extra_salt": True})])
def test_any_step_of_any_game_is_the_position_its_log_prefix_replays_to(game, options, tmp_path):
    session = TableSession(game, options, bots(options["players"]), seed=8, unit_settings=UNIT)
    play_for(session, 90.0)
    log = session.state.log
    replay = game_log.Replay(session_record(session))
    cls = registry.game_class(game)
    assert len(replay) == len(log) > game_log.SNAPSHOT_EVERY + 4  # steps on both sides of a kept position
    for step in (len(log), 1, game_log.SNAPSHOT_EVERY + 3, 2, len(log) - 1, game_log.SNAPSHOT_EVERY + 4, 0):
        expected = cls.replay(session.options, session.seed, log[:step]).to_dict()
        assert {**replay.state_at(step).to_dict(), "log": None} == {**expected, "log": None}, step


def test_every_hand_is_face_up_in_a_replay(app, finished):
    scene = ReplayScene(app, game_log.Replay(session_record(finished)))
    app.push(scene)
    app.frame([I.EditKey("right")] * 5)
    hands = [seat.hand for seat in scene._view.seats]
    assert all(hand.cards and all(card.face for card in hand.cards) for hand in hands)
    assert all(seat.name in ("P0", "P1", "P2") for seat in scene._view.seats)


def test_the_results_screen_opens_the_replay_and_esc_comes_back(app):
    app.settings.unit = app.settings.unit.with_changes(spin_duration=0.2)
    scene = TableScene(app, "go-fish", {"players": 3}, bots(3), seed=5, save=False)
    app.push(scene)
    for _ in range(600):
        run(app, 0.5, step=0.25)
        if isinstance(app.scene, ResultsScene):
            break
    results = app.scene
    assert isinstance(results, ResultsScene)
    click(app, button(results, "Replay").rect.center)
    assert isinstance(app.scene, ReplayScene) and len(app.scene.replay) == len(scene.session.state.log)
    app.handle(I.Command("back"), app.clock.now())
    assert app.scene is results


def save_with(tmp_path, **changes):
    record = {"version": 1, "game": "go-fish", "options": {"players": 3}, "seed": 1, "plans": [], "log": [],
              **changes}
    path = tmp_path / "save.json"
    path.write_text(json.dumps(record))
    return path


def test_replay_from_the_command_line_closes_to_the_shell_not_to_the_menu(tmp_path, config_dir, monkeypatch):
    from haudrauf.table.app import App
    opened = []

    def run_once(app, first, phones_port=None):  # the window's loop, one Close click long
        app.push(first)
        app.frame([])
        opened.append(list(app.scenes))
        click(app, button(app.scene, "Close").rect.center)
        opened.append(app.running)

    monkeypatch.setattr(App, "run", run_once)
    assert main(["replay", str(save_with(tmp_path))]) == 0
    scenes, running = opened
    assert [type(s) for s in scenes] == [ReplayScene] and running is False


@pytest.mark.parametrize("record", [{}, [1], {"game": "go-fish", "seed": 1}])
def test_a_file_that_is_no_save_says_what_it_lacks_in_words(tmp_path, capsys, record):
    path = tmp_path / "save.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr().err
    assert "is not a saved game: it has no " in out and "list of moves" in out
    assert not any(f"({key})" in out for key in ("game", "options", "seed", "log"))


@pytest.mark.parametrize("problem, expected", [
    ({"log": [["act", 2, {"type": "Ask", "target": 0, "rank": "A"}]]}, "cannot be replayed: a move in it is refused"),
    ({"log": [["act", 0, {"type": "Ask"}]]}, "cannot be replayed: it is damaged"),
    ({"log": [["act", 0, {"type": "Shout"}]]}, "cannot be replayed"),
    ({"log": [["jump"]]}, "cannot be replayed"),
    ({"game": "chess"}, "unknown game"),
    ({"options": {"players": 9}}, "cannot be replayed"),
])
def test_a_save_that_cannot_be_replayed_gets_one_clear_line(tmp_path, capsys, problem, expected):
    path = save_with(tmp_path, **problem)
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr().err
    assert out.count("\n") == 1 and expected in out and "Traceback" not in out


def test_replay_of_a_missing_or_broken_file_says_so(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nothing.json")]) == 2
    assert "there is no saved game" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["replay", str(broken)]) == 2
    assert "is not a saved game" in capsys.readouterr().err
    assert broken.exists()  # a file we cannot read is left as it was
