"""The text boxes round the table: the prompt above the viewer's hand (or
why a move was refused), the game's information and the log in the top
corners, and the choices that have no card or pile to click, as buttons.
None of them covers a name plate."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from haudrauf.engine.core import TableView
from haudrauf.engine.core.table_view import Text
from haudrauf.play.language import Language
from haudrauf.table.ui import draw, theme

if TYPE_CHECKING:
    from haudrauf.table.render import Frame


def draw_prompt(surface, frame: Frame, prompt: str, hint: str, notice: str, u: float, hand: pygame.Rect) -> None:
    """What the viewer is asked to do, above their hand (moved clear of any
    name plate), with a smaller line saying how — or, for a few seconds,
    why the last move was refused, on a red panel where the eyes are."""
    w, h = surface.get_size()
    room = int(w * 0.62)
    prompt_size, small = int(u * 1.3), int(u * 0.95)
    told = [(line, prompt_size, theme.TEXT) for line in draw.wrap(notice, prompt_size, room - int(u))[:3] if line]
    lines = [(line, prompt_size, theme.YELLOW) for line in draw.wrap(prompt, prompt_size, room)[:2] if line]
    lines += told or [(line, small, theme.TEXT) for line in draw.wrap(hint, small, room)[:2] if line]
    if not lines:
        return
    heights = [int(size * 1.1) for _, size, _ in lines]
    width = max(theme.font(size, True).size(line)[0] for line, size, _ in lines) + (int(u) if told else 0)
    box = pygame.Rect(0, 0, min(width, room), sum(heights))
    box.midbottom = (w // 2, hand.top - int(u * 1.2) - int(hand.height * 0.12))  # above lifted cards
    taken = [*frame.plates.values(), *frame.banners, *(rect for rect, _ in frame.buttons)]
    box = draw.clear_spot(box, taken, surface.get_rect(), int(u * 0.5)) or box
    frame.banners.append(box)
    frame.prompt = box
    if told:
        panel = box.copy()
        panel.height = sum(heights[-len(told):])
        panel.bottom = box.bottom
        draw.panel(surface, panel, colour=theme.REFUSED)
        frame.notice = panel
    y = box.top
    for (line, size, colour), height in zip(lines, heights):
        draw.text(surface, line, (box.centerx, y), size, colour, anchor="midtop", bold=size == prompt_size,
                  max_width=box.width - (int(u) if told else 0))
        y += height


def draw_side_panels(surface, frame: Frame, view: TableView, log: list[Text], u: float, lang: Language,
                     log_hint: str = "") -> None:
    """The game's information top left; the log below the scene's buttons top
    right (long entries wrap, the newest is bright; `log_hint` heads it: how
    to see all of it), both in `lang`. Neither covers a plate."""
    w, h = surface.get_size()
    size = int(u * 0.85)
    width = int(w * 0.19)
    if view.info:
        info = [lang.say(line) for line in view.info]

        def info_lines(room: int):
            return [(line, True) for text in info for line in draw.wrap(text, size, room - int(u))]
        side_panel(surface, frame, [info_lines], pygame.Rect(int(u * 0.5), int(u * 0.5), width, 0), size, u)
    if log or log_hint:  # older lines give way to a seat before the panel narrows
        head = [(log_hint, False)] if log_hint else []
        recent = [lang.say(line) for line in log[-6:]]
        fits = [lambda room, keep=keep: head + draw.log_lines(recent, size, room - int(u), keep=keep)
                for keep in (9, 6, 4, 2)]
        frame.log = side_panel(surface, frame, fits, pygame.Rect(w - width - int(u * 0.5), int(u * 3.2), width, 0),
                               size, u)


def side_panel(surface, frame: Frame, fits, box: pygame.Rect, size: int, u: float) -> pygame.Rect | None:
    """A panel of lines at `box` (its height follows the lines): each way
    of laying the lines out (`fits`, room → [(line, bright)]) is tried at
    full width; then the last one on a panel narrowed off the plates it
    would cover. Left out (None) when it cannot fit; else where it went."""
    plates = list(frame.plates.values())
    right = box.right
    line_h = int(size * 1.15)
    for lines_for in fits:
        lines = lines_for(box.width)
        box.height = len(lines) * line_h + int(u)
        if box.collidelist(plates) == -1:
            break
    while box.collidelist(plates) != -1:
        hit = [p for p in plates if p.colliderect(box)]
        if box.left < surface.get_width() // 2:  # the left panel ends before the plate
            box.width = min(p.left for p in hit) - 2 - box.left
        else:  # the right panel starts after it
            box.left = max(p.right for p in hit) + 2
            box.width = right - box.left
        if box.width < u * 6:
            return None
        lines = lines_for(box.width)
        box.height = len(lines) * line_h + int(u)
    draw.panel(surface, box, alpha=170)
    frame.banners.append(box)
    for i, (line, bright) in enumerate(lines):
        draw.text(surface, line, (box.left + u // 2, box.top + u // 2 + i * line_h), size,
                  theme.TEXT if bright else theme.MUTED, max_width=box.width - int(u))
    return box


def draw_choice_buttons(surface, frame: Frame, view: TableView, u: float, lang: Language) -> None:
    """Choices without a card or pile to click: buttons at the bottom right, labelled in `lang`."""
    w, h = surface.get_size()
    loose = [c for c in view.choices if c.card is None and c.pile is None]
    bh = int(u * 2.2)
    longest = draw.widest((lang.say(c.label) for c in loose[:8]), int(bh * 0.45))
    bw = max(int(w * 0.17), min(int(w * 0.3), longest + int(u * 1.5)))
    y = h - int(u * 0.8) - bh
    for choice in reversed(loose[:8]):
        rect = pygame.Rect(w - bw - int(u * 0.8), y, bw, bh)
        pygame.draw.rect(surface, theme.BUTTON, rect, border_radius=bh // 3)
        pygame.draw.rect(surface, theme.YELLOW, rect, width=2, border_radius=bh // 3)
        draw.text(surface, lang.say(choice.label), rect.center, int(bh * 0.45), theme.TEXT, anchor="center",
                  max_width=bw - 8)
        frame.buttons.append((rect, choice))
        y -= bh + int(u * 0.4)
