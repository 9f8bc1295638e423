"""The phone page in a real browser against the phones' server: coming in by
the link or the typed code, joining, seats refused, kept and left, and a press
reaching the host on its own clock.

The host here is the server alone, stepped by the test on a real monotonic
clock (the browser's clock is real too); see browser.py for the harness."""
import numpy as np
import pytest

from haudrauf.device.clock import MonotonicClock
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit
from haudrauf.phones.protocol import PhonePress
from haudrauf.play.phone_view import unit_message
from haudrauf.phones.rooms import Claimed, Room
from haudrauf.phones.server import Left, PhoneServer
from tests.phones import browser
from tests.phones.browser import Page, pump

#: A real browser: `make test-all` and CI run these, `make test` does not.
pytestmark = pytest.mark.browser

chromium, phones = browser.chromium, browser.phones  # the harness's fixtures, by name


class Host:
    """The server as the table's main loop runs it: stepped, its arrivals kept."""

    def __init__(self, server):
        self.server = server
        self.arrivals = []

    def step(self):
        self.server.step(wait=browser.STEP_WAIT)
        self.arrivals += self.server.take_intents()

    def intents(self, kind):
        return [a.intent for a in self.arrivals if isinstance(a.intent, kind)]


@pytest.fixture
def host():
    server = PhoneServer(Room((0, 1, 2), why_not=lambda seat: "a bot plays it" if seat == 2 else None),
                         MonotonicClock())
    server.start("127.0.0.1", 0)
    yield Host(server)
    server.stop()


def join(host, phone, name, seat):
    pump(host.step, lambda: Page.offers_seat(phone, seat), f"the phone to offer seat {seat + 1}", [phone])
    Page.pick(phone, name, seat)


def seated(host, phone, name, seat):
    pump(host.step, lambda: phone.shows(Page.holder(name, seat)), f"{name} to hold seat {seat + 1}", [phone])


def test_two_phones_take_seats_and_a_taken_seat_is_refused_with_its_reason(host, phones):
    anna, ben = phones(host.server.join_url(), 2)
    pump(host.step, lambda: Page.offers_seat(anna, 0) and Page.offers_seat(ben, 0), "both phones to offer seat 1",
         [anna, ben])
    Page.pick(anna, "Anna", 0)
    Page.pick(ben, "Ben", 0)  # the host has not stepped since Anna's tap: seat 1 still looks free here
    pump(host.step, lambda: any(p.texts(Page.NOTICE) for p in (anna, ben)), "a phone to hear seat 1 is taken",
         [anna, ben])
    holder = host.server.room.claims[0].name  # the host read one claim first: the other is the second
    first, second = (anna, ben) if holder == "Anna" else (ben, anna)
    other = "Ben" if holder == "Anna" else "Anna"
    seated(host, first, holder, 0)
    assert second.texts(Page.NOTICE) == [f"seat 1 is taken by {holder} — pick a free seat"]
    assert not first.texts(Page.NOTICE)

    join(host, second, other, 1)
    seated(host, second, other, 1)
    assert [(c.seat, c.name) for c in host.intents(Claimed)] == [(0, holder), (1, other)]
    assert {s: c.name for s, c in host.server.room.claims.items()} == {0: holder, 1: other}


def test_a_reloaded_phone_keeps_its_seat(host, phones):
    anna, ben = phones(host.server.join_url(), 2)
    join(host, anna, "Anna", 0)
    join(host, ben, "Ben", 1)
    seated(host, ben, "Ben", 1)
    ben.reload()
    pump(host.step, lambda: host.intents(Left), "the host to see Ben's page go", [ben])
    seated(host, ben, "Ben", 1)
    assert not ben.texts(Page.SEATS), "a reloaded phone is not asked to pick a seat again"
    assert [(c.seat, c.name) for c in host.intents(Claimed)][-1] == (1, "Ben")
    assert {s: c.name for s, c in host.server.room.claims.items()} == {0: "Anna", 1: "Ben"}
    assert all(c.connection is not None for c in host.server.room.claims.values())


