"""The muted-speaker badge, drawn over every scene while the sound is off (F2,
or the volume turned down to 0 in Settings), so nobody wonders why the buzzer
stays silent. It sits in the first window corner with nothing drawn there (no
button, no text); when every corner is used, beside the buttons along an edge."""
from __future__ import annotations

import pygame

from haudrauf.table.ui import theme

CORNERS = ("bottomright", "topright", "bottomleft", "topleft")


def badge_rect(surface: pygame.Surface, buttons=()) -> pygame.Rect:
    """Where the badge goes on the drawn frame: an empty corner, else the
    nearest empty place along an edge from a corner, else a corner without
    buttons (else bottom right)."""
    size = surface.get_size()
    side = max(24, int(theme.unit_size(size) * 2))
    margin = max(3, side // 6)
    window = pygame.Rect((0, 0), size).inflate(-2 * margin, -2 * margin)
    obstacles = [b.rect.inflate(2 * margin, 2 * margin) for b in buttons]
    places = []
    for corner in CORNERS:
        rect = pygame.Rect(0, 0, side, side)
        setattr(rect, corner, getattr(window, corner))
        places.append(rect)
    clear = [r for r in places if r.collidelist(obstacles) < 0]
    slid = [r for r in (slide(p, obstacles, size[0]) for p in places) if r is not None]
    empty = [r for r in clear + slid if looks_empty(surface, r)]
    return (empty + clear + places)[0]


def looks_empty(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Nothing but background there: every pixel (nearly) one colour."""
    area = surface.subsurface(rect)
    mask = pygame.mask.from_threshold(area, area.get_at((0, 0)), (12, 12, 12, 255))
    return mask.count() == rect.width * rect.height


def slide(rect: pygame.Rect, obstacles: list[pygame.Rect], width: int) -> pygame.Rect | None:
    """`rect` moved along its edge towards the middle past the buttons in the
    way, if it comes clear within a quarter of the window's `width`."""
    leftwards = rect.centerx > width // 2
    moved = rect.copy()
    while abs(moved.x - rect.x) <= width // 4:
        hit = moved.collidelist(obstacles)
        if hit < 0:
            return moved
        if leftwards:
            moved.right = obstacles[hit].left
        else:
            moved.left = obstacles[hit].right
    return None


def draw_muted(surface: pygame.Surface, muted: bool, buttons=()) -> pygame.Rect | None:
    """A speaker with a red cross on a dark disc, if muted; returns where."""
    if not muted:
        return None
    rect = badge_rect(surface, buttons)
    s = rect.width
    pygame.draw.circle(surface, theme.PANEL, rect.center, s // 2)
    pygame.draw.circle(surface, theme.TEXT, rect.center, s // 2, width=max(1, s // 16))
    left, top = rect.left, rect.top
    body = pygame.Rect(left + int(s * 0.2), top + int(s * 0.38), int(s * 0.14), int(s * 0.24))
    cone = [(body.right, body.top), (left + int(s * 0.52), top + int(s * 0.2)),
            (left + int(s * 0.52), top + int(s * 0.8)), (body.right, body.bottom)]
    pygame.draw.rect(surface, theme.TEXT, body)
    pygame.draw.polygon(surface, theme.TEXT, cone)
    cross = pygame.Rect(left + int(s * 0.6), top + int(s * 0.37), int(s * 0.26), int(s * 0.26))
    width = max(2, s // 10)
    pygame.draw.line(surface, theme.RED, cross.topleft, cross.bottomright, width)
    pygame.draw.line(surface, theme.RED, cross.bottomleft, cross.topright, width)
    return rect
