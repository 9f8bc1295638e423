"""The phones' web server, driven exactly: the test's phones (aiohttp clients)
run on the server's own event loop, and nothing moves but by `server.step()`,
as the table's main loop would call it once a frame — no sleeps, no threads,
a fake clock. The server binds 127.0.0.1 on a free port."""
import asyncio
import ipaddress
import itertools
import json
import socket

import aiohttp
import pytest

from haudrauf.device.clock import FakeClock
from haudrauf.phones.protocol import MAX_BYTES, PhoneMove, PhonePress
from haudrauf.phones.rooms import AWAY_LIMIT, BURST, FREE_TRIES, Claimed, Door, Room
from haudrauf.phones import server as server_module
from haudrauf.phones.server import NOT_LET_IN, Left, PhoneServer, lan_address

MAX_STEPS = 200  # a test that needs more frames than this is stuck, not slow
OPEN_SESSIONS = []  # the test phones' client sessions, closed when the test ends


def steps_until(server, done, what):
    for n in range(1, MAX_STEPS + 1):
        server.step()
        if done():
            return n
    pytest.fail(f"still waiting for {what} after {MAX_STEPS} frames")


def drive(server, coroutine):
    task = server.loop.create_task(coroutine)
    steps_until(server, task.done, "the test phone")
    return task.result()


class FakePhone:
    """A phone on the test's side: everything it receives lands in `inbox`;
    `lang`: the language its browser asks for as it connects (none: English)."""

    def __init__(self, server, lang=""):
        self.server = server
        self.session = drive(server, self._session())
        OPEN_SESSIONS.append(self.session)
        self.ws = drive(server, self.session.ws_connect(socket_url(server) + (f"&lang={lang}" if lang else "")))
        self.inbox = []
        self.reader = server.loop.create_task(self._read())
        self.hello = self.next_of("room")

    @staticmethod
    async def _session():
        return aiohttp.ClientSession()

    async def _read(self):
        async for message in self.ws:
            self.inbox.append(json.loads(message.data))

    def say(self, message):
        drive(self.server, self.ws.send_str(message if isinstance(message, str) else json.dumps(message)))

    def next_of(self, kind):
        """The first unread message of `kind`, waiting frames for it; the ones before it are dropped."""
        def found():
            return any(m["type"] == kind for m in self.inbox)
        steps_until(self.server, found, f"a {kind!r} message")
        while self.inbox[0]["type"] != kind:
            self.inbox.pop(0)
        return self.inbox.pop(0)

    def refusal_for(self, message):
        self.say(message)
        return self.next_of("refused")["reason"]

    def claim(self, seat, name):
        self.say({"type": "claim", "seat": seat, "name": name})
        return self.next_of("claimed")

    def press(self, button="seat", t=1000.0):
        self.say({"type": "press", "seat": self.seat, "button": button, "t": t})

    def close(self):
        drive(self.server, self.ws.close())
        drive(self.server, self.session.close())


def socket_url(server, token=None):
    return f"http://127.0.0.1:{server.port}/ws?t={server.room.door.token if token is None else token}"


@pytest.fixture
def clock():
    return FakeClock(100.0)


PICTURES = {"uno/red/7": b"\x89PNG red seven", "std/Q/hearts": b"\x89PNG queen of hearts"}
ASKED_FOR = []  # every face the server asked the card painter for


def card_art(face, lang):
    ASKED_FOR.append((face, lang))
    return PICTURES.get(face)


WHY_NOT = {}  # seat → why the table's game has no place for a phone there


@pytest.fixture
def table_names():
    return ["Anna", "Bot Bo", ""]


@pytest.fixture
def server(clock, table_names):
    tokens = (f"token-{n}" for n in itertools.count())
    room = Room((0, 1, 2), new_token=tokens.__next__, why_not=lambda seat: WHY_NOT.get(seat),
                door=Door(new_token=lambda: "the-link-token", new_code=lambda: "KMTXPA"))
    moves = {0: {"mlay": "lay red 7"}, 1: {}, 2: {}}
    ASKED_FOR.clear()
    WHY_NOT.clear()
    server = PhoneServer(room, clock, moves=moves.get, max_per_address=3, seat_names=lambda: table_names,
                         card_art=card_art)
    server.start("127.0.0.1", 0)
    yield server
    stop(server)


