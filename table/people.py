"""A person's own reaction model, fitted from what the stats book kept of
their real play: how long they think over a turn and how fast they slap.

Only people's times count (never a bot's, even under the same name), and a
person's times are theirs by name, whatever seat they sat in. Their slap
times are their slap-race times plus their reaction-test presses.

Each part is fitted as a log-normal, the shape ReactionModel samples from:
the mean and spread of the *logs* of the times (mu, sigma), converted to the
mean and standard deviation ReactionModel takes. Fitting in logs, rather than
taking the plain mean and s.d., keeps one odd time (a 40 s turn while the
phone rang) from dragging the model: a log-normal's tail is long, and the
fit lets it be. The fitted model's median is exp(mu), the person's typical time.

What is not a time is left out, and said:
- a slap race the person did not press in (a miss) has no time — putting the
  window's length in its place would fit the setting, not the person;
- a turn they ran out of time on is not kept as a turn time by the book.
With too few times of a kind (MIN_SLAPS, MIN_TURNS), that part of the model
is the default's (DIFFICULTIES["normal"]) and a note says so."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine.bots.base import DIFFICULTIES, REACTION_LIMITS, ReactionModel
from table.stats import Player, StatsBook

#: Fewer times than these and the part's fit would mostly be noise.
MIN_SLAPS = 5  # a reaction test alone (five tries) is enough
MIN_TURNS = 10  # turn times vary more with the cards than slaps do
DEFAULT = DIFFICULTIES["normal"]


class UnknownPerson(ValueError):
    """A name with no time of a person's in the book."""


@dataclass(frozen=True)
class PersonModel:
    name: str
    model: ReactionModel
    slap_samples: int  # times the slap part was fitted from (0: the default is used)
    turn_samples: int
    notes: tuple[str, ...]  # in words: what was left out or defaulted

    @property
    def think_median_s(self) -> float:
        return median(self.model.think_mean_s, self.model.think_spread_s)

    @property
    def slap_median_ms(self) -> float:
        return median(self.model.slap_mean_ms, self.model.slap_spread_ms)

    def describe(self) -> str:
        """"Anna: thinks 3.1 s (median), slaps in 410 ms — from 24 turns and 12 slaps"."""
        think = f"thinks {self.think_median_s:.1f} s (median{'' if self.turn_samples else ', default'})"
        slap = f"slaps in {self.slap_median_ms:.0f} ms{'' if self.slap_samples else ' (default)'}"
        return f"{self.name}: {think}, {slap} — from {plural(self.turn_samples, 'turn')} and " \
               f"{plural(self.slap_samples, 'slap')}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def too_few(n: int, word: str) -> str:
    return f"only {plural(n, word)}" if n else f"no {word}s yet"


def median(mean: float, spread: float) -> float:
    """The median of the log-normal with this mean and standard deviation."""
    return mean / math.sqrt(1 + (spread / mean) ** 2)


def fit_lognormal(values: list[float]) -> tuple[float, float]:
    """(mean, standard deviation) of the log-normal fitted to the values' logs."""
    logs = np.log(values)
    mu, sigma = float(logs.mean()), float(logs.std(ddof=1)) if len(logs) > 1 else 0.0
    mean = math.exp(mu + sigma ** 2 / 2)
    return mean, mean * math.sqrt(math.expm1(sigma ** 2))


def clamped(field: str, value: float) -> float:
    _, _, low, high = REACTION_LIMITS[field]
    return min(max(value, low), high)


def slap_times(book: StatsBook, name: str) -> tuple[list[float], int]:
    """The person's slap times (ms), races then reaction-test presses, and how many races they missed."""
    in_races = [item["ms"] for race in book.races for item in race
                if item["name"] == name and not item["bot"]]
    pressed = [ms for ms in in_races if ms is not None]
    return pressed + [p["ms"] for p in book.presses if p["name"] == name], len(in_races) - len(pressed)


def turn_times(book: StatsBook, name: str) -> list[float]:
    """The person's turn times, in seconds."""
    return [ms / 1000 for ms in book.times("turns", Player(name))]


def known_people(book: StatsBook) -> list[str]:
    """Everyone with a time of a person's in the book, by name."""
    names = {item["name"] for item in [*book.turns, *(i for race in book.races for i in race)]
             if not item["bot"] and item["ms"] is not None}
    return sorted(names | {p["name"] for p in book.presses}, key=str.casefold)


def person_model(book: StatsBook, name: str) -> PersonModel:
    """The person's model from their history; raises UnknownPerson if the book has no time of theirs."""
    slaps, missed = slap_times(book, name)
    turns = turn_times(book, name)
    if not slaps and not turns:
        known = ", ".join(known_people(book)) or "nobody yet"
        raise UnknownPerson(f"No times are kept for '{name}' — play under that name or take the reaction test "
                            f"first (times are kept for: {known})")
    notes = []
    think, think_n = fitted_part(turns, MIN_TURNS, (DEFAULT.think_mean_s, DEFAULT.think_spread_s))
    if not think_n:
        notes.append(f"{name}: {too_few(len(turns), 'turn time')} — the default thinking time is used "
                     f"(it takes {MIN_TURNS})")
    slap, slap_n = fitted_part(slaps, MIN_SLAPS, (DEFAULT.slap_mean_ms, DEFAULT.slap_spread_ms))
    if not slap_n:
        notes.append(f"{name}: {too_few(len(slaps), 'slap time')} — the default slap model is used "
                     f"(it takes {MIN_SLAPS})")
    if missed:
        notes.append(f"{name} missed {plural(missed, 'slap race')} — a miss has no time, so it is left out")
    model = ReactionModel(think_mean_s=clamped("think_mean_s", think[0]),
                          think_spread_s=clamped("think_spread_s", think[1]),
                          slap_mean_ms=clamped("slap_mean_ms", slap[0]),
                          slap_spread_ms=clamped("slap_spread_ms", slap[1]))
    return PersonModel(name, model, slap_n, think_n, tuple(notes))


def fitted_part(values: list[float], minimum: int, default: tuple[float, float]) -> tuple[tuple[float, float], int]:
    """(mean, spread) fitted from the values and how many, or the default and 0 when there are too few.
    A time of 0 or less cannot be a person's (a log-normal has none) and is not counted."""
    values = [v for v in values if v > 0]
    return (fit_lognormal(values), len(values)) if len(values) >= minimum else (default, 0)
