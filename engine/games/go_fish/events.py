"""What happens in Go Fish, as the log and the table say it."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import attrgetter

from haudrauf.engine.core import GameEnd, GameEvent, TurnStarted
from haudrauf.engine.core.codec import encode
from haudrauf.engine.games.go_fish.cards import a_card_of, cards_got, cards_of, rank_of, standing
from haudrauf.words import Message, msg, nmsg


@dataclass(frozen=True)
class Asked(GameEvent):
    asker: int
    target: int
    rank: str
    count: int  # cards handed over; 0: "go fish!"

    def message(self, name) -> Message:
        if self.count == 0:
            return msg("{asker} asks {target} for {ranks} — go fish!",
                       asker=name(self.asker), target=name(self.target), ranks=cards_of(self.rank))
        return msg("{asker} asks {target} for {ranks} and gets {cards}", asker=name(self.asker),
                   target=name(self.target), ranks=cards_of(self.rank), cards=cards_got(self.rank, self.count))


@dataclass(frozen=True)
class Drew(GameEvent):
    seat: int
    card: int | None  # shown (the rank asked for), or None: kept hidden
    again: bool  # the drawer asks again

    def message(self, name) -> Message:
        if self.card is None:
            return msg("{seat} draws from the sea", seat=name(self.seat))
        card = a_card_of(rank_of(self.card))
        if self.again:
            return msg("{seat} draws — it's {card}! asks again", seat=name(self.seat), card=card)
        return msg("{seat} draws — it's {card}!", seat=name(self.seat), card=card)


@dataclass(frozen=True)
class BookLaidDown(GameEvent):
    seat: int
    rank: str

    def message(self, name) -> Message:
        return msg("{seat} lays down a book of {ranks}", seat=name(self.seat), ranks=cards_of(self.rank))


@dataclass(frozen=True)
class TimedOut(GameEvent):
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} ran out of time — the turn passes", seat=name(self.seat))


@dataclass(frozen=True)
class GameOver(GameEnd):
    emptied: int | None  # the seat whose hand ran out, or None: the sea is empty
    books: tuple[int, ...]  # per seat

    def message(self, name) -> Message:
        if self.emptied is None:
            return msg("The sea is empty — {standing}", standing=standing(self.books, name))
        return msg("{seat}'s hand is empty — {standing}", seat=name(self.emptied),
                   standing=standing(self.books, name))

    def detail(self, name) -> list[Message]:
        """The results screen: every player's books."""
        return [nmsg("{seat}: {n} book", "{seat}: {n} books", count, seat=name(s))
                for s, count in enumerate(self.books)]


def recorded(event: GameEvent) -> GameEvent:
    """`event` with its plain form (`encode`: the type and the fields), the
    public history's entry, made with it and kept on it as `plain` (in the
    instance's own dict, as `functools.cached_property` keeps a value; not a
    field: equality, the log and the words do not see it)."""
    vars(event)["plain"] = encode(event)
    return event


#: An event's plain form (made by `recorded`), as a function.
plain_form = attrgetter("plain")


def made_once(cls: type[GameEvent]):
    """A maker of `cls` events that makes each value once, with its plain form,
    and then shares it: an event is immutable, and making a frozen dataclass
    (and its plain form) costs more than the rest of an ask."""
    return cache(lambda *fields: recorded(cls(*fields)))


asked, drew, book_laid_down, turn_started, timed_out = map(made_once, (Asked, Drew, BookLaidDown, TurnStarted, TimedOut))
