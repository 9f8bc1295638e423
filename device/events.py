"""What the unit emits. Every output is one of these frozen dataclasses, returned
from the call that caused it; the unit never calls into the engine or the UI.

`at` is the clock time (seconds) at which the event happened. Times are exact:
an event scheduled for 6.000 s is stamped 6.000 s even when the tick that
noticed it came later. Durations are milliseconds (floats with µs precision).

Every event class also has `make(**fields)` (`maker.py`): the same event at
half the cost, for the unit, which makes two or three events a turn.
"""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.device.maker import add_make
from haudrauf.device.settings import UnitSettings
from haudrauf.words import Message


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitEvent:
    """Every event class has a static `make(**fields)`: `cls(**fields)` at half
    the cost (`maker.add_make`, given at the end of this module; not annotated
    here, so the type hints stay the fields)."""
    at: float


# --- power and registration -------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class PoweredOn(UnitEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class PoweredOff(UnitEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class RegistrationOpened(UnitEvent):
    """The unit waits for players to press their buttons; `seats` are already in."""
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRegistered(UnitEvent):
    seat: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLeft(UnitEvent):
    seat: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class StartRefused(UnitEvent):
    seats: tuple[int, ...]
    reason: Message


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(UnitEvent):
    seats: tuple[int, ...]


# --- selection and turns ----------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class SpinStarted(UnitEvent):
    """The light runs round the registered seats, slowing down.

    `schedule` holds (offset_ms, seat) steps from the spin's start; the last step
    is the seat about to be selected.
    """
    seats: tuple[int, ...]
    schedule: tuple[tuple[float, int], ...]
    duration_ms: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSelected(UnitEvent):
    seat: int
    limit_ms: float | None  # None: unlimited time


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownWarning(UnitEvent):
    seat: int
    seconds_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(UnitEvent):
    """The current seat pressed its own button in time."""
    seat: int
    elapsed_ms: float


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnTimedOut(UnitEvent):
    """Buzzer: the seat did not press in time; its button flashes until pressed."""
    seat: int
    limit_ms: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyAcknowledged(UnitEvent):
    """A flashing seat pressed its button. `cause` is "timeout" or "slap"."""
    seat: int
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NotYourTurn(UnitEvent):
    """A seat pressed while the unit waits for other seats; nothing changed."""
    seat: int
    waiting_for: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class InputIgnored(UnitEvent):
    """An input the unit cannot use now (off, asleep, spinning, …), with why."""
    button: str
    seat: int | None
    reason: Message


# --- the slap race ----------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class SlapStarted(UnitEvent):
    slapper: int
    racers: tuple[int, ...]
    window_ms: float


@dataclass(frozen=True, slots=True, kw_only=True)
class SlapPressed(UnitEvent):
    seat: int
    reaction_ms: float
    place: int  # 1 = first to press


@dataclass(frozen=True, slots=True, kw_only=True)
class SlapResult(UnitEvent):
    """End of a race.

    `times` lists every racer in seat order with its reaction time, or None for
    a seat that did not press within the window. `losers` is in seat order: one
    seat (the last to press) when everyone pressed, otherwise every seat that
    did not press. Each loser takes the penalty and must press its flashing
    button before the unit spins again.
    """
    slapper: int
    times: tuple[tuple[int, float | None], ...]
    losers: tuple[int, ...]
    window_expired: bool


# --- pause, sleep, settings -------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class Paused(UnitEvent):
    remaining_ms: float | None  # the turn clock, if one is running


@dataclass(frozen=True, slots=True, kw_only=True)
class Resumed(UnitEvent):
    remaining_ms: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class FellAsleep(UnitEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class WokeUp(UnitEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingsChanged(UnitEvent):
    """New settings; clocks already running keep their limit, the next turn or
    race uses the new values."""
    settings: UnitSettings


#: Every event class (`UnitEvent.__subclasses__()` would also list the classes
#: `dataclass(slots=True)` replaced, until they are collected).
EVENTS: tuple[type[UnitEvent], ...] = tuple(
    c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, UnitEvent) and c is not UnitEvent)
for _event in EVENTS:
    add_make(_event)
del _event
