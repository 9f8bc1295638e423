"""Why UNO Hau drauf refuses a move or an event of the unit, in the players'
words: one function per kind of move, so the rules in state.py keep to the
turn flow."""
from __future__ import annotations

from typing import TYPE_CHECKING

from haudrauf.device import events as uev
from haudrauf.engine.games.uno_hau_drauf.actions import (
    Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import CARD_COUNT, CARDS, COLOUR_NAMES, COLOURS, DRAW_TWO, WILD_FOUR
from haudrauf.engine.games.uno_hau_drauf.legal import can_draw, matches, wild4_is_legal
from haudrauf.engine.games.uno_hau_drauf.phases import Phase
from haudrauf.words import Message, msg

if TYPE_CHECKING:
    from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf

#: What the table is waiting for, as a refusal explains it.
PHASE_TEXT = {
    Phase.WAIT: msg("the unit is picking the next player"),
    Phase.TURN: msg("it is a player's turn"),
    Phase.DRAWN: msg("a drawn card may be played"),
    Phase.PLAYED: msg("a card was laid: the player presses their button"),
    Phase.SIT_OUT: msg("the player sits out and presses their button"),
    Phase.CHALLENGE: msg("challenge or accept the wild +4"),
    Phase.COLOUR: msg("name the colour of the start card"),
    Phase.RACE: msg("slap race"),
    Phase.PENALTY: msg("flashing buttons wait to be pressed"),
    Phase.WINNER: msg("the winner presses so the unit picks who draws"),
    Phase.OVER: msg("the game is over"),
}


def why_illegal(state: UnoHauDrauf, seat: int, action) -> Message:
    """Why `action` (a well-formed move that is not legal) is refused."""
    return WHY_NOT[type(action)](state, seat, action)


def _why_not_play(state: UnoHauDrauf, seat: int, action: Play) -> Message:
    if action.card not in state.hands[seat]:
        return msg("you do not hold that card ({card})", card=CARDS[action.card].name) \
            if 0 <= action.card < CARD_COUNT else msg("there is no such card")
    if state.phase == Phase.DRAWN and action.card != state.drawn:
        return msg("after drawing you may play only the card you drew ({card})", card=CARDS[state.drawn].name)
    if state.phase not in (Phase.TURN, Phase.DRAWN):
        return msg("you cannot lay a card now ({phase})", phase=PHASE_TEXT[state.phase])
    card, top = CARDS[action.card], CARDS[state.discard[-1]]
    if not matches(state, action.card):
        if state.colour == top.colour:
            return msg("a {card} does not match a {top}", card=card.name, top=top.name)
        return msg("a {card} does not match a {top} (the colour in play is {colour})", card=card.name,
                   top=top.name, colour=COLOUR_NAMES[state.colour])
    if card.symbol == WILD_FOUR and not wild4_is_legal(state, seat, action.card):
        return msg("a wild +4 may be laid only when you hold no {colour} card — you hold one",
                   colour=COLOUR_NAMES[state.colour])
    if card.is_wild and action.colour not in COLOURS:
        return msg("name a colour with the wild card: {colours}", colours=tuple(COLOUR_NAMES[c] for c in COLOURS))
    if not card.is_wild and action.colour is not None:
        return msg("only a wild card names a colour")
    if state.options["layer_chooses"] and card.symbol in (DRAW_TWO, WILD_FOUR):
        return msg("choose who draws: another player in this game")
    return msg("no victim to choose: the unit decides who draws")


def _why_not_draw(state: UnoHauDrauf, seat: int, action: Draw) -> Message:
    if state.phase == Phase.DRAWN:
        return msg("you have drawn already: play that card or press your button")
    if state.phase == Phase.TURN and not can_draw(state):
        return msg("the stock and the discard pile are empty: press your button to pass")
    return msg("you cannot draw now ({phase})", phase=PHASE_TEXT[state.phase])


def _why_not_press_button(state: UnoHauDrauf, seat: int, action: PressButton) -> Message:
    if seat == state.current and state.phase == Phase.TURN:
        return msg("play a card or draw one before you press your button")
    if seat == state.current and state.phase in (Phase.CHALLENGE, Phase.COLOUR):
        return msg("answer first: {phase}", phase=PHASE_TEXT[state.phase])
    return msg("your button is not needed now ({phase})", phase=PHASE_TEXT[state.phase])


def _why_not_press_hau_drauf(state: UnoHauDrauf, seat: int, action: PressHauDrauf) -> Message:
    return msg("HAU DRAUF only right after you laid a HAU DRAUF card")


def _why_not_answer(state: UnoHauDrauf, seat: int, action: Challenge | Accept) -> Message:
    return msg("there is no wild +4 for you to answer")


def _why_not_choose_colour(state: UnoHauDrauf, seat: int, action: ChooseColour) -> Message:
    return msg("there is no colour to name now")


def _why_not_call_uno(state: UnoHauDrauf, seat: int, action: CallUno) -> Message:
    return msg("UNO is called when you are down to one card after playing")


def _why_not_catch_uno(state: UnoHauDrauf, seat: int, action: CatchUno) -> Message:
    return msg("there is nobody to catch: they called UNO, or the next turn has begun")


WHY_NOT = {
    Play: _why_not_play,
    Draw: _why_not_draw,
    PressButton: _why_not_press_button,
    PressHauDrauf: _why_not_press_hau_drauf,
    Challenge: _why_not_answer,
    Accept: _why_not_answer,
    ChooseColour: _why_not_choose_colour,
    CallUno: _why_not_call_uno,
    CatchUno: _why_not_catch_uno,
}


def not_your_turn(state: UnoHauDrauf) -> Message | None:
    """Whose turn it is, when the unit has picked someone or is picking; None: the game's usual words."""
    if state.phase == Phase.WAIT:
        return msg("wait for the unit to pick the next player")
    if state.current is not None:
        return msg("not your turn: seat {seat} is playing", seat=state.current + 1)
    return None


def unit_misfit(state: UnoHauDrauf, event: uev.UnitEvent) -> Message:
    """An event of the unit the game is not waiting for now (a forged or stale save)."""
    return msg("the unit's {event} does not fit the game now ({phase})", event=type(event).__name__,
               phase=PHASE_TEXT[state.phase])
