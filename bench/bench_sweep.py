"""Games per second of `haudrauf sweep` with 1 worker against 2 workers, in one
run, interleaved over several rounds (the machine is shared: a lone time means
little). The unit of work is the same on both sides: the same configurations
and the same seeds, so the same games move for move (the figures are checked
to be equal). Wall time is what a sweep's user waits for; CPU time (this
process and its workers) shows the work was the same.

    python bench/bench_sweep.py [GAMES] [ROUNDS]
"""
from __future__ import annotations

import json
import resource
import statistics
import sys
import time

from device.settings import UnitSettings
from table.sweep import sweep, to_dict

CONFIG = dict(game="uno-hau-drauf", speeds=[None, 6.0, 4.0], difficulties=["easy", "normal", "hard"], players=[4])


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_run(workers: int, games: int) -> tuple[float, float, str]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    results = sweep(CONFIG["game"], CONFIG["speeds"], CONFIG["difficulties"], CONFIG["players"], games, 1,
                    UnitSettings(), workers=workers)
    return time.perf_counter() - wall, cpu_seconds() - cpu, json.dumps(to_dict(results))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    total = games * len(CONFIG["speeds"]) * len(CONFIG["difficulties"])
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    figures = set()
    for _ in range(rounds):
        for workers in (1, 2):  # interleaved: both see the same machine
            wall, cpu, data = one_run(workers, games)
            walls[workers].append(wall)
            cpus[workers].append(cpu)
            figures.add(data)
    assert len(figures) == 1, "1 and 2 workers must give the same figures"
    print(f"sweep of {total} UNO Hau drauf games (3 speeds x 3 difficulties x {games}), {rounds} rounds:")
    for workers in (1, 2):
        rate = total / statistics.median(walls[workers])
        print(f"  {workers} worker{'s' if workers > 1 else ' '}  {rate:7.1f} games/s (median wall)   "
              f"CPU {statistics.median(cpus[workers]):6.1f} s per sweep")
    print(f"  speed-up 2 vs 1 workers: {statistics.median(walls[1]) / statistics.median(walls[2]):.2f}x")


if __name__ == "__main__":
    main()
