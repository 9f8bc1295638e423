"""Card faces and backs for every game, drawn with pygame.draw and the default
font only — no image files, so a card is crisp at any size.

    draw_card(surface, rect, "uno/red/7")                 # a face
    draw_card(surface, rect, None, game="skip-bo")        # that game's back
    draw_card(surface, rect, face, highlight=True)        # playable: gold glow
    draw_card(surface, rect, face, dim=True)              # not playable: greyed

A face string's prefix (before the first "/") picks its painter (see the
engine README, "Card faces"). A face no painter understands is drawn as a
neutral card showing the string: a renderer must never crash on a card.

Small cards (under ``COMPACT_HEIGHT`` px) drop the corner indices and draw the
centre bigger, because 6 px corner text is unreadable anyway. Cards are
painted at twice their size and smooth-scaled down (cheap antialiasing), then
kept in a bounded LRU cache, because the table redraws every frame.
The highlight glow and the drop shadow reach a few pixels outside `rect`.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from engine.games.crazy_old_fish_war.cards import COLOUR_TABLE as COFW_COLOURS
from engine.games.sea_salt_paper.cards import COLOURS as SSP_COLOUR_NAMES, KIND_NAMES as SSP_KINDS
from engine.games.sea_salt_paper.events_cards import EVENTS as SSP_EVENTS

Colour = tuple[int, int, int]
Point = tuple[float, float]

ASPECT = 5 / 7  # width / height of every card
COMPACT_HEIGHT = 64  # below this the corners are dropped, the centre grows
CACHE_SIZE = 512
SUPERSAMPLE_UP_TO = 360  # cards up to this height are painted at 2x and scaled down

WHITE: Colour = (255, 255, 255)
INK: Colour = (22, 22, 28)
GOLD: Colour = (255, 204, 0)
BORDER: Colour = (70, 70, 78)


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a card `height` px tall, at the 5:7 card ratio."""
    return round(height * ASPECT), int(height)


# --- fonts and text ---------------------------------------------------------

_FONTS: dict[int, pygame.font.Font] = {}
DIGIT_HEIGHT = 0.49  # cap height of the default font's digits per font px


def _font(px: int) -> pygame.font.Font:
    """The default font at `px`, cached: building a Font reads the file."""
    px = max(4, int(px))
    font = _FONTS.get(px)
    if font is None:
        if len(_FONTS) > 96:  # window resizes produce many sizes; don't hoard them
            _FONTS.clear()
        if not pygame.font.get_init():
            pygame.font.init()
        font = _FONTS[px] = pygame.font.Font(None, px)
    return font


def _text(text: str, cap: float, colour: Colour, outline: Colour | None = None,
          outline_px: float = 0) -> pygame.Surface:
    """`text` with capitals about `cap` px tall, cropped to its ink so it can
    be centred exactly; an outline keeps it readable on any background."""
    font = _font(round(cap / DIGIT_HEIGHT))
    body = font.render(text, True, colour)
    k = max(1, round(outline_px)) if outline else 0
    if outline:  # FreeType's own stroker: smooth at any thickness
        font.outline = k
        try:
            img = font.render(text, True, outline)
        finally:
            font.outline = 0
    else:
        img = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    img.blit(body, (k, k))
    box = img.get_bounding_rect()
    return img.subsurface(box).copy() if box.width and box.height else img


def _fit_text(text: str, cap: float, max_w: float, colour: Colour, outline: Colour | None = None,
              outline_px: float = 0) -> pygame.Surface:
    """Like `_text`, shrunk until it is at most `max_w` wide."""
    img = _text(text, cap, colour, outline, outline_px)
    if img.get_width() > max_w > 0:
        scale = max_w / img.get_width()
        img = _text(text, cap * scale, colour, outline, outline_px * scale)
    return img


def _wrap(text: str, cap: float, max_w: float) -> list[str]:
    """Greedy word wrap of `text` for capitals `cap` px tall."""
    font = _font(round(cap / DIGIT_HEIGHT))
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= max_w:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _text_block(text: str, cap: float, box: pygame.Rect, colour: Colour,
                outline: Colour | None = None) -> list[pygame.Surface]:
    """Lines of `text` shrunk until they fit `box` (used for titles and unknown faces)."""
    while True:
        lines = _wrap(text, cap, box.width)
        imgs = [_fit_text(line, cap, box.width, colour, outline, cap * 0.12) for line in lines]
        height = sum(i.get_height() for i in imgs) + cap * 0.45 * (len(imgs) - 1)
        if height <= box.height or cap < 5:
            return imgs
        cap *= 0.85


def _blit_lines(surf: pygame.Surface, imgs: list[pygame.Surface], center: Point, gap: float) -> None:
    """Stack text lines centred on `center`."""
    total = sum(i.get_height() for i in imgs) + gap * (len(imgs) - 1)
    y = center[1] - total / 2
    for img in imgs:
        surf.blit(img, img.get_rect(midtop=(round(center[0]), round(y))))
        y += img.get_height() + gap


def _blit_center(surf: pygame.Surface, img: pygame.Surface, center: Point) -> None:
    surf.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


# --- drawing in unit coordinates --------------------------------------------

class Pen:
    """Draws in a unit box — centre (0, 0), ±1 is the box's half size, y down —
    so each icon is written once and serves every card size."""

    def __init__(self, surf: pygame.Surface, center: Point, radius: float, flip: bool = False):
        self.surf, self.cx, self.cy, self.r = surf, center[0], center[1], radius
        self.sx = -1 if flip else 1

    def p(self, x: float, y: float) -> Point:
        return self.cx + self.sx * x * self.r, self.cy + y * self.r

    def sub(self, x: float, y: float, scale: float, flip: bool = False) -> "Pen":
        """A smaller box inside this one (for shoals, colonies, corner marks)."""
        return Pen(self.surf, self.p(x, y), self.r * scale, flip=(self.sx < 0) != flip)

    def _w(self, width: float) -> int:
        return max(1, round(width * self.r))

    def poly(self, pts: Sequence[Point], colour: Colour, width: float = 0) -> None:
        pygame.draw.polygon(self.surf, colour, [self.p(*q) for q in pts], self._w(width) if width else 0)

    def circle(self, x: float, y: float, rad: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.p(x, y), max(1.0, rad * self.r), self._w(width) if width else 0)

    def ellipse(self, x: float, y: float, rx: float, ry: float, colour: Colour, width: float = 0) -> None:
        rect = pygame.Rect(0, 0, max(1, round(2 * rx * self.r)), max(1, round(2 * ry * self.r)))
        rect.center = tuple(round(v) for v in self.p(x, y))
        pygame.draw.ellipse(self.surf, colour, rect, self._w(width) if width else 0)

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: Colour, radius: float = 0,
             width: float = 0) -> None:
        (ax, ay), (bx, by) = self.p(x0, y0), self.p(x1, y1)
        box = pygame.Rect(round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)), round(abs(by - ay)))
        pygame.draw.rect(self.surf, colour, box, self._w(width) if width else 0,
                         border_radius=round(radius * self.r))

    def line(self, pts: Sequence[Point], colour: Colour, width: float) -> None:
        """A thick polyline with round joints (pygame's own leaves gaps)."""
        pixels = [self.p(*q) for q in pts]
        w = self._w(width)
        pygame.draw.lines(self.surf, colour, False, pixels, w)
        for q in pixels:
            pygame.draw.circle(self.surf, colour, q, w / 2)

    def stroke(self, pts: Sequence[Point], radii: Sequence[float], colour: Colour) -> None:
        """A brush stroke: discs along a path with varying radius (tails, seahorses)."""
        for (x0, y0), (x1, y1), r0, r1 in zip(pts, pts[1:], radii, radii[1:]):
            steps = max(2, int(math.hypot(x1 - x0, y1 - y0) * self.r / 2))
            for i in range(steps + 1):
                t = i / steps
                self.circle(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r0 + (r1 - r0) * t, colour)


