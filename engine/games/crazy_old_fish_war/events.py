"""What happened in a game of Crazy Old Fish War, worded for the table's log."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from haudrauf.engine.core import GameEnd, GameEvent, RoundEnd, TurnStarted
from haudrauf.engine.games.crazy_old_fish_war.cards import CARD_COUNT, COLOUR_NAMES, card_name, fish_word, wanted
from haudrauf.engine.games.crazy_old_fish_war.options import MAX_PLAYERS
from haudrauf.engine.games.crazy_old_fish_war.phases import Phase
from haudrauf.words import Message, msg, nmsg


@dataclass(frozen=True)
class CardPlayed(GameEvent):
    sound = "card_play"
    seat: int
    card: int

    def message(self, name) -> Message:
        return msg("{seat} plays the {card}", seat=name(self.seat), card=card_name(self.card))


@dataclass(frozen=True)
class ColourNamed(GameEvent):
    seat: int
    colour: int
    number: int | None

    def message(self, name) -> Message:
        if self.number is None:
            return msg("{seat} names {colour}", seat=name(self.seat), colour=COLOUR_NAMES[self.colour])
        return msg("{seat} names {colour} and {number}", seat=name(self.seat), colour=COLOUR_NAMES[self.colour],
                   number=self.number)


@dataclass(frozen=True)
class Asked(GameEvent):
    seat: int
    target: int
    colour: int
    number: int | None

    def message(self, name) -> Message:
        return msg("{seat} asks {target} for {cards}", seat=name(self.seat), target=name(self.target),
                   cards=wanted(self.colour, self.number))


@dataclass(frozen=True)
class CardGiven(GameEvent):
    giver: int
    taker: int
    card: int

    def message(self, name) -> Message:
        return msg("{giver} gives {taker} the {card}", giver=name(self.giver), taker=name(self.taker),
                   card=card_name(self.card))


@dataclass(frozen=True)
class GoFish(GameEvent):
    seat: int
    target: int

    def message(self, name) -> Message:
        return msg("{target} has no match — go fish, {seat}!", target=name(self.target), seat=name(self.seat))


#: Why cards were drawn (`Drew.cause`): the whole sentence for each, to which
#: `Drew` gives the seat and the count.
DRAW_CAUSES = {
    "mermaid": nmsg("{seat} draws a card for the Old Mermaid", "{seat} draws {n} cards for the Old Mermaid", 0),
    "fish": nmsg("{seat} draws a card (go fish)", "{seat} draws {n} cards (go fish)", 0),
    "war": nmsg("{seat} draws a card for losing the war", "{seat} draws {n} cards for losing the war", 0),
    "timeout": nmsg("{seat} draws a card for being too slow", "{seat} draws {n} cards for being too slow", 0),
    "fish-call": nmsg("{seat} draws a card for calling no fish", "{seat} draws {n} cards for calling no fish", 0),
}


@dataclass(frozen=True)
class Drew(GameEvent):
    """Cards drawn from the draw pile; `cause` (a key of DRAW_CAUSES) says why.
    `count` is what was really drawn (the piles may run dry)."""
    seat: int
    count: int
    cause: str

    def message(self, name) -> Message:
        said = DRAW_CAUSES[self.cause]
        return Message(said.text, (("seat", name(self.seat)),), said.plural, self.count)


@dataclass(frozen=True)
class Reshuffled(GameEvent):
    count: int

    def message(self, name) -> Message:
        return nmsg("The draw pile is empty: {n} card of the play pile is shuffled into a new one",
                    "The draw pile is empty: {n} cards of the play pile are shuffled into a new one", self.count)


@dataclass(frozen=True)
class WarDeclared(GameEvent):
    seat: int
    target: int

    def message(self, name) -> Message:
        return msg("{seat} declares WAR on {target}!", seat=name(self.seat), target=name(self.target))


@dataclass(frozen=True)
class WarCardLaid(GameEvent):
    """A card laid face down: which one stays secret until both are in."""
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} lays a card face down", seat=name(self.seat))


@dataclass(frozen=True)
class WarCardTurned(GameEvent):
    """A player out of cards plays on with the top card of the draw pile."""
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} is out of cards and plays on from the draw pile", seat=name(self.seat))


@dataclass(frozen=True)
class WarRevealed(GameEvent):
    declarer: int
    challenged: int
    cards: tuple[int, int]  # (declarer's, challenged's)

    def message(self, name) -> Message:
        return msg("Cards up: {declarer}'s {card} against {challenged}'s {other}", declarer=name(self.declarer),
                   card=card_name(self.cards[0]), challenged=name(self.challenged), other=card_name(self.cards[1]))


@dataclass(frozen=True)
class WarTied(GameEvent):
    value: int

    def message(self, name) -> Message:
        return msg("A tie at {number}! The cards stay on the table — again!", number=self.value)


@dataclass(frozen=True)
class WarWon(GameEvent):
    winner: int
    loser: int
    card: int
    taken: int  # cards the loser takes into the hand (own card and all tied cards)

    def message(self, name) -> Message:
        return nmsg("{winner} wins the war with the {card}; {loser} takes back the card",
                    "{winner} wins the war with the {card}; {loser} takes back {n} cards", self.taken,
                    winner=name(self.winner), card=card_name(self.card), loser=name(self.loser))


@dataclass(frozen=True)
class WarCancelled(GameEvent):
    declarer: int
    challenged: int

    def message(self, name) -> Message:
        return msg("Two Old Mermaids cancel out: both go on the pile and {seat} names the colour",
                   seat=name(self.challenged))


@dataclass(frozen=True)
class WarUndecided(GameEvent):
    declarer: int
    challenged: int

    def message(self, name) -> Message:
        return msg("No card left to play on: the war ends undecided and everyone takes back their cards")


@dataclass(frozen=True)
class FishCalled(GameEvent):
    seat: int
    name: str

    def message(self, name) -> Message:
        return msg("{seat}: “{fish}!” — one card left", seat=name(self.seat), fish=fish_word(self.name))


@dataclass(frozen=True)
class StayedQuiet(GameEvent):
    seat: int

    def message(self, name) -> Message:
        return msg("{seat} has one card left and calls no fish", seat=name(self.seat))


@dataclass(frozen=True)
class RoundWon(RoundEnd):
    seat: int
    round: int  # 1-based
    rounds_won: tuple[int, ...]  # per seat, after this round

    def running_totals(self) -> tuple[int, ...]:
        return self.rounds_won

    def message(self, name) -> Message:
        return msg("{seat} is out of cards and wins round {round}!", seat=name(self.seat), round=self.round)


@dataclass(frozen=True)
class GameWon(GameEnd):
    seat: int
    rounds: int

    def message(self, name) -> Message:
        return nmsg("{seat} wins the game with {n} round!", "{seat} wins the game with {n} rounds!", self.rounds,
                    seat=name(self.seat))


@dataclass(frozen=True)
class RoundDealt(GameEvent):
    round: int  # 1-based
    starter: int
    start_card: int

    def message(self, name) -> Message:
        return msg("Round {round}: seven cards each, the {card} starts the pile; {seat} begins", round=self.round,
                   card=card_name(self.start_card), seat=name(self.starter))


#: What the unit's buzzer does in each phase (`TimedOut.phase`): the whole
#: sentence for each, to which `TimedOut` gives the seat.
TIMEOUT_OUTCOMES = {
    Phase.PLAY: msg("{seat} ran out of time — the turn passes"),
    Phase.GIVE: msg("{seat} ran out of time — the first matching card is given"),
    Phase.NAME: msg("{seat} ran out of time — the colour stays as it was"),
    Phase.WAR: msg("{seat} ran out of time — the lowest card is laid"),
    Phase.CALL: msg("{seat} ran out of time — no fish is called"),
}


@dataclass(frozen=True)
class TimedOut(GameEvent):
    seat: int
    phase: Phase  # a key of TIMEOUT_OUTCOMES

    def message(self, name) -> Message:
        return Message(TIMEOUT_OUTCOMES[self.phase].text, (("seat", name(self.seat)),))


# The events of everyday moves, each value made once and then shared: an event
# is immutable, and making a frozen dataclass costs more than the rest of a move.
colour_named, asked, go_fish, card_given = cache(ColourNamed), cache(Asked), cache(GoFish), cache(CardGiven)
drew, fish_called, stayed_quiet = cache(Drew), cache(FishCalled), cache(StayedQuiet)
#: TURN_STARTED[seat] and CARD_PLAYED[seat][card]: the two events of almost every
#: move, made at once (indexing a tuple costs a tenth of calling a cache).
TURN_STARTED = tuple(TurnStarted(seat) for seat in range(MAX_PLAYERS))
CARD_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in range(CARD_COUNT)) for seat in range(MAX_PLAYERS))
# Once a round and once a game, but a round of random play is only some forty moves.
round_won, game_won = cache(RoundWon), cache(GameWon)