def stop(server):
    """Close the test phones' sessions, then the server."""
    for session in OPEN_SESSIONS:
        drive(server, session.close())
    OPEN_SESSIONS.clear()
    server.stop()


def seated(server, seat, name):
    phone = FakePhone(server)
    phone.seat = phone.claim(seat, name)["seat"]
    return phone


def fetch(server, path, method="GET", body=None, headers=None):
    """(status, content type, body bytes, headers) of a request (a GET unless told)."""
    async def fetching():
        async with aiohttp.ClientSession() as session:
            async with session.request(method, f"http://127.0.0.1:{server.port}{path}", data=body,
                                       headers=headers) as response:
                return response.status, response.content_type, await response.read(), response.headers
    return drive(server, fetching())


def get(server, path):
    status, kind, body, _ = fetch(server, path)
    return status, kind, body.decode()


def test_the_client_page_and_its_files_are_served_and_nothing_else(server):
    status, kind, page = get(server, "/")
    assert (status, kind) == (200, "text/html") and "HAU DRAUF" in page and 'src="phone.js"' in page
    assert get(server, "/phone.js")[:2] == (200, "text/javascript")
    assert get(server, "/phone.css")[:2] == (200, "text/css")
    for path in ("/index.html", "/client/phone.js", "/server.py", "/../server.py", "/%2e%2e/rooms.py",
                 "/etc/passwd", "/ws/x", "/favicon.ico", "/card", "/card/"):
        assert get(server, path)[0] == 404, path


def test_a_card_picture_is_served_by_its_face_and_kept_by_the_phone(server):
    status, kind, body, headers = fetch(server, "/card/uno/red/7.png")
    assert (status, kind, body) == (200, "image/png", b"\x89PNG red seven")
    assert "max-age=86400" in headers["Cache-Control"] and "immutable" in headers["Cache-Control"]
    assert fetch(server, "/card/std/Q/hearts.png")[2] == b"\x89PNG queen of hearts"
    assert fetch(server, "/card/uno/purple/7.png")[0] == 404  # no game has it: the painter says None
    ASKED_FOR.clear()
    for path in ("/card/uno/red/7", "/card/uno/red/7.jpg", "/card/../server.py", "/card/%2e%2e/rooms.py.png",
                 "/card/uno/red/7.png.png", "/card/uno//7.png", "/card//uno/red/7.png", "/card/uno/red/7/.png",
                 "/card/uno%00/red.png", "/card/uno red.png", "/card/" + "a/" * 40 + "7.png", "/card/.png"):
        assert fetch(server, path)[0] == 404, path
    assert ASKED_FOR == []  # a path that is no face never reaches the painter
    fetch(server, "/card/uno/red/7.png?lang=de")
    fetch(server, "/card/uno/red/7.png?lang=xx")
    assert ASKED_FOR == [("uno/red/7", "de"), ("uno/red/7", "en")]  # the words on it: the phone's language, ours


def test_a_hand_of_pictures_is_painted_one_a_frame_so_the_table_does_not_stutter(server, monkeypatch):
    """Painting a new card costs the main loop ~8 ms: a phone asking for its whole hand at once gets
    one a frame; a card painted before costs nothing and comes at once (the painter's time is faked)."""
    frames, painted_in, timer, seen = [0], [], [0.0], set()
    step = server.step

    def counted_step(wait=0.0):
        frames[0] += 1
        step(wait)

    def painter(face, lang):
        painted_in.append((face, frames[0]))
        if face not in seen:
            seen.add(face)
            timer[0] += 0.008  # a new face: 8 ms of the frame
        return PICTURES.get(face)
    monkeypatch.setattr(server, "step", counted_step)
    monkeypatch.setattr(server, "card_art", painter)
    monkeypatch.setattr(server_module, "perf_counter", lambda: timer[0])

    async def hand():
        async with aiohttp.ClientSession() as session:
            async def one(face):
                async with session.get(f"http://127.0.0.1:{server.port}/card/{face}.png") as response:
                    return response.status
            return await asyncio.gather(*(one(f) for f in ["uno/red/7", "std/Q/hearts", "uno/blue/1"]))
    assert drive(server, hand()) == [200, 200, 404]
    assert len({frame for _, frame in painted_in}) == 3  # three new faces, one a frame
    painted_in.clear()
    assert drive(server, hand()) == [200, 200, 404]  # another phone: painted before, all in one frame
    assert len(painted_in) == 3 and len({frame for _, frame in painted_in}) == 1


