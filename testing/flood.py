"""A hostile crowd on the loopback against the real app: the test of the phones'
limits (test_flood.py) and bench/bench_phones_flood.py share it.

The app runs in a child process (`python -m tests.table.phones.flood`) with at
most 1,024 open files (`resource.setrlimit`, as on most desktops), SDL's dummy
drivers, phones on 127.0.0.1 and a bots-only UNO Hau drauf game saved after
every move, its loop paced as `App.run` paces it. It answers one line of JSON
to each command on its stdin:

- `frames N` — after it has drawn N more frames: frames drawn, frames/s and
  CPU ms a frame over those N, connections the phones' gate holds, open files, resident memory,
  card pictures kept, whether phones are on, the notice on screen;
- `mute` — a player presses the mute key (the settings are saved at once);
- `quit`.

It stops by itself after its lifetime (LIFETIME_S unless told) or when its stdin closes. The attacker is
the caller's process: `half_open` holds unfinished requests, `unknown_faces`
asks for card pictures no game has."""
from __future__ import annotations

import json
import os
import selectors
import socket
import subprocess
import sys
import time
from pathlib import Path

FILE_LIMIT = 1024
LIFETIME_S = 120.0  # the child stops by itself after this (unless told another), whatever happens
HALF_OPEN = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"  # the headers never end


# --- the app's side (the child process) -------------------------------------------------------

def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def status(app, frames: int, since: tuple[int, float, float]) -> dict:
    """The app now; frames/s (wall) and CPU ms a frame since `since` = (frames, perf_counter, process_time)."""
    from haudrauf.table.faces import png
    server = app.phones.server if app.phones is not None else None
    drawn = frames - since[0]
    return {"frames": frames, "fps": round(drawn / (time.perf_counter() - since[1]), 1),
            "cpu_ms": round((time.process_time() - since[2]) * 1000 / drawn, 2),
            "held": len(server.gate.open) if server else 0,
            "open_files": len(os.listdir("/proc/self/fd")), "rss_mb": round(rss_mb(), 1),
            "cards": png.painted.cache_info().currsize, "phones": bool(app.phones and app.phones.running),
            "notice": app.notice[0] if app.notice else None}


def child(config_dir: str, lifetime_s: float) -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HAUDRAUF_CONFIG_DIR=config_dir)
    from haudrauf.table import input as intents
    from haudrauf.table.app import App
    from haudrauf.table.scenes.table_mode import TableScene
    from haudrauf.play.seats import SeatPlan
    app = App(size=(1280, 720), seed=7, settings_path=Path(config_dir) / "settings.toml")
    app.start(TableScene(app, "uno-hau-drauf", {"players": 3},
                         [SeatPlan(name, "heuristic") for name in ("Ann", "Bo", "Cy")], seed=3))
    app.start_phones(0, "127.0.0.1")
    print(json.dumps({"port": app.phones.server.port}), flush=True)
    commands = selectors.DefaultSelector()
    commands.register(sys.stdin, selectors.EVENT_READ)
    frames, goal, since = 0, None, (0, time.perf_counter(), time.process_time())
    end = time.monotonic() + lifetime_s
    while app.running and time.monotonic() < end:
        started = app.clock.now()
        app.frame([])
        frames += 1
        app.pace(started)
        if goal is not None and frames >= goal:
            print(json.dumps(status(app, frames, since)), flush=True)
            goal = None
        if not commands.select(timeout=0):
            continue
        line = sys.stdin.readline().split()
        if not line or line[0] == "quit":
            break
        if line[0] == "frames":
            goal, since = frames + int(line[1]), (frames, time.perf_counter(), time.process_time())
        elif line[0] == "mute":
            app.handle(intents.Command("mute"), app.clock.now())
            print(json.dumps({"muted": app.audio.muted}), flush=True)
    app.stop_phones()


# --- the caller's side ------------------------------------------------------------------------

class ChildApp:
    """The child app, asked over its pipes; every answer waited for at most `timeout` s."""

    def __init__(self, config_dir: Path, timeout: float = 60.0, lifetime_s: float = LIFETIME_S) -> None:
        self.timeout = timeout
        quiet = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # stdout is for the answers alone
        self.process = subprocess.Popen([sys.executable, "-m", "haudrauf.testing.flood", str(config_dir),
                                         str(lifetime_s)],
                                        env=quiet, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.answers = selectors.DefaultSelector()
        self.answers.register(self.process.stdout, selectors.EVENT_READ)
        self.port = self.answer()["port"]

    def answer(self) -> dict:
        if not self.answers.select(timeout=self.timeout):
            raise TimeoutError(f"the app said nothing for {self.timeout} s")
        line = self.process.stdout.readline()
        if not line:
            raise EOFError(f"the app ended (exit code {self.process.wait(self.timeout)})")
        return json.loads(line)

    def ask(self, command: str) -> dict:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.answer()

    def close(self) -> int:
        try:
            if self.process.poll() is None:
                self.process.stdin.write("quit\n")
                self.process.stdin.close()
            return self.process.wait(self.timeout)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            return self.process.wait()


def half_open(port: int, count: int, within_s: float = 20.0) -> list[socket.socket]:
    """`count` connections to the app, each with a request whose headers never end, sent as soon as it
    connects (within `within_s`). The caller closes them."""
    held = [socket.socket() for _ in range(count)]
    writable = selectors.DefaultSelector()
    for connection in held:
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
        writable.register(connection, selectors.EVENT_WRITE)
    end = time.monotonic() + within_s
    while writable.get_map() and time.monotonic() < end:
        for key, _ in writable.select(timeout=0.1):
            try:
                key.fileobj.send(HALF_OPEN)
            except OSError:
                pass  # closed by the app already
            writable.unregister(key.fileobj)
    writable.close()
    return held


def still_open(connections: list[socket.socket]) -> int:
    """How many of `connections` the app has not closed."""
    count = 0
    for connection in connections:
        try:
            count += connection.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            count += 1
        except OSError:
            pass
    return count


def unknown_faces(port: int, count: int, first: int = 0, connections: int = 4, within_s: float = 600.0) -> int:
    """Ask for `count` card pictures no game has (`/card/nope/<n>.png`, n from `first`), pipelined over a few
    kept-alive connections at a time (each ends once the app has closed it: the next few are
    within the app's cap for one address); returns how many were answered 404 within `within_s`."""
    import asyncio

    async def ask(share: range) -> int:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for n in share:
            last = "Connection: close\r\n" if n == share[-1] else ""
            writer.write(f"GET /card/nope/{n}.png HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{last}\r\n".encode())
        await writer.drain()
        answered = 0
        for _ in share:
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            await reader.readexactly(length)
            answered += head.startswith(b"HTTP/1.1 404")
        await reader.read()  # the app closed it
        writer.close()
        return answered

    async def all_of_them() -> int:
        batches = [range(start, min(start + 200, first + count)) for start in range(first, first + count, 200)]
        total = 0
        for wave in range(0, len(batches), connections):
            total += sum(await asyncio.gather(*map(ask, batches[wave:wave + connections])))
        return total

    return asyncio.run(asyncio.wait_for(all_of_them(), within_s))


if __name__ == "__main__":
    child(sys.argv[1], float(sys.argv[2]))
