"""Our engines against reference implementations, like for like, in one process.

Every row plays the same seeded games in every round; the rows take turns
round by round (interleaved, so a busy neighbour slows every row alike), each
batch is timed in CPU time (`time.process_time`) and a row's figure is the
median over the rounds. A ratio is ours / the reference's (above 1: ours is
faster). The references run only when importable (`pip install rlcard
open_spiel`, in a throwaway venv: they are not dependencies of the project);
a missing one gives `null` in `--json`.

Every random choice, ours and the references', goes through `pick` (one
`Generator.random()` call: `Generator.integers` costs 3.7 µs a call, more than
some engines' whole move).

How each side counts (see bench/README.md for the whole table):
- UNO Hau drauf against RLCard's `UnoGame`, per *turn*. A turn of ours begins
  at each `TurnStarted` (the unit selected a seat; a seat that sits out a skip
  or a draw two has its turn too) and is at least two actions: lay or draw,
  then press the seat's button. RLCard's turn is one `step` (one card laid or
  drawn; a skipped seat gets no step), and every `step` builds the next
  player's observation (`get_state`). Our random player lays a card when one
  fits and draws only when none does, as RLCard's legal actions force; nobody
  calls or catches UNO (RLCard has neither). One round to 1 point each game.
  Our player's move is the legal list's own object, taken from the position
  as it is, so it goes in as our own drivers' moves do (the trusted path:
  `apply_legal`, `UnitDriver.act_legal`; RLCard's `step` does not check its
  action either). The checked `apply` would add the refusal check.
  - "engine only": no unit; the smallest stand-in feeds the events the unit
    would (uniform selection, the turn ends on the button, in a slap race the
    last racer loses), as the unit driver feeds its own unit's events
    (`feed_own`); its selection, turn-end and penalty events carry nothing
    but the seat and are made once per game.
  - "with unit": the real unit on a fake clock with the simulator's settings
    (`tuner.simulate.SIM_UNIT`: 6 s turns, 1.5 s spin), driven by
    `UnitDriver`; the clock jumps to the unit's next event while nobody can
    act, as the simulator does.
  - "+ view": the same, plus `view(seat)` of the next seat to act after each
    action, the work RLCard's `step` does on top.
- Go Fish against OpenSpiel's C++ `go_fish`, per *game*: random legal play;
  OpenSpiel's deal and draws are chance nodes the driver resolves (not counted
  as actions); it plays until every book is made, ours ends when a hand is
  empty or the stock runs out, so its games are longer (actions/game shows it).
- Crazy Old Fish War (one round: `rounds_to_win=1`) against OpenSpiel's
  `crazy_eights`, per *action* (random legal play; chance nodes not counted).

`unit_cycle_us` is `bench/bench_unit.py`'s end turn → spin → select cycle.

Each UNO driver alone, against a stand-in that answers at once (`AtOnce` for
ours, `RLCardAtOnce` for RLCard's), gives the floor (RLCard's turn against our
driver alone: the most "engine only" could read) and the "net" ratio: each
side's time a turn less its driver's alone (`net_ratio`).

Run by hand: `python bench/bench_engines.py [--rounds N] [--scale X] [--json]`.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np


from bench_unit import cycle_us  # noqa: E402  (its neighbour: a script's folder is on sys.path)
from haudrauf.device import events as uev  # noqa: E402
from haudrauf.device.clock import FakeClock  # noqa: E402
from haudrauf.device.unit import Unit  # noqa: E402
from haudrauf.engine.core import TurnStarted  # noqa: E402
from haudrauf.engine import registry  # noqa: E402
from haudrauf.engine.games.uno_hau_drauf import UnoHauDrauf  # noqa: E402
from haudrauf.engine.games.uno_hau_drauf.actions import (  # noqa: E402
    DRAW, PRESS, CallUno, CatchUno, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.phases import Phase  # noqa: E402
from haudrauf.tuner.simulate import SIM_UNIT  # noqa: E402
from haudrauf.play.unit_driver import UnitDriver  # noqa: E402

#: The --json keys, in the issue's order: ours/reference ratios, and the unit's cycle in µs.
KEYS = ("uno_turns_engine_2p", "uno_turns_engine_4p", "uno_turns_unit_2p", "uno_turns_unit_4p",
        "go_fish_games_2p", "go_fish_games_4p", "cofw_actions_2p", "cofw_actions_4p", "unit_cycle_us")
#: And the floor: RLCard's turn against the driver's own (`AtOnce`), the most "engine only" could read;
#: and "engine only" net of both drivers (each side's time a turn less its driver's alone).
FLOOR_KEYS = ("uno_turns_floor_2p", "uno_turns_floor_4p", "uno_turns_engine_net_2p", "uno_turns_engine_net_4p")
#: The rows the net ratio is worked out from: (ours, our driver alone, RLCard, RLCard's driver alone).
NET_ROWS = ("uno-hau-drauf engine only", "bench driver alone (AtOnce)",
            "RLCard UnoGame", "RLCard's driver alone (RLCardAtOnce)")

#: (actions, turns) of one game; `seed` fixes the deal and every random choice.
Game = Callable[[int, int], tuple[int, int]]


def pick(rng: np.random.Generator, items: Sequence):
    return items[int(rng.random() * len(items))]


# --- ours ------------------------------------------------------------------------

def turn_based(cls, options: dict | None = None) -> Game:
    """Random legal play of a turn-based game; a turn is an action here."""
    def play(players: int, seed: int) -> tuple[int, int]:
        rng = np.random.default_rng(seed)
        state = cls({**(options or {}), "players": players}, seed=seed)
        actions = 0
        while not state.is_over:
            seat = pick(rng, state.current_seats)
            state.apply_legal(seat, pick(rng, state.legal_actions(seat)))
            actions += 1
        return actions, actions
    return play


def play_first(state: UnoHauDrauf, rng: np.random.Generator) -> tuple[int, object]:
    """A seat the game waits for lays a card when one fits, else makes another
    move, never calling or catching UNO: the move is the legal list's own."""
    seat = pick(rng, state.waiting_for)
    legal = state.legal_actions(seat)
    plays = [a for a in legal if type(a) is Play]
    return seat, pick(rng, plays or [a for a in legal if type(a) not in UNO_CALLS])


