"""How the unit picks the next player.

The physical unit picks uniformly among all registered seats, repeats
included — the same player can be picked several times in a row. The fairer
policies are settings, off by default.
"""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np


class SelectionPolicy(Protocol):
    def choose(self, seats: Sequence[int], draws: Draws) -> int: ...

    def restart(self) -> None:
        """Forget history (a new game)."""


class Draws:
    """Whole numbers from the unit's generator: `index(n)` is `int(rng.integers(n))`
    — the same number from the same generator state — at about a third of the
    cost: the unit draws every turn, and the call's argument handling cost more
    than the draw. It is numpy's own method for a range within 32 bits (Lemire's,
    in numpy/random/src/distributions: `buffered_bounded_lemire_uint32`) on the
    bit generator's own 32-bit output, reached through its C interface (fetched
    once here, not every draw). tests/device/test_selection.py checks it against
    `rng.integers` draw for draw."""
    __slots__ = ("rng", "_next_uint32", "_state")

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        bits = rng.bit_generator.ctypes
        self._next_uint32, self._state = bits.next_uint32, bits.state

    def __reduce__(self) -> tuple:
        """A copy (or a pickle) draws from a copy of the generator: C pointers do not copy."""
        return Draws, (self.rng,)

    def index(self, n: int) -> int:
        if n == 1:  # numpy draws nothing for a range of one
            return 0
        scaled = self._next_uint32(self._state) * n
        if (scaled & 0xFFFFFFFF) < n:  # rarely: reject the draws that would favour low numbers
            threshold = (2**32 - n) % n
            while (scaled & 0xFFFFFFFF) < threshold:
                scaled = self._next_uint32(self._state) * n
        return scaled >> 32


class Uniform:
    """The physical unit: every registered seat equally likely, every time."""

    def choose(self, seats: Sequence[int], draws: Draws) -> int:
        return seats[draws.index(len(seats))]

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

    def choose(self, seats: Sequence[int], draws: Draws) -> int:
        allowed = list(seats)
        if self._run >= self.max_in_a_row and len(allowed) > 1:
            allowed.remove(self._last)
        seat = allowed[draws.index(len(allowed))]
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

    def choose(self, seats: Sequence[int], draws: Draws) -> int:
        self._bag = [s for s in self._bag if s in seats]
        if not self._bag:
            self._bag = [int(s) for s in draws.rng.permutation(list(seats))]
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
