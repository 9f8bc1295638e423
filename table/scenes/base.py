"""What every scene has: it handles intents, updates with the clock, draws.
Scenes keep their buttons in `self.buttons`, rebuilt by `layout()` whenever
the window size changes.

Lifecycle: the app calls `on_pause` when another scene is pushed on top (an
overlay's scene below still updates and draws, but gets no input — a key let
go meanwhile goes to the overlay), `on_resume` when it is on top again, and
`on_close` when it is popped or replaced. A scene holding something for the
time a key or finger is down lets go of it on pause and close."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from haudrauf.table import input as intents
from haudrauf.table.ui import button as ui_button
from haudrauf.words import Message, msg

if TYPE_CHECKING:
    from haudrauf.table.app import App


class Scene:
    #: An overlay is drawn on top of the scene below it (help, results).
    overlay = False
    #: Poll fast (a slap race): presses are stamped when polled.
    wants_fast_polling = False
    #: A game the phones play in: it has `names`, `phone_view(seat, now)` and takes their intents.
    takes_phones = False
    #: A game this scene covers is paused: why, as that game's phones say it ("Paused — …").
    covering: Message = msg("the table is showing something else")

    def __init__(self, app: "App") -> None:
        self.app = app
        self.buttons: list[ui_button.Button] = []
        self.hover: tuple[int, int] = (-1, -1)
        self.size = (0, 0)

    # --- hooks ------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Place the buttons for a window of this size."""

    def update(self, now: float) -> None:
        """Advance by the clock (the unit, bots, animations)."""

    def draw(self, surface: pygame.Surface, now: float) -> None:
        raise NotImplementedError

    def handle(self, intent, now: float) -> bool:
        """React to one intent; True when it was used. The default presses the
        button under a pointer."""
        if isinstance(intent, intents.PointerMove):
            self.hover = intent.pos
            return False
        if isinstance(intent, intents.PointerDown):
            return ui_button.press(self.buttons, intent.pos) is not None
        return False

    def phone_seat_taken(self, seat: int) -> Message | None:
        """Why a phone cannot take `seat` here now, in a few words, or None (a
        game the phones play in: every seat it has a person for)."""
        return None

    def on_back(self) -> None:
        """Esc: leave the scene (the menu decides to quit instead)."""
        self.app.pop()

    def on_pause(self) -> None:
        """Another scene now covers this one and gets the input."""

    def on_resume(self) -> None:
        """This scene is on top again."""

    def on_close(self) -> None:
        """This scene is gone for good (popped or replaced)."""

    def on_muted(self, muted: bool) -> None:
        """F2 switched the sound on or off (already saved): a scene editing a
        copy of the settings takes the change into its copy."""

    # --- shared -----------------------------------------------------------------
    def ensure_layout(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.size = size
            self.layout(size)

    def paused_line(self, how_to_go_on: Message) -> Message:
        """What this game's phones say while it is paused: what covers it on the
        screen (the Phones panel, help, a question, Settings), else how to go on."""
        top = self.app.scene
        return msg("Paused — {why}", why=top.covering if top is not self else how_to_go_on)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, hover=b.rect.collidepoint(self.hover))
