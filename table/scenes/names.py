"""Edit the six seat names (saved in settings). An overlay: click a name, type,
Enter or click elsewhere to finish."""
from __future__ import annotations

import pygame

from haudrauf.table import input as intents
from haudrauf.play.config import MAX_NAME
from haudrauf.play.language import Language
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.seat_marks import draw_seat_mark


class NamesScene(Scene):
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.names = list(app.settings.table.names)
        self.editing: int | None = None

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.box = pygame.Rect(0, 0, int(u * 28), int(u * 24))
        self.box.center = (w // 2, h // 2)
        self.lang = Language(self.app.language_code())
        self.fields = [pygame.Rect(self.box.left + u * 6, self.box.top + u * 4 + i * int(u * 2.8), u * 20,
                                   int(u * 2.3)) for i in range(6)]
        self.buttons = [Button(pygame.Rect(self.box.centerx - u * 5, self.box.bottom - u * 3, u * 10,
                                           int(u * 2.3)), self.lang.gettext("Done"), self.finish)]

    def set_editing(self, seat: int | None) -> None:
        self.editing = seat
        self.app.input.text_mode = seat is not None
        if seat is not None:
            pygame.key.start_text_input()

    def finish(self) -> None:
        self.set_editing(None)
        table = self.app.settings.table
        for seat, name in enumerate(self.names):
            table = table.with_name(seat, name)
        self.app.settings.table = table
        self.app.save_settings()
        self.app.pop()

    def on_back(self) -> None:
        self.finish()

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.PointerDown):
            for seat, rect in enumerate(self.fields):
                if rect.collidepoint(intent.pos):
                    self.set_editing(seat)
                    return True
            self.set_editing(None)
        if self.editing is not None:
            if isinstance(intent, intents.TextInput):
                self.names[self.editing] = (self.names[self.editing] + intent.text)[:MAX_NAME]
                return True
            if isinstance(intent, intents.EditKey):
                if intent.key == "backspace":
                    self.names[self.editing] = self.names[self.editing][:-1]
                elif intent.key in ("enter", "tab", "down"):
                    self.set_editing((self.editing + 1) % 6 if intent.key != "enter" or self.editing < 5 else None)
                elif intent.key == "escape":
                    self.finish()
                return True
        return super().handle(intent, now)

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 150)
        u = int(theme.unit_size(surface.get_size()))
        draw.panel(surface, self.box)
        draw.text(surface, self.lang.gettext("Seat names"), (self.box.centerx, self.box.top + u), int(u * 1.6),
                  theme.YELLOW, anchor="midtop", bold=True)
        for seat, rect in enumerate(self.fields):
            draw_seat_mark(surface, seat, (self.box.left + u * 3, rect.centery), int(u * 0.9))
            pygame.draw.rect(surface, (250, 250, 245), rect, border_radius=6)
            if seat == self.editing:
                pygame.draw.rect(surface, theme.YELLOW, rect, width=3, border_radius=6)
            caret = "|" if seat == self.editing and int(now * 2) % 2 == 0 else ""
            draw.text(surface, self.names[seat] + caret, (rect.left + u // 2, rect.centery), int(u * 1.2),
                      (20, 20, 20), anchor="midleft", shadow=False)
        self.draw_buttons(surface)
