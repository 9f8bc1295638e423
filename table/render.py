"""The one table renderer: it draws any game's `TableView` (seats round the
table, the viewer's hand at the bottom, centre piles, the unit if the game uses
one) and remembers where it drew each card and pile so a click can be turned
into the viewer's choices. It only reads; it never changes a game.

Here: the table, the piles and the hands, and what lies under a click. The
name plates and turn clocks are in `render_plates.py`, the prompt, side panels
and choice buttons in `render_panels.py`, the card flights in `render_flights.py`.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import pygame

from haudrauf.engine.core import Choice, PileView, SeatView, TableView
from haudrauf.engine.core.table_view import Text
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH
from haudrauf.table.faces import ASPECT, card_size, draw_card
from haudrauf.table.render_flights import CardFlights
from haudrauf.table.render_panels import draw_choice_buttons, draw_prompt, draw_side_panels
from haudrauf.table.render_plates import draw_plate, plate_size
from haudrauf.table.ui import draw, theme

#: The viewer's own piles keep their places: the room left of the hand is fixed (a share of the width), and a
#: fanned pile gets a fixed slot of at least this many card widths (its cards close up to fit).
OWN_PILES_SHARE = 0.27
SPREAD_SLOT = 1.3


@dataclass
class Anchor:
    rect: pygame.Rect
    card: int | None = None
    pile: str | None = None


@dataclass(frozen=True)
class TurnClock:
    """The unit timing turns: `seat`'s clock runs (None: nobody's, e.g. while it
    spins); every seat gets `limit_s` on its turn."""
    seat: int | None
    remaining_s: float | None
    limit_s: float


@dataclass
class Frame:
    """Where things were drawn in the last frame."""
    anchors: list[Anchor] = field(default_factory=list)
    zones: dict[str, pygame.Rect] = field(default_factory=dict)  # pile/hand key → rect
    unit_rect: pygame.Rect | None = None
    buttons: list[tuple[pygame.Rect, Choice]] = field(default_factory=list)
    plates: dict[int, pygame.Rect] = field(default_factory=dict)  # seat → name plate: text boxes keep clear
    banners: list[pygame.Rect] = field(default_factory=list)  # prompts, messages, side panels
    clocks: dict[int, pygame.Rect] = field(default_factory=dict)  # seat → its clock's digits
    prompt: pygame.Rect | None = None  # the prompt above the viewer's hand
    notice: pygame.Rect | None = None  # the reason a move was refused, below the prompt
    log: pygame.Rect | None = None  # the log panel: clicking it opens the whole log
    labels: list[tuple[str, pygame.Rect]] = field(default_factory=list)  # (pile key, a line of its label)


def label_size(u: float, card_height: int) -> int:
    """The size of the words under a pile of cards `card_height` tall."""
    return max(12, int(u * 0.7), int(card_height * 0.13))


class TableRenderer:
    def __init__(self) -> None:
        self.frame = Frame()
        self.clickable_piles: set[str] = set()
        self.flights = CardFlights()
        self.lang = ENGLISH

    # --- queries ---------------------------------------------------------------------
    def pile_at(self, pos) -> str | None:
        """The key of the pile (or hand) drawn under `pos`."""
        for anchor in reversed(self.frame.anchors):
            if anchor.pile is not None and anchor.rect.collidepoint(pos):
                return anchor.pile
        return None

    def card_at(self, pos) -> int | None:
        for anchor in reversed(self.frame.anchors):
            if anchor.card is not None and anchor.rect.collidepoint(pos):
                return anchor.card
        return None

    def choices_at(self, pos, view: TableView) -> list[Choice]:
        """The viewer's choices anchored on what lies under `pos` (topmost first)."""
        for anchor in reversed(self.frame.anchors):
            if not anchor.rect.collidepoint(pos):
                continue
            found = [c for c in view.choices
                     if (anchor.card is not None and (c.card == anchor.card or anchor.card in c.cards))
                     or (anchor.pile is not None and c.pile == anchor.pile)]
            if found:
                return found
        for rect, choice in self.frame.buttons:
            if rect.collidepoint(pos):
                return [choice]
        return []

    def note_view(self, view: TableView, now: float) -> None:
        """A new view: cards fly between the zones drawn last (see `render_flights`)."""
        self.flights.note(view, self.frame.zones, now)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: TableView, now: float, *, viewer: int | None,
             hints: bool = True, log: list[Text] | None = None, unit_size: float = 0.0,
             targets: set[str] | None = None, clock: TurnClock | None = None, prompt: Text | None = None,
             hint: str = "", notice: Text = "", log_hint: str = "", lang: Language = ENGLISH) -> Frame:
        """Draw the table, its words in `lang`. `unit_size`: the share of the centre left free for the unit;
        `targets`: piles to light up (where a picked card may go); `clock`: the
        turn clock shown in every plate; `prompt` (default the view's) and a
        smaller `hint` line below it (which key, what to click), or instead a
        `notice` (why a move was refused); `log_hint` heads the log panel."""
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        u = theme.unit_size((w, h))
        self.frame = Frame()
        self.clock, self.now, self.lang = clock, now, lang
        self.clickable_piles = targets if targets is not None else {c.pile for c in view.choices if c.pile}
        order = self._seat_order(view, viewer)
        bottom, others = order[0], order[1:]
        table_cy = int(h * 0.47)
        pygame.draw.ellipse(surface, theme.FELT_DARK, pygame.Rect(int(w * 0.17), int(h * 0.15), int(w * 0.66),
                                                                  int(h * 0.60)), width=max(2, int(u // 4)))
        self._draw_centre(surface, view, (w // 2, table_cy), u, unit_size, viewer)
        room = min(w * 0.27, w * 0.8 / max(1, len(others)))  # each seat's share of the width
        for i, seat in enumerate(others):
            angle = math.pi + (i + 1) * math.pi / (len(others) + 1)
            pos = (int(w / 2 + math.cos(angle) * w * 0.31), int(table_cy + math.sin(angle) * h * 0.31))
            self._draw_other(surface, view.seats[seat], pos, u, view.game, room)
        self._draw_bottom(surface, view.seats[bottom], u, view, hints)
        draw_side_panels(surface, self.frame, view, log or [], u, lang, log_hint)
        draw_choice_buttons(surface, self.frame, view, u, lang)
        draw_prompt(surface, self.frame, lang.say(view.prompt if prompt is None else prompt), hint, lang.say(notice),
                    u, self.frame.zones[view.seats[bottom].hand.key])
        self.flights.draw(surface, now, view.game, lang)
        return self.frame

    def _seat_order(self, view: TableView, viewer: int | None) -> list[int]:
        n = len(view.seats)
        first = viewer if viewer is not None else 0
        return [(first + i) % n for i in range(n)]

    def _draw_centre(self, surface, view: TableView, centre, u: float, unit_size: float, viewer) -> None:
        w, h = surface.get_size()
        ch = int(min(h * 0.15, w * 0.11))
        piles = view.centre
        unit_w = int(min(w, h) * unit_size)
        room = w * 0.56 - unit_w
        needed = sum(self._pile_width(p, card_size(ch)[0]) * 1.5 for p in piles)
        if needed > room:  # many piles (Skip-Bo): smaller cards rather than overlaps
            ch = max(40, int(ch * room / needed))
        cw = card_size(ch)[0]
        gap = int(cw * 0.5)
        widths = [self._pile_width(p, cw) for p in piles]
        total = sum(widths) + gap * max(0, len(piles) - 1) + (unit_w + gap if unit_w else 0)
        x = centre[0] - total // 2
        split = (len(piles) + 1) // 2 if unit_w else len(piles)
        for i, (pile, pw) in enumerate(zip(piles, widths)):
            if unit_w and i == split:
                self.frame.unit_rect = pygame.Rect(x, centre[1] - unit_w // 2, unit_w, unit_w)
                x += unit_w + gap
            self._draw_pile(surface, pile, pygame.Rect(x, centre[1] - ch // 2, pw, ch), ch, view.game, u, gap)
            x += pw + gap
        if unit_w and split == len(piles):
            self.frame.unit_rect = pygame.Rect(x, centre[1] - unit_w // 2, unit_w, unit_w)

    @staticmethod
    def _pile_width(pile: PileView, cw: int) -> int:
        n = max(1, pile.count)
        if pile.layout == "fan":
            return cw + int(cw * 0.28) * min(n - 1, 10)
        if pile.layout == "row":
            return (cw + cw // 8) * min(n, 8)
        return cw

    def _draw_pile(self, surface, pile: PileView, rect: pygame.Rect, ch: int, game: str, u: float, gap: int,
                   hints: bool = True, labelled: bool = True) -> None:
        """One pile; its label may use the pile's width and the `gap` to the next one."""
        cw = card_size(ch)[0]
        self.frame.zones[pile.key] = rect
        self.frame.anchors.append(Anchor(rect.inflate(6, 6), pile=pile.key))
        if pile.key in self.clickable_piles:  # a move waits here (or a picked card may go here)
            glow = pygame.Rect(rect.left, rect.top, max(rect.width, cw), ch).inflate(10, 10)
            pygame.draw.rect(surface, theme.YELLOW, glow, width=3, border_radius=max(6, cw // 8))
        if not pile.cards:
            pygame.draw.rect(surface, theme.FELT_DARK, pygame.Rect(rect.left, rect.top, cw, ch),
                             width=2, border_radius=max(4, cw // 10))
        elif pile.layout == "stack":
            for depth in range(min(3, pile.count - 1), 0, -1):
                draw_card(surface, pygame.Rect(rect.left + depth * 2, rect.top - depth * 2, cw, ch), None,
                          game=game, lang=self.lang)
            top = pile.cards[-1]
            card_rect = pygame.Rect(rect.left, rect.top, cw, ch)
            draw_card(surface, card_rect, top.face, highlight=top.highlight and hints, game=game, lang=self.lang)
            if top.id is not None:
                self.frame.anchors.append(Anchor(card_rect, card=top.id, pile=pile.key))
        else:
            cards = pile.cards[-10:] if pile.layout == "fan" else pile.cards  # every card of a row (all books)
            step = int(cw * 0.28) if pile.layout == "fan" else cw + cw // 8
            step = max(2, min(step, (rect.width - cw) // max(1, len(cards) - 1)))  # closed up to fit its place
            for i, card in enumerate(cards):
                card_rect = pygame.Rect(rect.left + i * step, rect.top, cw, ch)
                draw_card(surface, card_rect, card.face, highlight=card.highlight and hints, game=game, lang=self.lang)
                if card.id is not None:
                    self.frame.anchors.append(Anchor(card_rect, card=card.id, pile=pile.key))
        size = label_size(u, ch)
        width = max(rect.width, rect.width + gap - size // 2)  # clear of the next label: two never read as one
        for i, line in enumerate(self._label_lines(pile, size, width, labelled)):
            self.frame.labels.append((pile.key, draw.text(surface, line, (rect.left, rect.top + ch + 3 + i * int(
                size * 1.05)), size, theme.TEXT, max_width=width)))

    def _label_lines(self, pile: PileView, size: int, width: int, labelled: bool = True) -> list[str]:
        """The words under a pile in the reader's language: its name (if `labelled`) and its
        caption or count, on one line if they fit in `width`, else each on its own (three at most)."""
        say = self.lang.say
        count = say(pile.caption) or (str(pile.count) if pile.layout == "stack" and pile.count > 1 else "")
        parts = [re.sub(r" (\d+)$", "\u00a0\\1", part)  # "pile 1" stays on one line
                 for part in (say(pile.label) if labelled else "", count) if part]
        lines = draw.wrap(" · ".join(parts), size, width)
        if len(lines) > 1:  # the name on its own line(s), the count or state under it
            lines = [line for part in parts for line in draw.wrap(part, size, width)][:3]
        return lines

    def _draw_other(self, surface, seat: SeatView, pos, u: float, game: str, room: float) -> None:
        w, h = surface.get_size()
        ch = int(min(h * 0.085, w * 0.06))
        cw = card_size(ch)[0]
        n = seat.hand.count
        shown = any(card.face for card in seat.hand.cards)  # face up (a replay): each card's corner shows
        step = max(3, min(int(cw * (0.55 if shown else 0.3)), int(room * 0.5) // max(1, n)))
        width = cw + step * max(0, n - 1)
        hand_rect = pygame.Rect(pos[0] - width // 2, pos[1] - ch // 2, width, ch)
        if n == 0 and seat.piles:  # no hand to show (between turns): the piles move up
            hand_rect.height = 0
        for i, card in enumerate(seat.hand.cards):
            draw_card(surface, pygame.Rect(hand_rect.left + i * step, hand_rect.top, cw, ch), card.face, game=game,
                      lang=self.lang)
        self.frame.zones[seat.hand.key] = hand_rect
        wanted = seat.hand.key in self.clickable_piles  # a move waits on this player: ask them, rob them
        if wanted:
            pygame.draw.rect(surface, theme.YELLOW, hand_rect.inflate(10, 10), width=3, border_radius=max(6, cw // 8))
        if n:  # on the side towards the middle, away from the side panels in the corners
            right = pos[0] <= w // 2
            draw.text(surface, str(n), (hand_rect.right + 4 if right else hand_rect.left - 4, hand_rect.centery),
                      int(u * 1.1), theme.TEXT, anchor="midleft" if right else "midright", bold=True)
        plate = draw_plate(surface, self.frame, seat, (pos[0], hand_rect.top - 4), u, self.clock, self.now,
                           self.lang)
        if wanted:  # the player's hand, its count and plate pick the moves on them
            spot = hand_rect.union(plate)
            self.frame.anchors.append(Anchor(spot.inflate(spot.height // 2, spot.height // 4), pile=seat.hand.key))
        if seat.piles:
            pch = int(ch * 0.9)
            widths = [self._pile_width(p, card_size(pch)[0]) for p in seat.piles]
            total = sum(widths) * 1.25
            if total > room:  # shrink the cards until the seat's piles fit
                pch = max(26, int(pch * room / total))
            pcw = card_size(pch)[0]
            widths = [self._pile_width(p, pcw) for p in seat.piles]
            total = sum(widths) + (len(widths) - 1) * pcw // 4
            x = pos[0] - total // 2
            y = hand_rect.bottom + int(u * 0.5)
            for i, (pile, pw) in enumerate(zip(seat.piles, widths)):
                last = i == len(widths) - 1  # its label may run on to the end of the seat's share
                gap = max(pcw // 4, int(pos[0] + room / 2) - x - pw) if last else pcw // 4
                self._draw_pile(surface, pile, pygame.Rect(x, y, pw, pch), pch, game, u, gap, labelled=False)
                x += pw + pcw // 4

    def _draw_bottom(self, surface, seat: SeatView, u: float, view: TableView, hints: bool) -> None:
        w, h = surface.get_size()
        ch = int(min(h * 0.2, w * 0.13))
        cw = card_size(ch)[0]
        cards = seat.hand.cards
        usable = int(w * 0.62)
        if not seat.piles:  # the plate beside the hand stays inside the window
            usable = min(usable, w - 2 * (plate_size(seat, u, self.clock, self.lang)[0] + int(u * 1.5)))
        else:  # the hand stays clear of the seat's own piles
            usable = min(usable, w - 2 * int(w * OWN_PILES_SHARE + u))
        step = min(int(cw * 1.05), max(6, (usable - cw) // max(1, len(cards) - 1))) if cards else cw
        width = cw + step * max(0, len(cards) - 1)
        left = w // 2 - width // 2
        top = h - ch - int(u * 0.8)
        hand_rect = pygame.Rect(left, top, max(width, cw), ch)
        self.frame.zones[seat.hand.key] = hand_rect
        for i, card in enumerate(cards):
            lift = int(ch * 0.12) if card.highlight and hints else 0
            rect = pygame.Rect(left + i * step, top - lift, cw, ch)
            draw_card(surface, rect, card.face, highlight=card.highlight and hints, game=view.game, lang=self.lang)
            if card.id is not None:
                self.frame.anchors.append(Anchor(rect, card=card.id, pile=seat.hand.key))
        if not seat.piles:
            draw_plate(surface, self.frame, seat, (hand_rect.left - int(u), top + ch // 2), u, self.clock, self.now,
                       self.lang, anchor="midright")
        else:  # the seat's own piles left of the hand; the name plate above them
            pch, widths = self._own_pile_slots(seat.piles, int(w * OWN_PILES_SHARE - u), int(ch * 0.8))
            pcw = card_size(pch)[0]
            x, y = int(u), top + ch - pch - int(u * 1.2)
            size, gap = label_size(u, pch), pcw // 3
            lines = max(len(self._label_lines(pile, size, max(pw, pw + gap - size // 2)))
                        for pile, pw in zip(seat.piles, widths))
            y -= max(0, y + pch + 3 + lines * int(size * 1.05) - (h - int(u * 0.3)))  # the words stay in the window
            draw_plate(surface, self.frame, seat, (x, y - int(u * 0.6)), u, self.clock, self.now, self.lang,
                       anchor="bottomleft")
            for pile, pw in zip(seat.piles, widths):
                self._draw_pile(surface, pile, pygame.Rect(x, y, pw, pch), pch, view.game, u, gap, hints)
                x += pw + gap

    @staticmethod
    def _own_pile_slots(piles, room: int, largest: int) -> tuple[int, list[int]]:
        """The card height and each pile's width for the viewer's own piles, in
        `room`: the same however many cards lie in them or the hand holds, so
        a pile is where the player last saw it. Fanned piles share what the
        stacks leave (at least SPREAD_SLOT card widths each)."""
        stacks = sum(p.layout == "stack" for p in piles)
        spread = len(piles) - stacks
        gaps = (len(piles) - 1) / 3
        pcw = max(20, min(card_size(largest)[0], int(room / (stacks + SPREAD_SLOT * spread + gaps))))
        slot = int((room - (stacks + gaps) * pcw) / spread) if spread else pcw
        return int(pcw / ASPECT), [pcw if p.layout == "stack" else slot for p in piles]
