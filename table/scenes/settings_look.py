"""Settings → Look: unit mode's table-top look (`play.config.TableSettings`:
layout, flashes, the turn clock ring) and the spin, beside the working unit,
which shows each choice at once."""
from __future__ import annotations

from dataclasses import replace

import pygame

from haudrauf.table.scenes.settings_tab import PreviewTab
from haudrauf.table.scenes.settings_values import LABELS
from haudrauf.table.ui import theme
from haudrauf.words import msg

LOOK_LABELS = {"layout": msg("Layout"), "flashes": msg("Flashes"), "clock_ring": msg("Turn clock ring")}
#: Each choice as a player names it, and what it does.
LOOK_CHOICES = {
    "layout": {"upright": (msg("Upright"), msg("a laptop facing its players")),
               "flat": (msg("Flat on the table"),
                        msg("a tablet lying in the middle: each seat's words face its side"))},
    "flashes": {"full": (msg("Full screen"), msg("the whole screen flashes on a timeout and when a slap race starts")),
                "soft": (msg("Soft (edge only)"),
                         msg("only a coloured frame at the edge, for anyone flashing light bothers")),
                "off": (msg("Off"), msg("no flashes: the buzzer and the race alarm still tell"))},
    "clock_ring": {"thin": (msg("Thin"), msg("the time left runs round the HAU DRAUF button")),
                   "wide": (msg("Wide"), msg("twice as wide, to read from across the table")),
                   "off": (msg("Hidden"), msg("no clock: only the countdown beeps warn, as on the real unit"))},
}


class LookTab(PreviewTab):
    name, label = "look", msg("Look")
    hint = msg("Pick a look: the preview shows it (a flash style flashes once); Save keeps it")

    def choose_look(self, field: str, value: str) -> None:
        """A look choice: kept on the working copy, shown in the preview at once."""
        scene, say = self.scene, self.lang.say
        scene.table = replace(scene.table, **{field: value})
        label, help_text = LOOK_CHOICES[field][value]
        if field == "flashes":
            scene.preview.show_flash(self.app.clock.now())
        chosen = self.lang.gettext("{setting}: {choice} ({what_it_does})").format(
            setting=say(LOOK_LABELS[field]), choice=say(label), what_it_does=say(help_text))
        scene.show(self.lang.gettext("{chosen} — unit mode shows it").format(chosen=chosen) if field == "layout"
                   else chosen)
        scene.relayout()

    def place(self, area: pygame.Rect, u: int) -> None:
        """A row of choices per look setting, what the chosen one does under it,
        and the spin duration: all beside the preview, which shows them."""
        left_w = int(min(area.width * 0.6, u * 36))
        label_w, gap = int(u * 11), u // 3
        row_h = min(int(u * 5.2), area.height // (len(LOOK_CHOICES) + 1))
        bh = min(int(u * 2.3), int(row_h * 0.45))
        cw = left_w - label_w
        say = self.lang.say
        for i, (field, choices) in enumerate(LOOK_CHOICES.items()):
            cy = area.top + i * row_h + bh // 2 + u // 2
            self.label_at(say(LOOK_LABELS[field]), (area.left, cy), int(u * 1.25), max_width=label_w - u // 2)
            chosen = getattr(self.scene.table, field)
            labels = {value: say(label) for value, (label, _) in choices.items()}
            needs = [theme.font(bh // 2).size(label)[0] + u * 2 for label in labels.values()]
            room = cw - gap * (len(choices) - 1)  # shared out as the labels need it: no label squeezed
            x = area.left + label_w
            for (value, label), need in zip(labels.items(), needs):
                rect = pygame.Rect(x, cy - bh // 2, room * need // sum(needs), bh)
                self.toggle(f"{field}={value}", rect, label, value == chosen,
                            lambda f=field, v=value: self.choose_look(f, v))
                x = rect.right + gap
            self.label_at(say(choices[chosen][1]), (area.left + label_w, cy + bh // 2 + u // 2), int(u * 0.95),
                          theme.MUTED, anchor="topleft", max_width=cw)
        cy = area.top + len(LOOK_CHOICES) * row_h + bh // 2 + u // 2
        self.label_at(say(LABELS["spin_duration"]), (area.left, cy), int(u * 1.25), max_width=label_w - u // 2)
        self.stepper("spin_duration", area.left + label_w, cy, bh, int(u * 4.4))
        self.place_preview(pygame.Rect(area.left + left_w + u * 2, area.top, area.width - left_w - u * 2,
                                       area.height), u)
