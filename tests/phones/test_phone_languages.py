"""Each phone reads in its own language: the one its browser asked for when it
connected, or the one its page's picker chose later — whatever the table's
language and whatever the other phones chose. A language code from a phone is
untrusted: one we do not speak means English, and a long one costs nothing."""
import json

import pytest

from haudrauf.device.clock import FakeClock
from haudrauf.device.settings import UnitSettings
from haudrauf.phones.host import PhoneHost
from haudrauf.phones.page_words import WORDS, page_words
from haudrauf.phones.protocol import MAX_BYTES, PhoneLanguage, Refused, parse_intent, spoken
from haudrauf.play.language import LANGUAGES
from haudrauf.play.phone_seat import TableSeatPhones
from haudrauf.play.race_presses import RacePresses
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession
from haudrauf.words import msg
from tests.phones.test_server import FakePhone, get, stop

ASLEEP = msg("the unit is asleep: press Play/Pause to wake it")
IN_GERMAN = "die Einheit schläft: drück Play/Pause, um sie zu wecken"
IN_BELARUSIAN = "прылада спіць: націсніце Play/Pause, каб абудзіць яе"


@pytest.fixture
def table():
    """A Go Fish game of Anna, Bo (people) and a bot, the seats' phone views, and a host for their phones."""
    clock = FakeClock(0.0)
    plans = [SeatPlan("Anna"), SeatPlan("Bo"), SeatPlan("Cy", "heuristic", "normal")]
    session = TableSession("go-fish", {"players": 3}, plans, seed=1, unit_settings=UnitSettings(sleep_after=0))
    host = PhoneHost(clock, seat_names=lambda: session.names)
    host.start("127.0.0.1")
    phones = TableSeatPhones(session, RacePresses())

    def view_of(seat):
        return phones.view(seat, clock.now(), "#fff", lambda how: msg("Paused — {why}", why=how), None)

    def phone(seat, name, lang=""):
        """A phone whose browser asks for `lang`, on `seat`."""
        joined = FakePhone(host.server, lang)
        joined.claim(seat, name)
        host.step()
        return joined
    yield host, phones, view_of, phone
    stop(host.server)


def latest_view(host, phone, view_of, kind="table"):
    host.publish(host.clock.now(), view_of)
    return phone.next_of(kind)


def test_two_phones_read_the_same_refusal_each_in_its_own_language_while_the_table_reads_english(table):
    host, phones, view_of, phone = table
    anna = phone(0, "Anna", "de-AT")
    bo = phone(1, "Bo")
    bo.say({"type": "language", "code": "be-BY"})  # the page's picker, after it came in
    for seat in (0, 1):
        phones.refuse(seat, ASLEEP, host.clock.now())
    host.publish(host.clock.now(), view_of)
    seen_by_anna, seen_by_bo = anna.next_of("table"), bo.next_of("table")
    assert seen_by_anna["refusal"] == IN_GERMAN
    assert seen_by_bo["refusal"] == IN_BELARUSIAN
    assert str(phones.refusals[0].text) == "the unit is asleep: press Play/Pause to wake it"  # the table's English
    # counted words in each language's own plural forms
    hand = len(seen_by_anna["hand"])
    assert seen_by_anna["hand_title"] == f"Deine Hand: {hand} Karten"
    assert seen_by_bo["hand_title"] == f"Вашы карты: {len(seen_by_bo['hand'])} карт"  # 7: the "many" form


def test_a_phone_that_changes_its_language_is_sent_its_view_again_in_it(table):
    host, phones, view_of, phone = table
    anna = phone(0, "Anna")
    phones.refuse(0, ASLEEP, host.clock.now())
    assert latest_view(host, anna, view_of)["refusal"] == str(ASLEEP)
    anna.say({"type": "language", "code": "de"})
    host.step()
    assert latest_view(host, anna, view_of)["refusal"] == IN_GERMAN


def test_a_bots_seat_tells_its_phone_so_in_the_phones_language(table):
    host, phones, view_of, phone = table
    cy = phone(2, "Cy", "nb")
    assert latest_view(host, cy, view_of, "wait")["text"] == "En bot spiller plass 3 (Cy) i dette spillet"


