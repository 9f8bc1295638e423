"""What a tampered phone can gain in a slap race (issue 24).

Run by hand: `python bench/bench_forged_presses.py [RACES] [SEED]`.

1. On the loopback, with the real clock: the host's phone server (127.0.0.1,
   a free port) and two phones on its event loop, speaking over real
   websockets — an honest one on seat 1 and, in turn, each forger of
   `phones/forgery.py` on seat 2 (a fresh connection each, so its clock
   sync starts from nothing). Each phone answers the host's pings its own way
   until its sync is sure; then RACES races: the honest phone presses, and the
   forger presses 1–250 ms later (drawn from the seeded Generator), stamped as
   it likes. Every press is placed as the table places it
   (`PhoneClock.place_press`, through the server) and the race decided as the
   table decides it (`order_presses`, `RaceOrder.in_doubt`).
2. The same on the simulated Wi-Fi of `phones/wifi_sim.py` (20–120 ms one
   way, ±30 ms jitter), 10 × RACES races, a new pair of phones each.
3. What holding presses to what the host saw costs honest phones on that
   Wi-Fi: two honest phones pressing 15 ms apart, placed as now and as before
   (the stamp trusted, only never after its arrival).

Printed per forger, in ms: its fastest round trip as the host measured it
(the bound: no press is placed further than that before it arrived) in the
race where it gained most, that best gain (the true moment of its press minus
where it was placed), the most any gain went past the ± its press was shown
with (must be ≤ 0), the share of races it stole (placed first though it
pressed last) and the share it stole without "too close to call" (must be
0 %). The first row, an honest phone as the "forger", is the baseline; the
last column is where the honest phone was placed (placed − pressed, median;
above 0: later than it pressed).
"""
from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from dataclasses import dataclass, field

import aiohttp
import numpy as np


from haudrauf.device.clock import MonotonicClock  # noqa: E402
from haudrauf.play.clock_sync import PhoneClock, Press, order_presses  # noqa: E402
from haudrauf.phones.forgery import Forger, forgers, honest  # noqa: E402
from haudrauf.phones.host import PhoneHost  # noqa: E402
from haudrauf.phones.protocol import PhonePress  # noqa: E402
from haudrauf.phones.wifi_sim import SETTLE, SimPhone, leg, synced  # noqa: E402

HONEST, FORGER = 0, 1
APART = 0.015  # s between two honest phones' presses, as in bench_clock_sync
LATEST_GAP = 0.25  # s: the forger presses up to this long after the honest phone
STEP_WAIT = 0.001  # s each host step waits for a phone
PATIENCE = 10.0  # s a phase may take before the bench gives up on it
SYNC_S = 4.0  # s of pinging a forger gets when its answers never let its clock sync be sure


@dataclass
class Tally:
    """One forger's races: what it gained, against what bound and ±, and what it stole."""
    gains: list[float] = field(default_factory=list)
    bounds: list[float] = field(default_factory=list)
    past_pm: list[float] = field(default_factory=list)
    stolen: int = 0
    unflagged: int = 0
    honest_placed: list[float] = field(default_factory=list)

    def add(self, honest_press: tuple[float, float], honest_pressed: float, forger_press: tuple[float, float],
            forger_pressed: float, bound: float) -> None:
        """One race: each phone's (placed, ±) and the true moment it pressed; the forger's fastest round trip."""
        (t_honest, pm_honest), (t_forger, pm_forger) = honest_press, forger_press
        self.gains.append(forger_pressed - t_forger)
        self.bounds.append(bound)
        self.past_pm.append(forger_pressed - t_forger - pm_forger)
        self.honest_placed.append(t_honest - honest_pressed)
        order = order_presses([Press(HONEST, t_honest, pm_honest), Press(FORGER, t_forger, pm_forger)])
        if order.seats()[0] == FORGER:  # it pressed last, yet it is placed first
            self.stolen += 1
            self.unflagged += not order.in_doubt([HONEST])

    def row(self, name: str) -> str:
        best, races = int(np.argmax(self.gains)), len(self.gains)
        return (f"{name:24} {self.bounds[best] * 1000:12.2f} {self.gains[best] * 1000:10.2f}"
                f" {max(self.past_pm) * 1000:12.2f} {self.stolen / races:7.0%} {self.unflagged / races:20.0%}"
                f" {statistics.median(self.honest_placed) * 1000:+14.2f}")


HEADER = (f"{'forger':24} {'fastest trip':>12} {'best gain':>10} {'gain past ±':>12} {'stolen':>7}"
          f" {'stolen, not flagged':>20} {'honest placed':>14}")