def test_without_a_card_painter_there_are_no_pictures(clock):
    server = PhoneServer(Room((0,)), clock)
    server.start("127.0.0.1", 0)
    try:
        assert fetch(server, "/card/uno/red/7.png")[0] == 404
        assert FakePhone(server).hello["seats"] == [{"seat": 0, "name": None, "why": None}]
    finally:
        stop(server)


def test_two_phones_claim_seats_and_get_their_tokens_and_the_table_hears_of_it(server):
    anna = FakePhone(server)
    assert anna.claim(0, "Anna") == {"type": "claimed", "seat": 0, "name": "Anna", "token": "token-0"}
    bo = FakePhone(server)
    assert bo.claim(2, "Bo") == {"type": "claimed", "seat": 2, "name": "Bo", "token": "token-1"}
    assert [a.intent for a in server.take_intents()] == [Claimed(0, "Anna", "token-0"), Claimed(2, "Bo", "token-1")]
    assert server.take_intents() == []


def test_a_newcomer_is_offered_only_the_free_seats_and_a_taken_seat_is_refused(server):
    seated(server, 0, "Anna")
    cleo = FakePhone(server)
    hello = cleo.hello
    assert hello["seats"] == [{"seat": 0, "name": "Anna", "why": "taken"}, {"seat": 1, "name": "Bot Bo", "why": None},
                              {"seat": 2, "name": None, "why": None}]
    assert cleo.refusal_for({"type": "claim", "seat": 0, "name": "Cleo"}) == \
        "seat 1 is taken by Anna — pick a free seat"
    seated(server, 2, "Bo")
    assert [s["seat"] for s in cleo.next_of("room")["seats"] if not s["why"]] == [1]  # told while choosing


def test_the_seat_list_offers_only_the_seats_a_phone_can_play_and_says_why_not_the_others(server):
    WHY_NOT.update({1: "a bot plays it"})
    cleo = FakePhone(server)
    assert [(s["seat"], s["why"]) for s in cleo.hello["seats"]] == [(0, None), (1, "a bot plays it"), (2, None)]
    assert cleo.refusal_for({"type": "claim", "seat": 1, "name": "Cleo"}) == \
        "seat 2 is not free: a bot plays it — pick a free seat"
    WHY_NOT.update({1: None, 2: "not in this game"})  # the next game: seat 2 is a person's, seat 3 not in it
    server.offer_seats()  # the host does this every frame
    assert [(s["seat"], s["why"]) for s in cleo.next_of("room")["seats"]] == \
        [(0, None), (1, None), (2, "not in this game")]
    assert cleo.claim(1, "Cleo")["seat"] == 1


def test_a_seat_is_offered_under_its_name_at_the_table_or_else_its_phones(server, table_names):
    table_names[:] = ["Player 1", "Player 2"]  # the table names two seats; seat 3 has none there
    seated(server, 2, "Cleo")
    assert [(s["seat"], s["name"]) for s in FakePhone(server).hello["seats"]] == \
        [(0, "Player 1"), (1, "Player 2"), (2, "Cleo")]
    table_names[:] = []  # the table has no names yet (no game)
    assert [s["name"] for s in FakePhone(server).hello["seats"]] == [None, None, "Cleo"]


def test_a_press_reaches_the_main_loop_with_its_seat_and_the_time_it_was_read(server, clock):
    anna = seated(server, 1, "Anna")
    server.take_intents()
    clock.advance(0.5)
    anna.press("hau_drauf", t=2500.0)
    frames = steps_until(server, lambda: server.arrivals, "the press")
    (arrival,) = server.take_intents()
    assert arrival.intent == PhonePress(1, "hau_drauf", 2.5) and arrival.received == 100.5
    assert frames <= 2  # read and handed over within a frame or two of leaving the phone


