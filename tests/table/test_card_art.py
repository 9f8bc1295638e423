"""Our own card art (issue 16, point 6): the UNO Hau drauf back shows our HAU
DRAUF wordmark, no card of any game prints "UNO" (the UI names the game in
words, the art is ours), every numbered card prints its number at every size
the table uses, and the UNO Hau drauf numbers fill the middle of the card."""
import numpy as np
import pygame
import pytest

from haudrauf.table import faces
from haudrauf.table.faces import common
from haudrauf.table.faces.uno_hau_drauf import UNO_COLOURS
from haudrauf.table.faces_sheet import GAMES, all_faces
from haudrauf.table.ui import theme, wordmark
from tests.table.test_faces import card_pixels

SIZES = [40, 120, 300]  # an opponent's row, a hand, a big window


@pytest.fixture(autouse=True)
def fresh_cards():
    pygame.font.init()
    faces.clear_cache()
    yield
    faces.clear_cache()


@pytest.fixture
def printed(monkeypatch):
    """Every string the card painters render from now on (fonts built afresh
    so each rendering is seen)."""
    seen: list[str] = []

    class Spy(pygame.font.Font):
        def render(self, text, *args, **kwargs):
            seen.append(text)
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", Spy)
    monkeypatch.setattr(common, "_FONTS", {})
    monkeypatch.setattr(theme, "_fonts", {})
    wordmark._wordmark.cache_clear()
    yield seen
    wordmark._wordmark.cache_clear()


def paint(face, height, game=""):
    faces.render_card(face, faces.card_size(height), game=game)


@pytest.mark.parametrize("height", SIZES)
def test_the_uno_back_says_hau_drauf_and_never_uno(printed, height):
    paint(None, height, game="uno-hau-drauf")
    assert {"HAU", "DRAUF"} <= set(printed)
    assert not any("UNO" in text.upper() for text in printed)


@pytest.mark.parametrize("height", [120, 300])
def test_the_uno_back_is_our_yellow_burst_across_the_middle(height):
    """The wordmark's burst (the HAU DRAUF button's yellow) spans most of the
    card's width in its middle, with white letters on it."""
    rgb = card_pixels(None, height, game="uno-hau-drauf")
    w, h = rgb.shape[:2]
    middle = rgb[round(w * 0.12):round(w * 0.88), round(h * 0.3):round(h * 0.7)]
    yellow = (np.abs(middle - np.array(wordmark.BURST)).max(axis=2) < 30)
    white = (middle.min(axis=2) > 225)
    assert yellow.mean() > 0.05 and white.mean() > 0.08
    columns = np.flatnonzero(yellow.any(axis=1))
    assert columns[-1] - columns[0] > 0.5 * w


def test_no_card_of_any_game_prints_uno_front_or_back(printed):
    for found in all_faces().values():
        for face in found:
            paint(face, 120)
    for game in GAMES:
        paint(None, 120, game=game)
    assert "7" in printed and "DRAUF" in printed  # the spy sees what the cards print
    assert not [text for text in printed if "UNO" in text.upper()]


def test_the_hau_drauf_cards_carry_our_wordmark(printed):
    for colour in UNO_COLOURS:
        printed.clear()
        wordmark._wordmark.cache_clear()  # drawn afresh, so the spy sees its words
        paint(f"uno/{colour}/haudrauf", 120)
        assert {"HAU", "DRAUF"} <= set(printed), colour


def number_of(face: str) -> str | None:
    """The number or rank a face shows, if it has one."""
    for part in face.split("/")[1:]:
        if part.isdigit() or part in ("A", "J", "Q", "K"):
            return part
    return None


@pytest.mark.parametrize("height", SIZES)
def test_every_numbered_card_prints_its_number_at_every_size(printed, height):
    numbered = [(face, number_of(face)) for found in all_faces().values() for face in found if number_of(face)]
    assert len(numbered) > 150
    for face, number in numbered:
        printed.clear()
        paint(face, height)
        assert number in printed, face


def ink_height(rgb: np.ndarray) -> float:
    """How tall, as a share of the card, the non-white ink is in the middle of the
    seat button (the number and its outline; the button's rim lies outside)."""
    w, h = rgb.shape[:2]
    middle = rgb[round(w * 0.4):round(w * 0.6), round(h * 0.27):round(h * 0.73)]
    rows = np.flatnonzero((middle.min(axis=2) < 170).any(axis=0))
    return (rows[-1] - rows[0] + 1) / h if len(rows) else 0.0


@pytest.mark.parametrize("colour", list(UNO_COLOURS))
@pytest.mark.parametrize("height, share", [(40, 0.36), (120, 0.3)])
def test_uno_numbers_fill_the_middle_of_the_card(colour, height, share):
    """Readable from across the table: each number is at least about a third of
    the card tall (bigger still on the small cards, whose corners are dropped)."""
    for digit in "0123456789":
        assert ink_height(card_pixels(f"uno/{colour}/{digit}", height)) >= share, digit


@pytest.mark.parametrize("height", SIZES)
def test_every_back_stands_out_on_the_felt(height):
    """A face-down card has a frame that is clearly not felt, so a pile or a
    hand of backs is seen as cards (not holes in the table)."""
    for game in GAMES:
        rgb = card_pixels(None, height, game=game)
        w, h = rgb.shape[:2]
        band = np.ones((w, h), bool)
        d = max(2, round(h * 0.06))
        band[d:w - d, d:h - d] = False
        unlike_felt = np.abs(rgb - np.array(theme.FELT)).max(axis=2) > 80
        assert unlike_felt[band].mean() > 0.25, game
