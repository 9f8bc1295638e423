"""The replay viewer (as on Board Game Arena): a saved or finished game step by
step, from the action log in its save file. ← → (or the buttons) step back and
forward, Home / End jump to the start and the end, Esc leaves.

Replays are watched after the fact, so every hand lies face up: the table
shows each seat's hand as that seat saw it, put together into one picture.
Each step is one entry of the log — a player's move or an event of the unit —
with the log lines it made. Its words are in the window's language."""
from __future__ import annotations

from dataclasses import replace

import pygame

from haudrauf.engine.core import TableView
from haudrauf.play import game_log
from haudrauf.play.language import Language
from haudrauf.table import input as intents
from haudrauf.table.render import TableRenderer
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button


def open_view(state, names: list[str]) -> TableView:
    """The table with every hand face up (no highlights: nobody is choosing)."""
    base = state.table_view(None, names)
    seats = []
    for seat in base.seats:
        hand = state.table_view(seat.seat, names).seats[seat.seat].hand
        seats.append(replace(seat, hand=replace(hand, cards=tuple(replace(c, highlight=False) for c in hand.cards))))
    return replace(base, seats=tuple(seats), choices=())


def session_record(session) -> dict:
    """A running game in the save file's form."""
    return {"game": session.game_id, "options": session.options, "seed": session.seed,
            "log": session.state.log, "plans": [p.to_dict() for p in session.plans]}


class ReplayScene(Scene):
    def __init__(self, app, replay: game_log.Replay) -> None:
        super().__init__(app)
        self.lang = Language(app.language_code())  # read again at each layout: Settings may change it
        self.replay = replay
        self.renderer = TableRenderer()
        self.step = 0
        self._view = None
        self._show(0)

    @classmethod
    def of_session(cls, app, session) -> "ReplayScene":
        """The game at the table so far (the results screen's Replay button)."""
        return cls(app, game_log.Replay(session_record(session)))

    # --- stepping -----------------------------------------------------------------
    def _show(self, step: int) -> None:
        self.step = max(0, min(len(self.replay), step))
        self._view = open_view(self.replay.state_at(self.step), self.replay.names)
        self.renderer.note_view(self._view, self.app.clock.now())

    def go(self, delta: int) -> None:
        self._show(self.step + delta)

    def move_text(self) -> str:
        """What the shown step did, in words."""
        _ = self.lang.gettext
        if self.step == 0:
            return _("The cards are dealt")
        lines = self.replay.lines[self.step - 1]
        if lines:
            return " · ".join(self.lang.say(line) for line in lines)
        entry = self.replay.log[self.step - 1]
        return _("{name} moves").format(name=self.replay.name(entry[1])) if entry[0] == "act" else \
            _("The unit moves on")

    def recent_lines(self) -> list:
        """The log up to the shown step, for the side panel."""
        lines: list[str] = []
        for step in range(self.step - 1, -1, -1):
            lines[:0] = self.replay.lines[step]
            if len(lines) >= 8:
                break
        return lines[-8:]

    # --- input -------------------------------------------------------------------------
    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.EditKey):
            moves = {"left": -1, "right": 1, "home": -len(self.replay), "end": len(self.replay),
                     "pageup": -10, "pagedown": 10}
            if intent.key in moves:
                self.go(moves[intent.key])
                return True
        if isinstance(intent, intents.Wheel):
            self.go(-intent.dy)
            return True
        return super().handle(intent, now)

    # --- layout and drawing --------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.lang = Language(self.app.language_code())
        _ = self.lang.gettext
        bw, bh = int(u * 6), int(u * 2.2)
        steps = [("|◀", lambda: self.go(-len(self.replay)), _("Home")), (_("◀ Back"), lambda: self.go(-1), "←"),
                 (_("Next ▶"), lambda: self.go(1), "→"), ("▶|", lambda: self.go(len(self.replay)), _("End"))]
        x = w // 2 - (len(steps) * (bw + u // 2)) // 2
        self.buttons = [Button(pygame.Rect(x + i * (bw + u // 2), u // 2, bw, bh), label, action, hint=hint)
                        for i, (label, action, hint) in enumerate(steps)]
        self.buttons.append(Button(pygame.Rect(w - bw - u // 2, u // 2, bw, bh), _("Close"), self.on_back,
                                   hint=self.app.settings.keys.label("back")))

    def draw(self, surface, now: float) -> None:
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        bar = pygame.Rect(0, 0, w, int(u * 5.6))
        table = surface.subsurface(pygame.Rect(0, bar.bottom, w, h - bar.bottom))  # the table below the bar
        self.renderer.draw(table, self._view, now, viewer=0, log=self.recent_lines(), lang=self.lang)
        pygame.draw.rect(surface, theme.PANEL, bar)
        self.draw_buttons(surface)
        title = self.lang.gettext("Replay · {game} · step {step} of {steps}").format(
            game=self.lang.say(self.replay.cls.info.name), step=self.step, steps=len(self.replay))
        draw.text(surface, title, (u, int(u * 3)),
                  int(u * 1.1), theme.YELLOW, bold=True, max_width=w - 2 * u)
        draw.text(surface, self.move_text(), (u, int(u * 4.3)), int(u * 1.0), theme.TEXT, max_width=w - 2 * u)
