"""The standard 52-card deck (std/<rank>/<suit>) and Go Fish's back."""
from __future__ import annotations

import pygame

from haudrauf.engine.games.go_fish.cards import FACES
from haudrauf.table.faces.common import FaceKit, WHITE, Canvas, Colour, Pen, blit_center, fish, fit_text, text_image
from haudrauf.words import Message, msg


# --- standard 52-card deck (Go Fish) ----------------------------------------------

STD_RED: Colour = (205, 22, 35)
STD_BLACK: Colour = (20, 20, 26)
STD_SUITS = ("clubs", "diamonds", "hearts", "spades")
STD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def suit_shape(pen: Pen, suit: str, colour: Colour) -> None:
    """A suit drawn from circles and polygons in the unit box (no font glyphs)."""
    if suit == "hearts":
        pen.circle(-0.47, -0.38, 0.5, colour)
        pen.circle(0.47, -0.38, 0.5, colour)
        pen.poly([(-0.95, -0.25), (0.95, -0.25), (0.0, 0.95)], colour)
    elif suit == "diamonds":
        pen.poly([(0, -1), (0.74, 0), (0, 1), (-0.74, 0)], colour)
    elif suit == "spades":
        pen.circle(-0.45, 0.16, 0.45, colour)
        pen.circle(0.45, 0.16, 0.45, colour)
        pen.poly([(-0.88, 0.05), (0.88, 0.05), (0.0, -1.0)], colour)
        pen.poly([(0, 0.2), (-0.32, 0.95), (0.32, 0.95)], colour)
    elif suit == "clubs":
        for x, y in ((0, -0.5), (-0.5, 0.13), (0.5, 0.13)):
            pen.circle(x, y, 0.42, colour)
        pen.circle(0, -0.05, 0.25, colour)
        pen.poly([(0, -0.1), (-0.32, 0.95), (0.32, 0.95)], colour)
    else:
        raise KeyError(suit)


def _crown(pen: Pen, colour: Colour, points: int) -> None:
    """A crown (king: 3 points, queen: 5 smaller) — tells K from Q at a glance."""
    pts = [(-0.9, 0.6), (-0.9, -0.5)]
    for i in range(points):
        x0 = -0.9 + 1.8 * i / points
        pts += [(x0 + 0.9 / points, 0.05), (x0 + 1.8 / points, -0.5)]
    pts += [(0.9, 0.6)]
    pen.poly(pts, colour)
    for i in range(points + 1):
        pen.circle(-0.9 + 1.8 * i / points, -0.58, 0.13, colour)


def paint_std(cv: Canvas, parts: list[str]) -> None:
    """std/<rank>/<suit>: rank and suit in two corners, big rank and suit in the middle."""
    rank, suit = parts
    if rank not in STD_RANKS or suit not in STD_SUITS:
        raise KeyError("/".join(parts))
    colour = STD_RED if suit in ("hearts", "diamonds") else STD_BLACK
    cv.fill((252, 251, 246))
    if rank in ("J", "Q", "K"):
        _std_court(cv, rank, suit, colour)
    elif cv.compact:
        blit_center(cv.surf, fit_text(rank, cv.h * 0.34, cv.w * 0.9, colour), (cv.w / 2, cv.h * 0.30))
        suit_shape(cv.pen(50, 72, 20), suit, colour)
    else:
        blit_center(cv.surf, fit_text(rank, cv.h * 0.25, cv.w * 0.5, colour), (cv.w / 2, cv.h * 0.36))
        suit_shape(cv.pen(50, 66, 13.5), suit, colour)
    if not cv.compact:
        _std_corners(cv, rank, suit, colour)


