"""What every tab of the Settings scene has (`Tab`), and what the two tabs
beside the working preview unit share (`PreviewTab`): the preview with its
buttons, and the − / + steppers of the unit's numeric settings.

A tab edits the scene's working copy (`scene.unit_settings`, `scene.keys`,
`scene.table`) and tells what it did on the scene's bottom line
(`scene.show`); its controls are laid out anew after every change
(`scene.relayout`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from haudrauf.device.machine import UnitState
from haudrauf.device.settings import UnitSettings
from haudrauf.table import input as intents
from haudrauf.table.scenes.settings_values import STEPS, value_label
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.table.ui.unit_widget import layout as unit_layout
from haudrauf.words import Message

if TYPE_CHECKING:
    from haudrauf.table.scenes.settings import SettingsScene

ERROR = (255, 138, 120)


class Tab:
    #: Its id; the label on its button and the bottom line when there is no message (said in the window's language).
    name = ""
    label: Message
    hint: Message

    def __init__(self, scene: SettingsScene) -> None:
        self.scene = scene
        self.app = scene.app
        self.reset()

    @property
    def lang(self):
        """The window's language, as the scene read it at its last layout."""
        return self.scene.lang

    def reset(self) -> None:
        """Forget the last layout."""
        self.buttons: list[Button] = []
        self.texts: list[tuple[str, tuple[int, int], int, tuple, str, int | None, bool]] = []
        self.dots: list[tuple[int, tuple[int, int], int]] = []  # (seat, centre, radius) of each seat mark
        self.toggles: dict[str, Button] = {}

    def layout(self, area: pygame.Rect, u: int) -> None:
        self.reset()
        self.place(area, u)

    def place(self, area: pygame.Rect, u: int) -> None:
        """Lay the tab's controls out in `area` (below the tab buttons, above Save)."""
        raise NotImplementedError

    def stop(self) -> None:
        """Let go of anything half done, quietly: the tab is left or the scene closes."""

    def on_back(self) -> bool:
        """Esc or Back: True when it only ended something half done here."""
        return False

    def handle(self, intent) -> bool:
        """Input the tab takes before the scene's keys and buttons; True when used."""
        return False

    def draw(self, surface, now: float, u: int) -> None:
        for content, pos, size, colour, anchor, max_width, bold in self.texts:
            draw.text(surface, content, pos, size, colour, anchor=anchor, max_width=max_width, bold=bold)
        for seat, centre, radius in self.dots:
            draw_seat_mark(surface, seat, centre, radius)

    @property
    def names(self):
        return self.app.settings.table.names

    def label_at(self, content: str, pos, size: int, colour=theme.TEXT, anchor: str = "midleft",
                 max_width: int | None = None, bold: bool = False) -> None:
        self.texts.append((content, (int(pos[0]), int(pos[1])), int(size), colour, anchor, max_width, bold))

    def toggle(self, field: str, rect: pygame.Rect, label: str, on: bool, action) -> None:
        b = Button(rect, label, action, selected=on)
        self.buttons.append(b)
        self.toggles[field] = b