def test_a_step_that_waits_returns_with_the_press_as_it_arrives(server):
    """The main loop's idle time in a frame goes to `step(wait)`: a press sent
    during it is handed over then, not a frame later (and not after the wait)."""
    anna = seated(server, 1, "Anna")
    server.take_intents()

    async def press_after_a_while():
        for _ in range(50):  # far more loop rounds than a step without waiting runs
            await asyncio.sleep(0)
        await anna.ws.send_str(json.dumps({"type": "press", "seat": 1, "button": "seat", "t": 7.0}))
    server.loop.create_task(press_after_a_while())
    server.step(wait=60.0)
    assert [a.intent for a in server.take_intents()] == [PhonePress(1, "seat", 0.007)]


def test_a_move_is_one_of_the_seats_legal_moves(server):
    anna = seated(server, 0, "Anna")
    server.take_intents()
    anna.say({"type": "move", "seat": 0, "move": "mlay", "t": 10.0})
    steps_until(server, lambda: server.arrivals, "the move")
    assert server.take_intents()[0].intent == PhoneMove(0, "mlay", "lay red 7", 0.01)
    assert anna.refusal_for({"type": "move", "seat": 0, "move": "mdraw", "t": 10.0}) == \
        "that move is not open to you now — choose one of the moves shown"


def test_bad_messages_are_refused_to_that_phone_only_and_the_host_keeps_serving(server):
    anna, bo = seated(server, 0, "Anna"), seated(server, 1, "Bo")
    server.take_intents()
    assert anna.refusal_for("{not json") == "the message is not readable (not JSON)"
    assert anna.refusal_for({"type": "press", "seat": 1, "button": "seat", "t": 1.0}) == \
        "your phone holds seat 1, not seat 2"
    assert anna.refusal_for({"type": "reclaim", "seat": 1, "token": "token-0"}) == "you already hold seat 1"
    assert anna.refusal_for({"type": "press", "seat": 0, "button": "self destruct", "t": 1.0}) == \
        "there is no such button: press your seat button or HAU DRAUF"
    assert anna.refusal_for({"type": "launch"}) == "unknown message type 'launch'"
    drive(server, anna.ws.send_bytes(b"\x00\xff"))
    assert anna.next_of("refused")["reason"] == "send text, not binary"
    assert server.take_intents() == []
    bo.press()
    steps_until(server, lambda: server.arrivals, "Bo's press")
    assert [a.intent.seat for a in server.take_intents()] == [1]
    assert not [m for m in bo.inbox if m["type"] == "refused"]


def test_a_wrong_token_does_not_take_a_seat(server):
    seated(server, 0, "Anna")
    thief = FakePhone(server)
    assert thief.refusal_for({"type": "reclaim", "seat": 0, "token": "token-9"}) == \
        "that is not the key of seat 1 — it stays with Anna"
    assert server.room.claims[0].token == "token-0" and server.room.seat_of(server.room.claims[0].connection) == 0
    thief.say({"type": "press", "seat": 0, "button": "seat", "t": 1.0})
    assert thief.next_of("refused")["reason"] == "take a seat first"


def test_an_oversized_message_closes_only_that_phone(server):
    anna, bo = seated(server, 0, "Anna"), seated(server, 1, "Bo")
    server.take_intents()
    anna.say(json.dumps({"type": "press", "seat": 0, "button": "seat", "t": 1.0, "pad": "x" * MAX_BYTES}))
    steps_until(server, lambda: anna.ws.closed, "the oversized phone to be cut off")
    assert anna.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert [a.intent for a in server.take_intents()] == [Left(0)]
    bo.press()
    steps_until(server, lambda: server.arrivals, "Bo's press")
    assert server.take_intents()[0].intent.seat == 1


def test_a_flood_is_cut_off_with_a_reason(server):
    anna = seated(server, 0, "Anna")
    server.take_intents()
    for _ in range(BURST + 5):
        anna.press()
    steps_until(server, lambda: any(m["type"] == "refused" for m in anna.inbox), "the flood to be refused")
    assert anna.next_of("refused")["reason"] == "too many messages — slow down"
    assert len(server.take_intents()) == BURST - 1  # the clock stood still: the claim and 39 presses got in


