"""The door and the seats: the link's token and the typed code (new each time,
never the seed's; typed codes limited per address and overall), seats claimed
by phones (a token proves a seat, a seat is never taken twice, a phone that
goes away keeps its seat a minute, the table can free any seat, a phone can
leave its own), floods cut off — and every refusal says why and leaves the
room as it was. Addresses here are plain names: no network."""
import itertools
import json

import pytest

from haudrauf.device.settings import UnitSettings
from haudrauf.phones.protocol import PhoneMove, PhonePress, Refused
from haudrauf.play.phone_view import table_offer
from haudrauf.phones.rooms import (
    ALL_TRIES_BURST, ALL_TRIES_RATE, AWAY_LIMIT, BURST, CODE_LENGTH, CODE_LETTERS, FIRST_WAIT, FREE_TRIES, Claimed,
    Door, Freed, Room)
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession

MOVES = {0: {"mplay": "lay red 7"}, 1: {"mdraw": "draw"}}


def new_room(seats=(0, 1, 2), why_not=lambda seat: None):
    tokens = (f"token-{n}" for n in itertools.count())
    return Room(seats, new_token=tokens.__next__, why_not=why_not)


def send(room, connection, now=0.0, **fields):
    return room.receive(connection, json.dumps(fields), now, MOVES.get)


def claim(room, connection, seat, name, now=0.0):
    return send(room, connection, now, type="claim", seat=seat, name=name)


def refused_unchanged(room, connection, now=0.0, **fields) -> str:
    """Send a message that must be refused; the room must not change."""
    before = room.snapshot()
    result = send(room, connection, now, **fields)
    assert isinstance(result, Refused), result
    assert room.snapshot() == before
    return str(result.reason)


def test_the_code_is_unambiguous_and_code_and_link_are_new_each_time_the_door_opens():
    door = Door()
    codes, tokens = {door.code}, {door.token}
    for _ in range(20):
        door.renew()
        codes.add(door.code)
        tokens.add(door.token)
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_LETTERS) for c in codes)
    assert not set(CODE_LETTERS) & set("IL1OQ0S5Z2B8G6")
    assert len(codes) == len(tokens) == 21
    assert min(len(t) for t in tokens) >= 22  # 16 random bytes (128 bits) as URL-safe text
    old = door.token
    door.renew()
    assert not door.opens(old) and door.opens(door.token)


def test_a_code_typed_any_way_gives_the_link_and_a_wrong_one_nothing():
    door = Door(new_token=lambda: "the-link", new_code=lambda: "KMTXPA")
    assert door.try_code("phone", "KMTXPX", 0.0) is None
    assert door.try_code("phone", "kmt-xpa", 0.0) == door.try_code("phone", " KMT XPA ", 0.0) == "the-link"
    assert door.try_code("phone", "\ud800" * 500, 0.0) is None


def test_an_address_that_guesses_waits_longer_and_longer_and_the_right_code_is_refused_meanwhile():
    door = Door(new_token=lambda: "the-link", new_code=lambda: "KMTXPA")
    for _ in range(FREE_TRIES):
        assert door.try_code("guesser", "AAAAAA", 0.0) is None
    assert door.try_code("guesser", "KMTXPA", 0.0) is None  # waiting: even the right code is refused
    assert door.try_code("guesser", "KMTXPA", FIRST_WAIT * 0.99) is None
    assert door.try_code("player", "KMTXPA", 0.0) == "the-link"  # another address is not held up
    now = FIRST_WAIT
    for n in range(1, 6):  # a wrong code each time the wait is over: the next wait is twice as long
        assert door.try_code("guesser", "AAAAAA", now) is None
        wait = FIRST_WAIT * 2 ** n
        assert door.try_code("guesser", "KMTXPA", now + wait * 0.99) is None
        now += wait
    assert door.try_code("guesser", "KMTXPA", now) == "the-link"


def test_many_addresses_together_are_held_to_the_overall_limit():
    door = Door(new_token=lambda: "the-link", new_code=lambda: "KMTXPA")
    for n in range(ALL_TRIES_BURST):  # every guess from a new address: none of them waits on its own
        assert door.try_code(f"address-{n}", "AAAAAA", 0.0) is None
    assert door.try_code("player", "KMTXPA", 0.0) is None  # the right code is refused the same way
    assert door.try_code("player", "KMTXPA", 1 / ALL_TRIES_RATE) == "the-link"


