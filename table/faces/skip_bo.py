"""Skip-Bo's faces (skipbo/...) and back."""
from __future__ import annotations

import pygame

from engine.games.skip_bo.cards import FACES
from table.faces.common import (
    FaceKit, INK, WHITE, Canvas, Colour, blit_center, blit_lines, fit_text, mix, star_pts, text_image,
)


# --- Skip-Bo ------------------------------------------------------------------------

SKIPBO_BANDS: tuple[tuple[range, Colour], ...] = (
    (range(1, 5), (25, 95, 205)),  # 1–4 blue, as printed
    (range(5, 9), (30, 150, 65)),  # 5–8 green
    (range(9, 13), (215, 35, 45)),  # 9–12 red
)
SKIPBO_ORANGE: Colour = (246, 128, 22)


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


def _skipbo_wild(cv: Canvas) -> None:
    """The SKIP-BO wild: orange, the name big across the middle."""
    cv.fill(WHITE)
    cv.panel(4, SKIPBO_ORANGE, radius=5)
    burst = cv.pen(50, 50, 36)
    burst.poly(star_pts(12, 1.0, 0.78), (255, 175, 60))
    words = [fit_text(w, cv.h * 0.15, cv.w * 0.78, WHITE, (150, 40, 0), cv.h * 0.012) for w in ("SKIP", "BO")]
    blit_lines(cv.surf, words, (cv.w / 2, cv.h / 2), cv.h * 0.03)
    if not cv.compact:
        cv.corners(text_image("SB", cv.h * 0.085, WHITE, (150, 40, 0), cv.h * 0.008), inset_x=7, inset_y=7)


def back_skip_bo(cv: Canvas) -> None:
    """Deep blue, the three number colours as stripes, SKIP-BO on an orange band."""
    cv.fill((18, 48, 128))
    for i, (_, colour) in enumerate(SKIPBO_BANDS):
        y = cv.h * (0.06 + 0.035 * i)
        pygame.draw.rect(cv.surf, colour, (0, round(y), cv.w, round(cv.h * 0.025)))
        pygame.draw.rect(cv.surf, colour, (0, round(cv.h - y - cv.h * 0.025), cv.w, round(cv.h * 0.025)))
    band = pygame.Rect(0, 0, cv.w, round(cv.h * 0.26))
    band.center = (cv.w // 2, cv.h // 2)
    pygame.draw.rect(cv.surf, SKIPBO_ORANGE, band)
    words = [fit_text(w, cv.h * 0.085, cv.w * 0.8, WHITE, (120, 30, 0), cv.h * 0.01) for w in ("SKIP", "BO")]
    blit_lines(cv.surf, words, band.center, cv.h * 0.02)


# --- what the cards do (the tooltip) and every face (the contact sheet) -------------------

SKIP_BO = "Skip-Bo: stands for any number — starts a building pile or continues one."


def _skip_bo(parts: list[str]) -> str:
    (value,) = parts
    if value == "sb":
        return SKIP_BO
    number = int(value)
    if not 1 <= number <= 12:
        raise ValueError(value)
    if number == 1:
        return "1: starts a new building pile (so does a Skip-Bo)."
    ending = " A pile that reaches 12 is complete and set aside." if number == 12 else ""
    return f"{number}: goes on a building pile showing {number - 1}.{ending}"


def all_faces() -> list[str]:
    return list(FACES)


KIT = FaceKit(game="skip-bo", prefix="skipbo", paint=paint_skipbo, back=back_skip_bo,
              faces=all_faces, explain=_skip_bo)
