"""Fair races over Wi-Fi: a phone's press stamp mapped to the host's clock.

A phone stamps a press with its own clock (`performance.now()`), whose origin
is its own and which reaches the host 20–120 ms later, late by a different
amount every time. Deciding a race by arrival order would hand it to the phone
with the best Wi-Fi, so the host estimates each phone's clock offset NTP-style
and decides on the press's own stamp, corrected.

All times are seconds (the server divides `performance.now()` by 1000). The
host's times are the table's injected clock; nothing here reads a clock, sleeps
or starts a thread.

What the bound covers: any one-way delays (asymmetric too: they move the
estimate, the bound still holds), jitter, stamps coarsened by the browser (up to
`resolution`) and drift up to `max_drift`. What it does not: a phone clock
drifting faster than `max_drift`, or one that jumps (a tab put to sleep) — such
a sample contradicts the others and the estimator starts over from it, so a
press stamped across the jump is mapped wrongly.

A phone may lie: its stamps, and its answers to pings, are its own word.
`place_press` holds a press to what the host saw itself (when it arrived, how
fast this phone's round trips were), so a forger gains at most its fastest
round trip, and never more than the ± its press is shown with.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple


class BadSample(ValueError):
    """A ping reply that cannot be a real round trip; nothing was changed.

    `reason` says why, for the log and the phone's debug line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Sample:
    """One round trip: host sent at t0, phone got it at t1, answered at t2, the
    host got the answer at t3 (t0, t3 host clock; t1, t2 phone clock)."""

    t0: float
    t1: float
    t2: float
    t3: float

    @property
    def offset(self) -> float:
        """Phone clock minus host clock, if both legs took equally long."""
        return ((self.t1 - self.t0) + (self.t2 - self.t3)) / 2

    @property
    def delay(self) -> float:
        """Time on the wire, both ways (the phone's own answering time left out)."""
        return (self.t3 - self.t0) - (self.t2 - self.t1)

    def bounds(self, slack: float) -> tuple[float, float]:
        """Where the true offset must lie: no leg takes negative time, so the
        phone got the ping after t0 and answered before t3."""
        return self.t2 - self.t3 - slack, self.t1 - self.t0 + slack


class HostTime(NamedTuple):
    """A moment on the host's clock and how far off it may be (seconds, ±)."""

    time: float
    uncertainty: float


