"""What happened in a game of Crazy Old Fish War, worded for the table's log."""
from __future__ import annotations

from dataclasses import dataclass

from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd, cards_text
from haudrauf.engine.games.crazy_old_fish_war.cards import COLOURS, card_name, wanted
from haudrauf.engine.games.crazy_old_fish_war.phases import Phase


@dataclass(frozen=True)
class CardPlayed(GameEvent):
    sound = "card_play"
    seat: int
    card: int

    def message(self, name) -> str:
        return f"{name(self.seat)} plays the {card_name(self.card)}"


@dataclass(frozen=True)
class ColourNamed(GameEvent):
    seat: int
    colour: int
    number: int | None

    def message(self, name) -> str:
        extra = f" and {self.number}" if self.number is not None else ""
        return f"{name(self.seat)} names {COLOURS[self.colour]}{extra}"


@dataclass(frozen=True)
class Asked(GameEvent):
    seat: int
    target: int
    colour: int
    number: int | None

    def message(self, name) -> str:
        return f"{name(self.seat)} asks {name(self.target)} for {wanted(self.colour, self.number)}"


@dataclass(frozen=True)
class CardGiven(GameEvent):
    giver: int
    taker: int
    card: int

    def message(self, name) -> str:
        return f"{name(self.giver)} gives {name(self.taker)} the {card_name(self.card)}"


@dataclass(frozen=True)
class GoFish(GameEvent):
    seat: int
    target: int

    def message(self, name) -> str:
        return f"{name(self.target)} has no match — go fish, {name(self.seat)}!"


#: Why cards were drawn (`Drew.cause`), as the log says it.
DRAW_CAUSES = {
    "mermaid": "for the Old Mermaid",
    "fish": "(go fish)",
    "war": "for losing the war",
    "timeout": "for being too slow",
    "fish-call": "for calling no fish",
}


@dataclass(frozen=True)
class Drew(GameEvent):
    """Cards drawn from the draw pile; `cause` (a key of DRAW_CAUSES) says why.
    `count` is what was really drawn (the piles may run dry)."""
    seat: int
    count: int
    cause: str

    def message(self, name) -> str:
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        return f"{name(self.seat)} draws {cards} {DRAW_CAUSES[self.cause]}"


@dataclass(frozen=True)
class Reshuffled(GameEvent):
    count: int

    def message(self, name) -> str:
        return f"The draw pile is empty: {cards_text(self.count)} of the play pile are shuffled into a new one"


@dataclass(frozen=True)
class WarDeclared(GameEvent):
    seat: int
    target: int

    def message(self, name) -> str:
        return f"{name(self.seat)} declares WAR on {name(self.target)}!"


@dataclass(frozen=True)
class WarCardLaid(GameEvent):
    """A card laid face down: which one stays secret until both are in."""
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} lays a card face down"


@dataclass(frozen=True)
class WarCardTurned(GameEvent):
    """A player out of cards plays on with the top card of the draw pile."""
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} is out of cards and plays on from the draw pile"


@dataclass(frozen=True)
class WarRevealed(GameEvent):
    declarer: int
    challenged: int
    cards: tuple[int, int]  # (declarer's, challenged's)

    def message(self, name) -> str:
        return (f"Cards up: {name(self.declarer)}'s {card_name(self.cards[0])} against "
                f"{name(self.challenged)}'s {card_name(self.cards[1])}")


@dataclass(frozen=True)
class WarTied(GameEvent):
    value: int

    def message(self, name) -> str:
        return f"A tie at {self.value}! The cards stay on the table — again!"


@dataclass(frozen=True)
class WarWon(GameEvent):
    winner: int
    loser: int
    card: int
    taken: int  # cards the loser takes into the hand (own card and all tied cards)

    def message(self, name) -> str:
        cards = "the card" if self.taken == 1 else f"{self.taken} cards"
        return (f"{name(self.winner)} wins the war with the {card_name(self.card)}; "
                f"{name(self.loser)} takes back {cards}")


@dataclass(frozen=True)
class WarCancelled(GameEvent):
    declarer: int
    challenged: int

    def message(self, name) -> str:
        return f"Two Old Mermaids cancel out: both go on the pile and {name(self.challenged)} names the colour"


@dataclass(frozen=True)
class WarUndecided(GameEvent):
    declarer: int
    challenged: int

    def message(self, name) -> str:
        return "No card left to play on: the war ends undecided and everyone takes back their cards"


@dataclass(frozen=True)
class FishCalled(GameEvent):
    seat: int
    name: str

    def message(self, name) -> str:
        return f"{name(self.seat)}: “{self.name}!” — one card left"


@dataclass(frozen=True)
class StayedQuiet(GameEvent):
    seat: int

    def message(self, name) -> str:
        return f"{name(self.seat)} has one card left and calls no fish"


@dataclass(frozen=True)
class RoundWon(RoundEnd):
    seat: int
    round: int  # 1-based
    rounds_won: tuple[int, ...]  # per seat, after this round

    def running_totals(self) -> tuple[int, ...]:
        return self.rounds_won

    def message(self, name) -> str:
        return f"{name(self.seat)} is out of cards and wins round {self.round}!"


@dataclass(frozen=True)
class GameWon(GameEnd):
    seat: int
    rounds: int

    def message(self, name) -> str:
        return f"{name(self.seat)} wins the game with {self.rounds} rounds!"


@dataclass(frozen=True)
class RoundDealt(GameEvent):
    round: int  # 1-based
    starter: int
    start_card: int

    def message(self, name) -> str:
        return (f"Round {self.round}: seven cards each, the {card_name(self.start_card)} starts the pile; "
                f"{name(self.starter)} begins")


#: What the unit's buzzer does in each phase (`TimedOut.phase`), in words.
TIMEOUT_OUTCOMES = {
    Phase.PLAY: "the turn passes",
    Phase.GIVE: "the first matching card is given",
    Phase.NAME: "the colour stays as it was",
    Phase.WAR: "the lowest card is laid",
    Phase.CALL: "no fish is called",
}


@dataclass(frozen=True)
class TimedOut(GameEvent):
    seat: int
    phase: Phase  # a key of TIMEOUT_OUTCOMES

    def message(self, name) -> str:
        return f"{name(self.seat)} ran out of time — {TIMEOUT_OUTCOMES[self.phase]}"

