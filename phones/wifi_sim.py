"""Simulated Wi-Fi and phone clocks for the clock-sync tests and the benches
(`bench/bench_clock_sync.py`, `bench/bench_forged_presses.py`); the table
never uses it.

A phone's clock runs at its own rate from its own origin; every message takes
its phone's base one-way latency (up and down may differ) plus uniform jitter.
Randomness comes only from the seeded Generator passed in.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from haudrauf.play.clock_sync import PhoneClock
from haudrauf.phones.forgery import Forger

LATENCY = (0.020, 0.120)  # one-way base latency of a phone, seconds
JITTER = 0.030  # ± per message
DRIFT = 50e-6  # a phone's clock runs up to this much fast or slow
SETTLE = 20.0  # seconds of pinging before the presses


@dataclass(frozen=True)
class SimPhone:
    origin: float  # the phone's clock when the host's reads 0
    rate: float  # phone seconds per host second (1 ± drift)
    up: float  # base latency host → phone
    down: float  # base latency phone → host

    @classmethod
    def random(cls, rng: np.random.Generator, asymmetric: bool = False) -> "SimPhone":
        up = rng.uniform(*LATENCY)
        down = rng.uniform(*LATENCY) if asymmetric else up
        return cls(rng.uniform(-1e4, 1e4), 1 + rng.uniform(-DRIFT, DRIFT), up, down)

    def clock(self, host_time: float) -> float:
        return self.origin + self.rate * host_time

    def true_offset(self, host_time: float) -> float:
        return self.clock(host_time) - host_time


def leg(rng: np.random.Generator, base: float) -> float:
    """One message's time on the wire (never below a millisecond)."""
    return max(0.001, base + rng.uniform(-JITTER, JITTER))


def round_trip(sync: PhoneClock, phone: SimPhone, rng: np.random.Generator, now: float,
               forger: Forger | None = None) -> float:
    """One ping and its answer — at once, or as `forger` answers (forgery.py);
    returns the arrival time."""
    ping_id = sync.ping(now)
    reached = now + leg(rng, phone.up)
    sent = reached + (forger.hold if forger else 0.0)
    back = sent + leg(rng, phone.down)
    t1, t2 = forger.answer(phone.clock(reached), phone.clock(sent)) if forger else (phone.clock(reached), None)
    sync.reply(ping_id, t1, t2, back)
    return back


def synced(phone: SimPhone, rng: np.random.Generator, until: float = SETTLE,
           step: float = 0.05, forger: Forger | None = None) -> PhoneClock:
    """A PhoneClock after pinging `phone` whenever it asked to, up to `until`."""
    sync, now = PhoneClock(), 0.0
    while now < until:
        now = round_trip(sync, phone, rng, now, forger) if sync.needs_ping(now) else now + step
    return sync
