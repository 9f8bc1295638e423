"""`haudrauf simulate`: bots play whole games headless, and the figures a
designer wants come out: speed, game length, penalties by cause, win rates.

Turn-based games are driven by `current_seats`; games driven by the unit
(UNO Hau drauf) run with a unit on a fake clock (see `unit_driver.py`). A game
(a whole match, with a target) that runs past the caps is stopped and counted
in the report, so a rule gap or bots slower than the timer show up there
instead of hanging the run."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from device.clock import FakeClock
from device.settings import UnitSettings
from device.unit import Unit
from engine import registry
from engine.bots.base import DIFFICULTIES, ReactionModel
from engine.core import GameState, TurnStarted
from table.bot_runner import BotRunner
from table.unit_driver import UnitDriver

#: The unit the simulator plays with: the 6 s switch position, no sleeping.
SIM_UNIT = UnitSettings(turn_time=6, countdown_warnings=0, sleep_after=0)
#: A game still running after this many moves (a bot's action, or a step of the unit's clock) or turns
#: will not end: it is stopped. Generous: the longest games, random bots' UNO Hau drauf matches to 500
#: (two players: about 25,000 turns and 50,000 moves), stay far below.
MAX_MOVES = 500_000
MAX_TURNS = 100_000


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
    reaction: ReactionModel | None = None  # how fast the bots were (games driven by the unit)
    stopped: Counter = field(default_factory=Counter)  # why → games stopped unfinished at a cap

    def report(self) -> str:
        lines = [
            f"{self.game}: {self.games} games, {self.players} players, {self.seconds:.2f} s",
            f"  games/s         {self.games / max(self.seconds, 1e-9):10.1f}",
            f"  actions/s       {self.actions / max(self.seconds, 1e-9):10.0f}",
            f"  average actions {self.actions / max(self.games, 1):10.1f}",
            f"  average turns   {self.turns / max(self.games, 1):10.1f}",
        ]
        if self.reaction:
            lines.append(f"  bots react      {self.reaction.describe()} "
                         f"(a turn times out after {SIM_UNIT.turn_time:g} s)")
        for why, count in sorted(self.stopped.items()):
            lines.append(f"  unfinished      {count} {'game' if count == 1 else 'games'} stopped: {why}")
        if self.penalties:
            lines.append("  penalty cards by cause (per game):")
            for cause, cards in sorted(self.penalties.items()):
                lines.append(f"    {cause:12s} {cards / max(self.games, 1):8.2f}")
        finished = ", finished games only" if self.stopped else ""
        lines.append(f"  win rate per bot (seats rotate every game{finished}):")
        for bot in sorted(self.seats_played):
            rate = self.wins[bot] / self.seats_played[bot]
            lines.append(f"    {bot:12s} {rate:8.1%}  ({self.wins[bot]} of {self.seats_played[bot]} seat-games)")
        return "\n".join(lines)


def count_events(stats: SimStats, events: list) -> None:
    """Penalties are events with a `cause` and a `count` of cards; turns are
    `TurnStarted` events (each game emits one per turn)."""
    for e in events:
        if isinstance(e, TurnStarted):
            stats.turns += 1
        cause = getattr(e, "cause", None)
        if cause is not None and hasattr(e, "count"):
            stats.penalties[cause] += e.count


def over_cap(moves: int, turns: int) -> str | None:
    """Why a game must be stopped now (None: it may go on)."""
    if moves >= MAX_MOVES:
        return f"no end after {MAX_MOVES:,} moves"
    if turns >= MAX_TURNS:
        return f"no end after {MAX_TURNS:,} turns"
    return None


def play_turn_based(state: GameState, bots: list, rng: np.random.Generator, stats: SimStats) -> str | None:
    """Seats act when current; among several current seats the lowest goes first.
    Returns why the game was stopped, None when it ended."""
    moves, turns_before = 0, stats.turns
    while not state.is_over:
        stopped = over_cap(moves, stats.turns - turns_before)
        if stopped:
            return stopped
        seat = state.current_seats[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat), rng)
        count_events(stats, state.apply(seat, action))
        stats.actions += 1
        moves += 1
    return None


def play_with_unit(state: GameState, bots: list, rng: np.random.Generator, stats: SimStats,
                   model: ReactionModel = DIFFICULTIES["normal"], settings: UnitSettings = SIM_UNIT) -> str | None:
    """A game driven by a unit on a fake clock: the clock jumps straight to the
    next thing that happens (a bot's move or the unit's own timer). Returns why
    the game was stopped, None when it ended."""
    clock = FakeClock()
    unit = Unit(np.random.default_rng(int(rng.integers(2**63))), settings)
    driver = UnitDriver(state, unit)
    runner = BotRunner(state, dict(enumerate(bots)), {s: model for s in range(len(bots))}, rng)
    count_events(stats, driver.start(clock.now()))
    moves, turns_before = 0, stats.turns
    while not state.is_over:
        stopped = over_cap(moves, stats.turns - turns_before)
        if stopped:
            return (f"{stopped} (the bots think {model.think_mean_s:g} s on average against a "
                    f"{settings.turn_time:g} s turn timer)")
        runner.plan(clock.now())
        next_at = min(runner.next_time(), unit.next_event_at() or float("inf"))
        if next_at == float("inf"):
            seats = [f"seat {s + 1}" for s in range(state.players)]
            return f"stuck: nobody acts and the unit waits ({state.table_view(None, seats).prompt})"
        moves += 1
        clock.advance(max(0.0, next_at - clock.now()))
        count_events(stats, driver.tick(clock.now()))
        for seat, action in runner.due(clock.now()):
            if action in state.legal_actions(seat):
                count_events(stats, driver.act(seat, action, clock.now()))
                stats.actions += 1
    return None


def simulate(game_id: str, players: int, games: int, seed: int, options: dict[str, Any] | None = None,
             bot_names: list[str] | None = None, difficulty: str = "normal",
             progress: Callable[[int], None] | None = None, reaction: ReactionModel | None = None) -> SimStats:
    """`reaction` replaces the difficulty's reaction model (games driven by the unit)."""
    cls = registry.game_class(game_id)
    factories = registry.bot_factories(game_id)
    bot_names = bot_names or sorted(factories)
    unknown = [b for b in bot_names if b not in factories]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} for {game_id}; bots: {', '.join(sorted(factories))}")
    options = {**(options or {}), "players": players}
    stats = SimStats(game=game_id, players=players)
    if cls.info.uses_unit:
        stats.reaction = reaction or DIFFICULTIES[difficulty]
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for g in range(games):
        names = [bot_names[(seat + g) % len(bot_names)] for seat in range(players)]
        bots = [factories[name](seat) for seat, name in enumerate(names)]
        state = cls(options, seed=int(rng.integers(2**31)))
        if cls.info.uses_unit:
            stopped = play_with_unit(state, bots, rng, stats, stats.reaction)
        else:
            stopped = play_turn_based(state, bots, rng, stats)
        if stopped:
            stats.stopped[stopped] += 1
        else:
            for seat, name in enumerate(names):
                stats.seats_played[name] += 1
                stats.wins[name] += seat in state.result.winners
        stats.games += 1
        if progress:
            progress(g + 1)
    stats.seconds = time.perf_counter() - start
    return stats
