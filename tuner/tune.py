"""`haudrauf tune` and the Settings' "Tune for these players…": which turn
time, and how much extra time for whom, so that a group's turns time out
about equally often, on a share of turns inside a target band (5–10 %
unless told) — and how sure that share is.

Each person plays at their own seat with their own reaction model (fitted
from their recorded times: tuner/people.py); heuristic bots choose the
moves, and take each person's turns as long as the person does (a bot
thinks per move: `people.playing` turns a person's turn times into that).
How the answer is found:

1. Curves. The group plays a few games with no time limit, and every turn
   is kept with how long it took. A limit would have ended the turns longer
   than it, so each seat's whole curve — its share of turns longer than L,
   for every L — comes from those games at once.
2. Speed. The turn time (3–15 s, half seconds) whose share over the seats
   that play without extra time is nearest the band's middle — at first
   every seat. Seats above the band at that speed will get extra time
   instead, so the speed is found again for the others; and when some of
   them are below the band, the quick ones set the speed and the rest get
   extra time. This ends when the seats setting the speed are all inside
   the band (or no speed can put them there: then the nearest is taken and
   said).
3. Extra time. Each seat above the band at that speed gets the whole
   seconds (the Settings' step, up to 30 s) that bring it nearest the
   band's middle; one still above it with 30 s is told, and by how much.
4. Confirm. A timeout changes the game (penalty cards, more turns), so the
   recommendation is played, in batches of games, until every seat's
   timed-out share is known to within the precision asked (± 1.5 points,
   95 %: the interval from how games vary, never narrower than counting
   turns alone), or the most games a setting may play are played (then the
   answer says so). A seat that lands outside the band moves a second
   towards it and that is played again (a few times at most; one found
   plainly outside is left at once). The best setting played is the
   answer, known to that precision.

The work comes as batches of games to play (`plan`, a generator) that a
`Run` plays one game at a time in this process, or hands to worker
processes and polls — the command line waits on it, the tune scene polls it
once a frame and stays responsive. Whether to play on is decided from whole
batches, merged in order, so the answer does not depend on the workers."""
from __future__ import annotations

import math
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from typing import Callable, Generator

import numpy as np

from haudrauf.device.settings import MAX_EXTRA_TIME, SEATS, UnitSettings
from haudrauf.engine import registry
from haudrauf.play.messages import in_seconds
from haudrauf.tuner.people import playing
from haudrauf.tuner.simulate import SimStats, simulate
from haudrauf.tuner.tuning import PRECISION, Band, Group, Tuning, extra_words, listed, percent, share_interval
from haudrauf.words import Message, Number, msg

#: The steps of the Settings' − / + buttons for the turn time and the extra time.
SPEED_STEP, EXTRA_STEP = 0.5, 1
#: The turn times recommended: quick to relaxed.
SPEEDS = tuple(3 + i * SPEED_STEP for i in range(int((15 - 3) / SPEED_STEP) + 1))
#: The most games played at one setting unless told (`--games`): the curves' games, or a setting confirmed.
GAMES = 40
#: Games without a time limit for the curves (four people in UNO Hau drauf: some 1,000 turns each).
CURVE_GAMES = 6
#: The fewest games of a batch confirming a setting (one a core on a two-core machine), and how much of
#: the games played a later batch adds at most: a margin from a few games is itself unsure, and a batch
#: sized on one that came out wide would play on long after the precision was reached.
MORE, GROWTH = 2, 0.25
#: Settings confirmed at most (the first, and nudges of a second).
CHECKS = 3
BOT = "heuristic"


def with_times(base: UnitSettings, speed: float | None, extra: tuple[float, ...] = ()) -> UnitSettings:
    """The unit settings with this speed (None: no limit) and per-seat extra time (none for the seats not given)."""
    return base.with_changes(turn_time=speed, extra_time=tuple(extra) + (0.0,) * (SEATS - len(extra)))


# --- what games say ----------------------------------------------------------------------------------------------


