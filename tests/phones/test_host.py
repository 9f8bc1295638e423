"""Phones at the table: the app's room, what each seat's phone is shown, and
what a phone's press or move does to the game — through the real server
(test phones on its own event loop, stepped by the app's frames, a fake
clock), and the slap race's time order with a stand-in for the phones' round
trips."""
import math
import re
import socket
from types import SimpleNamespace

import pytest

from haudrauf.device import events as uev
from haudrauf.engine.core.codec import encode
from haudrauf.device.machine import UnitState
from haudrauf.table import input as I
from haudrauf.phones.forgery import forgers, honest
from haudrauf.phones.host import RemoteMove, RemotePress, steady
from haudrauf.play.phone_seat import card_refusal
from haudrauf.play.race_presses import RacePresses
from haudrauf.table.scenes.phones import PhonesScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.table.scenes.unit_mode import UnitModeScene
from haudrauf.play.seats import SeatPlan
from tests.table.conftest import run
from haudrauf.phones.rooms import AWAY_LIMIT
from tests.phones.test_server import FakePhone, drive, fetch


@pytest.fixture
def phones_app(app):
    assert app.start_phones(bind="127.0.0.1")
    yield app
    for phone in OPEN:
        if app.phones.running:
            drive(app.phones.server, phone.session.close())
        else:  # a server stopped by an error closed its loop: nothing left to close them on
            phone.session.detach()
    OPEN.clear()
    app.stop_phones()


OPEN: list = []


def phone_on(app, seat, name):
    phone = FakePhone(app.phones.server)
    OPEN.append(phone)
    phone.seat = phone.claim(seat, name)["seat"]
    return phone


def latest(app, phone, kind, frames=3):
    """The newest `kind` message after a few frames of the app."""
    run(app, 0.05 * frames)
    newest = phone.next_of(kind)  # at least one has come
    return ([newest] + [m for m in phone.inbox if m["type"] == kind])[-1]


def uno_table(app, plans, seed=3):
    scene = TableScene(app, "uno-hau-drauf", {"players": len(plans)}, plans, seed=seed, save=False)
    app.push(scene)
    return scene


def test_a_phone_sees_its_own_hand_and_moves_and_nothing_of_anyone_elses(phones_app):
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None), SeatPlan("Cy", "heuristic")])
    anna, bo = phone_on(app, 0, "Anna"), phone_on(app, 1, "Bo")
    run(app, 2.0)
    state = scene.session.state
    for phone, seat in ((anna, 0), (bo, 1)):
        message = latest(app, phone, "table")
        own = {f"c{c}" for c in state.hands[seat]}
        assert {c["card"] for c in message["hand"]} == own
        others = {f"c{c}" for s in range(3) if s != seat for c in state.hands[s]}
        assert not others & set(re.findall(r'"(c\d+)"', steady(message)))
        assert message["name"] == ("Anna", "Bo")[seat] and message["colour"].startswith("#")


def test_a_phone_on_a_seat_the_next_game_gives_a_bot_or_leaves_out_is_told_so_calmly(phones_app):
    app = phones_app
    cy, dee = phone_on(app, 2, "Cy"), phone_on(app, 4, "Dee")  # taken in the menu: every seat is open there
    uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None), SeatPlan("Cy", "heuristic")])
    assert latest(app, cy, "wait")["text"] == "A bot plays seat 3 (Cy) in this game"
    assert latest(app, dee, "wait")["text"] == "This game has 3 seats: seat 5 is not in it"


def test_the_menu_tells_a_phone_its_game_starts_soon(phones_app):
    from haudrauf.table.scenes.menu import MenuScene
    phones_app.push(MenuScene(phones_app))
    phone = phone_on(phones_app, 0, "Anna")
    assert "menu" in latest(phones_app, phone, "wait")["text"]


def test_a_move_chosen_on_the_phone_is_played_for_its_seat(phones_app):
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None)])
    phones = [phone_on(app, 0, "Anna"), phone_on(app, 1, "Bo")]
    for _ in range(400):  # until the unit gives a seat its turn and its phone offers a card
        run(app, 0.05)
        offers = [(p, m) for p in phones for m in p.inbox if m["type"] == "table" and m["your_turn"]
                  and any(move["cards"] for move in m["moves"])]
        if offers:
            break
    phone, message = offers[-1]
    move = next(m for m in message["moves"] if m["cards"])
    chosen = app.phones.offers[phone.seat][move["id"]]
    moves_before = len(scene.session.state.log)
    phone.say({"type": "move", "seat": phone.seat, "move": move["id"], "t": 1.0})
    run(app, 0.1)
    assert tuple(scene.session.state.log[moves_before]) == ("act", phone.seat, encode(chosen))


