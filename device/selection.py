"""How the unit picks the next player.

The physical unit picks uniformly among all registered seats, repeats
included — the same player can be picked several times in a row. The fairer
policies are settings, off by default.
"""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np


class SelectionPolicy(Protocol):
    def choose(self, seats: Sequence[int], rng: np.random.Generator) -> int: ...

    def restart(self) -> None:
        """Forget history (a new game)."""


class Uniform:
    """The physical unit: every registered seat equally likely, every time."""

    def choose(self, seats: Sequence[int], rng: np.random.Generator) -> int:
        return seats[int(rng.integers(len(seats)))]

    def restart(self) -> None:
        pass


class LimitRepeats:
    """Uniform, except that no seat is chosen more than `max_in_a_row` times in a
    row (1 = never the same seat twice running)."""

    def __init__(self, max_in_a_row: int) -> None:
        self.max_in_a_row = max_in_a_row
        self.restart()

    def restart(self) -> None:
        self._last: int | None = None
        self._run = 0

    def choose(self, seats: Sequence[int], rng: np.random.Generator) -> int:
        allowed = list(seats)
        if self._run >= self.max_in_a_row and len(allowed) > 1:
            allowed.remove(self._last)
        seat = allowed[int(rng.integers(len(allowed)))]
        self._run = self._run + 1 if seat == self._last else 1
        self._last = seat
        return seat


class ShuffleBag:
    """Every seat exactly once per cycle, in a fresh random order each cycle
    (the last seat of one cycle may open the next)."""

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self._bag: list[int] = []

    def choose(self, seats: Sequence[int], rng: np.random.Generator) -> int:
        self._bag = [s for s in self._bag if s in seats]
        if not self._bag:
            self._bag = [int(s) for s in rng.permutation(list(seats))]
        return self._bag.pop()


def make_policy(name: str, max_in_a_row: int = 2) -> SelectionPolicy:
    if name == "uniform":
        return Uniform()
    if name == "no-repeat":
        return LimitRepeats(1)
    if name == "limit-repeats":
        return LimitRepeats(max_in_a_row)
    if name == "shuffle-bag":
        return ShuffleBag()
    raise ValueError(f"unknown selection policy {name!r}")
