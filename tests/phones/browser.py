"""Phones in a real browser: headless Chromium (the distribution's package)
driven by Selenium, one window per phone, against a host that runs only while
the test steps it.

The host's server has no thread of its own, so nothing the browser does may
wait on it: pages load with `page_load_strategy = "none"` and every call here
returns at once; `pump` alternates the host's step with cheap looks at the
pages until what the test waits for is there. One browser per test module
(it starts in about a second); a phone is a window of it — a window, not a
tab, so no phone is a background page with its timers slowed — and
sessionStorage, where the page keeps its seat key, is per window, so two
windows are two phones.

The page's element ids and words are in `Page`, the one place to update when
the page changes."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable, Iterable, TypeVar

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: "required" (CI): a missing browser fails the browser tests instead of skipping them
REQUIRED = os.environ.get("HAUDRAUF_BROWSER_TESTS") == "required"
WINDOW = (390, 844)  # a phone's screen, in CSS pixels
TIMEOUT = 10.0  # seconds a wait may take before the test fails: generous on a busy machine
STEP_WAIT = 0.01  # each host step waits this long for a phone (returning early when one speaks)
#: A look at a page gives up after this long: while the page is still loading, Chromium holds a
#: script until the document is there, which needs the host, which is not stepped meanwhile.
SCRIPT_WAIT = 0.25

T = TypeVar("T")

#: The middle of the first element for `Phone.tap` (in view, and not covered), or null.
#: Selenium's own click costs ~60 ms a tap; a pointer event sent straight to the page, ~6 ms.
FIND_SPOT = """
const [css, label] = arguments;
const target = [...document.querySelectorAll(css)].find((e) => e.offsetParent !== null && !e.disabled
                                                      && (label === null || e.innerText.split("\\n").includes(label)));
