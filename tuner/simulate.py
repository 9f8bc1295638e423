"""`haudrauf simulate`: bots play whole games headless, and the figures a
designer wants come out: speed, game length, penalties by cause, win rates.

Turn-based games are driven by `current_seats`, or, as speed games
(`timer`), by bots on a fake clock with the unit timing every turn; games
driven by the unit (UNO Hau drauf) always run with a unit on a fake clock —
both in the table's own match loop (`play/match_loop.py`). The unit takes any settings (`settings`); it never sleeps
here and makes no countdown beeps, which nobody hears. A game
(a whole match, with a target) that runs past the caps is stopped and counted
in the report, so a rule gap or bots slower than the timer show up there
instead of hanging the run."""
from __future__ import annotations

import csv
import dataclasses
import functools
import io
import math
import time
from collections import Counter
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from haudrauf.device import events as uev
from haudrauf.play import storage
from haudrauf.device.clock import FakeClock
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit
from haudrauf.engine import registry
from haudrauf.engine.bots.base import DIFFICULTIES, ReactionModel
from haudrauf.engine.core import GameState, RoundEnd, TurnStarted
from haudrauf.play.bot_runner import BotRunner, one_of
from haudrauf.play.match_loop import MatchLoop
from haudrauf.play.unit_driver import TurnTimer, UnitDriver
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH
from haudrauf.words import Message, msg

#: The unit the simulator plays with unless told otherwise: the 6 s switch position.
SIM_UNIT = UnitSettings(turn_time=6, countdown_warnings=0, sleep_after=0)


def sim_unit(settings: UnitSettings | None) -> UnitSettings:
    """The settings as the simulator's unit takes them: asleep or beeping it
    would only slow the run, never change a game."""
    return SIM_UNIT if settings is None else settings.with_changes(countdown_warnings=0, sleep_after=0)


def read_unit_settings(path: Path) -> tuple[UnitSettings, list[Message]]:
    """The [unit] settings of a settings.toml, only read — a simulation never
    moves or rewrites a file (the app does that when it starts); problems say
    what was not usable (its `{problem}` slot says what, without what was used instead). A missing file
    is the defaults."""
    try:
        text = storage.read_text(path)
        data = {} if text is None else storage.parse_toml(text)
    except storage.Unusable as why:
        return UnitSettings(), [_defaults_used(msg("{file} {why}", file=Path(path).name, why=why.message))]
    section = data.get("unit", {})
    if not isinstance(section, dict):
        return UnitSettings(), [_defaults_used(msg("[unit] in {file} is not a table", file=Path(path).name))]
    try:
        return UnitSettings.from_dict(section)
    except Exception:  # noqa: BLE001 — the file is untrusted, as in play/config.py
        return UnitSettings(), [_defaults_used(msg("[unit] in {file} is damaged", file=Path(path).name))]


def _defaults_used(problem: Message) -> Message:
    return msg("{problem}; default unit settings used", problem=problem)


def describe_unit(settings: UnitSettings) -> str:
    """The settings that change a simulated game, in a line."""
    speed = "no time limit" if settings.turn_time is None else f"{settings.turn_time:g} s per turn"
    return (f"{speed}, slap window {settings.slap_window:g} s, spin {settings.spin_duration:g} s, "
            f"selection {settings.selection}")


def speed_words(settings: UnitSettings) -> str:
    return "no time limit" if settings.turn_time is None else f"a {settings.turn_time:g} s turn timer"
#: A game still running after this many moves (a bot's action, or a step of the unit's clock) or turns
#: will not end: it is stopped. Generous: the longest games, random bots' UNO Hau drauf matches to 500
#: (two players: about 25,000 turns and 50,000 moves), stay far below.
MAX_MOVES = 500_000
MAX_TURNS = 100_000


