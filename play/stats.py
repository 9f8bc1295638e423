"""What the stats scene shows: slap races (every seat's reaction time, race
by race), turn times and scores per round — for unit mode and table mode
alike (a table game without the timer has its turns timed by `TurnWatch`).
Each time is kept with the name of who sat there and whether it was a
bot, so people's times never mix with bots' and a renamed seat does not pass
its times on. A turn is kept only as thinking time: not one the clock
stopped or the screen was covered during (`UnitTurnWatch`, `TurnWatch`).
Kept in memory for the session and saved beside the settings (stats.json,
written atomically).

Times are capped per player (the last MAX_PER_PLAYER of each kind), so one
busy evening of one group does not push everyone else's history out."""
from __future__ import annotations

import json
import statistics
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from haudrauf.device import events as uev
from haudrauf.play import storage
from haudrauf.device.settings import SEATS
from haudrauf.words import Message, msg

VERSION = 3  # 3: reaction-test presses; a version 2 file is read as having none
# A turn that ran out of time is kept as {"seat", "name", "bot", "ms": None, "limit_ms"}: an addition a
# version 3 file without it reads as none, and that older code reads as a turn without a time.
MAX_PER_PLAYER = 200  # of each kind (slap races, turns, reaction-test presses): enough to fit a model
MAX_ROUNDS = 500  # scores of rounds, all games together: enough for a chart
#: The longest time kept (ms): an hour. The unit's longest limit is 60 s and 30 s extra; a turn or a slap
#: that took longer than an hour is someone away from the table or a clock gone wrong, and even one such
#: time would drag a person's fitted model far from how they play. A file holding one was edited.
MAX_MS = 3_600_000
#: Far above any score a round gives: a larger number in a file was not written by us.
MAX_SCORE = 10**9


@dataclass(frozen=True)
class Player:
    """Who a time belongs to: the name, and whether a bot played under it."""
    name: str
    bot: bool = False

    @property
    def label(self) -> str:
        return f"{self.name} (bot)" if self.bot else self.name


@dataclass
class SeatSummary:
    last: float | None
    mean: float | None
    best: float | None
    count: int


def entry(seat: int, names: Sequence[str], people: Collection[int] | None, ms: float | None) -> dict:
    """A time as kept; one that `is_time` refuses is kept as none (the file would be refused with it)."""
    name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    return {"seat": seat, "name": name, "bot": people is not None and seat not in people,
            "ms": round(ms, 3) if is_time(ms) else None}


def player_of(item: dict) -> Player:
    return Player(item["name"], item["bot"])


class UnitTurnWatch:
    """Follows the unit's turn in play to tell whether its end is a person's
    thinking time. Not if the clock stopped meanwhile (paused, asleep) or
    something covered the unit (Settings, the reaction test, a question):
    the person went on thinking while the clock did not run, or could not
    press. Nor a finished turn longer than the limit it was played under: a
    turn cannot end after its buzzer. Such a turn is not kept at all, whether
    it ended in time or ran out."""

    def __init__(self) -> None:
        self.covered = False
        self.spoiled = False  # the turn in play stopped or was covered
        self.limit_ms: float | None = None  # the turn in play's (None: no limit, or not known)

    def cover(self, covered: bool) -> None:
        self.covered = covered
        self.spoiled = self.spoiled or covered

    def counts(self, event) -> bool:
        """Follows one event of the unit's; True for a turn's end that is kept."""
        if isinstance(event, uev.PlayerSelected):
            self.spoiled, self.limit_ms = self.covered, event.limit_ms
        elif isinstance(event, (uev.Paused, uev.FellAsleep)):
            self.spoiled = True
        elif isinstance(event, (uev.TurnEnded, uev.TurnTimedOut)):
            limit = self.limit_ms
            late = isinstance(event, uev.TurnEnded) and limit is not None and event.elapsed_ms > limit
            kept = not (self.spoiled or late)
            self.limit_ms = None
            return kept
        return False


