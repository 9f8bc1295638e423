"""Games per second of `haudrauf sweep` with 1 worker against 2 workers, with
and without `--precision`, in one run, interleaved over several rounds (the
machine is shared: a lone time means little).

The unit of work is the same on both sides of a ratio: the same
configurations and the same seeds, so the same games move for move (the
figures are checked to be equal for 1 and 2 workers). Without a precision
every configuration plays GAMES games; with one (± PRECISION, at most CAP
games) each plays batches until its timed-out share is that precise, so the
games played differ by configuration but not by worker count.

Wall time is what a sweep's user waits for, so games/s and the speed-up are
games over median wall seconds. CPU time is counted for this process and its
worker processes (their time is known once they are joined, at the end of
each sweep): about equal CPU on both sides shows the second worker did no
extra work, and CPU/wall shows how busy the two cores were — on a machine
other work keeps busy too (the load average is printed), CPU/wall stays far
below the worker count and the speed-up says little. A precision sweep
keeps the cores less busy towards its end, when only the configurations still
short of the precision have games left to play.

    python bench/bench_sweep.py [GAMES] [ROUNDS] [PRECISION] [CAP]
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time

from haudrauf.device.settings import UnitSettings
from haudrauf.tuner.sweep import sweep, to_dict

CONFIG = dict(game="uno-hau-drauf", speeds=[None, 6.0, 4.0], difficulties=["easy", "normal", "hard"], players=[4])


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_run(workers: int, games: int, precision: float | None) -> tuple[float, float, int, str]:
    """Wall and CPU seconds, games played, and the figures as JSON."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    results = sweep(CONFIG["game"], CONFIG["speeds"], CONFIG["difficulties"], CONFIG["players"], games, 1,
                    UnitSettings(), workers=workers, precision=precision)
    played = sum(stats.games for stats in results.values())
    return time.perf_counter() - wall, cpu_seconds() - cpu, played, json.dumps(to_dict(results, precision))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    precision = float(sys.argv[3]) if len(sys.argv) > 3 else 0.005
    cap = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    modes = {"without --precision": (games, None), f"--precision {precision:g} (at most {cap})": (cap, precision)}
    walls = {(mode, w): [] for mode in modes for w in (1, 2)}
    cpus = {(mode, w): [] for mode in modes for w in (1, 2)}
    played, figures = {}, {mode: set() for mode in modes}
    load_before = os.getloadavg()[0]
    for _ in range(rounds):
        for mode, (most, p) in modes.items():
            for workers in (1, 2):  # interleaved: both see the same machine
                wall, cpu, played[mode], data = one_run(workers, most, p)
                walls[mode, workers].append(wall)
                cpus[mode, workers].append(cpu)
                figures[mode].add(data)
    assert all(len(f) == 1 for f in figures.values()), "1 and 2 workers must give the same figures"
    configurations = len(CONFIG["speeds"]) * len(CONFIG["difficulties"])
    print(f"sweep of UNO Hau drauf, 4 players, 3 speeds x 3 difficulties = {configurations} configurations, "
          f"{rounds} rounds (medians); load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after "
          f"on {os.cpu_count()} cores:")
    for mode in modes:
        print(f"  {mode}: {played[mode]} games per sweep")
        for workers in (1, 2):
            wall, cpu = statistics.median(walls[mode, workers]), statistics.median(cpus[mode, workers])
            print(f"    {workers} worker{'s' if workers > 1 else ' '}  {played[mode] / wall:6.2f} games/s   "
                  f"wall {wall:6.1f} s   CPU {cpu:6.1f} s   CPU/wall {cpu / wall:4.2f}")
        ratio = statistics.median(walls[mode, 1]) / statistics.median(walls[mode, 2])
        print(f"    speed-up 2 vs 1 workers: {ratio:.2f}x")


if __name__ == "__main__":
    main()
