"""`haudrauf sweep`: the same game over several speeds, bot difficulties and
player counts, to see which timer suits whom.

Every game of every configuration gets its own seed, spawned in order from
the master seed (`numpy.random.SeedSequence`), and games are merged in a fixed
order, so the figures are the same whichever number of worker processes (or
whichever executor: a cluster's) played them. Workers are processes (the games
are pure Python: threads would share one core); each plays a chunk of one
configuration's games with `simulate`.

With a `precision`, each configuration plays fixed-size batches until the
95 % confidence interval of its timed-out share is within ± precision (or its
games reach the cap). Whether a configuration goes on is decided from its own
batches only, merged in order once a whole batch is in: never from timing, so
precision sweeps are as reproducible as the others, and their games are the
first games of the same sweep without a precision."""
from __future__ import annotations

import contextlib
import csv
import io
import itertools
import multiprocessing
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from haudrauf.device.settings import UnitSettings
from haudrauf.engine.bots.base import DIFFICULTIES
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH
from haudrauf.tuner.simulate import SimStats, simulate

#: Games one worker task plays: enough to pay for the trip to a process, few
#: enough that a slow configuration (slow bots, a fast timer) is shared out.
CHUNK = 2
#: Games a configuration plays between two looks at its precision: enough
#: games for a first spread of timeouts between games to mean something.
BATCH = 20


@dataclass(frozen=True)
class Config:
    speed: float | None  # seconds per turn; None: no limit
    difficulty: str
    players: int

    def label(self) -> str:
        speed = "none" if self.speed is None else f"{self.speed:g} s"
        return f"{speed:>6}  {self.difficulty:7}  {self.players} players"

    def model(self) -> str:
        """Who plays, as a chart's legend says it."""
        return f"{self.difficulty}, {self.players} players"


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


def precise(stats: SimStats, precision: float | None) -> bool:
    """Whether the timed-out share is known within ± precision (95 % confidence)."""
    margin = stats.timeout_margin()
    return precision is not None and margin is not None and margin <= precision


@dataclass
class Run:
    """One configuration's games: its seeds, in order; the figures of its
    finished batches; the chunks of the batch in play."""
    config: Config
    seeds: np.random.SeedSequence
    stats: SimStats | None = None
    pending: list[Future] = field(default_factory=list)
    left: int = 0  # chunks of the batch in play not in yet

    @property
    def played(self) -> int:
        return self.stats.games if self.stats else 0

    def batch(self, size: int) -> list[tuple[int, ...]]:
        """The next `size` games' seeds, in chunks (spawning goes on where the last batch stopped)."""
        seeds = [int(s.generate_state(1)[0]) for s in self.seeds.spawn(size)]
        return [tuple(seeds[i:i + CHUNK]) for i in range(0, size, CHUNK)]

    def merge(self) -> None:
        """The batch in play, all in, counted in chunk by chunk in order."""
        for future in self.pending:
            self.stats = future.result() if self.stats is None else self.stats.add(future.result())
        self.pending = []

    def wants_more(self, games: int, precision: float | None) -> bool:
        """Another batch: not without a precision, nor without a time limit (nothing times out), nor at the cap."""
        return (precision is not None and self.config.speed is not None and self.played < games
                and not precise(self.stats, precision))


def local_workers(workers: int) -> ProcessPoolExecutor:
    # spawned, not forked: a fork of a process running threads (pygame's, a test runner's) can deadlock
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def sweep(game: str, speeds: list[float | None], difficulties: list[str], players: list[int], games: int,
          seed: int, settings: UnitSettings, timer: bool = False, workers: int = 1,
          progress: Callable[[int, int, int], None] | None = None, executor: Executor | None = None,
          precision: float | None = None) -> dict[Config, SimStats]:
    """Each configuration's figures, in the order asked for: `games` games
    each, or with a `precision` batches until it is reached, `games` at most.
    The games are played by `executor` (a cluster's, say) or else by `workers`
    local processes. `progress(games played, games at most, configurations
    settled)` follows it; the most goes down as configurations settle early."""
    unknown = [d for d in difficulties if d not in DIFFICULTIES]
    if unknown:
        raise ValueError(f"unknown difficulty {unknown[0]!r}; difficulties: {', '.join(DIFFICULTIES)}")
    configs = [Config(s, d, p) for s, d, p in itertools.product(speeds, difficulties, players)]
    runs = [Run(config, child) for config, child in zip(configs, np.random.SeedSequence(seed).spawn(len(configs)))]
    batch = games if precision is None else min(BATCH, games)
    owners: dict[Future, Run] = {}  # the chunks in play, and whose they are
    done = settled = 0

    def start(pool: Executor, run: Run) -> None:
        size = min(batch, games - run.played)
        run.pending = [pool.submit(play, Task(game, run.config, seeds, settings, timer)) for seeds in run.batch(size)]
        run.left = len(run.pending)
        owners.update(dict.fromkeys(run.pending, run))

    def take(pool: Executor, future: Future) -> bool:
        """A chunk is in; when it ends its batch, the batch is merged and the next
        one started if need be (True: a batch was started)."""
        nonlocal done, settled
        run = owners.pop(future)
        done += future.result().games  # a game that failed raises here
        run.left -= 1
        started = False
        if not run.left:
            run.merge()
            started = run.wants_more(games, precision)
            if started:
                start(pool, run)
            else:
                settled += 1
        if progress:
            progress(done, sum(games if r.pending else r.played for r in runs), settled)
        return started

    with contextlib.nullcontext(executor) if executor else local_workers(workers) as pool:
        for run in runs:
            start(pool, run)
        try:
            while owners:
                for future in as_completed(list(owners)):
                    if take(pool, future):
                        break  # wait for the new batch's chunks too
        except BaseException:  # Ctrl-C, a failed game: the games not started yet are not played for nothing
            for future in owners:
                future.cancel()
            raise
    return {run.config: run.stats for run in runs}