def _ellipse_pts(a: float, b: float, angle: float = 0.0, t0: float = 0.0, t1: float = 2 * math.pi,
                 n: int = 48) -> list[Point]:
    """Points of an ellipse (semi-axes a, b) rotated by `angle` degrees, from t0 to t1."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    for i in range(n + 1):
        t = t0 + (t1 - t0) * i / n
        x, y = a * math.cos(t), b * math.sin(t)
        pts.append((x * ca - y * sa, x * sa + y * ca))
    return pts


def _star_pts(spikes: int, outer: float, inner: float, turn: float = -90.0,
              jitter: Sequence[float] = (1.0,)) -> list[Point]:
    """A star or starburst; `jitter` varies the spike lengths for a comic burst."""
    pts = []
    for i in range(2 * spikes):
        a = math.radians(turn + 180 * i / spikes)
        r = outer * jitter[(i // 2) % len(jitter)] if i % 2 == 0 else inner
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def _wave(x0: float, x1: float, y: float, amp: float, waves: float, n: int = 24) -> list[Point]:
    return [(x0 + (x1 - x0) * i / n, y + amp * math.sin(2 * math.pi * waves * i / n)) for i in range(n + 1)]


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` towards `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _luma(c: Colour) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


# --- the canvas a painter draws on -------------------------------------------

@dataclass
class Canvas:
    """The card body being painted (possibly supersampled) and the height of
    the card on screen, which decides what is still readable."""
    surf: pygame.Surface
    height: int  # of the final card, in screen px

    @property
    def compact(self) -> bool:
        """A small card: painters skip corner indices and fine print."""
        return self.height < COMPACT_HEIGHT

    @property
    def w(self) -> int:
        return self.surf.get_width()

    @property
    def h(self) -> int:
        return self.surf.get_height()

    @property
    def u(self) -> float:
        """One percent of the card height: the unit of every layout number."""
        return self.h / 100

    def pen(self, x: float, y: float, r: float, flip: bool = False) -> Pen:
        """A Pen centred at (x, y) in percent of width/height, radius in percent of height."""
        return Pen(self.surf, (self.w * x / 100, self.h * y / 100), r * self.u, flip)

    def fill(self, colour: Colour) -> None:
        self.surf.fill(colour)

    def panel(self, inset: float, colour: Colour, radius: float = 6.0, width: float = 0) -> pygame.Rect:
        """A rounded rectangle `inset` (percent of height) inside the card edge."""
        d = round(inset * self.u)
        box = pygame.Rect(d, d, self.w - 2 * d, self.h - 2 * d)
        pygame.draw.rect(self.surf, colour, box, round(width * self.u) if width else 0,
                         border_radius=round(radius * self.u))
        return box

    def corners(self, img: pygame.Surface, inset_x: float = 7.5, inset_y: float = 7.0) -> None:
        """An index top-left and, upside down, bottom-right, as on real cards."""
        pos = (round(inset_x * self.u), round(inset_y * self.u))
        self.surf.blit(img, pos)
        flipped = pygame.transform.rotate(img, 180)
        self.surf.blit(flipped, flipped.get_rect(bottomright=(self.w - pos[0], self.h - pos[1])))

    def corner_pens(self, x: float, y: float, r: float) -> tuple[Pen, Pen]:
        """Pens for a drawn corner mark at (x, y) percent of the height from the
        top-left corner, and the same mark mirrored bottom-right."""
        cx, cy = x * self.u, y * self.u
        return (Pen(self.surf, (cx, cy), r * self.u), Pen(self.surf, (self.w - cx, self.h - cy), r * self.u))


# --- UNO Hau drauf -------------------------------------------------------------

UNO_COLOURS: dict[str, Colour] = {
    "red": (225, 35, 42), "yellow": (250, 200, 10), "green": (45, 160, 70), "blue": (10, 105, 205),
}
UNO_BLACK: Colour = (25, 25, 28)
UNO_TILT = 30  # degrees: the white oval of every UNO card leans right


def _uno_wheel(pen: Pen, a: float, b: float) -> None:
    """The wild card's oval split into the four colours."""
    order = ("red", "blue", "green", "yellow")  # clockwise from the right, as printed
    for i, name in enumerate(order):
        t0 = math.pi / 2 * i
        pts = [(0.0, 0.0)] + _ellipse_pts(a, b, angle=90 + UNO_TILT, t0=t0, t1=t0 + math.pi / 2, n=16)
        pen.poly(pts, UNO_COLOURS[name])


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
    outer = _star_pts(14, 1.0, 0.62, turn=-80, jitter=jitter)
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
        img = _text(symbol, cap, colour, UNO_BLACK, edge)
        _blit_center(cv.surf, img, pen.p(0, 0))
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
        _blit_center(cv.surf, _fit_text(text, cap * 0.85, cv.w * 0.8, fill, UNO_BLACK, edge), pen.p(0, 0))
    elif symbol == "skip":
        _skip_sign(pen.sub(0, 0, size * 1.25), colour, UNO_BLACK)
    elif symbol == "haudrauf":
        _uno_haudrauf(cv, pen, colour, size)
    else:
        raise KeyError(symbol)


def _uno_haudrauf(cv: Canvas, pen: Pen, colour: Colour, size: float) -> None:
    """A burst with "HAU DRAUF" when big enough to read, else a fist."""
    burst = pen.sub(0, 0, size * 1.55)
    _starburst(burst, (255, 222, 40) if colour != UNO_COLOURS["yellow"] else (255, 140, 20), UNO_BLACK)
    if cv.height >= 100:  # the words are readable from here up
        lines = [_text(word, cv.h * 0.1, WHITE, UNO_BLACK, cv.h * 0.013) for word in ("HAU", "DRAUF")]
        block = pygame.Surface((max(i.get_width() for i in lines), sum(i.get_height() for i in lines)
                                + round(cv.h * 0.02)), pygame.SRCALPHA)
        _blit_lines(block, lines, (block.get_width() / 2, block.get_height() / 2), cv.h * 0.02)
        block = pygame.transform.rotate(block, 12)
        scale = min(1.0, burst.r * 1.7 / block.get_width())
        if scale < 1.0:
            block = pygame.transform.smoothscale(block, (round(block.get_width() * scale),
                                                         round(block.get_height() * scale)))
        _blit_center(cv.surf, block, pen.p(0, 0))
    else:
        _fist(burst.sub(0, 0.04, 0.6), colour, UNO_BLACK)


