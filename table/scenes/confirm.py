"""A question before something a player may not have meant (leaving a game,
starting over a saved one, quitting): an overlay with two buttons. The back
key (Esc) always keeps things as they are — whatever else is lit, it is the
way out of any question — and so does Enter while the safe answer is lit, as
it is when the question opens. ← → light the other answer, Enter takes the
lit one; each button names the keys that take it."""
from __future__ import annotations

from typing import Callable

import pygame

from haudrauf.play.keys import key_name
from haudrauf.play.language import Language
from haudrauf.table import input as intents
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.words import Message, msg


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None],
                 no: str | None = None) -> None:
        """The words come in the window's language from whoever asks; `no` is "Stay" unless named."""
        super().__init__(app)
        self.question, self.detail = question, detail
        self.yes, self.no = yes, no if no is not None else Language(app.language_code()).gettext("Stay")
        self.on_yes = on_yes

    lit_yes = False  # the answer Enter takes: the safe one until ← → light the other

    @property
    def covering(self) -> Message:
        return msg("the table asks: {question}", question=self.question)

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def cancel(self) -> None:
        self.app.pop()

    def on_back(self) -> None:
        self.cancel()

    def handle(self, intent, now: float) -> bool:
        if intents.is_enter(intent):
            self.confirm() if self.lit_yes else self.cancel()
            return True
        if isinstance(intent, intents.EditKey) and intent.key in ("left", "right", "tab"):
            self.lit_yes = not self.lit_yes
            self.layout(self.size)
            return True
        return super().handle(intent, now)

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.box = pygame.Rect(0, 0, min(w - 2 * u, int(u * 34)), int(u * 13))
        self.box.center = (w // 2, h // 2)
        bw, bh = (self.box.width - 3 * u) // 2, int(u * 2.6)
        y = self.box.bottom - bh - u
        lang = Language(self.app.language_code())
        back, enter = self.app.settings.keys.label("back", lang), key_name("enter", lang)
        yes_keys, no_keys = ((enter, back) if self.lit_yes else
                             ("←", lang.gettext("{key} or {other_key}").format(key=enter, other_key=back)))
        answer = lang.gettext("{answer} ({keys})")
        self.buttons = [
            Button(pygame.Rect(self.box.centerx - bw - u, y, bw, bh), answer.format(answer=self.yes, keys=yes_keys),
                   self.confirm, selected=self.lit_yes),
            Button(pygame.Rect(self.box.centerx + u, y, bw, bh), answer.format(answer=self.no, keys=no_keys),
                   self.cancel, selected=not self.lit_yes),
        ]

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 150)
        u = int(theme.unit_size(surface.get_size()))
        box = self.box
        draw.panel(surface, box)
        draw.text(surface, self.question, (box.centerx, box.top + u), int(u * 1.7), theme.YELLOW,
                  anchor="midtop", bold=True, max_width=box.width - 2 * u)
        draw.text_block(surface, self.detail, pygame.Rect(box.left + u, box.top + int(u * 4), box.width - 2 * u,
                                                          int(u * 4)), int(u * 1.1), theme.TEXT, centred=True)
        self.draw_buttons(surface)