def hit_cap(config: Config, stats: SimStats, precision: float | None) -> bool:
    """Whether a configuration played its most games without reaching the precision."""
    return precision is not None and config.speed is not None and not precise(stats, precision)


def heading(game_name, games: int, precision: float | None, lang: Language = ENGLISH) -> str:
    """What the table counts, in the reader's language (`game_name`: a name or its Message)."""
    if precision is None:
        return lang.ngettext("{game}, {n} game per configuration", "{game}, {n} games per configuration",
                             games).format(game=lang.say(game_name), n=games)
    return lang.gettext("{game}, games per configuration until the timed-out share is known within "
                        "± {points} points, at most {games}").format(
        game=lang.say(game_name), points=f"{precision * 100:g}", games=games)


COLUMNS = "  speed   bots     players      games   timed out     minutes/game     rounds/game   drawn   cut off"
#: A timed-out share from which a row is marked: the bots are far too slow for that turn time.
TOO_SLOW = 0.2


def report(results: dict[Config, SimStats], precision: float | None = None, lang: Language = ENGLISH) -> str:
    """The table a person reads, one row per configuration, and what its words mean (in `lang`;
    the columns' headings stay English, so that they line up with the figures)."""
    _ = lang.gettext
    lines = [COLUMNS]
    for config, stats in results.items():
        share = f"{stats.timeout_share:5.1%}" if config.speed is None else stats.share_words()
        cap = " (cap)" if hit_cap(config, stats, precision) else "      "
        slow = " *" if too_slow(config, stats) else "  "
        lines.append(f"  {config.label()}   {stats.games:6d}   {share:<11}{cap}"
                     f"{stats.per_finished_game(stats.played_seconds / 60):9.1f}{slow}   "
                     f"{stats.per_finished_game(stats.rounds):11.1f}   {stats.drawn:5d}   "
                     f"{sum(stats.stopped.values()):7d}")
    lines.append("  " + _("timed out: share of turns the buzzer ended, ± points for 95 % confidence "
                          "(from how games vary)"))
    if any(hit_cap(c, s, precision) for c, s in results.items()):
        lines.append("  " + _("(cap): played the most games (--games) without getting that precise"))
    lines.append("  " + _("minutes and rounds per game: of the games that ended; drawn: ended with nobody winning"))
    if any(too_slow(c, s) for c, s in results.items()):
        lines.append("  " + _("*: {share} of turns or more timed out: these bots think far slower than the turn "
                              "time allows, so penalty cards pile up and games drag on").format(
            share=f"{TOO_SLOW:.0%}"))
    reasons = sorted({why for stats in results.values() for why in stats.stopped})
    for why in reasons:
        lines.append("  " + _("cut off: stopped unfinished, {why}").format(why=lang.say(why)))
    return "\n".join(lines)


def too_slow(config: Config, stats: SimStats) -> bool:
    return config.speed is not None and stats.timeout_share >= TOO_SLOW


def to_dict(results: dict[Config, SimStats], precision: float | None = None) -> list[dict]:
    """Without the wall-clock seconds: the same seed gives the same data."""
    rows = []
    for config, stats in results.items():
        data = stats.to_dict()
        if precision is not None:
            data |= {"precision": precision, "hit_cap": hit_cap(config, stats, precision)}
        rows.append({"speed": config.speed, "difficulty": config.difficulty, "players": config.players, **data})
    return rows


CSV_COLUMNS = ("speed", "difficulty", "players", "games", "turns", "timeouts", "timeout_share",
               "timeout_share_margin", "minutes_per_game", "rounds_per_game", "drawn", "cut_off", "hit_cap")


def to_csv(results: dict[Config, SimStats], precision: float | None = None) -> str:
    """One row per configuration (`haudrauf sweep --csv`), for a spreadsheet; no limit is an empty speed."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in to_dict(results, precision):
        row["cut_off"] = sum(row["stopped"].values())
        writer.writerow(["" if row.get(c) is None else row[c] for c in CSV_COLUMNS])
    return out.getvalue()

