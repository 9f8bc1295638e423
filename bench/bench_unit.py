"""Cost of the unit's hot calls: tick() and a button press, in µs per call.

Run by hand: `python bench/bench_unit.py`. The baseline printed beside the
figures is the cheapest possible call on this machine in the same run (a
Python method call that returns an empty list), so the numbers can be compared
between machines.
"""
from __future__ import annotations

import statistics
import time

import numpy as np

from device.settings import UnitSettings
from device.unit import Unit

REPEATS = 31
CALLS = 2_000


def median_us(make_call) -> float:
    """Median over REPEATS batches of CALLS calls, in µs per call."""
    samples = []
    for _ in range(REPEATS):
        call = make_call()
        t0 = time.perf_counter()
        for i in range(CALLS):
            call(i)
        samples.append((time.perf_counter() - t0) / CALLS * 1e6)
    return statistics.median(samples)


def running_unit(**settings) -> Unit:
    unit = Unit(np.random.default_rng(1), UnitSettings(sleep_after=0, **settings))
    unit.power_on(0)
    for seat in range(6):
        unit.press_seat(seat, 0)
    unit.press_play_pause(0)
    unit.tick(10)
    return unit


class Baseline:
    def tick(self, now):
        return []


def bench_baseline():
    b = Baseline()
    return lambda i: b.tick(i)


def bench_tick_idle():
    unit = running_unit(turn_time=None)
    return lambda i: unit.tick(10 + i * 0.016)


def bench_tick_timed():
    unit = running_unit(turn_time=60)
    return lambda i: unit.tick(10 + i * 0.001)


def bench_press_not_your_turn():
    unit = running_unit(turn_time=None)
    other = next(s for s in unit.seats if s != unit.current)
    return lambda i: unit.press_seat(other, 10 + i * 0.001)


def bench_press_end_turn():
    """A full cycle: the current seat ends its turn and a 0 s spin selects the next."""
    unit = running_unit(turn_time=None, spin_duration=0)
    return lambda i: unit.press_seat(unit.current, 10 + i * 0.001)


def main() -> None:
    base = median_us(bench_baseline)
    print(f"baseline (empty method call)        {base:8.2f} µs/call")
    for name, make in [("tick, untimed turn", bench_tick_idle),
                       ("tick, timed turn", bench_tick_timed),
                       ("press: not your turn", bench_press_not_your_turn),
                       ("press: end turn + spin + select", bench_press_end_turn)]:
        us = median_us(make)
        print(f"{name:35s} {us:8.2f} µs/call  ({us / base:6.1f}× baseline)")


if __name__ == "__main__":
    main()
