"""Seat marks: each seat's own shape with its number inside, filled with its
colour. A seat is then told apart by shape and number as well as by colour,
so nobody depends on seeing the colours (colour-vision deficiencies, dim
rooms, a glare on the screen)."""
from __future__ import annotations

import functools
import math

import pygame

from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.colour_vision import contrast

#: One shape per seat, in seat order; each is recognisable at a glance and at a small
#: size (a cross rather than a hexagon: from across a table a hexagon looks round).
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "cross", "star")

DARK_NUMBER = (16, 16, 16)


def _regular(centre, radius: float, corners: int, turn: float) -> list[tuple[float, float]]:
    """The corners of a regular polygon around `centre`; `turn` is the first corner's angle (0 = up)."""
    cx, cy = centre
    return [(cx + radius * math.sin(turn + 2 * math.pi * i / corners),
             cy - radius * math.cos(turn + 2 * math.pi * i / corners)) for i in range(corners)]


def _star(centre, radius: float) -> list[tuple[float, float]]:
    """A fat five-pointed star: its inner corners far enough out for the number to fit."""
    outer, inner = _regular(centre, radius, 5, 0.0), _regular(centre, radius * 0.56, 5, math.pi / 5)
    return [point for pair in zip(outer, inner) for point in pair]


def _cross(centre, radius: float) -> list[tuple[float, float]]:
    """A plus sign with arms wide enough to hold the number where they meet."""
    cx, cy = centre
    arm, reach = radius * 0.5, radius
    corners = ((arm, reach), (arm, arm), (reach, arm), (reach, -arm), (arm, -arm), (arm, -reach))
    right = [(cx + x, cy + y) for x, y in corners]
    return right + [(2 * cx - x, 2 * cy - y) for x, y in right]


def shape_points(shape: str, centre: tuple[int, int], radius: int) -> list[tuple[float, float]]:
    """The outline of `shape` fitting a circle of `radius` around `centre`, sized so
    the shapes look about equally big. The triangle's centre is its centroid, so the
    number inside sits in its widest part."""
    if shape == "square":
        return _regular(centre, radius * 1.06, 4, math.pi / 4)
    if shape == "triangle":
        cx, cy = centre
        return _regular((cx, cy + radius * 0.12), radius * 1.12, 3, 0.0)
    if shape == "diamond":
        return _regular(centre, radius * 1.05, 4, 0.0)
    if shape == "cross":
        return _cross(centre, radius)
    if shape == "star":
        return _star(centre, radius * 1.1)
    raise ValueError(f"no seat shape {shape!r}")


@functools.lru_cache(maxsize=64)
def number_colour(fill: tuple) -> tuple[int, int, int]:
    """Near-black or white, whichever stands out more on `fill` (kept per colour:
    the contrast is worked out in numpy, and every frame draws every seat's mark)."""
    return max((DARK_NUMBER, theme.TEXT), key=lambda ink: contrast(ink, fill))


def draw_seat_mark(surface, seat: int, centre: tuple[int, int], radius: int, colour=None) -> pygame.Rect:
    """Draw seat `seat`'s (0-based) shape filled with its colour, with a dark edge
    that keeps it clear of the felt and of bright neighbours, and its number
    (1–6) inside. Returns the rect drawn on."""
    fill = tuple(colour) if colour is not None else theme.SEAT_COLOURS[seat % 6]
    radius = max(4, int(radius))
    shape = SEAT_SHAPES[seat % 6]
    edge = max(1, radius // 7)
    if shape == "circle":
        rect = pygame.draw.circle(surface, fill, centre, radius)
        pygame.draw.circle(surface, theme.SHADOW, centre, radius, edge)
    else:
        points = shape_points(shape, centre, radius)
        rect = pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, theme.SHADOW, points, edge)
    # the triangle's widest part is below its middle: the number sits there
    number_at = (centre[0], centre[1] + radius // 6) if shape == "triangle" else centre
    draw.text(surface, str(seat % 6 + 1), number_at, int(radius * 1.5), number_colour(fill),
              anchor="center", bold=True, shadow=False)
    return rect