if (!target) return null;
target.scrollIntoView({block: "center"});
const box = target.getBoundingClientRect();
const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
const top = document.elementFromPoint(x, y);
return top && (top === target || target.contains(top)) ? [x, y] : null;
"""


#: What `Page.table` reads off the page.
TABLE_LOOK = """
const [hand, buttons] = [...arguments].map((css) => [...document.querySelectorAll(css)]);
return {
  hand: hand.map((c) => c.querySelector("img") ? c.querySelector("img").alt : c.innerText),
  playable: hand.flatMap((c, i) => c.classList.contains("playable") ? [i] : []),
  buttons: buttons.filter((b) => b.offsetParent !== null).map((b) => b.innerText),
};
"""


class Page:
    """How a person finds things on the phone page (phones/client/): the
    page's ids and words, in one place."""
    NAME = "#name"
    CODE = "#code"  # the code from the table's screen, on the page at the plain address
    COME_IN = "#come-in"
    LEAVE = "#leave"  # in the header while the phone holds a seat
    SEATS = "#seats button"
    NOTICE = "#notice"  # what the host said to this phone alone: a refusal, a lost seat
    SEAT_BUTTON = "#seat-button"
    HAND = "#hand .card"
    PRESSES = "#presses button"  # the unit's buttons in table mode
    MOVES = "#moves button"  # the moves that are no card (draw, pass)
    CHOICES = "#choices button"  # a card's moves, when it has several
    RACE = "#table-race li, #unit-race li"  # a slap race's result: a row a racer
    LANGUAGE = "#language"  # the picker in the header: the seven languages in their own names

    @staticmethod
    def seat_number(seat: int) -> str:
        """The number on the join form's button for `seat` (0-based)."""
        return str(seat + 1)

    @staticmethod
    def holder(name: str, seat: int) -> str:
        """What the page says once `name` holds `seat`."""
        return f"{name} · seat {seat + 1}"

    @staticmethod
    def card_words(face: str) -> str:
        """How a card of the engine's `face` ("uno/red/7") is named on the page: "red 7"."""
        return " ".join(face.split("/")[1:]).replace("_", " ")

    @classmethod
    def offers_seat(cls, phone: "Phone", seat: int) -> bool:
        """Whether the seat list shows `seat` as free, to tap."""
        return cls.seat_says(phone, seat) == "free"

    @classmethod
    def seat_says(cls, phone: "Phone", seat: int) -> str | None:
        """What the seat list says of `seat`: "free", or why not ("a bot plays it"); None: not listed."""
        lines = [t.splitlines() for t in phone.texts(cls.SEATS)]
        return next((found[-1] for found in lines if found[:1] == [cls.seat_number(seat)]), None)

    @classmethod
    def speak(cls, phone: "Phone", name: str) -> None:
        """Pick a language by its own name ("Deutsch") in the page's picker."""
        Select(phone.find(cls.LANGUAGE)).select_by_visible_text(name)

    @classmethod
    def come_in(cls, phone: "Phone", code: str) -> None:
        """Type the table's code on the page at the plain address (the host is not stepped here)."""
        phone.type(cls.CODE, code)
        assert phone.tap(cls.COME_IN), "no Come in button to tap"

    @classmethod
    def pick(cls, phone: "Phone", name: str, seat: int) -> None:
        """Type a name and tap the seat's button (the host is not stepped here)."""
        phone.type(cls.NAME, name)
        assert phone.tap(cls.SEATS, cls.seat_number(seat)), f"no seat {seat + 1} to tap"

    @classmethod
    def table(cls, phone: "Phone") -> dict[str, list]:
        """The table screen in one look: `hand`, its cards named as their
        pictures' descriptions say; `playable`, the places in the hand of the
        cards marked playable; `buttons`, the labels of the moves that are no
        card (the unit's buttons, then the others)."""
        return phone.run(TABLE_LOOK, cls.HAND, f"{cls.PRESSES}, {cls.MOVES}") or {}

    @classmethod
    def race(cls, phone: "Phone") -> list[tuple[str, str, bool]]:
        """A slap race's result as shown: (racer, time, takes cards) a row, fastest first."""
        return [(racer.removesuffix(" (you)"), time, verdict == "takes cards") for racer, time, verdict in
                phone.run("return [...document.querySelectorAll(arguments[0])].filter((r) => r.offsetParent)"
                          ".map((r) => [...r.children].map((c) => c.innerText))", cls.RACE) or []]

    @classmethod
    def tap_move(cls, phone: "Phone", label: str, card: int | None) -> bool:
        """Make a move: a card's by tapping the card (`card`: its place in the
        hand), and its choice if it has several; any other by its button."""
        if card is None:
            return phone.tap(cls.PRESSES, label) or phone.tap(cls.MOVES, label)
        if not phone.tap(cls.HAND + f":nth-child({card + 1})"):
            return False
        return not phone.texts(cls.CHOICES) or phone.tap(cls.CHOICES, label)


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            return f"{path} is missing (Debian: apt-get install chromium chromium-driver)"
    return None


