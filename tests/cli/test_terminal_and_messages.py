"""The terminal unit's speed switch and the sentences people read."""
import pytest

from haudrauf.device import events as uev
from haudrauf.device.settings import UnitSettings
from haudrauf.cli.parser import build_parser
from haudrauf.play.messages import describe, describe_uno, seat_name
from haudrauf.cli.terminal import next_speed
from haudrauf.words import msg


def test_speed_switch_cycles_unlimited_six_four():
    assert [next_speed(None), next_speed(6.0), next_speed(4.0)] == [6.0, 4.0, None]
    assert next_speed(12.5) is None  # a custom time goes back to the first position


def test_the_units_penalty_messages_name_no_game_penalty():
    """The unit does not know the game: a Go Fish speed game must not log UNO's penalty."""
    assert str(describe(uev.TurnTimedOut(at=0, seat=2, limit_ms=6000), ["", "", "Anna"])) == \
        "BUZZ! Seat 3 — Anna: too slow"
    result = uev.SlapResult(at=0, slapper=0, times=((0, 200.0), (1, None), (3, None)),
                           losers=(1, 3), window_expired=True)
    assert str(describe(result)) == "Seat 2, Seat 4: did not press in time"


def test_with_real_uno_cards_the_unit_says_take_two_cards():
    """Unit mode and the terminal: people hold UNO cards, nobody else tells them the penalty."""
    assert str(describe_uno(uev.TurnTimedOut(at=0, seat=2, limit_ms=6000), ["", "", "Anna"])) == \
        "BUZZ! Seat 3 — Anna: too slow — take 2 cards, then press your button"
    result = uev.SlapResult(at=0, slapper=0, times=((0, 200.0), (1, 450.0)), losers=(1,), window_expired=False)
    assert str(describe_uno(result)) == "Seat 2: slowest — take 2 cards, then press your button"
    assert describe_uno(uev.PoweredOff(at=0)) == describe(uev.PoweredOff(at=0))


#: What each game's log says when the slow person's turn times out.
OWN_CONSEQUENCE = {
    "uno-hau-drauf": ("uno-hau-drauf", {"players": 3, "target": 500},
                      r"^Slow takes 2 cards for being too slow — then press your button$"),
    "go-fish": ("go-fish", {"players": 3}, r"^Slow ran out of time — the turn passes$"),
    "skip-bo": ("skip-bo", {"players": 2, "short_game": True},
                r"^Slow ran out of time(: .+ is discarded on discard pile \d|; the turn passes)$"),
    "crazy-old-fish-war": ("crazy-old-fish-war", {"players": 3},
                           r"^Slow ran out of time — (the turn passes|the first matching card is given|"
                           r"the colour stays as it was|the lowest card is laid|no fish is called)$"),
    "sea-salt-paper": ("sea-salt-paper", {"players": 2},
                       r"^Slow ran out of time: (the turn ends|keeps the event card already held)$"),
}


@pytest.mark.parametrize("game", OWN_CONSEQUENCE)
def test_a_speed_games_log_says_that_games_own_penalty(game):
    """A person who never moves: the log says BUZZ without a penalty, then
    what this game does about it — UNO's "take 2 cards" only in UNO."""
    import re

    from haudrauf.play.seats import SeatPlan
    from haudrauf.play.session import TableSession
    game_id, options, consequence = OWN_CONSEQUENCE[game]
    unit = UnitSettings(turn_time=2, countdown_warnings=0, spin_duration=1, sleep_after=0)
    plans = [SeatPlan("Slow")] + [SeatPlan(f"B{s}", "heuristic", "hard") for s in range(1, options["players"])]
    session = TableSession(game_id, options, plans, seed=6, unit_settings=unit, timer=True)
    session.start(0.0)
    lines: list[str] = []
    now, timeouts = 0.0, 0
    while timeouts < 2 and now < 600 and not session.state.is_over:
        now += 0.1
        events = session.update(now)
        timeouts += sum(isinstance(e, uev.TurnTimedOut) and e.seat == 0 for e in events)
        lines += [str(line) for line in session.lines if str(line) not in lines]
        for seat in session.state.waiting_for:  # Slow only takes a flashing penalty, never plays
            if seat == 0 and session.state.info.uses_unit and session.state.phase == "penalty":
                session.press_seat(0, now)
    assert timeouts == 2, lines
    assert "BUZZ! Seat 1 — Slow: too slow" in lines
    assert any(re.match(consequence, line) for line in lines), lines
    if game != "uno-hau-drauf":
        assert not any("take 2 cards" in line for line in lines), lines


