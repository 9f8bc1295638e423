"""What a phone is told and what it may say: no other seat's secret ever
reaches a phone, over whole games; every bad message is refused with a reason."""
import json

import numpy as np
import pytest
from hypothesis import given, strategies as st

from haudrauf.device.settings import UnitSettings
from haudrauf.phones.protocol import MAX_BYTES, PhoneMove, PhonePong, PhonePress, Refused, parse_intent
from haudrauf.play.language import Language
from haudrauf.play.phone_view import TableOffer, card_token, move_id, said_in, table_offer, unit_message
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession

UNIT = UnitSettings(turn_time=6, sleep_after=0)


def offer_for(session, seat, now, refusal=""):
    """The seat's offer as an English phone is sent it."""
    offer = table_offer(session.state, seat, session.names, refusal, session.unit.view(now) if session.unit else None)
    return TableOffer(said_in(offer.message, Language()), offer.moves)


def hidden_from(state, seat) -> set[int]:
    """Every card `seat` may not know, from the full state: the other hands and the whole stock."""
    return {c for s, hand in enumerate(state.hands) if s != seat for c in hand} | set(state.stock)


def faces_shown(node):
    """Every card entry with a face, anywhere in a message."""
    if isinstance(node, dict):
        if node.get("face") is not None:
            yield node
        for value in node.values():
            yield from faces_shown(value)
    elif isinstance(node, list):
        for value in node:
            yield from faces_shown(value)


def leaks(message, hidden: set[int]) -> list[str]:
    """What of `hidden` the message gives away: a hidden card's id anywhere in
    its text, or a face shown without an id (it could be anyone's card)."""
    text = json.dumps(message)
    found = [f"card {c} in the text" for c in sorted(hidden) if f'"{card_token(c)}"' in text]
    tokens = {card_token(c) for c in hidden}
    for entry in faces_shown(message):
        if entry.get("card") is None or entry["card"] in tokens:
            found.append(f"face {entry['face']} shown ({entry.get('card')})")
    return found


def plans(n):
    return [SeatPlan(f"P{s}", "heuristic") for s in range(n)]


@pytest.mark.parametrize("game, options", [
    ("uno-hau-drauf", {"players": 4, "target": 60}),
    ("go-fish", {"players": 4}),
])
@pytest.mark.soak
def test_no_phone_is_ever_told_another_seats_hidden_cards_over_a_whole_game(game, options):
    session = TableSession(game, options, plans(options["players"]), seed=3, unit_settings=UNIT)
    now, checked, own_cards_seen = 0.0, 0, 0
    session.start(now)
    while not session.state.is_over:
        now += 0.05
        assert now < 3600, "the game did not end"
        session.update(now)
        if session.round_over:
            session.next_round(now)
        for seat in range(session.state.players):
            message = offer_for(session, seat, now).message
            assert leaks(message, hidden_from(session.state, seat)) == []
            own_cards_seen += len(message["hand"])
            checked += 1
    assert checked > 1000 and own_cards_seen > 0  # a whole game, and each phone did show its own hand


def test_the_leak_check_catches_another_seats_message():
    session = TableSession("go-fish", {"players": 3}, plans(3), seed=1, unit_settings=UNIT)
    state = session.state
    seat_two = said_in(table_offer(state, 1, session.names).message, Language())
    assert len(leaks(seat_two, hidden_from(state, 0))) == 2 * len(state.hands[1])  # each card: by text and by face


def test_a_phone_is_told_its_hand_its_moves_the_prompt_its_refusal_and_the_public_table():
    session = TableSession("go-fish", {"players": 3}, plans(3), seed=1, unit_settings=UNIT)
    state = session.state
    seat = state.current_seats[0]
    offer = offer_for(session, seat, 0.0, refusal="not your turn (waiting for seat 2)")
    message = offer.message
    assert [c["card"] for c in message["hand"]] == [card_token(c) for c in sorted(state.hands[seat])]
    assert message["prompt"] == "Your turn: click a card to ask an opponent for that rank"
    assert message["refusal"] == "not your turn (waiting for seat 2)"
    assert message["your_turn"] and message["waiting_for"] == [seat]
    assert [s["cards"] for s in message["seats"]] == [len(h) for h in state.hands]
    assert message["centre"][0]["count"] == len(state.stock) and message["centre"][0]["shown"] == []
    labels = {m["label"] for m in message["moves"]}
    assert len(labels) == len(state.legal_actions(seat)) and all(label.startswith("Ask P") for label in labels)
    assert set(offer.moves.values()) == set(state.legal_actions(seat))
    assert json.loads(json.dumps(message)) == message  # plain JSON


