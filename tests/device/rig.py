"""A unit on a fake clock, with short helpers so tests read like play."""
from __future__ import annotations

import numpy as np

from haudrauf.device import events as uev
from haudrauf.device.clock import FakeClock
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit


class Rig:
    def __init__(self, seed: int = 1, **settings) -> None:
        self.clock = FakeClock()
        self.unit = Unit(np.random.default_rng(seed), UnitSettings(**settings))
        self.log: list[uev.UnitEvent] = []

    @property
    def now(self) -> float:
        return self.clock.now()

    def _keep(self, events):
        self.log += events
        return events

    def wait(self, seconds: float):
        self.clock.advance(seconds)
        return self._keep(self.unit.tick(self.now))

    def seat(self, seat: int):
        return self._keep(self.unit.press_seat(seat, self.now))

    def slap(self):
        return self._keep(self.unit.press_hau_drauf(self.now))

    def play_pause(self):
        return self._keep(self.unit.press_play_pause(self.now))

    def start(self, seats=(0, 1, 2)):
        """Power on, register `seats`, press Play, and wait until a seat is selected."""
        self._keep(self.unit.power_on(self.now))
        for s in seats:
            self.seat(s)
        out = self.play_pause()
        out += self.wait(self.unit.settings.spin_duration)
        return out

    def selected(self) -> int:
        return self.unit.current

    def other(self) -> int:
        return next(s for s in self.unit.seats if s != self.unit.current)


def only(events, kind):
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"expected one {kind.__name__}, got {events}"
    return found[0]


def kinds(events):
    return [type(e).__name__ for e in events]
