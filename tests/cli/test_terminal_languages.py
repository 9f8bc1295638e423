"""The terminal unit and the unit's sentences in the reader's language: a
German or Norwegian table reads the buzzer, the slap race and UNO's penalty in
its own words, with the players' names as they wrote them."""
import curses

import numpy as np

from haudrauf.device import events as uev
from haudrauf.device.clock import FakeClock
from haudrauf.device.machine import UnitState
from haudrauf.device.unit import Unit
from haudrauf.device.settings import UnitSettings
from haudrauf.cli.terminal import TerminalUnit
from haudrauf.play.language import Language
from haudrauf.play.messages import describe, describe_uno, unit_status

TIMEOUT = uev.TurnTimedOut(at=0, seat=2, limit_ms=6000)
SLOWEST = uev.SlapResult(at=0, slapper=0, times=((0, 200.0), (1, 450.0)), losers=(1,), window_expired=False)
MISSED = uev.SlapResult(at=0, slapper=0, times=((0, 200.0), (1, None), (3, None)), losers=(1, 3),
                        window_expired=True)
NAMES = ["", "", "Anna"]


def test_a_timeout_and_a_slap_race_in_german():
    de = Language("de")
    assert de.say(describe_uno(TIMEOUT, NAMES)) == \
        "BUZZ! Platz 3 — Anna: zu langsam — nimm 2 Karten, dann drück deinen Knopf"
    assert de.say(describe_uno(SLOWEST)) == "Platz 2: am langsamsten — nimm 2 Karten, dann drück deinen Knopf"
    assert de.say(describe(MISSED)) == "Platz 2, Platz 4: nicht rechtzeitig gedrückt"
    assert de.say(describe(uev.SlapStarted(at=0, slapper=0, racers=(0, 1), window_ms=5000))) == \
        "HAU DRAUF! Plätze 1, 2: haut auf eure Knöpfe!"


def test_a_timeout_and_a_slap_race_in_norwegian():
    nb = Language("nb")
    assert nb.say(describe_uno(TIMEOUT, NAMES)) == \
        "BUZZ! Plass 3 — Anna: for treg — ta 2 kort, og trykk så på knappen din"
    assert nb.say(describe_uno(SLOWEST)) == "Plass 2: tregest — ta 2 kort, og trykk så på knappen din"
    assert nb.say(describe(MISSED)) == "Plass 2, Plass 4: trykket ikke i tide"


def test_seconds_are_written_with_the_languages_decimal_sign():
    ended = uev.TurnEnded(at=0, seat=0, elapsed_ms=2500)
    assert Language("de").say(describe(ended)) == "Platz 1 fertig in 2,5 s"
    assert str(describe(ended)) == "Seat 1 done in 2.5 s"
    changed = uev.SettingsChanged(at=0, settings=UnitSettings(turn_time=None))
    assert Language("nb").say(describe(changed)) == "Innstillinger endret: ubegrenset per tur (fra neste tur)"


class Screen:
    """What curses would put on the screen, line by line."""

    def __init__(self):
        self.lines = {}

    def erase(self):
        self.lines.clear()

    def addstr(self, row, column, text, *attributes):
        self.lines[row] = text

    def refresh(self):
        pass


def test_the_terminal_unit_speaks_norwegian_from_power_on_to_the_buzzer(monkeypatch):
    monkeypatch.setattr(curses, "beep", lambda: None)
    monkeypatch.setattr(curses, "COLS", 200, raising=False)
    monkeypatch.setattr(curses, "LINES", 24, raising=False)
    clock = FakeClock()
    unit = Unit(np.random.default_rng(3), UnitSettings(turn_time=4.0))
    terminal = TerminalUnit(unit, clock, [], lang=Language("nb"))
    terminal.feed(unit.power_on(clock.now()))
    for key in (ord("1"), ord("2"), ord("\n")):
        terminal.key(key)
    while unit.view(clock.now()).state is not UnitState.TIMED_OUT:
        clock.advance(0.1)
        terminal.feed(unit.tick(clock.now()))
    log = list(terminal.log)
    assert log[0] == "Enheten er på: hver spiller trykker på knappen sin for å bli med"
    assert "Plass 1 blir med" in log and "Plass 2 blir med" in log
    assert log[-1].startswith("BUZZ! Plass ") and log[-1].endswith(": for treg — ta 2 kort, og trykk så på knappen din")
    screen = Screen()
    terminal.draw(screen)
    assert screen.lines[0] == "UNO HAU DRAUF — enheten"
    assert screen.lines[1] == "tilstand: tiden ute    fart: 4 s"
    assert screen.lines[20].startswith("1-6 plass  Mellomrom HAU DRAUF")
    assert Language("nb").say(unit_status(unit.view(clock.now()))) == \
        "Ta kortene dine, og trykk så på den blinkende knappen din"
