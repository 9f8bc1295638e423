"""UNO Hau drauf's faces (uno/...) and back, in our own design: the colours, numbers and
actions the rules name, on the unit's seat button; the back carries our HAU DRAUF wordmark."""
from __future__ import annotations

import math

import pygame

from haudrauf.engine.games.uno_hau_drauf.cards import CARDS
from haudrauf.table.faces.common import (
    COLOUR_WORDS, WHITE, Canvas, FaceKit, Colour, Pen, blit_center, fit_text, mix, star_pts, text_image,
)
from haudrauf.table.ui import theme, wordmark
from haudrauf.words import Message, msg, nmsg


# --- UNO Hau drauf -------------------------------------------------------------

UNO_COLOURS: dict[str, Colour] = {
    "red": (225, 35, 42), "yellow": (250, 200, 10), "green": (45, 160, 70), "blue": (10, 105, 205),
}
UNO_BLACK: Colour = (25, 25, 28)
WILD_ORDER = ("red", "yellow", "green", "blue")  # clockwise from the top
#: The back's colours: the table's felt and the HAU DRAUF button's yellow, the project's own.
BACK_FIELD: Colour = theme.FELT_DARK
BACK_PATTERN: Colour = mix(theme.FELT_DARK, theme.YELLOW, 0.22)


def _button(pen: Pen, colour: Colour) -> None:
    """Our centre motif: the unit's round seat button seen from above — a white cap
    in a rim of the card's colour, darker, so every symbol sits on the same plain ground."""
    pen.circle(0, 0, 1.0, mix(colour, UNO_BLACK, 0.45))
    pen.circle(0, 0, 0.9, WHITE)
    pen.circle(0, 0, 0.9, mix(colour, WHITE, 0.55), width=0.07)


def _four_buttons(pen: Pen) -> None:
    """The wild's motif: four seat buttons, one per colour, round a white cap."""
    for i, name in enumerate(WILD_ORDER):
        a = math.radians(-90 + 90 * i)
        pen.circle(0.5 * math.cos(a), 0.5 * math.sin(a), 0.46, UNO_BLACK)
        pen.circle(0.5 * math.cos(a), 0.5 * math.sin(a), 0.4, UNO_COLOURS[name])