def test_a_night_of_guessing_at_the_limit_checks_a_tiny_share_of_the_codes():
    """Six hours of guesses, one a second from 5000 addresses in turn (fake
    clock: twice what the door takes from everyone together): it checks at most 20 + 0.5 a second of them, 10,820 of the
    34,012,224 codes (0.03 %); at that rate the expected time is 394 days."""
    door = Door(new_token=lambda: "the-link", new_code=lambda: "KMTXPA")
    checked = []  # whether each guess was let through to be compared with the code
    original = door.all_tries.take

    def counted(now):
        taken = original(now)
        checked.append(taken)
        return taken
    door.all_tries.take = counted
    for n in range(6 * 3600):
        assert door.try_code(f"address-{n % 5000}", "AAAAAA", float(n)) is None
    assert sum(checked) <= ALL_TRIES_BURST + ALL_TRIES_RATE * 6 * 3600 + 1
    assert sum(checked) / len(CODE_LETTERS) ** CODE_LENGTH < 0.0004


def test_a_phone_takes_a_free_seat_and_gets_its_token():
    room = new_room()
    assert claim(room, "phone-a", 0, " Anna ") == Claimed(0, "Anna", "token-0")
    assert room.seat_of("phone-a") == 0


def test_a_seat_taken_twice_is_refused():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    assert refused_unchanged(room, "phone-b", type="claim", seat=0, name="Bo") == \
        "seat 1 is taken by Anna — pick a free seat"


def test_one_phone_holds_one_seat():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    assert refused_unchanged(room, "phone-a", type="claim", seat=1, name="Anna") == "you already hold seat 1"


@pytest.mark.parametrize("seat, name, reason", [
    (5, "Anna", "seat 6 cannot be taken by a phone at this table"),
    (1, "Anna", "seat 2 is not free: a bot plays it — pick a free seat"),
    (2, "   ", "a name is 1 to 20 letters, shown on the table"),
    (2, "A" * 21, "a name is 1 to 20 letters, shown on the table"),
    (2, "Anna\u0007", "a name is 1 to 20 letters, shown on the table"),
])
def test_a_seat_that_is_not_open_or_a_name_that_cannot_be_shown_is_refused(seat, name, reason):
    room = new_room(seats=(0, 1, 2), why_not=lambda seat: "a bot plays it" if seat == 1 else None)
    assert refused_unchanged(room, "phone-a", type="claim", seat=seat, name=name) == reason


def test_a_wrong_token_is_refused():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    room.disconnect("phone-a", 0.0)
    assert refused_unchanged(room, "phone-b", type="reclaim", seat=0, token="token-1") == \
        "that is not the key of seat 1 — it stays with Anna"
    assert refused_unchanged(room, "phone-b", type="reclaim", seat=0, token="\ud800") == \
        "that is not the key of seat 1 — it stays with Anna"
    assert refused_unchanged(room, "phone-b", type="reclaim", seat=1, token="token-0") == \
        "seat 2 is free — take it instead"


def test_a_phone_that_goes_away_keeps_its_seat_and_reclaims_it_with_its_token():
    room = new_room()
    token = claim(room, "phone-a", 0, "Anna").token
    room.disconnect("phone-a", 0.0)
    assert room.claims[0].connection is None and room.claims[0].name == "Anna"  # reserved, not freed
    assert refused_unchanged(room, "phone-b", type="claim", seat=0, name="Bo").startswith("seat 1 is taken by Anna")
    assert send(room, "phone-a2", AWAY_LIMIT - 1, type="reclaim", seat=0, token=token) == Claimed(0, "Anna", token)
    assert send(room, "phone-a2", type="move", seat=0, move="mplay", t=10) == PhoneMove(0, "mplay", "lay red 7", 0.01)
    assert room.expire(AWAY_LIMIT * 5) == []  # back in time: the seat is hers for as long as she stays


def test_a_seat_whose_phone_stays_away_a_minute_is_free_again():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    claim(room, "phone-b", 1, "Bo")
    room.disconnect("phone-a", 10.0)
    assert room.expire(10.0 + AWAY_LIMIT - 0.01) == [] and 0 in room.claims
    assert room.expire(10.0 + AWAY_LIMIT) == [Freed(0, "Anna")]
    assert list(room.claims) == [1]  # Bo's phone is still there: his seat stays
    assert claim(room, "phone-c", 0, "Cleo") == Claimed(0, "Cleo", "token-2")


def test_switching_phones_on_again_gives_an_away_seat_its_full_minute():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    room.disconnect("phone-a", 0.0)
    room.open(50.0)
    assert room.expire(50.0 + AWAY_LIMIT - 0.01) == [] and room.expire(50.0 + AWAY_LIMIT) == [Freed(0, "Anna")]