def test_a_phone_still_choosing_hears_the_server_in_its_language(table):
    host, phones, view_of, phone = table
    anna = phone(0, "Anna", "sv")
    anna.say({"type": "leave", "seat": 0})
    assert anna.next_of("freed")["reason"] == "Du lämnade plats 1. Välj en plats för att spela igen."


@pytest.mark.parametrize("code", ["fr", "", "x" * 64, "de\u0000", "../../etc/passwd", "<script>"])
def test_a_language_the_table_does_not_speak_means_english(code):
    assert spoken(code) == "en"


def test_a_language_tag_is_read_as_browsers_write_it():
    assert [spoken(tag) for tag in ("de-DE", "nb", "no", "nn-NO", "sv_SE", "FI", "be")] == \
        ["de", "nb", "nb", "nb", "sv", "fi", "be"]


def test_a_language_message_is_checked_like_any_other():
    assert parse_intent(json.dumps({"type": "language", "code": "da"}), 0, {}) == PhoneLanguage("da")
    assert parse_intent(json.dumps({"type": "language", "code": "de" * 40}), 0, {}) == Refused(
        "in a language message, code must be text of 1 to 64 characters")
    assert isinstance(parse_intent(json.dumps({"type": "language", "code": 7}), 0, {}), Refused)
    assert isinstance(parse_intent(json.dumps({"type": "language", "code": "de", "seat": 0}), 0, {}), Refused)
    assert isinstance(parse_intent('{"type": "language", "code": "' + "d" * MAX_BYTES + '"}', 0, {}), Refused)


def test_a_phone_that_asks_for_a_strange_language_reads_english(table):
    host, phones, view_of, phone = table
    anna = phone(0, "Anna", "x" * 500)
    phones.refuse(0, ASLEEP, host.clock.now())
    assert latest_view(host, anna, view_of)["refusal"] == str(ASLEEP)
    anna.say({"type": "language", "code": "de"})
    anna.say({"type": "language", "code": "klingon"})
    host.step()
    assert host.server.language_of(0).code == "en"


def test_the_page_is_served_its_words_in_each_language_and_no_other():
    german = page_words("de")
    assert german["language"] == "de" and german["languages"] == LANGUAGES
    assert set(german["words"]) == set(WORDS)
    assert german["words"]["leave"] == "Platz verlassen"
    assert page_words("be")["words"]["your_turn"] == "Ваш ход"
    assert page_words("en")["words"] == WORDS


def test_the_pages_picker_offers_every_language_in_its_own_name():
    from importlib import resources
    import re
    page = resources.files("haudrauf.phones").joinpath("client", "index.html").read_text()
    assert dict(re.findall(r'<option value="(\w+)">([^<]+)</option>', page)) == LANGUAGES
    marked = set(re.findall(r'data-word(?:-placeholder|-label)?="(\w+)"', page))
    script = resources.files("haudrauf.phones").joinpath("client", "phone.js").read_text()
    said = {word for call in re.findall(r"say\(([^()]*)\)", script)  # a key, or either key of a ? :
            for word in re.findall(r'(?:^|[?:])\s*"(\w+)"', call)}
    assert {"your_turn", "you_are", "hit_button", "free"} <= said  # the reading finds the page's words
    assert marked | said <= set(WORDS)  # every word the page asks for is served


def test_the_seat_list_and_a_refused_claim_read_in_the_phones_language(table):
    host, phones, view_of, phone = table
    phone(0, "Anna")
    phone(2, "Cy", "fi")
    dan = FakePhone(host.server, "da")
    assert [s["why"] for s in dan.hello["seats"]][:3] == ["taget", None, "taget"]
    assert dan.refusal_for({"type": "claim", "seat": 0, "name": "Dan"}) == \
        "plads 1 er taget af Anna — vælg en ledig plads"


def test_the_server_serves_the_pages_words_in_a_language_it_speaks_and_nothing_else(table):
    server = table[0].server
    status, kind, body = get(server, "/words/fi.json")
    assert (status, kind) == (200, "application/json")
    assert json.loads(body)["words"]["cancel"] == "Peru"
    assert get(server, "/words.js")[:2] == (200, "text/javascript")
    for path in ("/words/fr.json", "/words/de", "/words/../server.json", "/words/%2e%2e.json", "/words/.json"):
        assert get(server, path)[0] == 404, path