UNO_CALLS = (CallUno, CatchUno)


def turns_in(events: list) -> int:
    turns = 0
    for event in events:
        if type(event) is TurnStarted:
            turns += 1
    return turns


def look(state: UnoHauDrauf) -> None:
    """What RLCard's step does on top: the next player's observation."""
    seats = state.waiting_for
    if seats:
        state.view(seats[0])


class AtOnce:
    """The bench's floor: a stand-in for UNO Hau drauf that answers the engine-only driver at once,
    each turn the usual one (the seat is selected, lays one of three fitting cards or draws, presses
    its button), 80 turns a game. What the driver alone costs a turn; RLCard's turn against it is
    the most the "engine only" ratio could read with an engine that took no time at all."""
    PLAYS = [*(Play(card) for card in range(3)), DRAW]
    PRESSES = [PRESS]
    STARTED = [TurnStarted(0)]

    def __init__(self, options: dict, seed: int) -> None:
        self.turns, self.phase = 0, Phase.WAIT

    @property
    def is_over(self) -> bool:
        return self.turns == 80

    @property
    def waiting_on_unit(self) -> bool:
        return self.phase == Phase.WAIT

    @property
    def waiting_for(self) -> tuple[int, ...]:
        return (self.turns % 2,)

    def legal_actions(self, seat: int) -> list:
        return list(self.PLAYS if self.phase == Phase.TURN else self.PRESSES)

    def apply_legal(self, seat: int, action) -> list:
        if self.phase == Phase.TURN:
            self.phase = Phase.PLAYED
        return []

    def feed_own(self, event) -> list:
        if self.phase == Phase.WAIT:
            self.phase = Phase.TURN
            return self.STARTED
        self.phase, self.turns = Phase.WAIT, self.turns + 1
        return []



def uno_engine_only(with_view: bool = False, cls=UnoHauDrauf) -> Game:
    def play(players: int, seed: int) -> tuple[int, int]:
        rng = np.random.default_rng(seed)
        state = cls({"players": players, "target": 1}, seed)
        actions = turns = 0
        # the stand-in's events carry nothing but the seat: made once, as a unit would send them
        selected = [uev.PlayerSelected(at=0, seat=seat, limit_ms=None) for seat in range(players)]
        ended = [uev.TurnEnded(at=0, seat=seat, elapsed_ms=1000) for seat in range(players)]
        acknowledged = [uev.PenaltyAcknowledged(at=0, seat=seat, cause="slap") for seat in range(players)]

        def feed(event) -> None:
            nonlocal turns
            turns += turns_in(state.feed_own(event))

        while not state.is_over:
            if state.waiting_on_unit:
                feed(pick(rng, selected))
                continue
            phase = state.phase
            seat, action = play_first(state, rng)
            state.apply_legal(seat, action)
            actions += 1
            if not (state.is_over or state.waiting_on_unit):
                if isinstance(action, PressHauDrauf):
                    racers = tuple(range(players))
                    feed(uev.SlapStarted(at=0, slapper=seat, racers=racers, window_ms=5000))
                    for racer in racers:
                        feed(uev.SlapPressed(at=0, seat=racer, reaction_ms=300, place=1))
                    feed(uev.SlapResult(at=0, slapper=seat, times=tuple((r, 300) for r in racers),
                                        losers=(racers[-1],), window_expired=False))
                elif isinstance(action, PressButton):
                    feed(acknowledged[seat] if phase == Phase.PENALTY else ended[seat])
            if with_view:
                look(state)
        return actions, turns
    return play


