"""What every bot shares: it sees only `view(seat)` and `legal_actions(seat)`,
draws its randomness from the Generator it is given, and takes human-like time
to think and to slap (`ReactionModel`)."""
from __future__ import annotations

import reprlib
from dataclasses import dataclass, fields
from functools import lru_cache

import numpy as np


class RandomBot:
    """Uniform over the legal actions: the baseline every game gets."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view, legal, rng):
        return legal[int(rng.integers(len(legal)))]


#: What each number of a ReactionModel may be: in words, its unit and its range.
#: Beyond these a bot would never act, or the log-normal would overflow.
REACTION_LIMITS = {
    "think_mean_s": ("thinking time", "seconds", 0.05, 60),
    "think_spread_s": ("thinking time spread", "seconds", 0, 60),
    "slap_mean_ms": ("slap reaction time", "ms", 10, 10_000),
    "slap_spread_ms": ("slap reaction time spread", "ms", 0, 10_000),
}


@dataclass(frozen=True)
class ReactionModel:
    """How long a bot takes: thinking over a turn (s) and reacting to a slap (ms).
    Log-normal around the mean with the given spread, as human reaction times are."""
    think_mean_s: float
    think_spread_s: float
    slap_mean_ms: float
    slap_spread_ms: float

    def __post_init__(self) -> None:
        for f in fields(self):
            words, unit, low, high = REACTION_LIMITS[f.name]
            value = getattr(self, f.name)
            # NaN fails the range test (it compares false), and so does an infinity
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise ValueError(f"{words} ({f.name}) must be between {low:g} and {high:g} {unit}, "
                                 f"got {reprlib.repr(value)}")

    def describe(self) -> str:
        return (f"think {self.think_mean_s:g} ± {self.think_spread_s:g} s, "
                f"slap {self.slap_mean_ms:g} ± {self.slap_spread_ms:g} ms")

    @staticmethod
    def _lognormal(rng: np.random.Generator, mean: float, spread: float) -> float:
        return float(rng.lognormal(*_lognormal_parameters(mean, spread)))

    def think_time(self, rng: np.random.Generator) -> float:
        return self._lognormal(rng, self.think_mean_s, self.think_spread_s)

    def slap_time(self, rng: np.random.Generator) -> float:
        return self._lognormal(rng, self.slap_mean_ms, self.slap_spread_ms)


@lru_cache(maxsize=64)
def _lognormal_parameters(mean: float, spread: float) -> tuple[float, float]:
    """The log-normal's (mu, sigma) for a mean and spread: a model draws with
    the same two every time, so they are worked out once (numpy's scalar
    functions cost about a µs a call)."""
    sigma2 = np.log1p((spread / mean) ** 2)
    return np.log(mean) - sigma2 / 2, np.sqrt(sigma2)


DIFFICULTIES = {
    "easy": ReactionModel(think_mean_s=3.2, think_spread_s=1.4, slap_mean_ms=650, slap_spread_ms=180),
    "normal": ReactionModel(think_mean_s=2.0, think_spread_s=0.9, slap_mean_ms=430, slap_spread_ms=110),
    "hard": ReactionModel(think_mean_s=1.1, think_spread_s=0.4, slap_mean_ms=290, slap_spread_ms=60),
}
