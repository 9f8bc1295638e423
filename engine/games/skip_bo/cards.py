"""The Skip-Bo deck, the moves a player makes and the events a move causes.

Card ids 0–143 are the numbered cards (twelve of each 1–12: id // 12 + 1);
ids 144–161 are the 18 Skip-Bo wild cards, value 0 here.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core import GameEnd, GameEvent, RoundEnd, cards_text

NUMBERED = 144
CARD_COUNT = 162
WILD = 0  # the value of a Skip-Bo card
TOP = 12  # a building pile is complete at 12
HAND_SIZE = 5
DISCARD_PILES = 4
BUILDING_PILES = 4

VALUES: tuple[int, ...] = tuple(i // 12 + 1 if i < NUMBERED else WILD for i in range(CARD_COUNT))
FACES: tuple[str, ...] = tuple(f"skipbo/{v}" if v else "skipbo/sb" for v in VALUES)


def card_name(card: int) -> str:
    """"7" or "Skip-Bo", as players say it."""
    return str(VALUES[card]) if VALUES[card] else "Skip-Bo"


def a_number(name: str | int) -> str:
    """"a 5", "an 8", "an 11", "a Skip-Bo"."""
    return f"an {name}" if str(name) in ("8", "11") else f"a {name}"


# --- actions ------------------------------------------------------------------

@dataclass(frozen=True)
class Build:
    """Play `card` (from the hand, a stock top or a discard-pile top) onto building pile `pile` (0–3)."""
    card: int
    pile: int


@dataclass(frozen=True)
class Discard:
    """End the turn: put hand card `card` on one of your own discard piles (0–3)."""
    card: int
    pile: int


@dataclass(frozen=True)
class EndTurn:
    """End the turn without discarding: only when you hold no card (nothing left to draw)."""


# --- events -------------------------------------------------------------------

def _who(name, seats: tuple[int, ...], verb: str) -> str:
    """"Anna wins" / "Anna & Cleo win"."""
    return " & ".join(name(s) for s in seats) + (f" {verb}s" if len(seats) == 1 else f" {verb}")


@dataclass(frozen=True)
class GameDealt(GameEvent):
    game: int
    stock: int
    starter: int

    def text(self, name) -> str:
        return f"Game {self.game}: {self.stock} cards to every stock pile; {name(self.starter)} starts"


@dataclass(frozen=True)
class Drew(GameEvent):
    seat: int
    count: int
    short: bool  # the draw pile (and the completed piles) ran out before the hand was full
    emptied: bool  # drawing because the hand was played out mid-turn

    def text(self, name) -> str:
        why = " after playing out the hand" if self.emptied else ""
        tail = " — nothing more to draw" if self.short else ""
        return f"{name(self.seat)} draws {cards_text(self.count)}{why}{tail}"


@dataclass(frozen=True)
class DrawPileRenewed(GameEvent):
    count: int

    def text(self, name) -> str:
        return f"The completed building piles are shuffled into a new draw pile ({cards_text(self.count)})"


@dataclass(frozen=True)
class Built(GameEvent):
    seat: int
    card: int
    source: str  # "hand", "stock" or "discard"
    owner: int  # whose stock or discard pile (the seat itself or a partner)
    pile: int
    number: int  # the number the card stands for on the pile (a Skip-Bo's too)

    def text(self, name) -> str:
        where = "hand" if self.source == "hand" else f"{self.source} pile" if self.source == "discard" else "stock"
        whose = "their" if self.owner == self.seat else f"{name(self.owner)}'s"
        card = f"a Skip-Bo as {self.number}" if VALUES[self.card] == WILD else f"{self.number}"
        return f"{name(self.seat)} plays {card} from {whose} {where} onto building pile {self.pile + 1}"


@dataclass(frozen=True)
class StockRevealed(GameEvent):
    owner: int
    card: int

    def text(self, name) -> str:
        return f"{name(self.owner)}'s next stock card is {card_name(self.card)}"


@dataclass(frozen=True)
class PileCompleted(GameEvent):
    pile: int

    def text(self, name) -> str:
        return f"Building pile {self.pile + 1} reached 12 and is set aside"


@dataclass(frozen=True)
class Discarded(GameEvent):
    seat: int
    card: int
    pile: int

    def text(self, name) -> str:
        return f"{name(self.seat)} discards {card_name(self.card)} on discard pile {self.pile + 1}"


@dataclass(frozen=True)
class TurnPassed(GameEvent):
    seat: int

    def text(self, name) -> str:
        return f"{name(self.seat)} holds no cards and ends the turn"


@dataclass(frozen=True)
class TimedOut(GameEvent):
    """The unit's turn clock ran out: the highest hand card was discarded for the player."""
    seat: int
    card: int | None  # None: the hand was empty, the turn just passes
    pile: int | None
    cause: str = "timeout"
    count: int = 0  # cards discarded for the player (0 or 1)

    def text(self, name) -> str:
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

    def text(self, name) -> str:
        how = "with the fewest stock cards left when play locked up" if self.locked else "on the last stock card"
        return (f"{_who(name, self.winners, 'win')} game {self.game} {how}: "
                f"25 + 5 × {self.stock_left} = {self.points} points")


@dataclass(frozen=True)
class GameDrawn(RoundEnd):
    game: int
    totals: tuple[int, ...]

    def running_totals(self) -> tuple[int, ...]:
        return self.totals

    def text(self, name) -> str:
        return f"Game {self.game} is drawn: a whole round went by without a card moving"


@dataclass(frozen=True)
class MatchStopped(GameEnd):
    """Too many drawn games in a row: the match ends with the scores as they are."""
    draws: int
    winners: tuple[int, ...]  # the leaders; none when nobody has scored
    totals: tuple[int, ...]

    def text(self, name) -> str:
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

    def text(self, name) -> str:
        return f"{_who(name, self.winners, 'win')} the match with {self.totals[self.winners[0]]} points"


ACTIONS = (Build, Discard, EndTurn)
