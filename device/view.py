"""What the unit shows at one instant (`Unit.view`), for the screens, which only read."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.device.machine import UnitState
from haudrauf.device.maker import add_make


@add_make
@dataclass(frozen=True, slots=True)
class UnitView:
    """What the unit shows at one instant: for the renderer, which only reads.
    `UnitView.make(**fields)` is the same at half the cost (`maker.py`): a game's
    driver asks for a view every turn."""
    state: UnitState
    interrupted: UnitState | None  # the state a pause or sleep froze
    seats: tuple[int, ...]
    current: int | None
    lit: int | None  # the seat the selection light is on
    waiting_for: tuple[int, ...]  # flashing seats that must press
    remaining_ms: float | None
    limit_ms: float | None
    racers: tuple[int, ...]
    reactions: tuple[tuple[int, float], ...]  # slap presses so far, in order
    extra_time: tuple[float, ...]  # seconds each seat's timed turns get on top (none while time is unlimited)
