"""Why a move of Crazy Old Fish War is refused, in words for the player
(the state keeps the turn flow; `why_illegal` is its method)."""
from __future__ import annotations

from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, CallFish, Give, LayCard, Name, Play, StayQuiet, War
from haudrauf.engine.games.crazy_old_fish_war.cards import CARD_COUNT, COLOURS, NUMBERS, card_name, is_mermaid, wanted
from haudrauf.engine.games.crazy_old_fish_war.phases import Phase

#: Which actions belong to which phase (a move of another phase is refused by
#: saying what the seat is asked to do instead).
PHASE_ACTIONS = {
    Phase.PLAY: (Play, Ask, War), Phase.NAME: (Name,), Phase.GIVE: (Give,),
    Phase.WAR: (LayCard,), Phase.CALL: (CallFish, StayQuiet), Phase.OVER: (),
}


def why_illegal(state, seat: int, action) -> str:
    if type(action) not in PHASE_ACTIONS[state.phase]:
        return f"you cannot do that now: {task(state, seat)}"
    reason = REFUSALS[type(action)](state, seat, action)
    return reason or "that move is not possible now"


def task(state, seat: int) -> str:
    """What `seat` is asked to do now, in words."""
    phase = state.phase
    if phase == Phase.PLAY:
        return "play a card, or ask a player for one" if not state.fits(seat) else "play a matching card"
    if phase == Phase.NAME:
        return "name the colour play continues in"
    if phase == Phase.GIVE:
        return f"choose a card to give to seat {state.turn + 1}"
    if phase == Phase.WAR:
        return "lay a card face down for the war"
    return "call a fish (or stay quiet)"


def _is_index(value: int, size: int) -> bool:
    """A seat, card or colour number in range (the core has checked it is an int)."""
    return 0 <= value < size


def _cards_text(card) -> str:
    return f"the {card_name(card)}" if _is_index(card, CARD_COUNT) else f"card {card!r}"


def _why_play(state, seat: int, action: Play) -> str:
    if action.card not in state.hands[seat]:
        return f"you do not hold {_cards_text(action.card)}"
    return f"the {card_name(action.card)} does not match — the pile needs {wanted(state.colour, state.number)}"


def _why_ask(state, seat: int, action) -> str:
    verb = "ask" if isinstance(action, Ask) else "declare war on"
    if isinstance(action, War) and not state.options["war"]:
        return "war is only in the advanced game (option war)"
    if action.target == seat:
        return f"you cannot {verb} yourself"
    if not _is_index(action.target, state.players):
        return f"there is no such seat ({action.target!r}) in this game"
    if state.fits(seat):
        return f"you hold a matching card, so you must play it (the pile needs {wanted(state.colour, state.number)})"
    return ""


def _why_give(state, seat: int, action: Give) -> str:
    if action.card not in state.hands[seat]:
        return f"you do not hold {_cards_text(action.card)}"
    return (f"the {card_name(action.card)} does not match — you were asked for "
            f"{wanted(state.colour, state.number)} (a Crazy 8 or an Old Mermaid fits too)")


def _why_lay_card(state, seat: int, action: LayCard) -> str:
    if action.card not in state.hands[seat]:
        return f"you do not hold {_cards_text(action.card)}"
    if is_mermaid(action.card):
        return "you declared this war, so you may not play an Old Mermaid"
    return ""


def _why_name(state, seat: int, action: Name) -> str:
    if not _is_index(action.colour, len(COLOURS)):
        return f"there is no colour {action.colour}; the colours are 0–{len(COLOURS) - 1} ({', '.join(COLOURS)})"
    if state.name_number and action.number not in NUMBERS:
        return "name a colour and a number from 1 to 11 (option crazy8_names_number)"
    if not state.name_number and action.number is not None:
        return "name only a colour, no number"
    return ""


def _why_call_fish(state, seat: int, action: CallFish) -> str:
    if action.name in state.fish_named():
        return f"{action.name} has already been named in this game — call another fish"
    return f"call one of the offered fish: {', '.join(state.fish_offer())}"


def _why_stay_quiet(state, seat: int, action: StayQuiet) -> str:
    return ""


REFUSALS = {
    Play: _why_play, Ask: _why_ask, War: _why_ask, Give: _why_give, LayCard: _why_lay_card, Name: _why_name,
    CallFish: _why_call_fish, StayQuiet: _why_stay_quiet,
}
