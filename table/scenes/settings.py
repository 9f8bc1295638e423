"""Settings: the unit's timing (with a live preview of the timer), the key map
and table choices. Everything is edited on a working copy; Save writes it,
Cancel (or Esc) leaves without saving.

Four tabs keep every control big enough to read across a table, each in its
own module: Unit (`settings_unit.py`), Look (`settings_look.py`), Keys
(`settings_keys.py`) and Table (`settings_table.py`), on what they share
(`settings_tab.py`). The scene holds the working copy and the small working
unit both Unit and Look show (`settings_preview.py`), the tabs, the bottom
line, and Save and Cancel.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pygame

from haudrauf.device.settings import SettingsError, UnitSettings
from haudrauf.play.keys import KeyBindings
from haudrauf.play.language import Language
from haudrauf.table import input as intents
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.settings_keys import KeysTab
from haudrauf.table.scenes.settings_look import LOOK_CHOICES, LookTab
from haudrauf.table.scenes.settings_preview import Preview
from haudrauf.table.scenes.settings_tab import ERROR, Tab
from haudrauf.table.scenes.settings_table import TABLE_HELP, TableTab
from haudrauf.table.scenes.settings_unit import UnitTab
from haudrauf.table.scenes.settings_values import LABELS, POLICY_HELP, friendly, value_label
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.words import msg

#: Changes that need the preview restarted to be seen at once.
SOUND_ONLY = {"volume", "muted", "sleep_after"}
#: Every table choice the Settings scene edits (the names are edited elsewhere).
TABLE_CHOICES = (*TABLE_HELP, "language", *LOOK_CHOICES)


class SettingsScene(Scene):
    covering = msg("Settings are open on the table")

    def __init__(self, app, on_saved: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_saved = on_saved
        self.unit_settings: UnitSettings = app.settings.unit
        self.keys: KeyBindings = app.settings.keys
        self.table = app.settings.table
        self.lang = Language(app.language_code())  # read again at each layout
        self.message = ""
        self.error = False
        self.preview = Preview(self.unit_settings, app.seed, app.clock.now(), app.audio,
                               app.settings.table.names, self.lang)
        self.tabs: dict[str, Tab] = {tab.name: tab for tab in (UnitTab(self), LookTab(self), KeysTab(self),
                                                               TableTab(self))}
        self.tab: Tab = self.tabs["unit"]

    # --- messages and state --------------------------------------------------------
    def show(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error

    @property
    def changed(self) -> bool:
        s = self.app.settings
        return (self.unit_settings != s.unit or self.keys.bindings != s.keys.bindings
                or any(getattr(self.table, f) != getattr(s.table, f) for f in TABLE_CHOICES))

    def relayout(self) -> None:
        if self.size != (0, 0):
            self.layout(self.size)

    def select_tab(self, name: str) -> None:
        self.tab.stop()
        self.tab = self.tabs[name]
        self.relayout()

    # --- the unit settings: every change goes through here ---------------------------
    def set_unit(self, **changes) -> bool:
        """Change the working copy; an invalid value is refused with a message."""
        try:
            settings = self.unit_settings.with_changes(**changes)
        except SettingsError as exc:
            self.show(friendly(exc, self.lang), error=True)
            return False
        self.unit_settings = settings
        now = self.app.clock.now()
        restart = not set(changes) <= SOUND_ONLY
        self.preview.configure(settings, now, restart=restart)
        if {"volume", "muted"} & set(changes):
            self.app.audio.set_volume(settings.volume)
            self.app.audio.set_muted(settings.muted)
            self.app.audio.play("beep")
        lang = self.lang
        _ = lang.gettext
        shown = "; ".join(_("{setting}: {value}").format(setting=lang.say(LABELS[f]),
                                                         value=value_label(f, settings, lang)) for f in changes)
        if "selection" in changes:
            shown += f" ({lang.say(POLICY_HELP[settings.selection])})"
        self.show(_("{changes} — the preview starts again").format(changes=shown) if restart else shown)
        self.relayout()
        return True

    def on_muted(self, muted: bool) -> None:
        self.unit_settings = self.unit_settings.with_changes(muted=muted)
        self.app.audio.set_volume(self.unit_settings.volume)  # saving put back the saved volume
        self.preview.configure(self.unit_settings, self.app.clock.now(), restart=False)
        self.show(self.lang.gettext("Sound off") if muted else self.lang.gettext("Sound on"))
        self.relayout()

    # --- leaving -----------------------------------------------------------------------
    def save(self) -> None:
        self.tab.stop()
        settings = self.app.settings
        settings.unit, settings.keys = self.unit_settings, self.keys
        settings.table = replace(settings.table, **{f: getattr(self.table, f) for f in TABLE_CHOICES})
        self.app.save_settings()  # a disk that refuses: they hold until the program ends (the app says so once)
        self.app.pop()
        if self.on_saved:
            self.on_saved()

    def cancel(self) -> None:
        self.tab.stop()
        self.app.apply_sound_settings()  # the volume tried here goes back
        self.app.pop()

    def on_back(self) -> None:
        if not self.tab.on_back():
            self.cancel()

    # --- input ---------------------------------------------------------------------------
    def handle(self, intent, now: float) -> bool:
        if self.tab.handle(intent):
            return True
        if isinstance(intent, intents.EditKey):
            return self.handle_edit_key(intent.key)
        return super().handle(intent, now)

    def handle_edit_key(self, key: str) -> bool:
        if key == "escape":
            self.on_back()
        elif key == "tab":
            names = list(self.tabs)
            self.select_tab(names[(names.index(self.tab.name) + 1) % len(names)])
        else:
            return False
        return True

    # --- layout, time and drawing ----------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.u = u
        self.lang = self.preview.lang = Language(self.app.language_code())
        _ = self.lang.gettext
        bh = int(u * 2.3)
        self.buttons = []
        x = int(u * 13)
        for tab in self.tabs.values():
            self.buttons.append(Button(pygame.Rect(x, u, u * 8, bh), self.lang.say(tab.label),
                                       lambda t=tab.name: self.select_tab(t), selected=tab is self.tab))
            x += u * 8 + u // 2
        bw = u * 8
        by = h - bh - u
        self.bottom = pygame.Rect(int(u * 1.5), by - u // 2, w - 2 * bw - u * 5, bh + u)
        self.buttons.append(Button(pygame.Rect(w - 2 * bw - u * 2, by, bw, bh), _("Cancel"), self.cancel,
                                   hint=self.app.settings.keys.label("back", self.lang)))
        self.buttons.append(Button(pygame.Rect(w - bw - int(u * 1.5), by, bw, bh), _("Save"), self.save,
                                   colour=(40, 120, 70)))
        self.tab.layout(pygame.Rect(int(u * 1.5), u * 5, w - u * 3, by - u * 6), u)
        self.buttons += self.tab.buttons

    def update(self, now: float) -> None:
        self.preview.tick(now)

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT_DARK)
        u = int(theme.unit_size(surface.get_size()))
        draw.text(surface, self.lang.gettext("Settings"), (int(u * 1.5), int(u * 1.2)), int(u * 2.2), theme.YELLOW,
                  bold=True)
        self.tab.draw(surface, now, u)
        self.draw_buttons(surface)
        self.draw_bottom(surface, u)

    def draw_bottom(self, surface, u: int) -> None:
        text = self.message or (self.lang.gettext("Unsaved changes — Save keeps them, Cancel forgets them")
                                if self.changed else self.lang.say(self.tab.hint))
        colour = ERROR if self.error else theme.YELLOW if self.message else theme.MUTED
        size = int(u * 0.95)
        if len(draw.wrap(text, size, self.bottom.width)) > 2:
            size = int(u * 0.8)
        draw.text_block(surface, text, self.bottom, size, colour)
