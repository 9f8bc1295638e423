"""What happened in Skip-Bo: the log events a move or the unit causes."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd
from haudrauf.engine.games.skip_bo.cards import VALUES, WILD, card_name
from haudrauf.words import Message, msg, nmsg


def together(name, seats: tuple[int, ...]) -> str:
    """"Anna" / "Anna & Cleo": a team's names (the sentence bends its verb by their number)."""
    return " & ".join(name(s) for s in seats)


@dataclass(frozen=True)
class GameDealt(GameEvent):
    game: int
    stock: int
    starter: int

    def message(self, name) -> Message:
        return nmsg("Game {game}: {n} card to every stock pile; {seat} starts",
                    "Game {game}: {n} cards to every stock pile; {seat} starts", self.stock,
                    game=self.game, seat=name(self.starter))


@dataclass(frozen=True)
class Drew(GameEvent):
    seat: int
    count: int
    short: bool  # the draw pile (and the completed piles) ran out before the hand was full
    emptied: bool  # drawing because the hand was played out mid-turn

    def message(self, name) -> Message:
        seat = name(self.seat)
        if self.emptied and self.short:
            return nmsg("{seat} draws {n} card after playing out the hand — nothing more to draw",
                        "{seat} draws {n} cards after playing out the hand — nothing more to draw",
                        self.count, seat=seat)
        if self.emptied:
            return nmsg("{seat} draws {n} card after playing out the hand",
                        "{seat} draws {n} cards after playing out the hand", self.count, seat=seat)
        if self.short:
            return nmsg("{seat} draws {n} card — nothing more to draw",
                        "{seat} draws {n} cards — nothing more to draw", self.count, seat=seat)
        return nmsg("{seat} draws {n} card", "{seat} draws {n} cards", self.count, seat=seat)


@dataclass(frozen=True)
class DrawPileRenewed(GameEvent):
    count: int

    def message(self, name) -> Message:
        return nmsg("The completed building piles are shuffled into a new draw pile ({n} card)",
                    "The completed building piles are shuffled into a new draw pile ({n} cards)", self.count)


@dataclass(frozen=True)
class Built(GameEvent):
    seat: int
    card: int
    source: str  # "hand", "stock" or "discard"
    owner: int  # whose stock or discard pile (the seat itself or a partner)
    pile: int
    number: int  # the number the card stands for on the pile (a Skip-Bo's too)

    def message(self, name) -> Message:
        card = msg("a Skip-Bo as {number}", number=self.number) if VALUES[self.card] == WILD else str(self.number)
        said = {"seat": name(self.seat), "card": card, "pile": self.pile + 1}
        if self.source == "hand":
            return msg("{seat} plays {card} from their hand onto building pile {pile}", **said)
        if self.owner != self.seat and self.source == "stock":
            return msg("{seat} plays {card} from {owner}'s stock onto building pile {pile}",
                       owner=name(self.owner), **said)
        if self.owner != self.seat:
            return msg("{seat} plays {card} from {owner}'s discard pile onto building pile {pile}",
                       owner=name(self.owner), **said)
        if self.source == "stock":
            return msg("{seat} plays {card} from their stock onto building pile {pile}", **said)
        return msg("{seat} plays {card} from their discard pile onto building pile {pile}", **said)


@dataclass(frozen=True)
class StockRevealed(GameEvent):
    owner: int
    card: int

    def message(self, name) -> Message:
        return msg("{seat}'s next stock card is {card}", seat=name(self.owner), card=card_name(self.card))


@dataclass(frozen=True)
class PileCompleted(GameEvent):
    pile: int

    def message(self, name) -> Message:
        return msg("Building pile {pile} reached 12 and is set aside", pile=self.pile + 1)


@dataclass(frozen=True)
class Discarded(GameEvent):
    seat: int
    card: int
    pile: int

    def message(self, name) -> Message:
        return msg("{seat} discards {card} on discard pile {pile}", seat=name(self.seat),
                   card=card_name(self.card), pile=self.pile + 1)


@dataclass(frozen=True)
class TurnPassed(GameEvent):
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} holds no cards and ends the turn", seat=name(self.seat))


@dataclass(frozen=True)
class TimedOut(GameEvent):
    """The unit's turn clock ran out: the highest hand card was discarded for the player."""
    seat: int
    card: int | None  # None: the hand was empty, the turn just passes
    pile: int | None
    cause: str = "timeout"
    count: int = 0  # cards discarded for the player (0 or 1)

    def message(self, name) -> Message:
        if self.card is None:
            return msg("{seat} ran out of time; the turn passes", seat=name(self.seat))
        return msg("{seat} ran out of time: {card} is discarded on discard pile {pile}", seat=name(self.seat),
                   card=card_name(self.card), pile=self.pile + 1)


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

    def message(self, name) -> Message:
        said = {"seats": together(name, self.winners), "game": self.game, "stock": self.stock_left,
                "points": self.points}
        if self.locked:
            return nmsg("{seats} wins game {game} with the fewest stock cards left when play locked up: "
                        "25 + 5 × {stock} = {points} points",
                        "{seats} win game {game} with the fewest stock cards left when play locked up: "
                        "25 + 5 × {stock} = {points} points", len(self.winners), **said)
        return nmsg("{seats} wins game {game} on the last stock card: 25 + 5 × {stock} = {points} points",
                    "{seats} win game {game} on the last stock card: 25 + 5 × {stock} = {points} points",
                    len(self.winners), **said)


@dataclass(frozen=True)
class GameDrawn(RoundEnd):
    game: int
    totals: tuple[int, ...]

    def running_totals(self) -> tuple[int, ...]:
        return self.totals

    def message(self, name) -> Message:
        return msg("Game {game} is drawn: a whole round went by without a card moving", game=self.game)


@dataclass(frozen=True)
class MatchStopped(GameEnd):
    """Too many drawn games in a row: the match ends with the scores as they are."""
    draws: int
    winners: tuple[int, ...]  # the leaders; none when nobody has scored
    totals: tuple[int, ...]

    def message(self, name) -> Message:
        if not self.winners:
            return nmsg("{n} drawn game in a row ends the match: nobody has scored, so it is drawn",
                        "{n} drawn games in a row end the match: nobody has scored, so it is drawn", self.draws)
        return nmsg("{draws} drawn games in a row end the match: {seats} wins with {points} points",
                    "{draws} drawn games in a row end the match: {seats} win with {points} points",
                    len(self.winners), draws=self.draws, seats=together(name, self.winners),
                    points=self.totals[self.winners[0]])


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

    def message(self, name) -> Message:
        return nmsg("{seats} wins the match with {points} points", "{seats} win the match with {points} points",
                    len(self.winners), seats=together(name, self.winners), points=self.totals[self.winners[0]])
