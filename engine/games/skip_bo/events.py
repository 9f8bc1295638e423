"""What happened in Skip-Bo: the log events a move or the unit causes."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd, cards_text
from haudrauf.engine.games.skip_bo.cards import VALUES, WILD, card_name


def _who(name, seats: tuple[int, ...], verb: str) -> str:
    """"Anna wins" / "Anna & Cleo win"."""
    return " & ".join(name(s) for s in seats) + (f" {verb}s" if len(seats) == 1 else f" {verb}")


@dataclass(frozen=True)
class GameDealt(GameEvent):
    game: int
    stock: int
    starter: int

    def message(self, name) -> str:
        return f"Game {self.game}: {self.stock} cards to every stock pile; {name(self.starter)} starts"


@dataclass(frozen=True)
class Drew(GameEvent):
    seat: int
    count: int
    short: bool  # the draw pile (and the completed piles) ran out before the hand was full
    emptied: bool  # drawing because the hand was played out mid-turn

    def message(self, name) -> str:
        why = " after playing out the hand" if self.emptied else ""
        tail = " — nothing more to draw" if self.short else ""
        return f"{name(self.seat)} draws {cards_text(self.count)}{why}{tail}"


@dataclass(frozen=True)
class DrawPileRenewed(GameEvent):
    count: int

    def message(self, name) -> str:
        return f"The completed building piles are shuffled into a new draw pile ({cards_text(self.count)})"


@dataclass(frozen=True)
class Built(GameEvent):
    seat: int
    card: int
    source: str  # "hand", "stock" or "discard"
    owner: int  # whose stock or discard pile (the seat itself or a partner)
    pile: int
    number: int  # the number the card stands for on the pile (a Skip-Bo's too)

    def message(self, name) -> str:
        where = "hand" if self.source == "hand" else f"{self.source} pile" if self.source == "discard" else "stock"
        whose = "their" if self.owner == self.seat else f"{name(self.owner)}'s"
        card = f"a Skip-Bo as {self.number}" if VALUES[self.card] == WILD else f"{self.number}"
        return f"{name(self.seat)} plays {card} from {whose} {where} onto building pile {self.pile + 1}"


@dataclass(frozen=True)
class StockRevealed(GameEvent):
    owner: int
    card: int

    def message(self, name) -> str:
        return f"{name(self.owner)}'s next stock card is {card_name(self.card)}"


@dataclass(frozen=True)
class PileCompleted(GameEvent):
    pile: int

    def message(self, name) -> str:
        return f"Building pile {self.pile + 1} reached 12 and is set aside"


@dataclass(frozen=True)
class Discarded(GameEvent):
    seat: int
    card: int
    pile: int

    def message(self, name) -> str:
        return f"{name(self.seat)} discards {card_name(self.card)} on discard pile {self.pile + 1}"


@dataclass(frozen=True)
class TurnPassed(GameEvent):
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} holds no cards and ends the turn"


@dataclass(frozen=True)
class TimedOut(GameEvent):
    """The unit's turn clock ran out: the highest hand card was discarded for the player."""
    seat: int
    card: int | None  # None: the hand was empty, the turn just passes
    pile: int | None
    cause: str = "timeout"
    count: int = 0  # cards discarded for the player (0 or 1)

    def message(self, name) -> str:
        if self.card is None:
            return f"{name(self.seat)} ran out of time; the turn passes"
        return (f"{name(self.seat)} ran out of time: {card_name(self.card)} is discarded "
                f"on discard pile {self.pile + 1}")


@dataclass(frozen=True)
class GameWon(RoundEnd):
    """The summary of one game for the results screen."""
    game: int
    winners: tuple[int, ...]
    points: int  # 25 + 5 per card left in the opponents' stocks
    stock_left: int  # the cards left in the opponents' stocks
    totals: tuple[int, ...]  # match points per seat after this game
    locked: bool = False  # won at a stalemate, with the fewest stock cards left

    def running_totals(self) -> tuple[int, ...]:
        return self.totals

    def message(self, name) -> str:
        how = "with the fewest stock cards left when play locked up" if self.locked else "on the last stock card"
        return (f"{_who(name, self.winners, 'win')} game {self.game} {how}: "
                f"25 + 5 × {self.stock_left} = {self.points} points")


@dataclass(frozen=True)
class GameDrawn(RoundEnd):
    game: int
    totals: tuple[int, ...]

    def running_totals(self) -> tuple[int, ...]:
        return self.totals

    def message(self, name) -> str:
        return f"Game {self.game} is drawn: a whole round went by without a card moving"


@dataclass(frozen=True)
class MatchStopped(GameEnd):
    """Too many drawn games in a row: the match ends with the scores as they are."""
    draws: int
    winners: tuple[int, ...]  # the leaders; none when nobody has scored
    totals: tuple[int, ...]

    def message(self, name) -> str:
        stopped = f"{self.draws} drawn games in a row end the match"
        if not self.winners:
            return f"{stopped}: nobody has scored, so it is drawn"
        return f"{stopped}: {_who(name, self.winners, 'win')} with {self.totals[self.winners[0]]} points"


@dataclass(frozen=True)
class SingleGameWon(GameWon, GameEnd):
    """A single game (no match target) is the whole game: its win ends it."""


@dataclass(frozen=True)
class SingleGameDrawn(GameDrawn, GameEnd):
    """A single game ends drawn: the whole game is over."""


@dataclass(frozen=True)
class MatchWon(GameEnd):
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def message(self, name) -> str:
        return f"{_who(name, self.winners, 'win')} the match with {self.totals[self.winners[0]]} points"
