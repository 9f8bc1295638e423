"""The reaction test, opened from unit mode: how fast is each person?

Who takes part is asked first (the seats registered in unit mode are in
already; a seat button joins or leaves). Then, try by try: "Get ready", and
after a random wait one seat's button lights; that person presses their seat
button as fast as they can. Five tries each, in a shuffled order, so nobody
knows whose light is next. Pressing before the light, or on someone else's
light, is a false start: counted, said, and the try comes again.

Every press is kept in the stats book at once (and saved), so Esc leaves
without losing any. The results show each person's times, their median, their
false starts and the reaction model their history gives now (tuner/people.py).

Time is the app's clock (presses are stamped by the input, the light by the
frame that shows it); the waits come from a Generator seeded by the app."""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import numpy as np
import pygame

from haudrauf.device.machine import UnitState
from haudrauf.device.unit import SEAT_COUNT, UnitView
from haudrauf.table import input as intents
from haudrauf.play.language import Language
from haudrauf.tuner.people import person_model
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.table.ui.unit_widget import draw_unit, local, message_facings
from haudrauf.words import msg

TRIES = 5  # per person
WAIT_S = (1.5, 4.0)  # from "Get ready" to the light, drawn at random each try
BREAK_S = 1.2  # after a press the result shows; presses meanwhile count for nothing
LIT_S = 3.0  # a light nobody answers in this long goes out, and the try comes again


@dataclass
class Taker:
    seat: int
    name: str
    times: list[float] = field(default_factory=list)  # ms, in the order pressed
    false_starts: int = 0


