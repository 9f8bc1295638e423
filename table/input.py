"""The one place that reads pygame's event queue. It turns keys, mouse clicks
and touches into intents; nothing else calls `pygame.event.get`.

Timing: pygame-ce does not expose SDL's event timestamps, and they would add
nothing: SDL 2 stamps an event when it takes it from the system (while we
poll), not when the key or finger went down. So every event of one poll is
stamped with the poll's time; their order in the queue is kept, and the unit
settles equal timestamps by arrival (the later one is later). The loop polls
at up to 240 Hz during a slap race, so a press is stamped at most ~4 ms late
and presses within one poll keep their true order.
Touch: every finger is its own pointer (six at once for the slap race), and a
finger presses only where it lands: moving and lifting press nothing. SDL
gives a finger's place as 0..1 of the window's width and height; it becomes
the window pixel under it. The mouse events SDL synthesises from touches are
dropped, so a touch is never counted twice.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from haudrauf.table.keymap import KeyMap


@dataclass(frozen=True)
class SeatKey:
    seat: int
    down: bool
    t: float


@dataclass(frozen=True)
class HauDraufKey:
    t: float


@dataclass(frozen=True)
class PlayPauseKey:
    t: float


@dataclass(frozen=True)
class Command:
    name: str  # "back", "help", "fullscreen", "mute", "quit"


@dataclass(frozen=True)
class PointerDown:
    pos: tuple[int, int]
    pointer: int  # -1 for the mouse, else the finger's id
    t: float


@dataclass(frozen=True)
class PointerUp:
    pos: tuple[int, int]
    pointer: int
    t: float


@dataclass(frozen=True)
class PointerMove:
    pos: tuple[int, int]
    pointer: int


@dataclass(frozen=True)
class Wheel:
    dy: int


@dataclass(frozen=True)
class TextInput:
    text: str


@dataclass(frozen=True)
class EditKey:
    key: str  # "backspace", "enter", "escape", "tab", "up", "down", "left", "right", "pageup", "pagedown", "home", "end"


@dataclass(frozen=True)
class Resized:
    size: tuple[int, int]


MOUSE = -1
def is_enter(intent) -> bool:
    """Enter as a scene's "yes, go on": the Return key arrives as Play/Pause
    (its key-map action) outside text entry, the keypad's Enter as an edit key."""
    return isinstance(intent, PlayPauseKey) or (isinstance(intent, EditKey) and intent.key == "enter")


EDIT_KEYS = {pygame.K_BACKSPACE: "backspace", pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
             pygame.K_ESCAPE: "escape", pygame.K_TAB: "tab", pygame.K_UP: "up", pygame.K_DOWN: "down",
             pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_PAGEUP: "pageup",
             pygame.K_PAGEDOWN: "pagedown", pygame.K_HOME: "home", pygame.K_END: "end"}


class InputAdapter:
    def __init__(self, keymap: KeyMap) -> None:
        self.keymap = keymap
        #: While a text field has focus, typing goes to it instead of the buttons.
        self.text_mode = False
        #: A scene waiting for a key to bind gets the raw key name instead.
        self.capture_key = False

    def poll(self, now: float) -> list:
        intents: list = []
        for event in pygame.event.get():
            intents += self.translate(event, now)
        return intents

    def translate(self, event, now: float) -> list:  # noqa: C901 - one flat dispatch reads best
        kind = event.type
        if kind == pygame.QUIT:
            return [Command("quit")]
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if kind == pygame.VIDEORESIZE else (event.x, event.y)
            return [Resized(size)]
        if kind == pygame.KEYDOWN:
            return self._key(event, now, down=True)
        if kind == pygame.KEYUP:
            return self._key(event, now, down=False)
        if kind == pygame.TEXTINPUT and self.text_mode:
            return [TextInput(event.text)]
        if kind == pygame.MOUSEBUTTONDOWN and not getattr(event, "touch", False) and event.button == 1:
            return [PointerDown(event.pos, MOUSE, now)]
        if kind == pygame.MOUSEBUTTONUP and not getattr(event, "touch", False) and event.button == 1:
            return [PointerUp(event.pos, MOUSE, now)]
        if kind == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            return [PointerMove(event.pos, MOUSE)]
        if kind == pygame.MOUSEWHEEL:
            return [Wheel(event.y)]
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            width, height = pygame.display.get_surface().get_size() if pygame.display.get_surface() else (1, 1)
            pos = (min(int(event.x * width), width - 1), min(int(event.y * height), height - 1))  # x = 1.0: last pixel
            if kind == pygame.FINGERDOWN:
                return [PointerDown(pos, event.finger_id, now)]
            if kind == pygame.FINGERUP:
                return [PointerUp(pos, event.finger_id, now)]
            return [PointerMove(pos, event.finger_id)]
        return []

    def _key(self, event, now: float, down: bool) -> list:
        if self.capture_key:
            return [TextInput(pygame.key.name(event.key))] if down else []
        action = self.keymap.action_for(event.key)
        if self.text_mode:
            if down and event.key in EDIT_KEYS:
                return [EditKey(EDIT_KEYS[event.key])]
            return []
        if action is None:
            if down and event.key in EDIT_KEYS:
                return [EditKey(EDIT_KEYS[event.key])]
            return []
        if action.startswith("seat"):
            return [SeatKey(int(action[4:]) - 1, down, now)]
        if not down:
            return []
        if action == "hau_drauf":
            return [HauDraufKey(now)]
        if action == "play_pause":
            return [PlayPauseKey(now)]
        return [Command(action)]
