"""What a phone is told, and what a phone may say — as plain JSON-able data.

Told: `table_offer` builds one seat's message from the engine's own seat view
(`state.table_view(seat)`): the seat's hand, its legal moves (opaque ids it can send
back, with labels), the prompt, its last refusal, and public table info.
`unit_message` does the same for unit mode from a `UnitView`. Nothing else
goes in, so nothing another seat may not see can leave the host: a card face
is only ever sent beside its card id, and only for cards the view shows.

Said: `parse_intent` turns one raw message into an intent or a `Refused`
reason. Every phone message is untrusted: size, encoding, JSON, fields and
their types are checked before anything is looked up, and a move must be one
of the seat's legal moves right now.

Wire times are the phone's `performance.now()` in milliseconds; intents carry
seconds (the clock-sync module's unit). No pygame, no network here."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from haudrauf.engine.core import CardView, GameState, PileView
from haudrauf.engine.core.codec import encode

MAX_BYTES = 4096  # a phone's message is a few dozen bytes; anything near this is not a phone
MAX_STAMP_MS = 1e12  # performance.now() of a tab open for 30 years
BUTTONS = ("seat", "hau_drauf")


# --- what a phone is told ------------------------------------------------------------

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


def table_offer(state: GameState, seat: int, names: list[str], refusal: str = "", unit=None,
                why: Callable[[int, str], str] | None = None) -> TableOffer:
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
        "press": seat in view.press, "your_turn": seat in waiting_for, "waiting_for": list(waiting_for),
        "seats": [{"seat": s.seat, "name": s.name, "cards": s.hand.count, "score": s.score, "status": s.status,
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


# --- what a phone may say ------------------------------------------------------------

@dataclass(frozen=True)
class Refused:
    reason: str


@dataclass(frozen=True)
class PhoneMove:
    """A legal move chosen on the phone; `action` is the engine's move it stands for."""
    seat: int
    move_id: str
    action: Any
    phone_stamp: float  # seconds on the phone's clock


@dataclass(frozen=True)
class PhonePress:
    """A button on the phone's unit screen: its seat button or HAU DRAUF."""
    seat: int
    button: str  # "seat" or "hau_drauf"
    phone_stamp: float


@dataclass(frozen=True)
class PhonePong:
    """A phone's answer to the host's clock ping `ping` (see clock_sync.py)."""
    seat: int
    ping: int
    t1: float  # seconds on the phone's clock: ping received
    t2: float  # answer sent


#: Each message type and its fields, with what each must be. Exactly these fields, no others.
SCHEMAS: dict[str, dict[str, str]] = {
    "move": {"seat": "seat", "move": "text", "t": "stamp"},
    "press": {"seat": "seat", "button": "text", "t": "stamp"},
    "pong": {"seat": "seat", "ping": "count", "t1": "stamp", "t2": "stamp"},
    "claim": {"seat": "seat", "name": "text"},
    "reclaim": {"seat": "seat", "token": "text"},
    "leave": {"seat": "seat"},  # give the seat back: it is free again
}
ROOM_TYPES = ("claim", "reclaim", "leave")
MAX_TEXT = 64


def _field_problem(kind: str, value) -> str | None:
    """What is wrong with a field's value, in words, or None."""
    if kind in ("seat", "count"):
        if type(value) is not int or not 0 <= value < 2**31:
            return "must be a whole number"
    elif kind == "stamp":
        if type(value) not in (int, float) or not 0 <= value <= MAX_STAMP_MS:  # NaN fails the range too
            return "must be a time in milliseconds"
    elif type(value) is not str or not 0 < len(value) <= MAX_TEXT:
        return f"must be text of 1 to {MAX_TEXT} characters"
    return None


def _unique_keys(pairs: list) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) < len(keys):
        raise ValueError("a field is given twice")
    return dict(pairs)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number")


def read_message(raw: bytes | str) -> dict[str, Any] | Refused:
    """A raw message as a well-formed dict of a known type, or why not. Size is
    checked before anything is decoded, so a huge message costs nothing."""
    if not isinstance(raw, (bytes, str)):
        return Refused("the message is not text")
    if len(raw) > MAX_BYTES or (isinstance(raw, str) and len(raw.encode("utf-8", "replace")) > MAX_BYTES):
        return Refused(f"the message is too long (at most {MAX_BYTES} bytes)")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Refused("the message is not readable (not JSON)")
    if not isinstance(data, dict):
        return Refused("the message is not readable (not a JSON object)")
    kind = data.get("type")
    if kind not in SCHEMAS:
        return Refused(f"unknown message type {str(kind)[:MAX_TEXT]!r}")
    schema = SCHEMAS[kind]
    fields = set(data) - {"type"}
    if fields != set(schema):
        wanted = ", ".join(sorted(schema))
        return Refused(f"a {kind} message has the wrong fields (it takes type, {wanted})")
    for name, kind_of in schema.items():
        problem = _field_problem(kind_of, data[name])
        if problem:
            return Refused(f"in a {kind} message, {name} {problem}")
    return data


def parse_intent(raw: bytes | str, seat: int, moves: Mapping[str, Any]):
    """A game message from the phone holding `seat`, as a `PhoneMove`,
    `PhonePress` or `PhonePong`, or `Refused` with why. `moves`: the seat's
    legal moves now (`TableOffer.moves`; empty in unit mode). Room messages
    (claim, reclaim, leave) are refused here: they go to the room (rooms.py)."""
    data = read_message(raw)
    if isinstance(data, Refused):
        return data
    return intent_of(data, seat, moves)


def intent_of(data: dict[str, Any], seat: int, moves: Mapping[str, Any]):
    """A message already read by `read_message`, as an intent of `seat`."""
    kind = data["type"]
    if kind in ROOM_TYPES:
        return Refused(f"you already hold seat {seat + 1}" if kind != "leave" else "only the room frees a seat")
    if data["seat"] != seat:
        return Refused(f"your phone holds seat {seat + 1}, not seat {data['seat'] + 1}")
    if kind == "pong":
        return PhonePong(seat, data["ping"], data["t1"] / 1000, data["t2"] / 1000)
    stamp = data["t"] / 1000
    if kind == "press":
        if data["button"] not in BUTTONS:
            return Refused("there is no such button: press your seat button or HAU DRAUF")
        return PhonePress(seat, data["button"], stamp)
    action = moves.get(data["move"])
    if action is None:
        return Refused("that move is not open to you now — choose one of the moves shown")
    return PhoneMove(seat, data["move"], action, stamp)