def _uno_corner(cv: Canvas, symbol: str, colour: Colour) -> None:
    """The small white index in two corners: number, +2/+4, or a drawn mark."""
    cap = cv.h * 0.12
    if symbol.isdigit() or symbol in ("draw2", "wild4"):
        text = {"draw2": "+2", "wild4": "+4"}.get(symbol, symbol)
        cv.corners(_text(text, cap, WHITE, UNO_BLACK, cap * 0.08), inset_x=8, inset_y=7)
        return
    for pen in cv.corner_pens(x=13, y=13.5, r=6.5):
        if symbol == "skip":
            _skip_sign(pen, WHITE, UNO_BLACK)
        elif symbol == "haudrauf":
            _starburst(pen, WHITE, UNO_BLACK)
        else:  # wild
            _uno_wheel(pen, 1.0, 0.7)


def paint_uno(cv: Canvas, parts: list[str]) -> None:
    """uno/<colour>/<symbol>, uno/wild, uno/wild4."""
    if len(parts) == 1 and parts[0] in ("wild", "wild4"):
        colour, symbol = None, parts[0]
    elif len(parts) == 2 and parts[0] in UNO_COLOURS:
        colour, symbol = UNO_COLOURS[parts[0]], parts[1]
    else:
        raise KeyError("/".join(parts))
    if not (symbol.isdigit() and len(symbol) == 1 or symbol in ("draw2", "skip", "haudrauf", "wild", "wild4")):
        raise KeyError(symbol)
    cv.fill(WHITE)
    cv.panel(4.2, colour or UNO_BLACK, radius=5)
    pen = cv.pen(50, 50, 50)
    a, b = 0.86, 0.56 * cv.w / cv.h * 1.25
    if colour is None:
        _uno_wheel(pen, a, b)
        if symbol == "wild4":
            _uno_symbol(cv, pen, "wild4", WHITE, 0.30 if not cv.compact else 0.42)
    else:
        pen.poly(_ellipse_pts(a, b, angle=90 + UNO_TILT), WHITE)
        size = 0.42 if not cv.compact else 0.55
        _uno_symbol(cv, pen, symbol, colour, size if symbol.isdigit() else size * 0.85)
    if not cv.compact:
        _uno_corner(cv, symbol, colour or UNO_BLACK)


# --- standard 52-card deck (Go Fish) ----------------------------------------------

STD_RED: Colour = (205, 22, 35)
STD_BLACK: Colour = (20, 20, 26)
STD_SUITS = ("clubs", "diamonds", "hearts", "spades")
STD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def suit_shape(pen: Pen, suit: str, colour: Colour) -> None:
    """A suit drawn from circles and polygons in the unit box (no font glyphs)."""
    if suit == "hearts":
        pen.circle(-0.47, -0.38, 0.5, colour)
        pen.circle(0.47, -0.38, 0.5, colour)
        pen.poly([(-0.95, -0.25), (0.95, -0.25), (0.0, 0.95)], colour)
    elif suit == "diamonds":
        pen.poly([(0, -1), (0.74, 0), (0, 1), (-0.74, 0)], colour)
    elif suit == "spades":
        pen.circle(-0.45, 0.16, 0.45, colour)
        pen.circle(0.45, 0.16, 0.45, colour)
        pen.poly([(-0.88, 0.05), (0.88, 0.05), (0.0, -1.0)], colour)
        pen.poly([(0, 0.2), (-0.32, 0.95), (0.32, 0.95)], colour)
    elif suit == "clubs":
        for x, y in ((0, -0.5), (-0.5, 0.13), (0.5, 0.13)):
            pen.circle(x, y, 0.42, colour)
        pen.circle(0, -0.05, 0.25, colour)
        pen.poly([(0, -0.1), (-0.32, 0.95), (0.32, 0.95)], colour)
    else:
        raise KeyError(suit)


def _crown(pen: Pen, colour: Colour, points: int) -> None:
    """A crown (king: 3 points, queen: 5 smaller) — tells K from Q at a glance."""
    pts = [(-0.9, 0.6), (-0.9, -0.5)]
    for i in range(points):
        x0 = -0.9 + 1.8 * i / points
        pts += [(x0 + 0.9 / points, 0.05), (x0 + 1.8 / points, -0.5)]
    pts += [(0.9, 0.6)]
    pen.poly(pts, colour)
    for i in range(points + 1):
        pen.circle(-0.9 + 1.8 * i / points, -0.58, 0.13, colour)


def paint_std(cv: Canvas, parts: list[str]) -> None:
    """std/<rank>/<suit>: rank and suit in two corners, big rank and suit in the middle."""
    rank, suit = parts
    if rank not in STD_RANKS or suit not in STD_SUITS:
        raise KeyError("/".join(parts))
    colour = STD_RED if suit in ("hearts", "diamonds") else STD_BLACK
    cv.fill((252, 251, 246))
    if rank in ("J", "Q", "K"):
        _std_court(cv, rank, suit, colour)
    elif cv.compact:
        _blit_center(cv.surf, _fit_text(rank, cv.h * 0.34, cv.w * 0.9, colour), (cv.w / 2, cv.h * 0.30))
        suit_shape(cv.pen(50, 72, 20), suit, colour)
    else:
        _blit_center(cv.surf, _fit_text(rank, cv.h * 0.25, cv.w * 0.5, colour), (cv.w / 2, cv.h * 0.36))
        suit_shape(cv.pen(50, 66, 13.5), suit, colour)
    if not cv.compact:
        _std_corners(cv, rank, suit, colour)


def _std_court(cv: Canvas, rank: str, suit: str, colour: Colour) -> None:
    """J, Q, K: a framed panel with a crown (K, Q) or a cap (J) over the letter."""
    inset_x, inset_y = (3, 3) if cv.compact else (21, 12)
    frame = cv.surf.get_rect().inflate(-2 * round(inset_x * cv.w / 100), -2 * round(inset_y * cv.u))
    pygame.draw.rect(cv.surf, (255, 238, 190), frame, border_radius=round(3 * cv.u))
    pygame.draw.rect(cv.surf, colour, frame, max(1, round(0.9 * cv.u)), border_radius=round(3 * cv.u))
    cx = frame.centerx
    mark = Pen(cv.surf, (cx, frame.top + frame.height * 0.2), frame.width * 0.22)
    if rank == "J":
        mark.poly([(-0.9, 0.5), (-0.6, -0.3), (0.3, -0.5), (0.9, 0.5)], colour)
        mark.circle(0.45, -0.55, 0.2, (230, 170, 0))
    else:
        _crown(mark, (225, 165, 0) if rank == "K" else colour, 3 if rank == "K" else 5)
    _blit_center(cv.surf, _fit_text(rank, cv.h * (0.3 if cv.compact else 0.24), frame.width * 0.8, colour),
                 (cx, frame.top + frame.height * 0.5))
    suit_shape(Pen(cv.surf, (cx, frame.top + frame.height * 0.8), frame.height * 0.11), suit, colour)


