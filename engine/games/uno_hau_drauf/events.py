"""What happened in a game of UNO Hau drauf, worded for the table's log."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd, cards_text
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS


@dataclass(frozen=True)
class RoundStarted(GameEvent):
    round: int
    start_card: int

    def message(self, name):
        return f"Round {self.round}: the start card is {CARDS[self.start_card].name}"


@dataclass(frozen=True)
class StartCardReturned(GameEvent):
    card: int

    def message(self, name):
        return f"{CARDS[self.card].name} cannot start: it goes back into the stock"


@dataclass(frozen=True)
class CardPlayed(GameEvent):
    sound = "card_play"
    seat: int
    card: int
    colour: str  # the colour in play afterwards

    def message(self, name):
        card = CARDS[self.card]
        named = f", names {self.colour}" if card.is_wild else ""
        return f"{name(self.seat)} lays {card.name}{named}"


@dataclass(frozen=True)
class DrewCard(GameEvent):
    """A voluntary draw of one card (the card is the drawer's secret)."""
    sound = "card_draw"
    seat: int

    def message(self, name):
        return f"{name(self.seat)} draws a card"


#: Why cards were taken (`CardsDrawn.cause`), as the log says it: the unit's
#: penalties (too slow, a lost race) name the button to press afterwards.
CAUSE_WORDS = {
    "draw two": "for the +2",
    "wild draw four": "for the wild +4",
    "timeout": "for being too slow — then press your button",
    "slap": "for losing the HAU DRAUF race — then press your button",
    "uno": "for not calling UNO",
    "challenge": "for the lost challenge",
}

#: A seat that loses its turn (`SitsOut.why`), in words.
SITS_OUT_WORDS = {
    "draw two": "sits this turn out after the +2",
    "skip": "is skipped",
    "wild draw four": "sits this turn out after the wild +4",
}


@dataclass(frozen=True)
class CardsDrawn(GameEvent):
    """Cards a seat had to take: a card effect or a penalty."""
    seat: int
    count: int
    cause: str  # a key of CAUSE_WORDS (the simulator counts penalties by it)

    def message(self, name):
        return f"{name(self.seat)} takes {cards_text(self.count)} {CAUSE_WORDS[self.cause]}"


@dataclass(frozen=True)
class SitsOut(GameEvent):
    seat: int
    why: str  # a key of SITS_OUT_WORDS

    def message(self, name):
        return f"{name(self.seat)} {SITS_OUT_WORDS[self.why]} — press your button"


@dataclass(frozen=True)
class ColourChosen(GameEvent):
    seat: int
    colour: str

    def message(self, name):
        return f"{name(self.seat)} names {self.colour}"


@dataclass(frozen=True)
class ChallengeDecided(GameEvent):
    challenger: int
    challenged: int
    guilty: bool

    def message(self, name):
        if self.guilty:
            return f"{name(self.challenger)} challenges — {name(self.challenged)} held the colour: guilty!"
        return f"{name(self.challenger)} challenges — {name(self.challenged)} was innocent"


@dataclass(frozen=True)
class UnoCalled(GameEvent):
    sound = "uno"
    seat: int

    def message(self, name):
        return f"{name(self.seat)}: UNO!"


@dataclass(frozen=True)
class UnoCaught(GameEvent):
    sound = "penalty"
    catcher: int
    target: int

    def message(self, name):
        return f"{name(self.catcher)} caught {name(self.target)} without UNO!"


@dataclass(frozen=True)
class SlapArmed(GameEvent):
    sound = "slap_start"
    seat: int

    def message(self, name):
        return f"{name(self.seat)} laid HAU DRAUF — press the HAU DRAUF button!"


@dataclass(frozen=True)
class SlapCancelled(GameEvent):
    seat: int

    def message(self, name):
        return f"{name(self.seat)} pressed their own button: the HAU DRAUF is cancelled"


@dataclass(frozen=True)
class StockReshuffled(GameEvent):
    sound = "shuffle"
    count: int

    def message(self, name):
        return f"The stock is empty: {cards_text(self.count)} from the discard pile are shuffled in"


@dataclass(frozen=True)
class WinnerSelected(GameEvent):
    """The unit picked the player who went out; the last draw card must hit someone else."""
    seat: int

    def message(self, name):
        return f"{name(self.seat)} is out — press your button so the unit picks who draws"


@dataclass(frozen=True)
class RoundOver(RoundEnd):
    round: int
    winner: int
    points: int  # what the round was worth (standard) or the points charged in total
    hand_points: tuple[int, ...]  # points left in each hand
    scores: tuple[int, ...]  # totals after the round

    def running_totals(self) -> tuple[int, ...]:
        return self.scores

    def message(self, name):
        return f"{name(self.winner)} wins round {self.round} ({self.points} points)"

    def detail(self, name) -> list[str]:
        """The results screen: what was left in every hand."""
        return [f"{name(seat)}: {points} points left in hand" for seat, points in enumerate(self.hand_points)]


@dataclass(frozen=True)
class GameOver(GameEnd):
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def message(self, name):
        return " and ".join(name(s) for s in self.winners) + " wins the game!"
