"""Settings: the unit's timing (with a live preview of the timer), the key map
and table choices. Everything is edited on a working copy; Save writes it,
Cancel (or Esc) leaves without saving.

Four tabs keep every control big enough to read across a table: Unit (the
values of `device.settings.UnitSettings` beside a small working unit), Look
(unit mode's table-top look: layout, flashes, the turn clock ring and the spin,
beside the same working unit), Keys (every action, click "Change" then press a
key) and Table.

The turn time has the speed switch's three positions, − / + in 0.5 s steps,
a slider to drag and a field to type any time into (click the value; Enter
accepts, Esc cancels, a value the unit cannot take is refused and says why).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pygame

from haudrauf.device.settings import SEATS, SELECTION_POLICIES, SPEED_SWITCH, SettingsError, UnitSettings
from haudrauf.device.unit import UnitState
from haudrauf.table import input as intents
from haudrauf.play.keys import ACTIONS, DESCRIPTIONS, SEAT_ACTIONS, KeyBindingError, KeyBindings
from haudrauf.play.messages import seat_name
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.settings_preview import Preview
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.table.ui.slider import Slider
from haudrauf.table.ui.unit_widget import layout as unit_layout

TABS = (("unit", "Unit"), ("look", "Look"), ("keys", "Keys"), ("table", "Table"))
ERROR = (255, 138, 120)

#: The label a person reads for each unit setting (also used in error messages).
LABELS = {
    "turn_time": "Turn time", "countdown_warnings": "Countdown beeps", "slap_window": "Slap race window",
    "slapper_races": "Slapper races too", "spin_duration": "Spin duration", "selection": "Next player",
    "max_in_a_row": "Max in a row", "sleep_after": "Sleep after", "volume": "Volume", "muted": "Mute",
    "extra_time": "Extra time",
}
#: Step of the − / + buttons per numeric setting.
STEPS = {"turn_time": 0.5, "countdown_warnings": 1, "slap_window": 0.5, "spin_duration": 0.5,
         "max_in_a_row": 1, "volume": 0.1, "extra_time": 1}
#: Sleep delays offered, shortest first; 0 (never) counts as the longest.
SLEEP_STEPS = (60, 120, 300, 600, 900, 1800, 3600, 0)
#: Changes that need the preview restarted to be seen at once.
SOUND_ONLY = {"volume", "muted", "sleep_after"}
#: The selection policies as a player would name them (their ids are for settings.toml).
POLICY_NAMES = {"uniform": "Random", "no-repeat": "No repeats", "limit-repeats": "Limit repeats",
                "shuffle-bag": "Everyone in turn"}
POLICY_HELP = {
    "uniform": "anyone, repeats allowed (the real unit)",
    "no-repeat": "never the same player twice in a row",
    "limit-repeats": "the same player at most N times in a row",
    "shuffle-bag": "everyone once, then reshuffle",
}
ACTION_NAMES = {"hau_drauf": "HAU DRAUF", "play_pause": "Play / Pause", "fullscreen": "Fullscreen",
                "back": "Back", "help": "Help", "mute": "Mute", "log": "Game log",
                "reaction_test": "Reaction test"}
TABLE_LABELS = {"hints": "Card hints", "fullscreen": "Fullscreen"}
TABLE_HELP = {
    "hints": "highlight the cards you may play (table mode)",
    "fullscreen": "open fullscreen next time (F11 switches now)",
}
#: Unit mode's look (`table.config.TableSettings`): each choice as a player names it, and what it does.
LOOK_LABELS = {"layout": "Layout", "flashes": "Flashes", "clock_ring": "Turn clock ring"}
LOOK_CHOICES = {
    "layout": {"upright": ("Upright", "a laptop facing its players"),
               "flat": ("Flat on the table", "a tablet lying in the middle: each seat's words face its side")},
    "flashes": {"full": ("Full screen", "the whole screen flashes on a timeout and when a slap race starts"),
                "soft": ("Soft (edge only)", "only a coloured frame at the edge, for anyone flashing light bothers"),
                "off": ("Off", "no flashes: the buzzer and the race alarm still tell")},
    "clock_ring": {"thin": ("Thin", "the time left runs round the HAU DRAUF button"),
                   "wide": ("Wide", "twice as wide, to read from across the table"),
                   "off": ("Hidden", "no clock: only the countdown beeps warn, as on the real unit")},
}
#: Every table choice the Settings scene edits (the names are edited elsewhere).
TABLE_CHOICES = ("hints", "fullscreen", *LOOK_CHOICES)
#: The bottom line when there is no message, per tab.
TAB_HINTS = {"unit": "Changes show at once in the preview; Save keeps them",
             "look": "Pick a look: the preview shows it (a flash style flashes once); Save keeps it",
             "keys": "Click Change, then press the new key; Save keeps the map",
             "table": "Save keeps these choices; Cancel forgets them"}
#: The turn time's slider and typed field: what the unit allows, snapped like − / +.
TURN_TIME_RANGE = (1.0, 60.0)
TYPE_HINT = "Type the turn time in seconds (1–60, e.g. 7.5): Enter accepts, Esc cancels"
MAX_TYPED = 6


def seconds(value: float) -> str:
    return f"{value:g} s"


def sleep_label(value: float) -> str:
    if value == 0:
        return "never"
    if value % 3600 == 0:
        return f"{value / 3600:g} h"
    return f"{value / 60:g} min" if value % 60 == 0 else seconds(value)


def extra_label(value: float) -> str:
    return f"+{seconds(value)}"


def value_label(field: str, settings: UnitSettings) -> str:
    """A unit setting's value as a person reads it."""
    value = getattr(settings, field)
    if field == "extra_time":
        extra = [f"seat {seat + 1} {extra_label(t)}" for seat, t in enumerate(value) if t]
        return ", ".join(extra) or "none"
    if field == "turn_time":
        return "no limit" if value is None else seconds(value)
    if field in ("slap_window", "spin_duration"):
        return seconds(value)
    if field == "sleep_after":
        return sleep_label(value)
    if field == "volume":
        return f"{round(value * 100)} %"
    if field == "selection":
        return POLICY_NAMES[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_seconds(text: str) -> float:
    """What a person types for a time: "7.5", "7,5", "8 s". ValueError if it is no number."""
    return float(text.strip().lower().removesuffix("s").strip().replace(",", "."))


def friendly(error: Exception) -> str:
    """A SettingsError with the setting's label instead of its field name."""
    text = str(error)
    for field, label in LABELS.items():
        if text.startswith(field + " "):
            return label + text[len(field):]
    return text[:1].upper() + text[1:]


def key_label(name: str) -> str:
    return name.upper() if len(name) == 1 else name.capitalize()


def action_name(action: str, names) -> str:
    if action in SEAT_ACTIONS:
        return seat_name(int(action[4:]) - 1, names)
    return ACTION_NAMES.get(action, action)


def action_label(action: str) -> str:
    return action_name(action, None)


def rebind(keys: KeyBindings, action: str, name: str) -> tuple[KeyBindings, str]:
    """`keys` with `name` as the key of `action`, and a sentence saying what moved.
    A key taken from an action that had no other key is swapped: that action
    gets `action`'s old keys. Raises KeyBindingError for a key that cannot be used."""
    owner = keys.owner(name)
    if owner in (None, action) or len(keys.bindings[owner]) > 1:
        moved = "" if owner in (None, action) else f"; {key_label(name)} was moved from {action_label(owner)}"
        return keys.rebind(action, name), f"{action_label(action)}: {key_label(name)}{moved}"
    bindings = dict(keys.bindings)
    bindings[owner], bindings[action] = keys.bindings[action], (name,)
    new = KeyBindings(bindings)
    return new, (f"{action_label(action)}: {key_label(name)}; {key_label(name)} was moved from "
                 f"{action_label(owner)}, which now has {new.label(owner)}")


class SettingsScene(Scene):
    covering = "Settings are open on the table"

    def __init__(self, app, on_saved: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_saved = on_saved
        self.unit_settings: UnitSettings = app.settings.unit
        self.keys: KeyBindings = app.settings.keys
        self.table = app.settings.table
        self.tab = "unit"
        self.message = ""
        self.error = False
        self.capturing: str | None = None
        self.preview = Preview(self.unit_settings, app.seed, app.clock.now(), app.audio,
                               app.settings.table.names)
        self.steppers: dict[str, tuple[Button, Button]] = {}
        self.toggles: dict[str, Button] = {}
        self.change_buttons: dict[str, Button] = {}
        self.texts: list[tuple[str, tuple[int, int], int, tuple, str, int | None, bool]] = []
        self.key_rows: list[tuple[str, pygame.Rect]] = []
        self.dots: list[tuple[int, tuple[int, int], int]] = []  # (seat, centre, radius) of each seat mark
        self.preview_rect: pygame.Rect | None = None
        self.unit_rect: pygame.Rect | None = None
        self.geometry = None
        self.slider: Slider | None = None
        self.dragging: tuple[int, float] | None = None  # (pointer, value shown) while the knob is held
        self.field: pygame.Rect | None = None  # the turn time's value: click to type
        self.extra_seat = 0  # the seat whose extra time the Extra time row sets
        self.typing: str | None = None  # the text typed so far, while the field has focus

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

    def select_tab(self, tab: str) -> None:
        self.cancel_capture(quiet=True)
        self.stop_typing()
        self.tab = tab
        self.relayout()

    # --- unit settings -------------------------------------------------------------
    def set_unit(self, **changes) -> bool:
        """Change the working copy; an invalid value is refused with a message."""
        try:
            settings = self.unit_settings.with_changes(**changes)
        except SettingsError as exc:
            self.show(friendly(exc), error=True)
            return False
        self.unit_settings = settings
        now = self.app.clock.now()
        restart = not set(changes) <= SOUND_ONLY
        self.preview.configure(settings, now, restart=restart)
        if {"volume", "muted"} & set(changes):
            self.app.audio.set_volume(settings.volume)
            self.app.audio.set_muted(settings.muted)
            self.app.audio.play("beep")
        shown = "; ".join(f"{LABELS[f]}: {value_label(f, settings)}" for f in changes)
        if "selection" in changes:
            shown += f" ({POLICY_HELP[settings.selection]})"
        self.show(shown + (" — the preview starts again" if restart else ""))
        self.relayout()
        return True

    def on_muted(self, muted: bool) -> None:
        self.unit_settings = self.unit_settings.with_changes(muted=muted)
        self.app.audio.set_volume(self.unit_settings.volume)  # saving put back the saved volume
        self.preview.configure(self.unit_settings, self.app.clock.now(), restart=False)
        self.show("Sound off" if muted else "Sound on")
        self.relayout()

    def step(self, field: str, delta: int) -> bool:
        """The − / + buttons: one step down or up; out of range is refused."""
        value = getattr(self.unit_settings, field)
        if field == "sleep_after":
            return self.step_sleep(delta)
        if field == "extra_time":
            return self.step_extra(delta)
        if field == "turn_time" and value is None:
            if delta > 0:
                self.show("Turn time is already unlimited — pick 6 s or 4 s, or press − for 60 s", error=True)
                return False
            return self.set_unit(turn_time=60.0)
        new = round(value + delta * STEPS[field], 3)
        if field in ("countdown_warnings", "max_in_a_row"):  # whole numbers
            new = int(new)
        return self.set_unit(**{field: new})

    def step_sleep(self, delta: int) -> bool:
        value = self.unit_settings.sleep_after
        order = [s if s else float("inf") for s in SLEEP_STEPS]
        current = value if value else float("inf")
        if delta > 0:
            later = [s for s in order if s > current]
            if not later:
                self.show("The unit already never sleeps", error=True)
                return False
            target = later[0]
        else:
            earlier = [s for s in order if s < current]
            if not earlier:
                self.show(f"Sleep after: {sleep_label(SLEEP_STEPS[0])} is the shortest delay", error=True)
                return False
            target = earlier[-1]
        return self.set_unit(sleep_after=0 if target == float("inf") else target)

    def step_extra(self, delta: int) -> bool:
        extra = list(self.unit_settings.extra_time)
        extra[self.extra_seat] += delta * STEPS["extra_time"]
        return self.set_unit(extra_time=tuple(extra))

    def next_extra_seat(self) -> None:
        """The seat button of the Extra time row: on to the next seat."""
        self.extra_seat = (self.extra_seat + 1) % SEATS
        self.relayout()

    def next_policy(self) -> bool:
        i = SELECTION_POLICIES.index(self.unit_settings.selection)
        return self.set_unit(selection=SELECTION_POLICIES[(i + 1) % len(SELECTION_POLICIES)])

    def toggle_unit(self, field: str) -> bool:
        return self.set_unit(**{field: not getattr(self.unit_settings, field)})

    # --- the turn time: typed or dragged ------------------------------------------------
    def begin_typing(self) -> None:
        self.typing = ""
        self.app.input.text_mode = True
        pygame.key.start_text_input()
        self.show(TYPE_HINT)

    def stop_typing(self) -> None:
        if self.typing is not None:
            self.typing = None
            self.app.input.text_mode = False

    def accept_typed(self) -> bool:
        """Enter: the typed time if the unit can take it; else say why and keep typing."""
        try:
            value = parse_seconds(self.typing)
        except ValueError:
            self.show(f"{self.typing.strip() or 'Nothing'} is not a number of seconds — {TYPE_HINT}", error=True)
            return False
        if not self.set_unit(turn_time=value):
            return False
        self.stop_typing()
        return True

    def handle_typing(self, intent) -> bool:
        """Keys go to the field while it has focus; a click elsewhere accepts it."""
        if isinstance(intent, intents.TextInput):
            self.typing = (self.typing + intent.text)[:MAX_TYPED]
            self.message, self.error = TYPE_HINT, False
        elif isinstance(intent, intents.EditKey):
            if intent.key == "backspace":
                self.typing = self.typing[:-1]
            elif intent.key == "enter":
                self.accept_typed()
            elif intent.key == "escape":
                self.stop_typing()
                self.show("Turn time unchanged")
        elif isinstance(intent, intents.PointerDown) and not self.field.collidepoint(intent.pos):
            if not self.accept_typed():
                self.stop_typing()
            return False  # the click goes on to what it hit
        else:
            return False
        return True

    def handle_slider(self, intent) -> bool:
        """Hold the knob (or click the track), drag, let go: that is the new turn time."""
        if isinstance(intent, intents.PointerDown) and self.slider and self.slider.hit(intent.pos):
            self.dragging = (intent.pointer, self.slider.value_at(intent.pos[0]))
        elif isinstance(intent, intents.PointerMove) and self.dragging and intent.pointer == self.dragging[0]:
            self.dragging = (intent.pointer, self.slider.value_at(intent.pos[0]))
            self.hover = intent.pos
        elif isinstance(intent, intents.PointerUp) and self.dragging and intent.pointer == self.dragging[0]:
            value = self.slider.value_at(intent.pos[0])
            self.dragging = None
            self.set_unit(turn_time=value)
        else:
            return False
        return True

    # --- keys ------------------------------------------------------------------------
    def begin_capture(self, action: str) -> None:
        self.capturing = action
        self.app.input.capture_key = True
        self.show(f"Press the new key for {action_name(action, self.names)} — Esc cancels")
        self.relayout()

    def cancel_capture(self, quiet: bool = False) -> None:
        if self.capturing is None:
            return
        self.capturing = None
        self.app.input.capture_key = False
        if not quiet:
            self.show("No key changed")
        self.relayout()

    def finish_capture(self, name: str) -> None:
        action = self.capturing
        if name == "escape":
            self.cancel_capture()
            return
        self.capturing = None
        self.app.input.capture_key = False
        try:
            self.keys, text = rebind(self.keys, action, name)
            self.show(text)
        except KeyBindingError:
            self.show(f"The key {name!r} cannot be used — try another", error=True)
        self.relayout()

    def default_keys(self) -> None:
        self.cancel_capture(quiet=True)
        self.keys = KeyBindings()
        self.show("Default keys restored (Save to keep them)")
        self.relayout()

    # --- table -----------------------------------------------------------------------
    def toggle_table(self, field: str) -> None:
        self.table = replace(self.table, **{field: not getattr(self.table, field)})
        self.show(f"{TABLE_LABELS[field]}: {'on' if getattr(self.table, field) else 'off'}")
        self.relayout()

    def choose_look(self, field: str, value: str) -> None:
        """A look choice: kept on the working copy, shown in the preview at once."""
        self.table = replace(self.table, **{field: value})
        label, help_text = LOOK_CHOICES[field][value]
        if field == "flashes":
            self.preview.show_flash(self.app.clock.now())
        where = " — unit mode shows it" if field == "layout" else ""
        self.show(f"{LOOK_LABELS[field]}: {label} ({help_text}){where}")
        self.relayout()

    @property
    def names(self):
        return self.app.settings.table.names

    # --- leaving -----------------------------------------------------------------------
    def save(self) -> None:
        self.cancel_capture(quiet=True)
        self.stop_typing()
        settings = self.app.settings
        settings.unit, settings.keys = self.unit_settings, self.keys
        settings.table = replace(settings.table, **{f: getattr(self.table, f) for f in TABLE_CHOICES})
        self.app.save_settings()  # a disk that refuses: they hold until the program ends (the app says so once)
        self.app.pop()
        if self.on_saved:
            self.on_saved()

    def cancel(self) -> None:
        self.cancel_capture(quiet=True)
        self.stop_typing()
        self.app.apply_sound_settings()  # the volume tried here goes back
        self.app.pop()

    def on_back(self) -> None:
        if self.capturing:
            self.cancel_capture()
        else:
            self.cancel()

    # --- input ---------------------------------------------------------------------------
    def handle(self, intent, now: float) -> bool:
        if self.typing is not None and self.handle_typing(intent):
            return True
        if self.slider is not None and self.handle_slider(intent):
            return True
        if isinstance(intent, intents.PointerDown) and self.field and self.field.collidepoint(intent.pos) \
                and self.typing is None:
            self.begin_typing()
            return True
        if self.capturing:
            if isinstance(intent, intents.TextInput):
                self.finish_capture(intent.text)
                return True
            if isinstance(intent, intents.EditKey) and intent.key == "escape":
                self.cancel_capture()
                return True
            if isinstance(intent, intents.PointerDown):
                self.cancel_capture(quiet=True)
        if isinstance(intent, intents.EditKey):
            return self.handle_edit_key(intent.key)
        if self.preview_rect is not None and self.handle_preview(intent):
            return True
        return super().handle(intent, now)

    def handle_edit_key(self, key: str) -> bool:
        if key == "escape":
            self.on_back()
        elif key == "tab":
            names = [t for t, _ in TABS]
            self.select_tab(names[(names.index(self.tab) + 1) % len(names)])
        else:
            return False
        return True

    def handle_preview(self, intent) -> bool:
        """Keys and clicks on the preview unit press its buttons."""
        preview = self.preview
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
        now = self.app.clock.now()
        if self.preview.unit.state is not UnitState.TURN:
            self.show("A slap race starts during a turn — wait until the light stops", error=True)
            return
        self.preview.slap(now)
        self.show("Slap race! Click the seat buttons of the preview (or press the seat keys)")

    # --- layout -----------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.u = u
        bh = int(u * 2.3)
        self.buttons, self.texts, self.key_rows, self.dots = [], [], [], []
        self.steppers, self.toggles, self.change_buttons = {}, {}, {}
        self.preview_rect = self.unit_rect = self.geometry = self.slider = self.field = None
        x = int(u * 13)
        for tab, label in TABS:
            self.buttons.append(Button(pygame.Rect(x, u, u * 8, bh), label, lambda t=tab: self.select_tab(t),
                                       selected=tab == self.tab))
            x += u * 8 + u // 2
        bw = u * 8
        by = h - bh - u
        self.bottom = pygame.Rect(int(u * 1.5), by - u // 2, w - 2 * bw - u * 5, bh + u)
        self.buttons.append(Button(pygame.Rect(w - 2 * bw - u * 2, by, bw, bh), "Cancel", self.cancel,
                                   hint=self.app.settings.keys.label("back")))
        self.buttons.append(Button(pygame.Rect(w - bw - int(u * 1.5), by, bw, bh), "Save", self.save,
                                   colour=(40, 120, 70)))
        area = pygame.Rect(int(u * 1.5), u * 5, w - u * 3, by - u * 6)
        {"unit": self._layout_unit, "look": self._layout_look, "keys": self._layout_keys,
         "table": self._layout_table}[self.tab](area, u)

    def _label(self, content: str, pos, size: int, colour=theme.TEXT, anchor: str = "midleft",
               max_width: int | None = None, bold: bool = False) -> None:
        self.texts.append((content, (int(pos[0]), int(pos[1])), int(size), colour, anchor, max_width, bold))

    def _stepper(self, field: str, x: int, cy: int, bh: int, value_w: int, shown: str | None = None) -> int:
        """− value + for a numeric setting at x (`shown` instead of its value); returns the x after it."""
        minus = Button(pygame.Rect(x, cy - bh // 2, bh, bh), "−", lambda: self.step(field, -1))
        plus = Button(pygame.Rect(x + bh + value_w, cy - bh // 2, bh, bh), "+", lambda: self.step(field, 1))
        self.buttons += [minus, plus]
        self.steppers[field] = (minus, plus)
        if field == "turn_time":  # drawn each frame: it follows the slider and the typing
            self.field = pygame.Rect(x + bh + 2, cy - bh // 2, value_w - 4, bh)
        else:
            self._label(shown or value_label(field, self.unit_settings), (x + bh + value_w // 2, cy), int(bh * 0.55),
                        theme.YELLOW, anchor="center", max_width=value_w - 4, bold=True)
        return x + 2 * bh + value_w

    def _toggle(self, field: str, rect: pygame.Rect, label: str, on: bool, action) -> None:
        b = Button(rect, label, action, selected=on)
        self.buttons.append(b)
        self.toggles[field] = b

    def _layout_unit(self, area: pygame.Rect, u: int) -> None:
        s = self.unit_settings
        rows = ["turn_time", "turn_time_slider", "extra_time", "countdown_warnings", "slap_window", "slapper_races",
                "spin_duration", "selection", *(["max_in_a_row"] if s.selection == "limit-repeats" else []),
                "sleep_after", "volume"]
        left_w = int(min(area.width * 0.6, u * 36))
        row_h = min(int(u * 3.4), area.height // len(rows))
        bh = min(int(u * 2.3), int(row_h * 0.8))
        label_w = int(u * 11)
        cx = area.left + label_w
        cw = left_w - label_w
        gap = u // 3
        value_w = int(u * 4.4)
        for i, field in enumerate(rows):
            cy = area.top + i * row_h + row_h // 2
            if field == "turn_time_slider":
                self._label("drag, or click the time to type it", (area.left, cy), int(u * 0.9), theme.MUTED,
                            max_width=label_w - u // 2)
                self.slider = Slider(pygame.Rect(cx + u // 2, cy - u // 3, cw - u, max(6, int(u * 0.66))),
                                     *TURN_TIME_RANGE, STEPS["turn_time"])
                continue
            self._label(LABELS[field], (area.left, cy), int(u * 1.25), max_width=label_w - u // 2)
            if field == "turn_time":
                pw = (cw - (2 * bh + value_w) - 4 * gap) // 3
                for j, t in enumerate(SPEED_SWITCH):
                    rect = pygame.Rect(cx + j * (pw + gap), cy - bh // 2, pw, bh)
                    self.buttons.append(Button(rect, "no limit" if t is None else seconds(t),
                                               lambda t=t: self.set_unit(turn_time=t), selected=s.turn_time == t))
                self._stepper(field, cx + 3 * (pw + gap) + gap, cy, bh, value_w)
            elif field == "extra_time":
                self._extra_time_row(cx, cy, bh, value_w, gap, u)
            elif field == "slapper_races":
                self._toggle(field, pygame.Rect(cx, cy - bh // 2, u * 6, bh), "yes" if s.slapper_races else "no",
                             s.slapper_races, lambda: self.toggle_unit("slapper_races"))
            elif field == "selection":
                b = Button(pygame.Rect(cx, cy - bh // 2, int(u * 9), bh), value_label("selection", s),
                           self.next_policy)
                self.buttons.append(b)
                self.toggles[field] = b
                help_size, room = int(u * 0.95), cw - u * 9 - gap
                if theme.font(help_size).size(POLICY_HELP[s.selection])[0] <= room:  # else too small to read
                    self._label(POLICY_HELP[s.selection], (cx + u * 9 + gap, cy), help_size, theme.MUTED)
            elif field == "volume":
                end = self._stepper(field, cx, cy, bh, value_w)
                self._toggle("muted", pygame.Rect(end + u, cy - bh // 2, u * 6, bh),
                             "Muted" if s.muted else "Mute", s.muted, lambda: self.toggle_unit("muted"))
            else:
                self._stepper(field, cx, cy, bh, value_w)
        self._layout_preview(pygame.Rect(area.left + left_w + u * 2, area.top, area.width - left_w - u * 2,
                                         area.height), u)

    def _layout_look(self, area: pygame.Rect, u: int) -> None:
        """A row of choices per look setting, what the chosen one does under it,
        and the spin duration: all beside the preview, which shows them."""
        left_w = int(min(area.width * 0.6, u * 36))
        label_w, gap = int(u * 11), u // 3
        row_h = min(int(u * 5.2), area.height // (len(LOOK_CHOICES) + 1))
        bh = min(int(u * 2.3), int(row_h * 0.45))
        cw = left_w - label_w
        for i, (field, choices) in enumerate(LOOK_CHOICES.items()):
            cy = area.top + i * row_h + bh // 2 + u // 2
            self._label(LOOK_LABELS[field], (area.left, cy), int(u * 1.25), max_width=label_w - u // 2)
            chosen = getattr(self.table, field)
            needs = [theme.font(bh // 2).size(label)[0] + u * 2 for label, _ in choices.values()]
            room = cw - gap * (len(choices) - 1)  # shared out as the labels need it: no label squeezed
            x = area.left + label_w
            for (value, (label, _)), need in zip(choices.items(), needs):
                rect = pygame.Rect(x, cy - bh // 2, room * need // sum(needs), bh)
                self._toggle(f"{field}={value}", rect, label, value == chosen,
                             lambda f=field, v=value: self.choose_look(f, v))
                x = rect.right + gap
            self._label(choices[chosen][1], (area.left + label_w, cy + bh // 2 + u // 2), int(u * 0.95),
                        theme.MUTED, anchor="topleft", max_width=cw)
        cy = area.top + len(LOOK_CHOICES) * row_h + bh // 2 + u // 2
        self._label(LABELS["spin_duration"], (area.left, cy), int(u * 1.25), max_width=label_w - u // 2)
        self._stepper("spin_duration", area.left + label_w, cy, bh, int(u * 4.4))
        self._layout_preview(pygame.Rect(area.left + left_w + u * 2, area.top, area.width - left_w - u * 2,
                                         area.height), u)

    def _extra_time_row(self, x: int, cy: int, bh: int, value_w: int, gap: int, u: int) -> None:
        """Which seat (click for the next one), then − +N s + for that seat."""
        seat = self.extra_seat
        self.buttons.append(Button(pygame.Rect(x, cy - bh // 2, int(u * 9), bh), seat_name(seat, self.names),
                                   self.next_extra_seat))
        self._stepper("extra_time", x + int(u * 9) + gap, cy, bh, value_w,
                      shown=extra_label(self.unit_settings.extra_time[seat]))

    def _layout_preview(self, rect: pygame.Rect, u: int) -> None:
        self.preview_rect = rect
        bh = int(u * 2.3)
        side = max(u * 6, min(rect.width - u, rect.height - int(u * 14)))
        self.unit_rect = pygame.Rect(0, 0, side, side)
        self.unit_rect.midtop = (rect.centerx, rect.top + int(u * 2.2))
        self.geometry = unit_layout(self.unit_rect, edge=False)
        bw = min(rect.width - u, u * 13)
        self.buttons.append(Button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - bh - u // 2, bw, bh),
                                   "Try a slap race", self.try_slap, colour=(150, 110, 10)))
        self.buttons.append(Button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - 2 * bh - u, bw, bh),
                                   "Tune for these players…", self.open_tune))

    def open_tune(self) -> None:
        """The tuner simulates the group with these settings; what it applies is saved, so it shows here too
        and whoever opened the settings hears of the save (unit mode takes the new times at once)."""
        from haudrauf.table.scenes.tune import TuneScene
        self.app.push(TuneScene(self.app, self.unit_settings, on_applied=self.tuned))

    def tuned(self, unit: UnitSettings) -> None:
        self.set_unit(turn_time=unit.turn_time, extra_time=unit.extra_time)
        self.show(f"Tuned and saved: {value_label('turn_time', unit)}, extra time {value_label('extra_time', unit)}")
        if self.on_saved:
            self.on_saved()

    def _layout_keys(self, area: pygame.Rect, u: int) -> None:
        bh = int(u * 2.3)
        col_w = (area.width - u * 2) // 2
        top = area.top + int(u * 2)
        rows = max(len(SEAT_ACTIONS), len(ACTIONS) - len(SEAT_ACTIONS))
        row_h = min(int(u * 3.8), (area.height - int(u * 2) - bh - u) // rows)
        seat_help = DESCRIPTIONS["seat1"].replace("seat 1 button", "Seat buttons")
        self._label(seat_help, (area.left, area.top + u // 2), int(u * 0.95), theme.MUTED, anchor="topleft",
                    max_width=col_w)
        self._label("Other keys", (area.left + col_w + u * 2, area.top + u // 2), int(u * 0.95), theme.MUTED,
                    anchor="topleft", max_width=col_w)
        others = [a for a in ACTIONS if a not in SEAT_ACTIONS]
        for column, actions in enumerate((SEAT_ACTIONS, others)):
            x = area.left + column * (col_w + u * 2)
            for i, action in enumerate(actions):
                self._layout_key_row(action, pygame.Rect(x, top + i * row_h, col_w, row_h - u // 3), u)
        self.buttons.append(Button(pygame.Rect(area.left, area.bottom - bh, u * 11, bh), "Default keys",
                                   self.default_keys))

    def _layout_key_row(self, action: str, row: pygame.Rect, u: int) -> None:
        self.key_rows.append((action, row))
        bh = min(int(u * 2.1), row.height - 4)
        bw = int(u * 6)
        capturing = self.capturing == action
        b = Button(pygame.Rect(row.right - bw - u // 3, row.centery - bh // 2, bw, bh),
                   "press a key…" if capturing else "Change", lambda a=action: self.begin_capture(a),
                   selected=capturing)
        self.buttons.append(b)
        self.change_buttons[action] = b
        text_w = row.width - bw - u
        keys = self.keys.label(action)
        self._label(keys, (b.rect.left - u // 2, row.top + int(u * 0.35)), int(u * 1.2), theme.YELLOW,
                    anchor="topright", max_width=int(text_w * 0.45), bold=True)
        if action in SEAT_ACTIONS:
            seat = int(action[4:]) - 1
            self._label(action_name(action, self.names), (row.left + int(u * 1.9), row.centery), int(u * 1.1),
                        max_width=int(text_w * 0.5))
            self.dots.append((seat, (row.left + int(u * 1.1), row.centery), int(u * 0.7)))
            return
        self._label(action_name(action, self.names), (row.left + u // 2, row.top + int(u * 0.35)), int(u * 1.1),
                    anchor="topleft", max_width=int(text_w * 0.5), bold=True)
        self._label(DESCRIPTIONS[action], (row.left + u // 2, row.top + int(u * 1.7)), int(u * 0.95), theme.MUTED,
                    anchor="topleft", max_width=text_w - u // 2)

    def _layout_table(self, area: pygame.Rect, u: int) -> None:
        bh = int(u * 2.3)
        y = area.top + u
        for field, help_text in TABLE_HELP.items():
            on = getattr(self.table, field)
            self._label(TABLE_LABELS[field], (area.left, y + bh // 2), int(u * 1.3))
            self._toggle(field, pygame.Rect(area.left + u * 13, y, u * 6, bh), "on" if on else "off", on,
                         lambda f=field: self.toggle_table(f))
            self._label(help_text, (area.left + u * 20, y + bh // 2), int(u * 1.0), theme.MUTED,
                        max_width=area.right - area.left - u * 20)
            y += bh + int(u * 1.6)
        y += u
        self._label("Seat names", (area.left, y), int(u * 1.3), anchor="topleft")
        self._label("change them with Names in the menu or in unit mode", (area.left + u * 13, y + u // 6),
                    int(u * 1.0), theme.MUTED, anchor="topleft", max_width=area.width - u * 13)
        y += int(u * 2.4)
        for seat, name in enumerate(self.names):
            x = area.left + (seat % 3) * int(u * 13)
            row_y = y + (seat // 3) * int(u * 2.2)
            self.dots.append((seat, (x + int(u * 0.6), row_y + int(u * 0.7)), int(u * 0.7)))
            self._label(f"{seat + 1}  {name}", (x + int(u * 1.6), row_y + int(u * 0.7)), int(u * 1.2),
                        max_width=u * 11)

    # --- time and drawing -----------------------------------------------------------------
    def update(self, now: float) -> None:
        self.preview.tick(now)

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT_DARK)
        u = int(theme.unit_size(surface.get_size()))
        draw.text(surface, "Settings", (int(u * 1.5), int(u * 1.2)), int(u * 2.2), theme.YELLOW, bold=True)
        if self.tab == "keys":
            for action, row in self.key_rows:
                draw.panel(surface, row, colour=(70, 60, 10) if action == self.capturing else theme.PANEL,
                           alpha=200, radius=8, edge=theme.YELLOW if action == self.capturing else theme.PANEL_EDGE)
        if self.preview_rect is not None:
            self.geometry = self.preview.draw(surface, self.preview_rect, self.unit_rect, now, u, list(self.names),
                                              look=self.table)
        for content, pos, size, colour, anchor, max_width, bold in self.texts:
            draw.text(surface, content, pos, size, colour, anchor=anchor, max_width=max_width, bold=bold)
        if self.slider is not None:
            self._draw_turn_time(surface, now)
        for seat, centre, radius in self.dots:
            draw_seat_mark(surface, seat, centre, radius)
        self.draw_buttons(surface)
        self._draw_bottom(surface, u)

    def _draw_turn_time(self, surface, now: float) -> None:
        """The slider and the field: the value being dragged or typed, else the setting."""
        value = self.dragging[1] if self.dragging else self.unit_settings.turn_time
        self.slider.draw(surface, value, active=self.dragging is not None)
        field, size = self.field, int(self.field.height * 0.55)
        if self.typing is None:
            pygame.draw.rect(surface, theme.PANEL_EDGE, field, width=1, border_radius=6)
            text = seconds(value) if self.dragging else value_label("turn_time", self.unit_settings)
            draw.text(surface, text, field.center, size, theme.YELLOW, anchor="center", max_width=field.width - 4,
                      bold=True)
            return
        pygame.draw.rect(surface, (250, 250, 245), field, border_radius=6)
        pygame.draw.rect(surface, ERROR if self.error else theme.YELLOW, field, width=3, border_radius=6)
        caret = "|" if int(now * 2) % 2 == 0 else " "
        draw.text(surface, f"{self.typing}{caret} s", field.center, size, (20, 20, 20), anchor="center",
                  max_width=field.width - 6, shadow=False)

    def _draw_bottom(self, surface, u: int) -> None:
        text = self.message or ("Unsaved changes — Save keeps them, Cancel forgets them" if self.changed
                                else TAB_HINTS[self.tab])
        colour = ERROR if self.error else theme.YELLOW if self.message else theme.MUTED
        size = int(u * 0.95)
        if len(draw.wrap(text, size, self.bottom.width)) > 2:
            size = int(u * 0.8)
        draw.text_block(surface, text, self.bottom, size, colour)

