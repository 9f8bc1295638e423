"""Seats claimed by phones: a token proves a seat, a seat is never taken twice,
a phone that goes away keeps its seat, floods are cut off — and every refusal
says why and leaves the room as it was."""
import itertools
import json

import numpy as np
import pytest

from device.settings import UnitSettings
from table.phones.protocol import PhoneMove, PhonePress, Refused, table_offer
from table.phones.rooms import BURST, CODE_LENGTH, CODE_LETTERS, Claimed, Room, room_code
from table.seats import SeatPlan
from table.session import TableSession

MOVES = {0: {"mplay": "lay red 7"}, 1: {"mdraw": "draw"}}


def new_room(seats=(0, 1, 2)):
    tokens = (f"token-{n}" for n in itertools.count())
    return Room(seats, np.random.default_rng(5), new_token=tokens.__next__)


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
    return result.reason


def test_the_room_code_is_short_unambiguous_and_follows_the_seed():
    codes = {room_code(np.random.default_rng(seed)) for seed in range(50)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_LETTERS) for c in codes)
    assert not set(CODE_LETTERS) & set("IL1OQ0S5Z2B8G6")
    assert room_code(np.random.default_rng(7)) == room_code(np.random.default_rng(7)) and len(codes) > 40


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
    (2, "   ", "a name is 1 to 20 letters, shown on the table"),
    (2, "A" * 21, "a name is 1 to 20 letters, shown on the table"),
    (2, "Anna\u0007", "a name is 1 to 20 letters, shown on the table"),
])
def test_a_seat_that_is_not_open_or_a_name_that_cannot_be_shown_is_refused(seat, name, reason):
    room = new_room(seats=(0, 1, 2))
    assert refused_unchanged(room, "phone-a", type="claim", seat=seat, name=name) == reason


def test_a_wrong_token_is_refused():
    room = new_room()
    claim(room, "phone-a", 0, "Anna")
    room.disconnect("phone-a")
    assert refused_unchanged(room, "phone-b", type="reclaim", seat=0, token="token-1") == \
        "that is not the key of seat 1 — it stays with Anna"
    assert refused_unchanged(room, "phone-b", type="reclaim", seat=0, token="\ud800") == \
        "that is not the key of seat 1 — it stays with Anna"
    assert refused_unchanged(room, "phone-b", type="reclaim", seat=1, token="token-0") == \
        "seat 2 is free — take it instead"


def test_a_phone_that_goes_away_keeps_its_seat_and_reclaims_it_with_its_token():
    room = new_room()
    token = claim(room, "phone-a", 0, "Anna").token
    room.disconnect("phone-a")
    assert room.claims[0].connection is None and room.claims[0].name == "Anna"  # reserved, not freed
    assert refused_unchanged(room, "phone-b", type="claim", seat=0, name="Bo").startswith("seat 1 is taken by Anna")
    assert send(room, "phone-a2", type="reclaim", seat=0, token=token) == Claimed(0, "Anna", token)
    assert send(room, "phone-a2", type="move", seat=0, move="mplay", t=10) == PhoneMove(0, "mplay", "lay red 7", 0.01)


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
    assert set(r for r in burst if isinstance(r, Refused)) == {Refused("too many messages — slow down")}
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
    room = Room((0,), np.random.default_rng(1), new_token=lambda: "token")
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
    assert stale == Refused("that move is not open to you now — choose one of the moves shown")
    assert (room.snapshot(), len(state.log)) == before
