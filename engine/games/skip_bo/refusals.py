"""Why Skip-Bo refuses a move, in the players' words: one function per kind of
move, so the rules in state.py keep to the turn flow."""
from __future__ import annotations

from typing import TYPE_CHECKING

from haudrauf.engine.games.skip_bo import cards as c
from haudrauf.engine.games.skip_bo.actions import Build, Discard, EndTurn
from haudrauf.words import Message, msg

if TYPE_CHECKING:
    from haudrauf.engine.games.skip_bo.state import SkipBo


def why_illegal(state: SkipBo, seat: int, action) -> Message:
    """Why `action` (a well-formed move that is not legal) is refused."""
    return WHY_NOT[type(action)](state, seat, action)


def _why_not_build(state: SkipBo, seat: int, action: Build) -> Message:
    card, p = action.card, action.pile
    if state.locate(seat, card) is None:
        return msg("you cannot play that card: {why}", why=_where(state, seat, card))
    if p not in range(c.BUILDING_PILES):
        return msg("there are four building piles (1–4), there is no pile {pile}", pile=p + 1)
    size = len(state.building[p])
    if size == 0:
        return msg("an empty building pile starts only with a 1 or a Skip-Bo, not {card}", card=c.a_card(card))
    return msg("building pile {pile} needs {number}, not {card}", pile=p + 1, number=c.a_number(size + 1),
               card=c.a_card(card))


def _why_not_discard(state: SkipBo, seat: int, action: Discard) -> Message:
    if action.card not in state.hands[seat]:
        return msg("you can only discard a card from your hand ({why})", why=_where(state, seat, action.card))
    return msg("you have four discard piles (1–4), there is no pile {pile}", pile=action.pile + 1)


def _why_not_end_turn(state: SkipBo, seat: int, action: EndTurn) -> Message:
    return msg("you still hold cards: end your turn by discarding one of them")


WHY_NOT = {Build: _why_not_build, Discard: _why_not_discard, EndTurn: _why_not_end_turn}


def _where(state: SkipBo, seat: int, card: int) -> Message:
    """Where a card the seat may not use lies, in the player's words."""
    if card not in range(c.CARD_COUNT):
        return msg("there is no card {card}", card=card)
    mates = state.team(seat)
    for s in range(state.players):
        if card in state.hands[s]:
            return msg("you do not hold it") if s not in mates else msg("you may never play from your partner's hand")
        if card in state.stocks[s]:
            return msg("only the top card of a stock pile can be played") if s in mates else \
                msg("it lies in seat {seat}'s stock, not yours", seat=s + 1)
        for pile in state.discards[s]:
            if card in pile:
                return msg("only the top card of a discard pile can be played") if s in mates else \
                    msg("it lies on seat {seat}'s discard pile, not yours", seat=s + 1)
    if any(card in pile for pile in state.building):
        return msg("it is already on a building pile")
    return msg("you do not hold it")


def not_your_turn(state: SkipBo) -> Message | None:
    """While the unit's spin picks the starter nobody is on turn; None: the game's usual words."""
    return msg("wait: the unit is picking who starts") if state.choosing else None
