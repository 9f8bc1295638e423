"""What happened: the log events. They never name a card that other players
may not see: the card kept from a draw, taken by a crab duo, the lobster or a
steal stays unnamed."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine import core
from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.actions import CALL_NAMES, names_of, pile_name
from haudrauf.engine.games.sea_salt_paper.cards import card_name
from haudrauf.engine.games.sea_salt_paper.scoring import Breakdown


@dataclass(frozen=True)
class RoundStarted(GameEvent):
    round: int
    starter: int
    event: int | None  # the event card revealed for everyone

    def message(self, name) -> str:
        line = f"Round {self.round} begins; {name(self.starter)} starts"
        return line + (f". Event: {pepper.describe(self.event)}" if self.event is not None else "")


@dataclass(frozen=True)
class TurnStarted(core.TurnStarted):
    extra: bool = False  # the boat duo's extra turn
    stung: bool = False  # a jellyfish allows only the top card of the deck

    def message(self, name) -> str:
        if self.extra:
            return f"{name(self.seat)} takes another turn (boat duo)"
        if self.stung:
            return f"{name(self.seat)}'s turn, stung by a jellyfish: top card of the deck only, no duos, no call"
        return f"{name(self.seat)}'s turn"


@dataclass(frozen=True)
class DrewTwo(GameEvent):
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} draws two cards"


@dataclass(frozen=True)
class Discarded(GameEvent):
    seat: int
    card: int
    pile: int

    def message(self, name) -> str:
        return f"{name(self.seat)} keeps one and discards the {card_name(self.card)} on {pile_name(self.pile)}"


@dataclass(frozen=True)
class TookDiscard(GameEvent):
    seat: int
    card: int
    pile: int
    why: str = ""

    def message(self, name) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"{name(self.seat)} takes the {card_name(self.card)} from {pile_name(self.pile)}{why}"


@dataclass(frozen=True)
class DrewFromDeck(GameEvent):
    seat: int
    number: int
    why: str

    def message(self, name) -> str:
        cards = "the top card" if self.number == 1 else f"the top {self.number} cards"
        return f"{name(self.seat)} takes {cards} of the deck ({self.why})"


@dataclass(frozen=True)
class DuoPlayed(GameEvent):
    seat: int
    cards: tuple[int, ...]
    effect: str

    def message(self, name) -> str:
        return f"{name(self.seat)} plays {names_of(self.cards)}: {self.effect}"


@dataclass(frozen=True)
class EffectSkipped(GameEvent):
    seat: int
    reason: str

    def message(self, name) -> str:
        return f"{name(self.seat)}'s duo has no effect: {self.reason}"


@dataclass(frozen=True)
class PileChosen(GameEvent):
    seat: int
    pile: int

    def message(self, name) -> str:
        return f"{name(self.seat)} looks through {pile_name(self.pile)}"


@dataclass(frozen=True)
class SecretTake(GameEvent):
    """A card taken that only its taker sees."""
    seat: int
    source: str

    def message(self, name) -> str:
        return f"{name(self.seat)} takes a card from {self.source}"


@dataclass(frozen=True)
class Stole(GameEvent):
    seat: int
    victim: int

    def message(self, name) -> str:
        return f"{name(self.seat)} steals a random card from {name(self.victim)}"


@dataclass(frozen=True)
class Stung(GameEvent):
    seat: int
    victims: tuple[int, ...]

    def message(self, name) -> str:
        who = ", ".join(name(v) for v in self.victims) or "nobody (all protected)"
        return f"{name(self.seat)}'s jellyfish stings {who}: next turn only the top card of the deck"


@dataclass(frozen=True)
class LookedAtHand(GameEvent):
    seat: int
    victim: int

    def message(self, name) -> str:
        return f"{name(self.seat)} looks at {name(self.victim)}'s hand (water rodeo)"


@dataclass(frozen=True)
class Swapped(GameEvent):
    seat: int
    victim: int
    undone: bool = False  # timed out before giving: the taken card went back

    def message(self, name) -> str:
        if self.undone:
            return f"{name(self.seat)} ran out of time: no swap with {name(self.victim)}"
        return f"{name(self.seat)} swaps a card with {name(self.victim)}"


@dataclass(frozen=True)
class PairStolen(GameEvent):
    seat: int
    victim: int
    cards: tuple[int, ...]

    def message(self, name) -> str:
        return f"{name(self.seat)} steals {name(self.victim)}'s {names_of(self.cards)} (water rodeo)"


@dataclass(frozen=True)
class ShellProtected(GameEvent):
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} lays a shell face down: protected from attacks (coral reef)"


@dataclass(frozen=True)
class Called(GameEvent):
    seat: int
    kind: str
    points: int

    def message(self, name) -> str:
        return f"{name(self.seat)} calls {CALL_NAMES[self.kind]} with {self.points} card points"


@dataclass(frozen=True)
class TimedOut(GameEvent):
    seat: int
    outcome: str

    def message(self, name) -> str:
        return f"{name(self.seat)} ran out of time: {self.outcome}"


@dataclass(frozen=True)
class RoundOver(RoundEnd):
    """The round's summary for the results screen: every seat's full breakdown."""
    round: int
    how: str  # "stop", "last_chance" or "deck" (deck ran out: no scores)
    caller: int | None
    beaten: bool  # LAST CHANCE: someone had more card points than the caller
    scores: tuple[int, ...]
    breakdowns: tuple[Breakdown, ...]
    totals: tuple[int, ...]

    def running_totals(self) -> tuple[int, ...]:
        return self.totals

    def message(self, name) -> str:
        if self.how == "deck":
            return f"Round {self.round} over: the deck ran out, nobody scores"
        head = f"Round {self.round} over ({CALL_NAMES[self.how]} by {name(self.caller)}"
        if self.how == "last_chance":
            head += ", beaten" if self.beaten else ", the bet won"
        scores = ", ".join(f"{name(s)} {p}" for s, p in enumerate(self.scores))
        return f"{head}): {scores}"

    def detail(self, name) -> list[str]:
        """One line per seat: what each card scores."""
        return [f"{name(s)}: {b.text()}" for s, b in enumerate(self.breakdowns)]


@dataclass(frozen=True)
class EventAwarded(GameEvent):
    seat: int
    card: int

    def message(self, name) -> str:
        e = pepper.event_of(self.card)
        side = "highest" if e.sign == "+" else "lowest"
        return f"{name(self.seat)} has the {side} total and takes {e.title}: it now applies to them only"


@dataclass(frozen=True)
class EventDiscarded(GameEvent):
    card: int
    reason: str

    def message(self, name) -> str:
        return f"{pepper.event_of(self.card).title} is discarded ({self.reason})"


@dataclass(frozen=True)
class EventKept(GameEvent):
    seat: int
    kept: int
    dropped: int

    def message(self, name) -> str:
        return (f"{name(self.seat)} keeps {pepper.event_of(self.kept).title} "
                f"and discards {pepper.event_of(self.dropped).title}")


@dataclass(frozen=True)
class GameOver(GameEnd):
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str

    def message(self, name) -> str:
        who = " and ".join(name(w) for w in self.winners)
        return f"Game over: {who} win{'s' if len(self.winners) == 1 else ''} ({self.reason})"
