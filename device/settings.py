"""The unit's settings: validated on construction; `to_dict`/`from_dict` give
the TOML form (play/config.py keeps them in the user's settings file).

Every value a person can set is checked here, so an invalid value is refused
with a sentence saying what is allowed instead of surfacing later as odd timing.
"""
from __future__ import annotations

import reprlib
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from haudrauf.words import Message, msg


#: The physical speed switch: unlimited, 6 s, 4 s per turn.
SPEED_SWITCH: tuple[float | None, ...] = (None, 6.0, 4.0)
SELECTION_POLICIES = ("uniform", "no-repeat", "limit-repeats", "shuffle-bag")
UNLIMITED = "unlimited"
#: Seats on the unit (device.unit.SEAT_COUNT is this: the settings come first).
SEATS = 6
#: Most seconds a seat's turn may be lengthened by.
MAX_EXTRA_TIME = 30


class SettingsError(ValueError):
    """A setting with a value it cannot take; `message` says what is allowed, naming the
    setting by its field in the `{setting}` slot (a screen may put its own label there)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


def _bound(value: float) -> int | float:
    """A limit as a reader writes it: 60, not 60.0 (a float is written in the reader's language: 0,5)."""
    return int(value) if value == int(value) else value


def _number(name: str | Message, value: Any, low: float, high: float, *, zero_ok: bool = False) -> None:
    """Refuse anything but a number in range (infinities fail the range test;
    math.isfinite would overflow on a huge int)."""
    slots = dict(setting=name, low=_bound(low), high=_bound(high), got=reprlib.repr(value))
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:  # NaN
        raise SettingsError(
            msg("{setting} must be a number between {low} and {high} (or 0 for never), got {got}", **slots) if zero_ok
            else msg("{setting} must be a number between {low} and {high}, got {got}", **slots))
    if zero_ok and value == 0:
        return
    if not low <= value <= high:
        raise SettingsError(
            msg("{setting} must be between {low} and {high} (or 0 for never), got {got}", **slots) if zero_ok
            else msg("{setting} must be between {low} and {high}, got {got}", **slots))


def _whole(name: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SettingsError(msg("{setting} must be a whole number {low}–{high}, got {got}", setting=name, low=low,
                                high=high, got=reprlib.repr(value)))


def _per_seat(name: str, value: Any, low: float, high: float) -> None:
    """Refuse anything but one number in range for each seat."""
    if not isinstance(value, tuple) or len(value) != SEATS:
        raise SettingsError(msg("{setting} must be {seats} numbers between {low} and {high} (one per seat), got {got}",
                                setting=name, seats=SEATS, low=_bound(low), high=_bound(high),
                                got=reprlib.repr(value)))
    for seat, seconds in enumerate(value, start=1):
        _number(msg("{setting} for seat {seat}", setting=name, seat=seat), seconds, low, high)


def _switch(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise SettingsError(msg("{setting} must be true or false, got {got}", setting=name, got=reprlib.repr(value)))


@dataclass(frozen=True)
class UnitSettings:
    #: Seconds per turn; None is unlimited (the switch offers None, 6, 4; any 1–60 is allowed).
    turn_time: float | None = 6.0
    #: A warning beep in each of the last N seconds of a timed turn; 0 = none.
    countdown_warnings: int = 3
    #: Seconds the slap race stays open; whoever has not pressed by then loses.
    slap_window: float = 5.0
    #: Whether the player who pressed HAU DRAUF races too (the physical unit: yes).
    slapper_races: bool = True
    #: Seconds the selection light runs before it stops; 0 selects at once.
    spin_duration: float = 1.5
    #: Seconds without any input before the unit sleeps; 0 = never.
    sleep_after: float = 300.0
    #: How the next player is chosen; "uniform" is the physical unit (repeats allowed).
    selection: str = "uniform"
    #: For "limit-repeats": the most times one seat may be chosen in a row.
    max_in_a_row: int = 2
    #: Sound volume 0–1, and mute.
    volume: float = 0.8
    muted: bool = False
    #: Seconds added to a timed turn, per seat 1–6 (to even out a group; the physical unit has none).
    extra_time: tuple[float, ...] = (0.0,) * SEATS

    def __post_init__(self) -> None:
        if self.turn_time is not None:
            _number("turn_time", self.turn_time, 1, 60)
        _whole("countdown_warnings", self.countdown_warnings, 0, 10)
        _number("slap_window", self.slap_window, 0.5, 30)
        _switch("slapper_races", self.slapper_races)
        _number("spin_duration", self.spin_duration, 0, 10)
        _number("sleep_after", self.sleep_after, 60, 3600, zero_ok=True)
        if self.selection not in SELECTION_POLICIES:
            raise SettingsError(msg("{setting} must be one of {allowed}, got {got}", setting="selection",
                                    allowed=SELECTION_POLICIES, got=reprlib.repr(self.selection)))
        _whole("max_in_a_row", self.max_in_a_row, 1, 10)
        _number("volume", self.volume, 0, 1)
        _switch("muted", self.muted)
        _per_seat("extra_time", self.extra_time, 0, MAX_EXTRA_TIME)

    def turn_limit(self, seat: int) -> float | None:
        """Seconds `seat` (0–5) has for a turn: the turn time plus its extra time; None is unlimited."""
        return None if self.turn_time is None else self.turn_time + self.extra_time[seat]

    def with_changes(self, **changes: Any) -> "UnitSettings":
        """A copy with some values changed (validated like any other)."""
        return replace(self, **changes)

    # --- TOML form: `turn_time = "unlimited"` stands for None; lists for tuples

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if data["turn_time"] is None:
            data["turn_time"] = UNLIMITED
        data["extra_time"] = list(self.extra_time)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple["UnitSettings", list[Message]]:
        """Settings from a dict, keeping every valid value. Returns the settings
        and a list of problems (unknown keys, invalid values: those use defaults)."""
        known = {f.name for f in fields(cls)}
        problems = [msg("unknown setting {key} ignored", key=repr(key)) for key in data if key not in known]
        settings, defaults = cls(), cls().to_dict()
        for key, value in data.items():
            if key not in known:
                continue
            if key == "turn_time" and value == UNLIMITED:
                value = None
            if key == "extra_time" and isinstance(value, list):
                value = tuple(value)
            try:
                settings = replace(settings, **{key: value})
            except SettingsError as exc:
                problems.append(msg("{problem}; default {default} used", problem=exc.message,
                                    default=repr(defaults[key])))  # as the file writes it
        return settings, problems
