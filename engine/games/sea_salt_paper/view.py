"""The Sea Salt & Paper table as the renderer draws it: per seat a hand (face
down unless it is the viewer's, or the hand a water rodeo is robbing), the
played duos, a coral reef and a held event; in the centre the deck, the two
discard piles, drawn cards, the lobster's look at the deck and the event cards.
Every legal move becomes a Choice labelled as a player would say it."""
from __future__ import annotations

from typing import Any

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.sea_salt_paper import extra_pepper as pepper
from haudrauf.engine.games.sea_salt_paper.actions import (
    CALL_NAMES, Call, ChooseOpponent, ChoosePile, DrawTop, DrawTwo, EndTurn, Give, Keep, KeepEvent, Pick, PlayDuo,
    ProtectShell, StealPair, TakeDiscard, names_of, names_with_and, pile_name,
)
from haudrauf.engine.games.sea_salt_paper.cards import card_name, face
from haudrauf.engine.games.sea_salt_paper.phases import Phase
from haudrauf.words import Message, msg, nmsg

PHASE_TASKS = {
    Phase.DRAW: msg("draw first: two cards from the deck or the top card of a discard pile"),
    Phase.KEEP: msg("choose which of the two drawn cards to keep"),
    Phase.PLAY: msg("play duos, call or end your turn"),
    Phase.CRAB_PILE: msg("choose the discard pile to look through"),
    Phase.PICK: msg("choose the card to take"),
    Phase.TARGET: msg("choose the opponent"),
    Phase.GIVE: msg("choose the card to give"),
    Phase.PAIR: msg("choose the played duo to steal"),
    Phase.EVENT: msg("choose the event card to keep"),
}


def seat_view(state, seat: int) -> dict[str, Any]:
    """What `seat` may see (the state's `view`): its own hand and choices, the public table."""
    n = state.players
    mine = state.active_events(seat)
    return {
        "seat": seat,
        "players": n,
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "my_turn": seat in state.current_seats,
        "pending": state.pending.get("kind"),
        "hand": list(state.hands[seat]),
        "reef": list(state.reefs[seat]),
        "shown": state.visible_choices(seat),
        "fronts": [[list(g) for g in state.fronts[s]] for s in range(n)],
        "hand_counts": [len(h) for h in state.hands],
        "protected": [state.protected(s) for s in range(n)],
        "deck_count": len(state.deck),
        "pile_tops": [p[-1] if p else None for p in state.piles],
        "pile_counts": [len(p) for p in state.piles],
        "round_event": state.round_event,
        "held_events": list(state.held),
        "offer": state.offer if state.phase == Phase.EVENT else None,
        "my_events": sorted(mine),
        "call": state.call,
        "caller": state.caller,
        "stung": state.restricted and seat == state.turn,
        "call_threshold": state.call_threshold(seat),
        "breakdown": state.breakdown(seat).as_dict(),
        "totals": list(state.totals),
        "last_scores": list(state.last_scores),
        "last_breakdowns": [b.as_dict() for b in state.last_breakdowns()],
        "goal": state.goal,
    }


def picture(state, viewer: int | None, names: list[str]) -> TableView:
    """The table as `viewer` sees it (the state's `table_view`)."""
    shown = set(state.visible_choices(viewer)) if viewer is not None else set()
    return TableView(
        game=state.info.id,
        seats=tuple(_seat(state, s, viewer, names) for s in range(state.players)),
        centre=_centre(state, shown),
        prompt=_prompt(state, viewer, names),
        info=_info_lines(state, viewer, names),
        choices=tuple(_choice(state, a, names) for a in state.legal_actions(viewer)) if viewer is not None else (),
    )


def _seat(state, s: int, viewer: int | None, names: list[str]) -> SeatView:
    rodeo_target = state.pending.get("target") if state.phase == Phase.PICK else None
    sees_hand = s == viewer or (rodeo_target == s and viewer == state.turn)
    hand = PileView(f"s{s}.hand", msg("hand"), tuple(_card_view(c, sees_hand) for c in state.hands[s]),
                    layout="fan", caption=cards_text(len(state.hands[s])))
    piles = [PileView(f"s{s}.duo{i}", msg("duo"), tuple(_card_view(c, True) for c in g), layout="row")
             for i, g in enumerate(state.fronts[s])]
    if state.reefs[s]:
        reef = tuple(_card_view(c, s == viewer) for c in state.reefs[s])
        piles.append(PileView(f"s{s}.reef", msg("coral reef"), reef))
    if state.held[s] is not None:
        piles.append(PileView(f"s{s}.event", msg("event"), (_event_view(state.held[s]),)))
    return SeatView(s, names[s], hand, tuple(piles), score=msg("{points} pts", points=state.totals[s]),
                    status=_status(state, s), active=s in state.current_seats)


def _card_view(card: int, visible: bool) -> CardView:
    return CardView(face(card), card) if visible else CardView(None)


def _event_view(card: int) -> CardView:
    return CardView(f"ssp/event/{pepper.event_of(card).name}", card)


