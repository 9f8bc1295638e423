"""Settings → Table: the table's own choices (card hints, fullscreen, the
language) and, to read, the seat names."""
from __future__ import annotations

from dataclasses import replace

import pygame

from haudrauf.play import language
from haudrauf.table.scenes.settings_tab import Tab
from haudrauf.table.ui.button import Button
from haudrauf.table.ui import theme

TABLE_LABELS = {"hints": "Card hints", "fullscreen": "Fullscreen"}
TABLE_HELP = {
    "hints": "highlight the cards you may play (table mode)",
    "fullscreen": "open fullscreen next time (F11 switches now)",
}
#: The language choices in the order the button cycles them: the system's first ("").
LANGUAGE_CHOICES = ("", *language.LANGUAGES)


def language_label(code: str) -> str:
    """A language choice in its own name; the system's says which it is."""
    if code == "":
        return f"System ({language.LANGUAGES[language.from_system()]})"
    return language.LANGUAGES[code]


class TableTab(Tab):
    name, label, hint = "table", "Table", "Save keeps these choices; Cancel forgets them"

    def toggle_table(self, field: str) -> None:
        scene = self.scene
        scene.table = replace(scene.table, **{field: not getattr(scene.table, field)})
        scene.show(f"{TABLE_LABELS[field]}: {'on' if getattr(scene.table, field) else 'off'}")
        scene.relayout()

    def next_language(self) -> None:
        """The language button: the next language, in its own name (Save keeps it)."""
        scene = self.scene
        now = LANGUAGE_CHOICES.index(scene.table.language)
        scene.table = replace(scene.table, language=LANGUAGE_CHOICES[(now + 1) % len(LANGUAGE_CHOICES)])
        scene.show(f"Language: {language_label(scene.table.language)}")
        scene.relayout()

    def place(self, area: pygame.Rect, u: int) -> None:
        bh = int(u * 2.3)
        y = area.top + u
        for field, help_text in TABLE_HELP.items():
            on = getattr(self.scene.table, field)
            self.label_at(TABLE_LABELS[field], (area.left, y + bh // 2), int(u * 1.3))
            self.toggle(field, pygame.Rect(area.left + u * 13, y, u * 6, bh), "on" if on else "off", on,
                        lambda f=field: self.toggle_table(f))
            self.label_at(help_text, (area.left + u * 20, y + bh // 2), int(u * 1.0), theme.MUTED,
                          max_width=area.right - area.left - u * 20)
            y += bh + int(u * 1.6)
        self.label_at("Language", (area.left, y + bh // 2), int(u * 1.3))
        self.buttons.append(Button(pygame.Rect(area.left + u * 13, y, u * 6, bh),
                                   language_label(self.scene.table.language), self.next_language))
        self.label_at("the rules pages and the command line speak it (Save keeps it)",
                      (area.left + u * 20, y + bh // 2), int(u * 1.0), theme.MUTED,
                      max_width=area.right - area.left - u * 20)
        y += bh + int(u * 1.6)
        y += u
        self.label_at("Seat names", (area.left, y), int(u * 1.3), anchor="topleft")
        self.label_at("change them with Names in the menu or in unit mode", (area.left + u * 13, y + u // 6),
                      int(u * 1.0), theme.MUTED, anchor="topleft", max_width=area.width - u * 13)
        y += int(u * 2.4)
        for seat, name in enumerate(self.names):
            x = area.left + (seat % 3) * int(u * 13)
            row_y = y + (seat // 3) * int(u * 2.2)
            self.dots.append((seat, (x + int(u * 0.6), row_y + int(u * 0.7)), int(u * 0.7)))
            self.label_at(f"{seat + 1}  {name}", (x + int(u * 1.6), row_y + int(u * 0.7)), int(u * 1.2),
                          max_width=u * 11)
