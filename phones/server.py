"""The phones' web server: the client page, its two files, the card pictures and one websocket.

Single owner: the pygame loop owns the unit and the game, and this server
never touches either. It runs on its own asyncio event loop that the main loop
steps once a frame (`step()`: a few rounds of the loop, each polling the
sockets without waiting), so no thread ever runs beside the rules and a test
drives it exactly, on a fake clock, with no sleeps. Why not a process: it would
need its own copy of the room and a pipe for every intent and view, for no
gain — a frame's few websocket messages cost microseconds, and the stepped
loop hands a press to the main loop in the same frame it is read.

Who gets in (`_admit`, `_join`, `_socket`): only requests naming this host
(its address and port, or localhost/127.0.0.1 with the port) in `Host` and,
when a browser sends one, `Origin`; a socket only with the link's token, which
a phone gets from the QR code or by typing the table's code into the page
(`POST /join`, limited by rooms.Door). Every refusal there is the same 403
with the same words, so no probe tells a right code from a wrong one.

What crosses over, both ways plain data: `take_intents()` gives the frame's
accepted intents (`Arrival`: the intent, the host time it was read and the
phone's stamp on the host's clock); `send(seat, message)` queues a message for
that seat's phone. Everything a phone says goes through the room (rooms.py)
and protocol.py; a refusal goes back to that phone only, and nothing a phone
sends can stop the server. It listens only between `start()` and `stop()`."""
from __future__ import annotations

import asyncio
import io
import itertools
import json
import re
import socket
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from time import perf_counter
from typing import Any, BinaryIO, Callable, Mapping

import segno
from aiohttp import WSMsgType, web

from haudrauf.device.clock import Clock
from haudrauf.play.clock_sync import BadSample, HostTime, PhoneClock
from haudrauf.play.language import LANGUAGES, Language
from haudrauf.play.phone_view import said_in
from haudrauf.phones.gate import MAX_CONNECTIONS_PER_ADDRESS, REQUEST_S, Gate
from haudrauf.phones.page_words import page_words
from haudrauf.phones.protocol import MAX_BYTES, PhoneLanguage, PhoneMove, PhonePong, PhonePress, Refused, spoken
from haudrauf.phones.rooms import Claim, Claimed, Freed, Room
from haudrauf.words import Message, msg

CLIENT_FILES = {"/phone.js": ("phone.js", "text/javascript"), "/words.js": ("words.js", "text/javascript"),
                "/phone.css": ("phone.css", "text/css")}
#: A card face as a picture's address: the engine's face strings ("uno/red/7", "std/Q/hearts"), nothing else —
#: no dots, so no way out of /card/, and short.
FACE = re.compile(r"[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*")
MAX_FACE = 64
#: A face's picture never changes while the table runs: a phone fetches each one once.
CARD_CACHE = "public, max-age=86400, immutable"
PAINT_BUDGET = 0.004  # s of a step spent painting card pictures (one new one costs ~8 ms); the rest wait
MAX_PER_ADDRESS = 8  # phones from one address: a household behind one router, not a flood
ROUNDS_PER_STEP = 6  # loop rounds a frame: enough to read a message and hand it over in the same frame
#: Every refusal at the door, whatever its reason (a wrong code or token, a code while an address waits,
#: a socket request that is no websocket, a strange Host or Origin): nothing here tells them apart.
NOT_LET_IN = "Not let in. Scan the QR code on the table's screen, or type the code shown there."
MAX_CODE_BYTES = 64  # a typed code is six letters; the rest of a longer body is never read


@dataclass(frozen=True)
class Left:
    """A seat's phone went away (`why` None: the seat stays reserved for its
    token a while), or the seat is free again (`why`: in words, for the table)."""
    seat: int
    why: Message | None = None


@dataclass(frozen=True)
class Arrival:
    """One accepted intent for the main loop: a `PhoneMove`, `PhonePress`,
    `Claimed` (a phone took or took back a seat: send it its view) or `Left`.
    `received`: host time it was read; `stamp`: the phone's own stamp on the
    host's clock, ± (`PhoneClock.place_press`: never after `received`, nor
    earlier than its fastest round trip before it; None until the phone has
    answered a ping, or unstamped)."""
    intent: PhoneMove | PhonePress | Claimed | Left
    received: float
    stamp: HostTime | None = None


