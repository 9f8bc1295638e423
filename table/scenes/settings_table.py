"""Settings → Table: the table's own choices (card hints, fullscreen, the
language) and, to read, the seat names."""
from __future__ import annotations

from dataclasses import replace

import pygame

from haudrauf.play import language
from haudrauf.table.scenes.settings_tab import Tab
from haudrauf.table.ui.button import Button
from haudrauf.table.ui import draw, theme
from haudrauf.words import msg

TABLE_LABELS = {"hints": msg("Card hints"), "fullscreen": msg("Fullscreen")}
TABLE_HELP = {
    "hints": msg("highlight the cards you may play (table mode)"),
    "fullscreen": msg("open fullscreen next time (F11 switches now)"),
}
#: The language choices in the order the button cycles them: the system's first ("").
LANGUAGE_CHOICES = ("", *language.LANGUAGES)


def language_label(code: str, lang: language.Language) -> str:
    """A language choice in its own name; the system's says which it is (in the window's language)."""
    if code == "":
        return lang.gettext("System ({language})").format(language=language.LANGUAGES[language.from_system()])
    return language.LANGUAGES[code]


class TableTab(Tab):
    name, label, hint = "table", msg("Table"), msg("Save keeps these choices; Cancel forgets them")

    def on_off(self, on: bool) -> str:
        return self.lang.gettext("on") if on else self.lang.gettext("off")

    def toggle_table(self, field: str) -> None:
        scene = self.scene
        scene.table = replace(scene.table, **{field: not getattr(scene.table, field)})
        scene.show(self.lang.gettext("{setting}: {value}").format(setting=self.lang.say(TABLE_LABELS[field]),
                                                                  value=self.on_off(getattr(scene.table, field))))
        scene.relayout()

    def next_language(self) -> None:
        """The language button: the next language, in its own name (Save keeps it)."""
        scene = self.scene
        now = LANGUAGE_CHOICES.index(scene.table.language)
        scene.table = replace(scene.table, language=LANGUAGE_CHOICES[(now + 1) % len(LANGUAGE_CHOICES)])
        scene.show(self.lang.gettext("Language: {language}").format(
            language=language_label(scene.table.language, self.lang)))
        scene.relayout()

    def place(self, area: pygame.Rect, u: int) -> None:
        bh = int(u * 2.3)
        y = area.top + u
        lang, _ = self.lang, self.lang.gettext
        for field, help_text in TABLE_HELP.items():
            on = getattr(self.scene.table, field)
            self.label_at(lang.say(TABLE_LABELS[field]), (area.left, y + bh // 2), int(u * 1.3))
            self.toggle(field, pygame.Rect(area.left + u * 13, y, u * 6, bh), self.on_off(on), on,
                        lambda f=field: self.toggle_table(f))
            self.label_at(lang.say(help_text), (area.left + u * 20, y + bh // 2), int(u * 1.0), theme.MUTED,
                          max_width=area.right - area.left - u * 20)
            y += bh + int(u * 1.6)
        self.label_at(_("Language"), (area.left, y + bh // 2), int(u * 1.3))
        # as wide as its longest choice needs (the system's names it too), so no language is squeezed
        width = max(u * 6, draw.widest([language_label(code, lang) for code in LANGUAGE_CHOICES], bh // 2) + u)
        button = Button(pygame.Rect(area.left + u * 13, y, width, bh), language_label(self.scene.table.language, lang),
                        self.next_language)
        self.buttons.append(button)
        help_x = max(area.left + u * 20, button.rect.right + u)
        self.label_at(_("the rules pages and the command line speak it (Save keeps it)"),
                      (help_x, y + bh // 2), int(u * 1.0), theme.MUTED, max_width=area.right - help_x)
        y += bh + int(u * 1.6)
        y += u
        self.label_at(_("Seat names"), (area.left, y), int(u * 1.3), anchor="topleft")
        self.label_at(_("change them with Names in the menu or in unit mode"), (area.left + u * 13, y + u // 6),
                      int(u * 1.0), theme.MUTED, anchor="topleft", max_width=area.width - u * 13)
        y += int(u * 2.4)
        for seat, name in enumerate(self.names):
            x = area.left + (seat % 3) * int(u * 13)
            row_y = y + (seat // 3) * int(u * 2.2)
            self.dots.append((seat, (x + int(u * 0.6), row_y + int(u * 0.7)), int(u * 0.7)))
            self.label_at(f"{seat + 1}  {name}", (x + int(u * 1.6), row_y + int(u * 0.7)), int(u * 1.2),
                          max_width=u * 11)
