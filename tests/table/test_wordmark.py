"""The HAU DRAUF wordmark (table/ui/wordmark.py): drawn where and as big as
asked, in both layouts, tinted on request, and it says HAU DRAUF — never UNO."""
import numpy as np
import pygame
import pytest

from haudrauf.table.ui import theme, wordmark
from tests.table.test_card_art import printed  # noqa: F401  (a fixture)

BACKGROUND = (40, 40, 120)  # neither the burst's yellow nor the letters' white


def drawn_on_blank(height, colour=None, stacked=False, size=(900, 500)):
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    rect = wordmark.draw_wordmark(surface, (size[0] // 2, size[1] // 2), height, colour, stacked=stacked)
    return surface, rect


@pytest.mark.parametrize("stacked", [False, True])
@pytest.mark.parametrize("height", [8, 30, 120, 400])
def test_it_is_drawn_centred_as_big_as_asked_and_nowhere_else(height, stacked):
    surface, rect = drawn_on_blank(height, stacked=stacked, size=(2000, 600))
    assert rect.size == wordmark.wordmark_size(height, stacked) and rect.center == (1000, 300)
    rgb = pygame.surfarray.array3d(surface)
    touched = np.argwhere((rgb != BACKGROUND).any(axis=2))
    assert len(touched)
    assert rect.collidepoint(*touched.min(axis=0)) and rect.collidepoint(*touched.max(axis=0))
    if height >= 30:  # the ink reaches close to the rectangle's edges: the layout size is honest
        assert (touched.max(axis=0) - touched.min(axis=0) + 1 >= np.array(rect.size) * 0.8).all()


def shares(surface, rect):
    rgb = pygame.surfarray.array3d(surface)[rect.left:rect.right, rect.top:rect.bottom].astype(int)

    def near(colour):
        return (np.abs(rgb - np.array(colour)).max(axis=2) < 30).mean()
    return near


@pytest.mark.parametrize("stacked", [False, True])
def test_heavy_white_letters_on_the_yellow_burst_and_a_tint_changes_only_the_letters(stacked):
    plain = shares(*drawn_on_blank(120, stacked=stacked))
    red = shares(*drawn_on_blank(120, colour=(230, 40, 40), stacked=stacked))
    assert plain(theme.YELLOW) > 0.05 and plain((255, 255, 255)) > 0.1
    assert red((255, 255, 255)) < 0.01 and red((230, 40, 40)) > 0.1
    assert abs(red(theme.YELLOW) - plain(theme.YELLOW)) < 0.02


@pytest.mark.parametrize("stacked, words", [(False, {"HAU DRAUF"}), (True, {"HAU", "DRAUF"})])
def test_it_says_hau_drauf_and_never_uno(printed, stacked, words):  # noqa: F811
    drawn_on_blank(90, stacked=stacked)
    assert words <= set(printed)
    assert not any("UNO" in text.upper() for text in printed)
