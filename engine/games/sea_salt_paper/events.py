"""What happened: the log events. They never name a card that other players
may not see: the card kept from a draw, taken by a crab duo, the lobster or a
steal stays unnamed."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine import core
from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.actions import CALL_NAMES, names_of, names_with_and, pile_name
from haudrauf.engine.games.sea_salt_paper.cards import card_name
from haudrauf.engine.games.sea_salt_paper.scoring import Breakdown
from haudrauf.words import Message, msg, nmsg


@dataclass(frozen=True)
class RoundStarted(GameEvent):
    round: int
    starter: int
    event: int | None  # the event card revealed for everyone

    def message(self, name) -> Message:
        if self.event is None:
            return msg("Round {round} begins; {seat} starts", round=self.round, seat=name(self.starter))
        return msg("Round {round} begins; {seat} starts. Event: {event}", round=self.round, seat=name(self.starter),
                   event=pepper.describe(self.event))


@dataclass(frozen=True)
class TurnStarted(core.TurnStarted):
    extra: bool = False  # the boat duo's extra turn
    stung: bool = False  # a jellyfish allows only the top card of the deck

    def message(self, name) -> Message:
        if self.extra:
            return msg("{seat} takes another turn (boat duo)", seat=name(self.seat))
        if self.stung:
            return msg("{seat}'s turn, stung by a jellyfish: top card of the deck only, no duos, no call",
                       seat=name(self.seat))
        return msg("{seat}'s turn", seat=name(self.seat))


@dataclass(frozen=True)
class DrewTwo(GameEvent):
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} draws two cards", seat=name(self.seat))


@dataclass(frozen=True)
class Discarded(GameEvent):
    seat: int
    card: int
    pile: int

    def message(self, name) -> Message:
        return msg("{seat} keeps one and discards the {card} on {pile}", seat=name(self.seat),
                   card=card_name(self.card), pile=pile_name(self.pile))


@dataclass(frozen=True)
class TookDiscard(GameEvent):
    seat: int
    card: int
    pile: int
    angelfish: bool = False  # taken by the Angelfish event at the end of a turn

    def message(self, name) -> Message:
        seat, card, pile = name(self.seat), card_name(self.card), pile_name(self.pile)
        if self.angelfish:
            return msg("{seat} takes the {card} from {pile} (Angelfish)", seat=seat, card=card, pile=pile)
        return msg("{seat} takes the {card} from {pile}", seat=seat, card=card, pile=pile)


@dataclass(frozen=True)
class DrewFromDeck(GameEvent):
    seat: int
    number: int
    why: Message  # "the last card", "fish duo", …

    def message(self, name) -> Message:
        if self.number == 1:
            return msg("{seat} takes the top card of the deck ({why})", seat=name(self.seat), why=self.why)
        return nmsg("{seat} takes the top {n} card of the deck ({why})",
                    "{seat} takes the top {n} cards of the deck ({why})", self.number,
                    seat=name(self.seat), why=self.why)


@dataclass(frozen=True)
class DuoPlayed(GameEvent):
    seat: int
    cards: tuple[int, ...]
    effect: Message

    def message(self, name) -> Message:
        return msg("{seat} plays {cards}: {effect}", seat=name(self.seat), cards=names_of(self.cards),
                   effect=self.effect)


@dataclass(frozen=True)
class EffectSkipped(GameEvent):
    seat: int
    reason: Message

    def message(self, name) -> Message:
        return msg("{seat}'s duo has no effect: {reason}", seat=name(self.seat), reason=self.reason)


@dataclass(frozen=True)
class PileChosen(GameEvent):
    seat: int
    pile: int

    def message(self, name) -> Message:
        return msg("{seat} looks through {pile}", seat=name(self.seat), pile=pile_name(self.pile))


@dataclass(frozen=True)
class SecretTake(GameEvent):
    """A card taken that only its taker sees: from a discard pile (crab duo) or the deck (lobster)."""
    seat: int
    pile: int | None  # None: the top five of the deck

    def message(self, name) -> Message:
        if self.pile is None:
            return msg("{seat} takes a card from the top five of the deck, then shuffles it", seat=name(self.seat))
        return msg("{seat} takes a card from {pile}", seat=name(self.seat), pile=pile_name(self.pile))


@dataclass(frozen=True)
class Stole(GameEvent):
    seat: int
    victim: int

    def message(self, name) -> Message:
        return msg("{seat} steals a random card from {victim}", seat=name(self.seat), victim=name(self.victim))


@dataclass(frozen=True)
class Stung(GameEvent):
    seat: int
    victims: tuple[int, ...]

    def message(self, name) -> Message:
        if not self.victims:
            return msg("{seat}'s jellyfish stings nobody (all protected): next turn only the top card of the deck",
                       seat=name(self.seat))
        return msg("{seat}'s jellyfish stings {victims}: next turn only the top card of the deck",
                   seat=name(self.seat), victims=tuple(name(v) for v in self.victims))


@dataclass(frozen=True)
class LookedAtHand(GameEvent):
    seat: int
    victim: int

    def message(self, name) -> Message:
        return msg("{seat} looks at {victim}'s hand (water rodeo)", seat=name(self.seat), victim=name(self.victim))


@dataclass(frozen=True)
class Swapped(GameEvent):
    seat: int
    victim: int
    undone: bool = False  # timed out before giving: the taken card went back

    def message(self, name) -> Message:
        if self.undone:
            return msg("{seat} ran out of time: no swap with {victim}", seat=name(self.seat), victim=name(self.victim))
        return msg("{seat} swaps a card with {victim}", seat=name(self.seat), victim=name(self.victim))


@dataclass(frozen=True)
class PairStolen(GameEvent):
    seat: int
    victim: int
    cards: tuple[int, ...]

    def message(self, name) -> Message:
        return msg("{seat} steals {victim}'s {cards} (water rodeo)", seat=name(self.seat), victim=name(self.victim),
                   cards=names_of(self.cards))


@dataclass(frozen=True)
class ShellProtected(GameEvent):
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} lays a shell face down: protected from attacks (coral reef)", seat=name(self.seat))


@dataclass(frozen=True)
class Called(GameEvent):
    seat: int
    kind: str
    points: int

    def message(self, name) -> Message:
        return nmsg("{seat} calls {call} with {n} card point", "{seat} calls {call} with {n} card points", self.points,
                    seat=name(self.seat), call=CALL_NAMES[self.kind])


@dataclass(frozen=True)
class TimedOut(GameEvent):
    seat: int
    kept_event: bool = False  # choosing between two event cards: the one held is kept

    def message(self, name) -> Message:
        if self.kept_event:
            return msg("{seat} ran out of time: keeps the event card already held", seat=name(self.seat))
        return msg("{seat} ran out of time: the turn ends", seat=name(self.seat))


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

    def message(self, name) -> Message:
        if self.how == "deck":
            return msg("Round {round} over: the deck ran out, nobody scores", round=self.round)
        said = {"round": self.round, "call": CALL_NAMES[self.how], "seat": name(self.caller),
                "scores": tuple(msg("{seat} {points}", seat=name(s), points=p) for s, p in enumerate(self.scores))}
        if self.how == "stop":
            return msg("Round {round} over ({call} by {seat}): {scores}", **said)
        if self.beaten:
            return msg("Round {round} over ({call} by {seat}, beaten): {scores}", **said)
        return msg("Round {round} over ({call} by {seat}, the bet won): {scores}", **said)

    def detail(self, name) -> list[Message]:
        """One line per seat: what each card scores."""
        return [msg("{seat}: {breakdown}", seat=name(s), breakdown=b.text()) for s, b in enumerate(self.breakdowns)]


@dataclass(frozen=True)
class EventAwarded(GameEvent):
    seat: int
    card: int

    def message(self, name) -> Message:
        e = pepper.event_of(self.card)
        if e.sign == "+":
            return msg("{seat} has the highest total and takes {event}: it now applies to them only",
                       seat=name(self.seat), event=e.called)
        return msg("{seat} has the lowest total and takes {event}: it now applies to them only",
                   seat=name(self.seat), event=e.called)


@dataclass(frozen=True)
class EventDiscarded(GameEvent):
    card: int
    tie: bool  # else its holder is no longer highest/lowest

    def message(self, name) -> Message:
        event = pepper.event_of(self.card).called
        if self.tie:
            return msg("{event} is discarded (tie)", event=event)
        return msg("{event} is discarded (its holder is no longer highest/lowest)", event=event)


@dataclass(frozen=True)
class EventKept(GameEvent):
    seat: int
    kept: int
    dropped: int

    def message(self, name) -> Message:
        return msg("{seat} keeps {kept} and discards {dropped}", seat=name(self.seat),
                   kept=pepper.event_of(self.kept).called, dropped=pepper.event_of(self.dropped).called)


@dataclass(frozen=True)
class GameOver(GameEnd):
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    reason: Message

    def message(self, name) -> Message:
        if len(self.winners) == 1:
            return msg("Game over: {winner} wins ({reason})", winner=name(self.winners[0]), reason=self.reason)
        return msg("Game over: {winners} win ({reason})", winners=names_with_and(map(name, self.winners)),
                   reason=self.reason)
