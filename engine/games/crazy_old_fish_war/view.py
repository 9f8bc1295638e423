"""The table picture of Crazy Old Fish War for the one renderer: hands, the
draw and play piles, the war cards (face down until both are laid), prompts
that say who asks whom for what, and the fish called so far."""
from __future__ import annotations

from typing import Any

from haudrauf.engine.core.table_view import CardView, Choice, PileView, SeatView, TableView, Text, cards_text
from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, CallFish, Give, LayCard, Name, Play, War
from haudrauf.engine.games.crazy_old_fish_war.cards import FISH_NAMES, card_name, colour_label, face, fish_word, wanted
from haudrauf.engine.games.crazy_old_fish_war.phases import Phase
from haudrauf.words import Message, msg, nmsg

BACK = CardView(face=None)


def seat_view(state, seat: int) -> dict[str, Any]:
    """What `seat` may see (the state's `view`): its own hand, public piles and counts."""
    war = None
    if state.war:
        w = state.war
        side = state.war_seats().index(seat) if seat in state.war_seats() else None
        war = {"declarer": w["declarer"], "challenged": w["challenged"], "tied": [list(t) for t in w["tied"]],
               "laid": [c is not None for c in w["laid"]],
               "my_card": w["laid"][side] if side is not None and not w["blind"][side] else None}
    return {
        "seat": seat, "players": state.players, "phase": state.phase, "turn": state.turn,
        "current_seats": list(state.current_seats), "hand": sorted(state.hands[seat]),
        "hand_counts": [len(h) for h in state.hands], "pile": list(state.pile), "draw_count": len(state.draw),
        "colour": state.colour, "number": state.number, "asked": state.asked, "namer": state.namer,
        "war": war, "reveal": state.reveal, "round": state.round, "rounds_won": list(state.rounds_won),
        "fish_calls": [list(c) for c in state.fish_calls], "options": dict(state.options),
    }


def picture(state, viewer: int | None, names: list[str]) -> TableView:
    legal = state.legal_actions(viewer) if viewer is not None else []
    clickable = {a.card for a in legal if isinstance(a, (Play, Give, LayCard))}
    return TableView(
        game=state.info.id,
        seats=tuple(_seat(state, s, viewer, names, clickable) for s in range(state.players)),
        centre=_centre(state, viewer, names),
        prompt=_prompt(state, viewer, names),
        info=_info(state, names),
        choices=tuple(_choice(state, a, names) for a in legal),
    )


def _seat(state, seat: int, viewer, names, clickable) -> SeatView:
    hand = state.hands[seat]
    if seat == viewer:
        cards = tuple(CardView(face(c), c, c in clickable) for c in sorted(hand))
    else:
        cards = (BACK,) * len(hand)
    return SeatView(
        seat=seat, name=names[seat],
        hand=PileView(f"s{seat}.hand", msg("{seat}'s hand", seat=names[seat]), cards, layout="fan",
                      caption=cards_text(len(hand))),
        score=nmsg("{won} of {n} round", "{won} of {n} rounds", state.options["rounds_to_win"],
                   won=state.rounds_won[seat]),
        status=_status(state, seat),
        active=seat in state.current_seats,
    )


def _status(state, seat: int) -> Text:
    if state.war and seat in state.war_seats():
        return msg("at war")
    if state.phase == Phase.GIVE and seat == state.asked:
        return msg("asked for a card")
    if len(state.hands[seat]) == 1:
        return msg("one card!")
    return ""


def _centre(state, viewer, names) -> tuple[PileView, ...]:
    piles = [
        PileView("draw", msg("Draw pile"), (BACK,) * len(state.draw), caption=cards_text(len(state.draw))),
        PileView("pile", msg("Play pile"), tuple(CardView(face(c), c) for c in state.pile),
                 caption=msg("needs {cards}", cards=wanted(state.colour, state.number))),
    ]
    if state.war:
        war = state.war
        for side, seat in enumerate(state.war_seats()):
            laid, blind = war["laid"][side], war["blind"][side]
            cards = tuple(CardView(face(c), c) for c in war["tied"][side])
            if laid is not None:
                cards += (CardView(face(laid), laid) if seat == viewer and not blind else BACK,)
            piles.append(PileView(f"war.s{seat}", msg("{seat}'s war cards", seat=names[seat]), cards, layout="row",
                                  caption=WAR_CAPTIONS[side, laid is not None]))
    return tuple(piles)


#: A war pile's caption by (side: 0 declared the war, 1 was challenged; card laid).
WAR_CAPTIONS = {
    (0, True): msg("declared war — card down"), (0, False): msg("declared war — choosing"),
    (1, True): msg("challenged — card down"), (1, False): msg("challenged — choosing"),
}


