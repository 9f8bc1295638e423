"""`haudrauf tune` and the Settings' "Tune for these players…": which turn
time, and how much extra time for whom, so that a group's turns time out
about equally often, on a share of turns inside a target band (5–10 %
unless told).

Each person plays at their own seat with their own reaction model (fitted
from their recorded times: tuner/people.py); heuristic bots choose the
moves, and take each person's turns as long as the person does (a bot
thinks per move: `people.playing` turns a person's turn times into that).
How the answer is found:

1. Scan. The group plays with every seat on the same time limit, a second
   apart: up from 6 s until every seat times out less often than the band's
   bottom, then down towards 3 s until every seat is above its top. Every
   setting plays the same games (seeds spawned from the master seed), so the
   curves differ by the time limit, not by luck. A seat's share depends on
   its own limit, so the scan also says what a seat would get with extra
   time; between the limits played it is interpolated. No seat plays a
   limit below 1.2 times its mean turn time (but at most 30 s, the most
   extra time, above the limit the others play), and a seat that times
   out on 30 % of its turns (or twice the band's top) is held at that
   limit: a game where one player's every turn times out may never end.
2. Speed. The turn time (3–15 s) whose share over the seats that play
   without extra time is nearest the band's middle — at first every seat.
   Seats above the band at that speed will get extra time instead, so the
   speed is found again for the others; and when some of them are below the
   band, the quick ones set the speed and the rest get extra time. This ends
   when the seats setting the speed are all inside the band (or no speed can
   put them there: then the nearest is taken and said).
3. Extra time. Each seat above the band at that speed gets the whole
   seconds (the Settings' step, up to 30 s) that bring it nearest the
   band's middle; one still above it with 30 s is told, and by how much.
4. Check. The recommendation is played, on the same games; a seat that
   landed outside the band moves a second towards it and it is played again
   (a few times at most), since one seat's time changes the game for the
   others. The best setting played is the answer, with the shares it got.

The work comes as batches of unit settings (`plan`, a generator) that a
`Run` plays one chunk at a time in this process, or hands to worker
processes and polls — the command line waits on it, the tune scene polls it
once a frame and stays responsive."""
from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
import math
from dataclasses import dataclass
from typing import Callable, Generator

import numpy as np

from haudrauf.device.settings import MAX_EXTRA_TIME, SEATS, UnitSettings
from haudrauf.engine import registry
from haudrauf.engine.bots.base import ReactionModel
from haudrauf.tuner.people import playing
from haudrauf.tuner.simulate import SimStats, simulate
from haudrauf.tuner.sweep import CHUNK
from haudrauf.play.messages import in_seconds
from haudrauf.tuner.tuning import Band, Group, Tuning, listed, percent
from haudrauf.words import Message, msg

#: The steps of the Settings' − / + buttons for the turn time and the extra time.
SPEED_STEP, EXTRA_STEP = 0.5, 1
#: The turn times recommended: quick to relaxed.
SPEEDS = tuple(3 + i * SPEED_STEP for i in range(int((15 - 3) / SPEED_STEP) + 1))
#: The time limits the scan plays, a second apart (between them a seat's share is interpolated), up to
#: the longest a seat can have: the slowest speed and the most extra time.
LIMITS = tuple(float(t) for t in range(int(SPEEDS[0]), int(SPEEDS[-1]) + MAX_EXTRA_TIME + 1))
#: Where the scan starts (the speed switch's 6 s), and time limits played per batch (the workers share them out).
START, BATCH = 6.0, 2
#: A seat timing out on more of its turns than this (or twice the band's top) gets no shorter limit in the
#: scan, nor one shorter than SAFE times its mean turn time: its games might never end. (A log-normal
#: person with a usual spread runs out of time on about a quarter of their turns at 1.2 times their mean.)
HOPELESS, SAFE = 0.3, 1.2
#: Plays of the recommendation at most (the first, and nudges of a second).
CHECKS = 3
#: Games played at each setting.
GAMES = 10
BOT = "heuristic"


def shares(stats: SimStats) -> tuple[float, ...]:
    """Each seat's share of its turns that the buzzer ended."""
    return tuple(seat.timeouts / max(seat.turns, 1) for seat in stats.seats)



