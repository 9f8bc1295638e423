"""The answer of a tuning (`tune.py` finds it) and whom it is for: the target
band, the group of people with their reaction models (read from the stats
book), and the recommended turn time and extra time, in words and as data.
Kept apart from the search so the Settings' tune scene and the command line
can show an answer without knowing how it was found. Its words are `Message`s,
rendered in each reader's language (`Language.say`); `str()` is English."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from haudrauf.device.settings import SEATS
from haudrauf.engine import registry
from haudrauf.engine.bots.base import ReactionModel
from haudrauf.play import storage
from haudrauf.play.language import Language
from haudrauf.play.messages import in_seconds
from haudrauf.play.stats import StatsBook
from haudrauf.tuner.simulate import clustered_margin
from haudrauf.tuner.people import PersonModel, person_model
from haudrauf.words import Message, Number, msg, nmsg

#: The game tuned for unless told.
GAME = "uno-hau-drauf"
#: Each seat's timed-out share at the recommendation is known within ± this (95 %) unless told.
PRECISION = 0.015
ENGLISH = Language()

@dataclass(frozen=True)
class Band:
    """The share of turns the buzzer may end: fractions, low below high."""
    low: float = 0.05
    high: float = 0.10

    def __post_init__(self) -> None:
        if not 0 <= self.low < self.high <= 1:
            raise ValueError("the band is two percentages from 0 to 100, the lower first")

    @property
    def middle(self) -> float:
        return (self.low + self.high) / 2

    def holds(self, share: float) -> bool:
        return self.low <= share <= self.high

    def fit(self, share: float) -> tuple[bool, float]:
        """Sorts a share before another when it is inside the band, then nearer the middle."""
        return not self.holds(share), abs(share - self.middle)

    def outside(self, share: float) -> float:
        return max(self.low - share, share - self.high, 0.0)

    def verdict(self, interval: tuple[float, float]) -> str:
        """Where a share known to within `interval` lies: "inside" the band, "outside" it, or "on the
        edge" — the interval reaches over an edge, so the games played cannot tell which side it is on."""
        low, high = interval
        if self.low <= low and high <= self.high:
            return "inside"
        if high < self.low or low > self.high:
            return "outside"
        return "on the edge"

    def words(self) -> Message:
        return msg("{low}–{high} %", low=_points(self.low), high=_points(self.high))

    def miss_words(self, share: float) -> Message:
        """How far outside: "17 % over the 5–10 % aimed at"."""
        if share > self.high:
            return msg("{amount} over the {band} aimed at", amount=percent(self.outside(share)), band=self.words())
        return msg("{amount} under the {band} aimed at", amount=percent(self.outside(share)), band=self.words())


@dataclass(frozen=True)
class Group:
    """Who plays, in seat order, each with their reaction model (fitted from their whole turns)."""
    names: tuple[str, ...]
    models: tuple[ReactionModel, ...]
    game: str = GAME

    def __post_init__(self) -> None:
        info = registry.game_class(self.game).info
        if len(self.names) != len(self.models):
            raise ValueError("one reaction model per person")
        if not info.min_players <= len(self.names) <= min(info.max_players, SEATS):
            raise ValueError(msg("{game} takes {low}–{high} players, not {n}", game=info.name, low=info.min_players,
                                 high=min(info.max_players, SEATS), n=len(self.names)))



def model_words(model: ReactionModel) -> Message:
    """ "thinks 2.1 ± 0.9 s, slaps 430 ± 110 ms": rounded as a person reads it."""
    return msg("thinks {mean} ± {spread} s, slaps {slap} ± {slap_spread} ms",
               mean=Number(model.think_mean_s), spread=Number(model.think_spread_s),
               slap=Number(model.slap_mean_ms, 0), slap_spread=Number(model.slap_spread_ms, 0))


def _points(share: float) -> float | int:
    """A share in percentage points as a number shows it: 5, 7.5 (no "5.0")."""
    points = round(share * 100, 6)
    return int(points) if points == int(points) else points


def percent(share: float) -> Message:
    return msg("{n} %", n=round(share * 100))


def extra_words(names, extra) -> tuple[Message, ...] | Message:
    """ "+2 s for Dan", "+1 s for Cleo, +3 s for Bo and Dan", "no extra time" (a tuple reads
    as its items with commas between)."""
    by_time: dict[float, list[str]] = {}
    for name, seconds in zip(names, extra):
        if seconds:
            by_time.setdefault(seconds, []).append(name)
    parts = tuple(msg("+{time} for {names}", time=in_seconds(t), names=listed(who))
                  for t, who in sorted(by_time.items()))
    return parts or msg("no extra time")


