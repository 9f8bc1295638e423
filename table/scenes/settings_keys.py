"""Settings → Keys: every action and its keys; click "Change", then press the
new key. A key taken from another action moves, and the message says so."""
from __future__ import annotations

import pygame

from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, seat_name
from haudrauf.table import input as intents
from haudrauf.play.keys import ACTIONS, DESCRIPTIONS, SEAT_ACTIONS, KeyBindingError, KeyBindings, key_name
from haudrauf.table.scenes.settings_tab import Tab
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.words import msg

ACTION_NAMES = {"hau_drauf": msg("HAU DRAUF"), "play_pause": msg("Play / Pause"), "fullscreen": msg("Fullscreen"),
                "back": msg("Back"), "help": msg("Help"), "mute": msg("Mute"), "log": msg("Game log"),
                "reaction_test": msg("Reaction test")}


def action_name(action: str, names, lang: Language = ENGLISH) -> str:
    if action in SEAT_ACTIONS:
        return lang.say(seat_name(int(action[4:]) - 1, names))
    return lang.say(ACTION_NAMES.get(action, action))


def rebind(keys: KeyBindings, action: str, name: str, lang: Language = ENGLISH) -> tuple[KeyBindings, str]:
    """`keys` with `name` as the key of `action`, and a sentence saying what moved.
    A key taken from an action that had no other key is swapped: that action
    gets `action`'s old keys. Raises KeyBindingError for a key that cannot be used."""
    _ = lang.gettext
    owner = keys.owner(name)
    said = {"action": action_name(action, None, lang), "key": key_name(name, lang),
            "owner": action_name(owner, None, lang) if owner else ""}
    if owner in (None, action):
        return keys.rebind(action, name), _("{action}: {key}").format(**said)
    if len(keys.bindings[owner]) > 1:
        return keys.rebind(action, name), _("{action}: {key}; {key} was moved from {owner}").format(**said)
    bindings = dict(keys.bindings)
    bindings[owner], bindings[action] = keys.bindings[action], (name,)
    new = KeyBindings(bindings)
    return new, _("{action}: {key}; {key} was moved from {owner}, which now has {keys}").format(
        keys=new.label(owner, lang), **said)


