"""The tuner lands each person's limit near their own tail: synthetic people
whose whole turns take T ~ log-normal (known median and spread), recorded as
the stats book keeps them, get a turn time plus extra time between roughly
the 90th and the 95th percentile of T — the limit that ends 5–10 % of their
turns, the band asked for. Also when the turns were played under a 5 s limit,
so the slow ones were cut off and kept only as "ran out at 5 s" (censored).

"Roughly": the speed moves in half seconds and the extra time in whole ones,
so a limit can miss the band's quantiles by up to a step; 15 % either side."""
import math

import numpy as np
import pytest

from haudrauf.play.stats import StatsBook, entry
from haudrauf.tuner import tune
from haudrauf.tuner.tuning import Band, people

#: name → (median turn in s, spread of the log): a quick, two middling and a slow-but-steady player.
PEOPLE = {"Anna": (2.0, 0.45), "Bo": (3.0, 0.5), "Cleo": (4.5, 0.4), "Dan": (2.5, 0.6)}
Z90, Z95 = 1.2816, 1.6449  # the standard normal's 90th and 95th percentiles


def recorded(cut: float | None, turns: int = 300, seed: int = 3) -> StatsBook:
    """Each person's turns as the stats book keeps them; a turn longer than `cut` ran out of time."""
    rng = np.random.default_rng(seed)
    book, names = StatsBook(), list(PEOPLE)
    for seat, (median, sigma) in enumerate(PEOPLE.values()):
        for t in rng.lognormal(math.log(median), sigma, turns):
            if cut is not None and t > cut:
                book.turns.append(dict(entry(seat, names, None, None), limit_ms=cut * 1000))
            else:
                book.record_turn(seat, t * 1000, names)
    return book


@pytest.mark.soak
@pytest.mark.parametrize("cut", [None, 5.0], ids=["uncut", "cut-at-5s"])
def test_each_persons_limit_lands_between_the_90th_and_95th_percentile_of_their_turns(cut):
    group, _ = people(recorded(cut), list(PEOPLE))
    tuning = tune.Run(group, Band(0.05, 0.10), seed=1).wait()
    for seat, (name, (median, sigma)) in enumerate(PEOPLE.items()):
        limit = tuning.speed + tuning.extra[seat]
        q90, q95 = median * math.exp(Z90 * sigma), median * math.exp(Z95 * sigma)
        assert 0.85 * q90 <= limit <= 1.15 * q95, \
            f"{name}: limit {limit} s, their turns' q90 {q90:.2f} s, q95 {q95:.2f} s"
        low, high = tuning.interval(seat)
        assert low <= 0.10 and high >= 0.05, \
            f"{name}: {tuning.shares[seat]:.3f} ({low:.3f}–{high:.3f}) misses 5–10 %"
