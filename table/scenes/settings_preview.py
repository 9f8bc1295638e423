"""The settings scene's live preview: a small unit running with the working
settings, to see and hear them, drawn with its status line, its running
clock as a bar and the last thing that happened — and with the table-top
look chosen (the flash on a timeout or a slap race, the turn clock ring)."""
from __future__ import annotations


import numpy as np
import pygame

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit
from haudrauf.play.config import TableSettings
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, describe, log_line, seat_name, seconds
from haudrauf.table.ui import draw, theme
# The wide ring reuses the widget's own ring drawing until draw_unit takes the ring style itself.
from haudrauf.table.ui.unit_widget import FLASH_LOOKS, draw_unit, flash_strength
from haudrauf.words import msg

PREVIEW_SEATS = (0, 1, 2)
#: Events the preview's status line already shows; not repeated below it.
QUIET_EVENTS = (uev.SpinStarted, uev.SettingsChanged, uev.GameStarted, uev.PlayerSelected)
AUTO_ACK_AFTER = 2.0  # s a penalty flashes in the preview before it is taken for you
#: What flashes (unit_widget.FLASH_LOOKS has how): time is up, a slap race starts.
FLASH_KINDS = {uev.TurnTimedOut: "timeout", uev.SlapStarted: "slap"}
#: The states the status line has no sentence for, in a word.
STATE_WORDS = {UnitState.OFF: msg("Off"), UnitState.REGISTERING: msg("Registering"), UnitState.ASLEEP: msg("Asleep")}