@dataclass
class SeatFigures:
    """What one seat went through, over every game (bots rotate over the seats)."""
    turns: int = 0  # turns the unit timed for this seat (ended by a move or by the buzzer)
    timeouts: int = 0
    turn_ms: list[float] = field(default_factory=list)  # how long each turn ended by a move took
    races_lost: int = 0
    penalties: Counter = field(default_factory=Counter)  # cause → cards

    def add(self, other: "SeatFigures") -> None:
        self.turns += other.turns
        self.timeouts += other.timeouts
        self.turn_ms += other.turn_ms
        self.races_lost += other.races_lost
        self.penalties.update(other.penalties)

    def to_dict(self) -> dict:
        return {"turns": self.turns, "timeouts": self.timeouts, "timeout_share": self.timeouts / max(self.turns, 1),
                "turn_ms_median": percentile(self.turn_ms, 50), "turn_ms_p90": percentile(self.turn_ms, 90),
                "races_lost": self.races_lost, "penalty_cards": dict(sorted(self.penalties.items()))}


SEAT_COLUMNS = ("turns", "timeouts", "timeout_share", "turn_ms_median", "turn_ms_p90", "races_lost", "penalty_cards")


def percentile(values: list[float], q: float) -> float | None:
    return float(np.percentile(values, q)) if values else None


