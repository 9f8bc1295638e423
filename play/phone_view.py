"""What a phone is told, as plain JSON-able data: built here, below the phones'
server, so whatever hosts phones (the table's window today) tells them the same.

`table_offer` builds one seat's message from the engine's own seat view
(`state.table_view(seat)`): the seat's hand, its legal moves (opaque ids it can
send back, with labels), the prompt, its last refusal, and public table info.
`unit_message` does the same for unit mode from a `UnitView`. Nothing else
goes in, so nothing another seat may not see can leave the host: a card face
is only ever sent beside its card id, and only for cards the view shows.
Words go in as `Message`s: each phone reads them in its own language
(`said_in`, by whatever sends them). What a phone may say back is phones/protocol.py's."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from haudrauf.engine.core import CardView, GameState, PileView, cards_text
from haudrauf.engine.core.codec import encode
from haudrauf.play.language import Language
from haudrauf.words import Message, nmsg

View = tuple[dict[str, Any], Mapping[str, Any]]  # a seat's message and the moves it may send back


def waiting(text: Message) -> View:
    """A calm screen for a seat with nothing to do: the menu, a bot's seat."""
    return {"type": "wait", "text": text}, {}


def said_in(data, lang: Language):
    """A phone's message as its reader reads it: every `Message` in it (in any
    dict, list or tuple) rendered in `lang`; everything else as it is."""
    if isinstance(data, Message):
        return lang.say(data)
    if isinstance(data, dict):
        return {key: said_in(value, lang) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [said_in(value, lang) for value in data]
    return data


def card_token(card: int) -> str:
    """A card id as the phone sees it: "c17". Distinctive, so a leak check can
    search a message's text for it (a bare 17 could be a count or a score)."""
    return f"c{card}"


def move_id(action) -> str:
    """An opaque id for a legal move, the same for the same move every time it
    is offered: a press sent just after the table moved on (a race) still means
    what the person chose. It hides nothing the seat may not know: it stands
    for one of the seat's own legal moves."""
    plain = json.dumps(encode(action), sort_keys=True, separators=(",", ":"))
    return "m" + hashlib.blake2b(plain.encode(), digest_size=5).hexdigest()


def _card(view: CardView) -> dict[str, Any]:
    """A face goes out only with its id: a face-down card is just a back."""
    if view.face is None or view.id is None:
        return {"face": None}
    return {"card": card_token(view.id), "face": view.face, "playable": view.highlight}


def _pile(pile: PileView) -> dict[str, Any]:
    return {"key": pile.key, "label": pile.label, "caption": pile.caption, "count": pile.count,
            "shown": [_card(c) for c in pile.cards if c.face is not None and c.id is not None]}


@dataclass(frozen=True)
class TableOffer:
    """One seat's phone message and the moves it may send back (id → action)."""
    message: dict[str, Any]
    moves: Mapping[str, Any]


def table_offer(state: GameState, seat: int, names: list[str], refusal: Message | str = "", unit=None,
                why: Callable[[int, Message | str], Message] | None = None) -> TableOffer:
    """The message for `seat`'s phone in table mode. It is built from
    `table_view(seat)` and nothing else of the state but public facts (whose
    turn, which moves are the unit's buttons), and it takes the seat, not a
    view: it cannot be handed another seat's. `refusal`: the engine's last
    reason for refusing this seat; `unit`: the unit's `UnitView` when a unit
    drives or times the game; `why(card, prompt)`: what a tap on one of the
    seat's own cards that has no move says (the engine's reason, as the table
    says it), sent beside each such card so the phone answers the tap at once."""
    view = state.table_view(seat, names)
    waiting_for = tuple(state.current_seats)
    buttons = {b: name for b, name in ((state.seat_button, "seat"), (state.hau_drauf_button, "hau_drauf"))
               if b is not None}
    own = next(s for s in view.seats if s.seat == seat)
    moves: dict[str, Any] = {}
    offered = []
    for choice in view.choices:
        ident = move_id(choice.action)
        if ident in moves:
            raise ValueError(f"two moves share the id {ident}: {moves[ident]!r} and {choice.action!r}")
        moves[ident] = choice.action
        offered.append({"id": ident, "label": choice.label, "button": buttons.get(choice.action),
                        "cards": [card_token(c) for c in (choice.card, *choice.cards) if c is not None]})
    moved = {card for choice in view.choices for card in (choice.card, *choice.cards) if card is not None}

    def own_card(card: CardView) -> dict[str, Any]:
        shown = _card(card)
        if why is not None and "card" in shown and card.id not in moved:
            shown["why"] = why(card.id, view.prompt)
        return shown

    def own_pile(pile: PileView) -> dict[str, Any]:
        return {**_pile(pile), "shown": [own_card(c) for c in pile.cards if c.face is not None and c.id is not None]}
    message = {
        "type": "table", "game": view.game, "seat": seat, "name": own.name,
        "prompt": view.prompt, "refusal": refusal, "info": list(view.info),
        "hand": [own_card(c) for c in own.hand.cards], "moves": offered,
        "hand_title": nmsg("Your hand: {n} card", "Your hand: {n} cards", len(own.hand.cards)),
        "press": seat in view.press, "your_turn": seat in waiting_for, "waiting_for": list(waiting_for),
        "seats": [{"seat": s.seat, "name": s.name, "cards": s.hand.count, "cards_text": cards_text(s.hand.count),
                   "score": s.score, "status": s.status,
                   "active": s.active, "piles": [(own_pile if s.seat == seat else _pile)(p) for p in s.piles]}
                  for s in view.seats],
        "centre": [_pile(p) for p in view.centre],
        "unit": None if unit is None else unit_message(unit, seat),
    }
    return TableOffer(message, moves)


def unit_message(view, seat: int) -> dict[str, Any]:
    """What `seat`'s phone shows of the unit (a `device.unit.UnitView`): its
    light, its turn clock, and a flash cue the phone turns into a full-screen
    flash and a vibration when it appears. The unit is on the table for all to
    see; the phone repeats only this seat's part of it."""
    state = view.state.value
    on_turn = view.current == seat and state == "turn"
    held_turn = view.current == seat and view.interrupted is not None and view.interrupted.value == "turn"
    in_race = state == "slap race" and seat in view.racers
    must_press = seat in view.waiting_for
    flash = "race" if in_race else "timeout" if state == "timed out" and must_press else None
    return {
        "type": "unit", "seat": seat, "state": state, "in_game": seat in view.seats,
        "lit": view.lit == seat, "on_turn": on_turn, "must_press": must_press, "in_race": in_race,
        "pressed": any(s == seat for s, _ in view.reactions),
        # an untimed turn has no clock to show; a turn paused (or asleep) shows its clock stopped
        "clock": {"remaining_ms": view.remaining_ms, "limit_ms": view.limit_ms, "running": on_turn}
        if (on_turn or held_turn) and view.limit_ms is not None and view.remaining_ms is not None else None,
        "flash": flash,
    }


def race_message(result, names: list[str], pm: Mapping[int, float], close_call: bool) -> dict[str, Any]:
    """A slap race's result for every phone (it is on the table for all to see):
    each racer's time and ± (ms; None for a key or a bot: exact to a poll), who
    takes cards, and whether the decisive pair was too close to call."""
    def pm_ms(seat):
        value = pm.get(seat)
        return None if value is None or value == float("inf") else round(value * 1000, 1)
    return {"times": [{"seat": s, "name": names[s], "ms": ms, "pm_ms": pm_ms(s)} for s, ms in result.times],
            "losers": list(result.losers), "close_call": close_call}
