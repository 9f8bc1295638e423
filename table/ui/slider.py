"""A slider: a track with a knob, dragged (or clicked) to a value. The scale
is square, so the short end, where a second matters most, gets most of the
track (1–60 s: half the track covers 1–16 s)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from haudrauf.table.ui import theme


@dataclass
class Slider:
    rect: pygame.Rect
    low: float
    high: float
    step: float  # values snap to multiples of this

    def hit(self, pos) -> bool:
        """Generous: a finger a little above or below the track still grabs it."""
        return self.rect.inflate(self.rect.height, self.rect.height * 2).collidepoint(pos)

    def value_at(self, x: int) -> float:
        share = min(1.0, max(0.0, (x - self.rect.left) / max(1, self.rect.width)))
        raw = self.low + (self.high - self.low) * share * share
        return min(self.high, max(self.low, round(raw / self.step) * self.step))

    def x_of(self, value: float) -> int:
        share = math.sqrt(min(1.0, max(0.0, (value - self.low) / (self.high - self.low))))
        return self.rect.left + round(share * self.rect.width)

    def draw(self, surface, value: float | None, active: bool = False) -> None:
        """The track, filled up to the knob; no knob for no value (e.g. no limit)."""
        track = self.rect
        radius = track.height // 2
        pygame.draw.rect(surface, theme.BUTTON_OFF, track, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, width=1, border_radius=radius)
        if value is None:
            return
        x = self.x_of(value)
        filled = pygame.Rect(track.left, track.top, x - track.left, track.height)
        if filled.width > 0:
            pygame.draw.rect(surface, theme.YELLOW_DARK, filled, border_radius=radius)
        knob = int(track.height * (1.6 if active else 1.3))
        pygame.draw.circle(surface, theme.YELLOW, (x, track.centery), knob)
        pygame.draw.circle(surface, theme.SHADOW, (x, track.centery), knob, width=2)
