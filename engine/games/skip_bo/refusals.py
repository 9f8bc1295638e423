"""Why Skip-Bo refuses a move, in the players' words: one function per kind of
move, so the rules in state.py keep to the turn flow."""
from __future__ import annotations

from typing import TYPE_CHECKING

from haudrauf.engine.games.skip_bo import cards as c
from haudrauf.engine.games.skip_bo.actions import Build, Discard, EndTurn

if TYPE_CHECKING:
    from haudrauf.engine.games.skip_bo.state import SkipBo


def why_illegal(state: SkipBo, seat: int, action) -> str:
    """Why `action` (a well-formed move that is not legal) is refused."""
    return WHY_NOT[type(action)](state, seat, action)


def _why_not_build(state: SkipBo, seat: int, action: Build) -> str:
    card, p = action.card, action.pile
    if state.locate(seat, card) is None:
        return f"you cannot play that card: {_where(state, seat, card)}"
    if p not in range(c.BUILDING_PILES):
        return f"there are four building piles (1–4), there is no pile {p + 1}"
    size = len(state.building[p])
    played = c.a_number(c.card_name(card))
    if size == 0:
        return f"an empty building pile starts only with a 1 or a Skip-Bo, not {played}"
    return f"building pile {p + 1} needs {c.a_number(size + 1)}, not {played}"


def _why_not_discard(state: SkipBo, seat: int, action: Discard) -> str:
    if action.card not in state.hands[seat]:
        return f"you can only discard a card from your hand ({_where(state, seat, action.card)})"
    return f"you have four discard piles (1–4), there is no pile {action.pile + 1}"


def _why_not_end_turn(state: SkipBo, seat: int, action: EndTurn) -> str:
    return "you still hold cards: end your turn by discarding one of them"


WHY_NOT = {Build: _why_not_build, Discard: _why_not_discard, EndTurn: _why_not_end_turn}


def _where(state: SkipBo, seat: int, card: int) -> str:
    """Where a card the seat may not use lies, in the player's words."""
    if card not in range(c.CARD_COUNT):
        return f"there is no card {card}"
    mates = state.team(seat)
    for s in range(state.players):
        if card in state.hands[s]:
            return "you do not hold it" if s not in mates else "you may never play from your partner's hand"
        if card in state.stocks[s]:
            return "only the top card of a stock pile can be played" if s in mates else \
                f"it lies in seat {s + 1}'s stock, not yours"
        for pile in state.discards[s]:
            if card in pile:
                return "only the top card of a discard pile can be played" if s in mates else \
                    f"it lies on seat {s + 1}'s discard pile, not yours"
    if any(card in pile for pile in state.building):
        return "it is already on a building pile"
    return "you do not hold it"


def not_your_turn(state: SkipBo) -> str | None:
    """While the unit's spin picks the starter nobody is on turn; None: the game's usual words."""
    return "wait: the unit is picking who starts" if state.choosing else None