def test_a_move_the_engine_refuses_goes_back_to_that_phone_with_the_reason(phones_app):
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None)])
    anna = phone_on(app, 0, "Anna")
    run(app, 0.3)
    played = scene.session.state.log[:]
    scene.handle(RemoteMove(0, scene.session.state.hau_drauf_button, app.clock.now(), 0.01), app.clock.now())
    message = latest(app, anna, "table")
    assert message["refusal"] and scene.session.state.log == played


def test_the_shared_screen_never_shows_a_hand_held_on_a_phone(phones_app):
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Cy", "heuristic")])
    assert scene.viewer == 0  # one person at the screen: their hand shows
    phone_on(app, 0, "Anna")
    run(app, 0.2)
    assert scene.viewer is None
    scene.handle(I.SeatKey(0, True, app.clock.now()), app.clock.now())  # her key shows nothing either
    assert scene.viewer is None


def test_in_unit_mode_a_phone_names_its_seat_and_its_button_joins_and_ends_turns(phones_app):
    app = phones_app
    scene = UnitModeScene(app)
    app.push(scene)
    zoe = phone_on(app, 2, "Zoe")
    run(app, 0.1)
    assert scene.names[2] == "Zoe"
    zoe.press()
    run(app, 0.1)
    assert 2 in scene.unit.seats
    message = latest(app, zoe, "unit")
    assert message["name"] == "Zoe" and message["in_game"] and "join" in message["status"]


def test_the_phones_panel_shows_the_code_the_address_and_who_joined(phones_app, drawn):
    app = phones_app
    app.push(UnitModeScene(app))
    phone_on(app, 1, "Bo")
    app.push(PhonesScene(app))
    run(app, 0.1)
    assert f"and type the code {app.phones.code}" in drawn and app.phones.address() in drawn
    assert "Bo · on the phone at 127.0.0.1 · clock syncing…" in drawn


def test_stopping_phones_closes_the_room_and_starting_again_keeps_seats_and_place_with_a_new_link_and_code(
        phones_app):
    app = phones_app
    app.push(UnitModeScene(app))
    phone_on(app, 1, "Bo")
    run(app, 0.1)
    code, link, port = app.phones.code, app.phones.join_url(), app.phones.server.port
    app.stop_phones()
    assert not app.phones.running
    assert app.start_phones() and app.phones.holds(1)  # the panel's Start phones: no port or address given
    assert (app.phones.server.host, app.phones.server.port) == ("127.0.0.1", port)
    assert app.phones.code != code and app.phones.join_url() != link


def test_the_same_seed_does_not_give_the_same_code(config_dir):
    """The code and the link come from `secrets`: a game's seed says nothing of them."""
    from haudrauf.device.clock import FakeClock
    from haudrauf.table.app import App
    seen = set()
    for _ in range(3):
        app = App(size=(640, 480), clock=FakeClock(100.0), seed=7, settings_path=config_dir / "settings.toml")
        assert app.start_phones(bind="127.0.0.1")
        seen.add((app.phones.code, app.phones.join_url().split("#")[1]))
        app.stop_phones()
        app.audio.close()
    assert len({code for code, _ in seen}) == len({link for _, link in seen}) == 3


def test_phones_listen_on_the_address_the_qr_code_shows_not_every_network(app, monkeypatch):
    from haudrauf.phones import server
    monkeypatch.setattr(server, "lan_address", lambda: "127.0.0.1")  # the machine's LAN address, here loopback
    assert app.start_phones()
    try:
        assert app.phones.server.host == "127.0.0.1" and app.phones.join_url().startswith("http://127.0.0.1:")
    finally:
        app.stop_phones()


