"""The project's own HAU DRAUF wordmark: heavy slanted letters slapped onto a
jagged yellow burst, with impact strokes flying off it — drawn from our
bundled font and pygame shapes, so it is nobody's logo but ours (no oval, no
borrowed card design). The menu title, the UNO Hau drauf back and its HAU DRAUF
cards use it.

    draw_wordmark(surface, (cx, cy), height)                 # one line, for titles
    draw_wordmark(surface, (cx, cy), height, stacked=True)   # HAU over DRAUF, for a card back
"""
from __future__ import annotations

import functools
import math

import pygame

from haudrauf.table.ui import theme

WORDS = ("HAU", "DRAUF")
INK = (22, 22, 28)  # outlines and the slap's shadow: near-black reads on felt and on yellow
BURST = theme.YELLOW  # the HAU DRAUF button's yellow: the one colour the game is known by here
LETTERS = (255, 255, 255)
SLANT = 0.22  # the letters lean forward by this much of their height: a swing, not a stand
ASPECT = {False: 4.6, True: 1.45}  # width / height of the whole mark, one line or stacked


def wordmark_size(height: int, stacked: bool = False) -> tuple[int, int]:
    """(width, height) the wordmark takes when drawn `height` px tall, to lay it out."""
    return round(height * ASPECT[stacked]), int(height)


def draw_wordmark(surface: pygame.Surface, centre: tuple[int, int], height: int, colour=None, *,
                  stacked: bool = False) -> pygame.Rect:
    """Draw the wordmark centred on `centre`, `height` px tall; `colour` tints the
    letters (white by default). Returns the rectangle drawn into."""
    image = _wordmark(max(8, int(height)), tuple(colour or LETTERS), stacked)
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(image, rect)
    return rect


@functools.lru_cache(maxsize=32)
def _wordmark(height: int, colour: tuple[int, int, int], stacked: bool) -> pygame.Surface:
    """The wordmark as an image (cached: menus redraw it every frame)."""
    w, h = wordmark_size(height, stacked)
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    _burst(image)
    letters = _letters(h * (0.34 if stacked else 0.46), colour, stacked)
    scale = min(1.0, w * 0.9 / letters.get_width(), h * 0.86 / letters.get_height())
    if scale < 1.0:
        letters = pygame.transform.smoothscale(
            letters, (max(1, round(letters.get_width() * scale)), max(1, round(letters.get_height() * scale))))
    image.blit(letters, letters.get_rect(center=(w // 2, h // 2)))
    return image


def _burst(image: pygame.Surface) -> None:
    """A jagged impact burst, squarish so long words sit inside it, with a dark
    rim and short strokes flying off two corners: the moment of the slap."""
    w, h = image.get_size()
    cx, cy, rx, ry = w / 2, h / 2, w * 0.45, h * 0.45
    spikes = 15 if w > 2 * h else 10
    jag = (1.0, 0.88, 0.97, 0.84, 1.0, 0.9, 0.86)

    def point(angle: float, r: float) -> tuple[float, float]:
        c, s = math.cos(angle), math.sin(angle)  # a superellipse: fuller corners than an oval
        return (cx + rx * r * math.copysign(abs(c) ** 0.6, c), cy + ry * r * math.copysign(abs(s) ** 0.6, s))

    def outline(shrink: float) -> list[tuple[float, float]]:
        return [point(math.radians(-100 + 180 * i / spikes),
                      shrink * (jag[(i // 2) % len(jag)] if i % 2 == 0 else 0.7)) for i in range(2 * spikes)]

    rim = max(2.0, h * 0.045)
    for corner in (-1, 1):  # top-left and bottom-right
        for da in (-0.16, 0.0, 0.16):
            a = math.atan2(corner, corner) + da
            pygame.draw.line(image, INK, point(a, 1.04), point(a, 1.2), max(1, round(rim * 0.6)))
    pygame.draw.polygon(image, INK, outline(1.0))
    pygame.draw.polygon(image, BURST, outline(1.0 - rim / (ry * 0.9)))


def _letters(cap: float, colour: tuple[int, int, int], stacked: bool) -> pygame.Surface:
    """HAU DRAUF in heavy outlined letters, leaning forward, with a hard shadow."""
    font = theme.font(round(cap * 1.85), bold=True)
    edge = max(1, round(cap * 0.1))
    lines = [_outlined(font, word, colour, edge) for word in WORDS] if stacked \
        else [_outlined(font, " ".join(WORDS), colour, edge)]
    gap = -round(cap * 0.12)
    flat = pygame.Surface((max(i.get_width() for i in lines),
                           sum(i.get_height() for i in lines) + gap * (len(lines) - 1)), pygame.SRCALPHA)
    y = 0
    for line in lines:
        flat.blit(line, line.get_rect(midtop=(flat.get_width() // 2, y)))
        y += line.get_height() + gap
    slanted = _slant(flat, SLANT)
    shadow_off = max(1, round(cap * 0.09))
    out = pygame.Surface((slanted.get_width() + shadow_off, slanted.get_height() + shadow_off), pygame.SRCALPHA)
    shadow = slanted.copy()
    shadow.fill((*INK, 255), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(shadow, (shadow_off, shadow_off))
    out.blit(slanted, (0, 0))
    return out


def _outlined(font: pygame.font.Font, text: str, colour: tuple[int, int, int], edge: int) -> pygame.Surface:
    """`text` in `colour` inside a dark outline `edge` px thick, cropped to its ink."""
    body = font.render(text, True, colour)
    font.outline = edge
    try:
        image = font.render(text, True, INK)
    finally:
        font.outline = 0
    image.blit(body, (edge, edge))
    box = image.get_bounding_rect()
    return image.subsurface(box).copy() if box.width and box.height else image


def _slant(image: pygame.Surface, slant: float) -> pygame.Surface:
    """`image` sheared so its top leans right by `slant` of its height (pygame has no shear)."""
    w, h = image.get_size()
    shift = round(h * slant)
    out = pygame.Surface((w + shift, h), pygame.SRCALPHA)
    for y in range(h):
        out.blit(image, (round(shift * (1 - y / max(1, h - 1))), y), pygame.Rect(0, y, w, 1))
    return out
