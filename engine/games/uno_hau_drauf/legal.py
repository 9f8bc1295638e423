"""Which moves UNO Hau drauf allows a seat now: the rules read the position
here and change it in state.py; refusals.py says why a move is not allowed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from haudrauf.engine.games.uno_hau_drauf.actions import (
    ACCEPT_IT, BIG_PRESS, CALL_UNO, CATCH, CHALLENGE_IT, DRAW, NAME_COLOUR, PLAYS_OF, PRESS, Play,
)
from haudrauf.engine.games.uno_hau_drauf.cards import COLOUR_OF, DRAW_TWO, SYMBOL_OF, WILD_FOUR
from haudrauf.engine.games.uno_hau_drauf.phases import PRESS_PHASES, Phase

if TYPE_CHECKING:
    from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf


def matches(state: UnoHauDrauf, card_id: int) -> bool:
    """A wild, the colour in play, or the top card's symbol."""
    colour = COLOUR_OF[card_id]
    if colour is None or colour == state.colour:
        return True
    top = state.discard[-1]
    return COLOUR_OF[top] is not None and SYMBOL_OF[card_id] == SYMBOL_OF[top]


def wild4_is_legal(state: UnoHauDrauf, seat: int, card_id: int) -> bool:
    """A wild draw four is legal only without a card of the current colour."""
    colour = state.colour
    return not any(COLOUR_OF[c] == colour for c in state.hands[seat] if c != card_id)


def can_draw(state: UnoHauDrauf) -> bool:
    return bool(state.stock) or len(state.discard) > 1


def plays(state: UnoHauDrauf, seat: int, cards: Iterable[int]) -> list[Play]:
    found: list[Play] = []
    for card_id in cards:
        if not matches(state, card_id):
            continue
        symbol = SYMBOL_OF[card_id]
        if symbol == WILD_FOUR and not state.options["wild4_bluffing"] \
                and not wild4_is_legal(state, seat, card_id):
            continue
        if state.options["layer_chooses"] and symbol in (DRAW_TWO, WILD_FOUR):
            found += [Play(play.card, play.colour, target)
                      for play in PLAYS_OF[card_id] for target in range(state.players) if target != seat]
        else:
            found += PLAYS_OF[card_id]
    return found


def legal_actions(state: UnoHauDrauf, seat: int) -> list:
    """Every move `seat` may make now (the made-once objects of actions.py)."""
    phase = state.phase
    if phase == Phase.OVER:
        return []
    acts: list = []
    if seat == state.current:
        if phase == Phase.TURN:
            acts += plays(state, seat, state.hands[seat])
            if can_draw(state):
                acts.append(DRAW)
            elif not acts:
                acts.append(PRESS)  # nothing to play, nothing to draw: pass
        elif phase == Phase.DRAWN:
            acts += plays(state, seat, [state.drawn])
            acts.append(PRESS)
        elif phase in PRESS_PHASES:
            acts.append(PRESS)
            if phase == Phase.PLAYED and state.slap_armed:
                acts.append(BIG_PRESS)
        elif phase == Phase.COLOUR:
            acts += NAME_COLOUR
    if phase == Phase.CHALLENGE and seat == state.victim:
        acts += [CHALLENGE_IT, ACCEPT_IT]
    if phase in (Phase.RACE, Phase.PENALTY) and seat in state.must_press:
        acts.append(PRESS)
    if state.uno_exposed is not None:
        acts.append(CALL_UNO if seat == state.uno_exposed else CATCH[state.uno_exposed])
    return acts
