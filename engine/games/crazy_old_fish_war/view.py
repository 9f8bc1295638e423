"""The table picture of Crazy Old Fish War for the one renderer: hands, the
draw and play piles, the war cards (face down until both are laid), prompts
that say who asks whom for what, and the fish called so far."""
from __future__ import annotations

from typing import Any

from haudrauf.engine.core.table_view import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.crazy_old_fish_war.actions import Ask, CallFish, Give, LayCard, Name, Play, War
from haudrauf.engine.games.crazy_old_fish_war.cards import FISH_NAMES, card_name, colour_label, face, wanted
from haudrauf.engine.games.crazy_old_fish_war.phases import Phase

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
        hand=PileView(f"s{seat}.hand", f"{names[seat]}'s hand", cards, layout="fan", caption=cards_text(len(hand))),
        score=f"{state.rounds_won[seat]} of {state.options['rounds_to_win']} rounds",
        status=_status(state, seat),
        active=seat in state.current_seats,
    )


def _status(state, seat: int) -> str:
    if state.war and seat in state.war_seats():
        return "at war"
    if state.phase == Phase.GIVE and seat == state.asked:
        return "asked for a card"
    if len(state.hands[seat]) == 1:
        return "one card!"
    return ""


def _centre(state, viewer, names) -> tuple[PileView, ...]:
    piles = [
        PileView("draw", "Draw pile", (BACK,) * len(state.draw), caption=cards_text(len(state.draw))),
        PileView("pile", "Play pile", tuple(CardView(face(c), c) for c in state.pile),
                 caption=f"needs {wanted(state.colour, state.number)}"),
    ]
    if state.war:
        war = state.war
        for side, seat in enumerate(state.war_seats()):
            laid, blind = war["laid"][side], war["blind"][side]
            cards = tuple(CardView(face(c), c) for c in war["tied"][side])
            if laid is not None:
                cards += (CardView(face(laid), laid) if seat == viewer and not blind else BACK,)
            role = "declared war" if side == 0 else "challenged"
            piles.append(PileView(f"war.s{seat}", f"{names[seat]}'s war cards", cards, layout="row",
                                  caption=f"{role} — {'card down' if laid is not None else 'choosing'}"))
    return tuple(piles)


def _prompt(state, viewer, names) -> str:
    if state.is_over:
        return f"{names[state.winner]} wins the game!"
    need = wanted(state.colour, state.number)
    if viewer in state.current_seats:
        return _own_prompt(state, viewer, names, need)
    phase = state.phase
    if phase == Phase.PLAY:
        return f"{names[state.turn]} is playing"
    if phase == Phase.NAME:
        return f"{names[state.namer]} is naming the colour"
    if phase == Phase.GIVE:
        return f"{names[state.turn]} asked {names[state.asked]} for {need} — {names[state.asked]} chooses a card"
    if phase == Phase.WAR:
        waiting = " and ".join(names[s] for s in state.current_seats)
        return f"War! Waiting for {waiting} to lay a card face down"
    return f"{names[state.current_seats[0]]} is down to one card"


def _own_prompt(state, viewer, names, need: str) -> str:
    phase = state.phase
    if phase == Phase.PLAY:
        if state.fits(viewer):
            return f"Play a card: the pile needs {need} (Crazy 8s and Old Mermaids always fit)"
        war = " — or declare war on one" if state.options["war"] else ""
        return f"No match for {need}: ask a player for one (go fish){war}"
    if phase == Phase.NAME:
        return "Name the colour and number play continues in" if state.name_number \
            else "Name the colour play continues in"
    if phase == Phase.GIVE:
        return f"{names[state.turn]} asks you for {need} — choose a card to give"
    if phase == Phase.WAR:
        other = [s for s in state.war_seats() if s != viewer][0]
        return f"War with {names[other]}! Choose a card to lay face down (the higher number wins)"
    return "One card left — call a fish!"


def _info(state, names) -> tuple[str, ...]:
    number = f" or {state.number}" if state.number is not None else ""
    tally = ", ".join(f"{names[s]} {n}" for s, n in enumerate(state.rounds_won))
    lines = [
        f"Play continues in {colour_label(state.colour)}{number}",
        f"Round {state.round} — rounds won: {tally} (first to {state.options['rounds_to_win']})",
        _fish_line(state, names),
    ]
    if state.options["war"]:
        lines.append("Advanced game: War is on")
    if state.reveal:
        d, c, dc, cc = state.reveal
        lines.append(f"Last war cards: {names[d]}'s {card_name(dc)} against {names[c]}'s {card_name(cc)}")
    return tuple(lines)


def _fish_line(state, names) -> str:
    """The fish that may not be called now (option fish_names once all were called)."""
    run = state.fish_run()
    if len(run) == len(FISH_NAMES):
        return "Every fish has been named: no more fish calls"
    called = ", ".join(f"{name} ({names[seat]})" for seat, name in run) or "none yet"
    if len(state.fish_calls) >= len(FISH_NAMES):
        return f"Fish called since the names started over: {called}"
    return f"Fish called: {called}"


def _choice(state, action, names) -> Choice:
    if isinstance(action, Play):
        return Choice(action, f"Play the {card_name(action.card)}", card=action.card)
    if isinstance(action, Give):
        return Choice(action, f"Give the {card_name(action.card)} to {names[state.turn]}", card=action.card)
    if isinstance(action, LayCard):
        return Choice(action, f"Lay the {card_name(action.card)} face down", card=action.card)
    if isinstance(action, Ask):
        need = wanted(state.colour, state.number)
        return Choice(action, f"Ask {names[action.target]} for {need}", pile=f"s{action.target}.hand")
    if isinstance(action, War):
        return Choice(action, f"Declare war on {names[action.target]}", pile=f"s{action.target}.hand")
    if isinstance(action, Name):
        number = f" {action.number}" if action.number is not None else ""
        return Choice(action, f"{colour_label(action.colour)}{number}")
    if isinstance(action, CallFish):
        return Choice(action, f"Call “{action.name}”")
    return Choice(action, "Say nothing")