def _prompt(state, viewer, names) -> Message:
    if state.is_over:
        return msg("{seat} wins the game!", seat=names[state.winner])
    need = wanted(state.colour, state.number)
    if viewer in state.current_seats:
        return _own_prompt(state, viewer, names, need)
    phase = state.phase
    if phase == Phase.PLAY:
        return msg("{seat} is playing", seat=names[state.turn])
    if phase == Phase.NAME:
        return msg("{seat} is naming the colour", seat=names[state.namer])
    if phase == Phase.GIVE:
        return msg("{seat} asked {target} for {cards} — {target} chooses a card", seat=names[state.turn],
                   target=names[state.asked], cards=need)
    if phase == Phase.WAR:
        waiting = state.current_seats
        if len(waiting) == 1:
            return msg("War! Waiting for {seat} to lay a card face down", seat=names[waiting[0]])
        return msg("War! Waiting for {seat} and {other} to lay a card face down", seat=names[waiting[0]],
                   other=names[waiting[1]])
    return msg("{seat} is down to one card", seat=names[state.current_seats[0]])


def _own_prompt(state, viewer, names, need: Message) -> Message:
    phase = state.phase
    if phase == Phase.PLAY:
        if state.fits(viewer):
            return msg("Play a card: the pile needs {cards} (Crazy 8s and Old Mermaids always fit)", cards=need)
        if state.options["war"]:
            return msg("No match for {cards}: ask a player for one (go fish) — or declare war on one", cards=need)
        return msg("No match for {cards}: ask a player for one (go fish)", cards=need)
    if phase == Phase.NAME:
        return msg("Name the colour and number play continues in") if state.name_number \
            else msg("Name the colour play continues in")
    if phase == Phase.GIVE:
        return msg("{seat} asks you for {cards} — choose a card to give", seat=names[state.turn], cards=need)
    if phase == Phase.WAR:
        other = [s for s in state.war_seats() if s != viewer][0]
        return msg("War with {seat}! Choose a card to lay face down (the higher number wins)", seat=names[other])
    return msg("One card left — call a fish!")


def _info(state, names) -> tuple[Message, ...]:
    if state.number is None:
        colour = msg("Play continues in {colour}", colour=colour_label(state.colour))
    else:
        colour = msg("Play continues in {colour} or {number}", colour=colour_label(state.colour), number=state.number)
    tally = tuple(msg("{seat} {won}", seat=names[s], won=n) for s, n in enumerate(state.rounds_won))
    lines = [
        colour,
        msg("Round {round} — rounds won: {tally} (first to {target})", round=state.round, tally=tally,
            target=state.options["rounds_to_win"]),
        _fish_line(state, names),
    ]
    if state.options["war"]:
        lines.append(msg("Advanced game: War is on"))
    if state.reveal:
        d, c, dc, cc = state.reveal
        lines.append(msg("Last war cards: {declarer}'s {card} against {challenged}'s {other}", declarer=names[d],
                         card=card_name(dc), challenged=names[c], other=card_name(cc)))
    return tuple(lines)


def _fish_line(state, names) -> Message:
    """The fish that may not be called now (option fish_names once all were called)."""
    run = state.fish_run()
    if len(run) == len(FISH_NAMES):
        return msg("Every fish has been named: no more fish calls")
    called = tuple(msg("{fish} ({seat})", fish=fish_word(name), seat=names[seat]) for seat, name in run)
    if len(state.fish_calls) >= len(FISH_NAMES):
        if not called:
            return msg("Fish called since the names started over: none yet")
        return msg("Fish called since the names started over: {fish}", fish=called)
    return msg("Fish called: {fish}", fish=called) if called else msg("Fish called: none yet")


def _choice(state, action, names) -> Choice:
    if isinstance(action, Play):
        return Choice(action, msg("Play the {card}", card=card_name(action.card)), card=action.card)
    if isinstance(action, Give):
        return Choice(action, msg("Give the {card} to {seat}", card=card_name(action.card), seat=names[state.turn]),
                      card=action.card)
    if isinstance(action, LayCard):
        return Choice(action, msg("Lay the {card} face down", card=card_name(action.card)), card=action.card)
    if isinstance(action, Ask):
        return Choice(action, msg("Ask {seat} for {cards}", seat=names[action.target],
                                  cards=wanted(state.colour, state.number)), pile=f"s{action.target}.hand")
    if isinstance(action, War):
        return Choice(action, msg("Declare war on {seat}", seat=names[action.target]), pile=f"s{action.target}.hand")
    if isinstance(action, Name):
        return Choice(action, colour_label(action.colour, action.number))
    if isinstance(action, CallFish):
        return Choice(action, msg("Call “{fish}”", fish=fish_word(action.name)))
    return Choice(action, msg("Say nothing"))
