"""The unit, drawn: six seat buttons round an edge, the big yellow HAU DRAUF
button in the middle with the turn clock as a ring around it, and the lights
(registered, selection light, blinking current seat, flashing penalty).

Unit mode draws it over the whole screen (buttons at the screen's edge);
table mode draws a small one at the centre of the table. The renderer only
reads a `UnitView`; `UnitGeometry` tells a scene what a pointer hit, and where
the clock ring lies — outside the big button's shadow and clear of every
seat button, so the time left is always seen whole.

A pause or sleep freezes the unit: the centre says so, and a spin frozen half
way shows no seat as chosen (the light has not stopped yet).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.unit import SEAT_COUNT, UnitState, UnitView
from table.ui import draw, theme


def seat_angle(seat: int) -> float:
    """Seats sit clockwise round the unit, seat 1 at the bottom left."""
    return math.radians(120 + seat * 60)


@dataclass
class UnitGeometry:
    seats: dict[int, tuple[tuple[int, int], int]]  # seat → (centre, radius)
    hau_drauf: tuple[tuple[int, int], int]
    ring_width: int  # the turn clock: a ring this wide just outside the big button's shadow

    @property
    def shadow(self) -> int:
        """How far the big button's shadow reaches below it."""
        return max(2, self.hau_drauf[1] // 14)

    @property
    def ring(self) -> tuple[tuple[int, int], int]:
        """(centre, outer radius) of the clock ring."""
        centre, radius = self.hau_drauf
        return centre, radius + self.shadow + 2 + self.ring_width

    @staticmethod
    def within(pos, circle) -> bool:
        (cx, cy), r = circle
        return (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= r * r

    def seat_at(self, pos) -> int | None:
        for seat, circle in self.seats.items():
            if self.within(pos, circle):
                return seat
        return None

    def is_hau_drauf(self, pos) -> bool:
        return self.within(pos, self.hau_drauf)

    def status_spot(self) -> tuple[int, int]:
        """Midway between the names under the top seats' buttons and the clock
        ring, so a status line there touches neither."""
        (_, top_y), r = min(self.seats.values(), key=lambda seat: seat[0][1])
        names_bottom = top_y + r + 4 + int(r * 0.55)  # a name is set at 0.44 r, under its button
        (cx, cy), ring_r = self.ring
        return cx, (names_bottom + cy - ring_r) // 2


def layout(rect: pygame.Rect, edge: bool) -> UnitGeometry:
    """Where the buttons go. `edge`: at the rectangle's edge (unit mode) rather
    than on a circle (the small unit on the table)."""
    cx, cy = rect.center
    radius = int(min(rect.width, rect.height) * (0.085 if edge else 0.12))
    seats = {}
    for seat in range(SEAT_COUNT):
        angle = seat_angle(seat)
        dx, dy = math.cos(angle), math.sin(angle)
        if edge:  # where the ray from the centre meets the inset rectangle
            half_w, half_h = rect.width / 2 - radius * 1.3, rect.height / 2 - radius * 1.3
            scale = min(half_w / abs(dx) if dx else 1e9, half_h / abs(dy) if dy else 1e9)
        else:
            scale = min(rect.width, rect.height) / 2 - radius * 1.1
        seats[seat] = ((int(cx + dx * scale), int(cy + dy * scale)), radius)
    centre_r = int(min(rect.width, rect.height) * (0.17 if edge else 0.15))
    return UnitGeometry(seats, ((cx, cy), centre_r), max(5, centre_r // 7))


def _blink(now: float, hz: float) -> bool:
    return int(now * hz * 2) % 2 == 0


def frozen(view: UnitView) -> bool:
    """Paused or asleep: every clock and the selection light stand still."""
    return view.state in (UnitState.PAUSED, UnitState.ASLEEP)


def seat_look(seat: int, view: UnitView, now: float) -> tuple[tuple, tuple | None, int]:
    """(fill colour, ring colour or None, ring width) for a seat button now."""
    colour, dark = theme.SEAT_COLOURS[seat], theme.SEAT_COLOURS_DARK[seat]
    state = view.state if view.interrupted is None else view.interrupted
    registered = seat in view.seats
    if not registered:
        return dark, None, 0
    if seat in view.waiting_for:  # flashing: must be pressed
        return (colour if _blink(now, 4) else (255, 255, 255)), theme.RED, 6
    if view.lit == seat and frozen(view):  # the light stands still half way: nobody is chosen yet
        return colour, theme.MUTED, 2
    if view.lit == seat:
        return (255, 255, 255), theme.YELLOW, 6
    if state is UnitState.TURN and seat == view.current:
        return (colour if _blink(now, 2) else tuple(min(255, c + 90) for c in colour)), (255, 255, 255), 5
    if state is UnitState.SLAP_RACE and seat in view.racers:
        pressed = any(s == seat for s, _ in view.reactions)
        return (colour if pressed else tuple(min(255, c + 60) for c in colour)), theme.YELLOW, 3
    return colour, None, 0


def draw_unit(surface: pygame.Surface, rect: pygame.Rect, view: UnitView, now: float,
              names: list[str], key_labels: list[str] | None = None, edge: bool = True) -> UnitGeometry:
    geo = layout(rect, edge)
    (cx, cy), big = geo.hau_drauf
    if not edge:  # the unit's body on the table
        body = int(min(rect.width, rect.height) / 2)
        pygame.draw.circle(surface, (40, 40, 48), (cx, cy), body)
        pygame.draw.circle(surface, (90, 90, 100), (cx, cy), body, width=3)
    _draw_clock_ring(surface, geo, view)
    pressed_centre = view.state is UnitState.SLAP_RACE and _blink(now, 3)
    pygame.draw.circle(surface, theme.YELLOW_DARK, (cx, cy + geo.shadow), big)
    pygame.draw.circle(surface, (255, 236, 120) if pressed_centre else theme.YELLOW, (cx, cy), big)
    label = int(big * 0.34)
    draw.text(surface, "HAU", (cx, cy - label * 0.1), label, (120, 30, 20), anchor="midbottom", bold=True,
              shadow=False)
    draw.text(surface, "DRAUF", (cx, cy - label * 0.1), label, (120, 30, 20), anchor="midtop", bold=True,
              shadow=False)
    if frozen(view):
        draw.text(surface, "ASLEEP" if view.state is UnitState.ASLEEP else "PAUSED", (cx, cy - big * 0.62),
                  int(big * 0.2), (120, 30, 20), anchor="center", bold=True, shadow=False)
    if view.remaining_ms is not None:
        draw.text(surface, f"{view.remaining_ms / 1000:.1f}", (cx, cy + big * 0.62), int(big * 0.22),
                  (120, 30, 20), anchor="center", shadow=False)
    reactions = dict(view.reactions)
    places = {s: i + 1 for i, (s, _) in enumerate(view.reactions)}
    for seat, ((x, y), r) in geo.seats.items():
        fill, ring, width = seat_look(seat, view, now)
        pygame.draw.circle(surface, (0, 0, 0), (x + 3, y + 4), r)
        pygame.draw.circle(surface, fill, (x, y), r)
        if ring:
            pygame.draw.circle(surface, ring, (x, y), r + width // 2 + 2, width=width)
        size = int(r * 0.55)
        draw.text(surface, str(seat + 1), (x, y), size, (30, 20, 20), anchor="center", bold=True, shadow=False)
        playing = seat in view.seats or view.state is UnitState.REGISTERING
        if playing and view.extra_time[seat]:
            draw.text(surface, f"+{view.extra_time[seat]:g} s", (x, y - r * 0.42), max(12, int(size * 0.42)),
                      (40, 30, 30), anchor="center", shadow=False)
        if playing:
            name = names[seat] if seat < len(names) else ""
            at_bottom_edge = edge and y > cy + rect.height * 0.3  # the name goes above the button
            top = y - r - 6 - int(size * 0.8) if at_bottom_edge else y + r + 4
            draw.text(surface, name, (x, top), int(size * 0.8), theme.TEXT, anchor="midtop",
                      max_width=int(r * 3.2))
        if key_labels:
            draw.text(surface, f"[{key_labels[seat]}]", (x, y + r * 0.42), max(12, int(size * 0.42)),
                      (40, 30, 30), anchor="center", shadow=False)
        if seat in reactions:
            draw.text(surface, f"#{places[seat]} {reactions[seat]:.0f} ms", (x, y + r * 0.5), int(size * 0.5),
                      (20, 20, 20), anchor="midtop", shadow=False)
    return geo


def _draw_clock_ring(surface, geo: UnitGeometry, view: UnitView) -> None:
    """The turn clock: a ring that empties as time runs out, green → red."""
    if view.remaining_ms is None or not view.limit_ms:
        return
    share = max(0.0, min(1.0, view.remaining_ms / view.limit_ms))
    centre, outer = geo.ring
    box = pygame.Rect(0, 0, outer * 2, outer * 2)
    box.center = centre
    pygame.draw.circle(surface, (30, 30, 30), centre, outer, width=geo.ring_width)
    if share <= 0:
        return
    colour = theme.GREEN if share > 0.5 else theme.YELLOW if share > 0.25 else theme.RED
    start = math.pi / 2
    pygame.draw.arc(surface, colour, box, start, start + share * 2 * math.pi, width=geo.ring_width)