def swatch(surface: pygame.Surface, rect: pygame.Rect, colour: str) -> None:
    """The colour a wild names, told by place as well as by hue: a chip of the
    colour carrying the wild's own four-button sign (red at the top, then
    clockwise yellow, green, blue) with the named colour's button lit white —
    so it reads the same to anyone who cannot tell red from green."""
    fill = UNO_COLOURS[colour]
    radius = max(2, rect.height // 5)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, mix(fill, UNO_BLACK, 0.5), rect, width=max(1, rect.height // 16), border_radius=radius)
    pen = Pen(surface, rect.center, rect.height * 0.42)
    for i, name in enumerate(WILD_ORDER):
        a = math.radians(-90 + 90 * i)
        x, y = 0.62 * math.cos(a), 0.62 * math.sin(a)
        if name == colour:
            pen.circle(x, y, 0.4, UNO_BLACK)
            pen.circle(x, y, 0.32, WHITE)
        else:
            pen.circle(x, y, 0.18, mix(fill, UNO_BLACK, 0.55))


def _skip_sign(pen: Pen, colour: Colour, edge: Colour | None = None) -> None:
    """⊘: a ring with a slash, drawn (the default font has no such glyph)."""
    if edge:
        pen.circle(0, 0, 0.98, edge, width=0.42)
        pen.line([(-0.62, 0.62), (0.62, -0.62)], edge, 0.42)
    pen.circle(0, 0, 0.9, colour, width=0.26)
    pen.line([(-0.6, 0.6), (0.6, -0.6)], colour, 0.26)


def _starburst(pen: Pen, fill: Colour, edge: Colour) -> None:
    """The HAU DRAUF slap: a jagged comic burst."""
    jitter = (1.0, 0.82, 0.95, 0.78, 1.0, 0.86, 0.92)
    outer = star_pts(14, 1.0, 0.62, turn=-80, jitter=jitter)
    pen.poly(outer, edge)
    pen.poly([(x * 0.86, y * 0.86) for x, y in outer], fill)


def _fist(pen: Pen, fill: Colour, edge: Colour) -> None:
    """A clenched fist seen from the front: four knuckles over a palm, thumb across."""
    pen.rect(-0.62, -0.15, 0.62, 0.78, edge, radius=0.3)
    pen.rect(-0.52, -0.05, 0.52, 0.68, fill, radius=0.24)
    for i in range(4):
        x = -0.45 + i * 0.3
        pen.rect(x - 0.17, -0.62, x + 0.17, 0.12, edge, radius=0.17)
        pen.rect(x - 0.11, -0.55, x + 0.11, 0.06, fill, radius=0.11)
    pen.rect(-0.66, 0.0, 0.25, 0.34, edge, radius=0.17)
    pen.rect(-0.58, 0.07, 0.17, 0.27, fill, radius=0.1)


def _uno_symbol(cv: Canvas, pen: Pen, symbol: str, colour: Colour, size: float) -> None:
    """The big centre sign of an UNO card; `size` is its height as a fraction of the card's."""
    cap = size * cv.h
    edge = max(2.0, cap * 0.07)
    if symbol.isdigit():
        img = text_image(symbol, cap, colour, UNO_BLACK, edge)
        blit_center(cv.surf, img, pen.p(0, 0))
        if symbol in ("6", "9"):  # tell 6 from 9 upside down
            w = img.get_width() * 0.8
            cx, cy = pen.p(0, 0)
            bar = pygame.Rect(0, 0, round(w), round(cap * 0.1))
            bar.midtop = (round(cx), round(cy + img.get_height() / 2 + cap * 0.04))
            pygame.draw.rect(cv.surf, UNO_BLACK, bar.inflate(edge * 2, edge * 2), border_radius=round(edge))
            pygame.draw.rect(cv.surf, colour, bar)
    elif symbol in ("draw2", "wild4"):
        text = "+2" if symbol == "draw2" else "+4"
        fill = colour if symbol == "draw2" else WHITE
        blit_center(cv.surf, fit_text(text, cap * 0.85, cv.w * 0.8, fill, UNO_BLACK, edge), pen.p(0, 0))
    elif symbol == "skip":
        _skip_sign(pen.sub(0, 0, size * 1.25), colour, UNO_BLACK)
    elif symbol == "haudrauf":
        _uno_haudrauf(cv, pen, colour, size)
    else:
        raise KeyError(symbol)


def _uno_haudrauf(cv: Canvas, pen: Pen, colour: Colour, size: float) -> None:
    """Our HAU DRAUF wordmark when big enough to read, else a burst with a fist."""
    if cv.height >= 100:  # the words are readable from here up
        wordmark.draw_wordmark(cv.surf, pen.p(0, 0), round(cv.w * 0.84 / wordmark.ASPECT[True]), stacked=True)
        return
    burst = pen.sub(0, 0, size * 1.55)
    _starburst(burst, wordmark.BURST if colour != UNO_COLOURS["yellow"] else (255, 140, 20), UNO_BLACK)
    _fist(burst.sub(0, 0.04, 0.6), colour, UNO_BLACK)


def _uno_corner(cv: Canvas, symbol: str, colour: Colour) -> None:
    """The small white index in two corners: number, +2/+4, or a drawn mark."""
    cap = cv.h * 0.12
    if symbol.isdigit() or symbol in ("draw2", "wild4"):
        text = {"draw2": "+2", "wild4": "+4"}.get(symbol, symbol)
        cv.corners(text_image(text, cap, WHITE, UNO_BLACK, cap * 0.08), inset_x=8, inset_y=7)
        return
    for pen in cv.corner_pens(x=13, y=13.5, r=6.5):
        if symbol == "skip":
            _skip_sign(pen, WHITE, UNO_BLACK)
        elif symbol == "haudrauf":
            _starburst(pen, WHITE, UNO_BLACK)
        else:  # wild
            _four_buttons(pen)


def paint_uno(cv: Canvas, parts: list[str]) -> None:
    """uno/<colour>/<symbol>, uno/wild, uno/wild4: the colour edge to edge, a thin
    light frame, the symbol on a seat button in the middle, indices in two corners."""
    if len(parts) == 1 and parts[0] in ("wild", "wild4"):
        colour, symbol = None, parts[0]
    elif len(parts) == 2 and parts[0] in UNO_COLOURS:
        colour, symbol = UNO_COLOURS[parts[0]], parts[1]
    else:
        raise KeyError("/".join(parts))
    if not (symbol.isdigit() and len(symbol) == 1 or symbol in ("draw2", "skip", "haudrauf", "wild", "wild4")):
        raise KeyError(symbol)
    field = colour or UNO_BLACK
    cv.fill(field)
    cv.panel(3.5, mix(field, WHITE, 0.45), radius=5, width=0.9)
    pen = cv.pen(50, 50, 50)  # the symbol's box
    button = cv.pen(50, 50, 100 * cv.w / cv.h * (0.46 if cv.compact else 0.41))
    if colour is None:
        _four_buttons(button)
        if symbol == "wild4":
            _uno_symbol(cv, pen, "wild4", WHITE, 0.30 if not cv.compact else 0.42)
    else:
        _button(button, colour)
        size = 0.36 if not cv.compact else 0.46
        _uno_symbol(cv, pen, symbol, colour, size if symbol.isdigit() else size * 0.85)
    if not cv.compact:
        _uno_corner(cv, symbol, field)


def back_uno(cv: Canvas) -> None:
    """Our own back: the HAU DRAUF wordmark on the table's felt, strewn with
    little slap bursts, in a yellow frame that stands out on the felt — no game's
    logo but this project's."""
    cv.fill(BACK_FIELD)
    step = cv.h * 0.1
    burst = star_pts(7, 1.0, 0.5)
    for row in range(int(cv.h / step) + 2):
        for col in range(int(cv.w / step) + 2):
            Pen(cv.surf, ((col + 0.5 * (row % 2)) * step, row * step), step * 0.28).poly(burst, BACK_PATTERN)
    cv.panel(0, theme.YELLOW, radius=8, width=3.5)
    cv.panel(3.5, UNO_BLACK, radius=5, width=0.6)
    wordmark.draw_wordmark(cv.surf, (cv.w / 2, cv.h / 2), round(cv.w * 0.88 / wordmark.ASPECT[True]), stacked=True)


# --- what the cards do (the tooltip) and every face (the contact sheet) -------------------

#: What each action card does, said with its colour.
UNO = {
    "draw2": lambda colour: msg(
        "{colour} draw two: the next player the unit picks draws 2 and lays no card this turn — even if that is "
        "you. Goes on its colour or another draw two. 20 points.", colour=colour),
    "skip": lambda colour: msg(
        "{colour} skip: the next player the unit picks misses the turn, but must still press their button in "
        "time. Goes on its colour or another skip. 20 points.", colour=colour),
    "haudrauf": lambda colour: msg(
        "{colour} HAU DRAUF: lay it, then press the big yellow button. Everyone races to press their own button; "
        "the slowest takes 2 cards. Goes on its colour or another HAU DRAUF. 20 points.", colour=colour),
    "wild": lambda colour: msg("{colour} wild: goes on any card; you name the next colour. 50 points.",
                               colour=colour),
    "wild4": lambda colour: msg(
        "{colour} wild draw four: name the colour; the next player the unit picks draws 4 and sits out. Only when "
        "you hold no card of the current colour — it may be challenged. 50 points.", colour=colour),
}
#: The wilds before a colour is named.
WILDS = {
    "wild": msg("Wild: goes on any card; you name the next colour. 50 points."),
    "wild4": msg("Wild draw four: name the colour; the next player the unit picks draws 4 and sits out. Only when "
                 "you hold no card of the current colour — it may be challenged. 50 points."),
}


def _uno(parts: list[str]) -> Message:
    if len(parts) == 1:
        return WILDS[parts[0]]
    colour, symbol = parts
    if colour not in UNO_COLOURS:
        raise ValueError(colour)
    title, word = COLOUR_WORDS[colour]
    if symbol in UNO:
        return UNO[symbol](title)
    if symbol not in "0123456789" or len(symbol) != 1:
        raise ValueError(symbol)
    return nmsg("{colour} {number}: goes on a {colour_word} card or any {number}. Worth {n} point.",
                "{colour} {number}: goes on a {colour_word} card or any {number}. Worth {n} points.", int(symbol),
                colour=title, colour_word=word, number=symbol)


def all_faces() -> list[str]:
    return [c.face for c in CARDS]


KIT = FaceKit(game="uno-hau-drauf", prefix="uno", paint=paint_uno, back=back_uno,
              faces=all_faces, explain=_uno, swatch=swatch, swatches=frozenset(UNO_COLOURS))
