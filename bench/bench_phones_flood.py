"""A stranger's floods against the real app and its phones' server on the
loopback: does the table keep drawing, and does anything grow?

The app runs in its own process with 1,024 open files at most (the usual
desktop limit), SDL's dummy drivers, phones on 127.0.0.1 and a bots' game
saved after every move, paced as `App.run` paces it (testing/flood.py);
this process is the attacker.

1. Half-open flood. Rounds alternate: a quiet stretch of frames (the baseline),
   then the same number of frames while this process holds 1,100 connections,
   each with a request whose headers never end (more connections than the app
   may open files). Printed per kind: median frames/s (wall) and CPU ms a frame
   over the rounds, the ratio flood/quiet, the most connections the phones'
   gate held, the app's open files, and how many of the 1,100 the app had not
   closed at the end of the round.
2. Unknown-face flood. Two waves of 200,000 requests for card pictures no
   game has (`/card/nope/<n>.png`, new names each wave, pipelined over 4
   connections at a time), each followed by a quiet stretch as long (the
   baseline: the bots' game goes on and grows its log either way): card
   pictures kept and resident memory after each, from the start: UNO Hau
   drauf's 54 distinct faces each asked for once (what a game's phones fetch).

Run by hand: `python bench/bench_phones_flood.py [--rounds N] [--frames N] [--faces N]`.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from haudrauf.testing import flood  # noqa: E402

ATTACKERS = 1_100


def round_of(app: flood.ChildApp, frames: int, attackers: int) -> dict:
    held = flood.half_open(app.port, attackers) if attackers else []
    try:
        answer = app.ask(f"frames {frames}")
        answer["still_open"] = flood.still_open(held)
    finally:
        for connection in held:
            connection.close()
    return answer


def half_open_flood(app: flood.ChildApp, rounds: int, frames: int) -> None:
    quiet, flooded = [], []
    for _ in range(rounds):  # interleaved: a busy neighbour slows both alike
        quiet.append(round_of(app, frames, 0))
        flooded.append(round_of(app, frames, ATTACKERS))
    print(f"half-open flood: {ATTACKERS} connections a round, {rounds} rounds of {frames} frames each way")
    for name, runs in (("quiet", quiet), ("flood", flooded)):
        print(f"  {name}: {statistics.median(r['fps'] for r in runs):5.1f} frames/s, "
              f"{statistics.median(r['cpu_ms'] for r in runs):5.2f} CPU ms a frame, "
              f"gate held ≤ {max(r['held'] for r in runs)}, open files ≤ {max(r['open_files'] for r in runs)}, "
              f"not closed by the app ≤ {max(r['still_open'] for r in runs)}, phones on: "
              f"{all(r['phones'] for r in runs)}")
    print(f"  flood/quiet: frames/s ×{statistics.median(f['fps'] / q['fps'] for f, q in zip(flooded, quiet)):.2f}, "
          f"CPU a frame ×{statistics.median(f['cpu_ms'] / q['cpu_ms'] for f, q in zip(flooded, quiet)):.2f}")


def quiet_for(app: flood.ChildApp, seconds: float) -> dict:
    """The app drawing on with nobody on the network, for `seconds`."""
    end = time.monotonic() + seconds
    row = app.ask("frames 30")
    while time.monotonic() < end:
        row = app.ask("frames 30")
    return row


def unknown_face_flood(app: flood.ChildApp, faces: int) -> None:
    from haudrauf.table.faces import KITS
    before = app.ask("frames 30")
    deck = sorted(set(KITS["uno-hau-drauf"].faces()))
    for face in deck:
        urllib.request.urlopen(f"http://127.0.0.1:{app.port}/card/{face}.png", timeout=30).read()
    rows = [("at start", before), (f"{len(deck)} real faces", app.ask("frames 30"))]
    for wave in (1, 2):
        started = time.monotonic()
        answered = flood.unknown_faces(app.port, faces, first=(wave - 1) * faces)  # new names each wave
        took = time.monotonic() - started
        rows.append((f"+{faces} unknown ({answered} 404)", app.ask("frames 30")))
        rows.append((f"+{took:.0f} s quiet", quiet_for(app, took)))  # the baseline: the game alone, as long
    print(f"unknown-face flood: two waves of {faces} made-up faces, each followed by as long without")
    for name, row in rows:
        print(f"  {name:>30}: {row['cards']:4d} pictures kept, RSS {row['rss_mb']:6.1f} MB")
    growth = [after["rss_mb"] - before["rss_mb"] for (_, before), (_, after) in zip(rows[1:], rows[2:])]
    print(f"  RSS growth: wave {growth[0]:+.1f} MB, quiet {growth[1]:+.1f} MB, "
          f"wave {growth[2]:+.1f} MB, quiet {growth[3]:+.1f} MB; pictures kept: {rows[-1][1]['cards']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--faces", type=int, default=200_000)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < ATTACKERS + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(ATTACKERS + 256, hard), hard))
    app = flood.ChildApp(Path(tempfile.mkdtemp(prefix="haudrauf-flood-")), lifetime_s=3600.0)
    try:
        half_open_flood(app, args.rounds, args.frames)
        unknown_face_flood(app, args.faces)
    finally:
        print(f"the app ended with exit code {app.close()}")


if __name__ == "__main__":
    main()