@dataclass
class Phone:
    """A phone on the host's loop: its clock reads `ahead` more than the host's
    (a phone's clock never reads below 0)."""
    seat: int
    forger: Forger
    ahead: float
    token: str | None = None  # its seat's key, once claimed: the next forger takes the seat back with it
    ws: aiohttp.ClientWebSocketResponse | None = None
    pressed: list[float] = field(default_factory=list)  # true moments of its presses, host clock
    tasks: set = field(default_factory=set)

    def clock(self, host_time: float) -> float:
        return host_time + self.ahead

    async def join(self, session: aiohttp.ClientSession, url: str) -> None:
        self.ws = await session.ws_connect(url)
        claim = {"type": "reclaim", "seat": self.seat, "token": self.token} if self.token else \
            {"type": "claim", "seat": self.seat, "name": f"Seat{self.seat + 1}"}
        await self.ws.send_str(json.dumps(claim))
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            if data["type"] == "claimed":
                self.token = data["token"]
            elif data["type"] == "ping":
                task = asyncio.ensure_future(self.answer(data["ping"], time.monotonic()))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def answer(self, ping: int, got: float) -> None:
        await asyncio.sleep(self.forger.hold)
        t1, t2 = self.forger.answer(self.clock(got), self.clock(time.monotonic()))
        await self.ws.send_str(json.dumps({"type": "pong", "seat": self.seat, "ping": ping,
                                           "t1": t1 * 1000, "t2": t2 * 1000}))

    def press(self) -> None:
        now = time.monotonic()
        self.pressed.append(now)
        stamp = self.forger.stamp(self.clock(now))
        asyncio.ensure_future(self.ws.send_str(json.dumps(
            {"type": "press", "seat": self.seat, "button": "seat", "t": stamp * 1000})))