class PreviewTab(Tab):
    """A tab of unit settings beside the working preview unit: its keys and
    clicks press the preview's buttons, and it can start a slap race or open
    the tuner."""

    def reset(self) -> None:
        super().reset()
        self.steppers: dict[str, tuple[Button, Button]] = {}
        self.preview_rect: pygame.Rect | None = None
        self.unit_rect: pygame.Rect | None = None
        self.geometry = None

    # --- the − / + steppers ---------------------------------------------------------------
    def step(self, field: str, delta: int) -> bool:
        """The − / + buttons: one step down or up; out of range is refused."""
        new = round(getattr(self.scene.unit_settings, field) + delta * STEPS[field], 3)
        if field in ("countdown_warnings", "max_in_a_row"):  # whole numbers
            new = int(new)
        return self.scene.set_unit(**{field: new})

    def step_buttons(self, field: str, x: int, cy: int, bh: int, value_w: int) -> None:
        """− and + for a numeric setting at x, `value_w` apart."""
        minus = Button(pygame.Rect(x, cy - bh // 2, bh, bh), "−", lambda: self.step(field, -1))
        plus = Button(pygame.Rect(x + bh + value_w, cy - bh // 2, bh, bh), "+", lambda: self.step(field, 1))
        self.buttons += [minus, plus]
        self.steppers[field] = (minus, plus)

    def stepper(self, field: str, x: int, cy: int, bh: int, value_w: int, shown: str | None = None) -> int:
        """− value + for a numeric setting at x (`shown` instead of its value); returns the x after it."""
        self.step_buttons(field, x, cy, bh, value_w)
        self.label_at(shown or value_label(field, self.scene.unit_settings, self.lang), (x + bh + value_w // 2, cy),
                      int(bh * 0.55), theme.YELLOW, anchor="center", max_width=value_w - 4, bold=True)
        return x + 2 * bh + value_w

    # --- the preview -----------------------------------------------------------------------
    def place_preview(self, rect: pygame.Rect, u: int) -> None:
        self.preview_rect = rect
        bh = int(u * 2.3)
        side = max(u * 6, min(rect.width - u, rect.height - int(u * 14)))
        self.unit_rect = pygame.Rect(0, 0, side, side)
        self.unit_rect.midtop = (rect.centerx, rect.top + int(u * 2.2))
        self.geometry = unit_layout(self.unit_rect, edge=False)
        bw = min(rect.width - u, u * 13)
        _ = self.lang.gettext
        self.buttons.append(Button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - bh - u // 2, bw, bh),
                                   _("Try a slap race"), self.try_slap, colour=(150, 110, 10)))
        self.buttons.append(Button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - 2 * bh - u, bw, bh),
                                   _("Tune for these players…"), self.open_tune))

    def draw(self, surface, now: float, u: int) -> None:
        if self.preview_rect is not None:
            self.geometry = self.scene.preview.draw(surface, self.preview_rect, self.unit_rect, now, u,
                                                    list(self.names), look=self.scene.table)
        super().draw(surface, now, u)

    def handle(self, intent) -> bool:
        """Keys and clicks on the preview unit press its buttons."""
        if self.preview_rect is None:
            return False
        preview = self.scene.preview
        if isinstance(intent, intents.SeatKey) and intent.down:
            preview.press_seat(intent.seat, intent.t)
        elif isinstance(intent, intents.HauDraufKey):
            preview.slap(intent.t)
        elif isinstance(intent, intents.PlayPauseKey):
            preview.play_pause(intent.t)
        elif isinstance(intent, intents.PointerDown) and self.geometry is not None:
            seat = self.geometry.seat_at(intent.pos)
            if seat is not None:
                preview.press_seat(seat, intent.t)
            elif self.geometry.is_hau_drauf(intent.pos):
                preview.slap(intent.t)
            else:
                return False
        else:
            return False
        return True

    def try_slap(self) -> None:
        preview = self.scene.preview
        _ = self.lang.gettext
        if preview.unit.state is not UnitState.TURN:
            self.scene.show(_("A slap race starts during a turn — wait until the light stops"), error=True)
            return
        preview.slap(self.app.clock.now())
        self.scene.show(_("Slap race! Click the seat buttons of the preview (or press the seat keys)"))

    def open_tune(self) -> None:
        """The tuner simulates the group with these settings; what it applies is saved, so it shows here too
        and whoever opened the settings hears of the save (unit mode takes the new times at once)."""
        from haudrauf.table.scenes.tune import TuneScene
        self.app.push(TuneScene(self.app, self.scene.unit_settings, on_applied=self.tuned))

    def tuned(self, unit: UnitSettings) -> None:
        scene = self.scene
        scene.set_unit(turn_time=unit.turn_time, extra_time=unit.extra_time)
        scene.show(self.lang.gettext("Tuned and saved: {turn_time}, extra time {extra_time}").format(
            turn_time=value_label("turn_time", unit, self.lang), extra_time=value_label("extra_time", unit, self.lang)))
        if scene.on_saved:
            scene.on_saved()