def uno_with_unit(with_view: bool = False) -> Game:
    def play(players: int, seed: int) -> tuple[int, int]:
        rng = np.random.default_rng(seed)
        state = UnoHauDrauf({"players": players, "target": 1}, seed)
        clock = FakeClock()
        unit = Unit(np.random.default_rng(seed), SIM_UNIT)
        driver = UnitDriver(state, unit)
        turns = turns_in(driver.start(0.0))
        actions = 0
        while not state.is_over:
            if not state.waiting_for:  # a spin runs on the unit's clock
                clock.advance(max(0.0, unit.next_event_at() - clock.now()))
                turns += turns_in(driver.tick(clock.now()))
                continue
            turns += turns_in(driver.act_legal(*play_first(state, rng), clock.now()))
            actions += 1
            if with_view:
                look(state)
        return actions, turns
    return play


# --- the references ----------------------------------------------------------------

def rlcard_uno(players: int, seed: int, game_class=None) -> tuple[int, int]:
    """One step is one turn (and builds the next observation)."""
    if game_class is None:
        from rlcard.games.uno.game import UnoGame as game_class
    rng = np.random.default_rng(seed)
    game = game_class(num_players=players)
    game.np_random = np.random.RandomState(seed)
    game.init_game()
    steps = 0
    while not game.is_over():
        game.step(pick(rng, game.get_legal_actions()))
        steps += 1
    return steps, steps


class RLCardAtOnce:
    """RLCard's floor: a stand-in for its `UnoGame` that answers `rlcard_uno`'s driver at once
    (lay one of three cards or draw), each game as long as RLCard's own in this bench (its
    actions/game: 43 steps for two players, 50 for four), so that the game's set-up (two
    generators) weighs on a step as it does there. Taken from RLCard's turn (and `AtOnce` from
    ours), it leaves each engine's own time a turn: the "net" ratio."""
    LEGAL = ["r-1", "g-2", "b-3", "draw"]
    STEPS = {2: 43, 4: 50}

    def __init__(self, num_players: int) -> None:
        self.steps, self.last = 0, self.STEPS[num_players]

    def init_game(self) -> None:
        pass

    def is_over(self) -> bool:
        return self.steps == self.last

    def get_legal_actions(self) -> list:
        return list(self.LEGAL)

    def step(self, action) -> None:
        self.steps += 1


def rlcard_at_once(players: int, seed: int) -> tuple[int, int]:
    return rlcard_uno(players, seed, RLCardAtOnce)


def openspiel(name: str) -> Game:
    """Random play of an OpenSpiel game; chance outcomes (the deal, draws) are
    drawn uniformly and not counted as actions."""
    def play(players: int, seed: int) -> tuple[int, int]:
        import pyspiel
        rng = np.random.default_rng(seed)
        state = pyspiel.load_game(name, {"players": players}).new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(pick(rng, state.chance_outcomes())[0])
                continue
            state.apply_action(pick(rng, state.legal_actions()))
            actions += 1
        return actions, actions
    return play


def importable(module: str) -> bool:
    try:
        __import__(module)
        return True
    except ImportError:
        return False


# --- the measurement ---------------------------------------------------------------

@dataclass
class Row:
    label: str
    play: Game
    games: int  # per round
    reference: str | None = None  # the row it is compared with
    per: str = "turns"  # "turns", "games" or "actions": what the ratio counts
    key: str | None = None  # the --json key of the ratio (without the _2p/_4p suffix)


@dataclass
class Figures:
    """One row's medians over the rounds."""
    games_s: float
    actions_s: float
    turns_s: float
    actions_per_game: float

    def rate(self, per: str) -> float:
        return {"games": self.games_s, "actions": self.actions_s, "turns": self.turns_s}[per]