def test_the_join_list_in_a_game_offers_only_the_peoples_seats_and_says_why_not_the_others(phones_app):
    app = phones_app
    uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None), SeatPlan("Cleo", "heuristic")])
    phone_on(app, 0, "Anna")
    run(app, 0.1)
    newcomer = FakePhone(app.phones.server)
    OPEN.append(newcomer)
    assert [(s["seat"], s["name"], s["why"]) for s in newcomer.hello["seats"]] == [
        (0, "Anna", "taken"), (1, "Bo", None), (2, "Cleo", "a bot plays it"),
        (3, None, "not in this game"), (4, None, "not in this game"), (5, None, "not in this game")]
    assert newcomer.refusal_for({"type": "claim", "seat": 2, "name": "Dee"}) == \
        "seat 3 is not free: a bot plays it — pick a free seat"


def test_the_panel_shows_who_holds_which_seat_from_where_and_frees_a_seat_kicking_its_phone(phones_app, drawn):
    app = phones_app
    app.push(UnitModeScene(app))
    bo = phone_on(app, 1, "Bo")
    panel = PhonesScene(app)
    app.push(panel)
    run(app, 0.1)
    assert "Bo · on the phone at 127.0.0.1 · clock syncing…" in drawn
    (free,) = [b for b in panel.buttons if b.label == "Free"]
    app.frame([I.PointerDown(free.rect.center, -1, app.clock.now())])
    assert not app.phones.holds(1)
    assert bo.next_of("freed")["reason"] == "The table made seat 2 free. Pick a seat to play again."
    assert bo.next_of("room")["seats"][1]["why"] is None  # back on the seat list
    run(app, 0.1)
    assert app.notice[0] == "Seat 2 is free again (taken back from Bo's phone)"
    assert not [b for b in panel.buttons if b.label == "Free"]


def test_a_seat_left_on_the_phone_is_free_and_the_table_says_so(phones_app):
    app = phones_app
    app.push(UnitModeScene(app))
    bo = phone_on(app, 1, "Bo")
    bo.say({"type": "leave", "seat": 1})
    run(app, 0.1)
    assert not app.phones.holds(1) and app.notice[0] == "Bo left seat 2: it is free again"


def test_a_seat_frees_itself_a_minute_after_its_phone_went_and_a_phone_back_in_time_keeps_it(phones_app):
    app = phones_app
    app.push(UnitModeScene(app))
    anna, bo = phone_on(app, 0, "Anna"), phone_on(app, 1, "Bo")
    keys = {seat: app.phones.room.claims[seat].token for seat in (0, 1)}
    for phone in (anna, bo):
        OPEN.remove(phone)
        phone.close()
    run(app, 0.2)
    assert app.notice[0] == "Seat 2's phone went away: the seat waits a minute for it"
    run(app, AWAY_LIMIT - 5)
    back = FakePhone(app.phones.server)
    OPEN.append(back)
    back.say({"type": "reclaim", "seat": 1, "token": keys[1]})
    assert back.next_of("claimed")["seat"] == 1
    run(app, 10)
    assert not app.phones.holds(0) and app.phones.holds(1)
    assert app.notice[0] == "Anna's phone did not come back: seat 1 is free again"


# --- slap races with phones: decided in the order the presses happened ---------------------------------------

class SlowPhones:
    """Stands in for the app's phones: seat 1 is on a phone whose presses come
    `hold` late; its intents are handed over when the test says they arrive."""
    running = True

    def __init__(self, hold):
        self.hold, self.arriving = hold, []

    def race_hold(self, racers):
        return self.hold

    def holds(self, seat):
        return seat == 1

    def name(self, seat):
        return None

    def step(self):
        arrived, self.arriving = self.arriving, []
        return arrived

    def publish(self, now, view_of):
        pass

    def stop(self):
        pass


def race(app, phone_pm, hold=0.1):
    """Seats 0, 1, 2 race: seat 2's key at +0.10 s, seat 1's phone press at
    +0.20 s arriving at +0.26 s, seat 0's key at +0.23 s."""
    app.phones = SlowPhones(hold)
    scene = UnitModeScene(app, seats=(0, 1, 2))
    app.push(scene)
    scene.feed(scene.unit.hand_over(2, app.clock.now()))
    start = app.clock.now()
    app.frame([I.HauDraufKey(start)])
    assert scene.unit.state is UnitState.SLAP_RACE
    keys = {round(0.10 / 0.01): I.SeatKey(2, True, start + 0.10), round(0.23 / 0.01): I.SeatKey(0, True, start + 0.23)}
    for step in range(1, 60):
        app.clock.advance(0.01)
        if step == 26:
            app.phones.arriving.append(RemotePress(1, "seat", start + 0.20, phone_pm))
        app.frame([keys[step]] if step in keys else [])
    return scene


