"""What happens in Go Fish, as the log and the table say it."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.core import GameEnd, GameEvent
from haudrauf.engine.games.go_fish.cards import NUMBER_WORDS, one, plural, rank_of, standing


@dataclass(frozen=True)
class Asked(GameEvent):
    asker: int
    target: int
    rank: str
    count: int  # cards handed over; 0: "go fish!"

    def message(self, name) -> str:
        asked = f"{name(self.asker)} asks {name(self.target)} for {plural(self.rank)}"
        if self.count == 0:
            return f"{asked} — go fish!"
        got = one(self.rank) if self.count == 1 else f"{NUMBER_WORDS[self.count]} {plural(self.rank)}"
        return f"{asked} and gets {got}"


@dataclass(frozen=True)
class Drew(GameEvent):
    seat: int
    card: int | None  # shown (the rank asked for), or None: kept hidden
    again: bool  # the drawer asks again

    def message(self, name) -> str:
        if self.card is None:
            return f"{name(self.seat)} draws from the sea"
        again = " asks again" if self.again else ""
        return f"{name(self.seat)} draws — it's {one(rank_of(self.card))}!{again}"


@dataclass(frozen=True)
class BookLaidDown(GameEvent):
    seat: int
    rank: str

    def message(self, name) -> str:
        return f"{name(self.seat)} lays down a book of {plural(self.rank)}"


@dataclass(frozen=True)
class TimedOut(GameEvent):
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} ran out of time — the turn passes"


@dataclass(frozen=True)
class GameOver(GameEnd):
    emptied: int | None  # the seat whose hand ran out, or None: the sea is empty
    books: tuple[int, ...]  # per seat

    def message(self, name) -> str:
        why = "The sea is empty" if self.emptied is None else f"{name(self.emptied)}'s hand is empty"
        return f"{why} — {standing(self.books, name)}"

    def detail(self, name) -> list[str]:
        """The results screen: every player's books."""
        return [f"{name(s)}: {count} {'book' if count == 1 else 'books'}" for s, count in enumerate(self.books)]