def test_a_move_keeps_its_id_while_it_stays_legal_so_a_late_press_means_what_was_chosen():
    session = TableSession("uno-hau-drauf", {"players": 3}, plans(3), seed=2, unit_settings=UNIT)
    session.start(0.0)
    state, now = session.state, 0.0
    while not state.legal_actions(state.current_seats[0] if state.current_seats else 0):
        now += 0.05
        session.update(now)
    seat = state.current_seats[0]
    first, again = offer_for(session, seat, now).moves, offer_for(session, seat, now + 1).moves
    assert first == again
    assert all(move_id(action) == ident for ident, action in first.items())


def test_unit_mode_tells_a_seat_its_light_its_clock_and_when_to_flash():
    session = TableSession("uno-hau-drauf", {"players": 3}, plans(3), seed=2, unit_settings=UNIT)
    session.start(0.0)
    now, seen = 0.0, {}
    while now < 120 and len(seen) < 3:
        now += 0.01
        view = session.unit.view(now)
        for seat in range(3):
            message = unit_message(view, seat)
            if message["on_turn"]:
                seen["turn"] = message
                assert message["clock"]["limit_ms"] == 6000 and 0 <= message["clock"]["remaining_ms"] <= 6000
                assert unit_message(view, (seat + 1) % 3)["clock"] is None  # only the seat on turn has a clock
            if message["flash"]:
                seen[message["flash"]] = message
        session.update(now)
        if session.round_over:
            session.next_round(now)
    assert set(seen) >= {"turn", "race"}, seen.keys()
    assert seen["race"]["in_race"] and seen["race"]["state"] == "slap race"


def test_a_timed_out_seat_is_told_to_flash_and_press():
    session = TableSession("uno-hau-drauf", {"players": 2}, [SeatPlan("Anna", None), SeatPlan("Bo", "heuristic")],
                           seed=2, unit_settings=UnitSettings(turn_time=3, sleep_after=0, spin_duration=0))
    session.start(0.0)
    now = 0.0
    while session.unit.state.value != "timed out" and now < 60:
        now += 0.05
        session.update(now)
    seat = session.unit.view(now).waiting_for[0]
    message = unit_message(session.unit.view(now), seat)
    assert message["flash"] == "timeout" and message["must_press"] and not message["on_turn"]


# --- what a phone may say ------------------------------------------------------------------

MOVES = {"mabc": "the engine's move"}


def say(**fields) -> str:
    return json.dumps(fields)


def test_accepted_messages_become_intents_with_the_stamp_in_seconds():
    assert parse_intent(say(type="move", seat=1, move="mabc", t=1500), 1, MOVES) == \
        PhoneMove(1, "mabc", "the engine's move", 1.5)
    assert parse_intent(say(type="press", seat=1, button="hau_drauf", t=20.0).encode(), 1, {}) == \
        PhonePress(1, "hau_drauf", 0.02)
    assert parse_intent(say(type="pong", seat=1, ping=4, t1=1000, t2=1002), 1, {}) == PhonePong(1, 4, 1.0, 1.002)


