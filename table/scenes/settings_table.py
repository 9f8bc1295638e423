"""Settings → Table: the table's own choices (card hints, fullscreen) and,
to read, the seat names."""
from __future__ import annotations

from dataclasses import replace

import pygame

from haudrauf.table.scenes.settings_tab import Tab
from haudrauf.table.ui import theme

TABLE_LABELS = {"hints": "Card hints", "fullscreen": "Fullscreen"}
TABLE_HELP = {
    "hints": "highlight the cards you may play (table mode)",
    "fullscreen": "open fullscreen next time (F11 switches now)",
}


class TableTab(Tab):
    name, label, hint = "table", "Table", "Save keeps these choices; Cancel forgets them"

    def toggle_table(self, field: str) -> None:
        scene = self.scene
        scene.table = replace(scene.table, **{field: not getattr(scene.table, field)})
        scene.show(f"{TABLE_LABELS[field]}: {'on' if getattr(scene.table, field) else 'off'}")
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
