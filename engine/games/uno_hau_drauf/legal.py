"""Which moves UNO Hau drauf allows a seat now: the rules read the position
here and change it in state.py; refusals.py says why a move is not allowed.

Every driver asks for the legal moves at every step, so the hot path reads
flat tables made once: which cards fit on which top card in which colour,
and the move objects themselves (actions.py)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Iterable

from haudrauf.engine.games.uno_hau_drauf.actions import (
    ACCEPT_IT, BIG_PRESS, CALL_UNO, CATCH, CHALLENGE_IT, DRAW, NAME_COLOUR, PLAYS_OF, PRESS, Play,
)
from haudrauf.engine.games.uno_hau_drauf.cards import CARD_COUNT, COLOUR_OF, DRAW_TWO, SYMBOL_OF, WILD_FOUR
from haudrauf.engine.games.uno_hau_drauf.phases import (
    CHALLENGE, COLOUR, DRAWN, OTHERS_ACT, OVER, PLAYED, PRESS_PHASES, TURN,
)

if TYPE_CHECKING:
    from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf

#: Cards whose only condition is to fit (neither a +2 nor a wild +4, which options govern).
PLAIN = frozenset(c for c in range(CARD_COUNT) if SYMBOL_OF[c] not in (DRAW_TWO, WILD_FOUR))


def fits(colour: str | None, top: int, card_id: int) -> bool:
    """A wild, the colour in play, or the top card's symbol."""
    own = COLOUR_OF[card_id]
    if own is None or own == colour:
        return True
    return COLOUR_OF[top] is not None and SYMBOL_OF[card_id] == SYMBOL_OF[top]


@functools.cache
def fitting(colour: str | None, top: int) -> frozenset[int]:
    """Every card that fits on `top` while `colour` is in play, worked out once."""
    return frozenset(c for c in range(CARD_COUNT) if fits(colour, top, c))


def matches(state: UnoHauDrauf, card_id: int) -> bool:
    """A wild, the colour in play, or the top card's symbol."""
    return fits(state.colour, state.discard[-1], card_id)


def wild4_is_legal(state: UnoHauDrauf, seat: int, card_id: int) -> bool:
    """A wild draw four is legal only without a card of the current colour."""
    colour = state.colour
    return not any(COLOUR_OF[c] == colour for c in state.hands[seat] if c != card_id)


def can_draw(state: UnoHauDrauf) -> bool:
    return bool(state.stock) or len(state.discard) > 1


def plays(state: UnoHauDrauf, seat: int, cards: Iterable[int]) -> list[Play]:
    fit = fitting(state.colour, state.discard[-1])
    found: list[Play] = []
    for card_id in cards:
        if card_id not in fit:
            continue
        if card_id in PLAIN:
            found += PLAYS_OF[card_id]
            continue
        if SYMBOL_OF[card_id] == WILD_FOUR and not state.options["wild4_bluffing"] \
                and not wild4_is_legal(state, seat, card_id):
            continue
        if state.options["layer_chooses"]:
            found += [Play(play.card, play.colour, target)
                      for play in PLAYS_OF[card_id] for target in range(state.players) if target != seat]
        else:
            found += PLAYS_OF[card_id]
    return found


def legal_actions(state: UnoHauDrauf, seat: int) -> list:
    """Every move `seat` may make now (the made-once objects of actions.py)."""
    phase = state.phase
    if phase == OVER:
        return []
    acts: list
    if seat != state.current:
        acts = []
    elif phase == TURN:
        acts = plays(state, seat, state.hands[seat])
        if can_draw(state):
            acts.append(DRAW)
        elif not acts:
            acts.append(PRESS)  # nothing to play, nothing to draw: pass
    elif phase == DRAWN:
        acts = plays(state, seat, [state.drawn])
        acts.append(PRESS)
    elif phase in PRESS_PHASES:
        acts = [PRESS, BIG_PRESS] if phase == PLAYED and state.slap_armed else [PRESS]
    else:
        acts = [*NAME_COLOUR] if phase == COLOUR else []
    if phase in OTHERS_ACT:
        if phase == CHALLENGE:
            if seat == state.victim:
                acts += [CHALLENGE_IT, ACCEPT_IT]
        elif seat in state.must_press:  # a race or flashing penalties
            acts.append(PRESS)
    if state.uno_exposed is not None:
        acts.append(CALL_UNO if seat == state.uno_exposed else CATCH[state.uno_exposed])
    return acts