def test_a_phone_that_disappears_keeps_its_seat_and_its_token_brings_it_back(server):
    anna = seated(server, 0, "Anna")
    server.take_intents()
    anna.close()
    steps_until(server, lambda: server.arrivals, "the table to hear Anna left")
    assert [a.intent for a in server.take_intents()] == [Left(0)]
    assert server.room.claims[0].name == "Anna" and server.room.claims[0].connection is None  # kept for her
    assert server.send(0, {"type": "unit", "lit": True}) is False  # nobody to send it to
    back = FakePhone(server)
    back.say({"type": "reclaim", "seat": 0, "token": "token-0"})
    assert back.next_of("claimed") == {"type": "claimed", "seat": 0, "name": "Anna", "token": "token-0"}
    assert [a.intent for a in server.take_intents()] == [Claimed(0, "Anna", "token-0")]
    assert server.send(0, {"type": "unit", "lit": True}) is True
    assert back.next_of("unit") == {"type": "unit", "lit": True}


def test_a_seat_reclaimed_from_a_new_connection_leaves_the_old_one(server):
    """A phone that switched networks comes back before its old socket closed."""
    old = seated(server, 0, "Anna")
    new = FakePhone(server)
    new.say({"type": "reclaim", "seat": 0, "token": "token-0"})
    assert new.next_of("claimed")["seat"] == 0
    assert old.next_of("seat lost")["reason"] == "seat 1 was taken back with its key on another connection"
    steps_until(server, lambda: old.ws.closed, "the old connection to close")
    assert not [a for a in server.take_intents() if isinstance(a.intent, Left)]  # the seat never went away
    server.send(0, {"type": "unit", "lit": False})
    assert new.next_of("unit") == {"type": "unit", "lit": False}


def test_a_message_for_a_seat_goes_to_that_seats_phone_only(server):
    anna, bo = seated(server, 0, "Anna"), seated(server, 1, "Bo")
    server.send(1, {"type": "table", "hand": ["c17"]})
    assert bo.next_of("table") == {"type": "table", "hand": ["c17"]}
    server.step()
    assert not [m for m in anna.inbox if m["type"] == "table"]
    with pytest.raises(TypeError):  # a message that is not JSON fails where it is sent, not later
        server.send(1, {"type": "table", "hand": {object()}})


def test_seated_phones_are_pinged_and_their_answers_put_presses_on_the_hosts_clock(server, clock):
    anna = seated(server, 0, "Anna")
    server.take_intents()
    for n in range(3):
        ping = anna.next_of("ping")
        clock.advance(0.01)  # 10 ms round trip; the phone's clock reads 5000 s + host time
        phone_now = (clock.now() - 0.005 + 5000) * 1000
        anna.say({"type": "pong", "seat": 0, "ping": ping["ping"], "t1": phone_now, "t2": phone_now})
        steps_until(server, lambda: len(clock_of(server, 0).samples) == n + 1, "the pong")
        clock.advance(0.25)
    anna.press(t=(clock.now() + 5000) * 1000)
    steps_until(server, lambda: server.arrivals, "the press")
    stamp = server.take_intents()[0].stamp
    assert stamp.time == pytest.approx(clock.now(), abs=0.006) and stamp.uncertainty < 0.01


def clock_of(server, seat):
    return server.phones[server.room.claims[seat].connection].clock


def test_an_answer_to_no_ping_is_refused(server):
    anna = seated(server, 0, "Anna")
    assert anna.refusal_for({"type": "pong", "seat": 0, "ping": 999, "t1": 5.0, "t2": 5.0}) == \
        "that answers no ping we sent, or one already answered"


def turned_away(server, url, headers=None):
    """The status of a refused websocket handshake."""
    async def opening():
        async with aiohttp.ClientSession() as session:
            await session.ws_connect(url, headers=headers)
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        drive(server, opening())
    return refused.value.status


def test_a_socket_without_the_links_token_is_turned_away(server):
    FakePhone(server)
    for token in ("", "KMTXPA", "the-link-token-", "x" * 200):  # the typed code opens no socket either
        assert turned_away(server, socket_url(server, token)) == 403
    assert len(server.phones) == 1  # only the phone that had the link


