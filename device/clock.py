"""Injected time: the unit and the front end never read the system clock directly.

The unit itself takes `now` on every call; a `Clock` is what the main loop (or a
test, or the simulator) uses to produce those values.
"""
from __future__ import annotations

import reprlib
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from haudrauf.device.settings import SEATS, UnitSettings

#: The unit keeps time in whole microseconds, so that pausing and resuming keep
#: exactly the time that was left.
US = 1_000_000
#: The latest clock time the unit takes (about 31,700 years, in seconds).
LAST_TIME = 1e12


def whole_us(now: float) -> int:
    """A clock time in whole µs. A NaN or an infinity would stop every clock
    or overflow, so a time that is not a number of seconds is refused."""
    if type(now) is float and -LAST_TIME <= now <= LAST_TIME:  # the usual time: a float in range
        return (now * US).__round__()  # `round` without its look-up of the method
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not -LAST_TIME <= now <= LAST_TIME:
        raise ValueError(f"the clock time must be a number of seconds up to {LAST_TIME:g}, got {reprlib.repr(now)}")
    return round(now * US)


def in_ms(us: int) -> float:
    """µs as the unit's events say durations: milliseconds."""
    return us / 1000.0


@dataclass(frozen=True, slots=True)
class Clocks:
    """The durations a unit's settings give its clocks, in whole µs (and in ms
    as its events say them): worked out once per settings, not every turn (a
    `round` costs as much as a turn's arithmetic)."""
    spin_us: int  # the last step of the light ends the spin
    spin_ms: float
    sleep_us: int  # 0: never
    #: Each seat's turn (its extra time included): (limit in µs, in ms, the
    #: countdown's beeps as seconds left, each before the limit); None, None, (): unlimited.
    turns: tuple[tuple[int | None, float | None, tuple[int, ...]], ...]


@lru_cache(maxsize=32)
def clocks_of(settings: UnitSettings) -> Clocks:
    spin_us = round(settings.spin_duration * US)
    turns = []
    for seconds in map(settings.turn_limit, range(SEATS)):
        limit = None if seconds is None else round(seconds * US)
        beeps = () if limit is None else tuple(k for k in range(settings.countdown_warnings, 0, -1) if k * US < limit)
        turns.append((limit, None if limit is None else in_ms(limit), beeps))
    return Clocks(spin_us, in_ms(spin_us), round(settings.sleep_after * US), tuple(turns))


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale (the origin is arbitrary)."""


class MonotonicClock:
    """The real clock, for the interactive front ends."""

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that only moves when told to: tests and the simulator use it, so
    timer behaviour is exact and instant."""

    def __init__(self, start: float = 0.0) -> None:
        self._t = float(start)

    def now(self) -> float:
        return self._t

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError(f"a clock cannot go back in time ({seconds} s)")
        self._t += seconds
        return self._t
