"""What a phone may say — checked before anything is looked up. (What a phone
is told is built below, in play/phone_view.py.)

`parse_intent` turns one raw message into an intent or a `Refused` reason.
A language code is untrusted too: any tag we do not speak means English.
Every phone message is untrusted: size, encoding, JSON, fields and their
types are checked before anything is looked up, and a move must be one of the
seat's legal moves right now.

Wire times are the phone's `performance.now()` in milliseconds; intents carry
seconds (the clock-sync module's unit). No pygame, no network here."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from haudrauf.play.language import ALIASES, DEFAULT, LANGUAGES
from haudrauf.words import Message, msg

MAX_BYTES = 4096  # a phone's message is a few dozen bytes; anything near this is not a phone
MAX_STAMP_MS = 1e12  # performance.now() of a tab open for 30 years
BUTTONS = ("seat", "hau_drauf")


@dataclass(frozen=True)
class Refused:
    """Why a message was refused: in a person's words (a `Message`, read in the phone's
    language) where a person's phone could send it; in plain English where only a broken
    or hostile page would (not JSON, wrong fields)."""
    reason: Message | str


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
class PhoneLanguage:
    """The language a phone's reader chose (its browser's, or the page's picker): a code we speak."""
    code: str


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
    "language": {"code": "text"},  # the reader's language, seated or not
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


def spoken(code: str) -> str:
    """A phone's language tag as a language we speak ("de-AT" → "de", "no" → "nb"); English for any other."""
    primary = code[:MAX_TEXT].replace("_", "-").split("-")[0].lower()
    primary = ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else DEFAULT


def intent_of(data: dict[str, Any], seat: int | None, moves: Mapping[str, Any]):
    """A message already read by `read_message`, as an intent of `seat` (a
    language is anyone's, seated or not)."""
    kind = data["type"]
    if kind == "language":
        return PhoneLanguage(spoken(data["code"]))
    if kind in ROOM_TYPES:
        return Refused(msg("you already hold seat {seat}", seat=seat + 1) if kind != "leave" else
                       msg("only the room frees a seat"))
    if data["seat"] != seat:
        return Refused(msg("your phone holds seat {held}, not seat {seat}", held=seat + 1, seat=data["seat"] + 1))
    if kind == "pong":
        return PhonePong(seat, data["ping"], data["t1"] / 1000, data["t2"] / 1000)
    stamp = data["t"] / 1000
    if kind == "press":
        if data["button"] not in BUTTONS:
            return Refused(msg("there is no such button: press your seat button or HAU DRAUF"))
        return PhonePress(seat, data["button"], stamp)
    action = moves.get(data["move"])
    if action is None:
        return Refused(msg("that move is not open to you now — choose one of the moves shown"))
    return PhoneMove(seat, data["move"], action, stamp)