def test_a_phones_press_that_arrives_late_still_beats_a_later_key(app):
    scene = race(app, phone_pm=0.01)
    result = scene.last_race
    assert dict(result.times) == pytest.approx({0: 230.0, 1: 200.0, 2: 100.0}, abs=0.01)
    assert result.losers == (0,)
    assert "2: 200 ms ±10" in scene.banner and "too close" not in scene.banner


def test_a_race_closer_than_the_phones_uncertainty_says_it_is_too_close_to_call(app):
    scene = race(app, phone_pm=0.05)
    assert scene.last_race.losers == (0,)  # the order stands: the unit needs one
    assert "too close to call" in scene.banner


def test_without_the_hold_the_late_press_would_have_lost(app):
    """The comparison that shows why the hold is there."""
    scene = race(app, phone_pm=0.01, hold=0.0)
    assert scene.last_race.losers == (1,)


def test_held_presses_come_out_in_time_order_and_all_of_them_once_the_race_is_over():
    presses = RacePresses()
    assert not presses.take(0, 1.0, 0.004)  # no race: straight to the unit
    presses.start(hold=0.1)
    assert presses.clock(10.0) == pytest.approx(9.9)
    assert presses.take(1, 5.2, 0.01) and presses.take(0, 5.1, 0.004) and presses.take(2, 5.3, 0.02)
    assert presses.due(5.15) == [(0, 5.1)]
    presses.end()
    assert presses.clock(10.0) == 10.0
    assert presses.due(0.0) == [(1, 5.2), (2, 5.3)]


def test_a_bots_press_counts_as_exact_and_an_unsynced_phone_as_unknown():
    presses = RacePresses()
    presses.start(hold=0.1)
    presses.take(1, 5.0, math.inf)
    result = uev.SlapResult(at=6.0, slapper=0, times=((0, 300.0), (1, 310.0)), losers=(1,), window_expired=False)
    verdict = presses.judge(result)
    assert verdict.pm == {1: math.inf} and verdict.close_call and not presses.racing


def test_the_app_without_phones_races_as_before(app):
    """No phones: no hold, every press to the unit at once."""
    assert app.phones is None
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    scene.feed(scene.unit.hand_over(1, app.clock.now()))
    t = app.clock.now()
    app.frame([I.HauDraufKey(t), I.SeatKey(0, True, t + 0.2)])
    assert scene.unit.view(t + 0.2).reactions == ((0, pytest.approx(200.0)),)


def test_a_phone_gone_mid_turn_does_not_stop_the_clock_and_coming_back_shows_where_things_are(phones_app):
    app = phones_app
    app.settings.unit = app.settings.unit.with_changes(turn_time=4.0)
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    anna = phone_on(app, 0, "Anna")
    token = app.phones.room.claims[0].token
    scene.feed(scene.unit.hand_over(0, app.clock.now()))
    assert latest(app, anna, "unit")["on_turn"]
    OPEN.remove(anna)
    anna.close()
    run(app, 5.0)  # her phone is away: the turn runs out all the same
    assert scene.unit.state is UnitState.TIMED_OUT and not app.phones.room.claims[0].connection
    back = FakePhone(app.phones.server)
    OPEN.append(back)
    back.say({"type": "reclaim", "seat": 0, "token": token})
    assert back.next_of("claimed")["seat"] == 0
    message = latest(app, back, "unit")
    assert message["must_press"] and message["name"] == "Anna"


def test_phones_switched_off_leave_nothing_listening(phones_app):
    import socket
    port = phones_app.phones.server.port
    phones_app.stop_phones()
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0


def test_a_seat_on_a_phone_is_asked_to_tap_its_phone_not_a_key(phones_app):
    from dataclasses import replace
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None)])
    phone_on(app, 0, "Anna")
    run(app, 0.1)
    prompt, _ = scene.prompt_and_hint(replace(scene.view(), press=(0, 1)))
    assert "Anna: tap your button on your phone" in prompt
    assert "Anna Q" not in prompt and "Bo" in prompt  # Bo plays on the screen: his key is named


