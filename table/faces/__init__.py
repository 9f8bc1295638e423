"""Card faces and backs for every game, drawn with pygame.draw and the default
font only — no image files, so a card is crisp at any size. One module per
game paints its faces and back, lists them and says what each card does, in
its `KIT` (drawing helpers in `common`); this module picks the painter and
composes, dims, highlights and caches the card.

    draw_card(surface, rect, "uno/red/7")                 # a face
    draw_card(surface, rect, None, game="skip-bo")        # that game's back
    draw_card(surface, rect, face, highlight=True)        # playable: gold glow
    draw_card(surface, rect, face, dim=True)              # not playable: greyed

A face string's prefix (before the first "/") picks its painter in `PAINTERS`
and its tooltip (`explain`), a game id its back in `BACKS` (see the engine
README, "Card faces"); a new game's faces are one new module and its `KIT` in
`KITS`. A face no painter
understands is drawn as a neutral card showing the string: a renderer must
never crash on a card.

Small cards (under ``COMPACT_HEIGHT`` px) drop the corner indices and draw the
centre bigger, because 6 px corner text is unreadable anyway. Cards are
painted at twice their size and smooth-scaled down (cheap antialiasing), then
kept in a bounded LRU cache, because the table redraws every frame.
The highlight glow and the drop shadow reach a few pixels outside `rect`.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable

import pygame

from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH
from haudrauf.table.faces.common import INK, Canvas, FaceKit, Colour, blit_center, blit_lines, text_block, text_image
from haudrauf.table.faces import crazy_old_fish_war, go_fish, sea_salt_paper, skip_bo, uno_hau_drauf

#: Every game's cards by game id: a new game's faces are one module and one line here.
KITS: dict[str, FaceKit] = {kit.game: kit for kit in (
    uno_hau_drauf.KIT, go_fish.KIT, skip_bo.KIT, crazy_old_fish_war.KIT, sea_salt_paper.KIT)}

ASPECT = 5 / 7  # width / height of every card
CACHE_SIZE = 512
SUPERSAMPLE_UP_TO = 360  # cards up to this height are painted at 2x and scaled down

GOLD: Colour = (255, 204, 0)
BORDER: Colour = (70, 70, 78)


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a card `height` px tall, at the 5:7 card ratio."""
    return round(height * ASPECT), int(height)


# --- unknown faces ------------------------------------------------------------------