@dataclass
class Games:
    """Games played at one setting: the simulator's figures and, per seat, each game's (turns, timeouts)."""
    stats: SimStats
    by_game: list[list[tuple[int, int]]]

    @classmethod
    def of_one(cls, stats: SimStats) -> "Games":
        return cls(stats, [[(seat.turns, seat.timeouts)] for seat in stats.seats])

    def add(self, other: "Games") -> "Games":
        self.stats.add(other.stats)
        for mine, theirs in zip(self.by_game, other.by_game):
            mine += theirs
        return self

    @property
    def games(self) -> int:
        return self.stats.games

    def shares(self) -> tuple[float, ...]:
        """Each seat's share of its turns that the buzzer ended."""
        return tuple(seat.timeouts / max(seat.turns, 1) for seat in self.stats.seats)

    def intervals(self) -> list[tuple[float, float]]:
        return [share_interval(pairs) for pairs in self.by_game]

    def margin(self) -> float:
        """The widest seat's half interval: how sure the least sure share is."""
        return max((high - low) / 2 for low, high in self.intervals())


class Curves:
    """Each seat's whole turns, played with no time limit: a limit would end the turns longer than it."""

    def __init__(self, stats: SimStats) -> None:
        self.seconds = [np.sort(np.asarray(seat.turn_ms, dtype=float)) / 1000 for seat in stats.seats]
        self.games = stats.games

    def turns_per_game(self, seat: int) -> float:
        return len(self.seconds[seat]) / max(self.games, 1)

    def share(self, seat: int, limit: float) -> float:
        turns = self.seconds[seat]
        return float(len(turns) - np.searchsorted(turns, limit, side="right")) / max(len(turns), 1)

    def mean(self, seats, limit: float) -> float:
        return sum(self.share(s, limit) for s in seats) / len(seats)

    def drawn(self, longest: float) -> tuple[list[float], list[list[float | None]]]:
        """The time limits a chart shows (3 s to `longest`, half seconds) and each seat's share at each."""
        limits = [SPEEDS[0] + i * SPEED_STEP for i in range(int((longest - SPEEDS[0]) / SPEED_STEP) + 1)]
        return limits, [[self.share(seat, limit) for limit in limits] for seat in range(len(self.seconds))]


# --- deciding ----------------------------------------------------------------------------------------------------


def choose_speed(curves: Curves, band: Band, seats) -> float:
    """The speed whose share over `seats` is nearest the band's middle (inside it if any is)."""
    return min(SPEEDS, key=lambda speed: band.fit(curves.mean(seats, speed)))


def setting_speed(curves: Curves, band: Band, players: int) -> tuple[float, list[int]]:
    """The speed, and the seats that set it (step 2 of the module's doc): each
    round the seats above the band leave, or, with none above, the ones below
    the band set it alone; the group only ever shrinks, so it ends."""
    seats = list(range(players))
    while True:
        speed = choose_speed(curves, band, seats)
        above = [s for s in seats if curves.share(s, speed) > band.high]
        below = [s for s in seats if curves.share(s, speed) < band.low]
        keep = [s for s in seats if s not in above] if above else below if below else seats
        if not keep or keep == seats:
            return speed, seats
        seats = keep


def choose_extra(curves: Curves, band: Band, speed: float, seat: int) -> float:
    """The whole seconds bringing a seat above the band nearest its middle (0 for a seat not above)."""
    if curves.share(seat, speed) <= band.high:
        return 0.0
    extras = range(0, MAX_EXTRA_TIME + 1, EXTRA_STEP)
    return float(min(extras, key=lambda e: band.fit(curves.share(seat, speed + e))))


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


@dataclass(frozen=True)
class Play:
    """Games `first` to `first + count - 1` of the seeded sequence, at these settings."""
    settings: UnitSettings
    first: int
    count: int


Batch = list[Play]
Steps = Generator[Batch, list[Games], Tuning]


@dataclass
class Aim:
    """What a tuning asks of its confirming games, and what the curves foretell of them."""
    band: Band
    precision: float
    most: int  # games at one setting
    curves: Curves

    def settled(self, played: Games) -> bool:
        return played.games >= self.most or played.games >= 2 and played.margin() <= self.precision

    def first_batch(self, speed: float, extra: tuple[float, ...]) -> int:
        """The games a setting is likely to need: for each seat, the turns that give Wilson's interval
        the precision at its share on the curve, over its turns a game there."""
        z, games = 1.96, MORE
        for seat, e in enumerate(extra):
            share, turns = self.curves.share(seat, speed + e), self.curves.turns_per_game(seat)
            games = max(games, math.ceil(z * z * share * (1 - share) / self.precision ** 2 / max(turns, 1)))
        return min(games, self.most)

    def next_batch(self, played: Games) -> int:
        """Games in the next batch: as many as the least sure seat's margin says are
        missing (a margin shrinks as one over the root of the games), within MORE and GROWTH, never
        past the most."""
        wanted = math.ceil(played.games * ((played.margin() / self.precision) ** 2 - 1))
        return min(max(MORE, min(wanted, math.ceil(played.games * GROWTH))), self.most - played.games)