def test_a_typed_code_gives_the_page_the_link_and_a_wrong_one_the_same_refusal_as_everything_else(server):
    status, kind, body, _ = fetch(server, "/join", "POST", "kmt xpa")
    assert (status, kind, json.loads(body)) == (200, "application/json", {"token": "the-link-token"})
    FakePhone(server)  # the token opens the socket
    refusals = [fetch(server, "/join", "POST", "KMTXPX"), fetch(server, "/join", "POST", ""),
                fetch(server, "/join", "POST", b"\xff" * 5000),
                fetch(server, "/ws?t=the-link-token"),  # the right token, but no websocket handshake
                fetch(server, "/ws?t=wrong-token"), fetch(server, "/ws")]
    assert {(status, kind, body) for status, kind, body, _ in refusals} == {(403, "text/plain", NOT_LET_IN.encode())}
    assert len({tuple(sorted((k, v) for k, v in headers.items() if k != "Date")) for *_, headers in refusals}) == 1


def test_guessing_the_code_is_refused_at_the_limit_the_same_way_and_waiting_lets_the_right_code_in(server, clock):
    wrong = [fetch(server, "/join", "POST", "AAAAAA")[:3] for _ in range(FREE_TRIES)]
    locked_out = fetch(server, "/join", "POST", "KMTXPA")[:3]  # the right code, while this address waits
    assert set(wrong) == {locked_out} == {(403, "text/plain", NOT_LET_IN.encode())}
    clock.advance(1.0)  # the first wait is over (on the fake clock)
    assert fetch(server, "/join", "POST", "KMTXPA")[0] == 200


def test_pages_elsewhere_and_other_host_names_get_nothing(server):
    own, port = f"http://127.0.0.1:{server.port}", server.port
    for origin in ("http://evil.example.com", "null", f"http://127.0.0.1:{port + 1}", f"https://127.0.0.1:{port}"):
        assert turned_away(server, socket_url(server), {"Origin": origin}) == 403, origin
        assert fetch(server, "/join", "POST", "KMTXPA", {"Origin": origin})[:3] == \
            (403, "text/plain", NOT_LET_IN.encode())
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1", f"127.0.0.1:{server.port + 1}"):
        for path in ("/", "/phone.js", "/card/uno/red/7.png", "/nothing-here"):
            assert fetch(server, path, headers={"Host": host})[0] == 403, (host, path)
        assert turned_away(server, socket_url(server), {"Host": host}) == 403, host
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"LOCALHOST:{server.port}"):
        assert fetch(server, "/", headers={"Host": host, "Origin": own})[0] == 200, host
    assert fetch(server, "/join", "POST", "KMTXPA", {"Origin": f"http://localhost:{server.port}"})[0] == 200
    FakePhone(server)  # the page's own origin opens the socket (see the browser tests)


def test_too_many_phones_from_one_address_are_turned_away(server):
    phones = [FakePhone(server) for _ in range(3)]
    with pytest.raises(aiohttp.WSServerHandshakeError) as turned_away:
        drive(server, phones[0].session.ws_connect(socket_url(server)))
    assert turned_away.value.status == 429
    phones[0].close()
    steps_until(server, lambda: len(server.phones) == 2, "the first phone to leave")
    FakePhone(server)  # room again


def test_the_join_address_and_its_qr_code(server):
    assert server.address() == f"http://127.0.0.1:{server.port}/"
    assert server.join_url() == f"http://127.0.0.1:{server.port}/#the-link-token"
    matrix = server.qr_matrix()
    assert len(matrix) == len(matrix[0]) >= 21 + 8 and not any(matrix[0])  # a QR symbol and its quiet zone
    assert server.qr_png().startswith(b"\x89PNG")
    assert ipaddress.ip_address(lan_address()).version == 4


def test_a_stopped_server_no_longer_listens(server):
    port = server.port
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        pass
    server.stop()
    server.step()  # stepping a stopped server does nothing
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=1)



def test_a_port_already_taken_is_reported_and_leaves_nothing_behind(server, clock):
    other = PhoneServer(server.room, clock)
    with pytest.raises(OSError):
        other.start("127.0.0.1", server.port)
    assert other.loop is None
    assert other.start("127.0.0.1", 0) != server.port  # and it can start afresh
    other.stop()


