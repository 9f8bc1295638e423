"""One slap race: who races, the presses in the order they reached the unit,
and who loses. Times are the unit's game clock in whole microseconds (it
stands still while the unit is paused or asleep)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class SlapRace:
    slapper: int | None
    racers: tuple[int, ...]
    start: int
    end: int  # the window closes
    presses: dict[int, int] = field(default_factory=dict)  # seat → reaction time, in the order pressed

    @classmethod
    def begin(cls, seats: tuple[int, ...], slapper: int | None, slapper_races: bool, start: int,
              window: int) -> SlapRace:
        """`slapper_races = False` leaves the slapper out, unless that would
        leave fewer than two racers: a race needs two."""
        others = tuple(s for s in seats if s != slapper)
        racers = seats if slapper_races or len(others) < 2 else others
        return cls(slapper, racers, start, start + window)

    def press(self, seat: int, now: int) -> int:
        """A racer's press at game time `now`; its reaction time."""
        self.presses[seat] = now - self.start
        return self.presses[seat]

    @property
    def everyone_pressed(self) -> bool:
        return len(self.presses) == len(self.racers)

    def losers(self, window_expired: bool) -> tuple[int, ...]:
        """When the window closed: every racer that has not pressed; else the
        last to press (same-µs ties: the press that arrived later loses)."""
        if window_expired:
            return tuple(s for s in self.racers if s not in self.presses)
        return (next(reversed(self.presses)),)

    def times(self) -> tuple[tuple[int, int | None], ...]:
        """Each racer's reaction time, None for no press."""
        return tuple((s, self.presses.get(s)) for s in self.racers)
