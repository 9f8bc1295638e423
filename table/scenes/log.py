"""The whole game log over the table (L or the Log button): every line since
the first move, also of a resumed game, newest at the bottom. Scroll with the
wheel, ↑ ↓, PageUp / PageDown, Home / End or a drag; Esc, L or a click beside
it closes it. An overlay: the game goes on underneath and new lines appear.
Every line is said in the window's language."""
from __future__ import annotations

import pygame

from haudrauf.engine.core.table_view import Text
from haudrauf.play.language import Language
from haudrauf.table import input as intents
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.scroll import ScrollText
from haudrauf.words import msg


def log_rows(history: list[Text], lang: Language) -> list[tuple[str, str]]:
    """Numbered lines in `lang`, the newest bright."""
    last = len(history) - 1
    return [("newest" if i == last else "muted", f"{i + 1}. {lang.say(line)}") for i, line in enumerate(history)]


class LogScene(Scene):
    overlay = True
    covering = msg("the game log is open on the table")

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.shown = len(session.history)
        self.lang = Language(app.language_code())
        self.page = ScrollText(log_rows(session.history, self.lang), at_end=True)

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        lang = Language(self.app.language_code())  # Settings may have changed it
        if lang.code != self.lang.code:
            self.lang = lang
            self.page.set_rows(log_rows(self.session.history, lang))
        self.box = pygame.Rect(0, 0, min(w - 2 * u, max(int(w * 0.6), u * 40)), int(h * 0.86))
        self.box.center = (w // 2, h // 2)
        bw, bh = int(u * 7), int(u * 2.2)
        self.buttons = [Button(pygame.Rect(self.box.right - bw - u, self.box.top + u // 2, bw, bh), self.lang.gettext("Close"),
                               self.app.pop, hint=self.app.settings.keys.label("log"))]
        self.text_rect = pygame.Rect(self.box.left + u, self.box.top + bh + u, self.box.width - 2 * u,
                                     self.box.height - bh - int(u * 2))

    def update(self, now: float) -> None:
        if len(self.session.history) != self.shown:  # the game went on underneath
            self.shown = len(self.session.history)
            self.page.set_rows(log_rows(self.session.history, self.lang))

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.Command) and intent.name == "log":
            self.app.pop()
            return True
        if isinstance(intent, intents.PointerDown):
            if super().handle(intent, now):
                return True
            if not self.box.collidepoint(intent.pos):
                self.app.pop()
                return True
        return self.page.handle(intent) or super().handle(intent, now)

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 120)
        u = int(theme.unit_size(surface.get_size()))
        draw.panel(surface, self.box)
        history = self.session.history
        title = self.lang.ngettext("Game log · {n} line", "Game log · {n} lines", len(history)).format(
            n=len(history)) if history else self.lang.gettext("Game log · no moves yet")
        draw.text(surface, title, (self.box.left + u, self.box.top + u // 2), int(u * 1.5), theme.YELLOW, bold=True,
                  max_width=self.box.width - int(u * 10))
        self.page.draw(surface, self.text_rect, u)
        self.draw_buttons(surface)
