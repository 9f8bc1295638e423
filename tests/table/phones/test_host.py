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

from device import events as uev
from engine.core.codec import encode
from device.unit import UnitState
from table import input as I
from table.phones.host import RemoteMove, RemotePress, steady
from table.race_presses import RacePresses
from table.scenes.phones import PhonesScene
from table.scenes.table_mode import TableScene
from table.scenes.unit_mode import UnitModeScene
from table.seats import SeatPlan
from tests.table.conftest import run
from tests.table.phones.test_server import FakePhone, drive, fetch


@pytest.fixture
def phones_app(app):
    assert app.start_phones(interface="127.0.0.1")
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


def test_a_bots_seat_and_a_seat_not_in_the_game_are_told_so_calmly(phones_app):
    app = phones_app
    uno_table(app, [SeatPlan("Anna", None), SeatPlan("Bo", None), SeatPlan("Cy", "heuristic")])
    cy, dee = phone_on(app, 2, "Cy"), phone_on(app, 4, "Dee")
    assert latest(app, cy, "wait")["text"] == "A bot plays seat 3 (Cy) in this game"
    assert latest(app, dee, "wait")["text"] == "This game has 3 seats: seat 5 is not in it"


def test_the_menu_tells_a_phone_its_game_starts_soon(phones_app):
    from table.scenes.menu import MenuScene
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
    assert f"Room {app.phones.code}" in drawn and app.phones.join_url() in drawn
    assert any(line.startswith("Bo · on the phone") for line in drawn)


def test_stopping_phones_closes_the_room_and_starting_again_keeps_the_seats(phones_app):
    app = phones_app
    app.push(UnitModeScene(app))
    phone_on(app, 1, "Bo")
    run(app, 0.1)
    code = app.phones.code
    app.stop_phones()
    assert not app.phones.running
    assert app.start_phones() and app.phones.code == code and app.phones.holds(1)


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


@pytest.mark.parametrize("failing", ["step", "wait", "send"])
def test_a_failing_phone_server_stops_the_phones_and_the_game_goes_on(phones_app, drawn, failing):
    """Whatever goes wrong in the phones' server (here: out of open files, in the
    frame's step, in the idle time's wait, or sending a phone its view), the
    phones stop with one line on the table; the game, its save and the frames go on."""
    import errno
    from table import autosave
    app = phones_app
    scene = TableScene(app, "uno-hau-drauf", {"players": 3},
                       [SeatPlan("Ann", "heuristic"), SeatPlan("Bo", "heuristic"), SeatPlan("Cy", "heuristic")], seed=3)
    app.push(scene)
    phone_on(app, 0, "Ann")
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
    from table.faces import png
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
