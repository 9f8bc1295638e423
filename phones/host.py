"""The phones beside the table's main loop: the room, the server, what each
seat's phone is told, and what the phones say turned into the table's intents.

The app owns one `PhoneHost` while phones are on (a menu button, or
`--phones`), for the whole run: one room, so a seat's key survives from one
game to the next. Each frame the app calls `step()` and hands the intents it
returns to the game's scene exactly as it hands over keys and touches — a
`RemotePress` (the seat button or HAU DRAUF on a phone) or a `RemoteMove` (a
legal move chosen on a phone), each at the moment it happened on the host's
clock (the phone's stamp, corrected by the clock sync) — and then `publish()`,
which sends each seat's phone its view when it changed. That view is built in
play/phone_seat.py (the scene hands over its game); the host only sends it.

No pygame here: the table's scenes import this, not the other way round."""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from haudrauf.device.clock import Clock
from haudrauf.phones.protocol import PhoneMove, PhonePress
from haudrauf.play.phone_view import View, said_in
from haudrauf.phones.rooms import Claimed, Room
from haudrauf.phones.server import Arrival, Left, PhoneServer
from haudrauf.words import Message, msg

SEATS = 6  # the unit's six buttons: a phone may hold any of them
MAX_HOLD = 0.3  # s: a phone slower than this is not waited for in a race (its press counts when it comes)
FAIR_PM = 0.050  # s: a phone whose presses are less sure than ± this is told it is too slow to race fairly
TOO_SLOW = msg("Your connection is too slow to race fairly: your presses may count late. "
               "Move closer to the Wi-Fi, or play on the table's screen.")
RESEND_S = 1.0  # a running turn clock is corrected this often (the phone runs it down in between)


@dataclass(frozen=True)
class RemotePress:
    """A seat button or HAU DRAUF pressed on a phone; `t` on the host's clock,
    ± `uncertainty` seconds (inf: the phone had not answered a ping yet)."""
    seat: int
    button: str  # "seat" or "hau_drauf"
    t: float
    uncertainty: float


@dataclass(frozen=True)
class RemoteMove:
    """A legal move chosen on a phone (`action` is the engine's move), at `t` ± `uncertainty`."""
    seat: int
    action: Any
    t: float
    uncertainty: float


@dataclass(frozen=True)
class PhoneJoined:
    seat: int
    name: str


@dataclass(frozen=True)
class PhoneLeft:
    """A seat's phone went away (`why` None: the seat waits for it a while), or
    the seat is free again (`why`: what happened, in words for the table)."""
    seat: int
    why: Message | None = None


@dataclass(frozen=True)
class PhoneStatus:
    """One seat's phone, for the host's phones panel."""
    seat: int
    name: str
    connected: bool
    uncertainty_ms: float | None  # how sure its presses are now, ± (None: no answer yet; clock_sync.race_bound)
    address: str | None = None  # the phone's network address (None: away)
    too_slow: bool = False  # that ± is wider than the host's `fair_pm`: it is told it cannot race fairly


