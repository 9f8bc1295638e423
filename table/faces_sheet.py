"""A contact sheet of every card face of every game and every back, to look
at the card painters (table/faces/) without starting the table.

    python -m table.faces_sheet out.png [--height 120] [--columns 13]

Headless: no window is opened.
"""
from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the SDL driver is chosen)

from haudrauf.table import faces  # noqa: E402

GAMES = tuple(faces.KITS)
TABLE_GREEN = (22, 92, 58)


def all_faces() -> dict[str, list[str]]:
    """Game id → its distinct face strings, in card-id order, from each game's face kit."""
    return {game: list(dict.fromkeys(kit.faces())) for game, kit in faces.KITS.items()}


def _label(sheet: pygame.Surface, text: str, pos: tuple[int, int], size: int) -> None:
    font = pygame.font.Font(None, size)
    sheet.blit(font.render(text, True, (235, 235, 220)), pos)


def _rows(height: int) -> list[tuple[str, list[tuple[str | None, dict]]]]:
    """(title, [(face, draw_card options)]) per section of the sheet."""
    rows: list[tuple[str, list[tuple[str | None, dict]]]] = []
    for game, found in all_faces().items():
        rows.append((f"{game} ({len(found)} faces)", [(f, {}) for f in found]))
    extras: list[tuple[str | None, dict]] = [(None, {"game": g}) for g in GAMES + ("unknown",)]
    extras += [("uno/red/7", {"highlight": True}), ("uno/red/7", {"dim": True}),
               ("std/Q/hearts", {"highlight": True}), ("cofw/blue/8", {"dim": True}),
               ("nope/what", {}), ("uno/purple/7", {})]
    rows.append(("backs (" + ", ".join(GAMES) + ", unknown); highlight / dim; unknown faces", extras))
    return rows


def render_sheet(height: int = 120, columns: int = 13) -> pygame.Surface:
    """Every face and back at `height` px on a table-green sheet."""
    w, h = faces.card_size(height)
    gap = max(6, height // 8)
    title = max(14, min(28, height // 4))
    rows = _rows(height)
    lines = sum((len(cards) + columns - 1) // columns for _, cards in rows)
    sheet = pygame.Surface((gap + columns * (w + gap), len(rows) * (title + gap) + lines * (h + gap) + gap))
    sheet.fill(TABLE_GREEN)
    y = gap
    for heading, cards in rows:
        _label(sheet, heading, (gap, y), title)
        y += title + gap // 2
        for i, (face, options) in enumerate(cards):
            col = i % columns
            if i and col == 0:
                y += h + gap
            faces.draw_card(sheet, (gap + col * (w + gap), y, w, h), face, **options)
        y += h + gap + gap // 2
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--height", type=int, default=120, help="card height in px (default 120)")
    parser.add_argument("--columns", type=int, default=13)
    args = parser.parse_args(argv)
    pygame.font.init()
    sheet = render_sheet(args.height, args.columns)
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
