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

A turn the person ran out of time on is no time either, but it says
something: they would have taken longer than the limit. Leaving it out
would fit only their quick turns — a slow person would look quick, the
more so the tighter the timer. Such a turn is a *censored* time, and the
turn fit is the log-normal most likely to give both the times seen and
that many turns longer than their limits (`fit_censored`).

A slap race the person did not press in (a miss) has no time and is left
out, and said — putting the window's length in its place would fit the
setting, not the person. With too few times of a kind (MIN_SLAPS,
MIN_TURNS), that part of the model is the default's (DIFFICULTIES["normal"])
and a note says so.

The model is of whole turns; what a simulated player of a game needs to
take such turns is `playing`'s (at the end of this module)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from haudrauf.device.settings import UnitSettings
from haudrauf.engine import registry
from haudrauf.engine.bots.base import DIFFICULTIES, REACTION_LIMITS, ReactionModel
from haudrauf.tuner.simulate import simulate
from haudrauf.play.stats import Player, StatsBook
from haudrauf.words import Message, Number, msg, nmsg

#: Fewer times than these and the part's fit would mostly be noise.
MIN_SLAPS = 5  # a reaction test alone (five tries) is enough
MIN_TURNS = 10  # turn times vary more with the cards than slaps do
MIN_SEEN = 3  # of those, turns ended in time: with fewer, nothing says how much longer the others took
DEFAULT = DIFFICULTIES["normal"]


class UnknownPerson(ValueError):
    """A name with no time of a person's in the book."""


@dataclass(frozen=True)
class PersonModel:
    name: str
    model: ReactionModel
    slap_samples: int  # times the slap part was fitted from (0: the default is used)
    turn_samples: int
    notes: tuple[Message, ...]  # in words: what was left out or defaulted
    timed_out: int = 0  # of the turn_samples, the turns that ran out of time (censored)

    @property
    def think_median_s(self) -> float:
        return median(self.model.think_mean_s, self.model.think_spread_s)

    @property
    def slap_median_ms(self) -> float:
        return median(self.model.slap_mean_ms, self.model.slap_spread_ms)

    def describe(self) -> Message:
        """"Anna: thinks 3.1 s (median), slaps in 410 ms — from 24 turns and 12 slaps". Only the
        times a part was fitted from are counted: a part with too few says "default" (the notes
        say how many there were), never "from 0 turns"."""
        think = Number(self.think_median_s)
        slap = Number(self.slap_median_ms, 0)
        if self.turn_samples:
            said = msg("{name}: thinks {think} s (median), ", name=self.name, think=think)
        else:
            said = msg("{name}: thinks {think} s (median, default), ", name=self.name, think=think)
        said = msg("{said}slaps in {slap} ms", said=said, slap=slap) if self.slap_samples else \
            msg("{said}slaps in {slap} ms (default)", said=said, slap=slap)
        turns = slaps = None
        if self.turn_samples:
            turns = nmsg("{n} turn", "{n} turns", self.turn_samples)
            if self.timed_out:
                turns = msg("{turns} ({ran_out} of them ran out of time)", turns=turns, ran_out=self.timed_out)
        if self.slap_samples:
            slaps = nmsg("{n} slap", "{n} slaps", self.slap_samples)
        if turns and slaps:
            return msg("{said} — from {turns} and {slaps}", said=said, turns=turns, slaps=slaps)
        if turns or slaps:
            return msg("{said} — from {source}", said=said, source=turns or slaps)
        return said


def median(mean: float, spread: float) -> float:
    """The median of the log-normal with this mean and standard deviation."""
    return mean / math.sqrt(1 + (spread / mean) ** 2)


def from_logs(mu: float, sigma: float) -> tuple[float, float]:
    """(mean, standard deviation) of the log-normal whose logs have this mean and spread."""
    mean = math.exp(mu + sigma ** 2 / 2)
    return mean, mean * math.sqrt(math.expm1(sigma ** 2))


def to_logs(mean: float, spread: float) -> tuple[float, float]:
    """(mu, sigma) of the log-normal with this mean and standard deviation."""
    sigma2 = math.log1p((spread / mean) ** 2)
    return math.log(mean) - sigma2 / 2, math.sqrt(sigma2)


def fit_lognormal(values: list[float]) -> tuple[float, float]:
    """(mean, standard deviation) of the log-normal fitted to the values' logs."""
    logs = np.log(values)
    return from_logs(float(logs.mean()), float(logs.std(ddof=1)) if len(logs) > 1 else 0.0)


