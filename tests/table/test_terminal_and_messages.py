"""The terminal unit's speed switch and the sentences people read."""
import pytest

from device import events as ev
from device.settings import UnitSettings
from table.cli import build_parser
from table.messages import describe, seat_name
from table.terminal import next_speed


def test_speed_switch_cycles_unlimited_six_four():
    assert [next_speed(None), next_speed(6.0), next_speed(4.0)] == [6.0, 4.0, None]
    assert next_speed(12.5) is None  # a custom time goes back to the first position


def test_penalty_message_names_the_seat_and_the_cards():
    assert describe(ev.TurnTimedOut(at=0, seat=2, limit_ms=6000), ["", "", "Anna"]) == \
        "BUZZ! Seat 3 — Anna: too slow — take 2 cards, then press your button"
    result = ev.SlapResult(at=0, slapper=0, times=((0, 200.0), (1, None), (3, None)),
                           losers=(1, 3), window_expired=True)
    assert describe(result) == "Seat 2, Seat 4: did not press in time — take 2 cards, then press your button"


def test_every_event_a_player_must_act_on_has_a_sentence():
    samples = [
        ev.PlayerSelected(at=0, seat=0, limit_ms=None),
        ev.StartRefused(at=0, seats=(1,), reason="at least 2 players must press their buttons first"),
        ev.NotYourTurn(at=0, seat=1, waiting_for=(0,)),
        ev.SlapStarted(at=0, slapper=0, racers=(0, 1), window_ms=5000),
        ev.FellAsleep(at=0),
        ev.Paused(at=0, remaining_ms=1000),
        ev.SettingsChanged(at=0, settings=UnitSettings(turn_time=None)),
    ]
    texts = [describe(e) for e in samples]
    assert all(texts), texts
    assert "unlimited" in texts[-1]


def test_seat_names_count_from_one():
    assert seat_name(0) == "Seat 1"
    assert seat_name(5, ["a", "b", "c", "d", "e", "Fiona"]) == "Seat 6 — Fiona"


def test_command_line_speed_is_validated():
    assert build_parser().parse_args(["unit", "--speed", "4"]).speed == 4.0
    assert build_parser().parse_args(["unit", "--speed", "unlimited"]).speed == "unlimited"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["unit", "--speed", "90"])


def test_long_log_entries_wrap_at_full_size_instead_of_shrinking():
    import pygame
    pygame.init()
    from table.ui import draw, theme
    long = describe(ev.TurnTimedOut(at=0, seat=2, limit_ms=6000), ["", "", "Anna"])
    lines = draw.log_lines(["Seat 1 joins", "Game on", long], size=16, width=200, keep=8)
    assert [text for text, _ in lines[:2]] == ["Seat 1 joins", "Game on"]
    wrapped = [text for text, newest in lines if newest]
    assert len(wrapped) >= 2 and " ".join(wrapped) == long
    assert all(theme.font(16).size(text)[0] <= 200 for text, _ in lines)
    assert draw.log_lines(["a", "b", long], size=16, width=200, keep=2) == lines[-2:]
