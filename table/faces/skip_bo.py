"""Skip-Bo's faces (skipbo/...) and back."""
from __future__ import annotations

import pygame

from haudrauf.engine.games.skip_bo.cards import FACES
from haudrauf.table.faces.common import (
    FaceKit, INK, WHITE, Canvas, Colour, blit_center, fit_text, mix, star_pts, text_image,
)
from haudrauf.words import Message, msg


# --- Skip-Bo ------------------------------------------------------------------------

SKIPBO_BANDS: tuple[tuple[range, Colour], ...] = (
    (range(1, 5), (25, 95, 205)),  # 1–4 blue, as printed
    (range(5, 9), (30, 150, 65)),  # 5–8 green
    (range(9, 13), (215, 35, 45)),  # 9–12 red
)
SKIPBO_GROUND: Colour = (250, 242, 222)  # the wild's and the back's paper
SKIPBO_INK: Colour = (40, 30, 60)


def skipbo_colour(n: int) -> Colour:
    """The printed colour of number `n`."""
    for numbers, colour in SKIPBO_BANDS:
        if n in numbers:
            return colour
    raise KeyError(n)


def paint_skipbo(cv: Canvas, parts: list[str]) -> None:
    """skipbo/<1-12>: number in its range colour, bands top and bottom; skipbo/sb: the wild."""
    (value,) = parts
    if value == "sb":
        _skipbo_wild(cv)
        return
    n = int(value)
    colour = skipbo_colour(n)
    cv.fill(WHITE)
    band = round(cv.h * (0.1 if cv.compact else 0.15))
    pygame.draw.rect(cv.surf, colour, (0, 0, cv.w, band))
    pygame.draw.rect(cv.surf, colour, (0, cv.h - band, cv.w, band))
    inner = pygame.Rect(0, 0, round(cv.w * 0.84), cv.h - 2 * band - round(5 * cv.u))
    inner.center = (cv.w // 2, cv.h // 2)
    pygame.draw.rect(cv.surf, mix(colour, WHITE, 0.86), inner, border_radius=round(5 * cv.u))
    cap = cv.h * (0.42 if cv.compact else 0.34)
    blit_center(cv.surf, fit_text(value, cap, cv.w * 0.8, colour, INK, cap * 0.05), (cv.w / 2, cv.h / 2))
    if not cv.compact:
        cv.corners(text_image(value, band * 0.62, WHITE), inset_x=5, inset_y=band * 0.19 / cv.u)


def _steps(cv: Canvas, box: pygame.Rect) -> None:
    """Twelve steps rising left to right in the number colours: a building pile
    from 1 to 12, the game's whole aim, as our own picture."""
    step_w = box.width / 12
    for n in range(1, 13):
        top = box.bottom - box.height * n / 12
        rect = pygame.Rect(round(box.left + (n - 1) * step_w), round(top), round(step_w) + 1,
                           box.bottom - round(top))
        pygame.draw.rect(cv.surf, skipbo_colour(n), rect)


def _skipbo_wild(cv: Canvas) -> None:
    """The Skip-Bo wild: a gold star over the rising steps — any number — and its name."""
    cv.fill(SKIPBO_GROUND)
    cv.panel(4, SKIPBO_INK, radius=5, width=0.8)
    _steps(cv, pygame.Rect(round(cv.w * 0.14), round(cv.h * 0.54), round(cv.w * 0.72), round(cv.h * 0.2)))
    star = cv.pen(50, 36 if not cv.compact else 40, 20 if not cv.compact else 26)
    star.poly(star_pts(5, 1.0, 0.45), SKIPBO_INK)
    star.poly(star_pts(5, 0.84, 0.36), (255, 196, 30))
    if not cv.compact:
        blit_center(cv.surf, fit_text("Skip-Bo", cv.h * 0.07, cv.w * 0.6, SKIPBO_INK), (cv.w / 2, cv.h * 0.82))
        for pen in cv.corner_pens(x=10.5, y=10.5, r=4.5):
            pen.poly(star_pts(5, 1.0, 0.45), SKIPBO_INK)


def back_skip_bo(cv: Canvas) -> None:
    """Dark ink, the staircase of the twelve number colours rising across it in
    a paper frame: the building piles, not any published back (and never to be
    mistaken for the pale wild)."""
    cv.fill(SKIPBO_INK)
    cv.panel(2.5, SKIPBO_GROUND, radius=6, width=1.6)
    _steps(cv, pygame.Rect(round(cv.w * 0.16), round(cv.h * 0.22), round(cv.w * 0.68), round(cv.h * 0.56)))


# --- what the cards do (the tooltip) and every face (the contact sheet) -------------------

SKIP_BO = msg("Skip-Bo: stands for any number — starts a building pile or continues one.")


def _skip_bo(parts: list[str]) -> Message:
    (value,) = parts
    if value == "sb":
        return SKIP_BO
    number = int(value)
    if not 1 <= number <= 12:
        raise ValueError(value)
    if number == 1:
        return msg("1: starts a new building pile (so does a Skip-Bo).")
    if number == 12:
        return msg("12: goes on a building pile showing 11. A pile that reaches 12 is complete and set aside.")
    return msg("{number}: goes on a building pile showing {below}.", number=number, below=number - 1)


def all_faces() -> list[str]:
    return list(FACES)


KIT = FaceKit(game="skip-bo", prefix="skipbo", paint=paint_skipbo, back=back_skip_bo,
              faces=all_faces, explain=_skip_bo)
