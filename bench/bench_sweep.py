"""Games per second of `haudrauf sweep` with 1 worker against 2 workers, with
and without `--precision`, in one run, interleaved over several rounds (the
machine is shared: a lone time means little); `--cluster`: the same sweeps
on a Dask local cluster of 1 and of 2 worker processes (one thread each, a
new cluster for every sweep, as `sweep --scheduler` would use it).

The unit of work is the same on both sides of a ratio: the same
configurations and the same seeds, so the same games move for move (the
figures are checked to be equal for 1 and 2 workers; that the cluster's are
those of local workers, `tests/tuner/test_cluster.py` checks). Without a
precision every configuration plays GAMES games; with one (± PRECISION, at
most CAP games) each plays batches until its timed-out share is that precise,
so the games played differ by configuration but not by worker count.

Wall time is what a sweep's user waits for, so games/s and the speed-up are
games over median wall seconds. On a machine other work keeps busy (the load
average is printed) the wall times say as much about the neighbours as about
the sweep, so each game task is also timed inside its worker, wall and CPU:

- busy: the share of the sweep's wall time the workers spent playing (the
  rest: starting, waiting for work between tasks, idle at the end while
  another worker plays the last games);
- core: CPU over wall while playing — below 1, the machine gave the worker's
  core to someone else part of the time;
- per worker: the CPU seconds of games it played (equal: the work was shared
  evenly), when its first task began (and, local, the CPU its start took:
  Python and the imports), how long before the end its last task ended;
- quiet: the speed-up the same sweeps would show if every worker had its core
  to itself — each worker's wall time with its playing and its start counted
  as their CPU time (its waits and idle end kept as measured, so still
  stretched by the load), the slowest worker's for the sweep.

Local workers' CPU also counts this process and the joined worker processes
(`getrusage`): about equal CPU on both sides shows the second worker did no
extra work.

    python bench/bench_sweep.py [GAMES] [ROUNDS] [PRECISION] [CAP] [--cluster]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from dataclasses import dataclass

from haudrauf.device.settings import UnitSettings
from haudrauf.tuner.simulate import SimStats
from haudrauf.tuner.sweep import Task, local_workers, play, sweep, to_dict

CONFIG = dict(game="uno-hau-drauf", speeds=[None, 6.0, 4.0], difficulties=["easy", "normal", "hard"], players=[4])


@dataclass(frozen=True)
class Span:
    """One task as its worker saw it (the monotonic clock is the machine's, the same in every process)."""
    worker: int
    start: float
    end: float
    cpu: float
    cpu_before: float  # the worker process's CPU seconds before the task: its start, at its first task


def timed_play(task: Task) -> tuple[SimStats, Span]:
    """The sweep's task, timed where it runs."""
    start, cpu = time.monotonic(), time.process_time()
    stats = play(task)
    return stats, Span(os.getpid(), start, time.monotonic(), time.process_time() - cpu, cpu)


class Timed(Executor):
    """Another executor whose tasks are timed in their workers; the sweep sees only the figures."""

    def __init__(self, inner: Executor) -> None:
        self.inner, self.spans = inner, []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        assert fn is play
        outer = Future()

        def done(inner: Future) -> None:
            if inner.cancelled():
                outer.cancel()
            elif inner.exception() is not None:
                outer.set_exception(inner.exception())
            else:
                stats, span = inner.result()
                self.spans.append(span)
                outer.set_result(stats)
        self.inner.submit(timed_play, *args, **kwargs).add_done_callback(done)
        return outer


@dataclass
class Measure:
    wall: float
    cpu: float | None  # this process and its joined children; None on the cluster
    played: int
    figures: str
    spans: list[Span]
    began: float  # monotonic time the sweep began
    spawned: bool  # the workers were started within the sweep's time (local ones)

    def per_worker(self) -> dict[int, list[Span]]:
        workers: dict[int, list[Span]] = {}
        for span in sorted(self.spans, key=lambda s: s.start):
            workers.setdefault(span.worker, []).append(span)
        return workers

    def busy(self) -> float:
        workers = self.per_worker()
        return sum(s.end - s.start for s in self.spans) / (len(workers) * self.wall)

    def core(self) -> float:
        return sum(s.cpu for s in self.spans) / sum(s.end - s.start for s in self.spans)

    def quiet_wall(self) -> float:
        """The slowest worker's wall time had its playing (and its start, when it was
        started within the sweep) run at CPU speed."""
        return max(self.wall - sum(s.end - s.start - s.cpu for s in spans)
                   - (spans[0].start - self.began - spans[0].cpu_before if self.spawned else 0.0)
                   for spans in self.per_worker().values())

    def worker_words(self) -> str:
        end = self.began + self.wall
        return "; ".join(f"CPU {sum(s.cpu for s in spans):5.1f} s, first task at {spans[0].start - self.began:4.2f} s"
                         + (f" (its start took {spans[0].cpu_before:4.2f} s CPU)" if self.spawned else "")
                         + f", last ended {end - spans[-1].end:4.2f} s before the end"
                         for spans in self.per_worker().values())


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@contextmanager
def cluster_pool(workers: int):
    """A new Dask local cluster of `workers` processes (started before the clock: a cluster is
    there before a sweep is sent to it, and its workers have imported the project by then)."""
    from distributed import LocalCluster
    from haudrauf.tuner.cluster import connect
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0") as local:
        with connect(local.scheduler_address) as pool:
            yield pool


def one_run(cluster: bool, workers: int, games: int, precision: float | None) -> Measure:
    """One sweep; local workers are timed from their start (as `sweep --workers N` makes them) to their end."""
    if cluster:
        with cluster_pool(workers) as pool:
            return timed_sweep(pool, games, precision, time.monotonic(), spawned=False)
    began, cpu = time.monotonic(), cpu_seconds()
    with local_workers(workers) as pool:
        measure = timed_sweep(pool, games, precision, began, spawned=True)
    measure.wall, measure.cpu = time.monotonic() - began, cpu_seconds() - cpu  # the workers joined
    return measure


def timed_sweep(pool: Executor, games: int, precision: float | None, began: float, spawned: bool) -> Measure:
    timed = Timed(pool)
    results = sweep(CONFIG["game"], CONFIG["speeds"], CONFIG["difficulties"], CONFIG["players"], games, 1,
                    UnitSettings(), executor=timed, precision=precision)
    played = sum(stats.games for stats in results.values())
    return Measure(time.monotonic() - began, None, played, json.dumps(to_dict(results, precision)), timed.spans, began,
                   spawned)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=20)
    parser.add_argument("rounds", nargs="?", type=int, default=3)
    parser.add_argument("precision", nargs="?", type=float, default=0.005)
    parser.add_argument("cap", nargs="?", type=int, default=60)
    parser.add_argument("--cluster", action="store_true", help="a Dask local cluster's workers, not local processes")
    args = parser.parse_args()
    modes = {"without --precision": (args.games, None),
             f"--precision {args.precision:g} (at most {args.cap})": (args.cap, args.precision)}
    runs: dict[tuple[str, int], list[Measure]] = {(mode, w): [] for mode in modes for w in (1, 2)}
    load_before = os.getloadavg()[0]
    for _ in range(args.rounds):
        for mode, (most, precision) in modes.items():
            for workers in (1, 2):  # interleaved: both see the same machine
                runs[mode, workers].append(one_run(args.cluster, workers, most, precision))
    for mode in modes:
        figures = {m.figures for w in (1, 2) for m in runs[mode, w]}
        assert len(figures) == 1, "1 and 2 workers must give the same figures"
    where = "a Dask local cluster (one thread a worker process)" if args.cluster else "local worker processes"
    configurations = len(CONFIG["speeds"]) * len(CONFIG["difficulties"])
    print(f"sweep of UNO Hau drauf, 4 players, 3 speeds x 3 difficulties = {configurations} configurations, "
          f"on {where}, {args.rounds} rounds (medians); load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores:")
    for mode in modes:
        played = runs[mode, 1][0].played
        print(f"  {mode}: {played} games per sweep")
        for workers in (1, 2):
            print("    " + mode_line(workers, runs[mode, workers], played))
        wall = [statistics.median(m.wall for m in runs[mode, w]) for w in (1, 2)]
        quiet = [statistics.median(m.quiet_wall() for m in runs[mode, w]) for w in (1, 2)]
        print(f"    speed-up 2 vs 1 workers: {wall[0] / wall[1]:.2f}x measured, {quiet[0] / quiet[1]:.2f}x quiet")


def mode_line(workers: int, measures: list[Measure], played: int) -> str:
    middle = sorted(measures, key=lambda m: m.wall)[len(measures) // 2]  # the median run, for its per-worker figures
    wall = middle.wall
    cpu = "" if middle.cpu is None else f"   CPU {middle.cpu:6.1f} s   CPU/wall {middle.cpu / wall:4.2f}"
    return (f"{workers} worker{'s' if workers > 1 else ' '}  {played / wall:6.2f} games/s   wall {wall:6.1f} s{cpu}"
            f"   busy {middle.busy():4.0%}   core {middle.core():4.0%}   quiet {middle.quiet_wall():6.1f} s\n"
            f"              {middle.worker_words()}")


if __name__ == "__main__":
    main()
