"""Round and game results over the table: who won, every seat's totals, the
round's details, and the totals over the rounds so far as a chart, in the
window's language."""
from __future__ import annotations

import pygame

from haudrauf.engine.core.table_view import Text
from haudrauf.play.language import Language
from haudrauf.table import input as intents
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.chart import plot_lines
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.words import msg


class ResultsScene(Scene):
    overlay = True

    def __init__(self, app, table_scene, event, rounds: list[list[int]]) -> None:
        super().__init__(app)
        self.lang = Language(app.language_code())  # read again at each layout: Settings may change it
        self.table = table_scene
        self.event = event
        self.rounds = rounds  # running totals after each round of this game
        session = table_scene.session
        self.final = session.state.is_over
        # a finished game's prompt says who won with the players' names (Result.summary speaks of seats)
        self.title = session.state.table_view(None, session.names).prompt if self.final else event.message(session.name)
        self.lines = self._lines(event, session)

    def _lines(self, event, session) -> list[Text]:
        detail = getattr(event, "detail", None)
        if callable(detail):
            return list(detail(session.name))
        if self.final and session.state.result:
            winners = tuple(session.name(s) for s in session.state.result.winners)
            return [msg("Winner: {winners}", winners=winners) if winners else msg("Drawn: nobody won")]
        return []

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.lang = Language(self.app.language_code())
        _ = self.lang.gettext
        self.box = pygame.Rect(0, 0, int(w * 0.76), int(h * 0.8))
        self.box.center = (w // 2, h // 2)
        bw, bh = int(u * 10), int(u * 2.4)
        y = self.box.bottom - bh - u
        if self.final:
            self.buttons = [
                Button(pygame.Rect(self.box.centerx - bw - u, y, bw, bh), _("Play again"), self.again),
                Button(pygame.Rect(self.box.centerx + u, y, bw, bh), _("Menu"), self.to_menu),
            ]
        else:
            self.buttons = [Button(pygame.Rect(self.box.centerx - bw // 2, y, bw, bh), _("Next round"), self.next_round,
                                   hint="Enter")]
        self.buttons.append(Button(pygame.Rect(self.box.left + u, y, int(u * 7), bh), _("Replay"), self.replay))

    def replay(self) -> None:
        from haudrauf.table.scenes.replay import ReplayScene
        self.app.push(ReplayScene.of_session(self.app, self.table.session))

    def next_round(self) -> None:
        self.app.pop()
        self.table.next_round()

    def again(self) -> None:
        self.app.pop()
        self.table.play_again()

    def to_menu(self) -> None:
        self.app.pop()
        self.table.leave()

    def on_back(self) -> None:
        self.to_menu() if self.final else self.next_round()

    def handle(self, intent, now: float) -> bool:
        if intents.is_enter(intent):
            self.buttons[0].action()
            return True
        return super().handle(intent, now)

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 150)
        u = int(theme.unit_size(surface.get_size()))
        box = self.box
        draw.panel(surface, box)
        say = self.lang.say
        draw.text(surface, say(self.title), (box.centerx, box.top + u), int(u * 1.7), theme.YELLOW, anchor="midtop",
                  bold=True, max_width=box.width - 2 * u)
        session = self.table.session
        totals = self.rounds[-1] if self.rounds else session.state.result.scores if self.final else []
        y = box.top + int(u * 4)
        left = box.left + int(u * 1.5)
        for seat in range(session.state.players):
            draw_seat_mark(surface, seat, (left + u // 2, y + int(u * 0.6)), int(u * 0.6))
            total = f"{totals[seat]}" if seat < len(totals) else ""
            draw.text(surface, session.name(seat), (left + u * 2, y), int(u * 1.2), theme.TEXT)
            draw.text(surface, total, (left + int(box.width * 0.34), y), int(u * 1.2), theme.TEXT, anchor="topright",
                      bold=True)
            y += int(u * 1.7)
        for line in self.lines[:12]:
            draw.text(surface, say(line), (left, y), int(u * 0.85), theme.MUTED, max_width=int(box.width * 0.45))
            y += int(u * 1.05)
        chart = pygame.Rect(box.left + int(box.width * 0.5), box.top + int(u * 4), int(box.width * 0.46),
                            int(box.height * 0.6))
        if self.rounds:  # totals after every round so far; the seats' colours are in the table
            pygame.draw.rect(surface, theme.PANEL, chart, border_radius=8)
            series = [(theme.SEAT_COLOURS[s % 6], [r[s] for r in self.rounds]) for s in range(session.state.players)]
            plot_lines(surface, chart.inflate(-u, -u), series, lambda v: f"{v:g}", self.lang.gettext("round"), u)
        self.draw_buttons(surface)