class ReactionTestScene(Scene):
    covering = msg("the reaction test is on the table")

    def __init__(self, app, seats=()) -> None:
        super().__init__(app)
        self.rng = np.random.default_rng(app.seed)
        self.chosen = set(seats)
        self.phase = "join"  # join → ready → lit → … → done
        self.takers: dict[int, Taker] = {}
        self.queue: list[int] = []  # whose light comes, try by try
        self.quiet_until = self.light_at = self.lit_at = 0.0
        self.announced = False  # "Get ready" sounded for this try
        self.lang = Language(app.language_code())  # read again at each layout
        self.message = ""
        self.false_start_said = False  # the message is a false start: said on red
        self.results: list[tuple[Taker, list[str]]] = []

    @property
    def names(self) -> list[str]:
        return list(self.app.settings.table.names)

    @property
    def wants_fast_polling(self) -> bool:
        return self.phase in ("ready", "lit")

    @property
    def lit(self) -> int | None:
        return self.queue[0] if self.phase == "lit" else None

    # --- the steps ------------------------------------------------------------------
    def begin(self) -> None:
        if not self.chosen:
            self.say(self.lang.gettext("Press your seat button to take part first"), "error")
            return
        self.takers = {s: Taker(s, self.names[s]) for s in sorted(self.chosen)}
        self.queue = [int(s) for s in self.rng.permutation(np.repeat(sorted(self.chosen), TRIES))]
        self.message = ""
        self.next_try(self.app.clock.now(), pause=0.0)
        self.layout(self.size)

    def next_try(self, now: float, pause: float = BREAK_S) -> None:
        """The next try (or the same one again): a pause, "Get ready", a random wait, the light."""
        self.phase = "ready"
        self.quiet_until = now + pause
        self.light_at = self.quiet_until + float(self.rng.uniform(*WAIT_S))
        self.announced = False

    def press(self, seat: int, t: float) -> None:
        if self.phase == "join":
            self.chosen ^= {seat}
            self.app.audio.play("register" if seat in self.chosen else "leave")
            return
        if self.phase not in ("ready", "lit") or seat not in self.takers or t < self.quiet_until:
            return
        if seat == self.lit:
            self.pressed_in_time(self.takers[seat], (t - self.lit_at) * 1000, t)
        else:
            self.false_start(self.takers[seat], t)

    def pressed_in_time(self, taker: Taker, ms: float, now: float) -> None:
        taker.times.append(ms)
        self.app.stats.record_press(taker.name, ms)
        self.app.save_stats()
        self.app.audio.play("slap_hit")
        self.message, self.false_start_said = self.lang.gettext("{name}: {ms} ms").format(
            name=taker.name, ms=f"{ms:.0f}"), False
        self.queue.pop(0)
        if self.queue:
            self.next_try(now)
        else:
            self.finish()

    def false_start(self, taker: Taker, now: float) -> None:
        taker.false_starts += 1
        lit, _ = self.lit, self.lang.gettext
        said = (_("{name} pressed too early — false start {count}") if lit is None else
                _("{name} pressed while {lit}'s seat was lit — false start {count}"))
        self.say(said.format(name=taker.name, lit=self.takers[lit].name if lit is not None else "",
                             count=taker.false_starts), "buzzer")
        self.next_try(now)

    def finish(self) -> None:
        """The results: each person's times and the model their whole history gives now."""
        self.phase = "done"
        self.app.audio.play("win")
        self.results = []
        for taker in self.takers.values():
            model = person_model(self.app.stats, taker.name)
            self.results.append((taker, [self.lang.say(model.describe()), *map(self.lang.say, model.notes)]))
        self.layout(self.size)

    def again(self) -> None:
        self.phase = "join"
        self.layout(self.size)

    def say(self, text: str, sound: str) -> None:
        self.message, self.false_start_said = text, sound == "buzzer"
        self.app.audio.play(sound)

    # --- time --------------------------------------------------------------------------
    def update(self, now: float) -> None:
        if self.phase == "ready" and now >= self.quiet_until and not self.announced:
            self.announced = True
            self.app.audio.play("spin_tick")
        if self.phase == "ready" and now >= self.light_at:
            self.phase, self.lit_at = "lit", now  # this frame shows it: the time runs from here
            self.message = ""  # eyes on the light: what was said before is old news
            self.app.audio.play("slap_start")
        elif self.phase == "lit" and now - self.lit_at >= LIT_S:
            self.say(self.lang.gettext("{name} did not press — that try comes again").format(
                name=self.takers[self.lit].name), "error")
            self.next_try(now)

    # --- input -------------------------------------------------------------------------
    geometry = None

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.SeatKey) and intent.down:
            self.press(intent.seat, intent.t)
            return True
        if isinstance(intent, intents.PointerDown) and self.geometry is not None and self.phase != "done":
            seat = self.geometry.seat_at(intent.pos)
            if seat is not None:
                self.press(seat, intent.t)
                return True
        if intents.is_enter(intent) and self.phase == "join":
            self.begin()
            return True
        if intents.is_enter(intent) and self.phase == "done":
            self.again()
            return True
        return super().handle(intent, now)

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        bw, bh = int(u * 9), int(u * 2.3)
        self.lang = lang = Language(self.app.language_code())
        _ = lang.gettext
        back = self.app.settings.keys.label("back", lang)
        enter = self.app.settings.keys.label("play_pause", lang)
        self.buttons = [Button(pygame.Rect(w - bw - u, h - bh - u, bw, bh),
                               _("Back") if self.phase in ("join", "done") else _("Stop"), self.on_back, hint=back)]
        if self.phase in ("join", "done"):
            label, action = (_("Start"), self.begin) if self.phase == "join" else (_("Again"), self.again)
            self.buttons.append(Button(pygame.Rect(u, h - bh - u, bw, bh), label, action, hint=enter))

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT_DARK)
        if self.phase == "done":
            self.draw_results(surface)
        else:
            self.draw_test(surface, now)
        self.draw_buttons(surface)

    def view(self) -> UnitView:
        """The unit as the test lights it: the people taking part, one seat lit."""
        joining = self.phase == "join"
        return UnitView(state=UnitState.REGISTERING if joining else UnitState.TURN, interrupted=None,
                        seats=tuple(sorted(self.chosen if joining else self.takers)), current=None, lit=self.lit,
                        waiting_for=(), remaining_ms=None, limit_ms=None, racers=(), reactions=(),
                        extra_time=(0.0,) * SEAT_COUNT)

    @property
    def flat(self) -> bool:
        return self.app.settings.table.layout == "flat"

    def facings(self, view: UnitView) -> tuple[int, ...]:
        """Lying flat, which way the words in the middle face: towards the lit
        seat, else to both long sides (as unit mode writes a message for everyone)."""
        if not self.flat or self.geometry is None:
            return (0,)
        return (self.geometry.facings[self.lit],) if self.lit is not None else message_facings(view, self.geometry)

    def draw_test(self, surface, now: float) -> None:
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        keys = [self.app.settings.keys.label(f"seat{n}", self.lang) for n in range(1, 7)]
        view = self.view()
        self.geometry = draw_unit(surface, surface.get_rect(), view, now, self.names, keys, edge=True, flat=self.flat,
                                  centre_facing=self.facings(view)[0])
        draw.text(surface, self.lang.gettext("Reaction test"), (u, u), int(u * 1.6), theme.YELLOW, bold=True)
        draw.text_block(surface, self.lang.ngettext("{count} try each: press your seat button as soon as it lights",
                                                    "{count} tries each: press your seat button as soon as it lights",
                                                    TRIES).format(count=TRIES),
                        pygame.Rect(u, int(u * 3), int(w * 0.22), u * 4), int(u * 0.95), theme.MUTED)
        if self.flat:
            self.draw_flat_words(surface, view, now, u)
            return
        draw.text(surface, self.status(now), self.geometry.status_spot(), int(u * 1.6), theme.TEXT,
                  anchor="center", bold=True, max_width=int(w * 0.6))
        if self.message:  # where unit mode says who takes cards: under the big button
            box = pygame.Rect(0, 0, int(w * 0.5), int(u * 2.6))
            box.midtop = (w // 2, int(h * 0.5 + min(w, h) * 0.17 + u * 0.6))
            draw.panel(surface, box, colour=self.message_colour())
            draw.text(surface, self.message, box.center, int(u * 1.2), theme.TEXT, anchor="center", bold=True,
                      max_width=box.width - u)

    def message_colour(self) -> tuple[int, int, int]:
        return (90, 20, 16) if self.false_start_said else theme.PANEL

    def draw_flat_words(self, surface, view: UnitView, now: float, u: int) -> None:
        """Lying flat, as unit mode: between the big button and the seats it
        faces, what was said (on its panel) or else the status — in as many
        lines (three at most) as it takes to stay big enough to read."""
        text = self.message or self.status(now)
        if not text:
            return
        for turned in self.facings(view):
            centre, length, room = self.geometry.message_spot(turned, ring_shown=False)
            size = max(8, min(int(u * 1.5), int(room / 1.05)))
            lines = draw.wrap(text, size, length)[:3]
            size = max(8, min(size, int(room / (1.05 * len(lines)))))
            step = int(size * 1.05)
            spots = [local(centre, turned, 0, ((len(lines) - 1) / 2 - i) * step) for i in range(len(lines))]
            if self.message:
                boxes = [draw.text_rect(line, spot, size, anchor="center", bold=True, max_width=length, angle=turned)
                         for line, spot in zip(lines, spots)]
                draw.panel(surface, boxes[0].unionall(boxes[1:]).inflate(u // 2, u // 2), colour=self.message_colour())
            for line, spot in zip(lines, spots):
                draw.text(surface, line, spot, size, theme.TEXT, anchor="center", bold=True, max_width=length,
                          angle=turned)

    def status(self, now: float) -> str:
        _ = self.lang.gettext
        if self.phase == "join":
            who = ", ".join(self.names[s] for s in sorted(self.chosen))
            return (_("{names} — press Start. A seat button joins or leaves.").format(names=who) if who else
                    _("Who takes part? Press your seat button, then Start."))
        if self.phase == "lit":
            return _("{name}: press!").format(name=self.takers[self.lit].name)
        if now < self.quiet_until:
            return ""
        done = sum(len(t.times) for t in self.takers.values())
        return _("Get ready…   (try {number} of {count})").format(number=done + 1, count=len(self.takers) * TRIES)

    def draw_results(self, surface) -> None:
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        box = pygame.Rect(u, u, w - 2 * u, h - int(u * 5))
        draw.panel(surface, box)
        lang = self.lang
        draw.text(surface, lang.gettext("Reaction test — results"), (box.centerx, box.top + u), int(u * 1.6),
                  theme.YELLOW, anchor="midtop", bold=True)
        size, small = int(u * 1.05), int(u * 0.85)
        row_h = min(int(u * 4.6), (box.height - u * 4) // max(1, len(self.results)))
        y = box.top + u * 4
        for taker, lines in self.results:
            times = "  ".join(f"{ms:.0f}" for ms in taker.times)
            starts = (lang.ngettext("{count} false start", "{count} false starts", taker.false_starts).format(
                count=taker.false_starts) if taker.false_starts else lang.gettext("no false starts"))
            draw_seat_mark(surface, taker.seat, (box.left + int(u * 1.6), y + size // 2), int(u * 0.6))
            line = lang.gettext("{name}:  {times} ms — median {median} ms, {false_starts}").format(
                name=taker.name, times=times, median=f"{statistics.median(taker.times):.0f}", false_starts=starts)
            draw.text(surface, line, (box.left + int(u * 2.6), y), size, theme.TEXT, bold=True,
                      max_width=box.width - u * 4)
            for i, line in enumerate(lines):
                draw.text(surface, line, (box.left + int(u * 2.6), y + int(size * 1.3) + i * int(small * 1.2)),
                          small, theme.MUTED, max_width=box.width - u * 4)
            y += row_h
