"""Playthroughs of every game, OpenSpiel style (tests/engine/playthroughs/):
one readable text file per game and option set with, at every step, who acts,
the prompt the table shows them, the labels of their legal choices, the move
made (a seeded random choice) and the log lines of what happened.

`python -m tests.engine.make_playthroughs` rewrites them. Run it only when a
rule (or a word on screen) is meant to change, and read the diff: it is the
changed game. tests/engine/test_playthroughs.py plays every file again and
compares it step by step."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from haudrauf.device import events as uev
from haudrauf.device.clock import FakeClock
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit
from haudrauf.engine import registry
from haudrauf.engine.core import Choice, GameState, TableView
from haudrauf.play.game_log import line_for

OUT = Path(__file__).parent / "playthroughs"
REGENERATE = "python -m tests.engine.make_playthroughs"
NAMES = ("Anna", "Bo", "Cleo", "Dev", "Eli", "Fay")
MAX_STEPS = 300  # a whole short game, or its first 300 steps: files a reviewer can read
SEED = 1
#: Chance that, in a game with the turn timer, the seat the game waits for runs out of time before a move.
TIMEOUT_RATE = 0.1
#: The unit driving UNO Hau drauf: short clocks, no sleep, no countdown beeps (fewer lines, same rules).
FAST_UNIT = UnitSettings(turn_time=6, spin_duration=0.5, slap_window=2, sleep_after=0, countdown_warnings=0)

#: Option sets played besides each game's defaults ("timer": played as a speed game with the unit's turn timer).
MORE_CASES: dict[str, list[dict]] = {
    "uno-hau-drauf": [{"players": 2, "target": 1, "layer_chooses": True, "wild4_bluffing": True},
                      {"players": 6, "scoring": "lowest-wins", "target": 100}],
    "go-fish": [{"players": 2}, {"players": 4, "timer": True}],
    "skip-bo": [{"short_game": True}, {"players": 4, "partners": True}, {"players": 2, "timer": True}],
    "crazy-old-fish-war": [{"war": True}, {"players": 3, "fish_penalty": 2, "timer": True}],
    "sea-salt-paper": [{"extra_salt": True}, {"extra_pepper": True},
                       {"extra_salt": True, "extra_pepper": True, "double_points": True, "timer": True}],
}


@dataclass(frozen=True)
class Case:
    game: str
    options: dict
    timer: bool = False

    @property
    def name(self) -> str:
        """File name: the game and its options, e.g. `go-fish--players-4--timer`."""
        parts = [f"{key}-{value}".replace("_", "-").lower() for key, value in self.options.items()]
        return "--".join([self.game, *(parts or ["defaults"]), *(["timer"] if self.timer else [])])


def cases() -> list[Case]:
    """Every registered game with its defaults, and the option sets above."""
    found = []
    for game in registry.available():
        found.append(Case(game, {}))
        for options in MORE_CASES.get(game, []):
            options = dict(options)
            timer = options.pop("timer", False)
            found.append(Case(game, options, timer))
    return found


def unit_driver(state: GameState, unit: Unit):
    """The unit driver that wires a game to a unit (start / act / tick), the
    one the table and the simulator use. The only place the tests name it."""
    from haudrauf.play.unit_driver import UnitDriver
    return UnitDriver(state, unit)


class Writer:
    """The lines of one playthrough, written as it is played (`play` calls
    `before`, `move`, `happening` and `events`); stops the game after `max_steps`."""

    def __init__(self, state: GameState, max_steps: int = MAX_STEPS) -> None:
        self.state, self.lines, self.steps, self.max_steps = state, [], 0, max_steps
        self.names = list(NAMES[:state.players])

    @property
    def done(self) -> bool:
        return self.state.is_over or self.steps >= self.max_steps

    def name(self, seat: int) -> str:
        return self.names[seat]

    def events(self, events: list) -> None:
        for event in events:
            line = line_for(event, self.name, self.names)
            if line:
                self.lines.append(f"    {line}")

    def move(self, seat: int, before: tuple[list[str], str], events: list) -> None:
        """A seat's move, with the picture and the choice's label as they were before it (`before`)."""
        lines, label = before
        self.steps += 1
        self.lines += [f"step {self.steps}: {self.name(seat)}", *lines, f"  action: {label}"]
        self.events(events)

    def before(self, seat: int, action) -> tuple[list[str], str]:
        """What the table showed `seat` before `action`, and the action's label."""
        return self.picture(seat), self.label(seat, action)

    def picture(self, seat: int) -> list[str]:
        view = self.state.table_view(seat, self.names)
        return [f"  prompt: {view.prompt}", f"  choices: {' | '.join(choice_text(view, c) for c in view.choices)}"]

    def label(self, seat: int, action) -> str:
        view = self.state.table_view(seat, self.names)
        return next((choice_text(view, c) for c in view.choices if c.action == action), "(not among the choices)")

    def happening(self, what: str, events: list) -> None:
        """A step nobody chose: the unit's clock, a timeout."""
        self.steps += 1
        self.lines.append(f"step {self.steps}: {what}")
        self.events(events)


def choice_text(view: TableView, choice: Choice) -> str:
    """The choice's label, as the table shows it; a choice picked by clicking a
    card also names the card's face (the label alone, "discard on pile 1",
    leaves to the picture which card it is)."""
    if choice.card is None:
        return str(choice.label)
    faces = {card.id: card.face for pile in all_piles(view) for card in pile.cards}
    return f"{choice.label} [{faces.get(choice.card)}]"


