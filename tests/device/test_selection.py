"""The next-player selector: uniform like the real unit, and the fairer policies."""
import copy

import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.device.selection import Draws, LimitRepeats, ShuffleBag, Uniform, make_policy
from tests.device.rig import Rig

SEATS = (0, 1, 2, 3, 4, 5)
# chi-square critical value, 5 degrees of freedom, p = 0.001
CHI2_CRIT_5DF = 20.515


def chi_square(counts):
    counts = np.asarray(counts, dtype=float)
    expected = counts.sum() / len(counts)
    return float(((counts - expected) ** 2 / expected).sum())


def test_uniform_passes_chi_square_over_60000_selections():
    draws = Draws(np.random.default_rng(2026))
    policy = Uniform()
    picks = [policy.choose(SEATS, draws) for _ in range(60_000)]
    counts = np.bincount(picks, minlength=6)
    assert chi_square(counts) < CHI2_CRIT_5DF
    # ... and like the physical unit it repeats: about 1 in 6 picks repeats the previous
    repeats = sum(a == b for a, b in zip(picks, picks[1:])) / (len(picks) - 1)
    assert repeats == pytest.approx(1 / 6, abs=0.01)


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox])
def test_the_unit_draws_the_numbers_rng_integers_would(bits):
    """Same seeds, same games: every draw equals numpy's, for the unit's small
    ranges and large ones (where the rejection step runs), with other draws of
    the same generator in between."""
    for seed in range(5):
        theirs, ours = np.random.Generator(bits(seed)), np.random.Generator(bits(seed))
        draws = Draws(ours)
        sizes = np.random.default_rng(seed)
        for i in range(4_000):
            n = int(sizes.integers(1, 7)) if i % 4 else int(sizes.integers(1, 2**32))
            assert draws.index(n) == int(theirs.integers(n))
            if i % 50 == 0:
                assert ours.random() == theirs.random()
                assert list(ours.permutation(6)) == list(theirs.permutation(6))


def test_a_skewed_selector_would_fail_the_same_chi_square():
    # The check has teeth: 5 % more picks for one seat is caught at this sample size.
    counts = [10_500, 9_900, 9_900, 9_900, 9_900, 9_900]
    assert chi_square(counts) > CHI2_CRIT_5DF


def test_the_unit_itself_selects_uniformly():
    rig = Rig(seed=3, spin_duration=0, turn_time=None, sleep_after=0)
    rig.start(seats=(0, 2, 5))
    for _ in range(6_000):
        rig.seat(rig.selected())
    picks = [e.seat for e in rig.log if isinstance(e, uev.PlayerSelected)]
    counts = [picks.count(s) for s in (0, 2, 5)]
    assert chi_square(counts) < 13.816  # 2 degrees of freedom, p = 0.001


def test_shuffle_bag_gives_each_seat_exactly_once_per_cycle():
    draws = Draws(np.random.default_rng(5))
    policy = ShuffleBag()
    seats = (1, 3, 4, 5)
    picks = [policy.choose(seats, draws) for _ in range(400)]
    for i in range(0, 400, 4):
        assert sorted(picks[i:i + 4]) == list(seats)
    assert len({tuple(picks[i:i + 4]) for i in range(0, 400, 4)}) > 1  # orders vary


def test_no_repeat_never_repeats_and_stays_uniform():
    draws = Draws(np.random.default_rng(9))
    policy = make_policy("no-repeat")
    picks = [policy.choose(SEATS, draws) for _ in range(30_000)]
    assert all(a != b for a, b in zip(picks, picks[1:]))
    assert chi_square(np.bincount(picks, minlength=6)) < CHI2_CRIT_5DF


@pytest.mark.parametrize("limit", [2, 3])
def test_limit_repeats_caps_runs(limit):
    draws = Draws(np.random.default_rng(11))
    policy = LimitRepeats(limit)
    picks = [policy.choose((0, 1), draws) for _ in range(5_000)]
    longest = run = 1
    for a, b in zip(picks, picks[1:]):
        run = run + 1 if a == b else 1
        longest = max(longest, run)
    assert longest == limit


def test_new_game_restarts_the_bag():
    rig = Rig(seed=4, spin_duration=0, turn_time=None, selection="shuffle-bag")
    rig.start(seats=(0, 1, 2))
    rig.seat(rig.selected())
    rig.unit.new_game(rig.now)
    for _ in range(2):
        rig.seat(rig.selected())
    after_restart = [e.seat for e in rig.log if isinstance(e, uev.PlayerSelected)][-3:]
    assert sorted(after_restart) == [0, 1, 2]


def test_changing_the_policy_mid_game_takes_effect():
    rig = Rig(seed=4, spin_duration=0, turn_time=None)
    rig.start(seats=(0, 1))
    rig.unit.configure(rig.unit.settings.with_changes(selection="no-repeat"), rig.now)
    for _ in range(200):
        rig.seat(rig.selected())
    picks = [e.seat for e in rig.log if isinstance(e, uev.PlayerSelected)][1:]
    assert all(a != b for a, b in zip(picks, picks[1:]))


def test_a_copy_draws_what_the_original_will_without_moving_it():
    """A copy (tests look ahead on one) draws from its own copy of the generator."""
    draws = Draws(np.random.default_rng(8))
    copied = copy.deepcopy(draws)
    ahead = [copied.index(6) for _ in range(20)]
    assert [draws.index(6) for _ in range(20)] == ahead
