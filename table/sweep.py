"""`haudrauf sweep`: the same game over several speeds, bot difficulties and
player counts, to see which timer suits whom.

Every game of every configuration gets its own seed, spawned from the master
seed (`numpy.random.SeedSequence`), and games are merged in a fixed order, so
the figures are the same whichever number of worker processes played them.
Workers are processes (the games are pure Python: threads would share one
core); each plays a chunk of one configuration's games with `simulate`."""
from __future__ import annotations

import contextlib
import itertools
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable

import numpy as np

from device.settings import UnitSettings
from engine.bots.base import DIFFICULTIES
from table.simulate import SimStats, simulate

#: Games one worker task plays: enough to pay for the trip to a process, few
#: enough that a slow configuration (slow bots, a fast timer) is shared out.
CHUNK = 2


@dataclass(frozen=True)
class Config:
    speed: float | None  # seconds per turn; None: no limit
    difficulty: str
    players: int

    def label(self) -> str:
        speed = "none" if self.speed is None else f"{self.speed:g} s"
        return f"{speed:>6}  {self.difficulty:7}  {self.players} players"


@dataclass(frozen=True)
class Task:
    game: str
    config: Config
    seeds: tuple[int, ...]  # one per game
    settings: UnitSettings
    timer: bool


def play(task: Task) -> SimStats:
    """One chunk of games, each from its own seed (run in a worker process)."""
    settings = task.settings.with_changes(turn_time=task.config.speed)
    total = None
    for seed in task.seeds:
        stats = simulate(task.game, task.config.players, 1, seed, difficulty=task.config.difficulty,
                         settings=settings, timer=task.timer)
        total = stats if total is None else total.add(stats)
    return total


def tasks(game: str, configs: list[Config], games: int, seed: int, settings: UnitSettings,
          timer: bool) -> list[Task]:
    """Every configuration's games in chunks, the seeds spawned from the master seed."""
    children = np.random.SeedSequence(seed).spawn(len(configs))
    out = []
    for config, child in zip(configs, children):
        seeds = [int(s.generate_state(1)[0]) for s in child.spawn(games)]
        out += [Task(game, config, tuple(seeds[i:i + CHUNK]), settings, timer) for i in range(0, games, CHUNK)]
    return out


def local_workers(workers: int) -> ProcessPoolExecutor:
    # spawned, not forked: a fork of a process running threads (pygame's, a test runner's) can deadlock
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def sweep(game: str, speeds: list[float | None], difficulties: list[str], players: list[int], games: int,
          seed: int, settings: UnitSettings, timer: bool = False, workers: int = 1,
          progress: Callable[[int], None] | None = None, executor: Executor | None = None) -> dict[Config, SimStats]:
    """Each configuration's figures, in the order asked for. The games are
    played by `executor` (a cluster's, say) or else by `workers` local processes."""
    unknown = [d for d in difficulties if d not in DIFFICULTIES]
    if unknown:
        raise ValueError(f"unknown difficulty {unknown[0]!r}; difficulties: {', '.join(DIFFICULTIES)}")
    configs = [Config(s, d, p) for s, d, p in itertools.product(speeds, difficulties, players)]
    work = tasks(game, configs, games, seed, settings, timer)
    results: dict[Config, SimStats] = {}
    done = 0
    with contextlib.nullcontext(executor) if executor else local_workers(workers) as pool:
        for task, stats in zip(work, pool.map(play, work)):  # map keeps the order: merging never depends on timing
            results[task.config] = stats if task.config not in results else results[task.config].add(stats)
            done += len(task.seeds)
            if progress:
                progress(done)
    return results


def report(results: dict[Config, SimStats]) -> str:
    lines = ["  speed   bots     players   timed out   minutes/game   stopped"]
    for config, stats in results.items():
        lines.append(f"  {config.label()}   {stats.timeouts / max(stats.turns, 1):9.1%}   "
                     f"{stats.played_seconds / 60 / max(stats.games, 1):12.1f}   {sum(stats.stopped.values()):7d}")
    return "\n".join(lines)


def to_dict(results: dict[Config, SimStats]) -> list[dict]:
    """Without the wall-clock seconds: the same seed gives the same data."""
    rows = []
    for config, stats in results.items():
        data = stats.to_dict()
        rows.append({"speed": config.speed, "difficulty": config.difficulty, "players": config.players, **data})
    return rows