def fit_censored(values: list[float], limits: list[float], rounds: int = 1000) -> tuple[float, float]:
    """(mean, standard deviation) of the log-normal most likely to give these
    times and, besides, times longer than each of `limits` (turns that ran out
    of time: how long they would have taken is unknown, only that it was more).
    Expectation-maximisation in logs: each censored log is replaced by its
    expected value (and square) beyond its limit under the current fit, and
    the fit taken again, until it stops moving."""
    seen, beyond = np.log(values), np.log(limits)
    both = np.concatenate([seen, beyond])
    mu, sigma = float(both.mean()), max(float(both.std()), 1e-3)  # as if every limit were a time: too quick
    for _ in range(rounds):
        z = np.minimum((beyond - mu) / sigma, 30.0)
        tail = np.array([math.erfc(v / math.sqrt(2)) / 2 for v in z])
        hazard = np.exp(-z ** 2 / 2) / math.sqrt(2 * math.pi) / tail  # E[Z | Z > z] of a standard normal
        expected = mu + sigma * hazard
        expected_sq = mu ** 2 + 2 * mu * sigma * hazard + sigma ** 2 * (1 + z * hazard)
        new_mu = float((seen.sum() + expected.sum()) / len(both))
        new_sigma = math.sqrt(max(float((np.square(seen).sum() + expected_sq.sum()) / len(both)) - new_mu ** 2,
                                  1e-6))
        done = abs(new_mu - mu) < 1e-9 and abs(new_sigma - sigma) < 1e-9
        mu, sigma = new_mu, new_sigma
        if done:
            break
    return from_logs(mu, sigma)


def clamped(field: str, value: float) -> float:
    _, _, low, high = REACTION_LIMITS[field]
    return min(max(value, low), high)


def slap_times(book: StatsBook, name: str) -> tuple[list[float], int]:
    """The person's slap times (ms), races then reaction-test presses, and how many races they missed."""
    in_races = [item["ms"] for race in book.races for item in race
                if item["name"] == name and not item["bot"]]
    pressed = [ms for ms in in_races if ms is not None]
    return pressed + [p["ms"] for p in book.presses if p["name"] == name], len(in_races) - len(pressed)


def turn_times(book: StatsBook, name: str) -> tuple[list[float], list[float]]:
    """The person's turn times, and the limits of the turns they ran out of time on, in seconds."""
    return [ms / 1000 for ms in book.times("turns", Player(name))], \
        [ms / 1000 for ms in book.timed_out(Player(name))]


def known_people(book: StatsBook) -> list[str]:
    """Everyone with a time of a person's in the book, by name."""
    names = {item["name"] for item in [*book.turns, *(i for race in book.races for i in race)]
             if not item["bot"] and (item["ms"] is not None or "limit_ms" in item)}
    return sorted(names | {p["name"] for p in book.presses}, key=str.casefold)


def person_model(book: StatsBook, name: str) -> PersonModel:
    """The person's model from their history; raises UnknownPerson if the book has no time of theirs."""
    slaps, missed = slap_times(book, name)
    turns, limits = turn_times(book, name)
    if not slaps and not turns and not limits:
        known = tuple(known_people(book)) or msg("nobody yet")
        raise UnknownPerson(msg("No times are kept for '{name}' — play under that name or take the reaction test "
                                "first (times are kept for: {known})", name=name, known=known))
    notes = []
    think, think_n = fitted_part(turns, MIN_TURNS, (DEFAULT.think_mean_s, DEFAULT.think_spread_s), limits)
    seen = len(turns) + len(limits)
    if not think_n and seen < MIN_TURNS:
        few = nmsg("only {n} turn time", "only {n} turn times", seen) if seen else msg("no turn times yet")
        notes.append(msg("{name}: {few} — a typical player's thinking time is used (it takes {needed})",
                         name=name, few=few, needed=MIN_TURNS))
    elif not think_n:
        notes.append(msg("{name}: {ran_out} of {turns} ran out of time — too few ended in time to tell how long "
                         "they take (it takes {needed}), so a typical player's thinking time is used", name=name,
                         ran_out=len(limits), turns=nmsg("{n} turn", "{n} turns", seen), needed=MIN_SEEN))
    slap, slap_n = fitted_part(slaps, MIN_SLAPS, (DEFAULT.slap_mean_ms, DEFAULT.slap_spread_ms))
    if not slap_n:
        few = nmsg("only {n} slap time", "only {n} slap times", len(slaps)) if slaps else msg("no slap times yet")
        notes.append(msg("{name}: {few} — a typical player's slap times are used (it takes {needed})",
                         name=name, few=few, needed=MIN_SLAPS))
    if missed:
        notes.append(msg("{name} missed {races} — a miss has no time, so it is left out",
                         name=name, races=nmsg("{n} slap race", "{n} slap races", missed)))
    model = ReactionModel(think_mean_s=clamped("think_mean_s", think[0]),
                          think_spread_s=clamped("think_spread_s", think[1]),
                          slap_mean_ms=clamped("slap_mean_ms", slap[0]),
                          slap_spread_ms=clamped("slap_spread_ms", slap[1]))
    return PersonModel(name, model, slap_n, think_n, tuple(notes), len(limits) if think_n else 0)