# --- forged presses: a phone's word held to what the host saw (issue 24) ---------------------------------------

LEG = 0.002  # s each message takes on the test's loopback (on the fake clock)
PHONE_AHEAD = 1000.0  # a test phone's clock reads this much more than the host's


def forger_on(app, seat, forger, name="Fox", samples=8):
    """A phone on `seat` answering the host's pings as `forger` does, `samples` times
    (then its clock sync trusts its estimate and pings only now and then)."""
    phone = phone_on(app, seat, name)
    clock = app.clock
    for _ in range(samples):
        ping = phone.next_of("ping")["ping"]
        clock.advance(LEG)
        got = clock.now() + PHONE_AHEAD
        clock.advance(forger.hold)
        t1, t2 = forger.answer(got, clock.now() + PHONE_AHEAD)
        clock.advance(LEG)
        phone.say({"type": "pong", "seat": seat, "ping": ping, "t1": t1 * 1000, "t2": t2 * 1000})
        clock.advance(0.25)  # the next ping is due (while the sync is not yet sure)
    return phone


def forged_press(app, phone, forger) -> float:
    """The forger presses now (returned: when, on the host's clock); its press arrives a leg later."""
    pressed = app.clock.now()
    stamp = forger.stamp(pressed + PHONE_AHEAD)
    app.clock.advance(LEG)
    phone.say({"type": "press", "seat": phone.seat, "button": "seat", "t": stamp * 1000})
    return pressed


@pytest.mark.parametrize("strategy", list(forgers()))
def test_a_forged_press_gains_at_most_its_fastest_round_trip_and_never_more_than_its_plus_minus(phones_app,
                                                                                                strategy):
    app = phones_app
    forger = forgers()[strategy]
    phone = forger_on(app, 1, forger)
    forged_press(app, phone, forger)  # a replayed stamp is this one's, used again
    app.clock.advance(5.0)
    app.phones.step()
    pressed = forged_press(app, phone, forger)
    press = next(i for i in app.phones.step() if isinstance(i, RemotePress))
    fastest = 2 * LEG + forger.hold
    assert press.t >= pressed + LEG - fastest - 1e-9  # never earlier than its arrival less its fastest round trip
    assert pressed - press.t <= press.uncertainty  # what it gained is inside the ± it is shown with
    assert press.t <= pressed + LEG


@pytest.mark.parametrize("strategy", ["slowed pings", "lopsided slowed pings"])
def test_a_forger_slowing_its_pings_wins_a_race_only_as_too_close_to_call(phones_app, strategy):
    """Seat 0's key at +50 ms, seat 2's at +300 ms, the forger (seat 1) truly
    last at +350 ms: its forged stamp moves it ahead of seat 2, but its ±
    reaches across that gap, so the result says it is a guess."""
    app = phones_app
    scene = UnitModeScene(app, seats=(0, 1, 2))
    app.push(scene)
    forger = forgers()[strategy]
    phone = forger_on(app, 1, forger)
    scene.feed(scene.unit.hand_over(2, app.clock.now()))
    start = app.clock.now()
    app.frame([I.HauDraufKey(start)])
    keys = {5: I.SeatKey(0, True, start + 0.05), 30: I.SeatKey(2, True, start + 0.30)}
    for step in range(1, 90):
        app.clock.advance(0.01)
        if step == 35:
            forged_press(app, phone, forger)
        app.frame([keys[step]] if step in keys else [])
    result = scene.last_race
    assert result.losers == (2,)  # the order stands: the unit needs one
    assert dict(result.times)[1] >= 350 + 1000 * LEG - 1000 * (2 * LEG + forger.hold) - 1
    assert "too close to call" in scene.banner