def _std_corners(cv: Canvas, rank: str, suit: str, colour: Colour) -> None:
    cap = cv.h * 0.11
    rank_img = _text(rank, cap, colour)
    suit_r = cv.h * 0.045
    img = pygame.Surface((max(rank_img.get_width(), round(2 * suit_r * 0.95)),
                          rank_img.get_height() + round(cv.h * 0.02 + 2 * suit_r)), pygame.SRCALPHA)
    img.blit(rank_img, rank_img.get_rect(midtop=(img.get_width() // 2, 0)))
    suit_shape(Pen(img, (img.get_width() / 2, img.get_height() - suit_r), suit_r), suit, colour)
    cv.corners(img, inset_x=4.5, inset_y=4.5)


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
    pygame.draw.rect(cv.surf, _mix(colour, WHITE, 0.86), inner, border_radius=round(5 * cv.u))
    cap = cv.h * (0.42 if cv.compact else 0.34)
    _blit_center(cv.surf, _fit_text(value, cap, cv.w * 0.8, colour, INK, cap * 0.05), (cv.w / 2, cv.h / 2))
    if not cv.compact:
        cv.corners(_text(value, band * 0.62, WHITE), inset_x=5, inset_y=band * 0.19 / cv.u)


def _skipbo_wild(cv: Canvas) -> None:
    """The SKIP-BO wild: orange, the name big across the middle."""
    cv.fill(WHITE)
    cv.panel(4, SKIPBO_ORANGE, radius=5)
    burst = cv.pen(50, 50, 36)
    burst.poly(_star_pts(12, 1.0, 0.78), (255, 175, 60))
    words = [_fit_text(w, cv.h * 0.15, cv.w * 0.78, WHITE, (150, 40, 0), cv.h * 0.012) for w in ("SKIP", "BO")]
    _blit_lines(cv.surf, words, (cv.w / 2, cv.h / 2), cv.h * 0.03)
    if not cv.compact:
        cv.corners(_text("SB", cv.h * 0.085, WHITE, (150, 40, 0), cv.h * 0.008), inset_x=7, inset_y=7)


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
    pen.poly(_star_pts(5, 1.0, 0.42), colour)


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
    shade = _mix(colour, WHITE, 0.3) if _luma(colour) < 0.6 else _mix(colour, INK, 0.16)
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
    dark = _mix(colour, INK, 0.55)
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
    _blit_center(cv.surf, _fit_text(number, cap, panel.width * 0.86, dark), (panel.centerx, panel.centery))
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
        burst.poly(_star_pts(10, 1.0, 0.72), dark)
        burst.poly(_star_pts(10, 0.88, 0.62), WHITE)
        img = _fit_text(number, cap * 0.85, cv.w * 0.6, dark)
    else:
        img = _fit_text(number, cap, cv.w * 0.86, WHITE, dark, cap * 0.1)
    _blit_center(cv.surf, img, (cv.w / 2, cv.h * 0.4))
    cofw_mark(cv.pen(50, 80, 12), key, WHITE, dark)


def _cofw_crazy(cv: Canvas, panel: pygame.Rect) -> None:
    """A Crazy 8: all five symbols in their colours, and the word CRAZY."""
    r = panel.width * 0.085
    for i, key in enumerate(COFW_RGB):
        x = panel.left + panel.width * (0.14 + 0.18 * i)
        cofw_mark(Pen(cv.surf, (x, panel.top + panel.height * 0.14), r), key, COFW_RGB[key], INK)
    word = _fit_text("CRAZY", panel.height * 0.12, panel.width * 0.86, (200, 0, 120))
    _blit_center(cv.surf, word, (panel.centerx, panel.bottom - panel.height * 0.14))


def _cofw_corners(cv: Canvas, key: str, number: str, dark: Colour) -> None:
    cap = cv.h * 0.1
    num = _text(number, cap, WHITE, dark, cap * 0.1)
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
        pen.line(_wave(-0.5, 0.5, -0.42 + i * 0.14, 0.012, 3), _mix(COFW_SEA, WHITE, 0.2), 0.008)
    cv.panel(3, (235, 200, 90), radius=5, width=1.2)
    ssp_mermaid(cv.pen(50, 51, 36 if not cv.compact else 44),
                (250, 240, 225), (0, 150, 120), COFW_SEA)
    if not cv.compact:
        for word, y in (("OLD", 12), ("MERMAID", 88)):
            _blit_center(cv.surf, _fit_text(word, cv.h * 0.08, cv.w * 0.8, (255, 225, 120), INK, cv.h * 0.008),
                         (cv.w / 2, cv.h * y / 100))


# --- Sea Salt & Paper ---------------------------------------------------------

SSP_RGB: dict[str, Colour] = {
    "dark-blue": (30, 62, 140), "light-blue": (110, 185, 230), "black": (38, 38, 44),
    "yellow": (246, 204, 50), "green": (80, 165, 80), "white": (246, 244, 236),
    "purple": (128, 78, 170), "grey": (150, 152, 158), "light-orange": (250, 190, 130),
    "pink": (240, 140, 185), "orange": (238, 118, 28),
}
SSP_NAVY: Colour = (24, 36, 66)
ACCENT: Colour = (250, 165, 30)  # beaks, lights, badges


def _ssp_ink(colour: Colour) -> Colour:
    """The drawing colour on a card of `colour`: dark on light paper, white on dark."""
    return SSP_NAVY if _luma(colour) > 0.55 else (250, 250, 246)


def ssp_crab(pen: Pen, ink: Colour, bg: Colour) -> None:
    for s in (1, -1):
        for i in range(3):
            pen.line([(0.4 * s, 0.18 + 0.12 * i), (0.75 * s, 0.1 + 0.2 * i), (0.92 * s, 0.38 + 0.2 * i)], ink, 0.07)
        pen.line([(0.35 * s, -0.02), (0.62 * s, -0.3)], ink, 0.1)
        pen.circle(0.66 * s, -0.5, 0.24, ink)
        pen.poly([(0.66 * s, -0.5), (0.58 * s, -0.86), (0.8 * s, -0.8)], bg)
        pen.line([(0.16 * s, -0.1), (0.2 * s, -0.42)], ink, 0.06)
        pen.circle(0.2 * s, -0.46, 0.09, ink)
    pen.ellipse(0, 0.2, 0.58, 0.36, ink)


def ssp_boat(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.92, 0.32), (0.92, 0.32), (0.62, 0.7), (-0.62, 0.7)], ink)
    pen.line([(0, 0.32), (0, -0.92)], ink, 0.07)
    pen.poly([(0.08, -0.86), (0.08, 0.22), (0.78, 0.22)], ink)
    pen.poly([(-0.08, -0.6), (-0.08, 0.22), (-0.62, 0.22)], ink)
    pen.line(_wave(-0.95, 0.95, 0.86, 0.05, 3), ink, 0.06)


def ssp_fish(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(0.4, 0), (0.95, -0.42), (0.85, 0), (0.95, 0.42)], ink)
    pen.ellipse(-0.12, 0, 0.68, 0.42, ink)
    pen.circle(-0.5, -0.08, 0.085, bg)
    pen.line([(-0.22, -0.25), (-0.14, 0), (-0.22, 0.25)], bg, 0.05)


