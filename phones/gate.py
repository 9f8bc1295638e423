"""Who may hold a connection to the phones' server, and for how long.

Each open connection costs the app an open file, and the app shares its
open-file limit with its fonts, sounds and saves: a stranger holding a
thousand unfinished requests would leave the app unable to open a font, and a
drawing that cannot open its font ends the game. So every connection passes
through the gate (`Connection`, in front of aiohttp's own handler):

- at most `max_total` connections at once (a quarter of the open-file limit at
  most, `connection_cap`) and `max_per_address` from one address; one over
  either is closed at once, before aiohttp sees it;
- a connection must deliver a whole request — headers and body — within
  `request_s` of opening, or of its previous answer (which also bounds
  writing that answer to a phone that does not read, and a connection kept
  idle): otherwise it is cut, also while it is being answered (a typed code's
  body may still be owed). Only a websocket, once open, has no limit here: its
  heartbeat notices a silent phone.

Time is the server's clock, read when the main loop steps the server
(`expire(now)`), so a test moves it exactly."""
from __future__ import annotations

import asyncio
from collections import Counter
from typing import Callable

from aiohttp import web

REQUEST_S = 5.0  # a whole request from a phone takes milliseconds; a few seconds spare a slow Wi-Fi
MAX_CONNECTIONS = 128  # six phones, each a browser with ~6 connections and a websocket, and room to spare
MAX_CONNECTIONS_PER_ADDRESS = 16  # one phone's browser: its websockets (8 at most, server.py) and its ~6 fetches
FILE_SHARE = 4  # connections take at most 1/FILE_SHARE of the open-file limit: the rest is the app's


def connection_cap(ceiling: int = MAX_CONNECTIONS) -> int:
    """How many connections the server may hold: `ceiling`, or less where the
    open-file limit is low, so fonts, sounds and saves can always be opened."""
    try:
        import resource
    except ImportError:  # no such limit to share (Windows)
        return ceiling
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return ceiling
    return max(1, min(ceiling, soft // FILE_SHARE))


class Connection(asyncio.Protocol):
    """One TCP connection: admitted or closed by its gate, then passed through to aiohttp's handler."""

    def __init__(self, gate: Gate, make_handler: Callable[[], asyncio.Protocol]) -> None:
        self.gate = gate
        self.make_handler = make_handler
        self.handler: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.due: float | None = None  # when it must have delivered a request (None: one is being answered)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        if not self.gate.admit(self):
            transport.abort()  # its file is closed now, not when a stranger lets go
            return
        self.handler = self.make_handler()
        self.handler.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received() if self.handler is not None else None

    def pause_writing(self) -> None:
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.handler is not None:
            self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.release(self)
        if self.handler is not None:
            self.handler.connection_lost(exc)


class Gate:
    def __init__(self, now: Callable[[], float], request_s: float = REQUEST_S, max_total: int | None = None,
                 max_per_address: int = MAX_CONNECTIONS_PER_ADDRESS) -> None:
        """`now()`: the server's clock. `max_total` None: `connection_cap()`."""
        self.now = now
        self.request_s = request_s
        self.max_total = connection_cap() if max_total is None else max_total
        self.max_per_address = max_per_address
        self.open: dict[asyncio.BaseTransport, Connection] = {}
        self.per_address: Counter[str] = Counter()
        self.turned_away = 0  # connections closed at once, over a cap
        self.cut = 0  # connections closed for not delivering a request in time

    def protocol(self, make_handler: Callable[[], asyncio.Protocol]) -> Callable[[], Connection]:
        """A protocol factory for `loop.create_server`, in front of aiohttp's (`AppRunner.server`)."""
        return lambda: Connection(self, make_handler)

    def admit(self, connection: Connection) -> bool:
        if len(self.open) >= self.max_total or self.per_address[connection.address] >= self.max_per_address:
            self.turned_away += 1
            return False
        self.open[connection.transport] = connection
        self.per_address[connection.address] += 1
        connection.due = self.now() + self.request_s
        return True

    def release(self, connection: Connection) -> None:
        if self.open.pop(connection.transport, None) is not None:
            self.per_address[connection.address] -= 1
            if not self.per_address[connection.address]:
                del self.per_address[connection.address]

    def expire(self) -> None:
        """Cut every connection that owes a request past its time."""
        now = self.now()
        for connection in list(self.open.values()):
            if connection.due is not None and now >= connection.due:
                connection.due = None
                self.cut += 1
                connection.transport.abort()

    def close_all(self) -> None:
        for connection in list(self.open.values()):
            connection.transport.abort()

    @web.middleware
    async def answering(self, request: web.Request, handler) -> web.StreamResponse:
        """aiohttp's middleware around every request: a websocket has no time
        limit while it is open; any other request keeps its deadline while it
        is answered (its body, a typed code, may still be owed); the
        connection's next request is due `request_s` after."""
        connection = self.open.get(request.transport)
        if connection is not None and request.headers.get("Upgrade", "").lower() == "websocket":
            connection.due = None
        try:
            return await handler(request)
        finally:
            if connection is not None and not connection.transport.is_closing():
                connection.due = self.now() + self.request_s
