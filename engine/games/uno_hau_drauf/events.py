"""What happened in a game of UNO Hau drauf, worded for the table's log."""
from __future__ import annotations

from dataclasses import dataclass, replace

from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS, COLOUR_NAMES
from haudrauf.words import Message, msg, nmsg


def named_together(names: list) -> str | Message:
    """Seats sharing a win, as one value: "Anna", "Anna and Bo and Cleo"."""
    if len(names) == 1:
        return names[0]
    return msg("{first} and {rest}", first=names[0], rest=named_together(names[1:]))


@dataclass(frozen=True)
class RoundStarted(GameEvent):
    round: int
    start_card: int

    def message(self, name) -> Message:
        return msg("Round {round}: the start card is {card}", round=self.round, card=CARDS[self.start_card].name)


@dataclass(frozen=True)
class StartCardReturned(GameEvent):
    card: int

    def message(self, name) -> Message:
        return msg("{card} cannot start: it goes back into the stock", card=CARDS[self.card].name)


@dataclass(frozen=True)
class CardPlayed(GameEvent):
    sound = "card_play"
    seat: int
    card: int
    colour: str  # the colour in play afterwards

    def message(self, name) -> Message:
        card = CARDS[self.card]
        if card.is_wild:
            return msg("{seat} lays {card}, names {colour}", seat=name(self.seat), card=card.name,
                       colour=COLOUR_NAMES[self.colour])
        return msg("{seat} lays {card}", seat=name(self.seat), card=card.name)


@dataclass(frozen=True)
class DrewCard(GameEvent):
    """A voluntary draw of one card (the card is the drawer's secret)."""
    sound = "card_draw"
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} draws a card", seat=name(self.seat))


#: Why cards were taken (`CardsDrawn.cause`), as the log says it (filled with the
#: seat and the count): the unit's penalties (too slow, a lost race) name the
#: button to press afterwards.
CAUSE_WORDS = {
    "draw two": nmsg("{seat} takes {n} card for the +2", "{seat} takes {n} cards for the +2", 0),
    "wild draw four": nmsg("{seat} takes {n} card for the wild +4", "{seat} takes {n} cards for the wild +4", 0),
    "timeout": nmsg("{seat} takes {n} card for being too slow — then press your button",
                    "{seat} takes {n} cards for being too slow — then press your button", 0),
    "slap": nmsg("{seat} takes {n} card for losing the HAU DRAUF race — then press your button",
                 "{seat} takes {n} cards for losing the HAU DRAUF race — then press your button", 0),
    "uno": nmsg("{seat} takes {n} card for not calling UNO", "{seat} takes {n} cards for not calling UNO", 0),
    "challenge": nmsg("{seat} takes {n} card for the lost challenge", "{seat} takes {n} cards for the lost challenge",
                      0),
}

#: A seat that loses its turn (`SitsOut.why`), in words (filled with the seat).
SITS_OUT_WORDS = {
    "draw two": msg("{seat} sits this turn out after the +2 — press your button"),
    "skip": msg("{seat} is skipped — press your button"),
    "wild draw four": msg("{seat} sits this turn out after the wild +4 — press your button"),
}


@dataclass(frozen=True)
class CardsDrawn(GameEvent):
    """Cards a seat had to take: a card effect or a penalty."""
    seat: int
    count: int
    cause: str  # a key of CAUSE_WORDS (the simulator counts penalties by it)

    def message(self, name) -> Message:
        return replace(CAUSE_WORDS[self.cause], values=(("seat", name(self.seat)),), n=self.count)


@dataclass(frozen=True)
class SitsOut(GameEvent):
    seat: int
    why: str  # a key of SITS_OUT_WORDS

    def message(self, name) -> Message:
        return replace(SITS_OUT_WORDS[self.why], values=(("seat", name(self.seat)),))


@dataclass(frozen=True)
class ColourChosen(GameEvent):
    seat: int
    colour: str

    def message(self, name) -> Message:
        return msg("{seat} names {colour}", seat=name(self.seat), colour=COLOUR_NAMES[self.colour])


@dataclass(frozen=True)
class ChallengeDecided(GameEvent):
    challenger: int
    challenged: int
    guilty: bool

    def message(self, name) -> Message:
        if self.guilty:
            return msg("{challenger} challenges — {challenged} held the colour: guilty!",
                       challenger=name(self.challenger), challenged=name(self.challenged))
        return msg("{challenger} challenges — {challenged} was innocent",
                   challenger=name(self.challenger), challenged=name(self.challenged))


@dataclass(frozen=True)
class UnoCalled(GameEvent):
    sound = "uno"
    seat: int

    def message(self, name) -> Message:
        return msg("{seat}: UNO!", seat=name(self.seat))


@dataclass(frozen=True)
class UnoCaught(GameEvent):
    sound = "penalty"
    catcher: int
    target: int

    def message(self, name) -> Message:
        return msg("{catcher} caught {target} without UNO!", catcher=name(self.catcher), target=name(self.target))


@dataclass(frozen=True)
class SlapArmed(GameEvent):
    sound = "slap_start"
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} laid HAU DRAUF — press the HAU DRAUF button!", seat=name(self.seat))


@dataclass(frozen=True)
class SlapCancelled(GameEvent):
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} pressed their own button: the HAU DRAUF is cancelled", seat=name(self.seat))


@dataclass(frozen=True)
class StockReshuffled(GameEvent):
    sound = "shuffle"
    count: int

    def message(self, name) -> Message:
        return nmsg("The stock is empty: {n} card from the discard pile are shuffled in",
                    "The stock is empty: {n} cards from the discard pile are shuffled in", self.count)


@dataclass(frozen=True)
class WinnerSelected(GameEvent):
    """The unit picked the player who went out; the last draw card must hit someone else."""
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} is out — press your button so the unit picks who draws", seat=name(self.seat))


@dataclass(frozen=True)
class RoundOver(RoundEnd):
    round: int
    winner: int
    points: int  # what the round was worth (standard) or the points charged in total
    hand_points: tuple[int, ...]  # points left in each hand
    scores: tuple[int, ...]  # totals after the round

    def running_totals(self) -> tuple[int, ...]:
        return self.scores

    def message(self, name) -> Message:
        # English says "points" for any number; other languages bend the word by it
        return nmsg("{winner} wins round {round} ({n} points)", "{winner} wins round {round} ({n} points)",
                    self.points, winner=name(self.winner), round=self.round)

    def detail(self, name) -> list[Message]:
        """The results screen: what was left in every hand."""
        return [nmsg("{seat}: {n} points left in hand", "{seat}: {n} points left in hand", points, seat=name(seat))
                for seat, points in enumerate(self.hand_points)]


@dataclass(frozen=True)
class GameOver(GameEnd):
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def message(self, name) -> Message:
        # the words depend on how many share the win (English keeps "wins")
        return nmsg("{winners} wins the game!", "{winners} wins the game!", len(self.winners),
                    winners=named_together([name(s) for s in self.winners]))
