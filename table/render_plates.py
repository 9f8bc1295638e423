"""Each seat's name plate (its mark, name and score; the white marker on the
seat whose turn it is) and, when the unit times turns, its turn clock: a bar
and the seconds left, big enough to read across the table."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from haudrauf.engine.core import SeatView
from haudrauf.play.language import Language
from haudrauf.play.messages import seconds
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.seat_marks import draw_seat_mark

if TYPE_CHECKING:
    from haudrauf.table.render import Frame, TurnClock

PULSE_HZ = 1.2  # the active player's outline breathes: seen at a glance, not a flicker
LOW_TIME_S = 3  # the clock turns red for the last seconds, as the unit starts to beep


def draw_plate(surface, frame: Frame, seat: SeatView, pos, u: float, clock: TurnClock | None, now: float,
               lang: Language, anchor: str = "midbottom") -> pygame.Rect:
    """The seat's mark (its shape and number in its colour), name and score,
    its turn clock below them when the unit times turns; the seat on turn
    gets the white marker (an arrow and a thick breathing outline), which no
    seat colour can be taken for. Score and status in `lang`."""
    size, text = int(u * 1.05), plate_text(seat, lang)
    row = int(size * 1.5)
    clock_row = int(u * 2.1) if clock else 0
    rect = pygame.Rect((0, 0), plate_size(seat, u, clock, lang))
    setattr(rect, anchor, pos)
    frame.plates[seat.seat] = rect
    colour = theme.SEAT_COLOURS[seat.seat % 6]
    radius = row // 2
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    if seat.active:
        pulse = 0.5 + 0.5 * math.sin(2 * math.pi * PULSE_HZ * now)
        width = max(3, int(u * (0.25 + 0.2 * pulse)))
        pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(width, width), width=width,
                         border_radius=radius + width // 2)
    else:
        pygame.draw.rect(surface, colour, rect, width=2, border_radius=radius)
    draw_seat_mark(surface, seat.seat, (rect.left + int(row * 0.6), rect.top + row // 2), int(row * 0.42), colour)
    draw.text(surface, text, (rect.left + int(row * 1.2), rect.top + row // 2), size,
              theme.ACTIVE if seat.active else theme.TEXT, anchor="midleft", bold=True)
    if clock_row:
        draw_clock(surface, frame, clock, seat.seat, pygame.Rect(rect.left + row // 2, rect.top + row,
                                                                rect.width - row, clock_row - int(u * 0.4)), u, lang)
    if seat.status:  # below a plate beside the hand; above one that sits on top of cards or piles
        below = anchor == "midright"
        draw.text(surface, lang.say(seat.status), (rect.centerx, rect.bottom + 2 if below else rect.top - 2),
                  int(size * 0.85), theme.YELLOW, anchor="midtop" if below else "midbottom")
    return rect


def plate_text(seat: SeatView, lang: Language) -> str:
    return f"{'▶ ' if seat.active else ''}{seat.name}   {lang.say(seat.score)}".strip()


def plate_size(seat: SeatView, u: float, clock: TurnClock | None, lang: Language) -> tuple[int, int]:
    """A plate fits the name and score, and the clock row when turns are timed."""
    size = int(u * 1.05)
    text_w = theme.font(size, True).size(plate_text(seat, lang))[0] + int(u * 2.5)  # the mark, margins
    if not clock:
        return text_w, int(size * 1.5)
    return max(text_w, int(u * 9)), int(size * 1.5) + int(u * 2.1)


def draw_clock(surface, frame: Frame, clock: TurnClock, seat: int, rect: pygame.Rect, u: float,
               lang: Language) -> None:
    """A bar that empties as the turn runs out, and the seconds left in digits
    big enough to read across the table. A seat not on the clock shows the
    time its turn will get, dimmed."""
    running = clock.seat == seat and clock.remaining_s is not None
    left = clock.remaining_s if running else clock.limit_s
    digits = seconds(lang, math.ceil(left) if running else left)  # a 12.5 s turn says 12.5, not 13
    size = int(rect.height * 1.15)
    low = running and left <= LOW_TIME_S
    colour = theme.RED if low else theme.TEXT if running else theme.MUTED
    digits_w = theme.font(size, True).size(seconds(lang, clock.limit_s))[0]
    bar = pygame.Rect(rect.left, rect.centery - rect.height // 4, rect.width - digits_w - int(u * 0.6),
                      rect.height // 2)
    pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
    if running and clock.limit_s > 0:
        filled = bar.copy()
        filled.width = int(bar.width * max(0.0, min(1.0, left / clock.limit_s)))
        pygame.draw.rect(surface, colour, filled, border_radius=bar.height // 2)
    pygame.draw.rect(surface, colour, bar, width=1, border_radius=bar.height // 2)
    frame.clocks[seat] = draw.text(surface, digits, (rect.right, rect.centery), size, colour,
                                   anchor="midright", bold=True)
