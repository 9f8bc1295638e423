"""What a tampered phone can gain in a slap race (issue 24).

Run by hand: `python bench/bench_forged_presses.py [RACES] [SEED]`. On the
loopback, with the real clock: the host's phone server (127.0.0.1, a free
port) and two phones on its event loop, speaking over real websockets — an
honest one on seat 1 and, in turn, each forger of `table/phones/forgery.py`
on seat 2 (a fresh connection each, so its clock sync starts from nothing).
Each phone answers the host's pings its own way until its sync is sure; then
RACES races: the honest phone presses, and the forger presses 1–250 ms
later (drawn from the seeded Generator), stamped as it likes. Every press is
placed as the table places it (`PhoneClock.place_press`, through the server)
and the race decided as the table decides it (`order_presses`, `in_doubt`).

Printed per forger, in ms: its fastest round trip as the host measured it
(the bound: no press is placed further than that before it arrived), the
best it gained (the true moment of its press minus where it was placed), the
most that gain went past the ± its press was shown with (must be ≤ 0), the
share of races it stole (placed first though it pressed last) and the share
it stole without "too close to call" (must be 0 %). The first row, an honest
phone as the "forger", is the baseline; the last column is what the honest
phone's own place cost it (placed − pressed, median; above 0: later).
"""
from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from device.clock import MonotonicClock  # noqa: E402
from table.phones.clock_sync import Press, order_presses  # noqa: E402
from table.phones.forgery import Forger, forgers, honest  # noqa: E402
from table.phones.host import PhoneHost  # noqa: E402
from table.phones.protocol import PhonePress  # noqa: E402

HONEST, FORGER = 0, 1
LATEST_GAP = 0.25  # s: the forger presses up to this long after the honest phone
STEP_WAIT = 0.001  # s each host step waits for a phone
PATIENCE = 10.0  # s a phase may take before the bench gives up on it
SYNC_S = 4.0  # s of pinging a forger gets when its answers never let its clock sync be sure


@dataclass
class Phone:
    """A phone on the host's loop: its clock reads `ahead` more than the host's (a phone's clock never reads below 0)."""
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


def synced(host: PhoneHost, seat: int, since: float) -> bool:
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
         rng: np.random.Generator, ahead: float, token: str | None) -> tuple[dict[str, float], str]:
    """`races` races of `forger` against the honest phone: the row's figures, and the seat's key."""
    phone = Phone(FORGER, forger, ahead, token)
    host.server.loop.run_until_complete(phone.join(session, url))
    joined = time.monotonic()
    step_until(host, lambda: synced(host, FORGER, joined) and synced(host, HONEST, joined), "the clocks to sync")
    gains, past_pm, stolen, unflagged, honest_cost, bounds = [], [], 0, 0, [], []
    for _ in range(races):
        gap = float(rng.uniform(0.001, LATEST_GAP))
        placed = race(host, honest_phone, phone, gap)
        bounds.append(host.server.phone_of(FORGER).clock.fastest_trip())
        (t_honest, pm_honest), (t_forger, pm_forger) = placed[HONEST], placed[FORGER]
        gain = phone.pressed[-1] - t_forger
        gains.append(gain)
        past_pm.append(gain - pm_forger)
        honest_cost.append(t_honest - honest_phone.pressed[-1])
        order = order_presses([Press(HONEST, t_honest, pm_honest), Press(FORGER, t_forger, pm_forger)])
        if order.seats()[0] == FORGER:  # it pressed last, yet it is placed first
            stolen += 1
            unflagged += not order.in_doubt([HONEST])
        pause(host, 0.02)
    host.server.loop.run_until_complete(phone.ws.close())
    step_until(host, lambda: host.server.phone_of(FORGER) is None, "the forger to leave")
    best = int(np.argmax(gains))
    return {"bound": bounds[best] * 1000, "best gain": gains[best] * 1000, "past ±": max(past_pm) * 1000,
            "stolen": stolen / races, "stolen, sure": unflagged / races,
            "honest placed": statistics.median(honest_cost) * 1000}, phone.token


def main() -> None:
    races = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = np.random.default_rng(seed)
    host = PhoneHost(MonotonicClock(), rng)
    port = host.start("127.0.0.1", 0)
    url = f"http://127.0.0.1:{port}/ws?room={host.code}"
    loop = host.server.loop
    session = loop.run_until_complete(new_session())
    honest_phone = Phone(HONEST, honest(), ahead=500.0)
    loop.run_until_complete(honest_phone.join(session, url))
    print(f"{races} races a forger, on the loopback; the forger presses 1–{LATEST_GAP * 1000:g} ms after "
          f"the honest phone (seed {seed}). Times in ms.")
    print(f"{'forger':24} {'fastest trip':>12} {'best gain':>10} {'gain past ±':>12} {'stolen':>7}"
          f" {'stolen, not flagged':>20} {'honest placed':>14}")
    token = None
    try:
        for name, forger in {"honest (baseline)": honest(), **forgers()}.items():
            row, token = play(host, session, url, honest_phone, forger, races, rng, float(rng.uniform(0, 1e4)),
                              token)
            print(f"{name:24} {row['bound']:12.2f} {row['best gain']:10.2f} {row['past ±']:12.2f}"
                  f" {row['stolen']:7.0%} {row['stolen, sure']:20.0%} {row['honest placed']:+14.2f}", flush=True)
    finally:
        loop.run_until_complete(honest_phone.ws.close())
        loop.run_until_complete(session.close())
        host.stop()


if __name__ == "__main__":
    main()
