"""The contract every game implements, in the spirit of OpenSpiel.

A game is a `GameState` subclass. The base class owns what is the same for all
games: options, the one seeded `numpy.random.Generator`, the action log,
refusing illegal input *before* anything changes, serialisation and replay.
A game supplies the rules: `current_seats`, `legal_actions`, `_apply`,
`why_illegal`, `is_over`, `result`, `view`, `table_view` and `cards`.

State attributes of a game must be JSON-compatible containers (lists, dicts
with string keys, ints, floats, strings, bools, None): `to_dict()` copies them
generically, so every game is serialisable without code of its own.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import reprlib
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable

import numpy as np

from haudrauf.device import events as uev
from haudrauf.engine.core.codec import decoder, encode
from haudrauf.engine.core.errors import IllegalAction
from haudrauf.engine.core.options import Option, resolve
from haudrauf.engine.core.shape import malformed, wrong_field
from haudrauf.engine.core.table_view import TableView, Text
from haudrauf.words import Message, msg

#: Attributes owned by the base class; everything else in vars(state) is game data.
#: `cache` holds values derived from the position (legal moves); any change of
#: the position through apply() or feed() empties it.
BASE_FIELDS = ("options", "seed", "rng", "_log", "_unlogged", "cache")


@dataclass(frozen=True)
class GameInfo:
    id: str  # "uno-hau-drauf", "go-fish", …
    name: Message  # said in each reader's language
    min_players: int
    max_players: int
    options: tuple[Option, ...]  # must include "players"
    card_count: int  # every card exists exactly once: ids 0 … card_count-1
    uses_unit: bool = False  # turn order comes from the unit (UNO Hau drauf)
    summary: str = ""


@dataclass(frozen=True)
class GameEvent:
    """Something that happened, for log lines and animations. Subclasses are
    frozen dataclasses; `message` says it for people (a `Message`, rendered in
    each reader's language; `name` gives a seat's name)."""

    #: The table's sound for it (a name in sounds/), None: silent. Round and game
    #: ends need none: the table knows them by `RoundEnd` and `GameEnd`.
    sound: ClassVar[str | None] = None

    def message(self, name) -> Message:  # name: Callable[[int], str], seat → "Anna"
        raise NotImplementedError(f"{type(self).__name__} says nothing")


@dataclass(frozen=True)
class TurnStarted(GameEvent):
    """A seat's turn begins. Every game emits one per turn (the simulator counts
    turns by it; the table leaves it out of the log, the prompt says it)."""
    seat: int

    def message(self, name) -> Message:
        return msg("{seat}'s turn", seat=name(self.seat))


@dataclass(frozen=True)
class StarterChosen(GameEvent):
    """The unit's random pick starts instead of the game's usual first player."""
    seat: int

    def message(self, name) -> Message:
        return msg("The unit picks {seat} to start", seat=name(self.seat))


@dataclass(frozen=True)
class RoundEnd(GameEvent):
    """A round (or one game of a match) is over: the table shows its results.
    Subclasses say what the running totals are (points, rounds won, …)."""

    def running_totals(self) -> tuple[int, ...]:
        raise NotImplementedError


@dataclass(frozen=True)
class GameEnd(GameEvent):
    """The whole game is over; `state.result` holds the outcome."""


@dataclass(frozen=True)
class Result:
    winners: tuple[int, ...]  # several on a shared win
    scores: tuple[int, ...]  # per seat, the game's own measure (points, books, rounds won)
    summary: Text  # how it ended, speaking of seats ("seat 2 played out the stock first"), in each reader's language


class GameState:
    info: ClassVar[GameInfo]
    action_types: ClassVar[tuple[type, ...]]
    #: The game takes the unit's `SpinStarted` before its first move (a speed
    #: game's spin for the starter): nobody is on turn until `PlayerSelected`.
    takes_the_spin: ClassVar[bool] = False
    #: A game driven by the unit: the actions that press its buttons (the seat's
    #: own, the big HAU DRAUF one). The rules allow a press first; the table then
    #: passes it on to the unit, whose events drive the game. A button is a move
    #: without fields: its class alone says that a move presses it.
    seat_button: ClassVar[Any] = None
    hau_drauf_button: ClassVar[Any] = None
    #: Kinds of move that change nothing by themselves (the unit's buttons, whose
    #: events move the game on): what was worked out for the position (`cache`) stays.
    changes_nothing: ClassVar[tuple[type, ...]] = ()

    def __init__(self, options: dict[str, Any] | None = None, seed: int = 0) -> None:
        self.options = resolve(self.info.options, options)
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)
        self._log: list[list] = []
        self._unlogged: list[tuple] = []  # moves not yet in plain form (see `log`)
        self.cache: dict[Any, Any] = {}
        self.setup()

    # --- what a game supplies ----------------------------------------------

    def setup(self) -> None:
        """Shuffle and deal (uses self.rng)."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        return self.options["players"]

    @property
    def current_seats(self) -> tuple[int, ...]:
        """Seats that may act now (several in a race or a challenge window)."""
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list:
        """Empty for a seat not in `current_seats` (so whoever drives the game
        need ask only those)."""
        raise NotImplementedError

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Seats the game cannot go on without. Other current seats have only
        optional moves (catching a player without UNO): a bot may let them pass."""
        return self.current_seats

    def _apply(self, seat: int, action) -> list[GameEvent]:
        """Carry out an action already known to be legal."""
        raise NotImplementedError

    def why_illegal(self, seat: int, action) -> Message:
        """Why `action` is not legal for `seat` now, as a `Message` for the player.
        Called only for actions that are not legal."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def result(self) -> Result | None:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: its own hand, public piles, counts; no secrets."""
        raise NotImplementedError

    def table_view(self, viewer: int | None, names: list[str]) -> TableView:
        """The game-neutral picture for the renderer, seen by `viewer` (None: a
        spectator, every hand hidden)."""
        raise NotImplementedError

    def cards(self) -> Iterable[int]:
        """Every card id in every zone (for the conservation checks)."""
        raise NotImplementedError

    #: The unit's event types the game takes; `feed` refuses any other.
    unit_events: ClassVar[tuple[type, ...]] = ()

    def _feed(self, event: uev.UnitEvent) -> list[GameEvent]:
        """React to an event of the unit, already known to be well formed and
        to name only seats of this game. Refuses (IllegalAction, before
        changing anything) an event the game is not waiting for now."""
        raise NotImplementedError

    # --- provided -----------------------------------------------------------

    def apply(self, seat: int, action) -> list[GameEvent]:
        """Make a move. Illegal moves raise `IllegalAction` with a reason and
        change nothing: legality is checked before the game sees the move, and
        a malformed move (a float pile, a bool seat) never reaches the rules."""
        reason = self.refusal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._make_move(seat, action)

    def apply_legal(self, seat: int, action) -> list[GameEvent]:
        """Make a move our own driver took from `legal_actions(seat)` of this
        very position (a bot, the simulator), without checking it again: the
        check costs as much as the move. Never for a move from outside — a
        person, a phone, a file or a test's forged move go through `apply`."""
        try:
            events = self._apply(seat, action)
        finally:
            if type(action) not in self.changes_nothing:
                self.cache.clear()  # the position changed (the rules may have read the cache while changing it)
        self._unlogged.append((seat, action))
        return events

    #: What `apply` does once the move is found legal: `apply_legal` itself, under a name of its own so that
    #: a test may swap the trusted entry point without touching the checked one.
    _make_move = apply_legal

    @property
    def changes(self) -> int:
        """How many moves and unit events the game has taken: the number of
        the position. A move taken from `legal_actions` may be made with
        `apply_legal` only while this is what it was when the list was taken."""
        return len(self._log) + len(self._unlogged)

    def refusal(self, seat: int, action) -> Message | None:
        """Why `action` would be refused, or None if it is legal — asked
        without making it (the table explains a click that makes no move)."""
        if self.is_over:
            return msg("the game is over")
        if type(seat) is not int:  # bool is an int subclass: True must not pass as seat 1
            return msg("{seat} is not a seat", seat=reprlib.repr(seat))
        if not 0 <= seat < self.players:
            return msg("there is no seat {seat} in this game", seat=seat + 1)
        if self._is_legal(seat, action):
            return None
        reason = malformed(action, self.action_types, self.info.name)
        if reason:  # never show a malformed move to the rules: they would index lists with it
            return reason
        if seat not in self.current_seats and not self.allowed_out_of_turn(action):
            return self.not_your_turn(seat)
        return self.why_illegal(seat, action)

    def _is_legal(self, seat: int, action) -> bool:
        """Among the legal moves, and with exactly their field types: equality
        alone lets `Discard(card, 0.0)` pass for `Discard(card, 0)` and
        `True` for 1. The legal move itself (what bots and the table pass)
        needs no type check and no comparison, which keeps the hot path fast."""
        legal = self.legal_actions(seat)
        for known in legal:  # by identity first: a dataclass's == is a Python call per move compared
            if known is action:
                return True
        return action in legal and malformed(action, self.action_types, self.info.name) is None

    def card_move(self, seat: int, card: int):
        """The move a click on `card` (a card of `seat`'s) asks for, so that a
        refused click can say why; None: the card has no move of its own."""
        return None

    def pile_move(self, seat: int, card: int, pile: str):
        """The move putting `card` on `pile` (its key in the table view) asks
        for, so that a refused drop can say why; None: no move goes there."""
        return None

    def allowed_out_of_turn(self, action) -> bool:
        """Moves anyone may make at any time (catching a player without UNO):
        refusing one says why, not whose turn it is."""
        return False

    @property
    def waiting_on_unit(self) -> bool:
        """True while only the unit can move the game on (it is choosing a seat)."""
        return False

    @property
    def unit_turn(self) -> int | None:
        """The seat whose turn the unit is timing (a game driven by the unit;
        None: nobody's), so that a resumed game gives it back its clock."""
        return None

    @property
    def savable(self) -> bool:
        """False while the position cannot be resumed from a save (the unit's
        slap race and its flashing penalties live on the unit's clock)."""
        return True

    def pace(self, action) -> str:
        """How a person makes `action`, which sets a bot's delay: "think"
        (choosing a move), "press" (a button, nothing to weigh) or "react" (a race)."""
        return "think"

    def not_your_turn(self, seat: int) -> Message:
        if not self.current_seats:
            return msg("not your turn (waiting for nobody)")
        return msg("not your turn (waiting for {seats})",
                   seats=tuple(msg("seat {seat}", seat=s + 1) for s in self.current_seats))

    def feed(self, event: uev.UnitEvent) -> list[GameEvent]:
        """Pass an event of the unit to the game; logged like an action.
        Events come from save files too, so none is trusted: like a move, a
        refused event raises `IllegalAction` with the reason and changes nothing."""
        reason = self.event_refusal(event)
        if reason is not None:
            raise IllegalAction(reason)
        return self._pass_event(event)

    def feed_own(self, event: uev.UnitEvent) -> list[GameEvent]:
        """Pass on an event our own `Unit` made in this game, without checking
        its fields and seats again (the game's `_feed` still refuses one that
        does not fit its phase). Never for an event from a file or a test's
        forgery: those go through `feed`."""
        try:
            events = self._feed(event)
        finally:
            self.cache.clear()
        self._unlogged.append((None, event))
        return events

    #: What `feed` does once the event is found well formed (see `_make_move`).
    _pass_event = feed_own

    def event_refusal(self, event) -> Message | None:
        """What is wrong with `event` whatever the game's phase (the game's
        `_feed` checks that it fits the phase), or None."""
        if self.is_over:
            return msg("the game is over")
        name = type(event).__name__
        if type(event) not in self.unit_events:
            if isinstance(event, uev.UnitEvent):
                return msg("{game} does not use the unit's {event} event", game=self.info.name, event=name)
            return msg("{value} is not an event of the unit", value=reprlib.repr(event))
        reason = wrong_field(event)
        if reason is not None:
            return msg("the unit's {event} is not well formed: {reason}", event=name, reason=reason)
        players = self.players
        for field, seats_in, each_once in _seat_fields(type(event)):
            seats = seats_in(getattr(event, field))
            for seat in seats:
                if not 0 <= seat < players:
                    return msg("the unit's {event} names seat {seat}, but there is no seat {seat} in this game",
                               event=name, seat=seat + 1)
            if each_once and len(seats) > 1 and len(set(seats)) < len(seats):
                return msg("the unit's {event} names a seat twice in its {field}",
                           event=name, field=field.replace('_', ' '))
        return None

    @property
    def log(self) -> list[list]:
        """Every move and unit event as plain data: ["act", seat, action] or
        ["unit", event]. Encoded when read, not when made: encoding costs as
        much as checking a move, and the log is read only to save or replay."""
        if self._unlogged:
            self._log += [["unit", encode(move)] if seat is None else ["act", seat, encode(move)]
                          for seat, move in self._unlogged]
            self._unlogged.clear()
        return self._log

    # --- serialisation and replay ------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {k: copy.deepcopy(v) for k, v in vars(self).items() if k not in BASE_FIELDS}
        return {
            "game": self.info.id,
            "options": dict(self.options),
            "seed": self.seed,
            "log": copy.deepcopy(self.log),
            "rng": self.rng.bit_generator.state,
            "data": data,
        }

    @classmethod
    def from_dict(cls, saved: dict[str, Any]) -> "GameState":
        if saved.get("game") != cls.info.id:
            raise ValueError(f"this is a save of {saved.get('game')!r}, not {cls.info.id!r}")
        state = cls.__new__(cls)
        state.options = resolve(cls.info.options, saved["options"])
        state.seed = saved["seed"]
        state.rng = np.random.default_rng()
        state.rng.bit_generator.state = copy.deepcopy(saved["rng"])
        state._log = copy.deepcopy(saved["log"])
        state._unlogged = []
        state.cache = {}
        for key, value in saved["data"].items():
            setattr(state, key, copy.deepcopy(value))
        return state

    @classmethod
    def replay(cls, options: dict[str, Any], seed: int, log: list[list]) -> "GameState":
        """Rebuild a game from its options, seed and log (the save file)."""
        state = cls(options, seed)
        for entry in log:
            state.apply_entry(entry)
        return state

    def apply_entry(self, entry: list) -> list:
        """Make one saved log entry happen again; the events it made (for a unit
        entry the unit's own event first, as the table saw it) — the replay
        viewer and a resumed game's log read them."""
        if entry[0] == "act":
            return self.apply(entry[1], _action_decoder(type(self))(entry[2]))
        if entry[0] == "unit":
            event = _decode_unit_event(entry[1])
            return [event, *self.feed(event)]
        raise ValueError(f"unknown log entry {entry!r}")


