"""Card flights: card moves are animated from the difference between two
views. A zone whose count went down sends cards to a zone whose count went up
(a play, a draw, a penalty, a book handed over), so every game is animated
without code of its own.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from haudrauf.engine.core import TableView
from haudrauf.table.faces import card_size, draw_card
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH

ANIMATION_S = 0.38
MAX_FLYING = 6


@dataclass
class Flight:
    start: tuple[float, float]
    end: tuple[float, float]
    face: str | None
    began: float
    height: int


def _pile_count(view: TableView) -> dict[str, int]:
    counts = {p.key: p.count for p in view.centre}
    for seat in view.seats:
        counts[seat.hand.key] = seat.hand.count
        counts.update({p.key: p.count for p in seat.piles})
    return counts


def _top_face(view: TableView, key: str) -> str | None:
    for pile in [*view.centre, *(p for s in view.seats for p in (s.hand, *s.piles))]:
        if pile.key == key and pile.cards:
            return pile.cards[-1].face
    return None


class CardFlights:
    """The cards in the air, and the pile counts of the last view noted."""

    def __init__(self) -> None:
        self.flying: list[Flight] = []
        self._last_counts: dict[str, int] | None = None

    def note(self, view: TableView, zones: dict[str, pygame.Rect], now: float) -> None:
        """Compare with the previous view and send cards flying between the
        `zones` drawn last (pile and hand key → rect; landed cards are dropped
        first: only MAX_FLYING may be in the air)."""
        self.flying = [f for f in self.flying if now - f.began < ANIMATION_S]
        counts = _pile_count(view)
        if self._last_counts is not None and zones:
            gone = [(k, self._last_counts[k] - n) for k, n in counts.items()
                    if k in self._last_counts and n < self._last_counts[k]]
            came = [(k, n - self._last_counts[k]) for k, n in counts.items()
                    if k in self._last_counts and n > self._last_counts[k]]
            self._fly(gone, came, view, zones, now)
        self._last_counts = counts

    def _fly(self, gone, came, view: TableView, zones: dict[str, pygame.Rect], now: float) -> None:
        delay = 0.0
        for target, n in came:
            for source, _ in gone or [(None, 0)]:
                if target not in zones or (source is not None and source not in zones):
                    continue
                start = zones[source].center if source else zones[target].center
                face = _top_face(view, target) if target and not target.endswith(".hand") else None
                for _ in range(min(n, 3)):
                    if len(self.flying) >= MAX_FLYING:
                        return
                    height = max(24, zones[target].height if zones[target].height < 400 else 120)
                    self.flying.append(Flight(start, zones[target].center, face, now + delay, height))
                    delay += 0.08
                break

    def draw(self, surface: pygame.Surface, now: float, game: str, lang: Language = ENGLISH) -> None:
        for f in self.flying:
            t = (now - f.began) / ANIMATION_S
            if not 0 <= t <= 1:
                continue
            ease = 1 - (1 - t) ** 3
            x = f.start[0] + (f.end[0] - f.start[0]) * ease
            y = f.start[1] + (f.end[1] - f.start[1]) * ease - math.sin(math.pi * t) * f.height * 0.4
            cw, ch = card_size(f.height)
            draw_card(surface, pygame.Rect(int(x - cw / 2), int(y - ch / 2), cw, ch), f.face, game=game, lang=lang)