def test_a_wide_plus_minus_placed_first_still_makes_the_race_too_close_to_call():
    """Not only the last two: a press whose ± reaches across the deciding gap
    (between seat 0 at 100 ms and seat 2 at 300 ms), wherever it was placed."""
    presses = RacePresses()
    presses.start(hold=0.3)
    presses.take(0, 5.1)
    presses.take(1, 5.0, 0.3)  # a phone's press placed first, ±300 ms
    presses.take(2, 5.3)
    result = uev.SlapResult(at=6.0, slapper=0, times=((1, 0.0), (0, 100.0), (2, 300.0)), losers=(2,),
                            window_expired=False)
    assert presses.judge(result).close_call
    presses.start(hold=0.3)
    presses.take(0, 5.1)
    presses.take(1, 5.0, 0.05)  # ±50 ms: it cannot have been slower than seat 2
    presses.take(2, 5.3)
    assert not presses.judge(result).close_call


def test_a_phone_less_sure_than_the_setting_is_told_it_is_too_slow_to_race_fairly(phones_app, drawn):
    app = phones_app
    app.push(UnitModeScene(app))
    honest_phone = forger_on(app, 0, honest(), name="Hal")
    slow = forger_on(app, 1, forgers()["slowed pings"], name="Sly")
    run(app, 0.1)
    assert latest(app, slow, "unit")["too_slow"].startswith("Your connection is too slow to race fairly")
    assert latest(app, honest_phone, "unit")["too_slow"] == ""
    app.push(PhonesScene(app))
    run(app, 0.1)
    assert any(line.startswith("Sly · on the phone") and line.endswith("too slow to race fairly") for line in drawn)
    assert any(line.startswith("Hal · on the phone") and "too slow" not in line for line in drawn)


# --- the phone's words: the rules' reason, and "Paused — why" (issue 25) -----------------------------------------

def until_a_phone_has(app, phones, wanted, what, frames=400):
    """Run the app until one of `phones` is sent a table message that is `wanted`: (phone, message)."""
    for _ in range(frames):
        run(app, 0.05)
        found = [(p, m) for p in phones for m in p.inbox if m["type"] == "table" and wanted(m)]
        if found:
            return found[-1]
    pytest.fail(f"no phone was sent {what}")


def test_a_card_without_a_move_tells_the_phone_the_engines_reason_as_the_table_does(phones_app):
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None)])
    phones = [phone_on(app, 0, "Anna"), phone_on(app, 1, "Bo")]
    state = scene.session.state

    def refused_card(message):  # one of the seat's cards that has no move, though it is the seat's turn
        return next((c for c in message["hand"] if message["your_turn"] and "why" in c
                     and state.card_move(message["seat"], int(c["card"][1:])) is not None), None)
    phone, message = until_a_phone_has(app, phones, refused_card, "a turn with a card that does not fit")
    card, seat = refused_card(message), message["seat"]
    engine_says = state.refusal(seat, state.card_move(seat, int(card["card"][1:])))
    assert card["why"] == str(engine_says) and "does not match" in str(engine_says)  # "a red 4 does not match a yellow 7"
    table_says = card_refusal(scene.session, seat, int(card["card"][1:]), message["prompt"])
    assert card["why"] == str(table_says)  # the table's words
    other = latest(app, phones[1 - seat], "table")
    waiting = {c["why"] for c in other["hand"]}
    assert waiting == {f"not your turn — {('Anna', 'Bo')[seat]} to play"}


def test_a_phone_is_told_the_table_is_paused_and_why_and_its_clock_stands_still(phones_app):
    from haudrauf.table.scenes.confirm import ConfirmScene
    from haudrauf.table.scenes.help import HelpScene
    app = phones_app
    scene = uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None)])
    phones = [phone_on(app, 0, "Anna"), phone_on(app, 1, "Bo")]
    phone, message = until_a_phone_has(app, phones, lambda m: m["unit"]["clock"], "a turn on the clock")
    assert message["paused"] == "" and message["unit"]["clock"]["running"]
    for cover, why in ((PhonesScene(app), "the Phones panel is open on the table"),
                       (HelpScene(app), "the help is open on the table"),
                       (ConfirmScene(app, "Leave the game?", "", "Leave", lambda: None),
                        "the table asks: Leave the game?")):
        app.push(cover)
        paused = latest(app, phone, "table")
        assert paused["paused"] == f"Paused — {why}"
        clock = paused["unit"]["clock"]
        run(app, 2.0)
        assert not clock["running"] and latest(app, phone, "table")["unit"]["clock"] == clock  # it stands still
        app.pop()
        assert latest(app, phone, "table")["paused"] == ""
    scene.session.play_pause(app.clock.now())
    assert latest(app, phone, "table")["paused"] == "Paused — press Play/Pause on the table to go on"


