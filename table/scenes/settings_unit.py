"""Settings → Unit: the values of `device.settings.UnitSettings` beside a
small working unit.

The turn time has the speed switch's three positions, − / + in 0.5 s steps,
a slider to drag and a field to type any time into (click the value; Enter
accepts, Esc cancels, a value the unit cannot take is refused and says why).
"""
from __future__ import annotations

import pygame

from haudrauf.device.settings import SEATS, SELECTION_POLICIES, SPEED_SWITCH
from haudrauf.play.messages import seat_name, seconds, turn_time_words
from haudrauf.table import input as intents
from haudrauf.table.scenes.settings_tab import ERROR, PreviewTab
from haudrauf.table.scenes.settings_values import (LABELS, POLICY_HELP, SLEEP_STEPS, STEPS, extra_label,
                                                   parse_seconds, sleep_label, value_label)
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.slider import Slider
from haudrauf.words import msg

#: The turn time's slider and typed field: what the unit allows, snapped like − / +.
TURN_TIME_RANGE = (1.0, 60.0)
TYPE_HINT = msg("Type the turn time in seconds (1–60, e.g. {example}): Enter accepts, Esc cancels", example=7.5)
MAX_TYPED = 6


class UnitTab(PreviewTab):
    name, label, hint = "unit", msg("Unit"), msg("Changes show at once in the preview; Save keeps them")

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.extra_seat = 0  # the seat whose extra time the Extra time row sets
        self.typing: str | None = None  # the text typed so far, while the field has focus
        self.dragging: tuple[int, float] | None = None  # (pointer, value shown) while the knob is held

    def reset(self) -> None:
        super().reset()
        self.slider: Slider | None = None
        self.field: pygame.Rect | None = None  # the turn time's value: click to type

    # --- the − / + buttons and the choices ------------------------------------------------
    def step(self, field: str, delta: int) -> bool:
        if field == "sleep_after":
            return self.step_sleep(delta)
        if field == "extra_time":
            return self.step_extra(delta)
        if field == "turn_time" and self.scene.unit_settings.turn_time is None:
            if delta > 0:
                said = self.lang.gettext("Turn time is already unlimited — pick {six} or {four}, "
                                         "or press − for {sixty}")
                self.scene.show(said.format(six=seconds(self.lang, 6), four=seconds(self.lang, 4),
                                            sixty=seconds(self.lang, 60)), error=True)
                return False
            return self.scene.set_unit(turn_time=60.0)
        return super().step(field, delta)

    def step_sleep(self, delta: int) -> bool:
        value = self.scene.unit_settings.sleep_after
        order = [s if s else float("inf") for s in SLEEP_STEPS]
        current = value if value else float("inf")
        if delta > 0:
            later = [s for s in order if s > current]
            if not later:
                self.scene.show(self.lang.gettext("The unit already never sleeps"), error=True)
                return False
            target = later[0]
        else:
            earlier = [s for s in order if s < current]
            if not earlier:
                self.scene.show(self.lang.gettext("Sleep after: {delay} is the shortest delay").format(
                    delay=sleep_label(SLEEP_STEPS[0], self.lang)), error=True)
                return False
            target = earlier[-1]
        return self.scene.set_unit(sleep_after=0 if target == float("inf") else target)

    def step_extra(self, delta: int) -> bool:
        extra = list(self.scene.unit_settings.extra_time)
        extra[self.extra_seat] += delta * STEPS["extra_time"]
        return self.scene.set_unit(extra_time=tuple(extra))

    def next_extra_seat(self) -> None:
        """The seat button of the Extra time row: on to the next seat."""
        self.extra_seat = (self.extra_seat + 1) % SEATS
        self.scene.relayout()

    def next_policy(self) -> bool:
        i = SELECTION_POLICIES.index(self.scene.unit_settings.selection)
        return self.scene.set_unit(selection=SELECTION_POLICIES[(i + 1) % len(SELECTION_POLICIES)])

    def toggle_unit(self, field: str) -> bool:
        return self.scene.set_unit(**{field: not getattr(self.scene.unit_settings, field)})

    # --- the turn time: typed or dragged ------------------------------------------------
    def begin_typing(self) -> None:
        self.typing = ""
        self.app.input.text_mode = True
        pygame.key.start_text_input()
        self.scene.show(self.lang.say(TYPE_HINT))

    def stop_typing(self) -> None:
        if self.typing is not None:
            self.typing = None
            self.app.input.text_mode = False

    stop = stop_typing  # the one thing left half done here

    def accept_typed(self) -> bool:
        """Enter: the typed time if the unit can take it; else say why and keep typing."""
        try:
            value = parse_seconds(self.typing)
        except ValueError:
            _ = self.lang.gettext
            typed = self.typing.strip()
            problem = (_("{typed} is not a number of seconds").format(typed=typed) if typed else
                       _("Nothing is not a number of seconds"))
            self.scene.show(f"{problem} — {self.lang.say(TYPE_HINT)}", error=True)
            return False
        if not self.scene.set_unit(turn_time=value):
            return False
        self.stop_typing()
        return True

    def handle_typing(self, intent) -> bool:
        """Keys go to the field while it has focus; a click elsewhere accepts it."""
        if isinstance(intent, intents.TextInput):
            self.typing = (self.typing + intent.text)[:MAX_TYPED]
            self.scene.message, self.scene.error = self.lang.say(TYPE_HINT), False
        elif isinstance(intent, intents.EditKey):
            if intent.key == "backspace":
                self.typing = self.typing[:-1]
            elif intent.key == "enter":
                self.accept_typed()
            elif intent.key == "escape":
                self.stop_typing()
                self.scene.show(self.lang.gettext("Turn time unchanged"))
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
            self.scene.hover = intent.pos
        elif isinstance(intent, intents.PointerUp) and self.dragging and intent.pointer == self.dragging[0]:
            value = self.slider.value_at(intent.pos[0])
            self.dragging = None
            self.scene.set_unit(turn_time=value)
        else:
            return False
        return True

    def handle(self, intent) -> bool:
        if self.typing is not None and self.handle_typing(intent):
            return True
        if self.slider is not None and self.handle_slider(intent):
            return True
        if isinstance(intent, intents.PointerDown) and self.field and self.field.collidepoint(intent.pos) \
                and self.typing is None:
            self.begin_typing()
            return True
        return super().handle(intent)

    # --- layout and drawing -------------------------------------------------------------
    def place(self, area: pygame.Rect, u: int) -> None:
        s = self.scene.unit_settings
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
        lang, _ = self.lang, self.lang.gettext
        for i, field in enumerate(rows):
            cy = area.top + i * row_h + row_h // 2
            if field == "turn_time_slider":
                self.label_at(_("drag, or click the time to type it"), (area.left, cy), int(u * 0.9), theme.MUTED,
                              max_width=label_w - u // 2)
                self.slider = Slider(pygame.Rect(cx + u // 2, cy - u // 3, cw - u, max(6, int(u * 0.66))),
                                     *TURN_TIME_RANGE, STEPS["turn_time"])
                continue
            self.label_at(lang.say(LABELS[field]), (area.left, cy), int(u * 1.25), max_width=label_w - u // 2)
            if field == "turn_time":
                pw = (cw - (2 * bh + value_w) - 4 * gap) // 3
                for j, t in enumerate(SPEED_SWITCH):
                    rect = pygame.Rect(cx + j * (pw + gap), cy - bh // 2, pw, bh)
                    self.buttons.append(Button(rect, turn_time_words(lang, t),
                                               lambda t=t: self.scene.set_unit(turn_time=t),
                                               selected=s.turn_time == t))
                x = cx + 3 * (pw + gap) + gap
                self.step_buttons(field, x, cy, bh, value_w)
                # its value is drawn each frame: it follows the slider and the typing
                self.field = pygame.Rect(x + bh + 2, cy - bh // 2, value_w - 4, bh)
            elif field == "extra_time":
                self.place_extra_time(cx, cy, bh, value_w, gap, u)
            elif field == "slapper_races":
                self.toggle(field, pygame.Rect(cx, cy - bh // 2, u * 6, bh), _("yes") if s.slapper_races else _("no"),
                            s.slapper_races, lambda: self.toggle_unit("slapper_races"))
            elif field == "selection":
                b = Button(pygame.Rect(cx, cy - bh // 2, int(u * 9), bh), value_label("selection", s, lang),
                           self.next_policy)
                self.buttons.append(b)
                self.toggles[field] = b
                help_size, room = int(u * 0.95), cw - u * 9 - gap
                policy_help = lang.say(POLICY_HELP[s.selection])
                if theme.font(help_size).size(policy_help)[0] <= room:  # else too small to read
                    self.label_at(policy_help, (cx + u * 9 + gap, cy), help_size, theme.MUTED)
            elif field == "volume":
                end = self.stepper(field, cx, cy, bh, value_w)
                self.toggle("muted", pygame.Rect(end + u, cy - bh // 2, u * 6, bh),
                            _("Muted") if s.muted else _("Mute"), s.muted, lambda: self.toggle_unit("muted"))
            else:
                self.stepper(field, cx, cy, bh, value_w)
        self.place_preview(pygame.Rect(area.left + left_w + u * 2, area.top, area.width - left_w - u * 2,
                                       area.height), u)

    def place_extra_time(self, x: int, cy: int, bh: int, value_w: int, gap: int, u: int) -> None:
        """Which seat (click for the next one), then − +N s + for that seat."""
        seat = self.extra_seat
        self.buttons.append(Button(pygame.Rect(x, cy - bh // 2, int(u * 9), bh), self.lang.say(seat_name(seat, self.names)),
                                   self.next_extra_seat))
        self.stepper("extra_time", x + int(u * 9) + gap, cy, bh, value_w,
                     shown=extra_label(self.scene.unit_settings.extra_time[seat], self.lang))

    def draw(self, surface, now: float, u: int) -> None:
        super().draw(surface, now, u)
        if self.slider is not None:
            self.draw_turn_time(surface, now)

    def draw_turn_time(self, surface, now: float) -> None:
        """The slider and the field: the value being dragged or typed, else the setting."""
        value = self.dragging[1] if self.dragging else self.scene.unit_settings.turn_time
        self.slider.draw(surface, value, active=self.dragging is not None)
        field, size = self.field, int(self.field.height * 0.55)
        if self.typing is None:
            pygame.draw.rect(surface, theme.PANEL_EDGE, field, width=1, border_radius=6)
            text = (seconds(self.lang, value) if self.dragging else
                    value_label("turn_time", self.scene.unit_settings, self.lang))
            draw.text(surface, text, field.center, size, theme.YELLOW, anchor="center", max_width=field.width - 4,
                      bold=True)
            return
        pygame.draw.rect(surface, (250, 250, 245), field, border_radius=6)
        pygame.draw.rect(surface, ERROR if self.scene.error else theme.YELLOW, field, width=3, border_radius=6)
        caret = "|" if int(now * 2) % 2 == 0 else " "
        typed = self.lang.gettext("{seconds} s").format(seconds=self.typing + caret)
        draw.text(surface, typed, field.center, size, (20, 20, 20), anchor="center", max_width=field.width - 6,
                  shadow=False)
