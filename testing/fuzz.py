"""Random legal play of every game, to the end: the fuzz behind
tests/engine/test_endings.py (a small budget) and bench/fuzz_games.py (at least
100,000 actions per game and player count).

Turn-based games are played here, move by random move; half of their games are
speed games: the unit picks who starts (a spin first, for a game that takes
it) and now and then a waiting seat runs out of time (`TurnTimedOut`), as the
table's turn timer does. UNO Hau drauf is driven by a real unit on a fake
clock, the way `haudrauf simulate` plays it, by bots that pick random legal
moves. Every game must end within `GAME_CAP` steps, with the invariants of
testing/invariants.py holding after every step (or every n-th)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from haudrauf.device import events as uev
from haudrauf.engine import registry
from haudrauf.engine.bots.base import DIFFICULTIES, RandomBot
from haudrauf.engine.core import GameState, OptionError
from haudrauf.tuner import simulate as sim
from haudrauf.testing.invariants import assert_replays_and_round_trips, check_invariants

#: Steps (actions and unit events) in one turn-based game — a whole match, with
#: a target — after which it counts as never ending (UNO Hau drauf: the
#: simulator's caps). The longest random games stay far below.
GAME_CAP = sim.MAX_MOVES
#: Chance that a waiting seat of a speed game runs out of time before a move.
TIMEOUT_RATE = 0.03

#: Options worth fuzzing, cycled game by game (sets a player count cannot take are skipped).
OPTION_SETS: dict[str, list[dict]] = {
    "uno-hau-drauf": [{}, {"scoring": "lowest-wins", "target": 200}, {"layer_chooses": True, "wild4_bluffing": True},
                      {"target": 1}],
    "go-fish": [{}, {"dealer": 2}],
    "skip-bo": [{}, {"short_game": True}, {"target": 500}, {"stalemate": "no-points", "target": 500},
                {"partners": True}, {"partners": True, "short_game": True, "target": 200},
                {"first_player": "2", "stalemate": "no-points"}],
    "crazy-old-fish-war": [{}, {"war": True}, {"fish_penalty": 2, "rounds_to_win": 9},
                           {"war": True, "fish_penalty": 5, "crazy8_names_number": True, "turn_passes": "to-opponent"},
                           {"fish_penalty": 3, "fish_names": "no-more-calls", "rounds_to_win": 5}],
    "sea-salt-paper": [{}, {"extra_salt": True}, {"extra_pepper": True},
                       {"extra_salt": True, "extra_pepper": True, "double_points": True}],
}


@dataclass
class FuzzStats:
    game: str
    players: int
    actions: int = 0
    unit_events: int = 0  # fed to the game (speed games, and every UNO Hau drauf game)
    games_ended: int = 0
    games_capped: int = 0
    cpu_seconds: float = 0.0
    options_played: set = field(default_factory=set)

    def line(self) -> str:
        return (f"{self.game:20s} {self.players}p  actions {self.actions:8,d}  unit events {self.unit_events:6,d}  "
                f"games ended {self.games_ended:5d}  capped {self.games_capped}  cpu {self.cpu_seconds:6.1f} s")


def option_sets(game_id: str, players: int) -> list[dict]:
    """The game's fuzzed option sets this player count accepts."""
    cls = registry.game_class(game_id)
    usable = []
    for options in OPTION_SETS[game_id]:
        try:
            cls({**options, "players": players}, seed=0)
        except OptionError:
            continue
        usable.append({**options, "players": players})
    return usable


def fuzz(game_id: str, players: int, budget: int, seed: int = 0, check_every: int = 1,
         sets: list[dict] | None = None) -> FuzzStats:
    """Whole games until `budget` actions are played (the last game is played to
    its end), cycling through the option sets (default: `option_sets`);
    `check_every`: the invariants are checked after every n-th step. The first
    finished game of every option set is replayed from its log."""
    stats = FuzzStats(game_id, players)
    sets = [{**options, "players": players} for options in sets] if sets else option_sets(game_id, players)
    replayed: set[int] = set()
    start = time.process_time()
    g = 0
    while stats.actions < budget:
        which = g % len(sets)
        state = play_one(game_id, sets[which], seed * 1_000_003 + players * 10_007 + g, stats, check_every)
        stats.options_played.add(which)
        if state.is_over and which not in replayed:
            assert_replays_and_round_trips(state)
            replayed.add(which)
        g += 1
    stats.cpu_seconds = time.process_time() - start
    return stats


def play_one(game_id: str, options: dict, seed: int, stats: FuzzStats, check_every: int) -> GameState:
    cls = registry.game_class(game_id)
    state = cls(options, seed)
    rng = np.random.default_rng(seed + 7)
    ended = (play_with_unit if cls.info.uses_unit else play_turn_based)(state, rng, stats, check_every)
    if ended:
        stats.games_ended += 1
        assert state.result is not None and str(state.result.summary)  # a Message is truthy even when it says nothing
    else:
        stats.games_capped += 1
    check_invariants(state)
    return state


def play_turn_based(state: GameState, rng: np.random.Generator, stats: FuzzStats, check_every: int) -> bool:
    """Random legal moves (a random one of several current seats acts); half the
    games are speed games. True when the game ended within the cap."""
    timer = bool(rng.random() < 0.5)
    if timer:
        stats.unit_events += pick_the_starter(state, rng)
    for step in range(GAME_CAP):
        if state.is_over:
            return True
        waiting = state.waiting_for
        if timer and waiting and rng.random() < TIMEOUT_RATE:
            seat = waiting[int(rng.integers(len(waiting)))]
            state.feed(uev.TurnTimedOut(at=float(step), seat=seat, limit_ms=6000.0))
            stats.unit_events += 1
        else:
            seats = state.current_seats
            seat = seats[int(rng.integers(len(seats)))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
            stats.actions += 1
        if step % check_every == 0:
            check_invariants(state)
    return state.is_over


def pick_the_starter(state: GameState, rng: np.random.Generator) -> int:
    """The unit's spin before the first move: `SpinStarted` (for a game that
    takes it), then `PlayerSelected`. Returns how many events were fed."""
    seat = int(rng.integers(state.players))
    fed = 0
    if state.takes_the_spin:
        state.feed(uev.SpinStarted(at=0.0, seats=tuple(range(state.players)), schedule=((0.0, seat),),
                                           duration_ms=1000.0))
        fed += 1
    state.feed(uev.PlayerSelected(at=1.0, seat=seat, limit_ms=6000.0))
    return fed + 1


class CheckingRandomBot(RandomBot):
    """A random bot that checks the invariants whenever it is asked to move."""

    def __init__(self, seat: int, state: GameState, check_every: int) -> None:
        super().__init__(seat)
        self.state, self.check_every, self.asked = state, check_every, 0

    def choose(self, view, legal, rng):
        self.asked += 1
        if self.asked % self.check_every == 0:
            check_invariants(self.state)
        return super().choose(view, legal, rng)


def play_with_unit(state: GameState, rng: np.random.Generator, stats: FuzzStats, check_every: int) -> bool:
    """The simulator's game with a unit on a fake clock (and its caps), played
    by random bots. True when the game ended."""
    bots = [CheckingRandomBot(seat, state, check_every) for seat in range(state.players)]
    sim_stats = sim.SimStats(game=state.info.id, players=state.players)
    stopped = sim.play_with_unit(state, bots, rng, sim_stats, [DIFFICULTIES["normal"]] * state.players)
    stats.actions += sim_stats.actions
    stats.unit_events += sum(1 for entry in state.log if entry[0] == "unit")
    return stopped is None
