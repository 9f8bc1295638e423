"""Unit mode: people hold real cards; the screen is the unit.

Seat buttons round the screen edge (keys, clicks, or several fingers at once),
the HAU DRAUF button in the middle with the turn clock round it, Play/Pause,
the speed switch, and clear messages: whose turn, who takes cards, every
seat's reaction time after a slap race. A timeout flashes the screen red three
times, a slap race's start once in yellow (or only the screen's edge, or not at
all: the `flashes` setting); a button pressed out of turn says so at itself.
Asleep, the screen dims like the device's power save and says how to wake it.

Lying flat (the `layout` setting, or the Lay flat button) each seat's words
face its side of the table and the shared messages face whoever is selected.

The speed switch is the saved turn time: a press saves it at once (as
Settings, the menu's switch and the tuner do), so what the switch shows is
what the next table game, `haudrauf simulate` and `haudrauf tune` use, and
Settings opened from here starts from it. `--speed` sets the switch.

Leaving (Esc or Menu) and coming back: the cards are the players' own, so the
unit is all there is to lose. What players would hate to redo is everyone
pressing their button again, so the app keeps the registered seats
(`KeptUnit`) and the unit comes back in registration with them — one Play
goes on. The turn in play does end, so leaving mid-game asks first.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

import numpy as np
import pygame

from haudrauf.device import events as uev
from haudrauf.device.settings import SPEED_SWITCH
from haudrauf.device.machine import IN_GAME, UnitState
from haudrauf.device.unit import Unit
from haudrauf.table import input as intents
from haudrauf.play.language import Language
from haudrauf.play.messages import (
    ENGLISH, PENALTY_EVENTS, describe_uno, log_line, race_time, seat_name, seconds, turn_time_words, unit_line,
    unit_status,
)
from haudrauf.play.phone_seat import unit_seat_view
from haudrauf.play.phone_view import View
from haudrauf.phones import host as phones
from haudrauf.play.race_presses import RacePresses
from haudrauf.table.scenes.phones import open_phones, phones_on
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.unit_widget import FLASH_LOOKS, draw_unit, flash_strength, message_facings
from haudrauf.words import Message, msg

NOTE_S = 1.5  # how long a refused press's word stays by its button


@dataclass(frozen=True)
class KeptUnit:
    """What unit mode keeps on the app when left: who plays (the speed switch is saved)."""
    seats: tuple[int, ...]


class UnitModeScene(Scene):
    def __init__(self, app, seats: tuple[int, ...] = (), speed: float | str | None = None) -> None:
        """`seats`, `speed`: from the command line; without them the unit comes
        back as it was left (`KeptUnit`)."""
        super().__init__(app)
        self.lang = Language(app.language_code())  # read again at each layout: Settings may change it
        kept = app.kept_unit if not seats and speed is None else None
        if kept is not None:
            seats = kept.seats
        if speed is not None:
            self.save_speed(None if speed == "unlimited" else speed)
        self.unit = Unit(np.random.default_rng(app.seed), app.settings.unit)
        now = app.clock.now()
        self.log: deque[str] = deque(maxlen=6)
        self.banner = ""  # the message that matters most now (a penalty, a result)
        self.takers: tuple[int, ...] = ()  # who takes cards now (`headline`), until the next player is picked
        self.flash: tuple[str, float] | None = None  # ("timeout" or "slap", when it started)
        self.notes: dict[int, tuple[str, float]] = {}  # seat → (a refused press's word, shown until)
        self.last_lit: int | None = None
        self.race = RacePresses()  # a slap race's presses, held for the phones' in it; its verdict
        self.last_race: uev.SlapResult | None = None  # shown on the phones until the next player is picked
        self.feed(self.unit.power_on(now))
        for seat in seats:
            self.feed(self.unit.press_seat(seat, now))

    @property
    def names(self) -> list[str]:
        """The saved names; a seat taken by a phone goes by the name typed on it."""
        names = list(self.app.settings.table.names)
        host = self.app.phones
        return [host.name(seat) or name for seat, name in enumerate(names)] if host else names

    @property
    def wants_fast_polling(self) -> bool:
        return self.unit.state is UnitState.SLAP_RACE

    # --- the unit's events -----------------------------------------------------
    def feed(self, events: list[uev.UnitEvent]) -> None:
        self.app.audio.play_for_unit_events(events)
        self.app.stats.record_unit_events(events, self.names)
        for event in events:
            self.race.note(event, self.app.race_hold)
            if isinstance(event, uev.SlapResult):
                self.last_race = event
            said = describe_uno(event, self.names)
            if said:
                self.log.append(log_line(said, self.lang))
            if isinstance(event, PENALTY_EVENTS):
                self.banner = self._penalty_text(event)
                self.takers = penalised(event)
            elif isinstance(event, (uev.PlayerSelected, uev.RegistrationOpened, uev.PoweredOff)):
                self.banner = ""
                self.takers = ()
                self.last_race = None
            if isinstance(event, (uev.TurnTimedOut, uev.SlapStarted)):
                self.flash = ("timeout" if isinstance(event, uev.TurnTimedOut) else "slap", event.at)
            note = refusal_note(event, self.lang)
            if note:
                self.notes[event.seat] = (note, event.at + NOTE_S)

    def headline(self) -> Message | str:
        """Lying flat (and on each phone, in its own language): who takes cards, by name
        (seat numbers and times are at each seat); "" when nobody does."""
        if not self.takers:
            return ""
        return msg("{names}: take 2 cards", names=tuple(self.names[s] for s in self.takers))

    def _penalty_text(self, event) -> str:
        _ = self.lang.gettext
        takers = _("{names}: take 2 cards").format(
            names=", ".join(self.lang.say(seat_name(s, self.names)) for s in penalised(event)))
        if isinstance(event, uev.TurnTimedOut):
            return takers
        verdict = self.race.verdict
        pm = verdict.pm if verdict else {}
        times = "   ".join(f"{s + 1}: {race_time(ms, pm.get(s), self.lang)}" for s, ms in event.times)
        close = "   ({})".format(_("too close to call")) if verdict and verdict.close_call else ""
        return f"{takers}      {times}{close}"

    # --- input -------------------------------------------------------------------
    def handle(self, intent, now: float) -> bool:
        unit = self.unit
        if isinstance(intent, intents.SeatKey) and intent.down:
            self.press_seat(intent.seat, intent.t)
            return True
        if isinstance(intent, phones.RemotePress):
            if intent.button == "seat":
                self.press_seat(intent.seat, intent.t, intent.uncertainty)
            else:
                self.feed(unit.press_hau_drauf(intent.t))
            return True
        if isinstance(intent, intents.HauDraufKey):
            self.feed(unit.press_hau_drauf(intent.t))
            return True
        if isinstance(intent, intents.PlayPauseKey):
            self.feed(unit.press_play_pause(intent.t))
            return True
        if isinstance(intent, intents.Command) and intent.name == "reaction_test":
            self.open_reaction_test()
            return True
        if isinstance(intent, intents.PointerDown) and self.geometry is not None:
            seat = self.geometry.seat_at(intent.pos)
            if seat is not None:
                self.press_seat(seat, intent.t)
                return True
            if self.geometry.is_hau_drauf(intent.pos):
                self.feed(unit.press_hau_drauf(intent.t))
                return True
        return super().handle(intent, now)

    def press_seat(self, seat: int, t: float, pm: float | None = None) -> None:
        """A seat button, from a key or a finger, or a phone (`pm`: its ±): in a slap race with
        phones it waits its turn in time order (race_presses.py)."""
        if not self.race.take(seat, t, pm):
            self.feed(self.unit.press_seat(seat, t))

    # --- the phones ----------------------------------------------------------------
    takes_phones = True

    def phone_view(self, seat: int, now: float) -> View:
        return unit_seat_view(self.unit.view(now), seat, self.names, theme.css(theme.SEAT_COLOURS[seat]),
                              self.headline(), self.last_race, self.race.verdict, self.paused_line)

    def on_back(self) -> None:
        """Mid-game leaving ends the turn in play: ask. Otherwise nothing is lost."""
        view = self.unit.view(self.app.clock.now())
        state = view.interrupted if view.state is UnitState.ASLEEP else view.state
        if state in (*IN_GAME, UnitState.PAUSED):
            from haudrauf.table.scenes.confirm import ConfirmScene
            _ = self.lang.gettext
            self.app.push(ConfirmScene(self.app, _("Leave the unit?"),
                                       _("The turn in play ends. The players and the speed switch are kept "
                                         "for when you come back."), _("Leave"), self.leave))
        else:
            self.leave()

    def on_pause(self) -> None:
        """Covered (Settings, names, the reaction test, a question): the turn in play is nobody's thinking time."""
        self.app.stats.unit_turn.cover(True)

    def on_resume(self) -> None:
        self.app.stats.unit_turn.cover(False)
        self.size = (0, 0)  # lay out again: Settings may have changed the language

    def save_speed(self, turn_time: float | None) -> None:
        """The one turn time: kept in the settings and saved (atomically, as every setting)."""
        self.app.settings.unit = self.app.settings.unit.with_changes(turn_time=turn_time)
        self.app.save_settings()

    def set_speed(self, turn_time: float | None) -> None:
        """The speed switch: saved, and the unit's from its next turn."""
        self.save_speed(turn_time)
        self.settings_saved()

    def leave(self) -> None:
        self.app.kept_unit = KeptUnit(self.unit.seats)
        self.feed(self.unit.power_off(self.app.clock.now()))
        self.app.save_stats()
        self.app.pop()

    # --- buttons ---------------------------------------------------------------
    geometry = None

    def layout(self, size) -> None:
        """Left column: the speed switch and the game buttons; right column:
        settings, names, stats, menu. The seat buttons own the screen's edge."""
        w, h = size
        u = int(theme.unit_size(size))
        self.lang = Language(self.app.language_code())
        _ = self.lang.gettext
        bw, bh, gap = int(u * 7.5), int(u * 2.3), u // 2
        now = lambda: self.app.clock.now()  # noqa: E731
        self.speed_buttons = []
        for i, turn_time in enumerate(SPEED_SWITCH):
            b = Button(pygame.Rect(u + i * (int(u * 3.9)), int(u * 1.4), int(u * 3.6), bh),
                       turn_time_words(self.lang, turn_time),
                       lambda t=turn_time: self.set_speed(t))
            self.speed_buttons.append((turn_time, b))
        y = int(u * 1.4) + bh + u
        game_buttons = [
            (_("Play / Pause"), lambda: self.feed(self.unit.press_play_pause(now())),
             self.app.settings.keys.label("play_pause", self.lang)),
            (_("New game"), lambda: self.feed(self.unit.new_game(now())), ""),
            (_("Registration"), lambda: self.feed(self.unit.reset(now())), ""),
            (_("Phones"), lambda: open_phones(self.app), ""),
        ]
        self.buttons = [b for _, b in self.speed_buttons]
        for i, (label, action, hint) in enumerate(game_buttons):
            self.buttons.append(Button(pygame.Rect(u, y + i * (bh + gap), bw, bh), label, action, hint=hint))
        self.play_pause_button = self.buttons[len(self.speed_buttons)]  # stays lit while the unit sleeps
        self.phones_button = self.buttons[-1]
        right = w - bw - u
        for i, (label, action) in enumerate([(_("Settings"), self.open_settings), (_("Names"), self.open_names),
                                             (_("Stats"), self.open_stats)]):
            self.buttons.append(Button(pygame.Rect(right, u + i * (bh + gap), bw, bh), label, action))
        self.buttons.append(Button(pygame.Rect(right, u + 3 * (bh + gap), bw, bh), _("Reaction test"),
                                   self.open_reaction_test,
                                   hint=self.app.settings.keys.label("reaction_test", self.lang)))
        self.layout_button = Button(pygame.Rect(right, u + 4 * (bh + gap), bw, bh), self._layout_label(),
                                    self.switch_layout)
        self.buttons.append(self.layout_button)
        self.buttons.append(Button(pygame.Rect(right, h - bh - u, bw, bh), _("Menu"), self.on_back,
                                   hint=self.app.settings.keys.label("back", self.lang)))

    @property
    def flat(self) -> bool:
        return self.app.settings.table.layout == "flat"

    def _layout_label(self) -> str:
        """What a press does: lay the screen flat on the table, or stand it up."""
        _ = self.lang.gettext
        return _("Stand upright") if self.flat else _("Lay flat")

    def switch_layout(self) -> None:
        """Flat ↔ upright at once, kept for next time like a saved setting."""
        self.app.settings.table = replace(self.app.settings.table, layout="upright" if self.flat else "flat")
        self.app.save_settings()  # the button's label follows on the next frame, as after Settings

    def open_settings(self) -> None:
        from haudrauf.table.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app, on_saved=self.settings_saved))

    def settings_saved(self) -> None:
        self.feed(self.unit.configure(self.app.settings.unit, self.app.clock.now()))

    def open_names(self) -> None:
        from haudrauf.table.scenes.names import NamesScene
        self.app.push(NamesScene(self.app))

    def open_reaction_test(self) -> None:
        """The registered seats take the test; a game in play is paused first,
        so no turn runs out while the test covers the unit."""
        from haudrauf.table.scenes.reaction_test import ReactionTestScene
        if self.unit.state in IN_GAME:
            self.feed(self.unit.press_play_pause(self.app.clock.now()))
        self.app.push(ReactionTestScene(self.app, seats=self.unit.seats))

    def open_stats(self) -> None:
        from haudrauf.table.scenes.stats import StatsScene
        self.app.push(StatsScene(self.app))

    # --- time and drawing ------------------------------------------------------
    def update(self, now: float) -> None:
        unit = self.unit  # the unit runs behind the wall clock while a race waits for phones' presses
        self.race.step(now, lambda seat, t: self.feed(unit.press_seat(seat, t)), lambda t: self.feed(unit.tick(t)),
                       lambda: unit.state is UnitState.SLAP_RACE)
        lit = self.unit.view(now).lit
        if lit is not None and lit != self.last_lit:
            self.app.audio.play("spin_tick")
        self.last_lit = lit

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT_DARK)
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        view = self.unit.view(now)
        for turn_time, b in self.speed_buttons:
            b.selected = turn_time == self.unit.settings.turn_time
        self.layout_button.label = self._layout_label()  # Settings may have changed it
        self.phones_button.selected = phones_on(self.app)
        keys = [self.app.settings.keys.label(f"seat{n}", self.lang) for n in range(1, 7)]
        notes = {seat: note for seat, (note, until) in self.notes.items() if now < until}
        self.geometry = draw_unit(surface, surface.get_rect(), view, now, self.names, keys, edge=True, flat=self.flat,
                                  notes=notes, centre_facing=self._facings(view)[0],
                                  clock_ring=self.app.settings.table.clock_ring, lang=self.lang)
        speed = self.unit.settings.turn_time
        if speed not in SPEED_SWITCH:
            custom = self.lang.gettext("custom {time}").format(time=seconds(self.lang, speed))
            draw.text(surface, custom, (u + int(u * 11.7), int(u * 1.8)), int(u * 1.1), theme.MUTED)
        draw.text(surface, self.lang.gettext("speed switch"), (u, int(u * 0.3)), int(u * 0.9), theme.MUTED)
        self.draw_buttons(surface)
        self._draw_log(surface, u)
        if view.state is UnitState.ASLEEP:  # power save: all dark but the way to wake it
            draw.dim(surface, 170)
            self.play_pause_button.draw(surface, hover=self.play_pause_button.rect.collidepoint(self.hover))
        if self.flat:
            self._draw_flat_messages(surface, view, u)
        else:
            self._draw_upright_messages(surface, view, u)
        self._draw_flash(surface, now, u)

    def _draw_log(self, surface, u: int) -> None:
        """The last messages in the bottom left corner, as wide as they can be
        without running into a seat button there."""
        w, h = surface.get_size()
        keep, step, size = 8, int(u * 1.1), int(u * 0.95)
        top = h - u - keep * step
        width = min([int(w * 0.3)] + [x - r - u * 2 for (x, y), r in self.geometry.seats.values()
                                      if x < w // 2 and y + r > top])
        y = h - u
        for line, newest in reversed(draw.log_lines(self.log, size, width, keep=keep)):
            draw.text(surface, line, (u, y), size, theme.TEXT if newest else theme.MUTED, anchor="bottomleft",
                      max_width=width)
            y -= step

    def _facings(self, view) -> tuple[int, ...]:
        return message_facings(view, self.geometry) if self.flat and self.geometry else (0,)

    def _draw_upright_messages(self, surface, view, u: int) -> None:
        """The status above the clock ring, a penalty on a red panel under it."""
        w, h = surface.get_size()
        draw.text(surface, self.lang.say(unit_status(view, self.names)), self.geometry.status_spot(), int(u * 1.6),
                  theme.TEXT, anchor="center", bold=True, max_width=int(w * 0.6))
        if self.banner:
            box = pygame.Rect(0, 0, int(w * 0.62), int(u * 3))
            box.midtop = (w // 2, int(h * 0.5 + min(w, h) * 0.17 + u * 0.6))
            draw.panel(surface, box, colour=(90, 20, 16))
            draw.text(surface, self.banner, box.center, int(u * 1.3), theme.TEXT, anchor="center", bold=True,
                      max_width=box.width - u)

    def _draw_flat_messages(self, surface, view, u: int) -> None:
        """Lying flat: one line between the clock ring and the seats it faces —
        the penalty (on a red panel; the race's times are at each seat) or else
        the status, which says so first when the unit is paused or asleep."""
        headline = self.lang.say(self.headline())
        line = self.lang.say(unit_line(view, self.names, headline))
        ring_shown = view.remaining_ms is not None and self.app.settings.table.clock_ring != "off"
        for turned in self._facings(view):
            centre, length, room = self.geometry.message_spot(turned, ring_shown=ring_shown)
            size = max(8, min(int(u * 1.5), int(room / 1.05)))
            if line == headline:
                box = draw.text_rect(line, centre, size, anchor="center", bold=True, max_width=length, angle=turned)
                draw.panel(surface, box.inflate(u // 2, u // 2), colour=(90, 20, 16))
            draw.text(surface, line, centre, size, theme.TEXT, anchor="center", bold=True, max_width=length,
                      angle=turned)

    def _draw_flash(self, surface, now: float, u: int) -> None:
        """A timeout's or a slap race's flash, as the `flashes` setting asks:
        the whole window, a frame round its edge, or none."""
        how = self.app.settings.table.flashes
        if self.flash is None or how == "off":
            return
        kind, since = self.flash
        strength = flash_strength(kind, now - since)
        if strength:
            draw.flash_layer(surface, FLASH_LOOKS[kind][0], strength, frame=None if how == "full" else int(u * 1.5))


def refusal_note(event, lang: Language = ENGLISH) -> str | None:
    """The short word shown at a seat button whose press was refused, or None."""
    if isinstance(event, uev.NotYourTurn):
        return lang.gettext("not your turn")
    if isinstance(event, uev.InputIgnored) and event.seat is not None:
        return lang.say(event.reason).split(":")[0]  # "the game is paused: press Play/Pause…" → its first part
    return None


def penalised(event) -> tuple[int, ...]:
    """The seats a timeout or a lost race gives cards."""
    return (event.seat,) if isinstance(event, uev.TurnTimedOut) else event.losers