def fitted_part(values: list[float], minimum: int, default: tuple[float, float],
                limits: list[float] = ()) -> tuple[tuple[float, float], int]:
    """(mean, spread) fitted from the values (and the limits of censored ones)
    and how many, or the default and 0 when there are too few. A time of 0 or
    less cannot be a person's (a log-normal has none) and is not counted."""
    values, limits = [v for v in values if v > 0], [v for v in limits if v > 0]
    if len(values) + len(limits) < minimum or len(values) < MIN_SEEN:
        return default, 0
    return (fit_censored(values, limits) if limits else fit_lognormal(values)), len(values) + len(limits)


# --- from a person's turn times to a simulated player's thinking time ---------------------------------------------
#
# A person's model is fitted from their whole turns, but the simulator's bots think once per move of a turn (and
# 0.3 of that for a button press: play/bot_runner.py), so a simulated player given the turn model as thinking
# time takes longer turns than the person — about 1.3 times in UNO Hau drauf, 1.7 in Go Fish, 3 in Skip-Bo. How a
# thinking time shows in turns depends on the game, not on the person: every delay of a turn scales with the
# thinking time, so the turns' median is a fixed multiple of the thinking median, and their spread depends only
# on the thinking time's spread (in logs). That is measured once per game (`turn_shape`), kept in TURN_SHAPES,
# and checked by tests/table/test_people.py — measuring it each time would cost seconds for every tuning (and in
# every worker process) for figures that only change when a game's rules or bots do.

#: The spreads (sigma of the logs) of the thinking times the turns were measured at.
SHAPE_SIGMAS = (0.2, 0.4, 0.6, 0.8, 1.0)  # below 0.2 the turns spread no less: the cards vary them
#: How the turns were measured: heuristic bots (as `haudrauf tune` plays), four seats, no time limit.
SHAPE_PLAYERS, SHAPE_GAMES, SHAPE_SEED, SHAPE_BOT = 4, 10, 1, "heuristic"
#: Per game and per SHAPE_SIGMAS: (simulated turns' median / thinking median, simulated turns' spread in logs).
#: Turns spread at least as much as the game's first figure: a person spreading less is given the least.
TURN_SHAPES: dict[str, tuple[tuple[float, float], ...]] = {
    "uno-hau-drauf": ((1.293, 0.246), (1.294, 0.409), (1.328, 0.553), (1.352, 0.703), (1.395, 0.867)),
    "go-fish": ((1.651, 0.485), (1.674, 0.565), (1.758, 0.680), (1.881, 0.782), (2.043, 0.924)),
    "skip-bo": ((2.885, 0.844), (3.014, 0.851), (3.187, 0.887), (3.513, 0.959), (3.977, 1.015)),
    "sea-salt-paper": ((3.041, 0.378), (3.180, 0.413), (3.420, 0.493), (3.686, 0.599), (4.128, 0.696)),
    "crazy-old-fish-war": ((1.058, 0.504), (1.115, 0.553), (1.165, 0.664), (1.191, 0.825), (1.216, 0.977)),
}


def spread_of(times) -> float:
    """A spread (sigma of the logs) from the median and the 90th percentile, as a log-normal's would be:
    what a tuning needs right is how often long turns come, not the shape of the quick ones."""
    p50, p90 = np.percentile(times, [50, 90])
    return math.log(p90 / p50) / 1.2816  # the 90th percentile of a standard normal


def turn_shape(game: str, sigma: float, games: int = SHAPE_GAMES) -> tuple[float, float]:
    """(median of the simulated turns / median thinking time, spread of the turns) in this game for
    thinking times of this spread."""
    think_median = 2.0
    mean, spread = from_logs(math.log(think_median), sigma)
    model = ReactionModel(mean, spread, DEFAULT.slap_mean_ms, DEFAULT.slap_spread_ms)
    stats = simulate(game, SHAPE_PLAYERS, games, SHAPE_SEED, bot_names=[SHAPE_BOT], reaction=model,
                     settings=UnitSettings(turn_time=None), timer=not registry.game_class(game).info.uses_unit)
    seconds = [ms / 1000 for seat in stats.seats for ms in seat.turn_ms]
    return float(np.median(seconds)) / think_median, spread_of(seconds)


def playing(turns: ReactionModel, game: str) -> ReactionModel:
    """The model a simulated player of this game needs to take turns as long as
    `turns` says (a person's model: their turn times): the thinking spread whose
    turns spread as theirs do (the nearest the game allows), and the thinking
    median that then gives their turns' median. The slap part stays."""
    ratios, spreads = zip(*TURN_SHAPES[game])
    mu, sigma = to_logs(turns.think_mean_s, turns.think_spread_s)
    think_sigma = float(np.interp(sigma, spreads, SHAPE_SIGMAS))
    ratio = float(np.interp(think_sigma, SHAPE_SIGMAS, ratios))
    mean, spread = from_logs(mu - math.log(ratio), think_sigma)
    return replace(turns, think_mean_s=clamped("think_mean_s", mean),
                   think_spread_s=clamped("think_spread_s", spread))
