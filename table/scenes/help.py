"""F1: every key, and what the buttons do. An overlay over any scene."""
from __future__ import annotations

import pygame

from table import input as intents
from table.keymap import ACTIONS, DESCRIPTIONS
from table.scenes.base import Scene
from table.ui import draw, theme

MOUSE_AND_TOUCH = [
    ("click / tap", "press a button, a seat button, a card or a pile"),
    ("several fingers", "on a touch screen everyone presses their own seat button at once"),
    ("hold a seat key", "in table mode with several people: show that seat's hand"),
    ("← → ↑ ↓", "table mode: move to a card or pile you can play, make the move, cancel"),
    ("drag", "table mode: drag a card onto the pile it goes to (or click the card, then the pile)"),
]


class HelpScene(Scene):
    overlay = True

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, (intents.PointerDown, intents.SeatKey, intents.HauDraufKey, intents.PlayPauseKey,
                               intents.EditKey)):
            self.app.pop()
            return True
        return False

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 170)
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        box = pygame.Rect(0, 0, int(w * 0.8), int(h * 0.86))
        box.center = (w // 2, h // 2)
        draw.panel(surface, box)
        draw.text(surface, "Keys and buttons", (box.centerx, box.top + u), int(u * 1.8), theme.YELLOW,
                  anchor="midtop", bold=True)
        rows = [(self.app.settings.keys.label(a), DESCRIPTIONS[a]) for a in ACTIONS]
        rows += MOUSE_AND_TOUCH
        size = max(14, min(int(u * 1.05), int((box.height - u * 5) / (len(rows) + 2) / 1.15)))
        y = box.top + u * 4
        for key, text in rows:
            draw.text(surface, key, (box.left + u * 2, y), size, theme.YELLOW, bold=True)
            draw.text(surface, text, (box.left + u * 2 + int(box.width * 0.28), y), size, theme.TEXT,
                      max_width=int(box.width * 0.66))
            y += int(size * 1.2)
        draw.text(surface, "Keys can be changed in Settings.  Press any key or click to close.",
                  (box.centerx, box.bottom - u), int(u * 0.9), theme.MUTED, anchor="midbottom")
