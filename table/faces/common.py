"""What every card painter draws with: text cropped to its ink, a Pen in a
unit box, the Canvas of one card, and the sea drawings more than one game
uses (a fish, a mermaid)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from haudrauf.words import Message, msg

Colour = tuple[int, int, int]
Point = tuple[float, float]

COMPACT_HEIGHT = 64  # below this the corners are dropped, the centre grows

WHITE: Colour = (255, 255, 255)
INK: Colour = (22, 22, 28)
ACCENT: Colour = (250, 165, 30)  # beaks, lights, badges

#: The card colours the tooltips name (UNO's, Crazy Old Fish War's): at the start of a sentence, and in it.
COLOUR_WORDS: dict[str, tuple[Message, Message]] = {
    "red": (msg("Red"), msg("red")), "yellow": (msg("Yellow"), msg("yellow")), "green": (msg("Green"), msg("green")),
    "blue": (msg("Blue"), msg("blue")), "purple": (msg("Purple"), msg("purple")),
}


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


def text_image(text: str, cap: float, colour: Colour, outline: Colour | None = None,
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


def fit_text(text: str, cap: float, max_w: float, colour: Colour, outline: Colour | None = None,
              outline_px: float = 0) -> pygame.Surface:
    """Like `text_image`, shrunk until it is at most `max_w` wide."""
    img = text_image(text, cap, colour, outline, outline_px)
    if img.get_width() > max_w > 0:
        scale = max_w / img.get_width()
        img = text_image(text, cap * scale, colour, outline, outline_px * scale)
    return img


def wrap(text: str, cap: float, max_w: float) -> list[str]:
    """Greedy word wrap of `text` for capitals `cap` px tall."""
    font = _font(round(cap / DIGIT_HEIGHT))
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= max_w:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def text_block(text: str, cap: float, box: pygame.Rect, colour: Colour,
                outline: Colour | None = None) -> list[pygame.Surface]:
    """Lines of `text` shrunk until they fit `box` (used for titles and unknown faces)."""
    while True:
        lines = wrap(text, cap, box.width)
        imgs = [fit_text(line, cap, box.width, colour, outline, cap * 0.12) for line in lines]
        height = sum(i.get_height() for i in imgs) + cap * 0.45 * (len(imgs) - 1)
        if height <= box.height or cap < 5:
            return imgs
        cap *= 0.85


def blit_lines(surf: pygame.Surface, imgs: list[pygame.Surface], center: Point, gap: float) -> None:
    """Stack text lines centred on `center`."""
    total = sum(i.get_height() for i in imgs) + gap * (len(imgs) - 1)
    y = center[1] - total / 2
    for img in imgs:
        surf.blit(img, img.get_rect(midtop=(round(center[0]), round(y))))
        y += img.get_height() + gap


def blit_center(surf: pygame.Surface, img: pygame.Surface, center: Point) -> None:
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


def ellipse_pts(a: float, b: float, angle: float = 0.0, t0: float = 0.0, t1: float = 2 * math.pi,
                 n: int = 48) -> list[Point]:
    """Points of an ellipse (semi-axes a, b) rotated by `angle` degrees, from t0 to t1."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    for i in range(n + 1):
        t = t0 + (t1 - t0) * i / n
        x, y = a * math.cos(t), b * math.sin(t)
        pts.append((x * ca - y * sa, x * sa + y * ca))
    return pts


def star_pts(spikes: int, outer: float, inner: float, turn: float = -90.0,
              jitter: Sequence[float] = (1.0,)) -> list[Point]:
    """A star or starburst; `jitter` varies the spike lengths for a comic burst."""
    pts = []
    for i in range(2 * spikes):
        a = math.radians(turn + 180 * i / spikes)
        r = outer * jitter[(i // 2) % len(jitter)] if i % 2 == 0 else inner
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def wave(x0: float, x1: float, y: float, amp: float, waves: float, n: int = 24) -> list[Point]:
    return [(x0 + (x1 - x0) * i / n, y + amp * math.sin(2 * math.pi * waves * i / n)) for i in range(n + 1)]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` towards `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def luma(c: Colour) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


# --- the canvas a painter draws on -------------------------------------------

@dataclass
class Canvas:
    """The card body being painted (possibly supersampled) and the height of
    the card on screen, which decides what is still readable."""
    surf: pygame.Surface
    height: int  # of the final card, in screen px
    say: Callable[[object], str] = str  # the words printed on a card, in the reader's language (Language.say)

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


# --- drawings shared by several games ----------------------------------------

def fish(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(0.4, 0), (0.95, -0.42), (0.85, 0), (0.95, 0.42)], ink)
    pen.ellipse(-0.12, 0, 0.68, 0.42, ink)
    pen.circle(-0.5, -0.08, 0.085, bg)
    pen.line([(-0.22, -0.25), (-0.14, 0), (-0.22, 0.25)], bg, 0.05)


def mermaid(pen: Pen, ink: Colour, bg: Colour, hair: Colour | None = None) -> None:
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


@dataclass(frozen=True)
class FaceKit:
    """All the table knows about one game's cards, so that a new game's faces are
    one module: the face prefix it paints, its back, every face it has (for the
    contact sheet), what a card does (the tooltip; it raises on a face it does
    not know) and, for a game whose moves name a colour, that colour's swatch
    (a move's `colour`, one of `swatches`, drawn in a box)."""
    game: str
    prefix: str
    paint: Callable[["Canvas", list[str]], None]
    back: Callable[["Canvas"], None]
    faces: Callable[[], list[str]]
    explain: Callable[[list[str]], Message]
    swatch: Callable[[pygame.Surface, pygame.Rect, object], None] | None = None
    swatches: frozenset = frozenset()