def ssp_swimmer(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.circle(-0.38, -0.22, 0.22, ink)
    pen.line([(-0.1, -0.02), (0.25, -0.55), (0.7, -0.35)], ink, 0.14)
    pen.poly([(-0.3, 0.1), (0.6, -0.05), (0.75, 0.15), (-0.2, 0.25)], ink)
    for y in (0.28, 0.6):
        pen.line(_wave(-0.95, 0.95, y, 0.07, 2.5), ink, 0.08)


def ssp_shark(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.55, 0.28), (-0.25, -0.2), (0.05, -0.62), (0.28, -0.88), (0.24, -0.4), (0.5, 0.28)], ink)
    for y in (0.36, 0.66):
        pen.line(_wave(-0.95, 0.95, y, 0.07, 2.5), ink, 0.08)


def ssp_shell(pen: Pen, ink: Colour, bg: Colour) -> None:
    hinge = (0.0, 0.55)
    arc = [(hinge[0] + 0.9 * math.cos(a), hinge[1] + 0.9 * math.sin(a) * 1.15)
           for a in (math.radians(d) for d in range(195, 346, 5))]
    pen.poly([hinge] + arc, ink)
    pen.poly([(-0.3, 0.48), (0.3, 0.48), (0.2, 0.82), (-0.2, 0.82)], ink)
    for a in range(210, 340, 26):
        x, y = math.cos(math.radians(a)), math.sin(math.radians(a)) * 1.15
        pen.line([(hinge[0] + 0.2 * x, hinge[1] + 0.2 * y), (hinge[0] + 0.82 * x, hinge[1] + 0.82 * y)], bg, 0.045)


def ssp_octopus(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(6):
        x = -0.5 + 0.2 * i
        pts = [(x * (1 + 0.5 * t) + 0.1 * math.sin(6 * t + i), 0.9 * t) for t in (j / 8 for j in range(9))]
        pen.line(pts, ink, 0.1)
    pen.ellipse(0, -0.3, 0.55, 0.55, ink)
    pen.rect(-0.55, -0.3, 0.55, 0.1, ink, radius=0.1)
    for s in (1, -1):
        pen.circle(0.22 * s, -0.28, 0.1, bg)


def ssp_penguin(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.3, 0.85), (-0.05, 0.95), (-0.05, 0.8)], ACCENT)
    pen.poly([(0.3, 0.85), (0.05, 0.95), (0.05, 0.8)], ACCENT)
    pen.ellipse(0, 0.1, 0.46, 0.8, ink)
    pen.ellipse(0, 0.3, 0.3, 0.52, bg)
    pen.poly([(-0.1, -0.4), (0.1, -0.4), (0, -0.22)], ACCENT)
    for s in (1, -1):
        pen.circle(0.15 * s, -0.5, 0.07, bg)
        pen.poly([(0.4 * s, -0.1), (0.62 * s, 0.45), (0.42 * s, 0.4)], ink)


def _person(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.75, 0.95), (-0.55, 0.35), (0.55, 0.35), (0.75, 0.95)], ink)
    pen.poly([(-0.3, 0.35), (0.3, 0.35), (0, 0.7)], bg)
    pen.circle(0, -0.05, 0.36, ink)


def ssp_sailor(pen: Pen, ink: Colour, bg: Colour) -> None:
    """A sailor: round cap with an upturned brim, striped collar."""
    _person(pen, ink, bg)
    pen.line([(-0.42, 0.45), (-0.12, 0.75)], ink, 0.06)
    pen.line([(0.42, 0.45), (0.12, 0.75)], ink, 0.06)
    pen.ellipse(0, -0.44, 0.32, 0.2, ink)
    pen.rect(-0.45, -0.4, 0.45, -0.28, ink, radius=0.06)
    pen.rect(-0.41, -0.37, 0.41, -0.31, bg, radius=0.03)


def ssp_captain(pen: Pen, ink: Colour, bg: Colour) -> None:
    """A captain: peaked cap with a gold badge, and a beard."""
    _person(pen, ink, bg)
    pen.poly([(-0.5, -0.3), (-0.38, -0.72), (0.38, -0.72), (0.5, -0.3)], ink)
    pen.rect(-0.5, -0.38, 0.62, -0.26, ACCENT, radius=0.05)
    pen.circle(0, -0.52, 0.1, ACCENT)
    pen.ellipse(0, 0.16, 0.3, 0.18, bg)
    for x in (-0.6, 0.6):
        pen.circle(x, 0.52, 0.08, ACCENT)


def ssp_lighthouse(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.12, -0.5), (-0.95, -0.78), (-0.95, -0.42)], ACCENT)
    pen.poly([(0.12, -0.5), (0.95, -0.78), (0.95, -0.42)], ACCENT)
    pen.poly([(-0.32, 0.9), (0.32, 0.9), (0.2, -0.35), (-0.2, -0.35)], ink)
    for y0 in (0.05, 0.5):
        f = (y0 + 0.35) / 1.25
        pen.poly([(-0.2 - 0.12 * f, y0), (0.2 + 0.12 * f, y0), (0.2 + 0.12 * (f + 0.12), y0 + 0.15),
                  (-0.2 - 0.12 * (f + 0.12), y0 + 0.15)], bg)
    pen.rect(-0.18, -0.62, 0.18, -0.38, ink)
    pen.rect(-0.11, -0.57, 0.11, -0.43, ACCENT)
    pen.poly([(-0.26, -0.62), (0.26, -0.62), (0, -0.86)], ink)


def ssp_shoal(pen: Pen, ink: Colour, bg: Colour) -> None:
    for x, y in ((-0.4, -0.5), (0.35, -0.05), (-0.35, 0.5)):
        ssp_fish(pen.sub(x, y, 0.5), ink, bg)


def ssp_colony(pen: Pen, ink: Colour, bg: Colour) -> None:
    for x, y, s in ((-0.5, -0.25, 0.55), (0.5, -0.25, 0.55), (0, 0.35, 0.62)):
        ssp_penguin(pen.sub(x, y, s), ink, bg)


def ssp_cast(pen: Pen, ink: Colour, bg: Colour) -> None:
    for x, y in ((-0.48, -0.45), (0.48, -0.45), (0, 0.4)):
        ssp_crab(pen.sub(x, y, 0.5), ink, bg)


def ssp_mermaid(pen: Pen, ink: Colour, bg: Colour, hair: Colour | None = None) -> None:
    hair = hair or ACCENT
    tail = [(0.0, -0.1), (0.12, 0.2), (0.12, 0.45), (0.0, 0.65), (-0.18, 0.78)]
    pen.stroke(tail, [0.2, 0.2, 0.16, 0.1, 0.05], ink)
    pen.poly([(-0.18, 0.78), (-0.6, 0.62), (-0.45, 0.98)], ink)
    pen.poly([(-0.18, 0.78), (0.2, 0.98), (-0.05, 1.0)], ink)
    pen.poly([(-0.2, -0.45), (0.2, -0.45), (0.18, -0.05), (-0.18, -0.05)], ink)
    pen.line([(-0.2, -0.42), (-0.5, -0.15), (-0.35, 0.05)], ink, 0.09)
    pen.line([(0.2, -0.42), (0.5, -0.6)], ink, 0.09)
    pen.ellipse(0, -0.78, 0.26, 0.24, hair)
    pen.poly([(-0.26, -0.8), (-0.4, -0.2), (-0.15, -0.45)], hair)
    pen.poly([(0.26, -0.8), (0.38, -0.25), (0.15, -0.45)], hair)
    pen.circle(0, -0.68, 0.17, ink)


