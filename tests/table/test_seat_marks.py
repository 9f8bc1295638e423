"""Seat marks: a seat is told by its shape and number, not only by its colour."""
import itertools

import pygame
import pytest

from haudrauf.table.ui import theme
from haudrauf.table.ui.colour_vision import contrast
from haudrauf.table.ui.seat_marks import SEAT_SHAPES, draw_seat_mark, number_colour

GREY = (128, 128, 128)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def mark_mask(seat: int, radius: int = 30) -> pygame.mask.Mask:
    """Where seat `seat`'s mark covers an empty surface, all seats in one colour."""
    surface = pygame.Surface((4 * radius, 4 * radius), pygame.SRCALPHA)
    draw_seat_mark(surface, seat, (2 * radius, 2 * radius), radius, colour=GREY)
    return pygame.mask.from_surface(surface)


def test_six_seats_have_six_different_shapes():
    assert len(SEAT_SHAPES) == 6 and len(set(SEAT_SHAPES)) == 6


@pytest.mark.parametrize("a, b", list(itertools.combinations(range(6), 2)))
def test_marks_in_one_colour_still_differ_in_outline(a, b):
    """Drawn in the same grey, two seats' marks differ in at least a sixth of their area."""
    first, second = mark_mask(a), mark_mask(b)
    differing = first.count() + second.count() - 2 * first.overlap_area(second, (0, 0))
    assert differing >= min(first.count(), second.count()) / 6


@pytest.mark.parametrize("seat", range(6))
def test_the_number_inside_stands_out_from_the_seat_colour(seat):
    fill = theme.SEAT_COLOURS[seat]
    ink = number_colour(fill)
    assert contrast(ink, fill) >= 4.5  # WCAG AA for normal text
    surface = pygame.Surface((80, 80))
    surface.fill(theme.FELT)
    draw_seat_mark(surface, seat, (40, 40), 30)
    pixels = {tuple(surface.get_at((x, y)))[:3] for x in range(25, 55) for y in range(25, 55)}
    assert ink in pixels and fill in pixels


def test_the_number_shown_is_the_seat_counted_from_one(drawn):
    surface = pygame.Surface((80, 80))
    for seat in range(6):
        draw_seat_mark(surface, seat, (40, 40), 30)
    assert drawn == ["1", "2", "3", "4", "5", "6"]
