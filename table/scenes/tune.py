"""Tune for these players (from Settings, Unit tab): pick who plays from the
seat names with recorded times, Run simulates that group with each person's
own reaction model (tuner/tune.py), and the answer — a speed and extra time
per seat — can be applied and saved at once, so the next game in unit mode or
at the table plays with it. Back leaves everything as it was.

The games are played by worker processes while the window goes on drawing:
each frame only looks whether they are done (`Run.poll`); without workers a
frame plays one game itself. No threads. The workers start when the scene
opens, while the people are chosen, so that Run does not wait for them, and
stay for Run again until the scene closes."""
from __future__ import annotations

import os
from concurrent.futures import Executor
from typing import Callable

import pygame

from haudrauf.device.settings import SEATS, UnitSettings
from haudrauf.play.language import Language
from haudrauf.play.messages import decimal, seconds
from haudrauf.tuner.people import known_people, person_model
from haudrauf.table.scenes.base import Scene
from haudrauf.tuner.sweep import local_workers
from haudrauf.tuner.charts import limit_labels
from haudrauf.tuner.tune import GAMES, Run, warm
from haudrauf.tuner.tuning import GAME, Group, Tuning, listed, model_words
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.chart import plot_lines
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.words import msg

NOBODY = msg("Nobody at the table has recorded times yet — play a few rounds or take the reaction test first")
TOO_FEW = msg("Choose at least two players: UNO Hau drauf takes 2–6")
ERROR = (255, 138, 120)


def worker_processes() -> Executor:
    """A worker a core, started now."""
    workers = os.cpu_count() or 1
    pool = local_workers(workers)
    warm(pool, workers, GAME)
    return pool