def test_a_phone_in_unit_mode_is_told_the_unit_is_paused(phones_app):
    app = phones_app
    scene = UnitModeScene(app, seats=(0, 1))
    app.push(scene)
    anna = phone_on(app, 0, "Anna")
    scene.feed(scene.unit.hand_over(0, app.clock.now()))
    assert latest(app, anna, "unit")["paused"] == ""
    scene.feed(scene.unit.press_play_pause(app.clock.now()))
    message = latest(app, anna, "unit")
    assert message["paused"] == "Paused — press Play/Pause to go on" and not message["clock"]["running"]


def test_one_slow_round_trip_does_not_hold_every_race_that_long(phones_app):
    """A race waits for the racing phones' fastest round trip (no press is placed
    further back than that), not for the slowest ping of the last half minute."""
    app = phones_app
    phone = forger_on(app, 1, honest())
    app.clock.advance(2.0)  # the sync is sure: the next ping comes now and then
    ping = phone.next_of("ping")["ping"]
    app.clock.advance(0.2)  # a Wi-Fi hiccup on the way back
    stamp = (app.clock.now() + PHONE_AHEAD) * 1000
    phone.say({"type": "pong", "seat": 1, "ping": ping, "t1": stamp, "t2": stamp})
    app.phones.step()
    assert max(s.delay for s in app.phones.server.phone_of(1).clock.samples) == pytest.approx(0.2)
    assert app.race_hold((0, 1)) == pytest.approx(2 * LEG)


@pytest.mark.parametrize("failing", ["step", "wait", "send"])
def test_a_failing_phone_server_stops_the_phones_and_the_game_goes_on(phones_app, drawn, failing):
    """Whatever goes wrong in the phones' server (here: out of open files, in the
    frame's step, in the idle time's wait, or sending a phone its view), the
    phones stop with one line on the table; the game, its save and the frames go on."""
    import errno
    from haudrauf.play import autosave
    app = phones_app
    scene = TableScene(app, "uno-hau-drauf", {"players": 3},
                       [SeatPlan("Ann", "heuristic"), SeatPlan("Bo", "heuristic"), SeatPlan("Cy", "heuristic")], seed=3)
    phone_on(app, 0, "Ann")  # taken in the menu, kept while the bots play: the phone is sent its view
    app.push(scene)
    run(app, 1.0)
    server, port = app.phones.server, app.phones.server.port

    def out_of_files(*args, **kwargs):
        raise OSError(errno.EMFILE, "Too many open files")
    moves = len(scene.session.state.log)
    drawn.clear()
    if failing == "send":
        server.send = out_of_files
        app.phones.sent.clear()  # every seat's view is due again
    else:
        server.step = out_of_files
    if failing == "wait":
        app.frames = SimpleNamespace(tick=lambda fps=0: 0)  # the pacing without its real pause
        app.pace(app.clock.now())
    app.frame([])
    assert "Phones stopped: too many open files. The game goes on." in drawn
    assert not app.phones.running
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0  # nothing left listening
    run(app, 8.0)  # the bots play on, the table is drawn, and every move is saved
    assert len(scene.session.state.log) > moves + 5
    assert len(autosave.read(autosave.path())[0]["log"]) == len(scene.session.state.log)


def test_a_phone_gets_pictures_of_its_games_cards_only(phones_app, monkeypatch):
    """A picture is painted for a card of the game on the table; another game's
    card or a made-up one is a 404, never painted: nothing is made or kept for it."""
    from haudrauf.table.faces import png
    painted = []
    paint = png.render_card
    monkeypatch.setattr(png, "render_card", lambda face, *args, **kwargs: (painted.append(face),
                                                                         paint(face, *args, **kwargs))[1])
    app = phones_app
    uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None)])
    run(app, 0.1)
    server = app.phones.server
    assert fetch(server, "/card/uno/blue/3.png")[:2] == (200, "image/png")
    for face in ("std/Q/hearts", "skipbo/5", "uno/purple/3"):
        assert fetch(server, f"/card/{face}.png")[0] == 404, face
    assert "std/Q/hearts" not in painted and "uno/purple/3" not in painted
