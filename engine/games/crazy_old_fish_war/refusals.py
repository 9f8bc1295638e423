"""Why a move of Crazy Old Fish War is refused, in words for the player
(the state keeps the turn flow; `why_illegal` is its method)."""
from __future__ import annotations

from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, CallFish, Give, LayCard, Name, Play, StayQuiet, War
from haudrauf.engine.games.crazy_old_fish_war.cards import (
    CARD_COUNT, COLOUR_NAMES, COLOURS, NUMBERS, card_name, fish_word, is_mermaid, wanted,
)
from haudrauf.engine.games.crazy_old_fish_war.phases import Phase
from haudrauf.words import Message, msg

#: Which actions belong to which phase (a move of another phase is refused by
#: saying what the seat is asked to do instead).
PHASE_ACTIONS = {
    Phase.PLAY: (Play, Ask, War), Phase.NAME: (Name,), Phase.GIVE: (Give,),
    Phase.WAR: (LayCard,), Phase.CALL: (CallFish, StayQuiet), Phase.OVER: (),
}


def why_illegal(state, seat: int, action) -> Message:
    if type(action) not in PHASE_ACTIONS[state.phase]:
        return msg("you cannot do that now: {task}", task=task(state, seat))
    reason = REFUSALS[type(action)](state, seat, action)
    return reason or msg("that move is not possible now")


def task(state, seat: int) -> Message:
    """What `seat` is asked to do now, in words."""
    phase = state.phase
    if phase == Phase.PLAY:
        return msg("play a card, or ask a player for one") if not state.fits(seat) else msg("play a matching card")
    if phase == Phase.NAME:
        return msg("name the colour play continues in")
    if phase == Phase.GIVE:
        return msg("choose a card to give to seat {seat}", seat=state.turn + 1)
    if phase == Phase.WAR:
        return msg("lay a card face down for the war")
    return msg("call a fish (or stay quiet)")


def _is_index(value: int, size: int) -> bool:
    """A seat, card or colour number in range (the core has checked it is an int)."""
    return 0 <= value < size


def _not_held(card: int) -> Message:
    """"you do not hold the red 7" (or "card 99": a number that is no card)."""
    if _is_index(card, CARD_COUNT):
        return msg("you do not hold the {card}", card=card_name(card))
    return msg("you do not hold card {card}", card=repr(card))


def _why_play(state, seat: int, action: Play) -> Message:
    if action.card not in state.hands[seat]:
        return _not_held(action.card)
    return msg("the {card} does not match — the pile needs {cards}", card=card_name(action.card),
               cards=wanted(state.colour, state.number))


def _why_ask(state, seat: int, action) -> Message | None:
    if isinstance(action, War) and not state.options["war"]:
        return msg("war is only in the advanced game (option war)")
    if action.target == seat:
        return msg("you cannot ask yourself") if isinstance(action, Ask) else msg("you cannot declare war on yourself")
    if not _is_index(action.target, state.players):
        return msg("there is no such seat ({seat}) in this game", seat=repr(action.target))
    if state.fits(seat):
        return msg("you hold a matching card, so you must play it (the pile needs {cards})",
                   cards=wanted(state.colour, state.number))
    return None


def _why_give(state, seat: int, action: Give) -> Message:
    if action.card not in state.hands[seat]:
        return _not_held(action.card)
    return msg("the {card} does not match — you were asked for {cards} (a Crazy 8 or an Old Mermaid fits too)",
               card=card_name(action.card), cards=wanted(state.colour, state.number))


def _why_lay_card(state, seat: int, action: LayCard) -> Message | None:
    if action.card not in state.hands[seat]:
        return _not_held(action.card)
    if is_mermaid(action.card):
        return msg("you declared this war, so you may not play an Old Mermaid")
    return None


def _why_name(state, seat: int, action: Name) -> Message | None:
    if not _is_index(action.colour, len(COLOURS)):
        return msg("there is no colour {colour}; the colours are 0–{last} ({colours})", colour=action.colour,
                   last=len(COLOURS) - 1, colours=COLOUR_NAMES)
    if state.name_number and action.number not in NUMBERS:
        return msg("name a colour and a number from 1 to 11 (option crazy8_names_number)")
    if not state.name_number and action.number is not None:
        return msg("name only a colour, no number")
    return None


def _why_call_fish(state, seat: int, action: CallFish) -> Message:
    if action.name in state.fish_named():
        return msg("{fish} has already been named in this game — call another fish", fish=fish_word(action.name))
    return msg("call one of the offered fish: {fish}", fish=tuple(fish_word(name) for name in state.fish_offer()))


def _why_stay_quiet(state, seat: int, action: StayQuiet) -> None:
    return None


REFUSALS = {
    Play: _why_play, Ask: _why_ask, War: _why_ask, Give: _why_give, LayCard: _why_lay_card, Name: _why_name,
    CallFish: _why_call_fish, StayQuiet: _why_stay_quiet,
}
