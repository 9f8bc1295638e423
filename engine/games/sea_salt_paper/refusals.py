"""Why a move of Sea Salt & Paper is refused, in words for the player (the
state keeps the turn flow; `why_illegal` is its method). A move with no reason
of its own is refused by saying what the player is asked to do now."""
from __future__ import annotations

from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.actions import (
    CALL_NAMES, Call, ChooseOpponent, ChoosePile, DrawTwo, Give, Keep, KeepEvent, Pick, PlayDuo, ProtectShell,
    StealPair, TakeDiscard, names_of, pile_name,
)
from haudrauf.engine.games.sea_salt_paper.cards import KIND, SHARK, SHELL, STARFISH, SWIMMER, card_name
from haudrauf.engine.games.sea_salt_paper.duo_effects import DUOS, duo_kinds
from haudrauf.engine.games.sea_salt_paper.phases import Phase
from haudrauf.engine.games.sea_salt_paper.view import PHASE_TASKS
from haudrauf.words import Message, msg, nmsg

STUNG = msg("stung by a jellyfish: you may only take the top card of the deck")
WAIT = msg("wait")  # the task of a phase between moves


def why_illegal(state, seat: int, action) -> Message:
    check = REFUSALS.get(type(action))
    if check is not None:
        reason = check(state, seat, action)
        if reason:
            return reason
    return msg("not now: {task}", task=PHASE_TASKS.get(state.phase, WAIT))


def _why_draw_two(state, seat, action) -> Message | None:
    if state.phase == Phase.DRAW and state.restricted:
        return STUNG
    return None


def _why_take_discard(state, seat, action) -> Message | None:
    if state.phase == Phase.DRAW and state.restricted:
        return STUNG
    if action.pile not in (0, 1):
        return msg("there is no discard pile {number}", number=action.pile + 1)
    if state.phase == Phase.DRAW and not state.piles[action.pile]:
        return msg("{pile} is empty", pile=pile_name(action.pile))
    return None


def _why_keep(state, seat, action) -> Message | None:
    if state.phase != Phase.KEEP:
        return None
    if action.card not in state.drawn:
        return msg("you did not draw the {card}", card=_card_words(action.card))
    if action.pile not in state.discard_targets():
        empty = state.discard_targets()[0]
        return msg("{pile} is empty: the other card must go there", pile=pile_name(empty))
    return None


def _why_play_duo(state, seat, action) -> Message | None:
    if state.phase != Phase.PLAY:
        return None
    missing = [c for c in action.cards if c not in state.hands[seat]]
    if missing:
        return msg("you do not hold the {card}", card=_card_words(missing[0]))
    if len(action.cards) not in (2, 3) or len(set(action.cards)) != len(action.cards):
        return msg("a duo is two cards (three with a starfish)")
    if len(action.cards) == 3 and KIND[action.cards[2]] != STARFISH:
        return msg("the third card of a trio must be a starfish")
    kinds = duo_kinds(action.cards)
    if kinds == (SWIMMER, SWIMMER):
        return msg("two swimmers are a duo only with the Water rodeo event")
    if kinds == (SHARK, SHARK):
        return msg("two sharks are a duo only with the Water rodeo event")
    if kinds not in DUOS:
        return msg("{cards} do not make a duo", cards=names_of(action.cards[:2]))
    return msg("list the pair in id order, then the starfish")


def _why_protect_shell(state, seat, action) -> Message | None:
    if state.phase != Phase.PLAY:
        return None
    if pepper.CORAL_REEF not in state.active_events(seat):
        return msg("a shell may be laid face down only with the Coral reef event")
    if state.reefs[seat]:
        return msg("you already have a shell face down")
    if action.card not in state.hands[seat] or KIND[action.card] != SHELL:
        return msg("only a shell from your hand can be laid face down")
    return None


def _why_call(state, seat, action) -> Message | None:
    if state.phase != Phase.PLAY:
        return None
    if action.kind not in CALL_NAMES:
        return msg("call STOP or LAST CHANCE")
    if state.call is not None:
        return msg("{call} has been called already", call=CALL_NAMES[state.call])
    points, needed = state.breakdown(seat).card_points, state.call_threshold(seat)
    if points < needed:
        # English says "1 card points" too: the words players have always read
        return nmsg("you have {n} card points; {needed} are needed to call",
                    "you have {n} card points; {needed} are needed to call", points, needed=needed)
    return msg("Diodon: only LAST CHANCE may be called")


def _why_choose_pile(state, seat, action) -> Message | None:
    if state.phase == Phase.CRAB_PILE and action.pile in (0, 1):
        return msg("{pile} is empty", pile=pile_name(action.pile))
    return None


def _why_pick(state, seat, action) -> Message | None:
    if state.phase == Phase.PICK:
        return msg("the {card} is not among the cards you may take", card=_card_words(action.card))
    return None


def _why_choose_opponent(state, seat, action) -> Message | None:
    if state.phase != Phase.TARGET:
        return None
    victim = action.seat
    if victim == seat or not 0 <= victim < state.players:
        return msg("choose one of your opponents")
    if state.protected(victim):
        return msg("seat {seat} is protected by a shell (coral reef)", seat=victim + 1)
    return msg("seat {seat} has no cards in hand", seat=victim + 1)


def _why_give(state, seat, action) -> Message | None:
    if state.phase != Phase.GIVE:
        return None
    if action.card == state.pending["taken"]:
        return msg("give another card than the one you just took")
    return msg("you do not hold the {card}", card=_card_words(action.card))


def _why_steal_pair(state, seat, action) -> Message | None:
    if state.phase == Phase.PAIR:
        return msg("that is not a played duo of an unprotected opponent")
    return None


def _why_keep_event(state, seat, action) -> Message | None:
    if state.phase == Phase.EVENT:
        return msg("keep either your event card or the new one")
    return None


#: The moves with a reason of their own; any other is "not now: <what to do>".
REFUSALS = {
    DrawTwo: _why_draw_two, TakeDiscard: _why_take_discard, Keep: _why_keep, PlayDuo: _why_play_duo,
    ProtectShell: _why_protect_shell, Call: _why_call, ChoosePile: _why_choose_pile, Pick: _why_pick,
    ChooseOpponent: _why_choose_opponent, Give: _why_give, StealPair: _why_steal_pair, KeepEvent: _why_keep_event,
}


def _card_words(card: int) -> Message:
    return card_name(card) if 0 <= card < len(KIND) else msg("card {number}", number=card)
