"""Colours and fonts. Sizes scale with the window so everything stays readable
from across a table at any resolution and aspect ratio."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

import pygame

#: DejaVu Sans (bundled, free licence): wide Unicode coverage (—, ●, ▲, ★ …) and
#: legible at a distance. Without it pygame's default font is used.
#: Package data of `haudrauf.assets` (assets/fonts/ in a checkout), a wheel's too.
FONT_DIR = Path(str(resources.files("haudrauf.assets"))) / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}

FELT = (22, 92, 60)
FELT_DARK = (14, 62, 40)
PANEL = (10, 34, 26)
PANEL_EDGE = (60, 110, 85)
TEXT = (244, 242, 232)
MUTED = (176, 196, 182)
SHADOW = (0, 0, 0)
YELLOW = (255, 208, 0)  # the HAU DRAUF button
YELLOW_DARK = (196, 150, 0)
RED = (222, 56, 48)
GREEN = (70, 200, 100)
BUTTON = (40, 72, 60)
BUTTON_HOVER = (60, 104, 86)
BUTTON_OFF = (34, 46, 42)

#: One colour per seat (buttons, name plates, plots): vermilion, blue, bluish green,
#: mauve, sky blue, peach. Chosen (after Okabe & Ito's palette) to stay apart from
#: each other, the white active marker, the yellow HAU DRAUF button and the felt
#: for everyone, colour-blind or not: tests/table/test_colour_vision.py checks it
#: with simulated protanopia, deuteranopia and tritanopia. No seat is yellow.
SEAT_COLOURS = ((226, 89, 9), (66, 90, 235), (17, 146, 118), (177, 123, 172), (129, 212, 251), (249, 151, 106))
def css(colour: tuple[int, int, int]) -> str:
    """A colour as a web page writes it ("#e25909"): the phones show the seats' colours too."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


SEAT_COLOURS_DARK = tuple(tuple(c // 3 for c in colour) for colour in SEAT_COLOURS)
#: The active-player marker: pure white is no seat colour, so no seat ever looks
#: as if it were on turn only because of its own colour.
ACTIVE = (255, 255, 255)
FOCUS = (0, 214, 255)  # the keyboard's focus (not white: that marks the player on turn)
PICKED = (255, 70, 200)  # a card picked up keeps a thick frame until it is placed
REFUSED = (90, 24, 18)  # the panel of a refused move's reason

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(8, int(size))
    key = (size, bold)
    if key not in _fonts:
        path = FONT_FILES[bold]
        # DejaVu runs larger than pygame's default font at the same size: scale to match
        _fonts[key] = pygame.font.Font(path, int(size * 0.72)) if path.exists() else pygame.font.Font(None, size)
        if not path.exists():
            _fonts[key].set_bold(bold)
    return _fonts[key]


def unit_size(surface_size: tuple[int, int]) -> float:
    """The base length of the layout: 1/40 of the shorter side (≥ 12 px)."""
    return max(12.0, min(surface_size) / 40.0)