def test_a_phone_leaves_its_seat_and_the_table_frees_any():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    claim(room, "phone-b", 1, "Bo")
    assert refused_unchanged(room, "phone-a", type="leave", seat=1) == "your phone holds seat 1, not seat 2"
    assert refused_unchanged(room, "phone-c", type="leave", seat=1) == "take a seat first"
    assert send(room, "phone-a", type="leave", seat=0) == Freed(0, "Anna")
    assert room.free(1) == Freed(1, "Bo") and room.free(1) is None
    assert room.claims == {} and claim(room, "phone-b", 0, "Bo") == Claimed(0, "Bo", "token-2")


def test_a_reclaim_moves_the_seat_even_before_the_old_connection_closed():
    room = new_room()
    token = claim(room, "phone-a", 0, "Anna").token
    assert isinstance(send(room, "phone-a-again", type="reclaim", seat=0, token=token), Claimed)
    assert refused_unchanged(room, "phone-a", type="press", seat=0, button="seat", t=1) == "take a seat first"


def test_an_action_for_another_seat_is_refused():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    claim(room, "phone-b", 1, "Bo")
    assert refused_unchanged(room, "phone-a", type="move", seat=1, move="mdraw", t=1) == \
        "your phone holds seat 1, not seat 2"
    assert refused_unchanged(room, "phone-a", type="move", seat=0, move="mdraw", t=1) == \
        "that move is not open to you now — choose one of the moves shown"  # seat 2's move, not seat 1's
    assert refused_unchanged(room, "phone-c", type="press", seat=1, button="seat", t=1) == "take a seat first"


@pytest.mark.parametrize("raw", ["{", "x" * 5000, '{"type": "claim", "seat": 0}', b"\x80", "null"])
def test_a_malformed_message_to_the_room_changes_nothing(raw):
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    before = room.snapshot()
    assert isinstance(room.receive("phone-b", raw, 0.0, MOVES.get), Refused)
    assert room.snapshot() == before


def test_a_flood_is_cut_off_and_a_steady_phone_is_not():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    press = dict(type="press", seat=0, button="seat", t=1)
    burst = [send(room, "phone-a", 0.0, **press) for _ in range(100)]
    assert sum(isinstance(r, PhonePress) for r in burst) == BURST - 1  # the claim took one
    assert set(str(r.reason) for r in burst if isinstance(r, Refused)) == {"too many messages — slow down"}
    assert isinstance(send(room, "phone-a", 0.05, **press), PhonePress)  # a twentieth of a second: one more
    assert isinstance(send(room, "phone-a", 0.05, **press), Refused)
    steady = [send(room, "phone-a", 1 + n / 20, **press) for n in range(200)]  # 20 a second for 10 s
    assert all(isinstance(r, PhonePress) for r in steady)


def test_floods_are_counted_per_phone():
    room = new_room()
    for _ in range(BURST + 5):
        send(room, "phone-a", 0.0, type="press", seat=0, button="seat", t=1)
    assert claim(room, "phone-b", 1, "Bo") == Claimed(1, "Bo", "token-0")


def test_a_phones_move_reaches_the_game_as_the_table_would_make_it_and_a_stale_one_is_refused():
    session = TableSession("go-fish", {"players": 3}, [SeatPlan("Anna", None), SeatPlan("Bo", "heuristic"), SeatPlan("Cy", "heuristic")], seed=1,
                           unit_settings=UnitSettings(sleep_after=0))
    room = Room((0,), new_token=lambda: "token")
    now, state = 0.0, session.state

    def legal_now(seat):
        return table_offer(session.state, seat, session.names).moves

    room.receive("anna", json.dumps({"type": "claim", "seat": 0, "name": "Anna"}), now, legal_now)
    assert state.current_seats == (0,)
    offered = table_offer(state, 0, session.names).message["moves"]
    while state.current_seats == (0,):  # ask for the first rank offered until the turn passes
        chosen = offered[0]["id"]
        intent = room.receive("anna", json.dumps({"type": "move", "seat": 0, "move": chosen, "t": 5}), now, legal_now)
        assert isinstance(intent, PhoneMove) and intent.action in state.legal_actions(0)
        moves_before = len(state.log)
        session.act(intent.seat, intent.action, now)
        assert len(state.log) == moves_before + 1
        offered = table_offer(state, 0, session.names).message["moves"] or offered
    before = (room.snapshot(), len(state.log))
    stale = room.receive("anna", json.dumps({"type": "move", "seat": 0, "move": chosen, "t": 9}), now, legal_now)
    assert isinstance(stale, Refused)
    assert str(stale.reason) == "that move is not open to you now — choose one of the moves shown"
    assert (room.snapshot(), len(state.log)) == before
