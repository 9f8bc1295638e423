"""A long text in a box that scrolls: the rules pages and the game log.

Rows are (style, text); long ones wrap to the box. The wheel, ↑ ↓, PageUp /
PageDown, Home / End and dragging with a finger or the mouse move it; a bar at
the right edge shows where you are."""
from __future__ import annotations

import pygame

from haudrauf.table import input as intents
from haudrauf.table.ui import draw, theme

#: style → (size in layout units, colour, bold, indent in units, space above in units)
STYLES = {
    "title": (1.9, theme.YELLOW, True, 0.0, 0.0),
    "heading": (1.3, theme.YELLOW, True, 0.0, 0.9),
    "text": (1.05, theme.TEXT, False, 0.0, 0.3),
    "item": (1.05, theme.TEXT, False, 1.4, 0.25),
    "muted": (1.0, theme.MUTED, False, 0.0, 0.2),
    "newest": (1.0, theme.TEXT, False, 0.0, 0.2),
}
WHEEL_UNITS = 3  # one wheel notch scrolls this many layout units
BULLET = "•"


class ScrollText:
    def __init__(self, rows: list[tuple[str, str]], at_end: bool = False) -> None:
        """`at_end`: start scrolled to the bottom (a log, newest last)."""
        self.rows = rows
        self.offset = 0.0  # pixels scrolled from the top
        self.at_end = at_end
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 12
        self._lines: list[tuple[str, int, tuple, bool, int, int]] = []  # text, size, colour, bold, x, y
        self._laid_out_for: tuple | None = None
        self.content_height = 0
        self._drag: tuple[int, int, float] | None = None  # pointer, start y, offset at start

    # --- what to show --------------------------------------------------------------
    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        """New rows (the log grew); a view at the bottom stays at the bottom."""
        following = self.offset >= self.max_offset - 1
        self.rows = rows
        self._laid_out_for = None
        self.at_end = self.at_end or following

    @property
    def max_offset(self) -> float:
        return max(0.0, self.content_height - self.rect.height)

    def scroll(self, pixels: float) -> None:
        self.offset = max(0.0, min(self.max_offset, self.offset + pixels))

    # --- input ---------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        """Scroll for the wheel, the arrow and page keys and a drag; True if used."""
        page = max(self.unit, self.rect.height - 2 * self.unit)
        if isinstance(intent, intents.Wheel):
            self.scroll(-intent.dy * WHEEL_UNITS * self.unit)
            return True
        if isinstance(intent, intents.EditKey):
            steps = {"up": -2 * self.unit, "down": 2 * self.unit, "pageup": -page, "pagedown": page,
                     "home": -self.content_height, "end": self.content_height}
            if intent.key in steps:
                self.scroll(steps[intent.key])
                return True
            return False
        if isinstance(intent, intents.PointerDown) and self.rect.collidepoint(intent.pos):
            self._drag = (intent.pointer, intent.pos[1], self.offset)
            return True
        if isinstance(intent, intents.PointerMove) and self._drag and self._drag[0] == intent.pointer:
            pointer, start, offset = self._drag
            self.offset = offset
            self.scroll(start - intent.pos[1])  # the text follows the finger
            return True
        if isinstance(intent, intents.PointerUp) and self._drag and self._drag[0] == intent.pointer:
            self._drag = None
            return True
        return False

    # --- drawing --------------------------------------------------------------------------
    def _layout(self, rect: pygame.Rect, u: int) -> None:
        key = (rect.size, u)
        if key == self._laid_out_for:
            return
        self._laid_out_for = key
        self._lines = []
        y = 0
        for style, content in self.rows:
            units, colour, bold, indent, space = STYLES[style]
            size = max(12, int(u * units))
            y += int(u * space) if self._lines else 0
            x = int(u * indent)
            wrapped = draw.wrap(content, size, rect.width - x - u)
            for i, line in enumerate(wrapped):
                self._lines.append((line, size, colour, bold, x, y))
                if style == "item" and i == 0:
                    self._lines.append((BULLET, size, theme.YELLOW, True, x - int(u * 1.0), y))
                y += int(size * 1.25)
        self.content_height = y + u

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, u: int) -> None:
        self.rect, self.unit = rect, u
        self._layout(rect, u)
        if self.at_end:
            self.offset, self.at_end = self.max_offset, False
        self.scroll(0)  # stay in range after a resize
        clip = surface.get_clip()
        surface.set_clip(rect)
        top = rect.top - int(self.offset)
        for line, size, colour, bold, x, y in self._lines:
            if rect.top - size * 2 < top + y < rect.bottom:
                draw.text(surface, line, (rect.left + x, top + y), size, colour, bold=bold)
        surface.set_clip(clip)
        if self.max_offset:
            bar = pygame.Rect(rect.right - max(4, u // 3), rect.top, max(4, u // 3), rect.height)
            pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.width // 2)
            share = rect.height / self.content_height
            thumb = pygame.Rect(bar.left, rect.top + int(self.offset / self.content_height * rect.height),
                                bar.width, max(u, int(rect.height * share)))
            pygame.draw.rect(surface, theme.YELLOW, thumb, border_radius=bar.width // 2)

    @property
    def first_visible(self) -> str | None:
        """The text of the topmost line in view (tests check what scrolling brings up)."""
        for line, size, colour, bold, x, y in self._lines:
            if y + size >= self.offset and line != BULLET:
                return line
        return None
