"""Cost of the unit's hot calls: tick(), a button press and view(), in µs of
CPU time per call, and the unit's whole cycle (end turn → spin → select) with
the simulator's settings (`tuner.simulate.SIM_UNIT`: 6 s turns, 1.5 s spin), the
figure `bench_engines.py --json` reports as `unit_cycle_us`.

Run by hand: `python bench/bench_unit.py`. The baseline printed beside the
figures is the cheapest possible call on this machine in the same run (a
Python method call that returns an empty list), so the numbers can be compared
between machines.
"""
from __future__ import annotations

import statistics
import time

import numpy as np


from haudrauf.device.settings import UnitSettings  # noqa: E402
from haudrauf.device.unit import Unit  # noqa: E402
from haudrauf.tuner.simulate import SIM_UNIT  # noqa: E402

REPEATS = 31
CALLS = 2_000


def median_us(make_call) -> float:
    """Median over REPEATS batches of CALLS calls, in µs per call."""
    samples = []
    for _ in range(REPEATS):
        call = make_call()
        t0 = time.process_time()
        for i in range(CALLS):
            call(i)
        samples.append((time.process_time() - t0) / CALLS * 1e6)
    return statistics.median(samples)


def running_unit(settings: UnitSettings | None = None, **changes) -> Unit:
    unit = Unit(np.random.default_rng(1), (settings or UnitSettings(sleep_after=0)).with_changes(**changes))
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


def bench_view():
    """What a game's driver asks before it passes a button press on: the view during a turn."""
    unit = running_unit(SIM_UNIT)
    unit.press_seat(unit.current, 10)  # its turn timed out at 7.5 s: the press takes the penalty, a spin starts
    unit.tick(10 + SIM_UNIT.spin_duration)  # the next turn begins
    return lambda i: unit.view(10 + SIM_UNIT.spin_duration + i * 1e-6)


def bench_cycle():
    """End turn → spin → select with the simulator's unit: a tick at the spin's
    end selects the next seat, whose press half a second later ends its turn
    and starts the next spin."""
    unit = running_unit(SIM_UNIT)
    unit.press_seat(unit.current, 10)  # its turn timed out at 7.5 s: the press takes the penalty, a spin starts
    spin = SIM_UNIT.spin_duration

    def cycle(i: int) -> None:
        spin_end = 10 + spin + i * (spin + 0.5)
        unit.tick(spin_end)
        unit.press_seat(unit.current, spin_end + 0.5)
    return cycle


def cycle_us() -> float:
    return median_us(bench_cycle)


def main() -> None:
    base = median_us(bench_baseline)
    print(f"baseline (empty method call)        {base:8.2f} µs/call")
    for name, make in [("tick, untimed turn", bench_tick_idle),
                       ("tick, timed turn", bench_tick_timed),
                       ("press: not your turn", bench_press_not_your_turn),
                       ("press: end turn + 0 s spin + select", bench_press_end_turn),
                       ("view, timed turn", bench_view),
                       ("cycle, simulator's unit", bench_cycle)]:
        us = median_us(make)
        print(f"{name:35s} {us:8.2f} µs/call  ({us / base:6.1f}× baseline)")


if __name__ == "__main__":
    main()
