"""Crazy Old Fish War's faces (cofw/...) and back."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from haudrauf.engine.games.crazy_old_fish_war.cards import CARD_COUNT, COLOUR_TABLE as COFW_COLOURS, face
from haudrauf.table.faces.common import (
    COLOUR_WORDS, INK, FaceKit, WHITE, Canvas, Colour, Pen, blit_center, fit_text, luma, mermaid, mix, star_pts,
    text_image, wave,
)
from haudrauf.words import Message, msg


# --- Crazy Old Fish War -------------------------------------------------------------

#: Brightness spread out too (blue 70, red 94, purple 114, green 131, yellow 190 of 255),
#: so the colours stay apart in grey as well as by symbol.
COFW_RGB: dict[str, Colour] = {
    "red": (222, 40, 40), "yellow": (244, 192, 20), "green": (60, 175, 85),
    "blue": (25, 70, 190), "purple": (150, 80, 195),
}
COFW_SEA: Colour = (0, 120, 135)


def _circle_mark(pen: Pen, colour: Colour) -> None:
    pen.circle(0, 0, 0.9, colour)


def _triangle_mark(pen: Pen, colour: Colour) -> None:
    pen.poly([(0, -0.95), (0.95, 0.75), (-0.95, 0.75)], colour)


def _square_mark(pen: Pen, colour: Colour) -> None:
    pen.rect(-0.78, -0.78, 0.78, 0.78, colour)


def _diamond_mark(pen: Pen, colour: Colour) -> None:
    pen.poly([(0, -1), (0.8, 0), (0, 1), (-0.8, 0)], colour)


def _star_mark(pen: Pen, colour: Colour) -> None:
    pen.poly(star_pts(5, 1.0, 0.42), colour)


#: The game's colour symbols (cards.COLOUR_TABLE) drawn as shapes.
COFW_MARKS: dict[str, Callable[[Pen, Colour], None]] = {
    "●": _circle_mark, "▲": _triangle_mark, "■": _square_mark, "◆": _diamond_mark, "★": _star_mark,
}


def cofw_mark(pen: Pen, colour_key: str, fill: Colour, edge: Colour | None = None) -> None:
    """The symbol of a Crazy Old Fish War colour, optionally outlined."""
    mark = COFW_MARKS[COFW_COLOURS[colour_key][1]]
    if edge:
        mark(Pen(pen.surf, (pen.cx, pen.cy), pen.r * 1.22), edge)
    mark(pen, fill)


def _cofw_pattern(cv: Canvas, key: str, colour: Colour) -> None:
    """The colour's symbol repeated faintly over the card: colour-blind players
    (and greyscale printouts) still see which colour it is."""
    step = cv.h * (0.16 if cv.compact else 0.11)
    shade = mix(colour, WHITE, 0.3) if luma(colour) < 0.6 else mix(colour, INK, 0.16)
    rows = int(cv.h / step) + 2
    for row in range(rows):
        x0 = step / 2 if row % 2 else 0
        for col in range(int(cv.w / step) + 2):
            cofw_mark(Pen(cv.surf, (x0 + col * step, row * step), step * 0.3), key, shade)


def paint_cofw(cv: Canvas, parts: list[str]) -> None:
    """cofw/<colour>/<1-11> and cofw/mermaid."""
    if parts == ["mermaid"]:
        _cofw_mermaid(cv)
        return
    key, number = parts
    n = int(number)
    if key not in COFW_RGB or not 1 <= n <= 11:
        raise KeyError("/".join(parts))
    colour = COFW_RGB[key]
    dark = mix(colour, INK, 0.55)
    cv.fill(colour)
    _cofw_pattern(cv, key, colour)
    if cv.compact:
        _cofw_compact(cv, key, number, dark)
        return
    inset = 4 if cv.compact else 15
    panel = cv.surf.get_rect().inflate(-2 * round(inset * cv.w / 100), -2 * round((inset + 6) * cv.u))
    pygame.draw.rect(cv.surf, WHITE, panel, border_radius=round(6 * cv.u))
    pygame.draw.rect(cv.surf, dark, panel, max(1, round(cv.u)), border_radius=round(6 * cv.u))
    cap = cv.h * (0.3 if cv.compact else 0.2)
    blit_center(cv.surf, fit_text(number, cap, panel.width * 0.86, dark), (panel.centerx, panel.centery))
    if n == 8:
        _cofw_crazy(cv, panel)
    else:
        mark_r = panel.height * 0.105
        for y in (panel.top + panel.height * 0.17, panel.bottom - panel.height * 0.17):
            cofw_mark(Pen(cv.surf, (panel.centerx, y), mark_r), key, colour, dark)
    if not cv.compact:
        _cofw_corners(cv, key, number, dark)


def _cofw_compact(cv: Canvas, key: str, number: str, dark: Colour) -> None:
    """A small card: the colour fills it, a big white number and the symbol;
    a Crazy 8 sits on a white burst so the wild stands out."""
    cap = cv.h * 0.36
    if number == str(8):
        burst = cv.pen(50, 40, 30)
        burst.poly(star_pts(10, 1.0, 0.72), dark)
        burst.poly(star_pts(10, 0.88, 0.62), WHITE)
        img = fit_text(number, cap * 0.85, cv.w * 0.6, dark)
    else:
        img = fit_text(number, cap, cv.w * 0.86, WHITE, dark, cap * 0.1)
    blit_center(cv.surf, img, (cv.w / 2, cv.h * 0.4))
    cofw_mark(cv.pen(50, 80, 12), key, WHITE, dark)


#: The words printed on the Crazy 8s and on the Old Mermaid (one word a line).
CRAZY, OLD, MERMAID = msg("Crazy"), msg("Old"), msg("Mermaid")

def _cofw_crazy(cv: Canvas, panel: pygame.Rect) -> None:
    """A Crazy 8: all five symbols in their colours, and the word CRAZY."""
    r = panel.width * 0.085
    for i, key in enumerate(COFW_RGB):
        x = panel.left + panel.width * (0.14 + 0.18 * i)
        cofw_mark(Pen(cv.surf, (x, panel.top + panel.height * 0.14), r), key, COFW_RGB[key], INK)
    word = fit_text(cv.say(CRAZY).upper(), panel.height * 0.12, panel.width * 0.86, (200, 0, 120))
    blit_center(cv.surf, word, (panel.centerx, panel.bottom - panel.height * 0.14))


def _cofw_corners(cv: Canvas, key: str, number: str, dark: Colour) -> None:
    cap = cv.h * 0.1
    num = text_image(number, cap, WHITE, dark, cap * 0.1)
    mark_r = cv.h * 0.042
    img = pygame.Surface((max(num.get_width(), round(mark_r * 2.6)), num.get_height() + round(mark_r * 3)),
                         pygame.SRCALPHA)
    img.blit(num, num.get_rect(midtop=(img.get_width() // 2, 0)))
    cofw_mark(Pen(img, (img.get_width() / 2, img.get_height() - mark_r * 1.3), mark_r), key, WHITE, dark)
    cv.corners(img, inset_x=4, inset_y=3.5)


def _cofw_mermaid(cv: Canvas) -> None:
    """The Old Mermaid: sea green, a mermaid, her name."""
    cv.fill(COFW_SEA)
    pen = cv.pen(50, 50, 100)
    for i in range(7):
        pen.line(wave(-0.5, 0.5, -0.42 + i * 0.14, 0.012, 3), mix(COFW_SEA, WHITE, 0.2), 0.008)
    cv.panel(3, (235, 200, 90), radius=5, width=1.2)
    mermaid(cv.pen(50, 51, 36 if not cv.compact else 44),
                (250, 240, 225), (0, 150, 120), COFW_SEA)
    if not cv.compact:
        for word, y in ((OLD, 12), (MERMAID, 88)):
            blit_center(cv.surf, fit_text(cv.say(word).upper(), cv.h * 0.08, cv.w * 0.8, (255, 225, 120), INK,
                                          cv.h * 0.008), (cv.w / 2, cv.h * y / 100))


def back_cofw(cv: Canvas) -> None:
    """Sea green with waves and the five colour symbols in a ring."""
    cv.fill(COFW_SEA)
    pen = cv.pen(50, 50, 100)
    for i in range(9):
        pen.line(wave(-0.5, 0.5, -0.45 + i * 0.115, 0.015, 3), mix(COFW_SEA, WHITE, 0.25), 0.01)
    ring = cv.pen(50, 50, 23)
    ring.circle(0, 0, 1.15, (240, 240, 230))
    for i, key in enumerate(COFW_RGB):
        a = math.radians(-90 + 72 * i)
        cofw_mark(ring.sub(0.68 * math.cos(a), 0.68 * math.sin(a), 0.26), key, COFW_RGB[key], INK)
    ring.circle(0, 0, 0.25, COFW_SEA)
    cv.panel(3, (240, 240, 230), radius=5, width=1.2)


# --- what the cards do (the tooltip) and every face (the contact sheet) -------------------

COFW_MERMAID = msg("Old Mermaid: matches anything. Name the colour play goes on in, and draw five cards. "
                   "In a war it wins at once (only the challenged player may lay it).")


def _cofw(parts: list[str]) -> Message:
    if parts == ["mermaid"]:
        return COFW_MERMAID
    colour, value = parts
    number = int(value)
    if colour not in COFW_COLOURS or not 1 <= number <= 11:
        raise ValueError(value)
    title, word = COLOUR_WORDS[colour]
    if number == 8:
        return msg("{colour} Crazy 8: matches anything; name the colour play goes on in. In a war it counts as a "
                   "plain 8.", colour=title)
    return msg("{colour} {number}: goes on a {colour_word} card or any {number}. In a war it counts {number}.",
               colour=title, colour_word=word, number=number)


def all_faces() -> list[str]:
    return [face(i) for i in range(CARD_COUNT)]


KIT = FaceKit(game="crazy-old-fish-war", prefix="cofw", paint=paint_cofw, back=back_cofw,
              faces=all_faces, explain=_cofw)
