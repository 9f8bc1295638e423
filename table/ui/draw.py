"""Text and shapes with the house style: shadows for legibility on the felt."""
from __future__ import annotations

import functools
import math

import pygame

from haudrauf.table.ui import theme


@functools.lru_cache(maxsize=2048)
def _rendered(content: str, size: int, colour: tuple, bold: bool, width: int | None,
              angle: int = 0) -> pygame.Surface:
    """A line of text as an image, at most `width` wide, turned `angle` degrees
    anticlockwise. The table draws the same labels every frame: rendering them
    again was most of a frame's cost."""
    image = theme.font(size, bold).render(content, True, colour)
    if width and image.get_width() > width:
        scale = width / image.get_width()
        image = pygame.transform.smoothscale(image, (width, max(1, int(image.get_height() * scale))))
    return pygame.transform.rotate(image, angle) if angle else image


def turn_offset(offset, angle: int) -> tuple[float, float]:
    """`offset` (x right, y down) turned `angle` degrees anticlockwise on screen."""
    a = math.radians(angle)
    x, y = offset
    return x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)


def text(surface, content: str, pos, size: int, colour=theme.TEXT, *, anchor: str = "topleft",
         bold: bool = False, shadow: bool = True, max_width: int | None = None, angle: int = 0) -> pygame.Rect:
    """Draw one line; shrink it to fit `max_width`. Returns the drawn rect.
    `angle` (a quarter turn's multiple, anticlockwise) turns the line to face a
    reader on another side of a table lying flat; `anchor` then names the
    point as that reader sees it (their "midtop" is the line's top edge for them)."""
    rect = text_rect(content, pos, size, anchor=anchor, bold=bold, max_width=max_width, angle=angle,
                     colour=tuple(colour))
    if shadow:
        shade = _rendered(content, size, theme.SHADOW, bold, max_width, angle % 360)
        offset = max(1, size // 18)
        surface.blit(shade, rect.move(offset, offset))
    surface.blit(_rendered(content, size, tuple(colour), bold, max_width, angle % 360), rect)
    return rect


def text_rect(content: str, pos, size: int, *, anchor: str = "topleft", bold: bool = False,
              max_width: int | None = None, angle: int = 0, colour=theme.TEXT) -> pygame.Rect:
    """Where `text` draws this line (to put a panel behind it first)."""
    if not angle % 360:
        return _rendered(content, size, colour, bold, max_width).get_rect(**{anchor: pos})
    unturned = _rendered(content, size, colour, bold, max_width).get_rect()
    dx, dy = turn_offset(getattr(unturned.move(-unturned.centerx, -unturned.centery), anchor), angle)
    turned = _rendered(content, size, colour, bold, max_width, angle % 360)
    return turned.get_rect(center=(round(pos[0] - dx), round(pos[1] - dy)))


@functools.lru_cache(maxsize=1024)
def wrap(content: str, size: int, width: int) -> tuple[str, ...]:
    """Split into lines that fit `width` at `size`. Kept: the log and the
    prompts are wrapped again every frame, measuring word after word."""
    f = theme.font(size)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def widest(labels, size: int) -> int:
    """The width of the longest label at `size`: how wide a button or panel
    must be to show them all without shrinking the type."""
    f = theme.font(size)
    return max((f.size(label)[0] for label in labels), default=0)


def log_lines(entries, size: int, width: int, keep: int) -> list[tuple[str, bool]]:
    """The last `keep` lines of a message log, long entries wrapped (not shrunk
    to unreadable type), each with whether it belongs to the newest entry."""
    entries = list(entries)
    newest = len(entries) - 1
    return [(line, i == newest) for i, entry in enumerate(entries) for line in wrap(entry, size, width)][-keep:]


def text_block(surface, content: str, rect: pygame.Rect, size: int, colour=theme.TEXT,
               *, centred: bool = False) -> None:
    y = rect.top
    for line in wrap(content, size, rect.width):
        if y + size > rect.bottom + size // 3:
            break
        if centred:
            text(surface, line, (rect.centerx, y), size, colour, anchor="midtop")
        else:
            text(surface, line, (rect.left, y), size, colour)
        y += int(size * 1.05)


def panel(surface, rect: pygame.Rect, colour=theme.PANEL, alpha: int = 220, radius: int = 12,
          edge=theme.PANEL_EDGE) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect)


def flash_layer(surface, colour, strength: float, frame: int | None = None, rect: pygame.Rect | None = None) -> None:
    """A flash in `colour` fading with `strength` (1 → 0) over `rect` (the
    whole window unless given): all of it, or only a frame `frame` px wide round
    its edge (gentler on the eyes, and nothing on screen is hidden)."""
    rect = rect or surface.get_rect()
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade = (*colour, int(190 * max(0.0, min(1.0, strength))))
    if frame is None:
        layer.fill(shade)
    else:
        pygame.draw.rect(layer, shade, layer.get_rect(), width=frame)
    surface.blit(layer, rect.topleft)


def dim(surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


def clear_spot(rect: pygame.Rect, avoid, bounds: pygame.Rect, step: int) -> pygame.Rect | None:
    """`rect` moved down or up in `step`s to the nearest place inside `bounds`
    that covers nothing in `avoid` (name plates, other banners): a message must
    never hide whose seat is whose. None where there is no such place."""
    step, avoid = max(1, step), list(avoid)
    for k in range(2 * bounds.height // step + 2):
        dy = (k + 1) // 2 * step * (1 if k % 2 else -1)  # 0, +1, -1, +2, -2 … steps
        moved = rect.move(0, dy)
        if bounds.contains(moved) and moved.collidelist(avoid) == -1:
            return moved
    return None


def banner(surface, content: str, pos, size: int, colour=theme.TEXT, *, avoid=(), rather=(),
           max_width: int | None = None) -> pygame.Rect:
    """A message on a panel, centred below `pos` or as near as it can be
    without covering `avoid` (and, where there is room, `rather`); long text
    wraps. Returns the panel's rect."""
    bounds = surface.get_rect()
    pad = max(4, size // 2)
    width = min(max_width or bounds.width, bounds.width) - 2 * pad
    lines = wrap(content, size, width)
    line_h = int(size * 1.15)
    inner = min(width, max(theme.font(size, True).size(line)[0] for line in lines))
    box = pygame.Rect(0, 0, inner + 2 * pad, line_h * len(lines) + pad)
    box.midtop = pos
    step = max(4, size // 2)
    box = clear_spot(box, [*avoid, *rather], bounds, step) or clear_spot(box, avoid, bounds, step) or \
        box.clamp(bounds)
    panel(surface, box)
    for i, line in enumerate(lines):
        text(surface, line, (box.centerx, box.top + pad // 2 + i * line_h), size, colour, anchor="midtop",
             bold=True, max_width=inner)
    return box