@dataclass
class SimStats:
    game: str
    players: int
    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    turns: int = 0
    penalties: Counter = field(default_factory=Counter)  # cause → cards
    wins: Counter = field(default_factory=Counter)  # bot name → games won (shared wins count for each)
    seats_played: Counter = field(default_factory=Counter)  # bot name → games played
    bots: list[str] = field(default_factory=list)  # the bots that played, in the order they rotate over the seats
    reactions: list[ReactionModel] = field(default_factory=list)  # per seat: how fast (games timed or driven by the unit)
    unit: UnitSettings | None = None  # the unit's settings (games timed or driven by the unit)
    unit_from: str = ""  # where those settings came from, for the report
    timeouts: int = 0  # turns the unit's buzzer ended
    played_seconds: float = 0.0  # the unit's clock over every game: how long they would take at a table
    stopped: Counter = field(default_factory=Counter)  # why → games stopped unfinished at a cap
    seats: list[SeatFigures] = field(default_factory=list)  # per seat, for games timed or driven by the unit
    rounds: int = 0  # rounds of the finished games (a game of one round counts 1)
    drawn: int = 0  # finished games nobody won
    game_turns: list[tuple[int, int]] = field(default_factory=list)  # (turns, timeouts) of each game, in order

    def __post_init__(self) -> None:
        self.seats = [SeatFigures() for _ in range(self.players)]

    def add(self, other: "SimStats") -> "SimStats":
        """Another run of the same configuration, counted in (a sweep's chunks)."""
        for name in ("games", "seconds", "actions", "turns", "timeouts", "played_seconds", "rounds", "drawn"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("penalties", "wins", "seats_played", "stopped"):
            getattr(self, name).update(getattr(other, name))
        for mine, theirs in zip(self.seats, other.seats):
            mine.add(theirs)
        self.game_turns += other.game_turns
        return self

    @property
    def finished(self) -> int:
        """Games that ended by the rules: a game cut off at a cap has no length or rounds to average."""
        return self.games - sum(self.stopped.values())

    def per_finished_game(self, total: float) -> float:
        return total / max(self.finished, 1)

    @property
    def timeout_share(self) -> float:
        return self.timeouts / max(self.turns, 1)

    def timeout_margin(self) -> float | None:
        """Half the width of the 95 % confidence interval of the timed-out share:
        0 with no time limit; None without the unit's clock, or below two games
        (one game says nothing of how games vary). Games are the unit of sampling
        (`clustered_margin`); the interval is never taken narrower than Wilson's on
        independent turns, which matters while few or no timeouts have been seen
        (there the spread between games is zero, the truth is not)."""
        if self.unit is None or self.unit.turn_time is None:  # no timer, or no limit: nothing to measure
            return None if self.unit is None else 0.0
        clustered = clustered_margin(self.game_turns)
        if clustered is None:
            return None
        turns, z = sum(x for x, _ in self.game_turns), 1.96
        share = self.timeouts / turns
        wilson = z * math.sqrt(share * (1 - share) / turns + z * z / (4 * turns * turns)) / (1 + z * z / turns)
        return max(clustered, wilson)

    def share_words(self) -> str:
        """The timed-out share as a person reads it: "4.2% ± 0.8" (± in percentage points)."""
        return f"{self.timeout_share:5.1%} ± {points(self.timeout_margin())}"

    def reaction_lines(self) -> list[str]:
        """How fast the players were: one line when every seat is alike, else one per seat."""
        against = f"(against {speed_words(self.unit)})"
        if len(set(self.reactions)) == 1:
            return [f"  bots react      {self.reactions[0].describe()} {against}"]
        return [f"  seat {seat + 1} reacts   {model.describe()} {against}" for seat, model in enumerate(self.reactions)]

    def seat_lines(self) -> list[str]:
        """The tuner's table: each seat's share of timed-out turns, turn times, races lost, penalty cards."""
        lines = ["  per seat        timed out   turn median     p90   races lost   penalty cards per game"]
        for seat, figures in enumerate(self.seats):
            data = figures.to_dict()
            median, p90 = (f"{data[k] / 1000:6.1f} s" if data[k] is not None else "      –"
                           for k in ("turn_ms_median", "turn_ms_p90"))
            cards = sum(figures.penalties.values()) / max(self.games, 1)
            lines.append(f"    seat {seat + 1}      {data['timeout_share']:8.1%}      {median} {p90}"
                         f"   {figures.races_lost:10d}   {cards:8.2f}")
        return lines

    def seat_csv(self) -> str:
        """One row per seat (`haudrauf simulate --csv`), for a spreadsheet."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["game", "players", "games", "drawn", "cut_off", "rounds_per_game", "minutes_per_game",
                         "turn_time", "seat", *SEAT_COLUMNS])
        turn_time = "" if self.unit is None or self.unit.turn_time is None else self.unit.turn_time
        per_game = [self.games, self.drawn, sum(self.stopped.values()), self.per_finished_game(self.rounds),
                    self.per_finished_game(self.played_seconds / 60)]
        for seat, figures in enumerate(self.seats):
            data = figures.to_dict()
            row = [data[c] if c != "penalty_cards" else sum(figures.penalties.values()) for c in SEAT_COLUMNS]
            writer.writerow([self.game, self.players, *per_game, turn_time, seat + 1,
                             *("" if v is None else v for v in row)])
        return out.getvalue()

    def to_dict(self) -> dict:
        """Every figure of the report, as data (`haudrauf simulate --json`)."""
        return {"game": self.game, "players": self.players, "bots": self.bots, "games": self.games,
                "actions": self.actions,
                "turns": self.turns, "timeouts": self.timeouts, "timeout_share": self.timeout_share,
                "timeout_share_margin": self.timeout_margin(),
                "unit": None if self.unit is None else self.unit.to_dict(),
                "reactions": [dataclasses.asdict(r) for r in self.reactions],
                "minutes_per_game": self.per_finished_game(self.played_seconds / 60),
                "rounds_per_game": self.per_finished_game(self.rounds), "drawn": self.drawn,
                "penalty_cards_per_game": {c: n / max(self.games, 1) for c, n in sorted(self.penalties.items())},
                "stopped": dict(self.stopped), "wins": dict(self.wins), "seats_played": dict(self.seats_played),
                "seats": [f.to_dict() for f in self.seats]}

    def report(self, verbose: bool = False, lang: Language = ENGLISH) -> str:
        """The figures with what they mean, in `lang` (the unit's and the bots' lines, and the
        seats' table, in English). `verbose`: also how fast the simulator ran."""
        _ = lang.gettext
        finished = " " + _("(finished games only)") if self.stopped else ""
        bots = ", ".join(self.bots)
        lines = [
            lang.ngettext("{game}: {n} game, {players} players, {seconds} s",
                          "{game}: {n} games, {players} players, {seconds} s", self.games).format(
                game=self.game, n=self.games, players=self.players, seconds=f"{self.seconds:.2f}"),
            _line(_("bots"), _("{bots} (rotated over the seats)").format(bots=bots) if len(self.bots) > 1 else bots),
            _line(_("games/s"), f"{self.games / max(self.seconds, 1e-9):10.1f}"),
            *([_line(_("actions/s"), f"{self.actions / max(self.seconds, 1e-9):10.0f}")] if verbose else []),
            _line(_("average actions"), f"{self.actions / max(self.games, 1):10.1f}"),
            _line(_("average turns"), f"{self.turns / max(self.games, 1):10.1f}"),
            _line(_("average rounds"), f"{self.per_finished_game(self.rounds):10.1f}{finished}"),
        ]
        if self.unit:
            lines.insert(2, _line(_("unit"), f"{describe_unit(self.unit)}{self.unit_from}"))
        if self.reactions:
            lines += self.reaction_lines()
            margin, share = self.timeout_margin(), f"{self.timeout_share:10.1%}"
            lines.append(_line(_("timed out"), _("{share} of turns").format(share=share) if margin is None else
                               _("{share} of turns (± {points} points, 95 % confidence)").format(
                                   share=share, points=points(margin))))
            minutes = f"{self.per_finished_game(self.played_seconds / 60):10.1f}"
            lines.append(_line(_("game length"), _("{minutes} min at a table").format(minutes=minutes) + finished))
            lines += self.seat_lines()
        if self.drawn:  # "drawn" stays English: the catalogs have it for a drawn card
            lines.append(_line("drawn", lang.ngettext("{n} game ended with nobody winning",
                                                      "{n} games ended with nobody winning", self.drawn).format(
                n=self.drawn)))
        for why, count in sorted(self.stopped.items()):
            lines.append(_line(_("unfinished"), lang.ngettext("{n} game stopped: {why}", "{n} games stopped: {why}",
                                                              count).format(n=count, why=lang.say(why))))
        if self.penalties:
            lines.append("  " + _("penalty cards by cause (per game):"))
            for cause, cards in sorted(self.penalties.items()):
                lines.append(f"    {cause:12s} {cards / max(self.games, 1):8.2f}")
        lines.append("  " + (_("win rate per bot (seats rotate every game, finished games only):") if self.stopped
                             else _("win rate per bot (seats rotate every game):")))
        for bot in sorted(self.seats_played):
            rate = self.wins[bot] / self.seats_played[bot]
            lines.append(f"    {bot:12s} {rate:8.1%}  " + _("({wins} of {n} seat-games)").format(
                wins=self.wins[bot], n=self.seats_played[bot]))
        return "\n".join(lines)


def _line(heading: str, figures: str) -> str:
    """A report line: its heading, then the figures in their column."""
    return f"  {heading:<15} {figures}"


def points(margin: float | None) -> str:
    """A margin in percentage points, never shown as 0.0 unless it is none at all."""
    if margin is None:
        return "?"
    return f"{margin * 100:.1f}" if margin >= 0.001 or margin == 0 else f"{margin * 100:.2f}"


def clustered_margin(game_turns: list[tuple[int, int]]) -> float | None:
    """Half the width of the 95 % interval of a timed-out share from each game's (turns, timeouts); None
    below two games or without turns.

    Turns are not independent: within a game the same bots meet the same
    timer and cards, and a timeout's penalty cards make more turns, so
    timeouts come in clusters by game. Treating turns as coin flips would
    claim far more precision than the games give. So the game is the unit of
    sampling: the share is the ratio of per-game sums, R = Σtimeouts / Σturns,
    with its linearised (cluster-robust) standard error,
    se² = n/(n−1) · Σ(yᵢ − R·xᵢ)² / (Σx)²."""
    n, turns = len(game_turns), sum(x for x, _ in game_turns)
    if n < 2 or turns == 0:
        return None
    share = sum(y for _, y in game_turns) / turns
    spread = sum((y - share * x) ** 2 for x, y in game_turns)
    return 1.96 * math.sqrt(n / (n - 1) * spread) / turns


#: The kinds of event `count_events` looks at (besides penalties: a `cause` and a `count`).
COUNTED = (TurnStarted, RoundEnd, uev.TurnTimedOut, uev.TurnEnded, uev.SlapResult)


@functools.cache
def counts_nothing(kind: type) -> bool:
    """Most events count for nothing here (a card laid, a spin): known by their type once."""
    if not dataclasses.is_dataclass(kind) or issubclass(kind, COUNTED):
        return False
    return not {"cause", "count"} <= {f.name for f in dataclasses.fields(kind)}


def count_events(stats: SimStats, events: list) -> None:
    """Penalties are events with a `cause` and a `count` of cards; turns are
    `TurnStarted` events (each game emits one per turn); a timeout is the
    unit's buzzer."""
    for e in events:
        if counts_nothing(type(e)):
            continue
        if isinstance(e, TurnStarted):
            stats.turns += 1
        elif isinstance(e, RoundEnd):
            stats.rounds += 1
        elif isinstance(e, uev.TurnTimedOut):
            stats.timeouts += 1
            stats.seats[e.seat].timeouts += 1
            stats.seats[e.seat].turns += 1
        elif isinstance(e, uev.TurnEnded):
            stats.seats[e.seat].turns += 1
            stats.seats[e.seat].turn_ms.append(e.elapsed_ms)
        elif isinstance(e, uev.SlapResult):
            for seat in e.losers:
                stats.seats[seat].races_lost += 1
        cause = getattr(e, "cause", None)
        if cause is not None and hasattr(e, "count"):
            stats.penalties[cause] += e.count
            if hasattr(e, "seat"):
                stats.seats[e.seat].penalties[cause] += e.count


def over_cap(moves: int, turns: int) -> str | None:
    """Why a game must be stopped now (None: it may go on)."""
    if moves >= MAX_MOVES:
        return f"no end after {MAX_MOVES:,} moves"
    if turns >= MAX_TURNS:
        return f"no end after {MAX_TURNS:,} turns"
    return None


def thinking(models: list[ReactionModel]) -> str:
    """How long the players think, for the reason a game was stopped."""
    low, high = min(m.think_mean_s for m in models), max(m.think_mean_s for m in models)
    return f"the bots think {low:g} s on average" if low == high else f"the bots think {low:g} to {high:g} s on average"


def play_turn_based(state: GameState, bots: list, rng: np.random.Generator, stats: SimStats) -> str | None:
    """Seats act when current; among several current seats the lowest goes first.
    A bot's move that is one of the legal list's own objects is made without
    checking it again (`apply_legal`). Returns why the game was stopped, None when it ended."""
    moves, turns_before = 0, stats.turns
    while not state.is_over:
        stopped = over_cap(moves, stats.turns - turns_before)
        if stopped:
            return stopped
        seat = state.current_seats[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), list(legal), rng)
        count_events(stats, (state.apply_legal if one_of(action, legal) else state.apply)(seat, action))
        stats.actions += 1
        moves += 1
    return None


def play_with_unit(state: GameState, bots: list, rng: np.random.Generator, stats: SimStats,
                   models: list[ReactionModel], settings: UnitSettings = SIM_UNIT, timer: bool = False) -> str | None:
    """Bots against the unit on a fake clock (the one match loop, `play/match_loop.py`):
    a game driven by the unit (UNO Hau drauf), or with `timer` a turn-based
    game as a speed game, the way the table plays it with the turn timer (the
    unit's spin picks who starts and its buzzer applies the game's timeout
    rule). A round's end deals the next at once (no results screen here).
    Returns why the game was stopped, None when it ended."""
    unit = Unit(np.random.default_rng(int(rng.integers(2**63))), settings)
    driver = TurnTimer(state, unit) if timer else UnitDriver(state, unit, auto_next_round=False)
    runner = BotRunner(state, dict(enumerate(bots)), dict(enumerate(models)), rng)
    loop = MatchLoop(state, driver, runner, hold_results=False, noted=lambda events: count_events(stats, events))
    clock, turns_before = FakeClock(), stats.turns

    def stop(moves: int) -> str | None:
        stopped = over_cap(moves, stats.turns - turns_before)
        return stopped and f"{stopped} ({thinking(models)} against {speed_words(settings)})"
    stopped = loop.run_on_a_jumping_clock(clock, stop)
    stats.actions += loop.bot_moves
    if stopped is None:
        stats.played_seconds += clock.now()
    return stopped


def seat_models(reaction: ReactionModel | list[ReactionModel], players: int) -> list[ReactionModel]:
    if isinstance(reaction, ReactionModel):
        return [reaction] * players
    if len(reaction) != players:
        raise ValueError(f"{len(reaction)} reaction models for {players} players: one per seat")
    return list(reaction)


def simulate(game_id: str, players: int, games: int, seed: int, options: dict[str, Any] | None = None,
             bot_names: list[str] | None = None, difficulty: str = "normal",
             progress: Callable[[int], None] | None = None,
             reaction: ReactionModel | list[ReactionModel] | None = None,
             settings: UnitSettings | None = None, timer: bool = False, settings_from: str = "") -> SimStats:
    """`reaction` replaces the difficulty's reaction model — one for every
    seat, or a list with one per seat (a group of people, each at their own
    seat: the bots rotate over the seats, the speeds stay) — and `settings`
    the unit's (games driven by the unit, or timed by it: `timer`);
    `settings_from` says where they came from, for the report."""
    cls = registry.game_class(game_id)
    factories = registry.bot_factories(game_id)
    bot_names = bot_names or sorted(factories)
    unknown = [b for b in bot_names if b not in factories]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} for {game_id}; bots: {', '.join(sorted(factories))}")
    options = {**(options or {}), "players": players}
    stats = SimStats(game=game_id, players=players, bots=list(bot_names))
    if timer and cls.info.uses_unit:
        raise ValueError(f"{cls.info.name} always plays with the unit: it needs no turn timer")
    with_unit = cls.info.uses_unit or timer
    if with_unit:
        stats.reactions = seat_models(reaction or DIFFICULTIES[difficulty], players)
        stats.unit = sim_unit(settings)
        stats.unit_from = settings_from
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for g in range(games):
        names = [bot_names[(seat + g) % len(bot_names)] for seat in range(players)]
        bots = [factories[name](seat) for seat, name in enumerate(names)]
        state = cls(options, seed=int(rng.integers(2**31)))
        turns, timeouts, rounds = stats.turns, stats.timeouts, stats.rounds
        if with_unit:
            stopped = play_with_unit(state, bots, rng, stats, stats.reactions, stats.unit, timer=timer)
        else:
            stopped = play_turn_based(state, bots, rng, stats)
        stats.game_turns.append((stats.turns - turns, stats.timeouts - timeouts))
        if stopped:
            stats.stopped[stopped] += 1
            stats.rounds = rounds  # a game cut off has no number of rounds
        else:
            stats.rounds = max(stats.rounds, rounds + 1)  # a game of one round may end without a RoundEnd
            stats.drawn += not state.result.winners
            for seat, name in enumerate(names):
                stats.seats_played[name] += 1
                stats.wins[name] += seat in state.result.winners
        stats.games += 1
        if progress:
            progress(g + 1)
    stats.seconds = time.perf_counter() - start
    return stats
