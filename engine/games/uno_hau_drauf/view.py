"""The UNO Hau drauf table as the one renderer draws it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.uno_hau_drauf.actions import (
    Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS, DRAW_TWO, SKIP, WILD_FOUR
from haudrauf.engine.games.uno_hau_drauf.phases import NAME_THE_COLOUR, Phase

if TYPE_CHECKING:
    from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf

DISCARD_SHOWN = 6  # the top cards of the discard pile drawn slightly fanned

#: What waits for the next selected player (`state.pending`), in words.
PENDING_WORDS = {
    DRAW_TWO: "takes 2 and sits out (+2)",
    SKIP: "is skipped",
    WILD_FOUR: "answers the wild +4: challenge or take 4",
    NAME_THE_COLOUR: "names the colour",
}


def unit_button(seat: int) -> str:
    """Pile key of a seat's button on the drawn unit (clicking it presses it)."""
    return f"unit.seat{seat}"


UNIT_HAU_DRAUF = "unit.haudrauf"


def _press(state: "UnoHauDrauf") -> tuple[int, ...]:
    """The seats the game waits on to press their own button. Right after a
    HAU DRAUF card its layer is meant to hit the big button (their own one
    would call the race off), so they are not told to press theirs."""
    if state.phase == Phase.PLAYED and state.slap_armed:
        return ()
    return tuple(s for s in range(state.players) if PressButton() in state.legal_actions(s))


def _press_label(state: "UnoHauDrauf", seat: int) -> str:
    phase = state.phase
    if phase == Phase.RACE:
        return "Hit your button!"
    if phase == Phase.PENALTY:
        return "Took the penalty: press your button"
    if phase == Phase.PLAYED and state.slap_armed:
        return "Press your own button (cancels the HAU DRAUF)"
    if phase == Phase.WINNER:
        return "Press your button: the unit picks who draws"
    if phase == Phase.TURN:
        return "Pass (nothing to play or draw)"
    return "End turn: press your button"


def _choice(state: "UnoHauDrauf", seat: int, action, name) -> Choice:
    if isinstance(action, Play):
        card = CARDS[action.card]
        label = f"Lay {card.name}"
        if action.colour:
            label += f", name {action.colour}"
        if action.target is not None:
            label += f" → {name(action.target)} draws"
        return Choice(action, label, card=action.card)
    if isinstance(action, Draw):
        return Choice(action, "Draw a card", pile="stock")
    if isinstance(action, PressButton):
        return Choice(action, _press_label(state, seat), pile=unit_button(seat))
    if isinstance(action, PressHauDrauf):
        return Choice(action, "HAU DRAUF!", pile=UNIT_HAU_DRAUF)
    if isinstance(action, ChooseColour):
        return Choice(action, f"Colour: {action.colour}", pile="discard")
    if isinstance(action, Challenge):
        return Choice(action, "Challenge the wild +4")
    if isinstance(action, Accept):
        return Choice(action, "Accept: take 4")
    if isinstance(action, CallUno):
        return Choice(action, "UNO!")
    if isinstance(action, CatchUno):
        return Choice(action, f"Catch {name(action.target)}: no UNO!")
    raise TypeError(action)


def _prompt(state: "UnoHauDrauf", viewer: int | None, legal: list, name) -> str:
    phase = state.phase
    if phase == Phase.OVER:
        return state.outcome(name)
    if phase == Phase.WAIT:
        return "The unit is picking the next player…"
    if phase == Phase.RACE:
        return "HAU DRAUF! Everyone: hit your button!"
    if phase == Phase.PENALTY:
        return "Penalty cards dealt to " + ", ".join(name(s) for s in state.must_press) + \
            " — press your flashing button to go on"
    if viewer is not None and viewer == state.current:
        legal_plays = any(isinstance(a, Play) for a in legal)
        return {
            Phase.TURN: "Your turn: lay a matching card or draw one",
            Phase.DRAWN: "Play the card you drew, or press your button" if legal_plays else
                         "The card you drew does not fit — press your button to end your turn",
            Phase.PLAYED: "HAU DRAUF! Press the big button" if state.slap_armed else
                          "Press your button to end the turn",
            Phase.SIT_OUT: "You sit out: press your button",
            Phase.COLOUR: "Name the colour of the start card",
            Phase.WINNER: "You are out: press your button so the unit picks who draws",
            Phase.CHALLENGE: "Waiting for the answer to your wild +4",
        }.get(phase, "")
    if viewer is not None and viewer == state.victim:
        return "A wild +4 for you: challenge or accept?"
    if state.current is not None:
        return f"{name(state.current)} is playing"
    return ""


def build_table_view(state: "UnoHauDrauf", viewer: int | None, names: list[str]) -> TableView:
    def name(seat: int) -> str:
        return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"

    legal = state.legal_actions(viewer) if viewer is not None else []
    playable = {a.card for a in legal if isinstance(a, Play)}
    seats = []
    for s, hand in enumerate(state.hands):
        shown = s == viewer
        cards = tuple(CardView(CARDS[c].face, c, c in playable) if shown else CardView(None) for c in hand)
        status = []
        if len(hand) == 1:
            status.append("one card")
        if s in state.must_press:
            status.append("press!")
        if s == state.current and state.phase == Phase.SIT_OUT:
            status.append("sits out")
        seats.append(SeatView(
            seat=s, name=name(s),
            hand=PileView(f"s{s}.hand", "Hand", cards, layout="fan", caption=cards_text(len(hand))),
            score=f"{state.scores[s]} pts",
            status=", ".join(status),
            active=s == state.current or s in state.must_press or s == state.victim,
        ))
    top = state.discard[-DISCARD_SHOWN:]
    centre = (
        PileView("stock", "Stock", tuple(CardView(None) for _ in state.stock), caption=f"{len(state.stock)}"),
        PileView("discard", "Discard", tuple(CardView(CARDS[c].face, c) for c in top),
                 caption=f"colour: {state.colour or 'to be named'}"),
    )
    target = state.options["target"]
    info = [f"Round {state.round} — first to {target} point{'s' if target != 1 else ''}"
            + (" (lowest wins)" if state.options["scoring"] == "lowest-wins" else "")]
    info.append(f"Colour in play: {state.colour or 'to be named'}")
    if state.pending:
        info.append(f"The next player {PENDING_WORDS[state.pending]}")
    if state.uno_exposed is not None:
        info.append(f"{name(state.uno_exposed)} has one card and has not called UNO!")
    return TableView(
        game=state.info.id,
        seats=tuple(seats),
        centre=centre,
        prompt=_prompt(state, viewer, legal, name),
        info=tuple(info),
        choices=tuple(_choice(state, viewer, a, name) for a in legal),
        press=_press(state),
    )