def with_times(base: UnitSettings, speed: float, extra: tuple[float, ...] = ()) -> UnitSettings:
    """The unit settings with this speed and per-seat extra time (none for the seats not given)."""
    return base.with_changes(turn_time=speed, extra_time=tuple(extra) + (0.0,) * (SEATS - len(extra)))



# --- deciding ----------------------------------------------------------------------------------------------------


class Scan:
    """Each seat's timed-out turns and turns at every time limit it played with."""

    def __init__(self, players: int) -> None:
        self.seen: list[dict[float, list[int]]] = [{} for _ in range(players)]

    def add(self, settings: UnitSettings, stats: SimStats) -> None:
        for seat, (counts, figures) in enumerate(zip(self.seen, stats.seats)):
            tally = counts.setdefault(settings.turn_limit(seat), [0, 0])
            tally[0] += figures.timeouts
            tally[1] += figures.turns

    def share(self, seat: int, limit: float) -> float:
        """Measured, or between two limits it played, in proportion; below them
        it is hopeless (1), above them as at the longest (below the band: the scan went on until it was)."""
        limits = sorted(self.seen[seat])
        measured = [timeouts / max(turns, 1) for timeouts, turns in (self.seen[seat][t] for t in limits)]
        return float(np.interp(limit, limits, measured, left=1.0))

    def mean(self, seats, limit: float) -> float:
        return sum(self.share(s, limit) for s in seats) / len(seats)

    def limits(self) -> list[float]:
        return sorted({limit for counts in self.seen for limit in counts})

    def curves(self) -> list[list[float | None]]:
        """Per seat, its share at every limit any seat played (None where it did not play that limit)."""
        limits = self.limits()
        return [[self.share(seat, limit) if limit in counts else None for limit in limits]
                for seat, counts in enumerate(self.seen)]


def choose_speed(scan: Scan, band: Band, seats) -> float:
    """The speed whose share over `seats` is nearest the band's middle (inside it if any is)."""
    played = scan.limits()
    candidates = [s for s in SPEEDS if played[0] <= s <= played[-1]] or [min(SPEEDS, key=lambda s: abs(s - played[0]))]
    return min(candidates, key=lambda speed: band.fit(scan.mean(seats, speed)))


def setting_speed(scan: Scan, band: Band, players: int) -> tuple[float, list[int]]:
    """The speed, and the seats that set it (step 2 of the module's doc): each
    round the seats above the band leave, or, with none above, the ones below
    the band set it alone; the group only ever shrinks, so it ends."""
    seats = list(range(players))
    while True:
        speed = choose_speed(scan, band, seats)
        above = [s for s in seats if scan.share(s, speed) > band.high]
        below = [s for s in seats if scan.share(s, speed) < band.low]
        keep = [s for s in seats if s not in above] if above else below if below else seats
        if not keep or keep == seats:
            return speed, seats
        seats = keep


def choose_extra(scan: Scan, band: Band, speed: float, seat: int) -> float:
    """The whole seconds bringing a seat above the band nearest its middle (0 for a seat not above)."""
    if scan.share(seat, speed) <= band.high:
        return 0.0
    extras = range(0, MAX_EXTRA_TIME + 1, EXTRA_STEP)
    return float(min(extras, key=lambda e: band.fit(scan.share(seat, speed + e))))


def nudged(extra: tuple[float, ...], played: tuple[float, ...], band: Band) -> tuple[float, ...]:
    """A second more for a seat above the band, a second less for one below it that has extra time."""
    out = []
    for e, share in zip(extra, played):
        if share > band.high:
            e = min(e + EXTRA_STEP, MAX_EXTRA_TIME)
        elif share < band.low:
            e = max(e - EXTRA_STEP, 0)
        out.append(float(e))
    return tuple(out)


def misfit(band: Band, played: tuple[float, ...], extra: tuple[float, ...]) -> tuple:
    """Orders the settings played: fewest seats outside the band, then nearest it, then least extra time."""
    return (sum(not band.holds(s) for s in played), sum(band.outside(s) for s in played),
            sum(abs(s - band.middle) for s in played), sum(extra))


Batch = list[UnitSettings]
Steps = Generator[Batch, list[SimStats], Tuning]