def paint_unknown(cv: Canvas, face: str) -> None:
    """A face no painter knows: a plain card saying what it is, never a crash."""
    cv.fill((226, 226, 230))
    cv.panel(4, (150, 150, 160), radius=5, width=1)
    blit_center(cv.surf, text_image("?", cv.h * 0.3, (120, 120, 130)), (cv.w / 2, cv.h * 0.35))
    if not cv.compact:
        box = pygame.Rect(0, 0, round(cv.w * 0.8), round(cv.h * 0.35))
        box.center = (cv.w // 2, round(cv.h * 0.72))
        text = "".join(c if c.isprintable() else "?" for c in str(face)).replace("/", " / ").strip() or "(empty)"
        blit_lines(cv.surf, text_block(text, cv.h * 0.06, box, INK), box.center, cv.h * 0.02)


#: Each face prefix's kit: its painter (`PAINTERS`) and its tooltip (`explain`).
BY_PREFIX: dict[str, FaceKit] = {kit.prefix: kit for kit in KITS.values()}
PAINTERS: dict[str, Callable[[Canvas, list[str]], None]] = {prefix: kit.paint for prefix, kit in BY_PREFIX.items()}


def paint_face(cv: Canvas, face: str) -> None:
    """The painter for `face`'s prefix; raises on a face it does not understand."""
    prefix, _, rest = face.partition("/")
    PAINTERS[prefix](cv, rest.split("/"))


def back_neutral(cv: Canvas) -> None:
    """Grey cross-hatch: a back that belongs to no game."""
    cv.fill((112, 116, 128))
    colour = (140, 144, 156)
    step = cv.h * 0.06
    for i in range(int((cv.w + cv.h) / step) + 1):
        d = i * step
        pygame.draw.line(cv.surf, colour, (d, 0), (d - cv.h, cv.h), max(1, round(cv.u * 0.5)))
    cv.panel(4, (200, 202, 210), radius=5, width=1.2)
    cv.pen(50, 50, 14).circle(0, 0, 1, (200, 202, 210), width=0.25)


BACKS: dict[str, Callable[[Canvas], None]] = {game: kit.back for game, kit in KITS.items()}


def has_swatch(game: str, colour) -> bool:
    """Whether `game` shows a colour its moves name (a wild's colour) as a swatch."""
    kit = KITS.get(game)
    return kit is not None and kit.swatch is not None and colour in kit.swatches


def draw_swatch(surface: pygame.Surface, rect: pygame.Rect, game: str, colour) -> None:
    """That colour's swatch in `rect` (see has_swatch)."""
    KITS[game].swatch(surface, rect, colour)


def explain(face: str | None, lang: Language = ENGLISH) -> str | None:
    """What the card with this face does, in a sentence or two in `lang` (the tooltip in
    table mode); None for a face no game knows, or a card lying face down."""
    if not face:
        return None
    prefix, _, rest = face.partition("/")
    kit = BY_PREFIX.get(prefix)
    try:
        return lang.say(kit.explain(rest.split("/"))) if kit else None
    except (IndexError, KeyError, ValueError):
        return None


# --- composing, effects and the cache ---------------------------------------------------

def _grey_out(body: pygame.Surface) -> None:
    """Mostly desaturate and darken: still recognisable, clearly not playable."""
    grey = pygame.transform.grayscale(body)
    grey.set_alpha(190)
    body.blit(grey, (0, 0))
    body.fill((185, 185, 185), special_flags=pygame.BLEND_RGB_MULT)


def _round_corners(body: pygame.Surface, radius: int) -> pygame.Surface:
    """The body with transparent rounded corners."""
    card = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    card.blit(body, (0, 0))
    mask = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    card.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return card


def _margin(h: int, highlight: bool, shadow: bool) -> int:
    """How far the glow or shadow reaches outside the card."""
    if highlight:
        return max(3, round(h * 0.07))
    return max(1, round(h * 0.03)) if shadow else 0


def _effects(card: pygame.Surface, highlight: bool, shadow: bool) -> tuple[pygame.Surface, int]:
    """The card on a larger transparent surface with its shadow and/or glow."""
    w, h = card.get_size()
    m = _margin(h, highlight, shadow)
    if not m:
        return card, 0
    out = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    radius = round(min(w, h) * 0.08)
    if shadow:
        off = max(1, round(h * 0.02))
        pygame.draw.rect(out, (0, 0, 0, 90), (m + off, m + off, w, h), border_radius=radius)
    if highlight:
        steps = max(2, m)
        for i in range(steps):  # outer and faint → inner and strong
            grow = round(m * (1 - i / steps))
            alpha = round(40 + 170 * (i / steps) ** 1.5)
            pygame.draw.rect(out, (*GOLD, alpha), pygame.Rect(m, m, w, h).inflate(2 * grow, 2 * grow),
                             border_radius=radius + grow)
    out.blit(card, (m, m))
    return out, m


def render_card(face: str | None, size: tuple[int, int], highlight: bool = False, dim: bool = False,
                game: str = "", shadow: bool = True, lang: Language = ENGLISH) -> tuple[pygame.Surface, int]:
    """Paint one card (uncached): returns the surface and how far it reaches
    outside the card rectangle on each side. Words printed on it ("BOAT") are in `lang`."""
    w, h = size
    ss = 2 if h <= SUPERSAMPLE_UP_TO else 1
    body = pygame.Surface((w * ss, h * ss))
    cv = Canvas(body, h, lang.say)
    if face is None:
        BACKS.get(game, back_neutral)(cv)
    else:
        try:
            paint_face(cv, face)
        except Exception:  # a bad face string must not take the table down
            paint_unknown(cv, face)
    if dim:
        _grey_out(body)
    radius = round(min(w, h) * 0.08) * ss
    edge_w = max(1, round(h / 160)) * ss
    pygame.draw.rect(body, BORDER, body.get_rect(), edge_w, border_radius=radius)
    if highlight:
        pygame.draw.rect(body, GOLD, body.get_rect(), max(2, round(h * 0.025)) * ss, border_radius=radius)
    card = _round_corners(body, radius)
    if ss > 1:
        card = pygame.transform.smoothscale(card, (w, h))
    return _effects(card, highlight, shadow)


_CACHE: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()


def cached_card(face: str | None, size: tuple[int, int], highlight: bool = False, dim: bool = False,
                game: str = "", shadow: bool = True, lang: Language = ENGLISH) -> tuple[pygame.Surface, int]:
    """`render_card` through a bounded LRU cache: the table redraws every frame."""
    key = (face, size, highlight, dim, game if face is None else "", shadow, lang.code)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    img, margin = render_card(face, size, highlight, dim, game, shadow, lang)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        img = img.convert_alpha()  # the display's pixel format blits several times faster
    hit = _CACHE[key] = (img, margin)
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return hit


def clear_cache() -> None:
    _CACHE.clear()


def cache_len() -> int:
    return len(_CACHE)


def draw_card(surface: pygame.Surface, rect, face: str | None, *, highlight: bool = False, dim: bool = False,
              game: str = "", shadow: bool = True, lang: Language = ENGLISH) -> None:
    """Draw a card filling `rect`: `face` None draws `game`'s back. The glow
    (highlight) and the shadow reach a few pixels beyond `rect`."""
    rect = pygame.Rect(rect)
    if rect.width < 2 or rect.height < 2:
        return
    img, m = cached_card(face, rect.size, highlight, dim, game, shadow, lang)
    surface.blit(img, (rect.x - m, rect.y - m))
