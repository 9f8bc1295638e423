"""A room: who may come in, who holds which seat, by which connection, proved by which token.

The door (`Door`): a phone comes in with the link's long token (the QR code
holds it) or by typing the short code shown on the table, which gives it the
token. Both are new each time phones are switched on and come from `secrets`,
never from the game's seeded Generator. Typed codes are limited per address
(FREE_TRIES wrong ones, then a wait that doubles) and over all addresses
together (ALL_TRIES_RATE), so guessing takes months (README.md has the sums).

The server gives each socket a connection id and hands every message it gets
to `Room.receive` with the table's time; the room answers with an intent for
the table or a `Refused` reason for the phone, and on a refusal nothing in the
room changes (but the sender's rate-limit bucket, which every message pays
into: a flood of garbage is limited like any other).

Seats belong to the table: a phone that disappears keeps its seat for
AWAY_LIMIT seconds (its token takes it back from a new connection), then the
seat is free again; the table can free any seat at once, and a phone can leave
its own. Seat tokens come from `new_token` (`secrets.token_urlsafe` unless a
test passes its own)."""
from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Iterable, Mapping

from haudrauf.phones.protocol import Refused, intent_of, read_message
from haudrauf.words import Message, msg

#: Letters nobody misreads or mistypes: no I/L/1, O/Q/0, S/5, Z/2, B/8, G/6.
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY"
CODE_LENGTH = 6  # 18**6 = 34,012,224 codes
RATE = 20.0  # messages per second a phone may keep sending
BURST = 40  # and all at once after a quiet spell
MAX_NAME = 20
AWAY_LIMIT = 60.0  # s a seat waits for its phone to come back with its key; then it is free again
FREE_TRIES = 5  # wrong codes an address may type before it has to wait
FIRST_WAIT = 1.0  # s: the wait after the next wrong code; each wrong code after it doubles the wait
LONGEST_WAIT = 300.0  # s: the wait grows no longer than this
ALL_TRIES_RATE = 0.5  # codes a second typed from all addresses together, kept up over time
ALL_TRIES_BURST = 20  # and at once after a quiet spell (a family typing, with typos)


def new_code() -> str:
    """A short code to type on a phone: "KMTXPA" (from `secrets`, not the game's seed)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_secret_token() -> str:
    """128 random bits, as URL-safe text."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Claim:
    name: str
    token: str
    connection: Hashable | None  # None: the phone went away; the seat stays reserved
    away_since: float | None = None  # when its phone went away (None: connected)


@dataclass(frozen=True)
class Claimed:
    """A seat is this connection's now; the phone keeps `token` to reclaim it."""
    seat: int
    name: str
    token: str


@dataclass(frozen=True)
class Freed:
    """A seat is free again: its phone left it, the table freed it, or its phone stayed away too long."""
    seat: int
    name: str

    def slots(self) -> dict[str, object]:
        """Its values for a sentence that says so: the name, and the seat as players count (from 1)."""
        return {"name": self.name, "seat": self.seat + 1}


@dataclass
class Bucket:
    """A token bucket: `level` messages may be sent now; it refills at `rate` up to `burst`."""
    level: float
    at: float
    rate: float = RATE
    burst: float = BURST

    def take(self, now: float) -> bool:
        now = max(now, self.at)  # time never runs backwards here either
        self.level, self.at = min(self.burst, self.level + (now - self.at) * self.rate), now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@dataclass
class Tries:
    """One address's wrong codes in a row, and until when it must wait."""
    wrong: int = 0
    until: float = -math.inf


