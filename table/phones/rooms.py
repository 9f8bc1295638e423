"""A room: who holds which seat, by which connection, proved by which token.

The server gives each socket a connection id and hands every message it gets
to `Room.receive` with the table's time; the room answers with an intent for
the table or a `Refused` reason for the phone, and on a refusal nothing in the
room changes (but the sender's rate-limit bucket, which every message pays
into: a flood of garbage is limited like any other).

A phone that disappears keeps its seat: the seat is only unbound from the
connection, the game's timer goes on, and the same token reclaims it from a
new connection. Tokens are not game randomness: they come from `new_token`
(`secrets.token_urlsafe` unless a test passes its own); the room code is
drawn from the seeded Generator passed in."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Iterable, Mapping

import numpy as np

from table.phones.protocol import Refused, intent_of, read_message

#: Letters nobody misreads or mistypes: no I/L/1, O/Q/0, S/5, Z/2, B/8, G/6.
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY"
CODE_LENGTH = 4
RATE = 20.0  # messages per second a phone may keep sending
BURST = 40  # and all at once after a quiet spell
MAX_NAME = 20


def room_code(rng: np.random.Generator) -> str:
    """A short code to type on a phone: "KMTX"."""
    return "".join(CODE_LETTERS[i] for i in rng.integers(len(CODE_LETTERS), size=CODE_LENGTH))


def new_secret_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Claim:
    name: str
    token: str
    connection: Hashable | None  # None: the phone went away; the seat stays reserved


@dataclass(frozen=True)
class Claimed:
    """A seat is this connection's now; the phone keeps `token` to reclaim it."""
    seat: int
    name: str
    token: str


@dataclass
class Bucket:
    """A token bucket: `level` messages may be sent now; it refills at RATE up to BURST."""
    level: float
    at: float

    def take(self, now: float) -> bool:
        now = max(now, self.at)  # time never runs backwards here either
        self.level, self.at = min(BURST, self.level + (now - self.at) * RATE), now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Room:
    def __init__(self, seats: Iterable[int], rng: np.random.Generator,
                 new_token: Callable[[], str] = new_secret_token) -> None:
        """`seats`: the seats a phone may take (the people's, not the bots')."""
        self.code = room_code(rng)
        self.open_seats = tuple(seats)
        self.new_token = new_token
        self.claims: dict[int, Claim] = {}
        self.buckets: dict[Hashable, Bucket] = {}

    def snapshot(self) -> dict[int, Claim]:
        """The seats and who holds them: what a refusal must leave as it was
        (claims are frozen). The senders' rate-limit buckets are not in it:
        every message pays, refused or not."""
        return dict(self.claims)

    def seat_of(self, connection: Hashable) -> int | None:
        return next((s for s, c in self.claims.items() if c.connection == connection), None)

    # --- the server's calls ----------------------------------------------------------------
    def receive(self, connection: Hashable, raw: bytes | str, now: float,
                moves: Callable[[int], Mapping[str, Any]]):
        """One message from `connection`: a `Claimed`, an intent of
        protocol.py, or `Refused`. `moves(seat)`: the seat's legal moves now."""
        bucket = self.buckets.setdefault(connection, Bucket(BURST, now))
        if not bucket.take(now):
            return Refused("too many messages — slow down")
        data = read_message(raw)
        if isinstance(data, Refused):
            return data
        if data["type"] == "claim":
            return self.claim(connection, data["seat"], data["name"])
        if data["type"] == "reclaim":
            return self.reclaim(connection, data["seat"], data["token"])
        seat = self.seat_of(connection)
        if seat is None:
            return Refused("take a seat first")
        return intent_of(data, seat, moves(seat))

    def disconnect(self, connection: Hashable) -> None:
        """The socket closed: the seat stays reserved for its token."""
        self.buckets.pop(connection, None)
        seat = self.seat_of(connection)
        if seat is not None:
            self.claims[seat] = replace(self.claims[seat], connection=None)

    # --- seats -------------------------------------------------------------------------------
    def claim(self, connection: Hashable, seat: int, name: str) -> Claimed | Refused:
        held = self.seat_of(connection)
        if held is not None:
            return Refused(f"you already hold seat {held + 1}")
        reason = self._seat_problem(seat) or _name_problem(name)
        if reason:
            return reason
        if seat in self.claims:
            return Refused(f"seat {seat + 1} is taken by {self.claims[seat].name} — pick a free seat")
        name = name.strip()
        self.claims[seat] = Claim(name, self.new_token(), connection)
        return Claimed(seat, name, self.claims[seat].token)

    def reclaim(self, connection: Hashable, seat: int, token: str) -> Claimed | Refused:
        """Back after a reconnect: the token proves the seat is this phone's.
        It moves the seat to the new connection even if the old one has not
        closed yet (a phone that switched networks)."""
        held = self.seat_of(connection)
        if held is not None and held != seat:
            return Refused(f"you already hold seat {held + 1}")
        reason = self._seat_problem(seat)
        if reason:
            return reason
        claim = self.claims.get(seat)
        if claim is None:
            return Refused(f"seat {seat + 1} is free — take it instead")
        if not secrets.compare_digest(_raw(claim.token), _raw(token)):
            return Refused(f"that is not the key of seat {seat + 1} — it stays with {claim.name}")
        self.claims[seat] = replace(claim, connection=connection)
        return Claimed(seat, claim.name, claim.token)

    def _seat_problem(self, seat: int) -> Refused | None:
        if seat not in self.open_seats:
            return Refused(f"seat {seat + 1} cannot be taken by a phone at this table")
        return None


def _raw(token: str) -> bytes:
    """A token as bytes for a constant-time compare; a hostile one may hold lone surrogates."""
    return token.encode("utf-8", "surrogatepass")


def _name_problem(name: str) -> Refused | None:
    """Names are shown on the table: printable, and short enough to fit."""
    shown = name.strip()
    if not 0 < len(shown) <= MAX_NAME or not shown.isprintable():
        return Refused(f"a name is 1 to {MAX_NAME} letters, shown on the table")
    return None

