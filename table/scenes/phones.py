"""The phones panel: how to join (a QR code, the address, the room code) and
who has joined, with how sure each phone's clock is — over the game it was
opened from (the game goes on below; a table game is paused while it shows).

Phones are switched on here (or by `--phones`) and stay on until switched off
here: the room and its seat keys live as long as the app."""
from __future__ import annotations

import pygame

from table import input as intents
from table.scenes.base import Scene
from table.ui import draw, theme
from table.ui.button import Button
from table.ui.seat_marks import draw_seat_mark

WHY = ("Each person plays on their own phone: their hand stays private, their seat button "
       "and HAU DRAUF are under their thumb. Phones must be on the same network as this screen.")


def phones_on(app) -> bool:
    """Whether phones are switched on: their buttons are lit."""
    return app.phones is not None and app.phones.running


def open_phones(app) -> None:
    """The Phones panel over whatever is on screen (the menu, unit mode, a game)."""
    app.push(PhonesScene(app))


def qr_surface(matrix: list[list[bool]], size: int) -> pygame.Surface:
    """The QR code as a crisp square of `size` pixels or a little less (whole
    pixels per module): dark modules on white, quiet zone included."""
    modules = len(matrix)
    scale = max(1, size // modules)
    image = pygame.Surface((modules, modules))
    image.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.set_at((x, y), (0, 0, 0))
    return pygame.transform.scale(image, (modules * scale, modules * scale))


def seat_line(status) -> str:
    """"Anna · on the phone · ±6 ms" (and "too slow to race fairly" past the
    `fair_race_ms` setting) — or away, and how to come back."""
    if not status.connected:
        return f"{status.name} · away (the same page brings the phone back)"
    if status.uncertainty_ms is None:
        return f"{status.name} · on the phone · clock syncing…"
    slow = " · too slow to race fairly" if status.too_slow else ""
    return f"{status.name} · on the phone · ±{status.uncertainty_ms:.0f} ms{slow}"


class PhonesScene(Scene):
    overlay = True
    covering = "the Phones panel is open on the table"

    def __init__(self, app) -> None:
        super().__init__(app)
        self._qr: tuple[str, int, pygame.Surface] | None = None  # (address, size, image)

    @property
    def on(self) -> bool:
        return phones_on(self.app)

    def switch(self) -> None:
        if self.on:
            self.app.stop_phones()
        else:
            self.app.start_phones()
        self.size = (0, 0)  # the button says what a press does now

    def free_seat(self, seat: int) -> str:
        """A seat without a phone, as the game below has it."""
        session = getattr(self.app.phones_scene(), "session", None)
        if session is None:
            return f"{self.app.settings.table.names[seat]} · free: keys or touch on this screen"
        if seat >= len(session.plans):
            return f"Seat {seat + 1} · not in this game"
        plan = session.plans[seat]
        return f"{plan.name} · a bot" if plan.is_bot else f"{plan.name} · free: plays on this screen"

    def handle(self, intent, now: float) -> bool:
        if intents.is_enter(intent):
            self.app.pop()
            return True
        return super().handle(intent, now)

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.box = pygame.Rect(0, 0, min(w - 2 * u, int(u * 58)), min(h - 2 * u, int(u * 34)))
        self.box.center = (w // 2, h // 2)
        bw, bh = int(u * 10), int(u * 2.4)
        y = self.box.bottom - bh - u
        back = self.app.settings.keys.label("back")
        self.buttons = [
            Button(pygame.Rect(self.box.right - bw - u, y, bw, bh), f"Done ({back})", self.app.pop, selected=True),
            Button(pygame.Rect(self.box.right - 2 * bw - 2 * u, y, bw, bh),
                   "Stop phones" if self.on else "Start phones", self.switch),
        ]

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 170)
        u = int(theme.unit_size(surface.get_size()))
        box = self.box
        draw.panel(surface, box)
        draw.text(surface, "Phones", (box.left + u, box.top + u), int(u * 1.8), theme.YELLOW, bold=True)
        if not self.on:
            draw.text_block(surface, WHY + " Press Start phones to open the room.",
                            pygame.Rect(box.left + u, box.top + int(u * 4), box.width - 2 * u, int(u * 8)),
                            int(u * 1.1), theme.TEXT)
        else:
            self._draw_room(surface, u)
        self.draw_buttons(surface)

    def _draw_room(self, surface, u: int) -> None:
        host, box = self.app.phones, self.box
        url = host.join_url()
        side = min(box.height - int(u * 5), box.width // 2 - 2 * u)
        if self._qr is None or self._qr[:2] != (url, side):
            self._qr = (url, side, qr_surface(host.qr_matrix(), side))
        qr = self._qr[2]
        surface.blit(qr, (box.left + u, box.top + int(u * 3.6)))
        x = box.left + 2 * u + qr.get_width()
        width = box.right - x - u
        draw.text(surface, "Scan the code with a phone's camera, or open", (x, box.top + int(u * 3.6)), u,
                  theme.MUTED, max_width=width)
        draw.text(surface, url, (x, box.top + int(u * 5)), int(u * 1.1), theme.TEXT, max_width=width)
        draw.text(surface, f"Room {host.code}", (x, box.top + int(u * 6.8)), int(u * 2.2), theme.YELLOW, bold=True)
        joined = {status.seat: status for status in host.status()}
        y = box.top + int(u * 10)
        for seat in range(6):
            status = joined.get(seat)
            draw_seat_mark(surface, seat, (x + int(u * 0.7), y + int(u * 0.7)), int(u * 0.65))
            line = seat_line(status) if status else self.free_seat(seat)
            draw.text(surface, line, (x + int(u * 1.8), y), u, theme.TEXT if status else theme.MUTED,
                      max_width=width - int(u * 1.8))
            y += int(u * 1.6)
        draw.text(surface, "Seats without a phone play on this screen.", (x, y + u // 2), int(u * 0.9), theme.MUTED,
                  max_width=width)