class Door:
    """Who gets in: the link's token, or the typed code (limited) that gives it."""

    def __init__(self, new_token: Callable[[], str] = new_secret_token,
                 new_code: Callable[[], str] = new_code) -> None:
        self.new_token, self.new_code = new_token, new_code
        self.renew()

    def renew(self) -> None:
        """A new token and code (phones switched on): the old link and code open nothing."""
        self.token, self.code = self.new_token(), self.new_code()
        self.tries: dict[str, Tries] = {}
        self.all_tries = Bucket(ALL_TRIES_BURST, -math.inf, ALL_TRIES_RATE, ALL_TRIES_BURST)  # full at the first try

    def opens(self, token: str) -> bool:
        return secrets.compare_digest(_raw(token), _raw(self.token))

    def try_code(self, address: str, typed: str, now: float) -> str | None:
        """The token if `typed` is the code and `address` may try now; None
        otherwise — the same None for a wrong code and for any code while the
        address waits or every address has tried too often."""
        tries = self.tries.get(address, Tries())
        if now < tries.until or not self.all_tries.take(now):
            return None
        if secrets.compare_digest(_raw(_typed_code(typed)), _raw(self.code)):
            self.tries.pop(address, None)
            return self.token
        tries.wrong += 1
        if tries.wrong >= FREE_TRIES:
            tries.until = now + min(LONGEST_WAIT, FIRST_WAIT * 2 ** (tries.wrong - FREE_TRIES))
        self.tries[address] = tries
        return None


def _typed_code(typed: str) -> str:
    """A code as a person types it: any case, with spaces or dashes."""
    return "".join(ch for ch in typed[:64].upper() if ch not in " -")