def confirming(base: UnitSettings, speed: float, extra: tuple[float, ...], played: Games | None, aim: Aim,
               leave: Callable[[Games], bool] = lambda games: False) -> Generator[Batch, list[Games], Games]:
    """Plays the setting on from the games it has, batch by batch, until it is settled or `leave` says
    to stop; returns its games."""
    settings = with_times(base, speed, extra)
    while played is None or not (aim.settled(played) or leave(played)):
        first = played.games if played else 0
        size = aim.next_batch(played) if played else aim.first_batch(speed, extra)
        more = (yield [Play(settings, first, size)])[0]
        played = more if played is None else played.add(more)
    return played


def plan(group: Group, band: Band, base: UnitSettings, most: int = GAMES, precision: float = PRECISION) -> Steps:
    """Yields the games to play next and is sent their figures, in the same
    order; returns the answer (see the module's doc)."""
    players, curve_games = len(group.names), min(CURVE_GAMES, most)
    curves = Curves((yield [Play(with_times(base, None), 0, curve_games)])[0].stats)
    aim = Aim(band, precision, most, curves)
    speed, setters = setting_speed(curves, band, players)
    extra = tuple(choose_extra(curves, band, speed, seat) for seat in range(players))
    tried: dict[tuple[float, ...], Games] = {}

    def next_try(extra: tuple[float, ...], played: Games) -> tuple[float, ...] | None:
        """The setting to try after this one, if any is left to try."""
        more = nudged(extra, played.shares(), band)
        return None if more in tried or more == extra or len(tried) >= CHECKS else more

    def plainly_outside(extra: tuple[float, ...]) -> Callable[[Games], bool]:
        """A seat whose whole interval lies beyond the band, with a nudge left to try: no need to know
        how far beyond."""
        def leave(played: Games) -> bool:
            more = next_try(extra, played)
            return len(tried) + 1 < CHECKS and more is not None and any(
                band.verdict(interval) == "outside"
                for interval, e, m in zip(played.intervals(), extra, more) if e != m)
        return leave

    while extra is not None:
        tried[extra] = yield from confirming(base, speed, extra, None, aim, plainly_outside(extra))
        extra = next_try(extra, tried[extra])
    while True:  # the best played, known to the precision asked (one left early is played on)
        extra = min(tried, key=lambda e: misfit(band, tried[e].shares(), e))
        if aim.settled(tried[extra]):
            break
        tried[extra] = yield from confirming(base, speed, extra, tried[extra], aim)
    played = tried[extra]
    limits, shares = curves.drawn(max(SPEEDS[-1], speed + max(extra) + 3))
    stats = played.stats
    tuning = Tuning(group, band, speed, extra, played.shares(), stats.timeouts / max(stats.turns, 1), limits, shares,
                    games=played.games, turns=tuple(seat.turns for seat in stats.seats),
                    intervals=tuple(played.intervals()), curve_games=curve_games, precision=precision, most=most)
    tuning.notes = notes(tuning, curves, setters)
    return tuning


def notes(tuning: Tuning, curves: Curves, setters: list[int]) -> list[Message]:
    """What a person should know about an answer that is not quite what they asked for."""
    band, names, out = tuning.band, tuning.group.names, []
    share = curves.mean(setters, tuning.speed)
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
    unsure = [name for seat, name in enumerate(names) if tuning.margin(seat) > tuning.precision]
    if unsure:
        out.append(msg("{names}: not known within ± {points} points — games at the recommendation: {games}, "
                       "the most played at a setting", names=listed(unsure), points=tuning.precision_points(),
                       games=tuning.games))
    return out


# --- playing -----------------------------------------------------------------------------------------------------


def game_seed(seed: int, game: int) -> int:
    """The seed of the game-th game, spawned from the master seed as sweep.py does; every setting plays
    these same games, as far as it goes."""
    return int(np.random.SeedSequence(seed, spawn_key=(game,)).generate_state(1)[0])


