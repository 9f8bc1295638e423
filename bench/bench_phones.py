"""Six phones on the loopback: the host's frame time and how fast a press
reaches the unit (issue 17, point 7: p99 frame ≤ 8 ms at 1280×720, a press at
the unit within 5 ms median).

The real `App` at 1280×720 on the real clock runs unit mode with six seats in
a game, its loop paced by `App.pace`, as `App.run` paces it (60 fps, 240 during a slap race;
with phones the idle time is spent in `PhoneHost.wait`, which returns when a
phone speaks). Rounds alternate: phones on with six phones connected and
pressing, then the same App and scene with phones off (the baseline), and so
on. The unit of work is one frame, `App.frame()`: input, the phones' intents
to the scene, the scene's update, each phone's view when it changed, drawing.
A frame is timed in wall time (`perf_counter`) and in this process's CPU time
(`process_time`, which a busy neighbour moves less).

The phones are one separate process (aiohttp's client websocket), each phone
doing what phones/client/phone.js does: claim its seat (reclaim it with
its key in later rounds), answer a ping at once with its own clock in `t1` and
`t2`, press its seat button at random intervals (0.3–1.5 s) stamped with its
own clock — milliseconds since the phone "loaded its page", a different origin
for each phone, like `performance.now()`. Beside each press the phone notes
`time.monotonic()` in a side channel: on Linux CLOCK_MONOTONIC is one clock for
every process, and the host's `MonotonicClock` reads it too, so "sent" and
"reached the unit" are on one scale without trusting the clock sync. (The
press's own stamp, mapped onto the host's clock by the ping offset, is printed
beside it: its error is the clock sync's on the loopback.) A press is matched
to its side-channel note by seat and the nearest time.

Run by hand: `python bench/bench_phones.py [--rounds N] [--seconds S] [--seed N]`.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("HAUDRAUF_CONFIG_DIR", tempfile.mkdtemp(prefix="haudrauf-bench-"))

SIZE = (1280, 720)
SEATS = tuple(range(6))
PRESS_GAP_S = (0.3, 1.5)  # a phone's presses come this far apart (uniform)
WARM_UP_S = 1.5  # phones connected and pinged before the frames count


# --- the phones (their own process) ------------------------------------------------------

class Phone:
    """One phone: its seat, its key, its own clock; what it sent, noted on CLOCK_MONOTONIC."""

    def __init__(self, seat: int, loaded_s_ago: float) -> None:
        self.seat, self.token, self.ws = seat, None, None
        self.origin = time.monotonic() - loaded_s_ago  # its page loaded then: performance.now() counts from here
        self.claimed = asyncio.Event()
        self.asked = False  # a claim (or reclaim) is on its way: ask once, as phone.js does

    def now_ms(self) -> float:
        return (time.monotonic() - self.origin) * 1000

    async def send(self, message: dict) -> None:
        await self.ws.send_str(json.dumps(message))

    async def listen(self) -> None:
        """As phone.js: claim (or reclaim) on the room list, answer pings at once, show the rest (ignored)."""
        async for frame in self.ws:
            message = json.loads(frame.data)
            kind = message["type"]
            if kind == "ping":
                now = self.now_ms()
                await self.send({"type": "pong", "seat": self.seat, "ping": message["ping"], "t1": now, "t2": now})
            elif kind == "room" and not self.asked:
                self.asked = True
                if self.token is None:
                    await self.send({"type": "claim", "seat": self.seat, "name": f"Phone {self.seat + 1}"})
                else:
                    await self.send({"type": "reclaim", "seat": self.seat, "token": self.token})
            elif kind == "claimed":
                self.token = message["token"]
                self.claimed.set()
            elif kind in ("refused", "seat lost"):
                print(f"phone {self.seat + 1}: {kind}: {message.get('reason')}", file=sys.stderr)

    async def press_now_and_then(self, rng, sent: list, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), float(rng.uniform(*PRESS_GAP_S)))
            except asyncio.TimeoutError:
                stamp = self.now_ms()
                sent.append((self.seat, time.monotonic(), stamp))
                await self.send({"type": "press", "seat": self.seat, "button": "seat", "t": stamp})


async def phones_main(conn, seed: int) -> None:
    """Told by the bench: ("connect", port, link token) → connect and claim, reply "ready";
    ("press",) → press until ("stop",), reply the presses; ("disconnect",); ("quit",)."""
    import aiohttp
    import numpy as np
    rng = np.random.default_rng(seed)
    phones = [Phone(seat, float(rng.uniform(5, 300))) for seat in SEATS]
    commands: asyncio.Queue = asyncio.Queue()
    loop = asyncio.get_running_loop()
    loop.add_reader(conn.fileno(), lambda: commands.put_nowait(conn.recv()))
    session = aiohttp.ClientSession()
    listeners, pressers, sent, stop = [], [], [], asyncio.Event()
    while True:
        command = await commands.get()
        if command[0] == "connect":
            _, port, token = command
            for phone in phones:
                phone.claimed.clear()
                phone.asked = False
                phone.ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws?t={token}")
                listeners.append(loop.create_task(phone.listen()))
            await asyncio.gather(*(phone.claimed.wait() for phone in phones))
            conn.send("ready")
        elif command[0] == "press":
            sent, stop = [], asyncio.Event()
            pressers = [loop.create_task(phone.press_now_and_then(rng, sent, stop)) for phone in phones]
        elif command[0] == "stop":
            stop.set()
            await asyncio.gather(*pressers)
            conn.send(sent)
        elif command[0] == "disconnect":
            await asyncio.gather(*(phone.ws.close() for phone in phones))
            await asyncio.gather(*listeners)
            listeners = []
            conn.send("gone")
        else:
            await session.close()
            return


def phones_process(conn, seed: int) -> None:
    asyncio.run(phones_main(conn, seed))


# --- the host ------------------------------------------------------------------------------

class Loop:
    """The App's main loop as `App.run` runs it, each frame timed; the unit's presses noted."""

    def __init__(self, app, scene) -> None:
        self.app, self.scene = app, scene
        self.reached: list[tuple[int, float, float]] = []  # (seat, t the press carried, monotonic at the unit)
        unit = getattr(scene, "unit", None) or scene.session.unit
        press_seat = unit.press_seat

        def noted(seat, t):
            self.reached.append((seat, t, time.monotonic()))
            return press_seat(seat, t)
        unit.press_seat = noted

    def run(self, seconds: float, until=None) -> tuple[list[float], list[float], float, float]:
        """Frames for `seconds` (or until `until()`): each frame's wall and CPU ms,
        and the whole stretch's wall and CPU seconds (idle time included)."""
        app = self.app
        walls, cpus = [], []
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        end = start_wall + seconds
        while time.perf_counter() < end and not (until and until()):
            started = app.clock.now()
            w, c = time.perf_counter(), time.process_time()
            app.frame()
            cpus.append((time.process_time() - c) * 1000)
            walls.append((time.perf_counter() - w) * 1000)
            app.pace(started)
        return walls, cpus, time.perf_counter() - start_wall, time.process_time() - start_cpu


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered))) - 1))]


