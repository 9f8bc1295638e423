"""A card face as PNG bytes, painted by the table's own card painters, for the
phones (phones/server.py serves them at /card/<face>.png): a phone's hand
looks like the table's, with no image files shipped.

Only faces some game has are painted (each kit's `faces()`): the server hands
this any well-formed path a phone asks for, and an unknown one is a 404, not a
card reading "nope" — and keeps nothing, so a stranger asking for a million
made-up names grows nothing. Each face is painted once per run and kept (241
faces of about 10 KB at most, 2.5 MB): a card costs ~8 ms to paint and encode,
too much to spend again in a frame of the main loop, which steps the server."""
from __future__ import annotations

import io
from functools import cache

import pygame

from haudrauf.play.language import Language
from haudrauf.table.faces import KITS, card_size, render_card

HEIGHT = 280  # px: sharp on a 3x phone screen at the page's card size (about 90 CSS px tall)


@cache
def known_faces() -> frozenset[str]:
    return frozenset(face for kit in KITS.values() for face in kit.faces())


@cache
def faces_of(game: str) -> frozenset[str]:
    """The faces `game`'s deck has (none for a game without cards to show)."""
    kit = KITS.get(game)
    return frozenset(kit.faces()) if kit else frozenset()


def card_png(face: str, lang: str = "en") -> bytes | None:
    """`face`'s picture as a PNG, HEIGHT px tall, transparent round corners, no
    shadow or glow (the page marks playable cards itself), the words on it in `lang`
    (a language we speak); None for a face no game has."""
    return painted(face, lang) if face in known_faces() else None


@cache  # only ever asked for a known face in one of our languages: at most 7 × len(known_faces()) pictures kept
def painted(face: str, lang: str) -> bytes:
    if not pygame.font.get_init():
        pygame.font.init()
    surface, _ = render_card(face, card_size(HEIGHT), shadow=False, lang=Language(lang))
    out = io.BytesIO()
    pygame.image.save(surface, out, "card.png")
    return out.getvalue()
