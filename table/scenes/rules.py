"""The rules of every game, in our own words (`play/rules/<lang>/<game>.md`,
in the app's language, English where a page is not translated): one
page per game with a tab for each, scrolled with the wheel, ↑ ↓, PageUp /
PageDown, Home / End or a drag; ← → switch the game, Esc goes back.

A full scene rather than an overlay: reading the rules mid-game, the table
underneath is not updated (nobody plays on while you read)."""
from __future__ import annotations

import pygame

from haudrauf.engine import registry
from haudrauf.table import input as intents
from haudrauf.play import rules
from haudrauf.play.language import Language
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.scroll import ScrollText

READING_MIN = 16  # px: the smallest text unit of a rules page (640×480)
LINE_UNITS = 50  # the widest text column, in text units (about 80 characters)


class RulesScene(Scene):
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.games = [g for g in registry.MODULES if g in rules.games()]
        self.game = game if game in self.games else self.games[0]
        self.page = ScrollText(self._rows(self.game))

    def _rows(self, game: str) -> list[tuple[str, str]]:
        return [(block.kind, block.text) for block in rules.blocks(rules.text(game, self.app.language_code()))]

    def show(self, game: str) -> None:
        self.game = game
        self.page = ScrollText(self._rows(game))
        self.size = (0, 0)  # lay out again: the selected tab changed

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.lang = lang = Language(self.app.language_code())
        bh = int(u * 2.2)
        tab_w = (w - 2 * u - (len(self.games) - 1) * (u // 3)) // len(self.games)
        self.buttons = [Button(pygame.Rect(u + i * (tab_w + u // 3), u, tab_w, bh),
                               lang.say(registry.game_class(g).info.name), lambda g=g: self.show(g),
                               selected=g == self.game)
                        for i, g in enumerate(self.games)]
        bw = int(u * 7)
        self.buttons.append(Button(pygame.Rect(w - bw - u, h - bh - u // 2, bw, bh), lang.gettext("Back"),
                                   self.on_back, hint=self.app.settings.keys.label("back", lang)))
        self.reading = max(READING_MIN, int(u * 1.15))  # the text's unit: readable on small windows too
        width = min(w - u * 4, self.reading * LINE_UNITS)  # short enough lines to read
        self.text_rect = pygame.Rect((w - width) // 2, u * 2 + bh, width, h - bh * 2 - int(u * 3.5))

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.EditKey) and intent.key in ("left", "right", "tab"):
            step = -1 if intent.key == "left" else 1
            self.show(self.games[(self.games.index(self.game) + step) % len(self.games)])
            return True
        if isinstance(intent, intents.PointerDown) and super().handle(intent, now):
            return True
        return self.page.handle(intent) or super().handle(intent, now)

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        draw.panel(surface, self.text_rect.inflate(u * 2, u), alpha=200)
        self.page.draw(surface, self.text_rect, self.reading)
        draw.text(surface, self.lang.gettext("wheel, ↑ ↓, Page Up / Down or drag to scroll · ← → another game"),
                  (u * 2, h - u), int(u * 0.9), theme.MUTED, anchor="bottomleft", max_width=w - u * 12)
        self.draw_buttons(surface)