class TurnWatch:
    """Times turns where no unit does (a table game without the timer): a turn
    runs from when the game waits for one seat until it waits for another (or
    for several, or the round ends) — as the unit times a speed game's turns.
    A turn the table was covered during (help, the menu, results) is not
    thinking time: it is not kept."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.since = 0.0
        self.covered = False
        self.whole = False  # the running turn was in sight from its start

    def cover(self, covered: bool) -> None:
        self.covered = covered
        self.whole = self.whole and not covered

    def look(self, waiting: Sequence[int], now: float) -> tuple[int, float] | None:
        """(seat, ms) of the turn that just ended, if one did and it counts."""
        seat = waiting[0] if len(waiting) == 1 else None
        if seat == self.seat:
            return None
        ended = (self.seat, (now - self.since) * 1000) if self.seat is not None and self.whole else None
        self.seat, self.since, self.whole = seat, now, not self.covered
        return ended


@dataclass
class StatsBook:
    races: list[list[dict]] = field(default_factory=list)  # per race: {"seat", "name", "bot", "ms"} per seat
    #: {"seat", "name", "bot", "ms"}: time taken for a turn; ms None and "limit_ms" when it ran out of time
    turns: list[dict] = field(default_factory=list)
    rounds: list[dict] = field(default_factory=list)  # {"game", "scores", "names", "bots"}
    presses: list[dict] = field(default_factory=list)  # {"name", "ms"}: a person's press in the reaction test
    #: The unit's turn in play, followed while events are recorded (not saved): which turns are kept.
    unit_turn: UnitTurnWatch = field(default_factory=UnitTurnWatch, repr=False, compare=False)

    def record_unit_events(self, events, names: Sequence[str], people: Collection[int] | None = None) -> None:
        """`names` of the seats; `people`: the seats people play (None: everyone, as in unit mode)."""
        for e in events:
            counts = self.unit_turn.counts(e)
            if isinstance(e, uev.SlapResult):
                self.races.append([entry(seat, names, people, ms) for seat, ms in e.times])
                self.races = capped_races(self.races)
            elif isinstance(e, uev.TurnEnded) and counts:
                self.record_turn(e.seat, e.elapsed_ms, names, people)
            elif isinstance(e, uev.TurnTimedOut) and counts and e.limit_ms is not None:
                self.turns.append(dict(entry(e.seat, names, people, None), limit_ms=round(e.limit_ms, 3)))
                self.turns = capped(self.turns, player_of)

    def record_turn(self, seat: int, ms: float, names: Sequence[str], people: Collection[int] | None = None) -> None:
        self.turns.append(entry(seat, names, people, ms))
        self.turns = capped(self.turns, player_of)

    def record_round(self, game: str, scores: list[int], names: list[str],
                     people: Collection[int] | None = None) -> None:
        bots = [people is not None and seat not in people for seat in range(len(scores))]
        self.rounds.append({"game": game, "scores": list(scores), "names": list(names), "bots": bots})
        del self.rounds[:-MAX_ROUNDS]

    def record_press(self, name: str, ms: float) -> None:
        """A person's press in the reaction test: a slap time of theirs, from no race."""
        if not is_time(ms):
            return
        self.presses.append({"name": name, "ms": round(ms, 3)})
        self.presses = capped(self.presses, lambda item: item["name"])

    # --- who and what ------------------------------------------------------------
    def players(self, kind: str) -> list[Player]:
        """Everyone with a time of this kind ("slap" or "turns"): people first,
        each group by the seat they sat in last."""
        last_seat: dict[Player, int] = {}
        for item in self._items(kind):
            if item["ms"] is not None:
                last_seat[player_of(item)] = item["seat"]
        return sorted(last_seat, key=lambda p: (p.bot, last_seat[p], p.name))

    def times(self, kind: str, player: Player) -> list[float]:
        """The player's times, oldest first (a race they did not press in counts for nothing)."""
        return [item["ms"] for item in self._items(kind) if player_of(item) == player and item["ms"] is not None]

    def timed_out(self, player: Player) -> list[float]:
        """The time limits (ms) of the player's turns that ran out of time, oldest first."""
        return [item["limit_ms"] for item in self.turns if player_of(item) == player and "limit_ms" in item]

    def race_series(self, player: Player) -> list[float | None]:
        """The player's time in every race kept, race 1 first; None where they did not press."""
        return [next((item["ms"] for item in race if player_of(item) == player), None) for race in self.races]

    def _items(self, kind: str) -> list[dict]:
        return [item for race in self.races for item in race] if kind == "slap" else self.turns

    @staticmethod
    def summary(values: list[float]) -> SeatSummary:
        if not values:
            return SeatSummary(None, None, None, 0)
        return SeatSummary(values[-1], statistics.fmean(values), min(values), len(values))

    # --- persistence ------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"version": VERSION, "races": self.races, "turns": self.turns, "rounds": self.rounds,
                "presses": self.presses}

    def save(self, path: Path) -> None:
        storage.write_atomic(path, json.dumps(self.to_dict()))

    @classmethod
    def load(cls, path: Path) -> tuple["StatsBook", Message | None]:
        """Stats from disk; a file that cannot be used (or one from the version
        that kept times by seat only) is moved aside and an empty book used."""
        try:
            text = storage.read_text(path)
            if text is None:
                return cls(), None
            return cls.from_dict(storage.parse_json(text)), None
        except storage.Unusable as why:
            return cls(), storage.set_aside(path, why.message, msg("stats start empty"))

    @classmethod
    def from_dict(cls, data) -> "StatsBook":
        """Raises storage.Unusable with what is wrong."""
        if not isinstance(data, dict):
            raise storage.Unusable(msg("is damaged (it is not a stats file)"))
        if data.get("version") not in (2, VERSION):
            raise storage.Unusable(msg("is from an older version that did not keep who played"))
        races, turns, rounds = (data.get(part) for part in ("races", "turns", "rounds"))
        presses = data.get("presses", []) if data["version"] == 2 else data.get("presses")
        if not all(isinstance(part, list) for part in (races, turns, rounds, presses)) or \
                not all(isinstance(race, list) for race in races):
            raise storage.Unusable(msg("is damaged (its races, turns, rounds or presses are not lists)"))
        return cls(races=capped_races([[_checked(item) for item in race] for race in races]),
                   turns=capped([_checked(item) for item in turns], player_of),
                   rounds=[_checked_round(r) for r in rounds[-MAX_ROUNDS:]],
                   presses=capped([_checked_press(item) for item in presses], lambda item: item["name"]))


