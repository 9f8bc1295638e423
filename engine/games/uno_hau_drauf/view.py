"""The UNO Hau drauf table as the one renderer draws it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from haudrauf.engine.core import CardView, Choice, PileView, SeatView, TableView, cards_text
from haudrauf.engine.games.uno_hau_drauf.actions import (
    Accept, CallUno, CatchUno, Challenge, ChooseColour, Draw, Play, PressButton, PressHauDrauf,
)
from haudrauf.engine.games.uno_hau_drauf.cards import CARDS, COLOUR_NAMES, DRAW_TWO, SKIP, WILD_FOUR
from haudrauf.engine.games.uno_hau_drauf.phases import NAME_THE_COLOUR, Phase
from haudrauf.words import Message, msg, nmsg

if TYPE_CHECKING:
    from haudrauf.engine.games.uno_hau_drauf.state import UnoHauDrauf

DISCARD_SHOWN = 6  # the top cards of the discard pile drawn slightly fanned

#: What waits for the next selected player (`state.pending`), in words.
PENDING_WORDS = {
    DRAW_TWO: msg("The next player takes 2 and sits out (+2)"),
    SKIP: msg("The next player is skipped"),
    WILD_FOUR: msg("The next player answers the wild +4: challenge or take 4"),
    NAME_THE_COLOUR: msg("The next player names the colour"),
}


def seat_view(state: UnoHauDrauf, seat: int) -> dict[str, Any]:
    """What `seat` may see (`GameState.view`): its own hand, the drawn card only on its own turn."""
    return {
        "seat": seat,
        "hand": list(state.hands[seat]),
        "counts": [len(h) for h in state.hands],
        "top": state.discard[-1],
        "colour": state.colour,
        "stock": len(state.stock),
        "discard": len(state.discard),
        "phase": state.phase,
        "current": state.current,
        "pending": state.pending,
        "victim": state.victim,
        "drawn": state.drawn if seat == state.current else None,
        "must_press": list(state.must_press),
        "uno_exposed": state.uno_exposed,
        "scores": list(state.scores),
        "round": state.round,
        "bluffing": state.options["wild4_bluffing"],
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


def _press_label(state: "UnoHauDrauf", seat: int) -> Message:
    phase = state.phase
    if phase == Phase.RACE:
        return msg("Hit your button!")
    if phase == Phase.PENALTY:
        return msg("Took the penalty: press your button")
    if phase == Phase.PLAYED and state.slap_armed:
        return msg("Press your own button (cancels the HAU DRAUF)")
    if phase == Phase.WINNER:
        return msg("Press your button: the unit picks who draws")
    if phase == Phase.TURN:
        return msg("Pass (nothing to play or draw)")
    return msg("End turn: press your button")


def _choice(state: "UnoHauDrauf", seat: int, action, name) -> Choice:
    if isinstance(action, Play):
        return Choice(action, _lay_label(action, name), card=action.card)
    if isinstance(action, Draw):
        return Choice(action, msg("Draw a card"), pile="stock")
    if isinstance(action, PressButton):
        return Choice(action, _press_label(state, seat), pile=unit_button(seat))
    if isinstance(action, PressHauDrauf):
        return Choice(action, msg("HAU DRAUF!"), pile=UNIT_HAU_DRAUF)
    if isinstance(action, ChooseColour):
        return Choice(action, msg("Colour: {colour}", colour=COLOUR_NAMES[action.colour]), pile="discard")
    if isinstance(action, Challenge):
        return Choice(action, msg("Challenge the wild +4"))
    if isinstance(action, Accept):
        return Choice(action, msg("Accept: take 4"))
    if isinstance(action, CallUno):
        return Choice(action, msg("UNO!"))
    if isinstance(action, CatchUno):
        return Choice(action, msg("Catch {seat}: no UNO!", seat=name(action.target)))
    raise TypeError(action)


def _lay_label(action: Play, name) -> Message:
    """ "Lay red 7"; a wild names its colour; in the variant, whom the card hits."""
    card = CARDS[action.card].name
    if action.colour and action.target is not None:
        return msg("Lay {card}, name {colour} → {seat} draws", card=card, colour=COLOUR_NAMES[action.colour],
                   seat=name(action.target))
    if action.colour:
        return msg("Lay {card}, name {colour}", card=card, colour=COLOUR_NAMES[action.colour])
    if action.target is not None:
        return msg("Lay {card} → {seat} draws", card=card, seat=name(action.target))
    return msg("Lay {card}", card=card)


def _prompt(state: "UnoHauDrauf", viewer: int | None, legal: list, name) -> Message | str:
    phase = state.phase
    if phase == Phase.OVER:
        return state.outcome(name)
    if phase == Phase.WAIT:
        return msg("The unit is picking the next player…")
    if phase == Phase.RACE:
        return msg("HAU DRAUF! Everyone: hit your button!")
    if phase == Phase.PENALTY:
        return msg("Penalty cards dealt to {seats} — press your flashing button to go on",
                   seats=tuple(name(s) for s in state.must_press))
    if viewer is not None and viewer == state.current:
        legal_plays = any(isinstance(a, Play) for a in legal)
        return {
            Phase.TURN: msg("Your turn: lay a matching card or draw one"),
            Phase.DRAWN: msg("Play the card you drew, or press your button") if legal_plays else
                         msg("The card you drew does not fit — press your button to end your turn"),
            Phase.PLAYED: msg("HAU DRAUF! Press the big button") if state.slap_armed else
                          msg("Press your button to end the turn"),
            Phase.SIT_OUT: msg("You sit out: press your button"),
            Phase.COLOUR: msg("Name the colour of the start card"),
            Phase.WINNER: msg("You are out: press your button so the unit picks who draws"),
            Phase.CHALLENGE: msg("Waiting for the answer to your wild +4"),
        }.get(phase, "")
    if viewer is not None and viewer == state.victim:
        return msg("A wild +4 for you: challenge or accept?")
    if state.current is not None:
        return msg("{seat} is playing", seat=name(state.current))
    return ""


def _status(state: "UnoHauDrauf", seat: int) -> Message | str:
    """ "one card, press!": what marks a seat now (a list has no words of its own to translate)."""
    marks = []
    if len(state.hands[seat]) == 1:
        marks.append(msg("one card"))
    if seat in state.must_press:
        marks.append(msg("press!"))
    if seat == state.current and state.phase == Phase.SIT_OUT:
        marks.append(msg("sits out"))
    return Message("{marks}", (("marks", tuple(marks)),)) if marks else ""


def _round_line(state: "UnoHauDrauf") -> Message:
    """ "Round 2 — first to 500 points", and whether the lowest total wins."""
    target = state.options["target"]
    if state.options["scoring"] == "lowest-wins":
        return nmsg("Round {round} — first to {n} point (lowest wins)",
                    "Round {round} — first to {n} points (lowest wins)", target, round=state.round)
    return nmsg("Round {round} — first to {n} point", "Round {round} — first to {n} points", target,
                round=state.round)


def build_table_view(state: "UnoHauDrauf", viewer: int | None, names: list[str]) -> TableView:
    def name(seat: int) -> str:
        return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"

    legal = state.legal_actions(viewer) if viewer is not None else []
    playable = {a.card for a in legal if isinstance(a, Play)}
    seats = []
    for s, hand in enumerate(state.hands):
        shown = s == viewer
        cards = tuple(CardView(CARDS[c].face, c, c in playable) if shown else CardView(None) for c in hand)
        seats.append(SeatView(
            seat=s, name=name(s),
            hand=PileView(f"s{s}.hand", msg("Hand"), cards, layout="fan", caption=cards_text(len(hand))),
            score=msg("{points} pts", points=state.scores[s]),
            status=_status(state, s),
            active=s == state.current or s in state.must_press or s == state.victim,
        ))
    top = state.discard[-DISCARD_SHOWN:]
    centre = (
        PileView("stock", msg("Stock"), tuple(CardView(None) for _ in state.stock), caption=f"{len(state.stock)}"),
        PileView("discard", msg("Discard"), tuple(CardView(CARDS[c].face, c) for c in top),
                 caption=msg("colour: {colour}", colour=COLOUR_NAMES[state.colour]) if state.colour else
                 msg("colour: to be named")),
    )
    info = [_round_line(state),
            msg("Colour in play: {colour}", colour=COLOUR_NAMES[state.colour]) if state.colour else
            msg("Colour in play: to be named")]
    if state.pending:
        info.append(PENDING_WORDS[state.pending])
    if state.uno_exposed is not None:
        info.append(msg("{seat} has one card and has not called UNO!", seat=name(state.uno_exposed)))
    return TableView(
        game=state.info.id,
        seats=tuple(seats),
        centre=centre,
        prompt=_prompt(state, viewer, legal, name),
        info=tuple(info),
        choices=tuple(_choice(state, viewer, a, name) for a in legal),
        press=_press(state),
    )