def step_until(host: PhoneHost, done, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not done():
        host.server.step(wait=STEP_WAIT)
        if time.monotonic() > deadline:
            raise SystemExit(f"gave up waiting for {what}")


def pause(host: PhoneHost, seconds: float) -> None:
    until = time.monotonic() + seconds
    step_until(host, lambda: time.monotonic() >= until, "a pause")


async def new_session() -> aiohttp.ClientSession:
    return aiohttp.ClientSession()


def sure(host: PhoneHost, seat: int, since: float) -> bool:
    """The seat's clock sync is sure — or, for a forger whose answers keep
    contradicting each other (it starts over at each), has pinged for a while."""
    phone = host.server.phone_of(seat)
    return phone is not None and bool(phone.clock.samples) and (
        phone.clock.ready or time.monotonic() - since > SYNC_S)


def race(host: PhoneHost, honest_phone: Phone, forger: Phone, gap: float) -> dict[int, tuple[float, float]]:
    """One race: the honest press now, the forger's `gap` later; each seat's (placed, ±)."""
    loop = host.server.loop
    placed: dict[int, tuple[float, float]] = {}

    def take() -> bool:
        for arrival in host.server.take_intents():
            if isinstance(arrival.intent, PhonePress):
                placed[arrival.intent.seat] = tuple(arrival.stamp)
        return len(placed) == 2
    loop.call_soon(honest_phone.press)
    loop.call_later(gap, forger.press)
    step_until(host, take, "both presses")
    return placed


def play(host: PhoneHost, session, url: str, honest_phone: Phone, forger: Forger, races: int,
         rng: np.random.Generator, ahead: float, token: str | None) -> tuple[Tally, str]:
    """`races` races of `forger` against the honest phone on the loopback; and the seat's key."""
    phone = Phone(FORGER, forger, ahead, token)
    host.server.loop.run_until_complete(phone.join(session, url))
    joined = time.monotonic()
    step_until(host, lambda: sure(host, FORGER, joined) and sure(host, HONEST, joined), "the clocks to sync")
    tally = Tally()
    for _ in range(races):
        placed = race(host, honest_phone, phone, float(rng.uniform(0.001, LATEST_GAP)))
        tally.add(placed[HONEST], honest_phone.pressed[-1], placed[FORGER], phone.pressed[-1],
                  host.server.phone_of(FORGER).clock.fastest_trip())
        pause(host, 0.02)
    for task in list(phone.tasks):  # a held answer is not sent on a closed socket
        task.cancel()
    host.server.loop.run_until_complete(phone.ws.close())
    step_until(host, lambda: host.server.phone_of(FORGER) is None, "the forger to leave")
    return tally, phone.token


def loopback(races: int, rng: np.random.Generator) -> None:
    host = PhoneHost(MonotonicClock())
    port = host.start("127.0.0.1", 0)
    url = f"http://127.0.0.1:{port}/ws?t={host.room.door.token}"
    loop = host.server.loop
    session = loop.run_until_complete(new_session())
    honest_phone = Phone(HONEST, honest(), ahead=500.0)
    loop.run_until_complete(honest_phone.join(session, url))
    print(f"\n1. On the loopback: {races} races a forger; it presses 1–{LATEST_GAP * 1000:g} ms after the honest "
          f"phone.\n{HEADER}")
    token = None
    try:
        for name, forger in {"honest (baseline)": honest(), **forgers()}.items():
            tally, token = play(host, session, url, honest_phone, forger, races, rng, float(rng.uniform(0, 1e4)),
                                token)
            print(tally.row(name), flush=True)
    finally:
        loop.run_until_complete(honest_phone.ws.close())
        loop.run_until_complete(session.close())
        host.stop()


def on_wifi(sync: PhoneClock, phone: SimPhone, forger: Forger, pressed: float,
            rng: np.random.Generator) -> tuple[float, float]:
    """A press made at `pressed` (host clock), stamped as `forger` stamps, placed where it arrives."""
    placed = sync.place_press(forger.stamp(phone.clock(pressed)), pressed + leg(rng, phone.up))
    return placed.time, placed.uncertainty


def wifi(races: int, rng: np.random.Generator) -> None:
    print(f"\n2. On the simulated Wi-Fi: {races} races a forger, a new pair of phones each; the forger presses "
          f"1–{LATEST_GAP * 1000:g} ms after the honest phone.\n{HEADER}")
    for name in ("honest (baseline)", *forgers()):
        tally = Tally()
        for _ in range(races):
            forger = forgers().get(name, honest())
            phones = [SimPhone.random(rng), SimPhone.random(rng)]
            syncs = [synced(phones[HONEST], rng), synced(phones[FORGER], rng, forger=forger)]
            if forger.replay_stamp:  # the stamp it will use again: a press of its own, long before
                forger.stamp(phones[FORGER].clock(SETTLE / 2))
            pressed = [SETTLE + 0.5, SETTLE + 0.5 + float(rng.uniform(0.001, LATEST_GAP))]
            tally.add(on_wifi(syncs[HONEST], phones[HONEST], honest(), pressed[HONEST], rng), pressed[HONEST],
                      on_wifi(syncs[FORGER], phones[FORGER], forger, pressed[FORGER], rng), pressed[FORGER],
                      syncs[FORGER].fastest_trip())
        print(tally.row(name), flush=True)


def honest_cost(races: int, rng: np.random.Generator) -> None:
    """Two honest phones 15 ms apart: ordered right, too close to call, wrong yet sure — as now and as before."""
    seen = {"now (place_press)": [0, 0, 0], "before (stamp trusted)": [0, 0, 0]}
    late = []  # how much later than it happened each press is placed now than before, s
    for _ in range(races):
        phones = [SimPhone.random(rng), SimPhone.random(rng)]
        syncs = [synced(phone, rng) for phone in phones]
        first = int(rng.integers(2))
        pressed = [SETTLE + 0.5 + (0 if seat == first else APART) for seat in range(2)]
        arrived = [t + leg(rng, phone.up) for t, phone in zip(pressed, phones)]
        stamps = [phone.clock(t) for phone, t in zip(phones, pressed)]
        now = [Press(seat, *syncs[seat].place_press(stamps[seat], arrived[seat])) for seat in range(2)]
        before = [Press(seat, min(syncs[seat].to_host_time(stamps[seat]).time, arrived[seat]),
                        syncs[seat].to_host_time(stamps[seat]).uncertainty) for seat in range(2)]
        late += [a.time - b.time for a, b in zip(now, before)]
        for name, presses in zip(seen, (now, before)):
            order = order_presses(presses)
            right, close = order.seats()[0] == first, order.close_call(0, 1)
            seen[name] = [seen[name][0] + right, seen[name][1] + close, seen[name][2] + (not right and not close)]
    print(f"\n3. Two honest phones pressing {APART * 1000:g} ms apart on the simulated Wi-Fi, {races} races:")
    print(f"{'placed':24} {'ordered right':>14} {'too close to call':>18} {'wrong, not flagged':>19}")
    for name, (right, close, wrong) in seen.items():
        print(f"{name:24} {right / races:14.1%} {close / races:18.1%} {wrong:19d}")
    moved = [t for t in late if t > 1e-9]
    print(f"Presses placed later than their stamp says (slower to arrive than the phone's fastest round trip): "
          f"{len(moved) / len(late):.1%}, by {np.median(moved) * 1000:.1f} ms median, {max(moved) * 1000:.1f} max")


def main() -> None:
    races = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = np.random.default_rng(seed)
    print(f"Forged presses against an honest phone, seed {seed}; times in ms.")
    loopback(races, rng)
    wifi(10 * races, rng)
    honest_cost(10 * races, rng)


if __name__ == "__main__":
    main()
