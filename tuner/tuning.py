"""The answer of a tuning (`tune.py` finds it) and whom it is for: the target
band, the group of people with their reaction models (read from the stats
book), and the recommended turn time and extra time, in words and as data.
Kept apart from the search so the Settings' tune scene and the command line
can show an answer without knowing how it was found."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from haudrauf.device.settings import SEATS
from haudrauf.engine import registry
from haudrauf.engine.bots.base import ReactionModel
from haudrauf.play import storage
from haudrauf.play.stats import StatsBook
from haudrauf.tuner.people import PersonModel, person_model

#: The game tuned for unless told.
GAME = "uno-hau-drauf"
NO_HISTORY = "play a few rounds or take the reaction test first"

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

    def words(self) -> str:
        return f"{self.low * 100:g}–{self.high * 100:g} %"

    def miss_words(self, share: float) -> str:
        """How far outside: "17 % over the 5–10 % aimed at"."""
        side = "over" if share > self.high else "under"
        return f"{percent(self.outside(share))} {side} the {self.words()} aimed at"


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
            raise ValueError(f"{info.name} takes {info.min_players}–{min(info.max_players, SEATS)} players, "
                             f"not {len(self.names)}")



def model_words(model: ReactionModel) -> str:
    """ "thinks 2.1 ± 0.9 s, slaps 430 ± 110 ms": rounded as a person reads it."""
    return (f"thinks {model.think_mean_s:.1f} ± {model.think_spread_s:.1f} s, "
            f"slaps {model.slap_mean_ms:.0f} ± {model.slap_spread_ms:.0f} ms")


def percent(share: float) -> str:
    return f"{round(share * 100):d} %"


def seconds(value: float) -> str:
    return f"{value:g} s"


@dataclass
class Tuning:
    """The answer, with what it rests on."""
    group: Group
    band: Band
    speed: float
    extra: tuple[float, ...]  # per seat
    shares: tuple[float, ...]  # per seat, as the recommendation played
    overall: float
    limits: list[float]  # the time limits the scan played
    curves: list[list[float | None]]  # per seat, its share at each of those limits (None: not played)
    games: int  # per setting played
    played: int = 0  # games in all
    stopped: int = 0  # games the simulator stopped at its caps (their turns count)
    notes: list[str] = field(default_factory=list)

    @property
    def in_band(self) -> bool:
        return all(self.band.holds(s) for s in self.shares)

    def extra_words(self) -> str:
        """ "+2 s for Dan", "+1 s for Cleo, +3 s for Bo and Dan", "no extra time"."""
        by_time: dict[float, list[str]] = {}
        for name, extra in zip(self.group.names, self.extra):
            if extra:
                by_time.setdefault(extra, []).append(name)
        parts = [f"+{seconds(t)} for {listed(names)}" for t, names in sorted(by_time.items())]
        return ", ".join(parts) or "no extra time"

    def words(self) -> str:
        """The recommendation as a person says it: "6 s, +2 s for Dan: every seat 6–9 % of turns"."""
        low, high = percent(min(self.shares)).removesuffix(" %"), percent(max(self.shares))
        spread = high if low + " %" == high else f"{low}–{high}"
        if self.in_band:
            return f"{seconds(self.speed)}, {self.extra_words()}: every seat {spread} of turns"
        out = [f"{name} {share * 100:.2f} %" for name, share in zip(self.group.names, self.shares)
               if not self.band.holds(share)]
        return (f"{seconds(self.speed)}, {self.extra_words()}: seats {spread} of turns "
                f"({listed(out)}: outside {self.band.words()})")

    def table(self) -> list[str]:
        """Per seat: who, their model, how often their turns timed out, their extra time."""
        width = max(len(n) for n in self.group.names)
        lines = [f"  seat  {'name':{width}}  reaction model{' ' * 23}timed out  extra time"]
        for seat, (name, model, share, extra) in enumerate(zip(self.group.names, self.group.models,
                                                              self.shares, self.extra)):
            lines.append(f"  {seat + 1:4d}  {name:{width}}  {model_words(model):37s}{share:9.1%}  "
                         f"{'+' + seconds(extra) if extra else '–':>10}")
        return lines

    def report(self) -> str:
        info = registry.game_class(self.group.game).info
        lines = [f"{info.name}, {len(self.group.names)} people, {self.games} games per setting "
                 f"({self.played} games in all); target {self.band.words()} of turns timed out",
                 *self.table(), f"  all seats {self.overall:.1%} of turns timed out",
                 *(f"  {note}" for note in self.notes)]
        if self.stopped:
            lines.append(f"  {self.stopped} simulated games ran past the simulator's caps and were stopped; "
                         f"their turns count")
        lines.append(f"Recommendation: {self.words()}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"game": self.group.game, "band": [self.band.low, self.band.high], "speed": self.speed,
                "games_per_setting": self.games, "games": self.played, "stopped": self.stopped,
                "recommendation": self.words(), "in_band": self.in_band, "overall_share": self.overall,
                "seats": [{"seat": seat + 1, "name": name, "model": model_words(model), "extra_time": extra,
                           "timeout_share": share}
                          for seat, (name, model, share, extra) in enumerate(zip(
                              self.group.names, self.group.models, self.shares, self.extra))],
                "scan": {"time_limits": self.limits, "timeout_shares": self.curves},
                "notes": self.notes}


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def read_book(path: Path) -> StatsBook:
    """The stats file, only read (the app moves a damaged one aside when it
    starts; a tuning never changes a file). ValueError says what is wrong."""
    try:
        text = storage.read_text(path)
        if text is None:
            raise ValueError(f"no times are kept yet ({path} does not exist): {NO_HISTORY}")
        return StatsBook.from_dict(storage.parse_json(text))
    except storage.Unusable as why:
        raise ValueError(f"{path} {why}") from None


def people(book: StatsBook, names: list[str], game: str = GAME) -> tuple[Group, list[str]]:
    """The group of these people in this seat order, and what their models
    say of themselves ("only 3 slap times — the default is used").
    ValueError (UnknownPerson among them) says who or what is wrong."""
    found: list[PersonModel] = [person_model(book, name) for name in names]
    group = Group(tuple(names), tuple(p.model for p in found), game)
    return group, [note for p in found for note in p.notes]

