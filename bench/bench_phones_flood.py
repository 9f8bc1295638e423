"""A stranger's floods against the real app and its phones' server on the
loopback: does the table keep drawing, and does anything grow?

The app runs in its own process with 1,024 open files at most (the usual
desktop limit), SDL's dummy drivers, phones on 127.0.0.1 and a bots' game
saved after every move, paced as `App.run` paces it (tests/table/phones/flood.py);
this process is the attacker.

1. Half-open flood. Rounds alternate: a quiet stretch of frames (the baseline),
   then the same number of frames while this process holds 1,100 connections,
   each with a request whose headers never end (more connections than the app
   may open files). Printed per kind: median frames/s (wall) and CPU ms a frame
   over the rounds, the ratio flood/quiet, the most connections the phones'
   gate held, the app's open files, and how many of the 1,100 the app had not
   closed at the end of the round.
2. Unknown-face flood. 200,000 requests for card pictures no game has
   (`/card/nope/<n>.png`, pipelined over 8 connections): card pictures kept
   and resident memory before and after, beside the same after each of UNO
   Hau drauf's 54 distinct faces was asked for once (what a game's phones fetch).

Run by hand: `python bench/bench_phones_flood.py [--rounds N] [--frames N] [--faces N]`.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.table.phones import flood  # noqa: E402

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


def unknown_face_flood(app: flood.ChildApp, faces: int) -> None:
    from table.faces import KITS
    before = app.ask("frames 30")
    deck = sorted(set(KITS["uno-hau-drauf"].faces()))
    for face in deck:
        urllib.request.urlopen(f"http://127.0.0.1:{app.port}/card/{face}.png", timeout=30).read()
    known = app.ask("frames 30")
    answered = flood.unknown_faces(app.port, faces)
    after = app.ask("frames 30")
    print(f"unknown-face flood: {answered} of {faces} answered 404")
    for name, row in (("at start", before), (f"{len(deck)} real faces", known), (f"+{faces} unknown", after)):
        print(f"  {name:>16}: {row['cards']:4d} pictures kept, RSS {row['rss_mb']:6.1f} MB")
    print(f"  the flood's growth: {after['cards'] - known['cards']} pictures, "
          f"{after['rss_mb'] - known['rss_mb']:+.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--faces", type=int, default=200_000)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < ATTACKERS + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(ATTACKERS + 256, hard), hard))
    app = flood.ChildApp(Path(tempfile.mkdtemp(prefix="haudrauf-flood-")))
    try:
        half_open_flood(app, args.rounds, args.frames)
        unknown_face_flood(app, args.faces)
    finally:
        print(f"the app ended with exit code {app.close()}")


if __name__ == "__main__":
    main()