def scanning(scan: Scan, band: Band, base: UnitSettings, group: Group) -> Generator[Batch, list[SimStats], None]:
    """Step 1 of the module's doc. Each seat has a shortest limit it plays
    (its floor; the difference is its extra time): at first SAFE times its
    mean turn time, and on the way down, the limit where it timed out on
    more than `held` of its turns. Down, one limit at a time: the next might
    be the one where a seat's every turn times out."""
    players = range(len(group.names))
    floors = [float(math.ceil(SAFE * model.think_mean_s)) for model in group.models]
    held = max(HOPELESS, 2 * band.high)

    def played(limits: list[float]):
        batch = [with_times(base, limit, tuple(extra_up_to(floors[s], limit) for s in players)) for limit in limits]
        for settings, stats in zip(batch, (yield batch)):
            scan.add(settings, stats)

    def below_the_band() -> bool:
        return bool(scan.limits()) and all(scan.share(s, max(scan.seen[s])) < band.low for s in players)

    up = [limit for limit in LIMITS if limit >= START]
    while up and not below_the_band():
        yield from played(up[:BATCH])
        up = up[BATCH:]
    def hold(limit: float) -> None:
        """A seat far above the band at this limit keeps the shortest where it was not."""
        for s in players:
            if floors[s] <= limit and scan.share(s, limit) > held:
                floors[s] = min((t for t in scan.seen[s] if scan.share(s, t) <= held), default=max(scan.seen[s]))

    hold(START)
    for limit in (limit for limit in reversed(LIMITS) if limit < START):
        yield from played([limit])
        hold(limit)
        if all(floors[s] > limit or scan.share(s, limit) > band.high for s in players):
            return


def extra_up_to(floor: float, limit: float) -> float:
    """The extra time that lifts a seat from `limit` to its floor, at most the
    Settings' most: a seat slower than that plays the longest it can have."""
    return min(max(0.0, floor - limit), float(MAX_EXTRA_TIME))


def plan(group: Group, band: Band, base: UnitSettings) -> Steps:
    """Yields the unit settings to play next and is sent their figures, in
    the same order; returns the answer (see the module's doc)."""
    players = len(group.names)
    scan = Scan(players)
    yield from scanning(scan, band, base, group)
    speed, setters = setting_speed(scan, band, players)
    extra = tuple(choose_extra(scan, band, speed, seat) for seat in range(players))
    tried: dict[tuple[float, ...], SimStats] = {}
    while extra not in tried and len(tried) < CHECKS:
        tried[extra] = (yield [with_times(base, speed, extra)])[0]
        extra = nudged(extra, shares(tried[extra]), band)
    extra, stats = min(tried.items(), key=lambda item: misfit(band, shares(item[1]), item[0]))
    tuning = Tuning(group, band, speed, extra, shares(stats), stats.timeouts / max(stats.turns, 1),
                    scan.limits(), scan.curves(), games=stats.games, turns=tuple(seat.turns for seat in stats.seats))
    tuning.notes = notes(tuning, scan, setters)
    return tuning


def notes(tuning: Tuning, scan: Scan, setters: list[int]) -> list[Message]:
    """What a person should know about an answer that is not quite what they asked for."""
    band, names, out = tuning.band, tuning.group.names, []
    share = scan.mean(setters, tuning.speed)
    if not band.holds(share):
        who = msg("the group") if len(setters) == len(names) else listed([names[s] for s in setters])
        said = dict(fastest=in_seconds(SPEEDS[0]), slowest=in_seconds(SPEEDS[-1]), who=who, band=band.words(),
                    time=in_seconds(tuning.speed), share=percent(share))
        out.append(msg("No turn time from {fastest} to {slowest} puts {who} within {band}: at the nearest, {time}, "
                       "only {share} of turns time out", **said) if share < band.low else
                   msg("No turn time from {fastest} to {slowest} puts {who} within {band}: at the nearest, {time}, "
                       "still {share} of turns time out", **said))
    for name, s, extra in zip(names, tuning.shares, tuning.extra):
        if s > band.high and extra == MAX_EXTRA_TIME:
            out.append(msg("{name} still times out on {share} of turns with the most extra time, +{extra}: {miss}",
                           name=name, share=percent(s), extra=in_seconds(MAX_EXTRA_TIME), miss=band.miss_words(s)))
        elif s < band.low and not extra:
            out.append(msg("{name} times out on only {share} of turns: quicker than the turn time needs, "
                           "and nobody's time can be shorter than it ({miss})",
                           name=name, share=percent(s), miss=band.miss_words(s)))
    return out


# --- playing -----------------------------------------------------------------------------------------------------


