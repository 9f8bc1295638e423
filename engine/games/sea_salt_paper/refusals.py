"""Why a move of Sea Salt & Paper is refused, in words for the player (the
state keeps the turn flow; `why_illegal` is its method). A move with no reason
of its own is refused by saying what the player is asked to do now."""
from __future__ import annotations

from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.actions import (
    CALL_NAMES, Call, ChooseOpponent, ChoosePile, DrawTwo, Give, Keep, KeepEvent, Pick, PlayDuo, ProtectShell,
    StealPair, TakeDiscard, names_of, pile_name,
)
from haudrauf.engine.games.sea_salt_paper.cards import KIND, SHELL, STARFISH, card_name
from haudrauf.engine.games.sea_salt_paper.duo_effects import DUOS, RODEO_DUOS, duo_kinds
from haudrauf.engine.games.sea_salt_paper.phases import Phase
from haudrauf.engine.games.sea_salt_paper.view import PHASE_TASKS


def why_illegal(state, seat: int, action) -> str:
    check = REFUSALS.get(type(action))
    if check is not None:
        reason = check(state, seat, action)
        if reason:
            return reason
    return f"not now: {PHASE_TASKS.get(state.phase, 'wait')}"


def _why_draw_two(state, seat, action) -> str:
    if state.phase == Phase.DRAW and state.restricted:
        return "stung by a jellyfish: you may only take the top card of the deck"
    return ""


def _why_take_discard(state, seat, action) -> str:
    if state.phase == Phase.DRAW and state.restricted:
        return "stung by a jellyfish: you may only take the top card of the deck"
    if action.pile not in (0, 1):
        return f"there is no discard pile {action.pile + 1}"
    if state.phase == Phase.DRAW and not state.piles[action.pile]:
        return f"{pile_name(action.pile)} is empty"
    return ""


def _why_keep(state, seat, action) -> str:
    if state.phase != Phase.KEEP:
        return ""
    if action.card not in state.drawn:
        return f"you did not draw the {_card_words(action.card)}"
    if action.pile not in state.discard_targets():
        empty = state.discard_targets()[0]
        return f"{pile_name(empty)} is empty: the other card must go there"
    return ""


def _why_play_duo(state, seat, action) -> str:
    if state.phase != Phase.PLAY:
        return ""
    missing = [c for c in action.cards if c not in state.hands[seat]]
    if missing:
        return f"you do not hold the {_card_words(missing[0])}"
    if len(action.cards) not in (2, 3) or len(set(action.cards)) != len(action.cards):
        return "a duo is two cards (three with a starfish)"
    if len(action.cards) == 3 and KIND[action.cards[2]] != STARFISH:
        return "the third card of a trio must be a starfish"
    kinds = duo_kinds(action.cards)
    if kinds in RODEO_DUOS:
        return f"two {KIND[action.cards[0]]}s are a duo only with the Water rodeo event"
    if kinds not in DUOS:
        return f"{names_of(action.cards[:2])} do not make a duo"
    return "list the pair in id order, then the starfish"


def _why_protect_shell(state, seat, action) -> str:
    if state.phase != Phase.PLAY:
        return ""
    if pepper.CORAL_REEF not in state.active_events(seat):
        return "a shell may be laid face down only with the Coral reef event"
    if state.reefs[seat]:
        return "you already have a shell face down"
    if action.card not in state.hands[seat] or KIND[action.card] != SHELL:
        return "only a shell from your hand can be laid face down"
    return ""


def _why_call(state, seat, action) -> str:
    if state.phase != Phase.PLAY:
        return ""
    if action.kind not in CALL_NAMES:
        return "call STOP or LAST CHANCE"
    if state.call is not None:
        return f"{CALL_NAMES[state.call]} has been called already"
    points, needed = state.breakdown(seat).card_points, state.call_threshold(seat)
    if points < needed:
        return f"you have {points} card points; {needed} are needed to call"
    return "Diodon: only LAST CHANCE may be called"


def _why_choose_pile(state, seat, action) -> str:
    if state.phase == Phase.CRAB_PILE and action.pile in (0, 1):
        return f"{pile_name(action.pile)} is empty"
    return ""


def _why_pick(state, seat, action) -> str:
    if state.phase == Phase.PICK:
        return f"the {_card_words(action.card)} is not among the cards you may take"
    return ""


def _why_choose_opponent(state, seat, action) -> str:
    if state.phase != Phase.TARGET:
        return ""
    victim = action.seat
    if victim == seat or not 0 <= victim < state.players:
        return "choose one of your opponents"
    if state.protected(victim):
        return f"seat {victim + 1} is protected by a shell (coral reef)"
    return f"seat {victim + 1} has no cards in hand"


def _why_give(state, seat, action) -> str:
    if state.phase != Phase.GIVE:
        return ""
    if action.card == state.pending["taken"]:
        return "give another card than the one you just took"
    return f"you do not hold the {_card_words(action.card)}"


def _why_steal_pair(state, seat, action) -> str:
    if state.phase == Phase.PAIR:
        return "that is not a played duo of an unprotected opponent"
    return ""


def _why_keep_event(state, seat, action) -> str:
    if state.phase == Phase.EVENT:
        return "keep either your event card or the new one"
    return ""


#: The moves with a reason of their own; any other is "not now: <what to do>".
REFUSALS = {
    DrawTwo: _why_draw_two, TakeDiscard: _why_take_discard, Keep: _why_keep, PlayDuo: _why_play_duo,
    ProtectShell: _why_protect_shell, Call: _why_call, ChoosePile: _why_choose_pile, Pick: _why_pick,
    ChooseOpponent: _why_choose_opponent, Give: _why_give, StealPair: _why_steal_pair, KeepEvent: _why_keep_event,
}


def _card_words(card: int) -> str:
    return card_name(card) if 0 <= card < len(KIND) else f"card {card}"
