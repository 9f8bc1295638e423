"""Colours anyone at the table can tell apart: the seat colours, the white
active marker and the yellow HAU DRAUF button, seen with normal vision and
with simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009),
are far apart in CIEDE2000, and every seat stands out from the felt.

Thresholds: ΔE00 1 is a just-noticeable difference side by side; telling
seats apart at a glance across a table takes far more. Every pair here is
at least 13 apart (the palette before had 2.5: blue and purple to someone
with deuteranopia, and 2.9: seat 4's yellow and the HAU DRAUF button)."""
import itertools

import numpy as np
import pytest

from haudrauf.table.ui import colour_vision as cv
from haudrauf.table.ui import theme

#: the least ΔE00 between any two of the seat colours, the active marker and HAU DRAUF
MIN_APART = 13.0
#: the least ΔE00 between a seat colour and the felt under it
MIN_FROM_FELT = 15.0
#: the unlit buttons' dark colours: dim, but still not the same
MIN_DARK_APART = 5.0

#: Sharma, Wu & Dalal (2005), Table 1: CIELAB pairs and their CIEDE2000 difference
SHARMA_2005 = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]


def palette() -> dict[str, tuple]:
    seats = {f"seat {seat + 1}": colour for seat, colour in enumerate(theme.SEAT_COLOURS)}
    return {**seats, "the active marker": theme.ACTIVE, "HAU DRAUF": theme.YELLOW}


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA_2005)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert cv.delta_e00(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert cv.delta_e00(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_contrast_ratio_runs_from_1_to_21():
    assert cv.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert cv.contrast(theme.YELLOW, theme.YELLOW) == pytest.approx(1.0)


def test_cielab_of_white_and_of_srgb_red():
    assert cv.lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    assert cv.lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)


@pytest.mark.parametrize("deficiency", cv.MACHADO_2009)
def test_a_simulated_deficiency_keeps_greys_grey(deficiency):
    """Machado's matrices rows sum to 1: black, greys and white look the same to everyone."""
    assert cv.MACHADO_2009[deficiency].sum(axis=1) == pytest.approx([1, 1, 1], abs=1e-5)
    for grey in (0, 128, 255):
        assert cv.simulate((grey, grey, grey), deficiency) == pytest.approx([grey] * 3, abs=0.01)


@pytest.mark.parametrize("deficiency, pair", [("protanopia", ("red", "green")), ("deuteranopia", ("red", "green")),
                                              ("tritanopia", ("blue", "green"))])
def test_each_deficiency_confuses_the_colours_it_is_known_to(deficiency, pair):
    colours = {"red": (200, 70, 40), "green": (90, 140, 40), "blue": (60, 130, 200)}
    first, second = (colours[name] for name in pair)
    assert cv.distance(first, second, deficiency) < cv.distance(first, second) / 2


def test_an_image_is_simulated_pixel_by_pixel():
    pixels = np.array([[[255, 208, 0], [75, 101, 247]]], dtype=np.uint8)
    seen = cv.simulate_image(pixels, "deuteranopia")
    assert seen.dtype == np.uint8 and seen.shape == pixels.shape
    assert seen[0, 1] == pytest.approx(cv.simulate((75, 101, 247), "deuteranopia"), abs=0.5)


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_seat_colours_active_marker_and_hau_drauf_stay_apart(vision):
    distance, first, second = cv.closest_pair(palette(), vision)
    assert distance >= MIN_APART, f"with {vision}, {first} and {second} look alike (ΔE00 {distance:.1f})"


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_every_seat_colour_stands_out_from_the_felt(vision):
    for (seat, colour), felt in itertools.product(enumerate(theme.SEAT_COLOURS), (theme.FELT, theme.FELT_DARK)):
        distance = cv.distance(colour, felt, vision)
        assert distance >= MIN_FROM_FELT, f"with {vision}, seat {seat + 1} melts into the felt ({distance:.1f})"


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_unlit_seat_buttons_stay_apart(vision):
    dark = {f"seat {seat + 1}": colour for seat, colour in enumerate(theme.SEAT_COLOURS_DARK)}
    distance, first, second = cv.closest_pair(dark, vision)
    assert distance >= MIN_DARK_APART, f"with {vision}, unlit {first} and {second} look alike ({distance:.1f})"


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_the_wilds_colour_swatches_differ_for_everyone_even_in_lightness_alone(vision):
    """A wild's colour is chosen from swatches that do not rest on hue: seen with
    any deficiency, and in lightness alone, each differs clearly from the others
    over a twentieth of its area at least (its white button sits in the wild's
    own place for that colour)."""
    import pygame
    from haudrauf.table.faces import draw_swatch, has_swatch
    from haudrauf.table.faces.uno_hau_drauf import WILD_ORDER
    seen = {}
    for colour in WILD_ORDER:
        assert has_swatch("uno-hau-drauf", colour)
        surface = pygame.Surface((60, 40))
        surface.fill(theme.BUTTON)
        draw_swatch(surface, surface.get_rect(), "uno-hau-drauf", colour)
        pixels = pygame.surfarray.array3d(surface)
        simulated = pixels if vision == "normal" else cv.simulate_image(pixels, vision)
        seen[colour] = simulated.astype(float).mean(axis=2)
    for first, second in itertools.combinations(WILD_ORDER, 2):
        differing = np.mean(np.abs(seen[first] - seen[second]) > 40)
        assert differing > 0.05, f"with {vision}, the {first} and {second} swatches look alike ({differing:.0%})"