class KeysTab(Tab):
    name, label, hint = "keys", msg("Keys"), msg("Click Change, then press the new key; Save keeps the map")

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.capturing: str | None = None  # the action whose new key is awaited

    def reset(self) -> None:
        super().reset()
        self.change_buttons: dict[str, Button] = {}
        self.key_rows: list[tuple[str, pygame.Rect]] = []

    # --- capturing a key ---------------------------------------------------------------
    def begin_capture(self, action: str) -> None:
        self.capturing = action
        self.app.input.capture_key = True
        self.scene.show(self.lang.gettext("Press the new key for {action} — Esc cancels").format(
            action=action_name(action, self.names, self.lang)))
        self.scene.relayout()

    def cancel_capture(self, quiet: bool = False) -> None:
        if self.capturing is None:
            return
        self.capturing = None
        self.app.input.capture_key = False
        if not quiet:
            self.scene.show(self.lang.gettext("No key changed"))
        self.scene.relayout()

    def finish_capture(self, name: str) -> None:
        action = self.capturing
        if name == "escape":
            self.cancel_capture()
            return
        self.capturing = None
        self.app.input.capture_key = False
        try:
            self.scene.keys, text = rebind(self.scene.keys, action, name, self.lang)
            self.scene.show(text)
        except KeyBindingError:
            self.scene.show(self.lang.gettext("The key {key} cannot be used — try another").format(key=repr(name)),
                            error=True)
        self.scene.relayout()

    def default_keys(self) -> None:
        self.cancel_capture(quiet=True)
        self.scene.keys = KeyBindings()
        self.scene.show(self.lang.gettext("Default keys restored (Save to keep them)"))
        self.scene.relayout()

    def stop(self) -> None:
        self.cancel_capture(quiet=True)

    def on_back(self) -> bool:
        if self.capturing is None:
            return False
        self.cancel_capture()
        return True

    def handle(self, intent) -> bool:
        """While a key is awaited: the next key is it, Esc cancels, a click elsewhere forgets it."""
        if not self.capturing:
            return False
        if isinstance(intent, intents.TextInput):
            self.finish_capture(intent.text)
            return True
        if isinstance(intent, intents.EditKey) and intent.key == "escape":
            self.cancel_capture()
            return True
        if isinstance(intent, intents.PointerDown):
            self.cancel_capture(quiet=True)
        return False

    # --- layout and drawing -------------------------------------------------------------
    def place(self, area: pygame.Rect, u: int) -> None:
        bh = int(u * 2.3)
        col_w = (area.width - u * 2) // 2
        top = area.top + int(u * 2)
        rows = max(len(SEAT_ACTIONS), len(ACTIONS) - len(SEAT_ACTIONS))
        row_h = min(int(u * 3.8), (area.height - int(u * 2) - bh - u) // rows)
        _ = self.lang.gettext
        self.label_at(_("Seat buttons (join, end turn, slap race; hold to see your hand)"),
                      (area.left, area.top + u // 2), int(u * 0.95), theme.MUTED, anchor="topleft", max_width=col_w)
        self.label_at(_("Other keys"), (area.left + col_w + u * 2, area.top + u // 2), int(u * 0.95), theme.MUTED,
                      anchor="topleft", max_width=col_w)
        others = [a for a in ACTIONS if a not in SEAT_ACTIONS]
        for column, actions in enumerate((SEAT_ACTIONS, others)):
            x = area.left + column * (col_w + u * 2)
            for i, action in enumerate(actions):
                self.place_key_row(action, pygame.Rect(x, top + i * row_h, col_w, row_h - u // 3), u)
        self.buttons.append(Button(pygame.Rect(area.left, area.bottom - bh, u * 11, bh), _("Default keys"),
                                   self.default_keys))

    def place_key_row(self, action: str, row: pygame.Rect, u: int) -> None:
        self.key_rows.append((action, row))
        bh = min(int(u * 2.1), row.height - 4)
        bw = int(u * 6)
        capturing = self.capturing == action
        label = self.lang.gettext("press a key…") if capturing else self.lang.gettext("Change")
        b = Button(pygame.Rect(row.right - bw - u // 3, row.centery - bh // 2, bw, bh), label,
                   lambda a=action: self.begin_capture(a), selected=capturing)
        self.buttons.append(b)
        self.change_buttons[action] = b
        text_w = row.width - bw - u
        keys = self.scene.keys.label(action, self.lang)
        self.label_at(keys, (b.rect.left - u // 2, row.top + int(u * 0.35)), int(u * 1.2), theme.YELLOW,
                      anchor="topright", max_width=int(text_w * 0.45), bold=True)
        if action in SEAT_ACTIONS:
            seat = int(action[4:]) - 1
            self.label_at(action_name(action, self.names, self.lang), (row.left + int(u * 1.9), row.centery),
                          int(u * 1.1), max_width=int(text_w * 0.5))
            self.dots.append((seat, (row.left + int(u * 1.1), row.centery), int(u * 0.7)))
            return
        self.label_at(action_name(action, self.names, self.lang), (row.left + u // 2, row.top + int(u * 0.35)),
                      int(u * 1.1), anchor="topleft", max_width=int(text_w * 0.5), bold=True)
        self.label_at(self.lang.say(DESCRIPTIONS[action]), (row.left + u // 2, row.top + int(u * 1.7)), int(u * 0.95),
                      theme.MUTED, anchor="topleft", max_width=text_w - u // 2)

    def draw(self, surface, now: float, u: int) -> None:
        for action, row in self.key_rows:
            draw.panel(surface, row, colour=(70, 60, 10) if action == self.capturing else theme.PANEL,
                       alpha=200, radius=8, edge=theme.YELLOW if action == self.capturing else theme.PANEL_EDGE)
        super().draw(surface, now, u)
