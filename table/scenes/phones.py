"""The phones panel: how to join (a QR code holding the link, the plain
address and the code to type there) and who holds which seat, from which
address, with how sure each phone's clock is — and a Free button for every
seat a phone holds (the seats belong to the table). It shows over the game it
was opened from (the game goes on below; a table game is paused while it shows).

Phones are switched on here (or by `--phones`) and stay on until switched off
here, with a new link and code each time: the room and its seat keys live as
long as the app."""
from __future__ import annotations

import pygame

from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, seat_name
from haudrauf.table import input as intents
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.seat_marks import draw_seat_mark
from haudrauf.words import msg

WHY = msg("Each person plays on their own phone: their hand stays private, their seat button "
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


def seat_line(status, lang: Language = ENGLISH) -> str:
    """"Anna · on the phone at 192.168.1.7 · ±6 ms" (and "too slow to race fairly"
    past the `fair_race_ms` setting) — or away, and for how long it waits."""
    _ = lang.gettext
    if not status.connected:
        return _("{name} · away (the seat waits a minute for the phone)").format(name=status.name)
    where = _("{name} · on the phone at {address}").format(name=status.name, address=status.address)
    if status.uncertainty_ms is None:
        return " · ".join((where, _("clock syncing…")))
    line = " · ".join((where, "±" + _("{ms} ms").format(ms=f"{status.uncertainty_ms:.0f}")))
    return " · ".join((line, _("too slow to race fairly"))) if status.too_slow else line


class PhonesScene(Scene):
    overlay = True
    covering = msg("the Phones panel is open on the table")

    def __init__(self, app) -> None:
        super().__init__(app)
        self._qr: tuple[str, int, pygame.Surface] | None = None  # (address, size, image)
        self.lang = Language(app.language_code())  # read again at each layout
        self.laid_out_for: tuple[int, ...] = ()  # the seats held by phones when the Free buttons were placed

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
        names, _ = self.app.seat_names(), self.lang.gettext
        name = names[seat] if seat < len(names) else self.lang.say(seat_name(seat))
        taken = self.app.phone_seat_taken(seat)
        return " · ".join((name, self.lang.say(taken) if taken else _("free: plays on this screen")))

    def held_seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.app.phones.room.claims)) if self.on else ()

    def free(self, seat: int) -> None:
        """Free a seat held by a phone: the phone goes back to the seat list."""
        self.app.phones.free(seat)
        self.size = (0, 0)  # its Free button goes

    def seat_row(self, seat: int) -> pygame.Rect:
        """Where `seat`'s line is: right of the QR code, one line a seat."""
        u = int(theme.unit_size(self.size))
        x = self.box.left + 2 * u + self.qr_side(u)
        return pygame.Rect(x, self.box.top + int(u * 10) + seat * int(u * 1.6), self.box.right - x - u, int(u * 1.4))

    def qr_side(self, u: int) -> int:
        return min(self.box.height - int(u * 5), self.box.width // 2 - 2 * u)

    def update(self, now: float) -> None:
        if self.held_seats() != self.laid_out_for:
            self.size = (0, 0)  # a phone took or left a seat: its Free button comes or goes

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
        self.lang = lang = Language(self.app.language_code())
        _ = lang.gettext
        back = self.app.settings.keys.label("back", lang)
        self.buttons = [
            Button(pygame.Rect(self.box.right - bw - u, y, bw, bh), _("Done ({key})").format(key=back), self.app.pop,
                   selected=True),
            Button(pygame.Rect(self.box.right - 2 * bw - 2 * u, y, bw, bh),
                   _("Stop phones") if self.on else _("Start phones"), self.switch),
        ]
        self.laid_out_for = self.held_seats()
        for seat in self.laid_out_for:
            row = self.seat_row(seat)
            self.buttons.append(Button(pygame.Rect(row.right - int(u * 4), row.top, int(u * 4), row.height),
                                       _("Free"), lambda seat=seat: self.free(seat)))

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 170)
        u = int(theme.unit_size(surface.get_size()))
        box = self.box
        draw.panel(surface, box)
        _ = self.lang.gettext
        draw.text(surface, _("Phones"), (box.left + u, box.top + u), int(u * 1.8), theme.YELLOW, bold=True)
        if not self.on:
            draw.text_block(surface, " ".join((self.lang.say(WHY), _("Press Start phones to open the room."))),
                            pygame.Rect(box.left + u, box.top + int(u * 4), box.width - 2 * u, int(u * 8)),
                            int(u * 1.1), theme.TEXT)
        else:
            self._draw_room(surface, u)
        self.draw_buttons(surface)

    def _draw_room(self, surface, u: int) -> None:
        host, box = self.app.phones, self.box
        url = host.join_url()
        side = self.qr_side(u)
        if self._qr is None or self._qr[:2] != (url, side):
            self._qr = (url, side, qr_surface(host.qr_matrix(), side))
        qr = self._qr[2]
        surface.blit(qr, (box.left + u, box.top + int(u * 3.6)))
        x = box.left + 2 * u + qr.get_width()
        width = box.right - x - u
        _ = self.lang.gettext
        draw.text(surface, _("Scan the square with a phone's camera, or open"), (x, box.top + int(u * 3.6)), u,
                  theme.MUTED, max_width=width)
        draw.text(surface, host.address(), (x, box.top + int(u * 5)), int(u * 1.1), theme.TEXT, max_width=width)
        draw.text(surface, _("and type the code {code}").format(code=host.code), (x, box.top + int(u * 6.8)),
                  int(u * 1.8), theme.YELLOW, bold=True, max_width=width)
        joined = {status.seat: status for status in host.status()}
        for seat in range(6):
            status, row = joined.get(seat), self.seat_row(seat)
            draw_seat_mark(surface, seat, (row.left + int(u * 0.7), row.top + int(u * 0.7)), int(u * 0.65))
            line = seat_line(status, self.lang) if status else self.free_seat(seat)
            draw.text(surface, line, (row.left + int(u * 1.8), row.top), u, theme.TEXT if status else theme.MUTED,
                      max_width=row.width - int(u * (6.3 if status else 1.8)))
        draw.text(surface, _("Seats without a phone play on this screen. Free gives a phone's seat back to the table."),
                  (x, self.seat_row(6).top + u // 2), int(u * 0.9), theme.MUTED, max_width=width)