def _centre(state, shown: set[int]) -> tuple[PileView, ...]:
    centre = [PileView("deck", msg("deck"), tuple(CardView(None) for _ in state.deck),
                       caption=cards_text(len(state.deck)))]
    for p in (0, 1):
        pile = state.piles[p]
        cards = tuple(_card_view(c, c in shown or i == len(pile) - 1) for i, c in enumerate(pile))
        centre.append(PileView(f"discard{p}", pile_name(p), cards, caption=cards_text(len(pile))))
    if state.drawn:
        centre.append(PileView("drawn", msg("drawn"), tuple(_card_view(c, c in shown) for c in state.drawn),
                               layout="row"))
    if state.pending.get("kind") == "lobster" and shown:
        centre.append(PileView("lobster", msg("top of the deck"), tuple(_card_view(c, True) for c in state.deck[-5:]),
                               layout="row"))
    if state.round_event is not None:
        centre.append(PileView("event", msg("this round's event"), (_event_view(state.round_event),)))
    if state.offer is not None:
        centre.append(PileView("offer", msg("new event card"), (_event_view(state.offer),)))
    if state.options["extra_pepper"]:
        centre.append(PileView("events", msg("event cards"), tuple(CardView(None) for _ in state.event_deck),
                               caption=nmsg("{n} left", "{n} left", len(state.event_deck))))
    return tuple(centre)


def _status(state, s: int) -> Message | str:
    """"called STOP, protected": what marks a seat now (a list has no words of its own to translate)."""
    marks = []
    if state.caller == s:
        marks.append(msg("called {call}", call=CALL_NAMES[state.call]))
    if s in state.stung or (state.restricted and s == state.turn):
        marks.append(msg("stung"))
    if state.protected(s):
        marks.append(msg("protected"))
    return Message("{marks}", (("marks", tuple(marks)),)) if marks else ""


def _prompt(state, viewer: int | None, names: list[str]) -> Message:
    if state.winners is not None and len(state.winners) == 1:
        return msg("Game over: {winner} won ({reason})", winner=names[state.winners[0]], reason=state.end_reason())
    if state.winners is not None:
        return msg("Game over: {winners} won ({reason})", winners=names_with_and(names[w] for w in state.winners),
                   reason=state.end_reason())
    seat = state.current_seats[0]
    if viewer == seat:
        return msg("Your move: {task}", task=PHASE_TASKS[state.phase])
    return msg("Waiting for {seat}", seat=names[seat])


def _info_lines(state, viewer: int | None, names: list[str]) -> tuple[Message, ...]:
    lines = [nmsg("Round {round} · game to {n} point", "Round {round} · game to {n} points", state.goal,
                  round=state.round)]
    if state.round_event is not None:
        lines.append(msg("Event this round: {event}", event=pepper.describe(state.round_event)))
    for s, card in enumerate(state.held):
        if card is not None:
            lines.append(msg("{seat} holds {event}", seat=names[s], event=pepper.describe(card)))
    if state.call is not None:
        lines.append(msg("{seat} called {call}", seat=names[state.caller], call=CALL_NAMES[state.call]))
    if viewer is not None:
        mine = state.breakdown(viewer)
        lines.append(msg("Your cards: {breakdown}", breakdown=mine.text()))
        lines.append(nmsg("To call: {n} card point (you have {points})", "To call: {n} card points (you have {points})",
                          state.call_threshold(viewer), points=mine.card_points))
    for s, b in enumerate(state.last_breakdowns()):
        lines.append(msg("Last round {seat} +{points}: {breakdown}", seat=names[s], points=state.last_scores[s],
                         breakdown=b.text()))
    return tuple(lines)


def _choice(state, action, names: list[str]) -> Choice:
    return CHOICES[type(action)](state, action, names)


def _draw_two(state, a: DrawTwo, names) -> Choice:
    return Choice(a, msg("draw the last card") if len(state.deck) == 1 else msg("draw two cards"), pile="deck")


def _keep(state, a: Keep, names) -> Choice:
    other = state.drawn[1 - state.drawn.index(a.card)]
    return Choice(a, msg("keep the {card}, discard the {other} on {pile}", card=card_name(a.card),
                         other=card_name(other), pile=pile_name(a.pile)), card=a.card)


#: Per move, the Choice a player sees: its label and where on the table it is clicked.
CHOICES = {
    DrawTwo: _draw_two,
    DrawTop: lambda state, a, names: Choice(a, msg("take the top card of the deck"), pile="deck"),
    TakeDiscard: lambda state, a, names: Choice(a, msg("take the {card}", card=card_name(state.piles[a.pile][-1])),
                                                pile=f"discard{a.pile}"),
    Keep: _keep,
    PlayDuo: lambda state, a, names: Choice(a, msg("play {cards}", cards=names_of(a.cards)), card=a.cards[0]),
    ProtectShell: lambda state, a, names: Choice(a, msg("lay the {card} face down", card=card_name(a.card)),
                                                 card=a.card),
    Call: lambda state, a, names: Choice(a, msg("call {call}", call=CALL_NAMES[a.kind])),
    EndTurn: lambda state, a, names: Choice(a, msg("end your turn")),
    ChoosePile: lambda state, a, names: Choice(a, msg("look through {pile}", pile=pile_name(a.pile)),
                                               pile=f"discard{a.pile}"),
    Pick: lambda state, a, names: Choice(a, msg("take the {card}", card=card_name(a.card)), card=a.card),
    Give: lambda state, a, names: Choice(a, msg("give the {card}", card=card_name(a.card)), card=a.card),
    ChooseOpponent: lambda state, a, names: Choice(a, msg("rob {seat}", seat=names[a.seat]), pile=f"s{a.seat}.hand"),
    StealPair: lambda state, a, names: Choice(a, msg("steal {cards}", cards=names_of(a.cards)), card=a.cards[0]),
    KeepEvent: lambda state, a, names: Choice(a, msg("keep {event}", event=pepper.event_of(a.card).called),
                                              card=a.card),
}