def ssp_jellyfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(5):
        x = -0.4 + 0.2 * i
        pen.line([(x + 0.08 * math.sin(5 * t + i), -0.1 + 1.0 * t) for t in (j / 8 for j in range(9))], ink, 0.06)
    dome = _ellipse_pts(0.7, 0.62, t0=math.pi, t1=2 * math.pi, n=24)
    scallops = [(0.7 - 1.4 * i / 8, 0.02 + (0.09 if i % 2 else 0)) for i in range(9)]
    pen.poly([(x, y - 0.1) for x, y in dome] + [(x, y - 0.1) for x, y in scallops], ink)
    pen.ellipse(-0.25, -0.4, 0.12, 0.08, bg)


def ssp_lobster(pen: Pen, ink: Colour, bg: Colour) -> None:
    for s in (1, -1):
        pen.line([(0.12 * s, -0.3), (0.45 * s, -0.4), (0.5 * s, -0.58)], ink, 0.08)
        pen.ellipse(0.5 * s, -0.74, 0.2, 0.24, ink)
        pen.poly([(0.5 * s, -0.74), (0.48 * s, -1.0), (0.62 * s, -0.98)], bg)
        pen.line([(0.08 * s, -0.55), (0.3 * s, -0.95)], ink, 0.03)
        for i in range(3):
            pen.line([(0.15 * s, -0.12 + 0.14 * i), (0.45 * s, -0.02 + 0.16 * i)], ink, 0.05)
    pen.ellipse(0, -0.3, 0.2, 0.3, ink)
    for i, w in enumerate((0.2, 0.18, 0.16, 0.13)):
        pen.ellipse(0, 0.05 + 0.17 * i, w, 0.1, ink)
    pen.poly([(0, 0.62), (-0.3, 0.95), (0.3, 0.95)], ink)


def ssp_starfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly(_star_pts(5, 0.98, 0.42), ink)
    for i in range(5):
        a = math.radians(-90 + 72 * i)
        for r in (0.3, 0.55):
            pen.circle(r * math.cos(a), r * math.sin(a), 0.06, bg)


def ssp_seahorse(pen: Pen, ink: Colour, bg: Colour) -> None:
    path = [(0.05, -0.6), (0.22, -0.35), (0.25, -0.05), (0.12, 0.25), (-0.02, 0.5), (0.0, 0.72),
            (0.18, 0.8), (0.25, 0.66), (0.12, 0.6)]
    pen.stroke(path, [0.22, 0.2, 0.22, 0.18, 0.12, 0.08, 0.06, 0.05, 0.04], ink)
    pen.poly([(-0.05, -0.68), (-0.6, -0.58), (-0.6, -0.46), (-0.05, -0.45)], ink)
    pen.poly([(0.3, -0.3), (0.55, -0.15), (0.3, 0.05)], ink)
    pen.poly([(0.0, -0.78), (0.08, -0.95), (0.18, -0.78)], ink)
    pen.circle(0.04, -0.6, 0.06, bg)


SSP_ICONS: dict[str, Callable[[Pen, Colour, Colour], None]] = {
    "mermaid": ssp_mermaid, "crab": ssp_crab, "boat": ssp_boat, "fish": ssp_fish, "swimmer": ssp_swimmer,
    "shark": ssp_shark, "shell": ssp_shell, "octopus": ssp_octopus, "penguin": ssp_penguin,
    "sailor": ssp_sailor, "lighthouse": ssp_lighthouse, "shoal": ssp_shoal, "colony": ssp_colony,
    "captain": ssp_captain, "jellyfish": ssp_jellyfish, "lobster": ssp_lobster, "cast-of-crabs": ssp_cast,
    "starfish": ssp_starfish, "seahorse": ssp_seahorse,
}


def _paper_folds(cv: Canvas, colour: Colour) -> None:
    """Two lighter triangles: the folded-paper look of the real cards."""
    light, shade = _mix(colour, WHITE, 0.14), _mix(colour, INK, 0.08)
    pygame.draw.polygon(cv.surf, light, [(0, 0), (cv.w, 0), (0, cv.h * 0.55)])
    pygame.draw.polygon(cv.surf, shade, [(cv.w, cv.h), (0, cv.h), (cv.w, cv.h * 0.6)])


def paint_ssp(cv: Canvas, parts: list[str]) -> None:
    """ssp/<kind>/<colour>: icon on the card colour, kind name on top, colour name below."""
    if parts[0] == "event":
        _ssp_event(cv, parts[1])
        return
    kind, colour_key = parts
    if kind not in SSP_KINDS or colour_key not in SSP_COLOUR_NAMES:
        raise KeyError("/".join(parts))
    colour = SSP_RGB[colour_key]
    ink = _ssp_ink(colour)
    cv.fill(colour)
    _paper_folds(cv, colour)
    icon = SSP_ICONS[kind]
    if cv.compact:
        icon(cv.pen(50, 50, 33), ink, colour)
        return
    icon(cv.pen(50, 52, 27), ink, colour)
    name = SSP_KINDS[kind][0].upper()
    _blit_center(cv.surf, _fit_text(name, cv.h * 0.075, cv.w * 0.86, ink), (cv.w / 2, cv.h * 0.1))
    _blit_center(cv.surf, _fit_text(SSP_COLOUR_NAMES[colour_key], cv.h * 0.045, cv.w * 0.8, ink),
                 (cv.w / 2, cv.h * 0.91))


# Event cards: a drawing that hints at what the event is about.