def steady(message: dict[str, Any]) -> str:
    """A message as text without the running clock's milliseconds, to tell a
    real change from the clock running down (the phone runs it down itself)."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "remaining_ms"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return json.dumps(strip(message), sort_keys=True)


def clock_running(message: dict[str, Any]) -> bool:
    unit = message.get("unit") if message.get("type") == "table" else message
    clock = unit.get("clock") if isinstance(unit, dict) else None
    return isinstance(clock, dict) and clock.get("running", False)


class PhoneHost:
    def __init__(self, clock: Clock, seats: int = SEATS,
                 seat_names: Callable[[], list[str] | None] = lambda: None,
                 card_art: Callable[[str, str], bytes | None] | None = None,
                 why_not: Callable[[int], Message | None] = lambda seat: None, fair_pm: float = FAIR_PM) -> None:
        """`seat_names()`: the game's names for its seats now (the join page shows
        them); `card_art(face, lang)`: a card's picture, its words in the phone's language (the table paints it: no pygame here);
        `why_not(seat)`: why a phone cannot take the seat in the game now, or None;
        `fair_pm`: the widest ± (s) a phone may race with before it is told it is too slow."""
        self.clock = clock
        self.fair_pm = fair_pm
        self.room = Room(range(seats), why_not=why_not)
        self.server = PhoneServer(self.room, clock, moves=lambda seat: self.offers.get(seat, {}),
                                  seat_names=seat_names, card_art=card_art)
        self.offers: dict[int, Mapping[str, Any]] = {}  # seat → the moves its phone was last offered
        self.sent: dict[int, tuple[str, float]] = {}  # seat → (what it was last sent, steady; when)

    # --- the app's calls ------------------------------------------------------------------------
    def start(self, host: str, port: int = 0) -> int:
        """Listen on `host`, `port` (0: any free one) with a new link and code; returns the port."""
        self.room.open(self.clock.now())
        return self.server.start(host, port)

    def stop(self) -> None:
        self.server.stop()
        self.sent.clear()

    @property
    def running(self) -> bool:
        return self.server.loop is not None

    @property
    def code(self) -> str:
        """The code a person types on the page at `address()`."""
        return self.room.door.code

    def address(self) -> str:
        return self.server.address()

    def join_url(self) -> str:
        """The address with the link's token: the QR code holds it."""
        return self.server.join_url()

    def qr_matrix(self) -> list[list[bool]]:
        return self.server.qr_matrix()

    def wait(self, seconds: float) -> bool:
        """Spend the frame's idle time listening: returns as soon as a phone
        speaks (True) or when the time is up (False)."""
        self.server.step(wait=max(0.0, seconds))
        return bool(self.server.arrivals)

    def step(self) -> list:
        """The frame's intents from the phones, oldest first (a seat freed because
        its phone stayed away too long among them); the phones choosing a seat see
        the seat list as it is now."""
        self.server.step()
        self.server.free_the_long_gone()
        self.server.offer_seats()
        return [intent for intent in map(self._intent, self.server.take_intents()) if intent is not None]

    def publish(self, now: float, view_of: Callable[[int], View]) -> None:
        """Send every seat with a phone its view, in that phone's language, if it changed (or
        its language did; a running turn clock: again every RESEND_S, so the phone's own
        countdown stays right)."""
        for seat, claim in self.room.claims.items():
            if claim.connection is None:
                continue
            message, moves = view_of(seat)
            message = said_in({**message, "too_slow": TOO_SLOW if self._too_slow(self._race_bound(seat)) else ""},
                              self.server.language_of(seat))
            self.offers[seat] = moves
            key = steady(message)
            last = self.sent.get(seat)
            if last is None or last[0] != key or (clock_running(message) and now - last[1] >= RESEND_S):
                if self.server.send(seat, message):
                    self.sent[seat] = (key, now)

    def free(self, seat: int) -> bool:
        """The table frees `seat` (the Phones panel): its phone goes back to the seat list."""
        return self.server.free(seat)

    def holds(self, seat: int) -> bool:
        """Whether a phone holds `seat` now (connected or away for a moment)."""
        return seat in self.room.claims

    def name(self, seat: int) -> str | None:
        claim = self.room.claims.get(seat)
        return claim.name if claim else None

    def race_hold(self, seats) -> float:
        """How long a slap race's presses are held so a phone's press, which
        arrives after it happened, is still taken in time order: a press is
        never placed more than its phone's fastest round trip before it arrived
        (`PhoneClock.place_press`), so the longest of the racing seats' phones'
        fastest round trips, capped."""
        trips = [trip for seat in seats if (trip := self._fastest_trip(seat)) is not None]
        return min(MAX_HOLD, max(trips)) if trips else 0.0

    def status(self) -> list[PhoneStatus]:
        out = []
        for seat, claim in sorted(self.room.claims.items()):
            phone = self.server.phone_of(seat)
            bound = self._race_bound(seat)
            out.append(PhoneStatus(seat, claim.name, phone is not None, None if bound is None else bound * 1000,
                                   phone.address if phone else None, self._too_slow(bound)))
        return out

    # --- inside ------------------------------------------------------------------------------------
    def _synced_clock(self, seat: int):
        phone = self.server.phone_of(seat)
        return phone.clock if phone and phone.clock.samples else None

    def _fastest_trip(self, seat: int) -> float | None:
        clock = self._synced_clock(seat)
        return clock.fastest_trip() if clock else None

    def _race_bound(self, seat: int) -> float | None:
        clock = self._synced_clock(seat)
        return clock.race_bound() if clock else None

    def _too_slow(self, bound: float | None) -> bool:
        return bound is not None and bound > self.fair_pm

    def _intent(self, arrival: Arrival):
        intent = arrival.intent
        if isinstance(intent, Claimed):
            self.sent.pop(intent.seat, None)  # a phone (back) on its seat: send it its view
            return PhoneJoined(intent.seat, intent.name)
        if isinstance(intent, Left):
            self.sent.pop(intent.seat, None)
            return PhoneLeft(intent.seat, intent.why)
        # placed by the server within what the host saw (clock_sync.place_press); unsynced: at arrival, ± unknown
        t, pm = arrival.stamp if arrival.stamp else (arrival.received, math.inf)
        if isinstance(intent, PhonePress):
            return RemotePress(intent.seat, intent.button, t, pm)
        if isinstance(intent, PhoneMove):
            return RemoteMove(intent.seat, intent.action, t, pm)
        return None