def test_a_tap_on_the_seat_button_reaches_the_host_stamped_on_its_clock(host, phones):
    (anna,) = phones(host.server.join_url())
    join(host, anna, "Anna", 0)
    seated(host, anna, "Anna", 0)
    unit = Unit(np.random.default_rng(1), UnitSettings())  # the unit as unit mode shows it: seat 1 is in
    now = host.server.clock.now()
    unit.power_on(now)
    unit.press_seat(0, now)
    host.server.send(0, unit_message(unit.view(now), 0))
    (connection,) = host.server.phones.values()
    pump(host.step, lambda: connection.clock.samples and anna.texts(Page.SEAT_BUTTON),
         "the phone to answer a clock ping and show its seat button", [anna])
    before = host.server.clock.now()
    assert anna.tap(Page.SEAT_BUTTON)
    pump(host.step, lambda: host.intents(PhonePress), "the press to reach the host", [anna])
    (arrival,) = [a for a in host.arrivals if isinstance(a.intent, PhonePress)]
    assert (arrival.intent.seat, arrival.intent.button) == (0, "seat")
    stamp = arrival.stamp
    assert stamp is not None and 0 < stamp.uncertainty < 0.1
    assert before - stamp.uncertainty <= stamp.time <= arrival.received + stamp.uncertainty


def test_a_phone_at_the_plain_address_types_the_code_sees_why_a_seat_is_not_free_and_can_leave_its_seat(
        host, phones):
    (anna,) = phones(host.server.address())
    pump(host.step, lambda: anna.texts(Page.COME_IN), "the page to ask for the code", [anna])
    Page.come_in(anna, "AAAAAA")
    pump(host.step, lambda: anna.texts(Page.NOTICE), "the wrong code to be refused", [anna])
    assert "did not let this phone in" in anna.texts(Page.NOTICE)[0]
    Page.come_in(anna, host.server.room.door.code.lower())
    join(host, anna, "Anna", 0)
    assert Page.seat_says(anna, 2) == "a bot plays it"
    seated(host, anna, "Anna", 0)
    assert anna.tap(Page.LEAVE) and anna.shows("Tap again to leave")
    assert anna.tap(Page.LEAVE)
    pump(host.step, lambda: Page.offers_seat(anna, 0), "the phone to be back on the seat list", [anna])
    assert anna.texts(Page.NOTICE) == ["You left seat 1. Pick a seat to play again."]
    assert [(left.seat, str(left.why)) for left in host.intents(Left)] == [(0, "Anna left seat 1: it is free again")]
    assert not host.server.room.claims
    anna.reload()  # the link it was given survives a reload: no code again
    pump(host.step, lambda: Page.offers_seat(anna, 0), "the reloaded page to list the seats", [anna])


def test_each_phone_reads_the_language_it_picked_and_the_seat_list_follows(host, phones):
    anna, ben = phones(host.server.join_url(), 2)
    pump(host.step, lambda: Page.offers_seat(anna, 0) and Page.offers_seat(ben, 0), "both phones to offer seat 1",
         [anna, ben])
    Page.speak(ben, "Deutsch")
    pump(host.step, lambda: ben.shows("Tippe auf deinen Platz") and Page.seat_says(ben, 0) == "frei",
         "Ben's page in German", [ben])
    assert anna.shows("Tap your seat") and not anna.shows("Tippe")  # Anna's stays English
    join(host, anna, "Anna", 0)
    seated(host, anna, "Anna", 0)
    pump(host.step, lambda: Page.seat_says(ben, 0) == "besetzt", "Ben to read that seat 1 is taken, in German", [ben])
    assert Page.seat_says(ben, 1) == "frei"


def test_a_phone_starts_in_its_browsers_language():
    reason = browser.missing_browser()
    if reason:
        pytest.skip(reason)
    server = PhoneServer(Room((0, 1)), MonotonicClock())
    server.start("127.0.0.1", 0)
    belarusian = browser.Chromium(languages="be-BY,be,en")
    try:
        phone = belarusian.phone(server.join_url())
        tap_your_seat = "Націсніце на сваё месца"
        pump(lambda: server.step(wait=browser.STEP_WAIT), lambda: phone.shows(tap_your_seat),
             "the page in Belarusian", [phone])
        assert phone.run("return document.getElementById('language').value") == "be"
        assert Page.seat_says(phone, 0) == "вольна"
    finally:
        belarusian.quit()
        server.stop()