def _std_court(cv: Canvas, rank: str, suit: str, colour: Colour) -> None:
    """J, Q, K: a framed panel with a crown (K, Q) or a cap (J) over the letter."""
    inset_x, inset_y = (3, 3) if cv.compact else (21, 12)
    frame = cv.surf.get_rect().inflate(-2 * round(inset_x * cv.w / 100), -2 * round(inset_y * cv.u))
    pygame.draw.rect(cv.surf, (255, 238, 190), frame, border_radius=round(3 * cv.u))
    pygame.draw.rect(cv.surf, colour, frame, max(1, round(0.9 * cv.u)), border_radius=round(3 * cv.u))
    cx = frame.centerx
    mark = Pen(cv.surf, (cx, frame.top + frame.height * 0.2), frame.width * 0.22)
    if rank == "J":
        mark.poly([(-0.9, 0.5), (-0.6, -0.3), (0.3, -0.5), (0.9, 0.5)], colour)
        mark.circle(0.45, -0.55, 0.2, (230, 170, 0))
    else:
        _crown(mark, (225, 165, 0) if rank == "K" else colour, 3 if rank == "K" else 5)
    blit_center(cv.surf, fit_text(rank, cv.h * (0.3 if cv.compact else 0.24), frame.width * 0.8, colour),
                 (cx, frame.top + frame.height * 0.5))
    suit_shape(Pen(cv.surf, (cx, frame.top + frame.height * 0.8), frame.height * 0.11), suit, colour)


def _std_corners(cv: Canvas, rank: str, suit: str, colour: Colour) -> None:
    cap = cv.h * 0.11
    rank_img = text_image(rank, cap, colour)
    suit_r = cv.h * 0.045
    img = pygame.Surface((max(rank_img.get_width(), round(2 * suit_r * 0.95)),
                          rank_img.get_height() + round(cv.h * 0.02 + 2 * suit_r)), pygame.SRCALPHA)
    img.blit(rank_img, rank_img.get_rect(midtop=(img.get_width() // 2, 0)))
    suit_shape(Pen(img, (img.get_width() / 2, img.get_height() - suit_r), suit_r), suit, colour)
    cv.corners(img, inset_x=4.5, inset_y=4.5)


def back_go_fish(cv: Canvas) -> None:
    """Classic blue lattice with a white fish in a medallion."""
    blue, line = (28, 78, 168), (78, 128, 210)
    cv.fill(WHITE)
    box = cv.panel(4, blue, radius=4)
    step = cv.h * 0.08
    n = int((cv.w + cv.h) / step) + 1
    for i in range(n):
        d = i * step
        pygame.draw.line(cv.surf, line, (box.left + d, box.top), (box.left + d - cv.h, box.top + cv.h),
                         max(1, round(cv.u * 0.6)))
        pygame.draw.line(cv.surf, line, (box.left + d - cv.h, box.top), (box.left + d, box.top + cv.h),
                         max(1, round(cv.u * 0.6)))
    cv.panel(4, WHITE, radius=4, width=1.5)  # repaint the border over the lattice ends
    pygame.draw.rect(cv.surf, WHITE, (0, 0, cv.w, cv.h), round(4 * cv.u))
    medal = cv.pen(50, 50, 21)
    medal.circle(0, 0, 1, WHITE)
    medal.circle(0, 0, 0.9, blue)
    fish(medal.sub(0, 0, 0.7), WHITE, blue)


# --- what the cards do (the tooltip) and every face (the contact sheet) -------------------

#: The picture cards in the plural: at the start of a sentence, and in it.
GO_FISH_RANKS = {"A": (msg("Aces"), msg("aces")), "J": (msg("Jacks"), msg("jacks")),
                 "Q": (msg("Queens"), msg("queens")), "K": (msg("Kings"), msg("kings"))}


def _go_fish(parts: list[str]) -> Message:
    rank, suit = parts
    if suit not in ("clubs", "diamonds", "hearts", "spades"):
        raise ValueError(suit)
    title, ranks = GO_FISH_RANKS.get(rank) or (msg("{rank}s", rank=str(int(rank))),) * 2
    return msg("{title}: ask an opponent for {ranks} while you hold one. All four {ranks} make a book, laid down "
               "at once; suits do not matter.", title=title, ranks=ranks)


def all_faces() -> list[str]:
    return list(FACES)


KIT = FaceKit(game="go-fish", prefix="std", paint=paint_std, back=back_go_fish,
              faces=all_faces, explain=_go_fish)
