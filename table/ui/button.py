"""Buttons: the one clickable widget. A scene lays out its buttons for the
current window size, draws them, and asks which one a pointer hit."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from haudrauf.table.ui import draw, theme


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], Any] | None = None
    enabled: bool = True
    selected: bool = False  # e.g. the chosen value of a group
    colour: tuple | None = None
    hint: str = ""  # the key that also presses it, shown small

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface, hover: bool = False) -> None:
        base = self.colour or theme.BUTTON
        if not self.enabled:
            base = theme.BUTTON_OFF
        elif self.selected:
            base = tuple(min(255, c + 50) for c in base)
        elif hover:
            base = theme.BUTTON_HOVER if self.colour is None else tuple(min(255, c + 30) for c in base)
        radius = max(4, self.rect.height // 4)
        pygame.draw.rect(surface, base, self.rect, border_radius=radius)
        edge = theme.YELLOW if self.selected else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2 if not self.selected else 3, border_radius=radius)
        size = int(self.rect.height * 0.5)
        colour = theme.TEXT if self.enabled else theme.MUTED
        draw.text(surface, self.label, self.rect.center, size, colour, anchor="center",
                  max_width=self.rect.width - 8)
        if self.hint:
            draw.text(surface, self.hint, (self.rect.right - 4, self.rect.bottom - 2), max(10, size // 2),
                      theme.MUTED, anchor="bottomright", shadow=False)


def press(buttons: list[Button], pos) -> Button | None:
    """The topmost enabled button at `pos` (later buttons lie on top), pressed."""
    for button in reversed(buttons):
        if button.hit(pos):
            if button.action:
                button.action()
            return button
    return None


def column(x: int, y: int, width: int, height: int, gap: int, labels_actions) -> list[Button]:
    buttons = []
    for i, (label, action) in enumerate(labels_actions):
        buttons.append(Button(pygame.Rect(x, y + i * (height + gap), width, height), label, action))
    return buttons