class Phone:
    """One phone: a window of the shared browser. Every call switches to it first."""

    def __init__(self, browser: "Chromium", handle: str) -> None:
        self.browser = browser
        self.handle = handle

    def _driver(self):
        return self.browser.focus(self.handle)

    def open(self, url: str) -> None:
        self._driver().get(url)  # returns at once: the host serves the page in a later step

    def reload(self) -> None:
        self._driver().refresh()

    def run(self, script: str, *args):
        """The script's result, or None while the page is still loading (see SCRIPT_WAIT)."""
        try:
            return self._driver().execute_script(script, *args)
        except TimeoutException:
            return None

    def text(self) -> str:
        """What a person sees on the page: hidden parts leave no text."""
        return self.run("return document.body ? document.body.innerText : ''") or ""

    def shows(self, words: str) -> bool:
        return words in self.text()

    def texts(self, css: str) -> list[str]:
        """The visible text of every element matching `css`, in page order."""
        return self.run("return [...document.querySelectorAll(arguments[0])]"
                        ".filter((e) => e.offsetParent !== null).map((e) => e.innerText)", css) or []

    def tap(self, css: str, label: str | None = None) -> bool:
        """Tap the first shown, enabled element matching `css` with a line of
        text that is `label`, as a finger would: a real pointer press and
        release at its middle, scrolled into view. False when there is no such
        element yet, or something else is on top of it there."""
        spot = self.run(FIND_SPOT, css, label)
        if not spot:
            return False
        for kind in ("mousePressed", "mouseReleased"):
            self._driver().execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": kind, "x": spot[0], "y": spot[1], "button": "left", "clickCount": 1})
        return True

    def screenshot(self, path: Path) -> None:
        """What the phone's screen shows now, as a PNG."""
        self._driver().save_screenshot(str(path))

    def find(self, css: str):
        return self._driver().find_element(By.CSS_SELECTOR, css)

    def type(self, css: str, words: str) -> None:
        element = self.find(css)
        element.clear()
        element.send_keys(words)


class Chromium:
    """One headless browser; `phone()` opens a window for one more phone.
    `languages`: what its person reads, as a browser's settings list them ("be-BY,be"; None: the browser's own)."""

    def __init__(self, languages: str | None = None) -> None:
        options = Options()
        options.binary_location = str(CHROMIUM)
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         f"--window-size={WINDOW[0]},{WINDOW[1]}"):
            options.add_argument(argument)
        if languages:
            options.add_experimental_option("prefs", {"intl.accept_languages": languages})
        options.page_load_strategy = "none"  # never wait for the host: it is not running while we wait
        self.driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
        self.driver.set_script_timeout(SCRIPT_WAIT)
        self.home = self.driver.current_window_handle  # kept open: the browser lives while it does
        self.current = self.home
        self.phones: list[Phone] = []

    def focus(self, handle: str):
        if handle != self.current:
            self.driver.switch_to.window(handle)
            self.current = handle
        return self.driver

    def phone(self, url: str) -> Phone:
        self.focus(self.home)
        self.driver.switch_to.new_window("window")
        self.current = self.driver.current_window_handle
        self.driver.set_window_size(*WINDOW)
        phone = Phone(self, self.current)
        self.phones.append(phone)
        phone.open(url)
        return phone

    def close_phones(self) -> None:
        for phone in self.phones:
            self.focus(phone.handle).close()
        self.phones = []
        self.driver.switch_to.window(self.home)
        self.current = self.home

    def quit(self) -> None:
        self.driver.quit()


@pytest.fixture(scope="module")
def chromium():
    """The test module's browser, or a skip (a failure when HAUDRAUF_BROWSER_TESTS=required) without one."""
    reason = missing_browser()
    if reason:
        if REQUIRED:
            pytest.fail(f"browser tests are required here, but {reason}")
        pytest.skip(reason)
    browser = Chromium()
    yield browser
    browser.quit()


@pytest.fixture
def phones(chromium):
    """`phones(url, n)`: n new phones with `url` open; their windows close when the test ends."""
    def open_phones(url: str, n: int = 1) -> list[Phone]:
        return [chromium.phone(url) for _ in range(n)]
    yield open_phones
    chromium.close_phones()


def pump(step: Callable[[], object], until: Callable[[], T], what: str, phones: Iterable[Phone] = (),
         timeout: float = TIMEOUT) -> T:
    """Step the host and look at the pages until `until()` is true (returned);
    on timeout, fail saying what was waited for and what each phone shows."""
    deadline = time.monotonic() + timeout
    while True:
        step()
        done = until()
        if done:
            return done
        if time.monotonic() > deadline:
            seen = "\n".join(f"--- phone {n} shows:\n{phone.text()}" for n, phone in enumerate(phones, 1))
            pytest.fail(f"waited {timeout:g} s for {what}\n{seen}")
