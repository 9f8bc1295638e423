"""Injected time: the unit and the front end never read the system clock directly.

The unit itself takes `now` on every call; a `Clock` is what the main loop (or a
test, or the simulator) uses to produce those values.
"""
from __future__ import annotations

import time
from typing import Protocol


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