@dataclass
class Tuning:
    """The answer, with what it rests on."""
    group: Group
    band: Band
    speed: float
    extra: tuple[float, ...]  # per seat
    shares: tuple[float, ...]  # per seat, as the recommendation played
    overall: float
    limits: list[float]  # the time limits the curves are drawn at
    curves: list[list[float | None]]  # per seat, its share of turns longer than each of those limits
    games: int  # played at the recommendation
    played: int = 0  # games in all
    stopped: int = 0  # games the simulator stopped at its caps (their turns count)
    notes: list[Message] = field(default_factory=list)
    turns: tuple[int, ...] = ()  # per seat, the turns the recommendation played
    intervals: tuple[tuple[float, float], ...] = ()  # per seat, its share 95 % sure (`share_interval`)
    curve_games: int = 0  # played with no time limit, for the curves
    precision: float = PRECISION  # the margin each seat's share was played to (at most `most` games)
    most: int = 0  # games a setting could play

    @property
    def in_band(self) -> bool:
        return all(self.band.holds(s) for s in self.shares)

    def interval(self, seat: int) -> tuple[float, float]:
        """The seat's timed-out share at the recommendation, 95 % sure; (0, 1) when nothing was played."""
        return self.intervals[seat] if self.intervals else (0.0, 1.0)

    def verdicts(self) -> list[str]:
        return [self.band.verdict(self.interval(seat)) for seat in range(len(self.shares))]

    def words(self) -> Message:
        """The recommendation as a person says it: "6 s, +2 s for Dan: every seat 6–9 % of turns"."""
        low, high = round(min(self.shares) * 100), round(max(self.shares) * 100)
        spread = percent(max(self.shares)) if low == high else msg("{low}–{high} %", low=low, high=high)
        verdicts = self.verdicts()
        if all(v == "inside" for v in verdicts):
            return msg("{time}, {extra}: every seat {spread} of turns",
                       time=in_seconds(self.speed), extra=extra_words(self.group.names, self.extra), spread=spread)
        def seats(verdict: str) -> tuple[Message, ...]:
            return tuple(msg("{name} {share}", name=name, share=self.share_words(seat))
                         for seat, (name, said) in enumerate(zip(self.group.names, verdicts)) if said == verdict)
        edge, out, band = seats("on the edge"), seats("outside"), self.band.words()
        said = [*([msg("on the edge of {band}: {seats}", band=band, seats=edge)] if edge else []),
                *([msg("outside {band}: {seats}", band=band, seats=out)] if out else [])]
        return msg("{time}, {extra}: seats {spread} of turns ({said})", time=in_seconds(self.speed),
                   extra=extra_words(self.group.names, self.extra), spread=spread, said=said[0] if len(said) == 1 else
                   msg("{first}; {then}", first=said[0], then=said[1]))

    def share_words(self, seat: int) -> Message:
        """ "7.1 % ± 1.4": the seat's share and how sure it is (95 %), in points."""
        share = Number(self.shares[seat] * 100)
        if not self.intervals:
            return msg("{n} %", n=share)
        return msg("{n} % ± {margin}", n=share, margin=Number(self.margin(seat) * 100))

    def margin(self, seat: int) -> float:
        """Half the width of the seat's interval: "± 1.3 points"."""
        low, high = self.interval(seat)
        return (high - low) / 2

    def table(self, lang: Language = ENGLISH) -> list[str]:
        """Per seat: who, their model, how often their turns timed out, their extra time (columns
        as wide as the reader's words)."""
        _ = lang.gettext
        head = [_("seat"), _("name"), _("reaction model"), _("timed out"), _("extra time")]
        rows = [[str(seat + 1), name, lang.say(model_words(model)), lang.say(self.share_words(seat)),
                 lang.say(msg("+{time}", time=in_seconds(extra))) if extra else "–"]
                for seat, (name, model, share, extra) in enumerate(zip(self.group.names, self.group.models,
                                                                      self.shares, self.extra))]
        widths = [max(len(row[c]) for row in [head, *rows]) for c in range(len(head))]
        return ["  " + "  ".join(cell.rjust(w) if c in (0, 3, 4) else cell.ljust(w)
                                 for c, (cell, w) in enumerate(zip(row, widths))).rstrip()
                for row in [head, *rows]]

    def report(self, lang: Language = ENGLISH) -> str:
        """The answer for the command line, in the reader's language."""
        info = registry.game_class(self.group.game).info
        say = lang.say
        people = lang.ngettext("{n} person", "{n} people", len(self.group.names)).format(n=len(self.group.names))
        lines = [say(msg("{game}, {people}; games with no time limit for the curves: {curve}, at the "
                         "recommendation: {games}, in all: {played}; target {band} of turns timed out, each seat's "
                         "share known within ± {points} points", game=info.name, people=people,
                         curve=self.curve_games, games=self.games, played=self.played, band=self.band.words(),
                         points=self.precision_points())),
                 *self.table(lang),
                 "  " + say(msg("all seats {share} % of turns timed out", share=Number(self.overall * 100))),
                 *("  " + say(note) for note in self.notes)]
        if self.stopped:
            lines.append("  " + say(nmsg("{n} simulated game ran past the simulator's caps and was stopped; its "
                                         "turns count", "{n} simulated games ran past the simulator's caps and "
                                         "were stopped; their turns count", self.stopped)))
        lines.append(say(msg("Recommendation: {words}", words=self.words())))
        return "\n".join(lines)

    def precision_points(self) -> Number:
        return Number(self.precision * 100)

    def to_dict(self) -> dict:
        return {"game": self.group.game, "band": [self.band.low, self.band.high], "speed": self.speed,
                "curve_games": self.curve_games, "games_at_recommendation": self.games, "games": self.played,
                "precision": self.precision, "most_games_at_a_setting": self.most,
                "precise": all(self.margin(seat) <= self.precision for seat in range(len(self.shares))),
                "stopped": self.stopped,
                "recommendation": str(self.words()), "in_band": self.in_band, "overall_share": self.overall,
                "seats": [{"seat": seat + 1, "name": name, "model": str(model_words(model)), "extra_time": extra,
                           "timeout_share": share, "turns": self.turns[seat] if self.turns else None,
                           "timeout_share_95": list(self.interval(seat)), "in_band": self.band.verdict(
                               self.interval(seat))}
                          for seat, (name, model, share, extra) in enumerate(zip(
                              self.group.names, self.group.models, self.shares, self.extra))],
                "curves": {"time_limits": self.limits, "timeout_shares": self.curves},
                "notes": [str(note) for note in self.notes]}


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a share of `hits` in `n` tries (Wilson's score interval: honest near 0 %
    and with few tries, where the plain ± of a normal approximation would run below 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_interval(game_turns: list[tuple[int, int]]) -> tuple[float, float]:
    """The 95 % interval of a seat's timed-out share from each game's (turns, timeouts): Wilson's on
    its turns, widened where the spread between games is wider (games are clusters: a timeout's
    penalty cards change the rest of the game; `simulate.clustered_margin`)."""
    turns, hits = sum(x for x, _ in game_turns), sum(y for _, y in game_turns)
    low, high = wilson(hits, turns)
    spread = clustered_margin(game_turns)
    if spread is None:
        return low, high
    share = hits / turns
    return max(0.0, min(low, share - spread)), min(1.0, max(high, share + spread))


def listed(names) -> Message | str:
    """ "Anna", "Anna and Bo", "Anna, Bo and Cleo" (names, or Messages)."""
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=tuple(names[:-1]), last=names[-1])


def read_book(path: Path) -> StatsBook:
    """The stats file, only read (the app moves a damaged one aside when it
    starts; a tuning never changes a file). ValueError says what is wrong."""
    try:
        text = storage.read_text(path)
        if text is None:
            raise ValueError(msg("no times are kept yet ({path} does not exist): play a few rounds or take the "
                                 "reaction test first", path=str(path)))
        return StatsBook.from_dict(storage.parse_json(text))
    except storage.Unusable as why:
        raise ValueError(msg("{path} {why}", path=str(path), why=why.message)) from None


def people(book: StatsBook, names: list[str], game: str = GAME) -> tuple[Group, list[str]]:
    """The group of these people in this seat order, and what their models
    say of themselves ("only 3 slap times — the default is used").
    ValueError (UnknownPerson among them) says who or what is wrong."""
    found: list[PersonModel] = [person_model(book, name) for name in names]
    group = Group(tuple(names), tuple(p.model for p in found), game)
    return group, [note for p in found for note in p.notes]