class TuneScene(Scene):
    def __init__(self, app, base: UnitSettings | None = None,
                 on_applied: Callable[[UnitSettings], None] | None = None, most: int = GAMES,
                 workers: Callable[[], Executor | None] | None = None) -> None:
        """`base`: the unit settings the simulated unit uses besides the times
        (the Settings' working copy); `on_applied` hears of the saved settings;
        `most`: games at one setting at most; `workers` gives the executor (by default `worker_processes`; one giving None: play in this process)."""
        super().__init__(app)
        self.base = base or app.settings.unit
        self.on_applied, self.most, self.workers = on_applied, most, workers or worker_processes
        known = set(known_people(app.stats))
        #: (seat, person) for every seat name with recorded times, in seat order.
        self.people = [(seat, person_model(app.stats, name)) for seat, name in enumerate(app.settings.table.names)
                       if name in known]
        self.chosen = {seat for seat, _ in self.people}
        self.run: Run | None = None
        self.pool: Executor | None = self.workers() if self.people else None
        self.result: Tuning | None = None
        self.result_seats: list[int] = []
        self.lang = Language(app.language_code())  # read again at each layout
        self.message, self.error = ("", False) if self.people else (self.lang.say(NOBODY), True)

    # --- what a person does ----------------------------------------------------------------------------------------
    def toggle(self, seat: int) -> None:
        self.chosen ^= {seat}
        self.message, self.error = "", False
        self.relayout()

    def start(self) -> None:
        if not self.people:
            self.say(self.lang.say(NOBODY), error=True)
            return
        seats = [seat for seat, _ in self.people if seat in self.chosen]
        if len(seats) < 2:
            self.say(self.lang.say(TOO_FEW), error=True)
            return
        models = dict(self.people)
        group = Group(tuple(models[s].name for s in seats), tuple(models[s].model for s in seats))
        self.stop()
        self.pool = self.pool or self.workers()
        self.run = Run(group, seed=self.app.seed or 0, base=self.base, executor=self.pool, most=self.most)
        self.result, self.result_seats = None, seats
        self.say(self.lang.gettext("Simulating games of {names}…").format(
            names=self.lang.say(listed(list(group.names)))))

    def apply(self) -> None:
        """The recommended speed, and each chosen seat's extra time (the others none), saved."""
        extra = [0.0] * SEATS
        for seat, seconds_more in zip(self.result_seats, self.result.extra):
            extra[seat] = seconds_more
        settings = self.app.settings
        settings.unit = settings.unit.with_changes(turn_time=self.result.speed, extra_time=tuple(extra))
        self.app.save_settings()
        self.app.pop()
        if self.on_applied:
            self.on_applied(settings.unit)

    def stop(self) -> None:
        """Leave the games not yet started unplayed (Run again, or done); the workers stay."""
        if self.run:
            self.run.cancel()
        self.run = None

    def close_workers(self) -> None:
        if self.pool:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = None

    def on_close(self) -> None:
        self.stop()
        self.close_workers()

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error
        self.relayout()

    def relayout(self) -> None:
        if self.size != (0, 0):
            self.layout(self.size)

    # --- time -----------------------------------------------------------------------------------------------------
    def update(self, now: float) -> None:
        if self.run is None:
            return
        try:
            result = self.run.poll()
        except Exception as exc:  # noqa: BLE001 — a worker that failed: said, the window goes on
            self.stop()
            self.close_workers()  # Run again starts new ones
            self.say(self.lang.gettext("The simulation stopped: {reason}").format(reason=exc), error=True)
            return
        if result is not None:
            self.stop()
            self.result = result
            self.say(self.lang.gettext("Recommended: {tuning}. Apply saves it for the next game.").format(
                tuning=self.lang.say(result.words())))

    def people_notes(self) -> list[str]:
        """What the chosen people's models say of themselves, as `haudrauf tune` prints it
        ("Bo: only 2 turn times — a typical player's thinking time is used…"): a guess is said."""
        return [self.lang.say(note) for seat, person in self.people if seat in self.chosen for note in person.notes]

    # --- layout and drawing ---------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.u = u
        self.lang = Language(self.app.language_code())
        _ = self.lang.gettext
        bh = int(u * 2.3)
        self.buttons = []
        top = u * 6
        for i, (seat, person) in enumerate(self.people):
            rect = pygame.Rect(int(u * 1.5), top + i * int(u * 3.4), u * 11, bh)
            self.buttons.append(Button(rect, f"{seat + 1}  {person.name}", lambda s=seat: self.toggle(s),
                                       selected=seat in self.chosen, enabled=self.run is None))
        by = h - bh - u
        bw = u * 9
        running = self.run is not None
        self.buttons.append(Button(pygame.Rect(int(u * 1.5), by, bw, bh), _("Run again") if self.result else _("Run"),
                                   self.start, enabled=not running and bool(self.people), colour=(40, 120, 70)))
        self.buttons.append(Button(pygame.Rect(w - 2 * bw - u * 2, by, bw, bh), _("Back"), self.on_back))
        self.buttons.append(Button(pygame.Rect(w - bw - int(u * 1.5), by, bw, bh), _("Apply"), self.apply,
                                   enabled=self.result is not None and not running, colour=(150, 110, 10)))
        self.message_rect = pygame.Rect(int(u * 1.5) + bw + u, by - u // 2, w - 3 * bw - u * 6, bh + u)
        self.right = pygame.Rect(u * 27, top, w - u * 28, by - top - u)
        below = top + len(self.people) * int(u * 3.4) + u // 2
        self.notes_rect = pygame.Rect(int(u * 1.5), below, u * 25, by - below - u)

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT_DARK)
        u = self.u
        _ = self.lang.gettext
        draw.text(surface, _("Tune the timer for these players"), (int(u * 1.5), int(u * 1.2)), int(u * 2.2),
                  theme.YELLOW, bold=True)
        draw.text(surface, _("UNO Hau drauf, simulated with each person's own recorded times: the speed and extra "
                             "time that make everyone's turns run out on 5–10 % of turns"),
                  (int(u * 1.5), int(u * 4)), int(u * 0.95), theme.MUTED, max_width=self.size[0] - 3 * u)
        for (seat, person), button in zip(self.people, self.buttons):
            draw_seat_mark(surface, seat, (button.rect.right + u, button.rect.centery), int(u * 0.6))
            words = self.lang.say(model_words(person.model)) if seat in self.chosen else _("sits out: click to bring them in")
            draw.text(surface, words, (button.rect.right + 2 * u, button.rect.centery), int(u * 0.85), theme.MUTED,
                      anchor="midleft", max_width=u * 12)
        draw.text_block(surface, "\n".join(self.people_notes()), self.notes_rect, int(u * 0.85), theme.TEXT)
        self.draw_buttons(surface)
        if self.run is not None:
            self.draw_progress(surface, u)
        elif self.result is not None:
            self.draw_result(surface, u)
        colour = ERROR if self.error else theme.YELLOW if self.message else theme.MUTED
        text = self.message or _("Choose who plays (click a name to leave them out), then Run")
        draw.text_block(surface, text, self.message_rect, int(u * 0.95), colour)

    def draw_progress(self, surface, u: int) -> None:
        bar = pygame.Rect(self.right.left, self.right.top + u * 3, self.right.width, u * 2)
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=u // 2)
        filled = bar.copy()
        filled.width = max(u, int(bar.width * self.run.progress))
        pygame.draw.rect(surface, theme.GREEN, filled, border_radius=u // 2)
        played = self.run.played
        draw.text(surface, self.lang.ngettext("{count} game played", "{count} games played", played).format(
            count=played), (bar.left, bar.top - u // 2), int(u * 1.1), anchor="bottomleft")
        draw.text_block(surface, self.lang.say(self.run.doing),
                        pygame.Rect(bar.left, bar.bottom + u // 2, bar.width, u * 3), int(u * 0.95), theme.TEXT)
        draw.text(surface, self.lang.gettext("The window stays usable meanwhile; Back stops the simulation"),
                  (bar.left, bar.bottom + u * 4), int(u * 0.9), theme.MUTED)

    def draw_result(self, surface, u: int) -> None:
        result, area = self.result, self.right
        lang, _ = self.lang, self.lang.gettext
        size = int(u * 1.3)
        lines = draw.wrap(lang.say(result.words()), size, area.width)
        for i, line in enumerate(lines):
            draw.text(surface, line, (area.left, area.top + i * int(size * 1.15)), size, theme.YELLOW, bold=True,
                      max_width=area.width)
        y = area.top + len(lines) * int(size * 1.15) + u // 2
        for i, (seat, name, extra) in enumerate(zip(self.result_seats, result.group.names, result.extra)):
            draw_seat_mark(surface, seat, (area.left + u // 2, y + u // 2), int(u * 0.5))
            more = _("+{time} extra").format(time=seconds(lang, extra)) if extra else _("no extra time")
            line = _("{name}: {share} of turns timed out, {extra}").format(
                name=name, share=lang.say(result.share_words(i)), extra=more)
            draw.text(surface, line, (area.left + u * 3 // 2, y), int(u * 0.95), max_width=area.width - 2 * u)
            y += int(u * 1.3)
        for note in result.notes:
            draw.text(surface, lang.say(note), (area.left, y), int(u * 0.85), theme.MUTED, max_width=area.width)
            y += int(u * 1.1)
        chart = pygame.Rect(area.left, y + u, area.width, area.bottom - y - u)
        draw.text(surface, _("turns timed out, by a seat's time limit (turn time + extra time)"),
                  (chart.left, chart.top - u // 2), int(u * 0.85), theme.MUTED)
        series = [(theme.SEAT_COLOURS[seat], curve) for seat, curve in zip(self.result_seats, result.curves)]
        plot_lines(surface, chart, series, lambda v: _("{percent} %").format(percent=decimal(lang, v * 100, "g")),
                   _("time limit"), u, [lang.say(label) for label in limit_labels(result.limits)])