@dataclass
class PhoneClock:
    """The offset of one phone's clock, kept fresh while it is connected.

    Every round trip bounds the offset (no leg takes negative time); the kept
    samples together bound it to the intersection of their ranges, whose ends
    are set by the fastest leg each way. The estimate is its middle and the
    uncertainty its half-width: at most half the fastest round trip, and honest
    (the true offset is inside unless the clock drifts past `max_drift`).

    Why not the issue's median offset of the fastest quarter of round trips: on
    the same simulated Wi-Fi it orders presses 15 ms apart right in 97 % of
    races against 100 % for the middle (`bench/bench_clock_sync.py` prints both);
    the middle uses the fastest leg up and the fastest leg down even when they
    come from different round trips.
    """

    keep: int = 16
    window: float = 30.0  # seconds: older samples are dropped (drift moves the offset)
    enough: int = 8  # samples before the estimate is trusted; ping fast until then
    fast_every: float = 0.25
    slow_every: float = 2.0
    reply_timeout: float = 2.0
    max_drift: float = 100e-6  # two quartz clocks: 50 ppm each, at worst opposite
    resolution: float = 0.001  # browsers coarsen performance.now() (to 0.1 ms or 1 ms)
    samples: list[Sample] = field(default_factory=list)
    _pending: dict[int, float] = field(default_factory=dict, init=False, repr=False)
    _next_id: int = field(default=1, init=False, repr=False)
    _last_ping: float = field(default=-math.inf, init=False, repr=False)

    # -- pinging -----------------------------------------------------------
    def needs_ping(self, now: float) -> bool:
        """Whether to send a ping now: often until there are enough samples,
        then now and then; never while a ping is still on its way."""
        self._forget(now)
        if self._pending:
            return False
        every = self.fast_every if len(self.samples) < self.enough else self.slow_every
        return now - self._last_ping >= every

    def ping(self, now: float) -> int:
        """Note a ping sent at `now`; its id goes to the phone and comes back."""
        self._forget(now)
        ping_id = self._next_id
        self._next_id += 1
        self._pending[ping_id] = now
        self._last_ping = now
        return ping_id

    def reply(self, ping_id: int, t1: float, t2: float | None, now: float) -> Sample:
        """Take the phone's answer to ping `ping_id`, arrived at `now`. `t2` is
        None when the phone answered at once (t2 = t1). Refuses nonsense with
        `BadSample`, changing nothing."""
        t2 = t1 if t2 is None else t2
        sample = Sample(self._sent_at(ping_id), t1, t2, now)
        self._check(sample)
        del self._pending[ping_id]
        self.samples = [*self.samples, sample][-self.keep:]
        if self._contradicted():
            self.samples = [sample]  # the phone's clock jumped: start over from now
        self._forget(now)
        return sample

    def _sent_at(self, ping_id: object) -> float:
        if not isinstance(ping_id, int) or ping_id not in self._pending:
            raise BadSample("that answers no ping we sent, or one already answered")
        return self._pending[ping_id]

    def _check(self, s: Sample) -> None:
        if not all(isinstance(t, (int, float)) and math.isfinite(t) for t in (s.t1, s.t2, s.t3)):
            raise BadSample("a clock stamp is not a number")
        if s.t3 < s.t0:
            raise BadSample("the answer arrived before the ping was sent")
        if s.t3 - s.t0 > self.reply_timeout:
            raise BadSample(f"the answer took over {self.reply_timeout:g} s: too late to time anything")
        if s.t2 < s.t1:
            raise BadSample("the phone says it answered before it got the ping")
        if s.delay < 0:
            raise BadSample("the phone took longer to answer than the whole round trip")

    def _forget(self, now: float) -> None:
        """Drop samples older than the window and pings that will not be answered."""
        self.samples = [s for s in self.samples if now - s.t3 <= self.window]
        self._pending = {i: t for i, t in self._pending.items() if now - t <= self.reply_timeout}

    # -- the estimate --------------------------------------------------------
    @property
    def ready(self) -> bool:
        return len(self.samples) >= self.enough

    def offset(self) -> HostTime:
        """The phone's offset (phone clock minus host clock) and its ± bound."""
        if not self.samples:
            raise BadSample("no clock sample from this phone yet")
        low, high = self._bounds()
        return HostTime((low + high) / 2, (high - low) / 2)

    def to_host_time(self, phone_stamp: float) -> HostTime:
        """When a press stamped `phone_stamp` on the phone happened on the host's clock."""
        offset, uncertainty = self.offset()
        since = abs(phone_stamp - self.samples[-1].t2)
        return HostTime(phone_stamp - offset, uncertainty + self.max_drift * since + self.resolution)

    def fastest_trip(self) -> float:
        """The fastest round trip kept (seconds): the longest the host believes
        a press of this phone took to arrive. A phone can say anything about
        its own clock, but it cannot make the network faster than it was."""
        if not self.samples:
            raise BadSample("no clock sample from this phone yet")
        return min(s.delay for s in self.samples)

    def race_bound(self) -> float:
        """How sure this phone's presses can be (seconds, ±): the clock's ±,
        and no less than half its fastest round trip, which is how far back a
        press may be placed from where it arrived (`place_press`)."""
        return max(self.offset().uncertainty + self.resolution, self.fastest_trip() / 2)

    def place_press(self, phone_stamp: float, received: float) -> HostTime:
        """When a press stamped `phone_stamp`, which reached the host at
        `received`, counts as having happened — the stamp is the phone's word,
        so it is held to what the host saw itself:

        - never after it arrived (a stamp "later" is the estimate's error);
        - never earlier than `received` minus the fastest round trip: a forged
          or replayed stamp gains at most that;
        - its ± at least how long before its arrival it is placed: a stamp
          cannot be told from a forged one by that much, so a race decided by
          less says "too close to call";
        - moved later than its stamp says, its ± still reaches back to what
          the stamp says (an honest press can be slow to arrive).
        """
        mapped, uncertainty = self.to_host_time(phone_stamp)
        placed = min(max(mapped, received - self.fastest_trip()), received)
        return HostTime(placed, max(received - placed, uncertainty + max(0.0, placed - mapped)))

    def _bounds(self) -> tuple[float, float]:
        """The offset range every kept sample allows, each widened by the drift
        since it was taken (the offset then may differ from the offset now)."""
        latest = self.samples[-1].t3
        ranges = [s.bounds(self.resolution + self.max_drift * (latest - s.t3)) for s in self.samples]
        return max(low for low, _ in ranges), min(high for _, high in ranges)

    def _contradicted(self) -> bool:
        low, high = self._bounds()
        return low > high


# -- races --------------------------------------------------------------------
@dataclass(frozen=True)
class Press:
    """A seat's press on the host's clock, ± its phone's uncertainty (a key on the
    host itself has the frame's own small uncertainty)."""

    seat: int
    time: float
    uncertainty: float


@dataclass(frozen=True)
class RaceOrder:
    """Presses earliest first, and the pairs of seats too close to call: their
    times differ by no more than their uncertainties together, so either may
    have been first."""

    presses: tuple[Press, ...]
    too_close: frozenset[frozenset[int]]

    def seats(self) -> list[int]:
        return [press.seat for press in self.presses]

    def close_call(self, seat: int, other: int) -> bool:
        return frozenset((seat, other)) in self.too_close

    def in_doubt(self, losers: Iterable[int]) -> bool:
        """Whether the losers may not have been the slowest: a press of anyone
        else is too close to call with one of theirs, whichever place it has
        (a wide ± placed first reaches across the deciding gap too)."""
        losers = set(losers)
        return any(pair & losers and pair - losers for pair in self.too_close)


def order_presses(presses: Iterable[Press]) -> RaceOrder:
    """The race decided on corrected times, saying which places are a guess."""
    ordered = tuple(sorted(presses, key=lambda p: p.time))
    close = frozenset(frozenset((a.seat, b.seat))
                      for i, a in enumerate(ordered) for b in ordered[i + 1:]
                      if b.time - a.time <= a.uncertainty + b.uncertainty)
    return RaceOrder(ordered, close)