def test_garbage_on_the_wire_does_not_stop_the_host(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=1) as raw:
        raw.sendall(b"\x16\x03\x01 not http at all\r\n\r\n\x00\xff" * 50)
        for _ in range(20):
            server.step()
    assert get(server, "/ws?t=the-link-token")[0] == 403  # a plain GET on the socket: no upgrade, no harm
    anna = seated(server, 0, "Anna")
    anna.press()
    steps_until(server, lambda: any(isinstance(a.intent, PhonePress) for a in server.arrivals), "Anna's press")


def test_the_table_frees_a_seat_and_its_phone_is_told_and_goes_back_to_the_seat_list(server):
    anna, bo = seated(server, 0, "Anna"), seated(server, 1, "Bo")
    server.take_intents()
    assert server.free(0) and not server.free(2)
    assert anna.next_of("freed")["reason"] == "The table made seat 1 free. Pick a seat to play again."
    assert [(s["seat"], s["why"]) for s in anna.next_of("room")["seats"]] == [(0, None), (1, "taken"), (2, None)]
    assert [(a.intent.seat, str(a.intent.why)) for a in server.take_intents()] == [
        (0, "Seat 1 is free again (taken back from Anna's phone)")]
    anna.say({"type": "press", "seat": 0, "button": "seat", "t": 1.0})
    assert anna.next_of("refused")["reason"] == "take a seat first"
    assert anna.claim(2, "Anna")["seat"] == 2  # still connected: it picks again
    assert not [m for m in bo.inbox if m["type"] == "freed"]


def test_a_phone_leaves_its_seat_and_the_table_is_told_in_words(server):
    anna = seated(server, 0, "Anna")
    server.take_intents()
    anna.say({"type": "leave", "seat": 0})
    assert anna.next_of("freed")["reason"] == "You left seat 1. Pick a seat to play again."
    assert anna.next_of("room")["seats"][0] == {"seat": 0, "name": "Anna", "why": None}
    assert [(a.intent.seat, str(a.intent.why)) for a in server.take_intents()] == [
        (0, "Anna left seat 1: it is free again")]
    assert 0 not in server.room.claims


def test_a_ping_answered_just_after_leaving_the_seat_is_no_mistake(server):
    anna = seated(server, 0, "Anna")
    ping = anna.next_of("ping")
    anna.say({"type": "leave", "seat": 0})
    anna.say({"type": "pong", "seat": 0, "ping": ping["ping"], "t1": 5.0, "t2": 5.0})  # sent before it heard
    anna.next_of("room")
    for _ in range(5):
        server.step()
    assert not [m for m in anna.inbox if m["type"] == "refused"]


def test_a_seat_whose_phone_stays_away_a_minute_frees_itself_and_one_back_in_time_keeps_it(server, clock):
    anna, bo = seated(server, 0, "Anna"), seated(server, 1, "Bo")
    for phone in (anna, bo):
        phone.close()
    steps_until(server, lambda: not server.phones, "both phones to go")
    clock.advance(AWAY_LIMIT - 1)
    back = FakePhone(server)
    back.say({"type": "reclaim", "seat": 1, "token": "token-1"})  # Bo, back in time with his key
    assert back.next_of("claimed")["seat"] == 1
    server.free_the_long_gone()
    assert set(server.room.claims) == {0, 1}
    server.take_intents()
    clock.advance(1)
    server.free_the_long_gone()
    assert [(a.intent.seat, str(a.intent.why)) for a in server.take_intents()] == \
        [(0, "Anna's phone did not come back: seat 1 is free again")]
    clock.advance(AWAY_LIMIT * 10)
    server.free_the_long_gone()
    assert list(server.room.claims) == [1]  # a phone that is there keeps its seat


# --- the gate: time limits and connection caps (gate.py), on the server's own clock ------------

def guarded_server(clock, **limits):
    server = PhoneServer(Room((0, 1)), clock, **limits)
    server.start("127.0.0.1", 0)
    return server