def capped(items: list[dict], owner) -> list[dict]:
    """The items without each owner's oldest beyond their last MAX_PER_PLAYER, order kept."""
    seen: dict = {}
    kept = []
    for item in reversed(items):
        key = owner(item)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= MAX_PER_PLAYER:
            kept.append(item)
    return kept[::-1]


def capped_races(races: list[list[dict]]) -> list[list[dict]]:
    """Races without each player's times beyond their last MAX_PER_PLAYER races;
    a race nobody is left in goes."""
    numbered = capped([dict(item, race=n) for n, race in enumerate(races) for item in race], player_of)
    kept: dict[int, list[dict]] = {}
    for item in numbered:
        kept.setdefault(item.pop("race"), []).append(item)
    return list(kept.values())


def _is_name(value) -> bool:
    return isinstance(value, str) and value.isprintable()


def _is_numeric(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_number(value) -> bool:
    """A number of a size we write (a 400-digit whole number is not: no float holds it)."""
    return _is_numeric(value) and abs(value) <= MAX_SCORE


def is_time(ms) -> bool:
    """A time someone could have taken: above 0 ms and at most MAX_MS."""
    return _is_numeric(ms) and 0 < ms <= MAX_MS


def _is_seat(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


def _all(values, check) -> bool:
    return isinstance(values, list) and all(check(v) for v in values)


def _checked(item) -> dict:
    """One kept time as read from disk, with the types the scene relies on."""
    if not (isinstance(item, dict) and _is_seat(item.get("seat")) and _is_name(item.get("name"))
            and isinstance(item.get("bot"), bool) and (item.get("ms") is None or _is_numeric(item["ms"]))):
        raise storage.Unusable(msg("is damaged (a kept time is not a seat, a name and a time)"))
    ms = item["ms"]
    kept = {"seat": item["seat"], "name": item["name"], "bot": item["bot"],
            "ms": None if ms is None else _kept_time(ms, msg("a time"))}
    if "limit_ms" in item:
        if ms is not None or not is_time(item["limit_ms"]):
            raise storage.Unusable(msg("is damaged (a turn that ran out of time has no time limit)"))
        kept["limit_ms"] = float(item["limit_ms"])
    return kept


def _checked_press(item) -> dict:
    if not (isinstance(item, dict) and _is_name(item.get("name")) and _is_numeric(item.get("ms"))):
        raise storage.Unusable(msg("is damaged (a reaction-test press is not a name and a time)"))
    return {"name": item["name"], "ms": _kept_time(item["ms"], msg("a reaction-test time"))}


def _kept_time(ms: float, what: Message) -> float:
    """A time from the file; one nobody could have taken refuses the file, saying which."""
    if not is_time(ms):
        shown = repr(ms) if len(repr(ms)) <= 12 else f"{repr(ms)[:8]}…"  # a 400-digit number stays short
        raise storage.Unusable(msg("holds {what} of {shown} ms, which nobody takes (a time is above 0 ms "
                                   "and at most an hour)", what=what, shown=shown))
    return float(ms)


def _checked_round(item) -> dict:
    if not (isinstance(item, dict) and _is_name(item.get("game")) and _all(item.get("scores"), _is_number)
            and _all(item.get("names", []), _is_name) and _all(item.get("bots", []), lambda b: isinstance(b, bool))):
        raise storage.Unusable(msg("is damaged (a round's scores are not numbers by name)"))
    return dict(item)
