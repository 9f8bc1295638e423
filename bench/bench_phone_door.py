"""A stranger at the phones' door, on the loopback: how fast can the typed code
be guessed, and does anything tell a right guess from a wrong one?

The real `PhoneServer` listens on 127.0.0.1 with the real clock and is stepped
here as the table steps it (a frame's idle time spent listening); the guesser
is a child process (plain HTTP, one kept-alive connection, one address) that
for `--seconds` sends `POST /join` with guesses as fast as the answers come,
then — still inside its wait — the right code once. Printed:

- guesses sent a second, how many the door compared with the code at all (the
  rest fell in the address's wait or the overall limit), how many were let in;
- the distinct answers (status and body) it got: one, if wrong codes, waits
  and the right code during a wait all look alike;
- the Host and Origin probes (a page elsewhere, a rebound name): their status;
- the expected time to guess the code at the door's limits, from the code
  space and `ALL_TRIES_RATE` (every address together), as the README states it.

The baseline is the same door before the limits (`--no-limits` is not offered:
the old door is gone); compare with the figures in the README: the old 4-letter
code was found after 75,496 guesses in 7.4 s.

Run by hand: `python bench/bench_phone_door.py [--seconds S]`.
"""
from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import time
from collections import Counter

from haudrauf.device.clock import MonotonicClock  # noqa: E402
from haudrauf.phones import rooms  # noqa: E402
from haudrauf.phones.rooms import Room  # noqa: E402
from haudrauf.phones.server import PhoneServer  # noqa: E402

MAX_GUESSES = 200_000  # the guesser stops here whatever the time: every loop is bounded


def guess(port: int, seconds: float, right: str) -> None:
    """The child: guess for `seconds` (at most MAX_GUESSES), then try the right code once."""
    import numpy as np
    rng = np.random.default_rng(1)
    host = f"127.0.0.1:{port}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    answers: Counter[str] = Counter()

    def ask(code: str) -> tuple[int, bytes]:
        connection.request("POST", "/join", body=code.encode(), headers={"Host": host})
        response = connection.getresponse()
        return response.status, response.read()
    sent, let_in, end = 0, 0, time.monotonic() + seconds
    while time.monotonic() < end and sent < MAX_GUESSES:
        code = "".join(rooms.CODE_LETTERS[i] for i in rng.integers(len(rooms.CODE_LETTERS), size=rooms.CODE_LENGTH))
        status, body = ask(code)
        sent += 1
        let_in += status == 200
        answers[f"{status} {body[:60]!r}"] += 1
    status, body = ask(right)  # the right code while this address waits
    probes = {}
    for name, headers in {"Host: evil.example": {"Host": "evil.example"},
                          "Origin: http://evil.example.com": {"Host": host, "Origin": "http://evil.example.com"},
                          "own Host, own Origin": {"Host": host, "Origin": f"http://{host}"}}.items():
        connection.request("GET", "/", headers=headers)
        response = connection.getresponse()
        response.read()
        probes[name] = response.status
    print(json.dumps({"sent": sent, "seconds": seconds, "let_in": let_in, "answers": answers,
                      "right_code_while_waiting": f"{status} {body[:60]!r}", "probes": probes}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)  # PORT CODE: the guesser
    args = parser.parse_args()
    if args.child:
        guess(int(args.child[0]), args.seconds, args.child[1])
        return
    server = PhoneServer(Room(range(6)), MonotonicClock())
    port = server.start("127.0.0.1", 0)
    child = subprocess.Popen([sys.executable, __file__, "--seconds", str(args.seconds), "--child", str(port),
                              server.room.door.code], stdout=subprocess.PIPE, text=True)
    frames, deadline = 0, time.monotonic() + args.seconds + 30
    while child.poll() is None and time.monotonic() < deadline:
        server.step(wait=1 / 60)
        frames += 1
    if child.poll() is None:
        child.kill()
    out = json.loads(child.communicate()[0])
    checked = server.room.door.tries.get("127.0.0.1", rooms.Tries()).wrong  # codes the door compared at all
    server.stop()
    codes = len(rooms.CODE_LETTERS) ** rooms.CODE_LENGTH
    expected_days = codes / 2 / rooms.ALL_TRIES_RATE / 86400
    print(f"One address guessing for {out['seconds']:g} s on the loopback ({frames} server frames):")
    print(f"  guesses sent: {out['sent']} ({out['sent'] / out['seconds']:.0f}/s), of them compared with the code: "
          f"{checked}, let in: {out['let_in']}")
    print("  answers:", "; ".join(f"{n}× {a}" for a, n in out["answers"].items()))
    print(f"  the right code during the wait: {out['right_code_while_waiting']}")
    print("  probes:", ", ".join(f"{k} → {v}" for k, v in out["probes"].items()))
    print(f"Code space {len(rooms.CODE_LETTERS)}^{rooms.CODE_LENGTH} = {codes:,}; at {rooms.ALL_TRIES_RATE:g} checked "
          f"guesses a second from every address together the expected time to guess is "
          f"{codes / 2:,.0f} / {rooms.ALL_TRIES_RATE:g} s ≈ {expected_days:,.0f} days.")


if __name__ == "__main__":
    main()