def all_piles(view: TableView):
    for seat in view.seats:
        yield seat.hand
        yield from seat.piles
    yield from view.centre


def playthrough(case: Case) -> str:
    """The text of one playthrough, from the current rules."""
    cls = registry.game_class(case.game)
    state = cls(case.options, SEED)
    writer = Writer(state)
    rng = np.random.default_rng(SEED)
    header = [f"# {cls.info.name}: {json.dumps(case.options)}{' with the turn timer' if case.timer else ''}",
              f"# game {case.game}, seed {SEED}, options {json.dumps(state.options)}",
              f"# Regenerate with `{REGENERATE}` only when a rule change is meant; read the diff.",
              "start"]
    writer.lines += header
    play(state, writer, rng, case.timer)
    writer.lines.append(f"end after {writer.steps} steps: "
                        + (str(state.result.summary) if state.is_over else "not over (the file stops here)"))
    return "\n".join(writer.lines) + "\n"


def play(state: GameState, writer: Writer, rng: np.random.Generator, timer: bool = False) -> None:
    """Play `state` until `writer.done`: with the unit for a game driven by it,
    else move by move (with `timer`, as a speed game)."""
    (play_with_unit if state.info.uses_unit else play_turn_based)(state, writer, rng, timer)


def play_turn_based(state: GameState, writer: Writer, rng: np.random.Generator, timer: bool) -> None:
    """Random legal moves; with the timer, the unit picks the starter and now
    and then the seat the game waits for runs out of time."""
    if timer:
        writer.events(pick_the_starter(state, rng))
    while not writer.done:
        waiting = state.waiting_for
        if timer and waiting and rng.random() < TIMEOUT_RATE:
            seat = waiting[int(rng.integers(len(waiting)))]
            timeout = uev.TurnTimedOut(at=float(writer.steps), seat=seat, limit_ms=6000.0)
            writer.happening(f"{writer.name(seat)} runs out of time", [timeout] + state.feed(timeout))
            continue
        seats = state.current_seats
        seat = seats[int(rng.integers(len(seats)))]
        legal = state.legal_actions(seat)
        action = legal[int(rng.integers(len(legal)))]
        before = writer.before(seat, action)
        writer.move(seat, before, state.apply(seat, action))


def pick_the_starter(state: GameState, rng: np.random.Generator) -> list:
    """The unit's spin before the first move, fed to the game: its events and the game's."""
    seat = int(rng.integers(state.players))
    out = []
    if state.takes_the_spin:
        spin = uev.SpinStarted(at=0.0, seats=tuple(range(state.players)), schedule=((0.0, seat),),
                                       duration_ms=1000.0)
        out += [spin] + state.feed(spin)
    selected = uev.PlayerSelected(at=1.0, seat=seat, limit_ms=6000.0)
    return out + [selected] + state.feed(selected)


def play_with_unit(state: GameState, writer: Writer, rng: np.random.Generator, timer: bool) -> None:
    """A game driven by a real unit on a fake clock: mostly a seat the game
    waits for makes a random move (mostly laying a card, mostly calling UNO:
    purely random play piles up penalty cards for ever); now and then time runs
    on to the unit's next timer instead (turns time out, slap windows close).
    (The unit is always the timer here: `timer` changes nothing.)"""
    clock = FakeClock()
    unit = Unit(np.random.default_rng(SEED + 1), FAST_UNIT)
    driver = unit_driver(state, unit)
    writer.events(driver.start(clock.now()))
    while not writer.done:
        if state.current_seats and rng.random() < 0.97:
            seat = pick_seat(state, rng)
            action = pick_uno(state.legal_actions(seat), rng)
            before = writer.before(seat, action)
            events = driver.act(seat, action, clock.now())
            clock.advance(float(rng.random()) * 0.3)
            writer.move(seat, before, events + driver.tick(clock.now()))
        else:
            clock.advance(max(0.0, (unit.next_event_at() or clock.now() + 0.1) - clock.now()))
            writer.happening(f"the clock runs on to {clock.now():.2f} s", driver.tick(clock.now()))


def pick_seat(state: GameState, rng: np.random.Generator) -> int:
    """Mostly a seat the game waits for; now and then one with only optional moves."""
    waiting = state.waiting_for
    seats = waiting if waiting and rng.random() < 0.9 else state.current_seats
    return seats[int(rng.integers(len(seats)))]


def pick_uno(legal: list, rng: np.random.Generator):
    """Mostly UNO! when it may be called, mostly a card when one fits, else any move."""
    from haudrauf.engine.games.uno_hau_drauf.actions import CallUno, Play
    if CallUno() in legal and rng.random() < 0.9:
        return CallUno()
    plays = [a for a in legal if isinstance(a, Play)]
    pool = plays if plays and rng.random() < 0.95 else legal
    return pool[int(rng.integers(len(pool)))]


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.txt"):
        old.unlink()
    for case in cases():
        text = playthrough(case)
        (OUT / f"{case.name}.txt").write_text(text)
        print(f"{case.name}: {text.count(chr(10) + 'step ')} steps")


if __name__ == "__main__":
    main()