@dataclass(frozen=True)
class Job:
    """One game at one setting (played in a worker process, or here)."""
    group: Group
    settings: UnitSettings
    seed: int


def play(job: Job) -> Games:
    group = job.group
    players = [playing(model, group.game) for model in group.models]  # a person's whole turns, per move
    return Games.of_one(simulate(group.game, len(group.names), 1, job.seed, bot_names=[BOT], reaction=players,
                                 settings=job.settings, timer=not registry.game_class(group.game).info.uses_unit))


def ready(game: str) -> None:
    """A worker's start-up: the game and its bots loaded before the first game comes."""
    registry.bot_factories(game)


def warm(executor: Executor, workers: int, game: str) -> None:
    """Start the workers now, before the first batch comes (the tune scene, while the people are chosen)."""
    for _ in range(workers):
        executor.submit(ready, game)


class Run:
    """A tuning under way. Without an executor each `poll` plays one game here
    (a little per frame); with one, a batch's games go to its workers and
    `poll` only looks whether they are done."""

    def __init__(self, group: Group, band: Band = Band(), seed: int = 0, base: UnitSettings = UnitSettings(),
                 executor: Executor | None = None, most: int = GAMES, precision: float = PRECISION) -> None:
        self.group, self.seed, self.executor, self.precision = group, seed, executor, precision
        self.steps = plan(group, band, base, most, precision)
        self.result: Tuning | None = None
        self.before = self.stopped = 0  # games of the batches done, and how many of them were stopped
        #: Roughly the games a tuning plays (the curves', and twice as many to confirm), for a progress bar.
        self.expected = 3 * min(CURVE_GAMES, most)
        self.batch: Batch = []  # the plays being played
        self.jobs: list[list[Job]] = []  # per play of the batch, its games
        self.done: list[list[Future | Games]] = []  # per play, its games handed out or played
        self.hand_out(next(self.steps))

    def hand_out(self, batch: Batch) -> None:
        self.batch = batch
        self.jobs = [[Job(self.group, p.settings, game_seed(self.seed, g)) for g in range(p.first, p.first + p.count)]
                     for p in batch]
        self.done = [[self.executor.submit(play, job) for job in jobs] if self.executor else [] for jobs in self.jobs]
        self.expected = max(self.expected, self.before + sum(map(len, self.jobs)))

    @property
    def played(self) -> int:
        """Games played so far."""
        return self.before + sum(not isinstance(d, Future) or d.done() for done in self.done for d in done)

    @property
    def progress(self) -> float:
        return 1.0 if self.result else min(0.99, self.played / self.expected)

    @property
    def doing(self) -> Message:
        """What the games being played are for: learning each person's pace (no time limit), or
        checking a setting until every seat's share is known to the precision asked."""
        settings = self.batch[0].settings if self.batch else None
        if settings is None or settings.turn_time is None:
            return msg("Learning each person's pace from games without a time limit")
        extra = settings.extra_time[:len(self.group.names)]
        return msg("Checking {time}, {extra} until every share is known to ± {points} points",
                   time=in_seconds(settings.turn_time), extra=extra_words(self.group.names, extra),
                   points=Number(self.precision * 100))

    def pending(self) -> list[Future]:
        return [f for games in self.done for f in games if isinstance(f, Future) and not f.done()]

    def poll(self) -> Tuning | None:
        """Do the next bit of work, or see if the workers did; the answer once there is one."""
        if self.result is None and not self.play_one() and not self.pending():
            self.next_batch()
        return self.result

    def play_one(self) -> bool:
        """Without workers: play the next game of the batch here; False when none is left."""
        if self.executor is not None:
            return False
        for jobs, done in zip(self.jobs, self.done):
            if len(done) < len(jobs):
                done.append(play(jobs[len(done)]))
                return True
        return False

    def next_batch(self) -> None:
        figures = [merged(games) for games in self.done]
        self.before = self.played
        self.stopped += sum(sum(f.stats.stopped.values()) for f in figures)
        try:
            self.hand_out(self.steps.send(figures))
        except StopIteration as finished:
            self.batch, self.jobs, self.done = [], [], []
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


def merged(games: list) -> Games:
    """A play's games, counted in in order."""
    figures = [g.result() if isinstance(g, Future) else g for g in games]
    total = figures[0]
    for more in figures[1:]:
        total.add(more)
    return total