def game_seeds(seed: int, games: int) -> tuple[int, ...]:
    """One seed per game, spawned from the master seed as sweep.py does;
    every setting plays these same games."""
    return tuple(int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(games))


@dataclass(frozen=True)
class Job:
    """A chunk of games at one setting (played in a worker process, or here)."""
    group: Group
    settings: UnitSettings
    seeds: tuple[int, ...]


def players(group: Group) -> list[ReactionModel]:
    """The simulated players: each takes turns as long as the person's (a bot thinks per move, a person's
    model is of whole turns: see people.py)."""
    return [playing(model, group.game) for model in group.models]


def play(job: Job) -> SimStats:
    group = job.group
    timer = not registry.game_class(group.game).info.uses_unit
    total = None
    for seed in job.seeds:
        stats = simulate(group.game, len(group.names), 1, seed, bot_names=[BOT], reaction=players(group),
                         settings=job.settings, timer=timer)
        total = stats if total is None else total.add(stats)
    return total


class Run:
    """A tuning under way. Without an executor each `poll` plays one chunk
    here (a little per frame); with one, a batch's chunks go to its workers
    and `poll` only looks whether they are done."""

    def __init__(self, group: Group, band: Band = Band(), games: int = GAMES, seed: int = 0,
                 base: UnitSettings = UnitSettings(), executor: Executor | None = None) -> None:
        self.group, self.seeds, self.executor = group, game_seeds(seed, games), executor
        self.steps = plan(group, band, base)
        self.result: Tuning | None = None
        self.before = self.stopped = 0  # games of the batches done, and how many of them were stopped
        #: Roughly the games a tuning plays (a scan of about 8 limits and the checks), for a progress bar.
        self.expected = games * (8 + CHECKS)
        self.jobs: list[list[Job]] = []  # per setting of the batch, its chunks
        self.done: list[list[Future | SimStats]] = []  # per setting, its chunks handed out or played
        self.hand_out(next(self.steps))

    def hand_out(self, batch: Batch) -> None:
        self.jobs = [[Job(self.group, s, self.seeds[i:i + CHUNK]) for i in range(0, len(self.seeds), CHUNK)]
                     for s in batch]
        self.done = [[self.executor.submit(play, job) for job in jobs] if self.executor else []
                     for jobs in self.jobs]

    @property
    def played(self) -> int:
        """Games played so far."""
        return self.before + sum(len(job.seeds) for jobs, done in zip(self.jobs, self.done)
                                 for job, d in zip(jobs, done) if not isinstance(d, Future) or d.done())

    @property
    def progress(self) -> float:
        return 1.0 if self.result else min(0.99, self.played / self.expected)

    def pending(self) -> list[Future]:
        return [f for chunks in self.done for f in chunks if isinstance(f, Future) and not f.done()]

    def poll(self) -> Tuning | None:
        """Do the next bit of work, or see if the workers did; the answer once there is one."""
        if self.result is None and not self.play_one() and not self.pending():
            self.next_batch()
        return self.result

    def play_one(self) -> bool:
        """Without workers: play the next chunk of the batch here; False when none is left."""
        if self.executor is not None:
            return False
        for jobs, done in zip(self.jobs, self.done):
            if len(done) < len(jobs):
                done.append(play(jobs[len(done)]))
                return True
        return False

    def next_batch(self) -> None:
        figures = [merged(chunks) for chunks in self.done]
        self.before = self.played
        self.stopped += sum(sum(f.stopped.values()) for f in figures)
        try:
            self.hand_out(self.steps.send(figures))
        except StopIteration as finished:
            self.jobs = self.done = []
            self.result = finished.value
            self.result.played, self.result.stopped = self.before, self.stopped

    def wait(self, progress: Callable[[int], None] | None = None) -> Tuning:
        """Play it to the end (the command line)."""
        while self.poll() is None:
            if self.pending():
                wait(self.pending(), return_when=FIRST_COMPLETED)
            if progress:
                progress(self.played)
        if progress:
            progress(self.played)
        return self.result

    def cancel(self) -> None:
        """Leave the games being played unplayed."""
        for future in self.pending():
            future.cancel()


def merged(chunks: list) -> SimStats:
    stats = [c.result() if isinstance(c, Future) else c for c in chunks]
    total = stats[0]
    for more in stats[1:]:
        total.add(more)
    return total