def rows(scale: float) -> list[Row]:
    def n(games: int) -> int:
        return max(1, round(games * scale))
    have_rlcard, have_spiel = importable("rlcard"), importable("pyspiel")
    out = [
        Row(NET_ROWS[0], uno_engine_only(), n(60), "RLCard UnoGame", key="uno_turns_engine"),
        Row("uno-hau-drauf engine only + view", uno_engine_only(with_view=True), n(60), "RLCard UnoGame"),
        Row(NET_ROWS[1], uno_engine_only(cls=AtOnce), n(60), "RLCard UnoGame", key="uno_turns_floor"),
        Row("uno-hau-drauf with unit", uno_with_unit(), n(30), "RLCard UnoGame", key="uno_turns_unit"),
        Row("uno-hau-drauf with unit + view", uno_with_unit(with_view=True), n(30), "RLCard UnoGame"),
        Row("go-fish", turn_based(registry.game_class("go-fish")), n(100), "OpenSpiel go_fish", per="games", key="go_fish_games"),
        Row("crazy-old-fish-war, one round", turn_based(registry.game_class("crazy-old-fish-war"), {"rounds_to_win": 1}), n(60),
            "OpenSpiel crazy_eights", per="actions", key="cofw_actions"),
    ]
    if have_rlcard:
        out += [Row(NET_ROWS[2], rlcard_uno, n(150)), Row(NET_ROWS[3], rlcard_at_once, n(150))]
    if have_spiel:
        out += [Row("OpenSpiel go_fish", openspiel("go_fish"), n(100)),
                Row("OpenSpiel crazy_eights", openspiel("crazy_eights"), n(100))]
    return out


def measure(table: list[Row], players: int, rounds: int) -> dict[str, Figures]:
    """Every row once per round, in turn; medians of each row's rates."""
    samples: dict[str, list[tuple[float, float, float, float]]] = {row.label: [] for row in table}
    for _ in range(rounds):
        for row in table:
            actions = turns = 0
            start = time.process_time()
            for seed in range(row.games):
                a, t = row.play(players, seed)
                actions, turns = actions + a, turns + t
            seconds = max(time.process_time() - start, 1e-9)
            samples[row.label].append((row.games / seconds, actions / seconds, turns / seconds, actions / row.games))
    return {label: Figures(*(statistics.median(s[i] for s in runs) for i in range(4)))
            for label, runs in samples.items()}


def ratio(row: Row, figures: dict[str, Figures]) -> float | None:
    if row.reference not in figures:
        return None
    return figures[row.label].rate(row.per) / figures[row.reference].rate(row.per)


def net_ratio(figures: dict[str, Figures]) -> float | None:
    """UNO "engine only" per turn with each side's driver taken out: (RLCard's time a turn less its
    driver's alone) / (ours less ours alone). Each driver alone answered by a stand-in (`AtOnce`,
    `RLCardAtOnce`) that still costs its few calls, so a little of each engine's cost goes too."""
    if not all(label in figures for label in NET_ROWS):
        return None
    ours, our_driver, theirs, their_driver = (1 / figures[label].turns_s for label in NET_ROWS)
    return (theirs - their_driver) / (ours - our_driver)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--scale", type=float, default=1.0, help="games per round, times this (default 1)")
    parser.add_argument("--json", action="store_true", help="print only the ratios, as one JSON object")
    args = parser.parse_args()
    table = rows(args.scale)
    result: dict[str, float | None] = {}
    for players in (2, 4):
        figures = measure(table, players, args.rounds)
        result[f"uno_turns_engine_net_{players}p"] = net_ratio(figures)
        for row in table:
            f, r = figures[row.label], ratio(row, figures)
            if row.key:
                result[f"{row.key}_{players}p"] = r
            if not args.json:
                versus = "" if r is None else f"   ours/{row.reference} per {row.per[:-1]}: {r:.3g}×"
                print(f"{players}p  {row.label:34s} {f.games_s:8.1f} games/s {f.actions_s:9.0f} actions/s "
                      f"{f.turns_s:9.0f} turns/s {f.actions_per_game:7.0f} actions/game{versus}", flush=True)
        if not args.json and result[f"uno_turns_engine_net_{players}p"] is not None:
            print(f"{players}p  uno-hau-drauf engine only, net of both drivers: "
                  f"{result[f'uno_turns_engine_net_{players}p']:.3g}× RLCard per turn", flush=True)
    result["unit_cycle_us"] = cycle_us()
    if args.json:
        print(json.dumps({key: result[key] for key in KEYS + FLOOR_KEYS}, indent=2))
    else:
        missing = [m for m in ("rlcard", "pyspiel") if not importable(m)]
        if missing:
            print(f"not importable, no reference run: {', '.join(missing)} (pip install rlcard open_spiel)")
        print(f"unit cycle (end turn → spin → select, simulator's settings): {result['unit_cycle_us']:.1f} µs")


if __name__ == "__main__":
    main()
