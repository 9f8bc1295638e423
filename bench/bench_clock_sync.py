"""How well the host maps a phone's press onto its own clock (issue 17, point 4).

Run by hand: `python bench/bench_clock_sync.py [TRIALS] [SEED]`. Simulated Wi-Fi
(`phones/wifi_sim.py`): 20–120 ms one way, ±30 ms jitter per message,
clocks with arbitrary origins and up to 50 ppm drift, 20 s of pinging as
`PhoneClock.needs_ping` asks. Each trial syncs two phones, which then press
15 ms apart. Three estimators read the same round trips:

- latest ping (baseline): the offset of the newest round trip, ± half of it;
- fastest quarter: the median offset of the fastest quarter, ± half the fastest
  round trip (the issue's wording);
- ours (`PhoneClock.offset`): the middle of the range every round trip allows.

Printed per estimator: |estimated − true offset| in ms (median, p90, p99, max),
how often the true offset lies inside the ±, races ordered right, races marked
too close to call, and races wrong yet not marked (must be 0).
"""
from __future__ import annotations

import statistics
import sys

import numpy as np


from haudrauf.play.clock_sync import HostTime, PhoneClock, Press, order_presses  # noqa: E402
from haudrauf.phones.wifi_sim import SETTLE, SimPhone, synced  # noqa: E402

APART = 0.015


def latest_ping(sync: PhoneClock) -> HostTime:
    newest = sync.samples[-1]
    return HostTime(newest.offset, newest.delay / 2)


def fastest_quarter(sync: PhoneClock) -> HostTime:
    fastest = sorted(sync.samples, key=lambda s: s.delay)[:max(1, len(sync.samples) // 4)]
    return HostTime(statistics.median(s.offset for s in fastest), fastest[0].delay / 2)


ESTIMATORS = {"latest ping (baseline)": latest_ping, "fastest quarter": fastest_quarter,
              "ours": PhoneClock.offset}


def press(sync: PhoneClock, estimator, seat: int, stamp: float) -> Press:
    """A press mapped with `estimator`, widened for drift and stamp coarsening as ours is."""
    offset, uncertainty = estimator(sync)
    widening = sync.to_host_time(stamp).uncertainty - sync.offset().uncertainty
    return Press(seat, stamp - offset, uncertainty + widening)


def run(trials: int, seed: int, asymmetric: bool) -> dict[str, dict[str, list]]:
    rng = np.random.default_rng(seed)
    tally = {name: {"errors": [], "inside": [], "right": [], "close": [], "wrong_sure": []}
             for name in ESTIMATORS}
    for _ in range(trials):
        phones = [SimPhone.random(rng, asymmetric) for _ in range(2)]
        syncs = [synced(phone, rng) for phone in phones]
        first = int(rng.integers(2))
        stamps = [phone.clock(SETTLE + 0.5 + (0 if seat == first else APART))
                  for seat, phone in enumerate(phones)]
        for name, estimator in ESTIMATORS.items():
            t = tally[name]
            for phone, sync in zip(phones, syncs):
                offset, uncertainty = estimator(sync)
                error = abs(offset - phone.true_offset(sync.samples[-1].t3))
                t["errors"].append(error * 1000)
                t["inside"].append(error <= uncertainty)
            order = order_presses(press(sync, estimator, seat, stamp)
                                  for seat, (sync, stamp) in enumerate(zip(syncs, stamps)))
            right, close = order.seats()[0] == first, order.close_call(0, 1)
            t["right"].append(right)
            t["close"].append(close)
            t["wrong_sure"].append(not right and not close)
    return tally


def report(title: str, tally) -> None:
    print(f"\n{title}")
    print(f"{'estimator':24} {'|error| ms: median':>18} {'p90':>6} {'p99':>6} {'max':>6}"
          f" {'inside ±':>9} {'right':>7} {'too close':>9} {'wrong, sure':>11}")
    for name, t in tally.items():
        median, p90, p99, top = np.percentile(t["errors"], [50, 90, 99, 100])
        print(f"{name:24} {median:18.1f} {p90:6.1f} {p99:6.1f} {top:6.1f}"
              f" {np.mean(t['inside']):9.1%} {np.mean(t['right']):7.1%}"
              f" {np.mean(t['close']):9.1%} {sum(t['wrong_sure']):11d}")


def main() -> None:
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"{trials} races of two phones pressing {APART * 1000:g} ms apart, seed {seed}")
    report("same base latency both ways (jitter per message)", run(trials, seed, asymmetric=False))
    report("up and down latency drawn apart (20–120 ms each)", run(trials, seed, asymmetric=True))


if __name__ == "__main__":
    main()
