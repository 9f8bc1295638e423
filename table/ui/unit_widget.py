"""The unit, drawn: six seat buttons round an edge, the big yellow HAU DRAUF
button in the middle with the turn clock as a ring around it, and the lights
(registered, selection light, the seat on turn breathing, flashing penalty).

Unit mode draws it over the whole screen (buttons at the screen's edge);
table mode draws a small one at the centre of the table. The renderer only
reads a `UnitView`; `UnitGeometry` tells a scene what a pointer hit, and where
the clock ring lies — outside the big button's shadow and clear of every
seat button, so the time left is always seen whole.

A pause or sleep freezes the unit: the centre says so, and a spin frozen half
way shows no seat as chosen (the light has not stopped yet).

Seen from across a table: the seat on turn breathes (bigger and brighter on
the clock's beat) while the others dim; key letters and the countdown are at
least 3 % of the window's height. Lying flat (`flat=True`), each seat's words
turn to face its own side of the table.
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import pygame

from haudrauf.device.machine import UnitState
from haudrauf.device.unit import SEAT_COUNT, UnitView
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, frozen
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.table.ui.wordmark import draw_wordmark, wordmark_size


#: The selected seat breathes this often (per second) and grows by this share at the top of a breath.
PULSE_HZ = 1.2
PULSE_GROWTH = 0.07
#: Key letters and countdown digits: their capitals at least 3 % of the window's height (DejaVu's
#: capitals are ~0.52 of the size asked for), to be read from across the table.
BIG_TEXT_SHARE = 0.06
DIM = 0.55  # how much of its colour a seat keeps while another seat is the one to watch
WHITE = (255, 255, 255)


def seat_angle(seat: int, portrait: bool = False) -> float:
    """Seats sit clockwise round the unit, seat 1 at the bottom left. On a tall
    screen the seats turn a twelfth of a turn: two on each long side, one at
    each end, clear of the buttons in the corners."""
    return math.radians(120 + seat * 60 + (30 if portrait else 0))


def facing(angle: float) -> int:
    """How far (degrees anticlockwise, a quarter turn's multiple so text stays
    crisp) a seat's words turn to face the side of the table it points to:
    0 at the bottom, 270 on the left, 180 at the top, 90 on the right."""
    quarter = round(math.degrees(math.atan2(math.cos(angle), math.sin(angle))) / 90)
    return quarter * 90 % 360


def local(centre, turned: int, right: float, up: float) -> tuple[int, int]:
    """The point `right` px to a reader's right and `up` px away from them, seen
    from the side `turned` faces: where a seat's words go on a table lying flat."""
    dx, dy = draw.turn_offset((right, -up), turned)
    return round(centre[0] + dx), round(centre[1] + dy)


@dataclass
class UnitGeometry:
    seats: dict[int, tuple[tuple[int, int], int]]  # seat → (centre, radius)
    hau_drauf: tuple[tuple[int, int], int]
    ring_width: int  # the turn clock: a ring this wide just outside the big button's shadow
    #: seat → how far its words turn (degrees anticlockwise): 0 for every seat upright,
    #: towards its own side of the table lying flat.
    facings: dict[int, int] = field(default_factory=dict)

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

    def message_spot(self, turned: int, ring_shown: bool = True) -> tuple[tuple[int, int], int, int]:
        """Lying flat, where a shared message for the side `turned` faces goes:
        (centre, how long the line may be, how tall) — between the clock ring
        (or, while no ring shows, the big button's shadow: a penalty's line is
        then the one to read from across the table, so it gets the room) and
        the names of that side's seats, which face the centre."""
        centre, ring_r = self.ring
        if not ring_shown:
            ring_r = self.hau_drauf[1] + self.shadow
        ux, uy = draw.turn_offset((0, 1), turned)  # from the centre towards that side
        inner = min(((x - centre[0]) * ux + (y - centre[1]) * uy) - r * (1 + PULSE_GROWTH) - 8 - name_size(r)
                    for seat, ((x, y), r) in self.seats.items() if self.facings[seat] == turned)
        reach = (ring_r + inner) / 2
        return (round(centre[0] + ux * reach), round(centre[1] + uy * reach)), 2 * ring_r, int(inner - ring_r)


def name_size(radius: int) -> int:
    """The type size of a seat's name, for a button of `radius`."""
    return int(int(radius * 0.55) * 0.8)