def test_every_event_a_player_must_act_on_has_a_sentence():
    samples = [
        uev.PlayerSelected(at=0, seat=0, limit_ms=None),
        uev.StartRefused(at=0, seats=(1,), reason=msg("at least 2 players must press their buttons first")),
        uev.NotYourTurn(at=0, seat=1, waiting_for=(0,)),
        uev.SlapStarted(at=0, slapper=0, racers=(0, 1), window_ms=5000),
        uev.FellAsleep(at=0),
        uev.Paused(at=0, remaining_ms=1000),
        uev.SettingsChanged(at=0, settings=UnitSettings(turn_time=None)),
    ]
    texts = [str(describe(e)) for e in samples]
    assert all(texts), texts
    assert "unlimited" in texts[-1]


def test_seat_names_count_from_one():
    assert str(seat_name(0)) == "Seat 1"
    assert str(seat_name(5, ["a", "b", "c", "d", "e", "Fiona"])) == "Seat 6 — Fiona"


def test_command_line_speed_is_validated():
    assert build_parser().parse_args(["unit", "--speed", "4"]).speed == 4.0
    assert build_parser().parse_args(["unit", "--speed", "unlimited"]).speed == "unlimited"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["unit", "--speed", "90"])


def test_long_log_entries_wrap_at_full_size_instead_of_shrinking():
    import pygame
    pygame.init()
    from haudrauf.table.ui import draw, theme
    long = str(describe_uno(uev.TurnTimedOut(at=0, seat=2, limit_ms=6000), ["", "", "Anna"]))
    lines = draw.log_lines(["Seat 1 joins", "Game on", long], size=16, width=200, keep=8)
    assert [text for text, _ in lines[:2]] == ["Seat 1 joins", "Game on"]
    wrapped = [text for text, newest in lines if newest]
    assert len(wrapped) >= 2 and " ".join(wrapped) == long
    assert all(theme.font(16).size(text)[0] <= 200 for text, _ in lines)
    assert draw.log_lines(["a", "b", long], size=16, width=200, keep=2) == lines[-2:]


def test_unit_mode_still_tells_people_to_take_two_cards(app):
    """Unit mode has no engine: the unit's buzzer must say UNO's penalty itself."""
    from haudrauf.table import input as intents
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    from tests.table.conftest import run
    scene = UnitModeScene(app, seats=(0, 1), speed=4.0)
    app.push(scene)
    app.frame([intents.PlayPauseKey(app.clock.now())])
    run(app, app.settings.unit.spin_duration + 4.5)
    assert any(line.endswith("too slow — take 2 cards, then press your button") for line in scene.log), scene.log
    assert "take 2 cards" in scene.banner


def test_the_terminal_units_speed_switch_is_saved_for_the_next_game_and_every_command(config_dir):
    """Saved at 30 s, switched twice in the terminal (→ unlimited → 6 s): the
    file says 6 s and the commands' settings loader reads 6 s."""
    import numpy as np

    from haudrauf.device.clock import FakeClock
    from haudrauf.device.unit import Unit
    from haudrauf.play import config, paths
    from haudrauf.cli.checks import unit_settings
    from haudrauf.cli.terminal import TerminalUnit, speed_saver
    path = paths.settings_path()
    settings = config.Settings()
    settings.unit = settings.unit.with_changes(turn_time=30.0)
    config.save(path, settings)
    unit = Unit(np.random.default_rng(1), settings.unit)
    terminal = TerminalUnit(unit, FakeClock(), [], speed_saver(path, settings))
    for _ in range(2):
        terminal.key(ord("s"))
    assert unit.settings.turn_time == 6.0
    assert config.load(path)[0].unit.turn_time == 6.0
    assert unit_settings(None, None, "tune")[0].turn_time == 6.0


def test_a_disk_that_refuses_the_terminals_speed_is_said_and_the_switch_holds(config_dir, monkeypatch):
    import numpy as np

    from haudrauf.device.clock import FakeClock
    from haudrauf.device.unit import Unit
    from haudrauf.play import config, paths
    from haudrauf.cli.terminal import TerminalUnit, speed_saver

    def full(path, settings):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(config, "save", full)
    unit = Unit(np.random.default_rng(1), config.Settings().unit)
    terminal = TerminalUnit(unit, FakeClock(), [], speed_saver(paths.settings_path(), config.Settings()))
    terminal.key(ord("s"))  # 6 s (the default) → 4 s
    assert unit.settings.turn_time == 4.0
    assert list(terminal.log)[-1] == "The speed could not be saved (no space left on device); it holds until you quit"