@pytest.mark.parametrize("raw, reason", [
    ("x" * (MAX_BYTES + 1), f"the message is too long (at most {MAX_BYTES} bytes)"),
    ('{"type": "press", "seat": 1, "button": "' + "ü" * 2100 + '", "t": 1}', "the message is too long"),
    (b"\xff\xfe{}", "the message is not readable (not JSON)"),
    ("{type: move}", "the message is not readable (not JSON)"),
    ("[" * 2040 + "]" * 2040, "the message is not readable"),
    ('["move"]', "the message is not readable (not a JSON object)"),
    (say(type="dance", seat=1), "unknown message type 'dance'"),
    (say(seat=1, move="mabc", t=1), "unknown message type 'None'"),
    (say(type="move", seat=1, t=1), "a move message has the wrong fields (it takes type, move, seat, t)"),
    (say(type="move", seat=1, move="mabc", t=1, cheat=True), "a move message has the wrong fields"),
    ('{"type": "move", "seat": 1, "move": "mabc", "t": 1, "t": 2}', "the message is not readable (not JSON)"),
    (say(type="move", seat="1", move="mabc", t=1), "in a move message, seat must be a whole number"),
    (say(type="move", seat=True, move="mabc", t=1), "in a move message, seat must be a whole number"),
    (say(type="move", seat=1, move=7, t=1), "in a move message, move must be text of 1 to 64 characters"),
    (say(type="move", seat=1, move="mabc", t=-5), "in a move message, t must be a time in milliseconds"),
    ('{"type": "move", "seat": 1, "move": "mabc", "t": NaN}', "the message is not readable (not JSON)"),
    (say(type="move", seat=1, move="mabc", t=1e300), "in a move message, t must be a time in milliseconds"),
    ('{"type": "move", "seat": 1, "move": "mabc", "t": 1' + "9" * 400 + "}", "in a move message, t must be"),
    (say(type="move", seat=1, move="mzzz", t=1), "that move is not open to you now — choose one of the moves shown"),
    (say(type="move", seat=2, move="mabc", t=1), "your phone holds seat 2, not seat 3"),
    (say(type="press", seat=1, button="unplug", t=1), "there is no such button"),
    (say(type="claim", seat=1, name="Anna"), "you already hold seat 2"),
])
def test_a_bad_or_hostile_message_is_refused_with_a_reason(raw, reason):
    result = parse_intent(raw, 1, MOVES)
    assert isinstance(result, Refused) and str(result.reason).startswith(reason), result


def test_a_message_that_is_not_text_at_all_is_refused():
    assert parse_intent(12, 1, MOVES) == Refused("the message is not text")


def test_no_phone_code_imports_pygame():
    import ast
    from pathlib import Path
    for path in Path(__file__).resolve().parents[3].joinpath("table", "phones").glob("*.py"):
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {n for n in names if n.split(".")[0] == "pygame" or n == "haudrauf.table.input"}, path


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                         max_size=4), max_leaves=12)
FIELDS = st.sampled_from(["type", "seat", "move", "t", "button", "ping", "t1", "t2", "name", "token"])
TYPES = st.sampled_from(["move", "press", "pong", "claim", "reclaim", "dance"])


@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_bytes_from_a_phone_are_answered_never_raised(raw):
    result = parse_intent(raw, 1, MOVES)
    assert isinstance(result, (Refused, PhoneMove, PhonePress, PhonePong))


@given(TYPES, st.dictionaries(FIELDS, JSON_VALUES | st.integers(0, 3) | st.just("mabc"), max_size=5))
def test_any_json_object_from_a_phone_is_answered_never_raised(kind, fields):
    result = parse_intent(json.dumps({**fields, "type": kind}), 1, MOVES)
    assert isinstance(result, (Refused, PhoneMove, PhonePress, PhonePong))
    if isinstance(result, PhoneMove):
        assert result.seat == 1 and result.action == MOVES["mabc"]  # only ever the seat's own legal move


def test_the_units_buttons_are_offered_as_buttons_and_the_rest_as_moves():
    session = TableSession("uno-hau-drauf", {"players": 3}, plans(3), seed=2, unit_settings=UNIT)
    session.start(0.0)
    now, kinds = 0.0, set()
    while now < 120 and not {"seat", "hau_drauf", None} <= kinds:
        now += 0.05
        session.update(now)
        for seat in range(3):
            for move in offer_for(session, seat, now).message["moves"]:
                kinds.add(move["button"])
                if move["button"] == "hau_drauf":
                    assert move["label"] == "HAU DRAUF!" and move["cards"] == []
                elif move["label"].startswith("Lay "):
                    assert move["button"] is None and len(move["cards"]) == 1
    assert {"seat", "hau_drauf", None} <= kinds


def test_an_untimed_turn_shows_no_clock_on_the_phone():
    from haudrauf.device.unit import Unit
    unit = Unit(np.random.default_rng(1), UNIT.with_changes(turn_time=None))
    unit.power_on(0.0)
    for seat in (0, 1):
        unit.press_seat(seat, 0.0)
    unit.hand_over(0, 0.1)
    message = unit_message(unit.view(0.2), 0)
    assert message["on_turn"] and message["clock"] is None