class Preview:
    """A small unit running with the working settings, to see and hear them.
    Penalties are taken for you after a moment so it keeps going round."""

    def __init__(self, settings: UnitSettings, seed, now: float, audio, names, lang: Language = ENGLISH) -> None:
        self.audio = audio
        self.names = names
        self.lang = lang  # the window's: its Settings scene keeps it up to date
        self.unit = Unit(np.random.default_rng(seed), settings)
        self.last_lit: int | None = None
        self.waiting_since: float | None = None
        self.last_text = ""
        self.race: tuple[float, float] | None = None  # (start, window s) of a running slap race
        self.flash: tuple[str, float] | None = None  # (kind, since) of the latest flash
        self.unit.power_on(now)
        for seat in PREVIEW_SEATS:
            self.unit.press_seat(seat, now)
        self.unit.press_play_pause(now)  # start quietly: no sounds when the scene opens

    def feed(self, events: list) -> None:
        self.audio.play_for_unit_events(events)
        for event in events:
            if isinstance(event, uev.SlapStarted):
                self.race = (event.at, event.window_ms / 1000)
            if type(event) in FLASH_KINDS:
                self.flash = (FLASH_KINDS[type(event)], event.at)
            if isinstance(event, uev.FellAsleep):  # the preview never sleeps for long
                continue
            said = describe(event, self.names)
            if said and not isinstance(event, QUIET_EVENTS):
                self.last_text = log_line(said, self.lang)

    def show_flash(self, now: float) -> None:
        """One flash now, to see a flash style the moment it is picked."""
        self.flash = ("timeout", now)

    def configure(self, settings: UnitSettings, now: float, restart: bool) -> None:
        """Use new settings; restart the game so a new timing shows at once."""
        unit = self.unit
        if unit.state is UnitState.ASLEEP:
            unit.press_play_pause(now)
        unit.configure(settings, now)
        if restart:
            unit.new_game(now)
            self.waiting_since = None
            self.last_text = ""

    def press_seat(self, seat: int, now: float) -> None:
        self.feed(self.unit.press_seat(seat, now))

    def slap(self, now: float) -> None:
        self.feed(self.unit.press_hau_drauf(now))

    def play_pause(self, now: float) -> None:
        self.feed(self.unit.press_play_pause(now))

    def tick(self, now: float) -> None:
        unit = self.unit
        self.feed(unit.tick(now))
        if unit.state is UnitState.ASLEEP:
            self.feed(unit.press_play_pause(now))
        self._take_penalties(now)
        lit = unit.view(now).lit
        if lit is not None and lit != self.last_lit:
            self.audio.play("spin_tick")
        self.last_lit = lit

    def _take_penalties(self, now: float) -> None:
        waiting = self.unit.view(now).waiting_for
        if not waiting or self.unit.state not in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
            self.waiting_since = None
        elif self.waiting_since is None:
            self.waiting_since = now
        elif now - self.waiting_since >= AUTO_ACK_AFTER:
            for seat in waiting:
                self.feed(self.unit.press_seat(seat, now))
            self.waiting_since = None

    def clock(self, now: float) -> tuple[float, str] | None:
        """The running clock as (share left, caption): the turn, or the slap window."""
        view, lang = self.unit.view(now), self.lang
        if view.state is UnitState.TURN and view.limit_ms:
            return view.remaining_ms / view.limit_ms, lang.gettext("turn clock: {time}").format(
                time=seconds(lang, view.limit_ms / 1000))
        if view.state is UnitState.SLAP_RACE and self.race is not None:
            start, window = self.race
            left = max(0.0, window - (now - start))
            return left / window, lang.gettext("slap race window: {left} of {window}").format(
                left=seconds(lang, left, ".1f"), window=seconds(lang, window))
        return None

    def status(self, now: float) -> str:
        view = self.unit.view(now)
        state = view.state
        _ = self.lang.gettext
        if state is UnitState.SPINNING:
            return _("Choosing the next player…")
        if state is UnitState.TURN:
            who = self.lang.say(seat_name(view.current, self.names))
            if view.remaining_ms is None:
                return _("{seat}: no time limit — click the seat to end the turn").format(seat=who)
            return _("{seat}: {time} left").format(seat=who, time=seconds(self.lang, view.remaining_ms / 1000, ".1f"))
        if state is UnitState.SLAP_RACE:
            return _("Slap race! Click the seat buttons")
        if state in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
            return _("Penalty — the flashing seat takes it")
        if state is UnitState.PAUSED:
            return _("Paused — press Play/Pause to go on")
        return self.lang.say(STATE_WORDS.get(state, state.value.capitalize()))

    def draw(self, surface, rect: pygame.Rect, unit_rect: pygame.Rect, now: float, u: int, names: list[str],
             look: TableSettings = TableSettings()):
        """The panel in `rect` with the unit in `unit_rect` (its seats named
        `names`) as `look` has it; returns the unit's geometry (where its
        buttons are, for clicks)."""
        draw.panel(surface, rect)
        draw.text(surface, self.lang.gettext("Live preview"), (rect.centerx, rect.top + u // 2), int(u * 1.2),
                  theme.TEXT, anchor="midtop", bold=True)
        geometry = draw_unit(surface, unit_rect, self.unit.view(now), now, names, None, edge=False,
                             clock_ring=look.clock_ring)
        y = unit_rect.bottom + u // 2
        draw.text(surface, self.status(now), (rect.centerx, y), int(u * 1.0), theme.TEXT,
                  anchor="midtop", max_width=rect.width - u)
        bar = pygame.Rect(rect.left + u, y + int(u * 1.4), rect.width - 2 * u, int(u * 1.3))
        self._draw_clock_bar(surface, bar, now, u)
        if self.last_text:
            draw.text(surface, self.last_text, (rect.centerx, y + int(u * 3.1)), int(u * 0.9),
                      theme.MUTED, anchor="midtop", max_width=rect.width - u)
        if self.flash is not None and look.flashes != "off":
            kind, since = self.flash
            strength = flash_strength(kind, max(0.0, now - since))  # events are stamped a hair after `now`
            if strength:
                draw.flash_layer(surface, FLASH_LOOKS[kind][0], strength, rect=rect,
                                 frame=None if look.flashes == "full" else max(4, int(u * 0.8)))
        return geometry

    def _draw_clock_bar(self, surface, bar: pygame.Rect, now: float, u: int) -> None:
        """The running clock as a bar that empties, green → red."""
        pygame.draw.rect(surface, (30, 30, 30), bar, border_radius=bar.height // 2)
        clock = self.clock(now)
        if clock is None:
            return
        share, caption = clock
        colour = theme.GREEN if share > 0.5 else theme.YELLOW if share > 0.25 else theme.RED
        filled = bar.copy()
        filled.width = int(bar.width * max(0.0, min(1.0, share)))
        if filled.width > 0:
            pygame.draw.rect(surface, colour, filled, border_radius=bar.height // 2)
        draw.text(surface, caption, bar.center, int(u * 1.0), theme.TEXT, anchor="center")