class Phone:
    """One open websocket: its connection id, its reader's language, its clock estimate, its outbox."""

    def __init__(self, ident: int, address: str, ws: web.WebSocketResponse, language: Language) -> None:
        self.ident = ident
        self.address = address
        self.ws = ws
        self.language = language
        self.clock = PhoneClock()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()

    def tell(self, message: dict[str, Any] | None) -> None:
        """Queue a message (None: close the socket after what is queued), its
        words in the phone's language. It is encoded now, so a message that is
        not JSON fails at its sender's line."""
        self.outbox.put_nowait(None if message is None else json.dumps(said_in(message, self.language)))

    async def write(self) -> None:
        """Send the outbox in order, until the socket closes (None in the outbox closes it)."""
        while not self.ws.closed:
            message = await self.outbox.get()
            try:
                if message is None:
                    await self.ws.close()
                    return
                await self.ws.send_str(message)
            except (ConnectionError, RuntimeError):
                return  # the phone went away mid-send; the reader notices and tidies up


def lan_address() -> str:
    """This machine's address on the local network, found without the internet:
    "connecting" a UDP socket sends nothing, but picks the interface a private
    address would be reached by. No network (or no file to spare): the loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def not_let_in() -> web.Response:
    return web.Response(status=403, text=NOT_LET_IN)


def client_file(name: str) -> bytes:
    return resources.files("haudrauf.phones").joinpath("client", name).read_bytes()


class PhoneServer:
    def __init__(self, room: Room, clock: Clock, moves: Callable[[int], Mapping[str, Any]] = lambda seat: {},
                 max_per_address: int = MAX_PER_ADDRESS,
                 seat_names: Callable[[], list[str] | None] = lambda: None,
                 card_art: Callable[[str, str], bytes | None] | None = None, request_s: float = REQUEST_S,
                 max_connections: int | None = None,
                 max_connections_per_address: int = MAX_CONNECTIONS_PER_ADDRESS) -> None:
        """`moves(seat)`: the seat's legal moves now (`TableOffer.moves`; empty in unit mode).
        `seat_names()`: each seat's name at the table now (None: none yet), so a
        phone picks "Seat 2 · Bo", not a bare number. `card_art(face)`: a face's
        PNG, or None for a face no game has (table/faces/png.py; the server
        imports no pygame). Without it, card pictures are 404 and the page
        shows the face's words. `request_s`, `max_connections` (None: a
        share of the open-file limit), `max_connections_per_address`: the
        gate's limits (gate.py)."""
        self.room = room
        self.clock = clock
        self.moves = moves
        self.seat_names = seat_names
        self.card_art = card_art
        self.max_per_address = max_per_address
        self.gate = Gate(clock.now, request_s, max_connections, max_connections_per_address)
        self.listener: asyncio.AbstractServer | None = None
        self.shown = ""  # the host part of the join address, found once when it starts
        self.own_hosts: frozenset[str] = frozenset()  # the `Host` values that name this server, set when it starts
        self.loop: asyncio.AbstractEventLoop | None = None
        self.runner: web.AppRunner | None = None
        self.host = ""
        self.port = 0
        self.phones: dict[int, Phone] = {}
        self.arrivals: list[Arrival] = []
        self.arrived: asyncio.Event | None = None  # set when an intent arrives during `step(wait)`
        self.next_ident = itertools.count(1)
        self.steps = 0  # steps run
        self.painted_in = -1  # the step card pictures were last made in
        self.painting = 0.0  # seconds spent making them in that step
        self.stepped: asyncio.Event | None = None  # set when a step starts, for the pictures waiting their turn
        self.offered = ""  # the seat list the choosing phones were last told, as text

    # --- the main loop's calls -----------------------------------------------------------------
    def start(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Listen on `host` (all of the local network by default); port 0 takes a
        free one. Returns the port listened on."""
        if self.loop is not None:
            raise RuntimeError("the phone server is already running")
        self.shown = lan_address() if host in ("0.0.0.0", "") else host  # once: the panel draws it every frame
        self.loop = asyncio.new_event_loop()
        app = web.Application(middlewares=[self.gate.answering, self._admit])
        app.router.add_get("/", self._page)
        app.router.add_post("/join", self._join)
        for path in CLIENT_FILES:
            app.router.add_get(path, self._client_file)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/card/{face:.*}", self._card)
        app.router.add_get("/words/{code}.json", self._words)
        self.runner = web.AppRunner(app, access_log=None)
        self.loop.run_until_complete(self.runner.setup())
        try:  # every connection through the gate, then aiohttp's own handler
            self.listener = self.loop.run_until_complete(
                self.loop.create_server(self.gate.protocol(self.runner.server), host, port))
        except OSError:  # the port is taken, or no such address here: nothing is left listening
            self.stop()
            raise
        self.host = host
        self.port = self.listener.sockets[0].getsockname()[1]
        names = {self.shown, "localhost", "127.0.0.1"}  # its address and port, and the loopback's names
        plain = names if self.port == 80 else set()  # a browser leaves out the default port
        self.own_hosts = frozenset({f"{n}:{self.port}" for n in names} | plain)
        return self.port

    def step(self, wait: float = 0.0) -> None:
        """Once a frame: ping the phones that need it, then let the server read
        and write for a few rounds without waiting for anything. `wait`: the
        frame's idle time, spent waiting for a phone instead of sleeping — the
        step returns as soon as an intent arrives, so a press reaches the main
        loop as it comes, not at the next frame."""
        if self.loop is None:
            return
        self.steps += 1
        if self.stepped is not None:
            self.stepped.set()
            self.stepped = None
        self._send_pings()
        for _ in range(ROUNDS_PER_STEP):
            self.loop.stop()
            self.loop.run_forever()
        if wait > 0 and not self.arrivals:
            self.loop.run_until_complete(self._until_arrival(wait))
        self.gate.expire()

    def take_intents(self) -> list[Arrival]:
        """The intents accepted since the last call, oldest first."""
        arrivals, self.arrivals = self.arrivals, []
        return arrivals

    def language_of(self, seat: int) -> Language:
        """The language of the phone holding `seat` (English while none does)."""
        phone = self.phone_of(seat)
        return phone.language if phone else Language()

    def send(self, seat: int, message: dict[str, Any]) -> bool:
        """Queue `message` for `seat`'s phone, its words in that phone's language; False when no
        phone holds it now (send it its view again when it comes back: an `Arrival` of `Claimed`)."""
        phone = self.phone_of(seat)
        if phone is None:
            return False
        phone.tell(message)
        return True

    def stop(self) -> None:
        """Close every socket and stop listening. The room keeps its seats."""
        if self.loop is None:
            return
        try:
            self.loop.run_until_complete(self._shut_down())
        finally:  # whatever failed on the way, nothing is left listening or open, and the server is stopped
            if self.listener is not None:
                self.listener.close()
            self.gate.close_all()
            self.loop.stop()
            self.loop.run_forever()  # one round: the connections cut close their files
            self.loop.close()
            self.loop, self.runner, self.listener, self.phones, self.arrived, self.stepped = \
                None, None, None, {}, None, None

    def address(self) -> str:
        """The plain address to type on a phone (its page then asks for the code)."""
        return f"http://{self.shown}:{self.port}/"

    def join_url(self) -> str:
        """The address a phone opens with the link's token: the QR code holds it
        (after #, so it is never sent in a request line or a log)."""
        return f"{self.address()}#{self.room.door.token}"

    def free(self, seat: int) -> bool:
        """The table frees `seat` (its Phones panel): the phone holding it is
        told and goes back to the seat list; False if the seat was free."""
        phone = self.phone_of(seat)
        freed = self.room.free(seat)
        if freed is None:
            return False
        if phone is not None:
            phone.tell({"type": "freed",
                        "reason": msg("The table made seat {seat} free. Pick a seat to play again.", seat=seat + 1)})
        self._seat_freed(freed, msg("Seat {seat} is free again (taken back from {name}'s phone)", **freed.slots()))
        return True

    def free_the_long_gone(self) -> None:
        """Free every seat whose phone has been away too long (rooms.AWAY_LIMIT)."""
        for freed in self.room.expire(self.clock.now()):
            self._seat_freed(freed, msg("{name}'s phone did not come back: seat {seat} is free again", **freed.slots()))

    def offer_seats(self) -> None:
        """Tell the phones still choosing a seat the seat list, when it changed
        (a seat taken or freed, the game's names or bots changed)."""
        hello = self._hello()
        key = json.dumps(said_in(hello, Language()), sort_keys=True)
        if key != self.offered:
            self.offered = key
            for phone in self.phones.values():
                if self.room.seat_of(phone.ident) is None:
                    phone.tell(hello)

    def qr(self) -> segno.QRCode:
        return segno.make(self.join_url(), error="m")

    def qr_matrix(self, border: int = 4) -> list[list[bool]]:
        """The join QR code as rows of dark (True) modules, quiet zone included, for the table to draw."""
        return [[bool(m) for m in row] for row in self.qr().matrix_iter(border=border)]

    def qr_png(self, target: str | Path | BinaryIO | None = None, scale: int = 8) -> bytes | None:
        """The join QR code as a PNG: written to `target` (a path or file), or returned as bytes."""
        out = io.BytesIO() if target is None else target
        self.qr().save(out, kind="png", scale=scale)
        return out.getvalue() if target is None else None

    async def _shut_down(self) -> None:
        """Stop listening, say goodbye to each phone, cut what is left, then aiohttp's own cleanup."""
        if self.listener is not None:
            self.listener.close()
        await asyncio.gather(*(phone.ws.close() for phone in self.phones.values()))
        self.gate.close_all()
        await asyncio.sleep(0)  # the cut connections are lost, their handlers told
        if self.runner is not None:
            await self.runner.cleanup()
        await self.loop.shutdown_asyncgens()

    async def _until_arrival(self, wait: float) -> None:
        self.arrived = asyncio.Event()
        try:
            await asyncio.wait_for(self.arrived.wait(), wait)
        except TimeoutError:
            pass

    def _hand_over(self, arrival: Arrival) -> None:
        self.arrivals.append(arrival)
        if self.arrived is not None:
            self.arrived.set()

    # --- the web side ------------------------------------------------------------------------------
    @web.middleware
    async def _admit(self, request: web.Request, handler) -> web.StreamResponse:
        """Only requests for this host from its own pages: a page elsewhere
        (another site, or a name rebound to this address) gets nothing."""
        origin = request.headers.get("Origin")
        own = self.own_hosts
        if request.headers.get("Host", "").lower() not in own or origin not in {None, *(f"http://{h}" for h in own)}:
            return not_let_in()
        return await handler(request)

    async def _join(self, request: web.Request) -> web.Response:
        """A typed code in, the link's token out — or the door's one refusal."""
        typed = (await request.content.read(MAX_CODE_BYTES)).decode("utf-8", "replace")
        token = self.room.door.try_code(request.remote or "?", typed, self.clock.now())
        return not_let_in() if token is None else web.json_response({"token": token})

    async def _page(self, request: web.Request) -> web.Response:
        return web.Response(body=client_file("index.html"), content_type="text/html", charset="utf-8")

    async def _client_file(self, request: web.Request) -> web.Response:
        name, kind = CLIENT_FILES[request.path]
        return web.Response(body=client_file(name), content_type=kind, charset="utf-8")

    async def _words(self, request: web.Request) -> web.Response:
        """The page's own words in one language we speak (any other code: 404)."""
        code = request.match_info["code"]
        if code not in LANGUAGES:
            return web.Response(status=404, text="no such language")
        return web.json_response(page_words(code))

    async def _card(self, request: web.Request) -> web.Response:
        """A face's picture: public (a face says nothing about whose card it is), cached by the phone."""
        face, lang = request.match_info["face"].removesuffix(".png"), request.query.get("lang", "")
        art = None
        if request.path.endswith(".png") and len(face) <= MAX_FACE and FACE.fullmatch(face) and self.card_art:
            art = await self._paint(face, lang if lang in LANGUAGES else "en")  # words on a card: the phone's
        if art is None:
            return web.Response(status=404, text="no such card")
        return web.Response(body=art, content_type="image/png", headers={"Cache-Control": CARD_CACHE})

    async def _paint(self, face: str, lang: str) -> bytes | None:
        """`card_art(face, lang)` within the step's PAINT_BUDGET: painting a new face costs the main loop
        ~8 ms, a whole hand at once would stall a frame, so a step paints about one. A face painted
        before (the painter keeps it, each phone too: Cache-Control) or none costs microseconds."""
        while self.painted_in == self.steps and self.painting >= PAINT_BUDGET:
            self.stepped = self.stepped or asyncio.Event()
            await self.stepped.wait()
        if self.painted_in != self.steps:
            self.painted_in, self.painting = self.steps, 0.0
        start = perf_counter()
        art = self.card_art(face, lang)
        self.painting += perf_counter() - start
        return art

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        # no websocket, or not the link's token: the door's one refusal (a right token on a bad handshake too)
        if not web.WebSocketResponse().can_prepare(request).ok or not self.room.door.opens(request.query.get("t", "")):
            return not_let_in()
        if Counter(p.address for p in self.phones.values())[address] >= self.max_per_address:
            return web.Response(status=429, text="too many phones from this address")
        # no compression: tiny messages, and nothing to inflate past the size cap; a silent phone is
        # noticed by the heartbeat; a phone that does not answer a close is dropped after a second
        ws = web.WebSocketResponse(max_msg_size=MAX_BYTES, heartbeat=10.0, compress=False, timeout=1.0)
        await ws.prepare(request)
        phone = Phone(next(self.next_ident), address, ws, Language(spoken(request.query.get("lang", ""))))
        self.phones[phone.ident] = phone
        writer = asyncio.get_running_loop().create_task(phone.write())
        phone.tell(self._hello())
        try:
            async for message in ws:  # a frame over max_msg_size closes the socket (1009: too big)
                if message.type == WSMsgType.TEXT:
                    self._receive(phone, message.data)
                elif message.type == WSMsgType.BINARY:
                    self._refuse(phone, "send text, not binary")
        finally:
            writer.cancel()
            self._gone(phone)
        return ws

    def _hello(self) -> dict[str, Any]:
        """What a phone learns on connecting: every seat, its name (the table's,
        else its phone's, else None) and why it is not free ("taken", "a bot
        plays it"), or None: a seat it can take now."""
        names = self.seat_names() or []
        claims = self.room.claims

        def name(seat: int) -> str | None:
            if seat < len(names) and names[seat]:
                return names[seat]
            return claims[seat].name if seat in claims else None
        return {"type": "room", "seats": [{"seat": s, "name": name(s), "why": self.room.why_taken(s)}
                                          for s in self.room.open_seats]}

    def _receive(self, phone: Phone, raw: str) -> None:
        """One message from a phone: never raises, whatever it holds."""
        now = self.clock.now()
        before = self.room.snapshot()
        result = self.room.receive(phone.ident, raw, now, self.moves)
        if isinstance(result, Refused):
            self._refuse(phone, result.reason)
        elif isinstance(result, PhonePong):
            try:
                phone.clock.reply(result.ping, result.t1, result.t2, now)
            except BadSample as bad:
                self._refuse(phone, bad.reason)
        elif isinstance(result, PhoneLanguage):
            phone.language = Language(result.code)  # its seat's view follows at the host's next publish
            if self.room.seat_of(phone.ident) is None:
                phone.tell(self._hello())
        elif isinstance(result, Claimed):
            self._took_seat(phone, result, now, before.get(result.seat))
        elif isinstance(result, Freed):
            phone.tell({"type": "freed",
                        "reason": msg("You left seat {seat}. Pick a seat to play again.", seat=result.seat + 1)})
            self._seat_freed(result, msg("{name} left seat {seat}: it is free again", **result.slots()))
        else:
            self._hand_over(Arrival(result, now, self._on_host_clock(phone, result.phone_stamp, now)))

    def _took_seat(self, phone: Phone, claimed: Claimed, now: float, before: Claim | None) -> None:
        old = self.phones.get(before.connection) if before is not None else None
        if old is not None and old is not phone:  # reclaimed from a new connection: the old one is stale
            old.tell({"type": "seat lost", "reason": msg(
                "seat {seat} was taken back with its key on another connection", seat=claimed.seat + 1)})
            old.tell(None)
        phone.tell({"type": "claimed", "seat": claimed.seat, "name": claimed.name,
                                 "token": claimed.token})
        self._hand_over(Arrival(claimed, now))
        self.offer_seats()  # the phones still choosing see the seat go

    def _seat_freed(self, freed: Freed, why: Message) -> None:
        """The table hears it in words; the phones choosing (the one that held it too) see the seat free."""
        self._hand_over(Arrival(Left(freed.seat, why), self.clock.now()))
        self.offer_seats()

    def _refuse(self, phone: Phone, reason: Message | str) -> None:
        phone.tell({"type": "refused", "reason": reason})

    def _gone(self, phone: Phone) -> None:
        seat = self.room.seat_of(phone.ident)
        self.room.disconnect(phone.ident, self.clock.now())
        self.phones.pop(phone.ident, None)
        if seat is not None:
            self._hand_over(Arrival(Left(seat), self.clock.now()))

    def _on_host_clock(self, phone: Phone, stamp: float, received: float) -> HostTime | None:
        return phone.clock.place_press(stamp, received) if phone.clock.samples else None

    def _send_pings(self) -> None:
        now = self.clock.now()
        for phone in self.phones.values():
            seat = self.room.seat_of(phone.ident)
            if seat is not None and phone.clock.needs_ping(now):
                phone.tell({"type": "ping", "ping": phone.clock.ping(now)})

    def phone_of(self, seat: int) -> Phone | None:
        """The open socket holding `seat` now, or None (no claim, or its phone is away)."""
        claim = self.room.claims.get(seat)
        return None if claim is None or claim.connection is None else self.phones.get(claim.connection)