#: The unit's event fields that name one seat, and those listing seats, each once.
SEAT_FIELDS = ("seat", "slapper")
SEAT_LIST_FIELDS = ("seats", "racers", "losers", "waiting_for")


def _one_seat(value: int | None) -> tuple[int, ...]:
    return () if value is None else (value,)


def _seats_listed(value: tuple[int, ...]) -> tuple[int, ...]:
    return value


def _seats_timed(value: tuple[tuple[int, float | None], ...]) -> tuple[int, ...]:
    """`times` pairs a seat with its reaction time."""
    return tuple(seat for seat, _ in value)


def _seats_lit(value: tuple[tuple[float, int], ...]) -> tuple[int, ...]:
    """The spin's `schedule` pairs a time with the lit seat."""
    return tuple(seat for _, seat in value)


@functools.cache
def _seat_fields(cls: type) -> tuple[tuple[str, Callable[[Any], tuple[int, ...]], bool], ...]:
    """The fields of a unit event class that name seats, in the order they are
    checked: (field, the seats its value names, whether each may appear only
    once — the light of a spin passes seats again). Worked out once per class,
    so checking an event is a loop over its few seat fields."""
    readers = [*((name, _one_seat, True) for name in SEAT_FIELDS),
               *((name, _seats_listed, True) for name in SEAT_LIST_FIELDS),
               ("times", _seats_timed, True), ("schedule", _seats_lit, False)]
    present = {f.name for f in dataclasses.fields(cls)}
    return tuple(reader for reader in readers if reader[0] in present)


@functools.cache
def _action_decoder(cls: type[GameState]):
    return decoder(cls.action_types)


_decode_unit_event = decoder(
    t for t in vars(uev).values()
    if isinstance(t, type) and issubclass(t, uev.UnitEvent) and dataclasses.is_dataclass(t)
)
