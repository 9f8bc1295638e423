""""What does this card do": a tooltip for the card under a resting mouse
(about half a second) or a finger or mouse button held still (about 0.6 s).
Cards lying face down get none. The scene passes every intent to `track` and
calls `draw` once a frame with the renderer that knows where each card lies."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from haudrauf.table import faces, input as intents
from haudrauf.table.ui import draw, theme

HOVER_S = 0.5
LONG_PRESS_S = 0.6
STILL_PX = 12  # moving further than this starts the wait again
STALE_S = 0.25  # a table not drawn for this long was covered by another scene


@dataclass
class Pointer:
    pos: tuple[int, int]  # where it is now
    since: float  # when it came to rest here
    down: bool
    rest: tuple[int, int] = (0, 0)  # where it came to rest: moving further than STILL_PX from there waits anew
    card: int | None = None  # the card under it when last drawn: another one there (the hand moved) waits anew

    def __post_init__(self) -> None:
        self.rest = self.pos


def face_of(view, card: int | None) -> str | None:
    """The face the view shows for a card id (None: face down or not on the table)."""
    if card is None:
        return None
    piles = [*view.centre, *(p for seat in view.seats for p in (seat.hand, *seat.piles))]
    return next((c.face for pile in piles for c in pile.cards if c.id == card), None)


class Tooltip:
    def __init__(self) -> None:
        self.pointers: dict[int, Pointer] = {}
        self.drawn: float | None = None  # when the table was last drawn
        self.boxes: list[pygame.Rect] = []  # where the tooltips went in the last frame

    def track(self, intent, now: float) -> None:
        """Follow the mouse and fingers: where each rests, since when, pressed or not."""
        if isinstance(intent, intents.PointerMove):
            old = self.pointers.get(intent.pointer)
            if old is not None and _distance(old.rest, intent.pos) <= STILL_PX:
                old.pos = intent.pos  # a hand's tremble: still resting, but the card under it is the one it is on
            elif old or intent.pointer == intents.MOUSE:  # a finger counts only while it touches
                self.pointers[intent.pointer] = Pointer(intent.pos, now, old.down if old else False)
        elif isinstance(intent, intents.PointerDown):
            self.pointers[intent.pointer] = Pointer(intent.pos, now, True)
        elif isinstance(intent, intents.PointerUp):
            if intent.pointer == intents.MOUSE:  # the mouse stays: its hover wait begins again
                self.pointers[intent.pointer] = Pointer(intent.pos, now, False)
            else:
                self.pointers.pop(intent.pointer, None)

    def showing(self, now: float) -> list[tuple[int, int]]:
        """Where a pointer has rested long enough for a tooltip."""
        return [p.pos for p in self.pointers.values() if now - p.since >= (LONG_PRESS_S if p.down else HOVER_S)]

    @staticmethod
    def card_under(pos, renderer, view) -> tuple[str, pygame.Rect] | None:
        """What the face-up card at `pos` does, in the table's language, and where that card lies."""
        anchor = _anchor_under(pos, renderer)
        text = anchor and faces.explain(face_of(view, anchor.card), renderer.lang)
        return (text, anchor.rect) if text else None

    def notice_moved_cards(self, renderer, now: float) -> None:
        """A card that came under a resting pointer (a card played, the hand
        closed up or turned to another player) has not been pointed at: its
        wait starts now."""
        for pointer in self.pointers.values():
            anchor = _anchor_under(pointer.pos, renderer)
            card = anchor.card if anchor else None
            if card != pointer.card:
                pointer.card, pointer.since = card, now

    def draw(self, surface: pygame.Surface, now: float, renderer, view, shown: bool = True) -> None:
        """`shown`: False under a chooser or an overlay. While the table is covered it gets no
        pointer moves, so where the pointers rest is known again only after they move."""
        if not shown or (self.drawn is not None and now - self.drawn > STALE_S):
            self.pointers.clear()
        self.drawn = now
        self.boxes = []
        if not shown:
            return
        self.notice_moved_cards(renderer, now)
        frame = renderer.frame
        keep_clear = [*frame.plates.values(), *filter(None, (frame.prompt, frame.notice))]
        for pos in self.showing(now):
            found = self.card_under(pos, renderer, view)
            if found:
                self.boxes.append(_draw_box(surface, *found, keep_clear))


def _anchor_under(pos, renderer):
    """The topmost card drawn at `pos`, or None."""
    return next((a for a in reversed(renderer.frame.anchors) if a.card is not None and a.rect.collidepoint(pos)), None)


def _distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _draw_box(surface: pygame.Surface, text: str, card: pygame.Rect, keep_clear: list[pygame.Rect]) -> pygame.Rect:
    """The text in a panel above the card (below it if there is no room), never
    over it, nor over `keep_clear` (the name plates with their clocks, the prompt
    and a refusal's reason: what the player is reading while they point)."""
    w, h = surface.get_size()
    u = int(theme.unit_size((w, h)))
    size = max(14, int(u * 1.0))
    width = min(w - 2 * u, max(u * 16, int(w * 0.3)))
    lines = draw.wrap(text, size, width - u)
    box = pygame.Rect(0, 0, width, int(len(lines) * size * 1.2 + u))
    box.midbottom = (card.centerx, card.top - u // 2)
    if box.top < u // 2:
        box.midtop = (card.centerx, card.bottom + u // 2)
    bounds = surface.get_rect().inflate(-u, -u)
    box.clamp_ip(bounds)
    box = draw.clear_spot(box, [card, *keep_clear], bounds, u // 2) or draw.clear_spot(box, [card], bounds, u // 2) \
        or box
    draw.panel(surface, box, alpha=235, edge=theme.YELLOW)
    for i, line in enumerate(lines):
        draw.text(surface, line, (box.left + u // 2, box.top + u // 2 + int(i * size * 1.2)), size, theme.TEXT)
    return box
