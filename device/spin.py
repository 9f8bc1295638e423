"""The selection light: it runs round the registered seats, slowing down, and
stops on the seat already chosen. Pure arithmetic, so a test can check it and
the renderer can ask which seat is lit at any moment."""
from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Sequence

#: Average time between light steps; the light starts fast and ends slow.
MEAN_STEP_S = 0.1


@lru_cache(maxsize=256)
def spin_schedule(seats: tuple[int, ...], selected: int, duration_s: float) -> tuple[tuple[float, int], ...]:
    """(offset_ms, seat) steps; the last is `selected` at `duration_s`.

    Step k of n happens at duration·(k/n)²: intervals grow linearly, so the light
    visibly slows down. The light makes at least one full round.

    A game has only a few different schedules (one per selected seat while the
    seats and the spin's length stay), and a unit starts a spin every turn:
    each is worked out once and kept (immutable, so shared safely).
    """
    if duration_s <= 0:
        return ((0.0, selected),)
    n = max(len(seats), round(duration_s / MEAN_STEP_S))
    start = (list(seats).index(selected) - n) % len(seats)
    duration_ms = duration_s * 1000.0
    return tuple(
        (round(duration_ms * (k / n) ** 2, 3), seats[(start + k) % len(seats)]) for k in range(n + 1)
    )


def lit_seat(schedule: Sequence[tuple[float, int]], elapsed_ms: float) -> int:
    """The seat lit `elapsed_ms` after the spin started."""
    offsets = [offset for offset, _ in schedule]
    return schedule[max(0, bisect_right(offsets, elapsed_ms) - 1)][1]