def _tornado(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(6):
        w = 0.85 - 0.13 * i
        pen.line([(-w + 0.08 * math.sin(i), -0.75 + 0.3 * i), (w + 0.08 * math.sin(i), -0.75 + 0.3 * i)], ink, 0.1)


def _chest(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.rect(-0.8, -0.1, 0.8, 0.7, ink, radius=0.06)
    pen.poly(_ellipse_pts(0.8, 0.4, t0=math.pi, t1=2 * math.pi, n=16), ink)
    pen.rect(-0.8, -0.12, 0.8, -0.02, bg)
    pen.rect(-0.14, -0.25, 0.14, 0.15, ACCENT, radius=0.04)
    for s in (1, -1):
        pen.circle(0.55 * s, -0.55, 0.1, ACCENT)


def _diodon(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly(_star_pts(16, 0.95, 0.66), ink)
    pen.circle(0, 0, 0.68, ink)
    pen.poly([(0.6, 0), (0.95, -0.25), (0.95, 0.25)], ink)
    pen.circle(-0.3, -0.15, 0.11, bg)


def _dolphin(pen: Pen, ink: Colour, bg: Colour) -> None:
    body = [(-0.85, 0.2), (-0.5, -0.25), (0.0, -0.4), (0.45, -0.2), (0.75, 0.25)]
    pen.stroke(body, [0.08, 0.22, 0.25, 0.16, 0.06], ink)
    pen.poly([(-0.05, -0.55), (0.25, -0.85), (0.22, -0.5)], ink)
    pen.poly([(0.75, 0.25), (0.95, 0.05), (0.6, 0.45)], ink)
    pen.circle(-0.45, -0.28, 0.05, bg)
    pen.line(_wave(-0.95, 0.95, 0.72, 0.06, 2.5), ink, 0.07)


def _coral(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.line([(0, 0.9), (0, 0.1), (-0.4, -0.4), (-0.45, -0.8)], ink, 0.14)
    pen.line([(0, 0.1), (0.45, -0.3), (0.5, -0.7)], ink, 0.14)
    pen.line([(-0.2, -0.15), (-0.75, -0.2), (-0.85, -0.5)], ink, 0.1)
    pen.line([(0.3, -0.15), (0.8, 0.0), (0.85, -0.35)], ink, 0.1)
    pen.line([(0, 0.45), (-0.55, 0.3)], ink, 0.1)


def _angelfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.7, 0), (0.0, -0.85), (0.45, -0.2), (0.9, -0.45), (0.9, 0.45), (0.45, 0.2),
              (0.0, 0.85)], ink)
    for x in (-0.2, 0.15):
        pen.line([(x, -0.55), (x, 0.55)], bg, 0.06)
    pen.circle(-0.42, -0.08, 0.07, bg)


def _sunfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(10):
        a = math.radians(36 * i)
        pen.line([(0.55 * math.cos(a) - 0.35, 0.55 * math.sin(a) - 0.45),
                  (0.7 * math.cos(a) - 0.35, 0.7 * math.sin(a) - 0.45)], ACCENT, 0.06)
    pen.circle(-0.35, -0.45, 0.35, ACCENT)
    ssp_fish(pen.sub(0.25, 0.4, 0.6), ink, bg)


SSP_EVENT_ICONS: dict[str, Callable[[Pen, Colour, Colour], None]] = {
    "hermit-crab": ssp_crab, "sunfish": _sunfish, "water-rodeo": ssp_swimmer,
    "dance-of-the-shells": ssp_shell, "kraken": ssp_octopus, "tornado": _tornado,
    "dance-of-the-mermaids": ssp_mermaid, "treasure-chest": _chest, "diodon": _diodon,
    "angelfish": _angelfish, "dolphins": _dolphin, "coral-reef": _coral,
}
SSP_EVENT_INFO = {e.name: (e.title, e.sign) for e in SSP_EVENTS}
SSP_EVENT_BG: Colour = (236, 226, 198)


def _ssp_event(cv: Canvas, name: str) -> None:
    """An Extra Pepper event: parchment, a drawing, the title, and a +/− badge
    (it goes to the highest or the lowest total)."""
    title, sign = SSP_EVENT_INFO[name]
    cv.fill(SSP_NAVY)
    cv.panel(3.5, SSP_EVENT_BG, radius=4)
    icon = SSP_EVENT_ICONS.get(name, ssp_shell)
    if cv.compact:
        icon(cv.pen(50, 40, 27), SSP_NAVY, SSP_EVENT_BG)
    else:
        _blit_center(cv.surf, _text("EVENT", cv.h * 0.04, (150, 110, 40)), (cv.w / 2, cv.h * 0.1))
        icon(cv.pen(50, 42, 22), SSP_NAVY, SSP_EVENT_BG)
    badge = cv.pen(78 if not cv.compact else 74, 86 if cv.compact else 12, 8 if not cv.compact else 11)
    badge.circle(0, 0, 1, (200, 50, 40) if sign == "+" else (40, 100, 190))
    badge.rect(-0.55, -0.13, 0.55, 0.13, WHITE)
    if sign == "+":
        badge.rect(-0.13, -0.55, 0.13, 0.55, WHITE)
    if not cv.compact:
        box = pygame.Rect(0, 0, round(cv.w * 0.84), round(cv.h * 0.26))
        box.center = (cv.w // 2, round(cv.h * 0.8))
        _blit_lines(cv.surf, _text_block(title.upper(), cv.h * 0.065, box, SSP_NAVY), box.center, cv.h * 0.025)


# --- unknown faces ------------------------------------------------------------------

def paint_unknown(cv: Canvas, face: str) -> None:
    """A face no painter knows: a plain card saying what it is, never a crash."""
    cv.fill((226, 226, 230))
    cv.panel(4, (150, 150, 160), radius=5, width=1)
    _blit_center(cv.surf, _text("?", cv.h * 0.3, (120, 120, 130)), (cv.w / 2, cv.h * 0.35))
    if not cv.compact:
        box = pygame.Rect(0, 0, round(cv.w * 0.8), round(cv.h * 0.35))
        box.center = (cv.w // 2, round(cv.h * 0.72))
        text = "".join(c if c.isprintable() else "?" for c in str(face)).replace("/", " / ").strip() or "(empty)"
        _blit_lines(cv.surf, _text_block(text, cv.h * 0.06, box, INK), box.center, cv.h * 0.02)


PAINTERS: dict[str, Callable[[Canvas, list[str]], None]] = {
    "uno": paint_uno, "std": paint_std, "skipbo": paint_skipbo, "cofw": paint_cofw, "ssp": paint_ssp,
}


def paint_face(cv: Canvas, face: str) -> None:
    """The painter for `face`'s prefix; raises on a face it does not understand."""
    prefix, _, rest = face.partition("/")
    PAINTERS[prefix](cv, rest.split("/"))


# --- backs --------------------------------------------------------------------------

def back_uno(cv: Canvas) -> None:
    """Black, white border, the leaning red oval and UNO in yellow."""
    cv.fill(WHITE)
    cv.panel(4.2, UNO_BLACK, radius=5)
    pen = cv.pen(50, 50, 50)
    pen.poly(_ellipse_pts(0.86, 0.56 * cv.w / cv.h * 1.25, angle=90 + UNO_TILT), UNO_COLOURS["red"])
    logo = _fit_text("UNO", cv.h * 0.2, cv.w * 0.8, (255, 222, 0), UNO_BLACK, cv.h * 0.018)
    _blit_center(cv.surf, pygame.transform.rotate(logo, 14), (cv.w / 2, cv.h * 0.48))
    if not cv.compact:
        tag = _fit_text("HAU DRAUF", cv.h * 0.05, cv.w * 0.6, WHITE, UNO_BLACK, cv.h * 0.006)
        _blit_center(cv.surf, pygame.transform.rotate(tag, 14), (cv.w / 2, cv.h * 0.66))


def back_go_fish(cv: Canvas) -> None:
    """Classic blue lattice with a white fish in a medallion."""
    blue, line = (28, 78, 168), (78, 128, 210)
    cv.fill(WHITE)
    box = cv.panel(4, blue, radius=4)
    step = cv.h * 0.08
    n = int((cv.w + cv.h) / step) + 1
    for i in range(n):
        d = i * step
        pygame.draw.line(cv.surf, line, (box.left + d, box.top), (box.left + d - cv.h, box.top + cv.h),
                         max(1, round(cv.u * 0.6)))
        pygame.draw.line(cv.surf, line, (box.left + d - cv.h, box.top), (box.left + d, box.top + cv.h),
                         max(1, round(cv.u * 0.6)))
    cv.panel(4, WHITE, radius=4, width=1.5)  # repaint the border over the lattice ends
    pygame.draw.rect(cv.surf, WHITE, (0, 0, cv.w, cv.h), round(4 * cv.u))
    medal = cv.pen(50, 50, 21)
    medal.circle(0, 0, 1, WHITE)
    medal.circle(0, 0, 0.9, blue)
    ssp_fish(medal.sub(0, 0, 0.7), WHITE, blue)


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
    words = [_fit_text(w, cv.h * 0.085, cv.w * 0.8, WHITE, (120, 30, 0), cv.h * 0.01) for w in ("SKIP", "BO")]
    _blit_lines(cv.surf, words, band.center, cv.h * 0.02)


def back_cofw(cv: Canvas) -> None:
    """Sea green with waves and the five colour symbols in a ring."""
    cv.fill(COFW_SEA)
    pen = cv.pen(50, 50, 100)
    for i in range(9):
        pen.line(_wave(-0.5, 0.5, -0.45 + i * 0.115, 0.015, 3), _mix(COFW_SEA, WHITE, 0.25), 0.01)
    ring = cv.pen(50, 50, 23)
    ring.circle(0, 0, 1.15, (240, 240, 230))
    for i, key in enumerate(COFW_RGB):
        a = math.radians(-90 + 72 * i)
        cofw_mark(ring.sub(0.68 * math.cos(a), 0.68 * math.sin(a), 0.26), key, COFW_RGB[key], INK)
    ring.circle(0, 0, 0.25, COFW_SEA)
    cv.panel(3, (240, 240, 230), radius=5, width=1.2)


def back_ssp(cv: Canvas) -> None:
    """Navy paper with folds, a cream paper boat on waves."""
    cv.fill(SSP_NAVY)
    _paper_folds(cv, SSP_NAVY)
    cream = (240, 232, 210)
    pen = cv.pen(50, 50, 30)
    pen.poly([(-1.0, 0.1), (1.0, 0.1), (0.6, 0.55), (-0.6, 0.55)], cream)
    pen.poly([(-0.6, 0.1), (0.0, -0.9), (0.6, 0.1)], cream)
    pen.line([(0.0, -0.9), (0.0, 0.1)], SSP_NAVY, 0.05)
    for y in (0.75, 1.05):
        pen.line(_wave(-1.2, 1.2, y, 0.06, 3), cream, 0.06)
    cv.panel(3, cream, radius=5, width=0.8)


def back_neutral(cv: Canvas) -> None:
    """Grey cross-hatch: a back that belongs to no game."""
    cv.fill((112, 116, 128))
    colour = (140, 144, 156)
    step = cv.h * 0.06
    for i in range(int((cv.w + cv.h) / step) + 1):
        d = i * step
        pygame.draw.line(cv.surf, colour, (d, 0), (d - cv.h, cv.h), max(1, round(cv.u * 0.5)))
    cv.panel(4, (200, 202, 210), radius=5, width=1.2)
    cv.pen(50, 50, 14).circle(0, 0, 1, (200, 202, 210), width=0.25)


BACKS: dict[str, Callable[[Canvas], None]] = {
    "uno-hau-drauf": back_uno, "go-fish": back_go_fish, "skip-bo": back_skip_bo,
    "crazy-old-fish-war": back_cofw, "sea-salt-paper": back_ssp,
}


# --- composing, effects and the cache ---------------------------------------------------

def _grey_out(body: pygame.Surface) -> None:
    """Mostly desaturate and darken: still recognisable, clearly not playable."""
    grey = pygame.transform.grayscale(body)
    grey.set_alpha(190)
    body.blit(grey, (0, 0))
    body.fill((185, 185, 185), special_flags=pygame.BLEND_RGB_MULT)


def _round_corners(body: pygame.Surface, radius: int) -> pygame.Surface:
    """The body with transparent rounded corners."""
    card = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    card.blit(body, (0, 0))
    mask = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    card.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return card


def _margin(h: int, highlight: bool, shadow: bool) -> int:
    """How far the glow or shadow reaches outside the card."""
    if highlight:
        return max(3, round(h * 0.07))
    return max(1, round(h * 0.03)) if shadow else 0


def _effects(card: pygame.Surface, highlight: bool, shadow: bool) -> tuple[pygame.Surface, int]:
    """The card on a larger transparent surface with its shadow and/or glow."""
    w, h = card.get_size()
    m = _margin(h, highlight, shadow)
    if not m:
        return card, 0
    out = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    radius = round(min(w, h) * 0.08)
    if shadow:
        off = max(1, round(h * 0.02))
        pygame.draw.rect(out, (0, 0, 0, 90), (m + off, m + off, w, h), border_radius=radius)
    if highlight:
        steps = max(2, m)
        for i in range(steps):  # outer and faint → inner and strong
            grow = round(m * (1 - i / steps))
            alpha = round(40 + 170 * (i / steps) ** 1.5)
            pygame.draw.rect(out, (*GOLD, alpha), pygame.Rect(m, m, w, h).inflate(2 * grow, 2 * grow),
                             border_radius=radius + grow)
    out.blit(card, (m, m))
    return out, m


def render_card(face: str | None, size: tuple[int, int], highlight: bool = False, dim: bool = False,
                game: str = "", shadow: bool = True) -> tuple[pygame.Surface, int]:
    """Paint one card (uncached): returns the surface and how far it reaches
    outside the card rectangle on each side."""
    w, h = size
    ss = 2 if h <= SUPERSAMPLE_UP_TO else 1
    body = pygame.Surface((w * ss, h * ss))
    cv = Canvas(body, h)
    if face is None:
        BACKS.get(game, back_neutral)(cv)
    else:
        try:
            paint_face(cv, face)
        except Exception:  # a bad face string must not take the table down
            paint_unknown(cv, face)
    if dim:
        _grey_out(body)
    radius = round(min(w, h) * 0.08) * ss
    edge_w = max(1, round(h / 160)) * ss
    pygame.draw.rect(body, BORDER, body.get_rect(), edge_w, border_radius=radius)
    if highlight:
        pygame.draw.rect(body, GOLD, body.get_rect(), max(2, round(h * 0.025)) * ss, border_radius=radius)
    card = _round_corners(body, radius)
    if ss > 1:
        card = pygame.transform.smoothscale(card, (w, h))
    return _effects(card, highlight, shadow)


_CACHE: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()


def cached_card(face: str | None, size: tuple[int, int], highlight: bool = False, dim: bool = False,
                game: str = "", shadow: bool = True) -> tuple[pygame.Surface, int]:
    """`render_card` through a bounded LRU cache: the table redraws every frame."""
    key = (face, size, highlight, dim, game if face is None else "", shadow)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    img, margin = render_card(face, size, highlight, dim, game, shadow)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        img = img.convert_alpha()  # the display's pixel format blits several times faster
    hit = _CACHE[key] = (img, margin)
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return hit


def clear_cache() -> None:
    _CACHE.clear()


def cache_len() -> int:
    return len(_CACHE)


def draw_card(surface: pygame.Surface, rect, face: str | None, *, highlight: bool = False, dim: bool = False,
              game: str = "", shadow: bool = True) -> None:
    """Draw a card filling `rect`: `face` None draws `game`'s back. The glow
    (highlight) and the shadow reach a few pixels beyond `rect`."""
    rect = pygame.Rect(rect)
    if rect.width < 2 or rect.height < 2:
        return
    img, m = cached_card(face, rect.size, highlight, dim, game, shadow)
    surface.blit(img, (rect.x - m, rect.y - m))