class Room:
    def __init__(self, seats: Iterable[int], new_token: Callable[[], str] = new_secret_token,
                 why_not: Callable[[int], Message | None] = lambda seat: None, door: Door | None = None) -> None:
        """`seats`: the seats a phone may ever hold (the unit's six). `why_not(seat)`:
        why a phone cannot take `seat` in the game now ("a bot plays it"), or None."""
        self.door = door or Door()
        self.open_seats = tuple(seats)
        self.new_token = new_token
        self.why_not = why_not
        self.claims: dict[int, Claim] = {}
        self.buckets: dict[Hashable, Bucket] = {}

    def open(self, now: float) -> None:
        """Phones switched on: a new link and code; a seat whose phone is away
        has its full AWAY_LIMIT again, to come back through the new door."""
        self.door.renew()
        for seat, claim in self.claims.items():
            if claim.connection is None:
                self.claims[seat] = replace(claim, away_since=now)

    def snapshot(self) -> dict[int, Claim]:
        """The seats and who holds them: what a refusal must leave as it was
        (claims are frozen). The senders' rate-limit buckets are not in it:
        every message pays, refused or not."""
        return dict(self.claims)

    def seat_of(self, connection: Hashable) -> int | None:
        return next((s for s, c in self.claims.items() if c.connection == connection), None)

    def why_taken(self, seat: int) -> Message | str | None:
        """Why a phone choosing a seat cannot take `seat` now, in a few words, or None: it is free."""
        return msg("taken") if seat in self.claims else self.why_not(seat)

    # --- the server's calls ----------------------------------------------------------------
    def receive(self, connection: Hashable, raw: bytes | str, now: float,
                moves: Callable[[int], Mapping[str, Any]]):
        """One message from `connection`: a `Claimed`, a `Freed` (it left its
        seat), an intent of protocol.py (a `PhoneLanguage` from any phone), or `Refused`. `moves(seat)`: the seat's
        legal moves now."""
        bucket = self.buckets.setdefault(connection, Bucket(BURST, now))
        if not bucket.take(now):
            return Refused(msg("too many messages — slow down"))
        data = read_message(raw)
        if isinstance(data, Refused):
            return data
        if data["type"] == "claim":
            return self.claim(connection, data["seat"], data["name"])
        if data["type"] == "reclaim":
            return self.reclaim(connection, data["seat"], data["token"])
        seat = self.seat_of(connection)
        if data["type"] == "language":  # the reader's, seated or still choosing
            return intent_of(data, seat, {})
        if seat is None and data["type"] == "pong":  # a ping answered as its seat went: the clock is the socket's
            return intent_of(data, data["seat"], {})
        if seat is None:
            return Refused(msg("take a seat first"))
        if data["type"] == "leave":
            return self.leave(connection, data["seat"])
        return intent_of(data, seat, moves(seat))

    def disconnect(self, connection: Hashable, now: float) -> None:
        """The socket closed: the seat stays reserved for its token, for AWAY_LIMIT seconds."""
        self.buckets.pop(connection, None)
        seat = self.seat_of(connection)
        if seat is not None:
            self.claims[seat] = replace(self.claims[seat], connection=None, away_since=now)

    # --- seats -------------------------------------------------------------------------------
    def claim(self, connection: Hashable, seat: int, name: str) -> Claimed | Refused:
        held = self.seat_of(connection)
        if held is not None:
            return Refused(msg("you already hold seat {seat}", seat=held + 1))
        reason = self._seat_problem(seat) or _name_problem(name)
        if reason:
            return reason
        if seat in self.claims:
            return Refused(msg("seat {seat} is taken by {name} — pick a free seat", seat=seat + 1,
                               name=self.claims[seat].name))
        why = self.why_not(seat)
        if why:
            return Refused(msg("seat {seat} is not free: {why} — pick a free seat", seat=seat + 1, why=why))
        name = name.strip()
        self.claims[seat] = Claim(name, self.new_token(), connection)
        return Claimed(seat, name, self.claims[seat].token)

    def reclaim(self, connection: Hashable, seat: int, token: str) -> Claimed | Refused:
        """Back after a reconnect: the token proves the seat is this phone's.
        It moves the seat to the new connection even if the old one has not
        closed yet (a phone that switched networks)."""
        held = self.seat_of(connection)
        if held is not None and held != seat:
            return Refused(msg("you already hold seat {seat}", seat=held + 1))
        reason = self._seat_problem(seat)
        if reason:
            return reason
        claim = self.claims.get(seat)
        if claim is None:
            return Refused(msg("seat {seat} is free — take it instead", seat=seat + 1))
        if not secrets.compare_digest(_raw(claim.token), _raw(token)):
            return Refused(msg("that is not the key of seat {seat} — it stays with {name}", seat=seat + 1,
                               name=claim.name))
        self.claims[seat] = replace(claim, connection=connection, away_since=None)
        return Claimed(seat, claim.name, claim.token)

    def leave(self, connection: Hashable, seat: int) -> Freed | Refused:
        """The phone gives its seat back."""
        held = self.seat_of(connection)
        if held != seat:
            return Refused(msg("your phone holds seat {held}, not seat {seat}", held=held + 1, seat=seat + 1))
        return self.free(seat)

    def free(self, seat: int) -> Freed | None:
        """The seat is free again, whoever held it (the table's say); None if it was."""
        claim = self.claims.pop(seat, None)
        return None if claim is None else Freed(seat, claim.name)

    def expire(self, now: float) -> list[Freed]:
        """The seats whose phones have been away AWAY_LIMIT seconds, freed."""
        gone = [seat for seat, claim in self.claims.items()
                if claim.away_since is not None and now - claim.away_since >= AWAY_LIMIT]
        return [self.free(seat) for seat in gone]

    def _seat_problem(self, seat: int) -> Refused | None:
        if seat not in self.open_seats:
            return Refused(msg("seat {seat} cannot be taken by a phone at this table", seat=seat + 1))
        return None


def _raw(token: str) -> bytes:
    """A token as bytes for a constant-time compare; a hostile one may hold lone surrogates."""
    return token.encode("utf-8", "surrogatepass")


def _name_problem(name: str) -> Refused | None:
    """Names are shown on the table: printable, and short enough to fit."""
    shown = name.strip()
    if not 0 < len(shown) <= MAX_NAME or not shown.isprintable():
        return Refused(msg("a name is 1 to {most} letters, shown on the table", most=MAX_NAME))
    return None

