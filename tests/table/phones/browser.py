"""Phones in a real browser: headless Chromium (the distribution's package)
driven by Selenium, one window per phone, against a host that runs only while
the test steps it.

The host's server has no thread of its own, so nothing the browser does may
wait on it: pages load with `page_load_strategy = "none"` and every call here
returns at once; `pump` alternates the host's step with cheap looks at the
pages until what the test waits for is there. One browser per test worker
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


class Page:
    """How the test finds things on the phone page (table/phones/client/)."""
    NAME = "#name"
    SEATS = "#seats button"
    WHO = "#who"
    REFUSAL = "#refusal"
    SEAT_BUTTON = "#seat-button"
    HAU_DRAUF = "#hau-drauf"
    HAND = "#hand .card"
    MOVES = "#moves button"

    @staticmethod
    def seat_label(seat: int) -> str:
        """The words on the join form's button for `seat` (0-based), as a person reads them."""
        return f"Seat {seat + 1}"


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
        from selenium.common.exceptions import TimeoutException
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

    def _elements(self, css: str):
        from selenium.webdriver.common.by import By
        return [e for e in self._driver().find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]

    def tap(self, css: str, label: str | None = None) -> bool:
        """Tap (a real pointer click) the first shown, enabled element matching
        `css` whose text starts with `label`; False when there is none yet."""
        from selenium.common.exceptions import WebDriverException
        for element in self._elements(css):
            if element.is_enabled() and (label is None or element.text.startswith(label)):
                try:
                    element.click()
                except WebDriverException:  # covered (a flash) or replaced since it was found
                    return False
                return True
        return False

    def type(self, css: str, words: str) -> None:
        element = self._elements(css)[0]
        element.clear()
        element.send_keys(words)


class Chromium:
    """One headless browser; `phone()` opens a window for one more phone."""

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        options = Options()
        options.binary_location = str(CHROMIUM)
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         f"--window-size={WINDOW[0]},{WINDOW[1]}"):
            options.add_argument(argument)
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


@pytest.fixture(scope="session")
def chromium():
    """The worker's browser, or a skip (a failure when HAUDRAUF_BROWSER_TESTS=required) without one."""
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
            pytest.fail(f"waited {timeout:g} s for {what}\n{seen}", pytrace=False)