def raw(server, sent=b""):
    """A connection the test holds itself, with `sent` on it (an unfinished request, say)."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=1)
    connection.setblocking(False)
    connection.sendall(sent)
    OPEN_RAW.append(connection)
    return connection


OPEN_RAW = []


@pytest.fixture(autouse=True)
def close_raw():
    yield
    while OPEN_RAW:
        OPEN_RAW.pop().close()


def answer_and_open(server, connection, frames=10):
    """What came back on `connection` after a few frames, and whether it is still open."""
    received = b""
    for _ in range(frames):
        server.step()
        try:
            chunk = connection.recv(65536)
        except BlockingIOError:
            continue
        except ConnectionResetError:
            return received, False
        if not chunk:
            return received, False
        received += chunk
    return received, True


HALF_OPEN = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"  # the headers never end


def test_a_request_that_never_finishes_is_cut_after_a_few_seconds(clock):
    server = guarded_server(clock, request_s=2.0)
    try:
        anna = seated(server, 0, "Anna")
        stalled = raw(server, HALF_OPEN)
        assert answer_and_open(server, stalled) == (b"", True)
        clock.advance(1.9)
        assert answer_and_open(server, stalled) == (b"", True)  # slow, but within its time
        clock.advance(0.1)
        assert answer_and_open(server, stalled) == (b"", False)  # cut: its open file is the app's again
        assert get(server, "/")[0] == 200  # a phone is served as ever
        clock.advance(60.0)  # an open websocket is no unfinished request: Anna's phone stays
        assert server.send(0, {"type": "unit", "lit": True})
        assert anna.next_of("unit") == {"type": "unit", "lit": True} and not anna.ws.closed
    finally:
        stop(server)


def test_a_body_that_never_finishes_and_an_idle_connection_are_cut_too(clock):
    server = guarded_server(clock, request_s=2.0)
    try:
        host = f"Host: 127.0.0.1:{server.port}".encode()
        trickling = raw(server, b"GET / HTTP/1.1\r\n" + host + b"\r\nContent-Length: 100000\r\n\r\n" + b"x" * 10)
        answered, still_open = answer_and_open(server, trickling)
        assert answered.startswith(b"HTTP/1.1 200") and still_open  # the page, then the rest of the body is due
        idle = raw(server, b"GET /phone.css HTTP/1.1\r\n" + host + b"\r\n\r\n")
        answered, still_open = answer_and_open(server, idle)
        assert answered.startswith(b"HTTP/1.1 200") and still_open  # kept alive for the next request
        clock.advance(2.0)
        assert not answer_and_open(server, trickling)[1] and not answer_and_open(server, idle)[1]
    finally:
        stop(server)


def test_a_typed_code_whose_body_never_comes_is_cut_like_any_unfinished_request(clock):
    """The door reads a code's body while answering: a stranger who sends the
    headers and never the code must not hold the connection for ever."""
    server = guarded_server(clock, request_s=2.0)
    try:
        host = f"Host: 127.0.0.1:{server.port}".encode()
        stalled = raw(server, b"POST /join HTTP/1.1\r\n" + host + b"\r\nContent-Length: 6\r\n\r\n")
        assert answer_and_open(server, stalled) == (b"", True)
        clock.advance(2.0)
        assert answer_and_open(server, stalled) == (b"", False)
    finally:
        stop(server)


def test_connections_beyond_the_caps_are_closed_at_once(clock):
    server = guarded_server(clock, max_connections=4, max_connections_per_address=3)
    try:
        held = [raw(server, HALF_OPEN) for _ in range(3)]
        over = raw(server, HALF_OPEN)  # a fourth from the same address
        assert answer_and_open(server, over) == (b"", False)
        assert all(answer_and_open(server, c)[1] for c in held)
        held.pop().close()
        server.step()  # the server notices it went
        assert get(server, "/")[0] == 200  # room again for one from this address
    finally:
        stop(server)
    server = guarded_server(clock, max_connections=2, max_connections_per_address=10)
    try:
        held = [raw(server, HALF_OPEN) for _ in range(2)]
        assert answer_and_open(server, raw(server, HALF_OPEN)) == (b"", False)  # over the total
        assert all(answer_and_open(server, c)[1] for c in held)
    finally:
        stop(server)


def test_the_cap_leaves_most_open_files_to_the_app(monkeypatch):
    import resource
    from haudrauf.phones import gate
    for soft, cap in ((1024, 128), (256, 64), (64, 16), (resource.RLIM_INFINITY, 128)):
        monkeypatch.setattr(resource, "getrlimit", lambda kind, soft=soft: (soft, soft))
        assert gate.connection_cap() == cap
