"""The unit in a terminal: for machines without a display (or an SSH session).

Keys: 1–6 seat buttons, Space = HAU DRAUF, Enter = Play/Pause, s = speed switch
(unlimited → 6 s → 4 s), n = new game, r = back to registration, q = quit.
The terminal bell rings for the buzzer and the countdown. The speed switch is
the saved turn time, as in the window's unit mode: what it shows is what the
next game, `simulate` and `tune` use.
"""
from __future__ import annotations

import curses
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Callable

import numpy as np

from haudrauf.device import events as uev
from haudrauf.device.clock import MonotonicClock
from haudrauf.device.settings import SPEED_SWITCH
from haudrauf.play.storage import reason
from haudrauf.device.machine import UnitState
from haudrauf.device.unit import SEAT_COUNT, Unit
from haudrauf.play import config, paths
from haudrauf.play.language import Language
from haudrauf.play.messages import describe_uno, log_line, seconds

BELL_EVENTS = (uev.TurnTimedOut, uev.CountdownWarning, uev.SlapStarted, uev.SlapResult)


def next_speed(turn_time: float | None) -> float | None:
    """The switch's next position (a custom time moves to 'unlimited')."""
    if turn_time not in SPEED_SWITCH:
        return SPEED_SWITCH[0]
    return SPEED_SWITCH[(SPEED_SWITCH.index(turn_time) + 1) % len(SPEED_SWITCH)]


def help_line(lang: Language) -> str:
    return lang.gettext("1-6 seat  Space HAU DRAUF  Enter Play/Pause  s speed  n new game  r registration  q quit")


def state_name(state: UnitState, lang: Language) -> str:
    """The unit's state as the status line says it."""
    _ = lang.gettext
    return {UnitState.OFF: _("off"), UnitState.REGISTERING: _("registering"), UnitState.SPINNING: _("spinning"),
            UnitState.TURN: _("turn"), UnitState.TIMED_OUT: _("timed out"), UnitState.SLAP_RACE: _("slap race"),
            UnitState.SLAP_RESULT: _("slap result"), UnitState.PAUSED: _("paused"),
            UnitState.ASLEEP: _("asleep")}[state]


def status_line(state: UnitState, turn_time: float | None, lang: Language) -> str:
    """"state: turn         speed: 6 s"."""
    speed = lang.gettext("unlimited") if turn_time is None else seconds(lang, turn_time)
    return lang.gettext("state: {state} speed: {speed}").format(state=f"{state_name(state, lang):12s}", speed=speed)


class TerminalUnit:
    def __init__(self, unit: Unit, clock, log: list[str],
                 save_speed: Callable[[float | None], str | None] = lambda turn_time: None,
                 lang: Language = Language()) -> None:
        """`save_speed(turn_time)`: keeps the switch's position; a line to log when it could not."""
        self.unit, self.clock, self.save_speed, self.lang = unit, clock, save_speed, lang
        self.log: deque[str] = deque(log, maxlen=12)
        self.blink = False

    def key(self, key: int) -> bool:
        """Apply one key; False means quit."""
        now, unit = self.clock.now(), self.unit
        ch = chr(key) if 0 <= key < 256 else ""
        if ch == "q":
            return False
        if ch in "123456" and ch:
            self.feed(unit.press_seat(int(ch) - 1, now))
        elif ch == " ":
            self.feed(unit.press_hau_drauf(now))
        elif ch in ("\n", "\r") or key == curses.KEY_ENTER:
            self.feed(unit.press_play_pause(now))
        elif ch == "s":
            self.feed(unit.set_speed(next_speed(unit.settings.turn_time), now))
            problem = self.save_speed(unit.settings.turn_time)
            if problem:
                self.log.append(problem)
        elif ch == "n":
            self.feed(unit.new_game(now))
        elif ch == "r":
            self.feed(unit.reset(now))
        return True

    def feed(self, events: list[uev.UnitEvent]) -> None:
        for event in events:
            said = describe_uno(event)  # people hold real UNO cards
            if said:
                self.log.append(log_line(said, self.lang))
            if isinstance(event, BELL_EVENTS):
                curses.beep()

    def seat_cell(self, seat: int, view) -> str:
        label = f" {seat + 1} "
        if seat not in view.seats:
            return f"[{label}]" if view.state is UnitState.REGISTERING else f" {label} "
        if seat in view.waiting_for:
            return f"!{label}!" if self.blink else f"[{label}]"
        if seat == view.lit or (seat == view.current and view.state is UnitState.TURN):
            return f">{label}<" if self.blink or seat == view.lit else f"({label})"
        return f"({label})"

    def draw(self, screen) -> None:
        view = self.unit.view(self.clock.now())
        _ = self.lang.gettext
        screen.erase()
        screen.addstr(0, 0, _("UNO HAU DRAUF — the unit"), curses.A_BOLD)
        screen.addstr(1, 0, status_line(view.state, self.unit.settings.turn_time, self.lang))
        screen.addstr(3, 2, "  ".join(self.seat_cell(s, view) for s in range(SEAT_COUNT)))
        if view.remaining_ms is not None:
            screen.addstr(5, 2, _("time left: {time}").format(time=seconds(self.lang, view.remaining_ms / 1000, "5.1f")))
        if view.state is UnitState.SLAP_RACE:
            presses = ", ".join(f"{s + 1}: {ms:.0f} ms" for s, ms in view.reactions)
            screen.addstr(5, 2, _("SLAP RACE — {presses}").format(presses=presses))
        for i, line in enumerate(self.log):
            screen.addstr(7 + i, 0, line[: curses.COLS - 1])
        screen.addstr(min(curses.LINES - 1, 20), 0, help_line(self.lang)[: curses.COLS - 1], curses.A_DIM)
        screen.refresh()

    def run(self, screen) -> None:
        curses.curs_set(0)
        screen.timeout(30)
        frame = 0
        while True:
            key = screen.getch()
            if key != -1 and not self.key(key):
                return
            self.feed(self.unit.tick(self.clock.now()))
            frame += 1
            self.blink = (frame // 8) % 2 == 0
            self.draw(screen)


def speed_saver(path: Path, settings: config.Settings,
                lang: Language = Language()) -> Callable[[float | None], str | None]:
    """Saves each new switch position into the settings file (atomically, as
    every setting); a disk that refuses is said, and the switch still holds."""
    def save(turn_time: float | None) -> str | None:
        nonlocal settings
        settings = replace(settings, unit=settings.unit.with_changes(turn_time=turn_time))
        try:
            config.save(path, settings)
        except OSError as exc:
            return lang.gettext("The speed could not be saved ({reason}); it holds until you quit").format(
                reason=reason(exc))
        return None
    return save


def run_terminal(seed: int | None = None, speed: float | str | None = None, lang: Language = Language()) -> None:
    """`speed`: seconds, "unlimited", or None for the saved setting (a given one is saved, as the switch)."""
    path = paths.settings_path()
    loaded, problems = config.load(path)
    save_speed = speed_saver(path, loaded, lang)
    log = [lang.gettext("Settings: {problem}").format(problem=lang.say(p)) for p in problems]
    settings = loaded.unit
    if speed is not None:
        settings = settings.with_changes(turn_time=None if speed == "unlimited" else speed)
        log += filter(None, [save_speed(settings.turn_time)])
    clock = MonotonicClock()
    unit = Unit(np.random.default_rng(seed), settings)
    app = TerminalUnit(unit, clock, log, save_speed, lang)
    app.feed(unit.power_on(clock.now()))
    curses.wrapper(app.run)