def layout(rect: pygame.Rect, edge: bool, flat: bool = False) -> UnitGeometry:
    """Where the buttons go. `edge`: at the rectangle's edge (unit mode) rather
    than on a circle (the small unit on the table); `flat`: each seat's words
    face its side of the table."""
    cx, cy = rect.center
    radius = int(min(rect.width, rect.height) * (0.085 if edge else 0.12))
    portrait = edge and rect.height > rect.width
    seats, facings = {}, {}
    for seat in range(SEAT_COUNT):
        angle = seat_angle(seat, portrait)
        dx, dy = math.cos(angle), math.sin(angle)
        if edge:  # where the ray from the centre meets the inset rectangle
            half_w, half_h = rect.width / 2 - radius * 1.3, rect.height / 2 - radius * 1.3
            scale = min(half_w / abs(dx) if abs(dx) > 1e-9 else 1e9, half_h / abs(dy) if abs(dy) > 1e-9 else 1e9)
        else:
            scale = min(rect.width, rect.height) / 2 - radius * 1.1
        seats[seat] = ((int(cx + dx * scale), int(cy + dy * scale)), radius)
        facings[seat] = facing(angle) if flat else 0
    centre_r = int(min(rect.width, rect.height) * (0.17 if edge else 0.15))
    return UnitGeometry(seats, ((cx, cy), centre_r), max(5, centre_r // 7), facings)


#: A flash's colour, length (s) and how many times it fades from full in that
#: time: a timeout blinks red three times (2.5 a second, under the 3 a second
#: that can trouble people who are light-sensitive), a slap race's start
#: swells once in yellow — told apart at a glance, like their sounds. Unit mode
#: and the Settings preview flash alike.
FLASH_LOOKS = {"timeout": (theme.RED, 1.2, 3), "slap": (theme.YELLOW, 0.7, 1)}


def flash_strength(kind: str, age: float) -> float:
    """How strong a flash of `kind` is `age` s after it began (0 once over):
    each blink starts full and fades."""
    _, length, blinks = FLASH_LOOKS[kind]
    if not 0 <= age < length:
        return 0.0
    return 1 - (age / length * blinks) % 1


def _blink(now: float, hz: float) -> bool:
    return int(now * hz * 2) % 2 == 0


def pulse(now: float) -> float:
    """0 → 1 → 0 once a breath: how far the selected seat has swelled now."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * PULSE_HZ * now)


class SeatLook(NamedTuple):
    fill: tuple
    ring: tuple | None
    ring_width: int
    scale: float = 1.0  # the drawn radius as a share of the button's


#: An empty seat's button: unlit, near black, so it is never taken for a player's dimmed seat.
EMPTY = (30, 32, 32)


def _dimmed(colour) -> tuple:
    return tuple(int(c * DIM) for c in colour)


def _brighter(colour, share: float) -> tuple:
    return tuple(int(c + (255 - c) * share) for c in colour)


def seat_look(seat: int, view: UnitView, now: float) -> SeatLook:
    """How a seat button looks now. Whoever everyone must watch stands out —
    the seat on turn breathes, the light runs, a race's racers glow — and the
    other seats dim, so it is seen from across the table."""
    colour = theme.SEAT_COLOURS[seat]
    state = view.state if view.interrupted is None else view.interrupted
    if seat not in view.seats:  # unlit, only a rim of its colour: nobody sits there
        return SeatLook(EMPTY, colour, 3)
    if seat in view.waiting_for:  # flashing (standing still while paused or asleep): must be pressed
        return SeatLook(colour if frozen(view) or _blink(now, 4) else WHITE, theme.RED, 6)
    if view.lit == seat and frozen(view):  # the light stands still half way: nobody is chosen yet
        return SeatLook(colour, theme.MUTED, 2)
    if view.lit == seat:
        return SeatLook(WHITE, theme.YELLOW, 6)
    if state is UnitState.TURN and seat == view.current:
        if frozen(view):  # the turn stands still with the clock
            return SeatLook(colour, theme.ACTIVE, 5)
        breath = pulse(now)
        return SeatLook(_brighter(colour, 0.35 * breath), theme.ACTIVE, 6, 1 + PULSE_GROWTH * breath)
    if state is UnitState.SLAP_RACE and seat in view.racers:
        pressed = any(s == seat for s, _ in view.reactions)
        return SeatLook(_dimmed(colour) if pressed else colour, None if pressed else theme.YELLOW, 4)
    if state in (UnitState.TURN, UnitState.SPINNING, UnitState.SLAP_RACE) or view.waiting_for:
        return SeatLook(_dimmed(colour), None, 0)
    return SeatLook(colour, None, 0)


def message_facings(view: UnitView, geo: UnitGeometry) -> tuple[int, ...]:
    """Which way the shared messages face lying flat: towards the seat on turn,
    or the seats that must press their flashing button. Otherwise (joining, the
    spin, a race, a pause, asleep) the message is for everyone, so it is written
    twice, facing the two sides with two seats each, where most people sit."""
    if view.state is UnitState.TURN and view.current is not None:
        return (geo.facings[view.current],)
    if view.waiting_for and not frozen(view):
        return tuple(dict.fromkeys(geo.facings[seat] for seat in view.waiting_for))
    sides = [turned for turned, seats in Counter(geo.facings.values()).items() if seats == 2]
    return tuple(sides) or (0,)


def big_text_size(surface: pygame.Surface) -> int:
    """The type size of key letters and countdown digits: capitals at least 3 %
    of the window's height."""
    return math.ceil(surface.get_height() * BIG_TEXT_SHARE)


def _ink(fill) -> tuple:
    """Dark letters on a bright button, light ones on a dimmed one."""
    return (30, 20, 20) if sum(fill) > 330 else theme.TEXT


def draw_unit(surface: pygame.Surface, rect: pygame.Rect, view: UnitView, now: float,
              names: list[str], key_labels: list[str] | None = None, edge: bool = True, *,
              flat: bool = False, notes: dict[int, str] | None = None, centre_facing: int = 0,
              clock_ring: str = "thin", lang: Language = ENGLISH) -> UnitGeometry:
    """Draw the unit; returns where everything went. `flat`: each seat's words
    face its side of the table, and the centre's face `centre_facing`;
    `notes`: a short word at a seat's button (e.g. "not your turn");
    `clock_ring` (the `[table]` setting): "thin", "wide" (twice as wide,
    outwards) or "off" (no ring and no digits: only the countdown beeps warn,
    as on the real unit); `lang`: the language of PAUSED and ASLEEP."""
    geo = layout(rect, edge, flat)
    if clock_ring == "wide":
        geo = replace(geo, ring_width=geo.ring_width * 2)
    elif clock_ring == "off":
        view = replace(view, remaining_ms=None)
    (cx, cy), big = geo.hau_drauf
    if not edge:  # the unit's body on the table
        body = int(min(rect.width, rect.height) / 2)
        pygame.draw.circle(surface, (40, 40, 48), (cx, cy), body)
        pygame.draw.circle(surface, (90, 90, 100), (cx, cy), body, width=3)
    _draw_clock_ring(surface, geo, view)
    _draw_centre(surface, geo, view, now, centre_facing if flat else 0, big_text_size(surface) if edge else 0,
                 lang)
    for seat in geo.seats:
        (_, y), r = geo.seats[seat]
        name_above = flat or edge and y > cy + rect.height * 0.3  # between the button and the centre
        _draw_seat(surface, geo, seat, view, now, names, key_labels, (notes or {}).get(seat), name_above, lang)
    return geo


def _draw_centre(surface, geo: UnitGeometry, view: UnitView, now: float, turned: int, digits: int,
                 lang: Language) -> None:
    """The HAU DRAUF button: our wordmark, PAUSED or ASLEEP above it, the time
    left below it, all facing `turned`."""
    (cx, cy), big = geo.hau_drauf
    pressed_centre = view.state is UnitState.SLAP_RACE and _blink(now, 3)
    pygame.draw.circle(surface, theme.YELLOW_DARK, (cx, cy + geo.shadow), big)
    pygame.draw.circle(surface, (255, 236, 120) if pressed_centre else theme.YELLOW, (cx, cy), big)
    mark = _turned_wordmark(int(big * 0.78), turned)
    surface.blit(mark, mark.get_rect(center=local((cx, cy), turned, 0, big * 0.1)))
    ink = (120, 30, 20)
    if frozen(view):
        draw.text(surface, lang.gettext("ASLEEP") if view.state is UnitState.ASLEEP else lang.gettext("PAUSED"),
                  local((cx, cy), turned, 0, big * 0.66), int(big * 0.2), ink, anchor="center", bold=True,
                  shadow=False, angle=turned)
    if view.remaining_ms is not None:
        draw.text(surface, f"{view.remaining_ms / 1000:.1f}", local((cx, cy), turned, 0, -big * 0.64),
                  max(int(big * 0.22), digits), ink, anchor="center", bold=True, shadow=False, angle=turned,
                  max_width=int(big * 1.2))


@functools.lru_cache(maxsize=16)
def _turned_wordmark(height: int, turned: int) -> pygame.Surface:
    """HAU over DRAUF, our own mark, turned to face a side of the table."""
    image = pygame.Surface(wordmark_size(height, stacked=True), pygame.SRCALPHA)
    draw_wordmark(image, image.get_rect().center, height, stacked=True)
    return pygame.transform.rotate(image, turned) if turned else image


def _draw_seat(surface, geo: UnitGeometry, seat: int, view: UnitView, now: float, names, key_labels,
               note: str | None, name_above: bool, lang: Language) -> None:
    """One seat's button — its mark (shape and number), its key letter, in a
    race its place and time, or a short note — with its name towards the
    centre and any extra time beside it, all facing the seat's side."""
    (x, y), r = geo.seats[seat]
    turned = geo.facings[seat]
    look = seat_look(seat, view, now)
    drawn = int(r * look.scale)
    pygame.draw.circle(surface, (0, 0, 0), (x + 3, y + 4), drawn)
    pygame.draw.circle(surface, look.fill, (x, y), drawn)
    if look.ring:
        pygame.draw.circle(surface, look.ring, (x, y), drawn + look.ring_width // 2 + 2, width=look.ring_width)
    _draw_mark(surface, seat, local((x, y), turned, 0, r * 0.42), int(r * 0.3), look.fill, turned)
    ink = _ink(look.fill)
    reactions = dict(view.reactions)
    low = local((x, y), turned, 0, -r * 0.24)  # the button's near half, as its player sees it
    if note:
        box = draw.text_rect(note, low, int(r * 0.42), anchor="center", bold=True, max_width=int(r * 2.1),
                             angle=turned)
        draw.panel(surface, box.inflate(r * 0.2, r * 0.2), colour=theme.REFUSED, alpha=235, edge=theme.RED)
        draw.text(surface, note, low, int(r * 0.42), theme.TEXT, anchor="center", bold=True,
                  max_width=int(r * 2.1), angle=turned)
    elif seat in reactions:
        place = [s for s, _ in view.reactions].index(seat) + 1
        said = lang.gettext("#{place} {ms} ms").format(place=place, ms=format(reactions[seat], ".0f"))
        draw.text(surface, said, low, int(r * 0.42), ink, anchor="center",
                  bold=True, shadow=False, max_width=int(r * 1.7), angle=turned)
    elif key_labels:
        draw.text(surface, key_labels[seat], low, max(int(r * 0.62), big_text_size(surface)), ink,
                  anchor="center", bold=True, shadow=False, max_width=int(r * 1.6), angle=turned)
    if seat not in view.seats and view.state is not UnitState.REGISTERING:
        return
    size = name_size(r)
    name = names[seat] if seat < len(names) else ""
    if name_above:
        draw.text(surface, name, local((x, y), turned, 0, r + 6 + size), size, theme.TEXT, anchor="midtop",
                  max_width=int(r * 3.2), angle=turned)
    else:  # under the button
        draw.text(surface, name, (x, y + r + 4), size, theme.TEXT, anchor="midtop", max_width=int(r * 3.2))
    if view.extra_time[seat]:
        draw.text(surface, f"+{view.extra_time[seat]:g} s", local((x, y), turned, r * (1 + PULSE_GROWTH) + 10, 0),
                  max(12, int(size * 0.62)), theme.TEXT, anchor="midleft", angle=turned)


def _draw_mark(surface, seat: int, centre, radius: int, fill, turned: int) -> None:
    """The seat's mark, turned with its words (drawn upright, then turned)."""
    if not turned:
        draw_seat_mark(surface, seat, centre, radius, fill)
        return
    image = pygame.Surface((radius * 3, radius * 3), pygame.SRCALPHA)
    draw_seat_mark(image, seat, image.get_rect().center, radius, fill)
    image = pygame.transform.rotate(image, turned)
    surface.blit(image, image.get_rect(center=centre))


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