def pair(sent: list, reached: list) -> list[tuple[float, float]]:
    """(sent → at the unit, the press's mapped stamp − sent), ms, for each press of
    `sent` matched to the unit's press of the same seat nearest in time."""
    out = []
    free = list(reached)
    for seat, sent_at, _ in sent:
        mine = [r for r in free if r[0] == seat and r[2] >= sent_at]
        if not mine:
            continue
        match = min(mine, key=lambda r: r[2] - sent_at)
        free.remove(match)
        out.append(((match[2] - sent_at) * 1000, (match[1] - sent_at) * 1000))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side, interleaved (3)")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per round (10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("unit", "table"), default="unit",
                        help="unit mode, or table mode: UNO Hau drauf with six people, each hand on a phone "
                             "(each phone's view rebuilt from the engine whenever the game moves)")
    args = parser.parse_args()

    from haudrauf.table import input as intents
    from haudrauf.table.app import App
    from haudrauf.table.scenes.unit_mode import UnitModeScene

    app = App(size=SIZE, seed=args.seed)
    if args.mode == "unit":
        scene = UnitModeScene(app, seats=SEATS)
        app.push(scene)
        app.frame([intents.PlayPauseKey(app.clock.now())])  # the game is on: turns, spins, slap races
    else:  # the phones only press their seat buttons: turns time out, penalties are taken, the views change
        from haudrauf.table.scenes.table_mode import TableScene
        from haudrauf.play.seats import SeatPlan
        scene = TableScene(app, "uno-hau-drauf", {"players": len(SEATS)},
                           [SeatPlan(f"Phone {s + 1}", None) for s in SEATS], seed=args.seed, save=False)
        app.push(scene)
    loop = Loop(app, scene)

    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no pygame, no copy of the host
    conn, child_conn = context.Pipe()
    child = context.Process(target=phones_process, args=(child_conn, args.seed), daemon=True)
    child.start()

    def ask(*command):
        """Send the phones a command, keep the host's loop running until they answer."""
        conn.send(command)
        loop.run(60.0, until=conn.poll)
        return conn.recv()

    results = {"phones": [], "none": []}
    presses: list[tuple[float, float]] = []
    for _ in range(args.rounds):
        for side in ("phones", "none"):
            if side == "phones":
                app.start_phones(bind="127.0.0.1")
                assert ask("connect", app.phones.server.port, app.phones.room.door.token) == "ready"
                loop.run(WARM_UP_S)  # the phones answer their first pings
                conn.send(("press",))
            loop.reached.clear()
            results[side].append(loop.run(args.seconds))
            if side == "phones":
                presses += pair(ask("stop"), loop.reached)
                assert ask("disconnect") == "gone"
                loop.run(0.2)  # the host notices the sockets close
                app.stop_phones()
    conn.send(("quit",))
    child.join(5)

    print(f"{args.mode} mode, six seats in a game, {SIZE[0]}×{SIZE[1]}, {args.rounds} rounds of {args.seconds:g} s "
          f"each side, interleaved; load {os.getloadavg()[0]:.1f}")
    print("frame time (App.frame), ms      median   p99     max   | CPU median   p99   | CPU/wall of the loop")
    summary = {}
    for side, label in (("none", "baseline: phones off"), ("phones", "six phones pressing")):
        walls = [w for r in results[side] for w in r[0]]
        cpus = [c for r in results[side] for c in r[1]]
        share = sum(r[3] for r in results[side]) / sum(r[2] for r in results[side])
        summary[side] = (statistics.median(walls), percentile(walls, 99), statistics.median(cpus),
                         percentile(cpus, 99))
        print(f"{label:30s} {summary[side][0]:7.2f} {summary[side][1]:7.2f} {max(walls):7.2f}   |"
              f" {summary[side][2]:7.2f} {summary[side][3]:7.2f}  | {share:5.1%}   ({len(walls)} frames)")
    ratios = [summary["phones"][i] / summary["none"][i] for i in range(4)]
    print(f"{'ratio phones / baseline':30s} {ratios[0]:7.2f} {ratios[1]:7.2f}           | {ratios[2]:7.2f} "
          f"{ratios[3]:7.2f}")
    if args.mode == "table":  # most presses are refused by the rules there, never reaching the unit
        print("press → the unit: measured in unit mode (here the rules refuse most presses before the unit)")
    elif presses:
        latency = [p[0] for p in presses]
        error = [p[1] for p in presses]
        print(f"press → the unit (sent on the phone → unit.press_seat), {len(presses)} presses: median "
              f"{statistics.median(latency):.2f} ms, p90 {percentile(latency, 90):.2f} ms, max {max(latency):.2f} ms")
        print(f"the press's stamp on the host's clock − sent: median {statistics.median(error):+.3f} ms, "
              f"|max| {max(map(abs, error)):.3f} ms (the clock sync's error on the loopback)")


if __name__ == "__main__":
    main()
