"""Sea Salt & Paper's faces (ssp/<kind>/<colour>, ssp/event/<name>) and back."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from haudrauf.engine.games.sea_salt_paper.cards import COLOUR_WORDS, KIND_WORDS
from haudrauf.engine.games.sea_salt_paper.extra_pepper import EVENTS as SSP_EVENTS
from haudrauf.engine.games.sea_salt_paper import cards as ssp
from haudrauf.engine.games.sea_salt_paper.extra_pepper import EVENTS
from haudrauf.words import Message, msg
from haudrauf.table.faces.common import (
    FaceKit, ACCENT, INK, WHITE, Canvas, Colour, Pen, blit_center, blit_lines, ellipse_pts, fish, fit_text, luma, mermaid,
    mix, star_pts, text_block, text_image, wave,
)


# --- Sea Salt & Paper ---------------------------------------------------------

SSP_RGB: dict[str, Colour] = {
    "dark-blue": (30, 62, 140), "light-blue": (110, 185, 230), "black": (38, 38, 44),
    "yellow": (246, 204, 50), "green": (80, 165, 80), "white": (246, 244, 236),
    "purple": (128, 78, 170), "grey": (150, 152, 158), "light-orange": (250, 190, 130),
    "pink": (240, 140, 185), "orange": (238, 118, 28),
}
SSP_NAVY: Colour = (24, 36, 66)


def _ssp_ink(colour: Colour) -> Colour:
    """The drawing colour on a card of `colour`: dark on light paper, white on dark."""
    return SSP_NAVY if luma(colour) > 0.55 else (250, 250, 246)


def ssp_crab(pen: Pen, ink: Colour, bg: Colour) -> None:
    for s in (1, -1):
        for i in range(3):
            pen.line([(0.4 * s, 0.18 + 0.12 * i), (0.75 * s, 0.1 + 0.2 * i), (0.92 * s, 0.38 + 0.2 * i)], ink, 0.07)
        pen.line([(0.35 * s, -0.02), (0.62 * s, -0.3)], ink, 0.1)
        pen.circle(0.66 * s, -0.5, 0.24, ink)
        pen.poly([(0.66 * s, -0.5), (0.58 * s, -0.86), (0.8 * s, -0.8)], bg)
        pen.line([(0.16 * s, -0.1), (0.2 * s, -0.42)], ink, 0.06)
        pen.circle(0.2 * s, -0.46, 0.09, ink)
    pen.ellipse(0, 0.2, 0.58, 0.36, ink)


def ssp_boat(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.92, 0.32), (0.92, 0.32), (0.62, 0.7), (-0.62, 0.7)], ink)
    pen.line([(0, 0.32), (0, -0.92)], ink, 0.07)
    pen.poly([(0.08, -0.86), (0.08, 0.22), (0.78, 0.22)], ink)
    pen.poly([(-0.08, -0.6), (-0.08, 0.22), (-0.62, 0.22)], ink)
    pen.line(wave(-0.95, 0.95, 0.86, 0.05, 3), ink, 0.06)


def ssp_swimmer(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.circle(-0.38, -0.22, 0.22, ink)
    pen.line([(-0.1, -0.02), (0.25, -0.55), (0.7, -0.35)], ink, 0.14)
    pen.poly([(-0.3, 0.1), (0.6, -0.05), (0.75, 0.15), (-0.2, 0.25)], ink)
    for y in (0.28, 0.6):
        pen.line(wave(-0.95, 0.95, y, 0.07, 2.5), ink, 0.08)


def ssp_shark(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.55, 0.28), (-0.25, -0.2), (0.05, -0.62), (0.28, -0.88), (0.24, -0.4), (0.5, 0.28)], ink)
    for y in (0.36, 0.66):
        pen.line(wave(-0.95, 0.95, y, 0.07, 2.5), ink, 0.08)


def ssp_shell(pen: Pen, ink: Colour, bg: Colour) -> None:
    hinge = (0.0, 0.55)
    arc = [(hinge[0] + 0.9 * math.cos(a), hinge[1] + 0.9 * math.sin(a) * 1.15)
           for a in (math.radians(d) for d in range(195, 346, 5))]
    pen.poly([hinge] + arc, ink)
    pen.poly([(-0.3, 0.48), (0.3, 0.48), (0.2, 0.82), (-0.2, 0.82)], ink)
    for a in range(210, 340, 26):
        x, y = math.cos(math.radians(a)), math.sin(math.radians(a)) * 1.15
        pen.line([(hinge[0] + 0.2 * x, hinge[1] + 0.2 * y), (hinge[0] + 0.82 * x, hinge[1] + 0.82 * y)], bg, 0.045)


def ssp_octopus(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(6):
        x = -0.5 + 0.2 * i
        pts = [(x * (1 + 0.5 * t) + 0.1 * math.sin(6 * t + i), 0.9 * t) for t in (j / 8 for j in range(9))]
        pen.line(pts, ink, 0.1)
    pen.ellipse(0, -0.3, 0.55, 0.55, ink)
    pen.rect(-0.55, -0.3, 0.55, 0.1, ink, radius=0.1)
    for s in (1, -1):
        pen.circle(0.22 * s, -0.28, 0.1, bg)


def ssp_penguin(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.3, 0.85), (-0.05, 0.95), (-0.05, 0.8)], ACCENT)
    pen.poly([(0.3, 0.85), (0.05, 0.95), (0.05, 0.8)], ACCENT)
    pen.ellipse(0, 0.1, 0.46, 0.8, ink)
    pen.ellipse(0, 0.3, 0.3, 0.52, bg)
    pen.poly([(-0.1, -0.4), (0.1, -0.4), (0, -0.22)], ACCENT)
    for s in (1, -1):
        pen.circle(0.15 * s, -0.5, 0.07, bg)
        pen.poly([(0.4 * s, -0.1), (0.62 * s, 0.45), (0.42 * s, 0.4)], ink)


def _person(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.75, 0.95), (-0.55, 0.35), (0.55, 0.35), (0.75, 0.95)], ink)
    pen.poly([(-0.3, 0.35), (0.3, 0.35), (0, 0.7)], bg)
    pen.circle(0, -0.05, 0.36, ink)


def ssp_sailor(pen: Pen, ink: Colour, bg: Colour) -> None:
    """A sailor: round cap with an upturned brim, striped collar."""
    _person(pen, ink, bg)
    pen.line([(-0.42, 0.45), (-0.12, 0.75)], ink, 0.06)
    pen.line([(0.42, 0.45), (0.12, 0.75)], ink, 0.06)
    pen.ellipse(0, -0.44, 0.32, 0.2, ink)
    pen.rect(-0.45, -0.4, 0.45, -0.28, ink, radius=0.06)
    pen.rect(-0.41, -0.37, 0.41, -0.31, bg, radius=0.03)


def ssp_captain(pen: Pen, ink: Colour, bg: Colour) -> None:
    """A captain: peaked cap with a gold badge, and a beard."""
    _person(pen, ink, bg)
    pen.poly([(-0.5, -0.3), (-0.38, -0.72), (0.38, -0.72), (0.5, -0.3)], ink)
    pen.rect(-0.5, -0.38, 0.62, -0.26, ACCENT, radius=0.05)
    pen.circle(0, -0.52, 0.1, ACCENT)
    pen.ellipse(0, 0.16, 0.3, 0.18, bg)
    for x in (-0.6, 0.6):
        pen.circle(x, 0.52, 0.08, ACCENT)


def ssp_lighthouse(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.12, -0.5), (-0.95, -0.78), (-0.95, -0.42)], ACCENT)
    pen.poly([(0.12, -0.5), (0.95, -0.78), (0.95, -0.42)], ACCENT)
    pen.poly([(-0.32, 0.9), (0.32, 0.9), (0.2, -0.35), (-0.2, -0.35)], ink)
    for y0 in (0.05, 0.5):
        f = (y0 + 0.35) / 1.25
        pen.poly([(-0.2 - 0.12 * f, y0), (0.2 + 0.12 * f, y0), (0.2 + 0.12 * (f + 0.12), y0 + 0.15),
                  (-0.2 - 0.12 * (f + 0.12), y0 + 0.15)], bg)
    pen.rect(-0.18, -0.62, 0.18, -0.38, ink)
    pen.rect(-0.11, -0.57, 0.11, -0.43, ACCENT)
    pen.poly([(-0.26, -0.62), (0.26, -0.62), (0, -0.86)], ink)


def ssp_shoal(pen: Pen, ink: Colour, bg: Colour) -> None:
    for x, y in ((-0.4, -0.5), (0.35, -0.05), (-0.35, 0.5)):
        fish(pen.sub(x, y, 0.5), ink, bg)


def ssp_colony(pen: Pen, ink: Colour, bg: Colour) -> None:
    for x, y, s in ((-0.5, -0.25, 0.55), (0.5, -0.25, 0.55), (0, 0.35, 0.62)):
        ssp_penguin(pen.sub(x, y, s), ink, bg)


def ssp_cast(pen: Pen, ink: Colour, bg: Colour) -> None:
    for x, y in ((-0.48, -0.45), (0.48, -0.45), (0, 0.4)):
        ssp_crab(pen.sub(x, y, 0.5), ink, bg)


def ssp_jellyfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(5):
        x = -0.4 + 0.2 * i
        pen.line([(x + 0.08 * math.sin(5 * t + i), -0.1 + 1.0 * t) for t in (j / 8 for j in range(9))], ink, 0.06)
    dome = ellipse_pts(0.7, 0.62, t0=math.pi, t1=2 * math.pi, n=24)
    scallops = [(0.7 - 1.4 * i / 8, 0.02 + (0.09 if i % 2 else 0)) for i in range(9)]
    pen.poly([(x, y - 0.1) for x, y in dome] + [(x, y - 0.1) for x, y in scallops], ink)
    pen.ellipse(-0.25, -0.4, 0.12, 0.08, bg)


def ssp_lobster(pen: Pen, ink: Colour, bg: Colour) -> None:
    for s in (1, -1):
        pen.line([(0.12 * s, -0.3), (0.45 * s, -0.4), (0.5 * s, -0.58)], ink, 0.08)
        pen.ellipse(0.5 * s, -0.74, 0.2, 0.24, ink)
        pen.poly([(0.5 * s, -0.74), (0.48 * s, -1.0), (0.62 * s, -0.98)], bg)
        pen.line([(0.08 * s, -0.55), (0.3 * s, -0.95)], ink, 0.03)
        for i in range(3):
            pen.line([(0.15 * s, -0.12 + 0.14 * i), (0.45 * s, -0.02 + 0.16 * i)], ink, 0.05)
    pen.ellipse(0, -0.3, 0.2, 0.3, ink)
    for i, w in enumerate((0.2, 0.18, 0.16, 0.13)):
        pen.ellipse(0, 0.05 + 0.17 * i, w, 0.1, ink)
    pen.poly([(0, 0.62), (-0.3, 0.95), (0.3, 0.95)], ink)


def ssp_starfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly(star_pts(5, 0.98, 0.42), ink)
    for i in range(5):
        a = math.radians(-90 + 72 * i)
        for r in (0.3, 0.55):
            pen.circle(r * math.cos(a), r * math.sin(a), 0.06, bg)


def ssp_seahorse(pen: Pen, ink: Colour, bg: Colour) -> None:
    path = [(0.05, -0.6), (0.22, -0.35), (0.25, -0.05), (0.12, 0.25), (-0.02, 0.5), (0.0, 0.72),
            (0.18, 0.8), (0.25, 0.66), (0.12, 0.6)]
    pen.stroke(path, [0.22, 0.2, 0.22, 0.18, 0.12, 0.08, 0.06, 0.05, 0.04], ink)
    pen.poly([(-0.05, -0.68), (-0.6, -0.58), (-0.6, -0.46), (-0.05, -0.45)], ink)
    pen.poly([(0.3, -0.3), (0.55, -0.15), (0.3, 0.05)], ink)
    pen.poly([(0.0, -0.78), (0.08, -0.95), (0.18, -0.78)], ink)
    pen.circle(0.04, -0.6, 0.06, bg)


SSP_ICONS: dict[str, Callable[[Pen, Colour, Colour], None]] = {
    "mermaid": mermaid, "crab": ssp_crab, "boat": ssp_boat, "fish": fish, "swimmer": ssp_swimmer,
    "shark": ssp_shark, "shell": ssp_shell, "octopus": ssp_octopus, "penguin": ssp_penguin,
    "sailor": ssp_sailor, "lighthouse": ssp_lighthouse, "shoal": ssp_shoal, "colony": ssp_colony,
    "captain": ssp_captain, "jellyfish": ssp_jellyfish, "lobster": ssp_lobster, "cast-of-crabs": ssp_cast,
    "starfish": ssp_starfish, "seahorse": ssp_seahorse,
}


def _paper_folds(cv: Canvas, colour: Colour) -> None:
    """Two lighter triangles: a sheet of folded paper, after the game's name (our
    own flat drawing, not the published cards' origami art)."""
    light, shade = mix(colour, WHITE, 0.14), mix(colour, INK, 0.08)
    pygame.draw.polygon(cv.surf, light, [(0, 0), (cv.w, 0), (0, cv.h * 0.55)])
    pygame.draw.polygon(cv.surf, shade, [(cv.w, cv.h), (0, cv.h), (cv.w, cv.h * 0.6)])


def paint_ssp(cv: Canvas, parts: list[str]) -> None:
    """ssp/<kind>/<colour>: icon on the card colour, kind name on top, colour name below."""
    if parts[0] == "event":
        _ssp_event(cv, parts[1])
        return
    kind, colour_key = parts
    if kind not in KIND_WORDS or colour_key not in COLOUR_WORDS:
        raise KeyError("/".join(parts))
    colour = SSP_RGB[colour_key]
    ink = _ssp_ink(colour)
    cv.fill(colour)
    _paper_folds(cv, colour)
    icon = SSP_ICONS[kind]
    if cv.compact:
        icon(cv.pen(50, 50, 33), ink, colour)
        return
    icon(cv.pen(50, 52, 27), ink, colour)
    name = cv.say(KIND_WORDS[kind]).upper()
    blit_center(cv.surf, fit_text(name, cv.h * 0.075, cv.w * 0.86, ink), (cv.w / 2, cv.h * 0.1))
    blit_center(cv.surf, fit_text(cv.say(COLOUR_WORDS[colour_key]), cv.h * 0.045, cv.w * 0.8, ink),
                 (cv.w / 2, cv.h * 0.91))


# Event cards: a drawing that hints at what the event is about.

def _tornado(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(6):
        w = 0.85 - 0.13 * i
        pen.line([(-w + 0.08 * math.sin(i), -0.75 + 0.3 * i), (w + 0.08 * math.sin(i), -0.75 + 0.3 * i)], ink, 0.1)


def _chest(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.rect(-0.8, -0.1, 0.8, 0.7, ink, radius=0.06)
    pen.poly(ellipse_pts(0.8, 0.4, t0=math.pi, t1=2 * math.pi, n=16), ink)
    pen.rect(-0.8, -0.12, 0.8, -0.02, bg)
    pen.rect(-0.14, -0.25, 0.14, 0.15, ACCENT, radius=0.04)
    for s in (1, -1):
        pen.circle(0.55 * s, -0.55, 0.1, ACCENT)


def _diodon(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly(star_pts(16, 0.95, 0.66), ink)
    pen.circle(0, 0, 0.68, ink)
    pen.poly([(0.6, 0), (0.95, -0.25), (0.95, 0.25)], ink)
    pen.circle(-0.3, -0.15, 0.11, bg)


def _dolphin(pen: Pen, ink: Colour, bg: Colour) -> None:
    body = [(-0.85, 0.2), (-0.5, -0.25), (0.0, -0.4), (0.45, -0.2), (0.75, 0.25)]
    pen.stroke(body, [0.08, 0.22, 0.25, 0.16, 0.06], ink)
    pen.poly([(-0.05, -0.55), (0.25, -0.85), (0.22, -0.5)], ink)
    pen.poly([(0.75, 0.25), (0.95, 0.05), (0.6, 0.45)], ink)
    pen.circle(-0.45, -0.28, 0.05, bg)
    pen.line(wave(-0.95, 0.95, 0.72, 0.06, 2.5), ink, 0.07)


def _coral(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.line([(0, 0.9), (0, 0.1), (-0.4, -0.4), (-0.45, -0.8)], ink, 0.14)
    pen.line([(0, 0.1), (0.45, -0.3), (0.5, -0.7)], ink, 0.14)
    pen.line([(-0.2, -0.15), (-0.75, -0.2), (-0.85, -0.5)], ink, 0.1)
    pen.line([(0.3, -0.15), (0.8, 0.0), (0.85, -0.35)], ink, 0.1)
    pen.line([(0, 0.45), (-0.55, 0.3)], ink, 0.1)


def _angelfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    pen.poly([(-0.7, 0), (0.0, -0.85), (0.45, -0.2), (0.9, -0.45), (0.9, 0.45), (0.45, 0.2),
              (0.0, 0.85)], ink)
    for x in (-0.2, 0.15):
        pen.line([(x, -0.55), (x, 0.55)], bg, 0.06)
    pen.circle(-0.42, -0.08, 0.07, bg)


def _sunfish(pen: Pen, ink: Colour, bg: Colour) -> None:
    for i in range(10):
        a = math.radians(36 * i)
        pen.line([(0.55 * math.cos(a) - 0.35, 0.55 * math.sin(a) - 0.45),
                  (0.7 * math.cos(a) - 0.35, 0.7 * math.sin(a) - 0.45)], ACCENT, 0.06)
    pen.circle(-0.35, -0.45, 0.35, ACCENT)
    fish(pen.sub(0.25, 0.4, 0.6), ink, bg)


SSP_EVENT_ICONS: dict[str, Callable[[Pen, Colour, Colour], None]] = {
    "hermit-crab": ssp_crab, "sunfish": _sunfish, "water-rodeo": ssp_swimmer,
    "dance-of-the-shells": ssp_shell, "kraken": ssp_octopus, "tornado": _tornado,
    "dance-of-the-mermaids": mermaid, "treasure-chest": _chest, "diodon": _diodon,
    "angelfish": _angelfish, "dolphins": _dolphin, "coral-reef": _coral,
}
SSP_EVENT_INFO = {e.name: (e.called, e.sign) for e in SSP_EVENTS}
SSP_EVENT_BG: Colour = (236, 226, 198)
#: Printed at the top of an Extra Pepper event card.
EVENT = msg("Event")


def _ssp_event(cv: Canvas, name: str) -> None:
    """An Extra Pepper event: parchment, a drawing, the title, and a +/− badge
    (it goes to the highest or the lowest total)."""
    title, sign = SSP_EVENT_INFO[name]
    cv.fill(SSP_NAVY)
    cv.panel(3.5, SSP_EVENT_BG, radius=4)
    icon = SSP_EVENT_ICONS.get(name, ssp_shell)
    if cv.compact:
        icon(cv.pen(50, 40, 27), SSP_NAVY, SSP_EVENT_BG)
    else:
        blit_center(cv.surf, text_image(cv.say(EVENT).upper(), cv.h * 0.04, (150, 110, 40)), (cv.w / 2, cv.h * 0.1))
        icon(cv.pen(50, 42, 22), SSP_NAVY, SSP_EVENT_BG)
    badge = cv.pen(78 if not cv.compact else 74, 86 if cv.compact else 12, 8 if not cv.compact else 11)
    badge.circle(0, 0, 1, (200, 50, 40) if sign == "+" else (40, 100, 190))
    badge.rect(-0.55, -0.13, 0.55, 0.13, WHITE)
    if sign == "+":
        badge.rect(-0.13, -0.55, 0.13, 0.55, WHITE)
    if not cv.compact:
        box = pygame.Rect(0, 0, round(cv.w * 0.84), round(cv.h * 0.26))
        box.center = (cv.w // 2, round(cv.h * 0.8))
        blit_lines(cv.surf, text_block(cv.say(title).upper(), cv.h * 0.065, box, SSP_NAVY), box.center,
                   cv.h * 0.025)


def back_ssp(cv: Canvas) -> None:
    """Navy paper with folds, a cream paper boat on waves."""
    cv.fill(SSP_NAVY)
    _paper_folds(cv, SSP_NAVY)
    cream = (240, 232, 210)
    pen = cv.pen(50, 50, 30)
    pen.poly([(-1.0, 0.1), (1.0, 0.1), (0.6, 0.55), (-0.6, 0.55)], cream)
    pen.poly([(-0.6, 0.1), (0.0, -0.9), (0.6, 0.1)], cream)
    pen.line([(0.0, -0.9), (0.0, 0.1)], SSP_NAVY, 0.05)
    for y in (0.75, 1.05):
        pen.line(wave(-1.2, 1.2, y, 0.06, 3), cream, 0.06)
    cv.panel(2, cream, radius=6, width=1.6)  # a light frame: the back stands out on the felt


# --- what the cards do (the tooltip) and every face (the contact sheet) -------------------

SSP = {
    ssp.MERMAID: msg("Mermaid: 1 point per card of your most common colour; a second mermaid scores your second "
                     "colour, and so on. Four mermaids in hand win the game at once."),
    ssp.CRAB: msg("Crab: two crabs make a duo — look through a discard pile and take any card. "
                  "A duo is worth 1 point."),
    ssp.BOAT: msg("Boat: two boats make a duo — take another turn. A duo is worth 1 point."),
    ssp.FISH: msg("Fish: two fish make a duo — take the top card of the deck. A duo is worth 1 point."),
    ssp.SWIMMER: msg("Swimmer: with a shark, a duo — steal a random card from another player's hand "
                     "(with a jellyfish: the others may only draw from the deck next turn). A duo is worth 1 point."),
    ssp.SHARK: msg("Shark: with a swimmer, a duo — steal a random card from another player's hand. "
                   "A duo is worth 1 point."),
    ssp.SHELL: msg("Shell: a collection — 0, 2, 4, 6, 8, 10 points for 1 to 6 shells."),
    ssp.OCTOPUS: msg("Octopus: a collection — 0, 3, 6, 9, 12 points for 1 to 5 octopuses."),
    ssp.PENGUIN: msg("Penguin: a collection — 1, 3, 5 points for 1 to 3 penguins."),
    ssp.SAILOR: msg("Sailor: a collection — 0 points for one sailor, 5 for both."),
    ssp.LIGHTHOUSE: msg("Lighthouse: +1 point for every boat you have."),
    ssp.SHOAL: msg("Shoal of fish: +1 point for every fish you have."),
    ssp.COLONY: msg("Penguin colony: +2 points for every penguin you have."),
    ssp.CAPTAIN: msg("Captain: +3 points for every sailor you have."),
    ssp.JELLYFISH: msg("Jellyfish (Extra Salt): with a swimmer, a duo — on their next turn the other players "
                       "may only take the top card of the deck, and play no duos and make no call."),
    ssp.LOBSTER: msg("Lobster (Extra Salt): with a crab, a duo — look at the top five cards of the deck "
                     "and take one."),
    ssp.CAST: msg("Cast of crabs (Extra Salt): +1 point for every crab you have."),
    ssp.STARFISH: msg("Starfish (Extra Salt): lay it with a duo as a trio for +2 points (the duo's effect is lost); "
                      "in hand it adds 2 to a duo in hand."),
    ssp.SEAHORSE: msg("Seahorse (Extra Salt): counts as one more card of a collection you already have "
                      "(shell, octopus, penguin or sailor)."),
}

SSP_EVENT_CARDS = {e.name: e for e in EVENTS}
#: The colours of the playing cards, as the tooltip names them.
SSP_COLOUR_WORDS = {
    "dark-blue": msg("dark blue"), "light-blue": msg("light blue"), "black": msg("black"), "yellow": msg("yellow"),
    "green": msg("green"), "white": msg("white"), "purple": msg("purple"), "grey": msg("grey"),
    "light-orange": msg("light orange"), "pink": msg("pink"), "orange": msg("orange"),
}


def _ssp(parts: list[str]) -> Message:
    kind, name = parts
    if kind == "event":
        event = SSP_EVENT_CARDS[name]
        if event.sign == "+":
            return msg("{title} (Extra Pepper, goes to the highest total): {text}.", title=event.called,
                       text=event.rule)
        return msg("{title} (Extra Pepper, goes to the lowest total): {text}.", title=event.called, text=event.rule)
    return msg("{text} Colour: {colour}.", text=SSP[kind], colour=SSP_COLOUR_WORDS[name])


def all_faces() -> list[str]:
    return [ssp.face(i) for i in range(len(ssp.CARDS))] + [f"ssp/event/{e.name}" for e in EVENTS]


KIT = FaceKit(game="sea-salt-paper", prefix="ssp", paint=paint_ssp, back=back_ssp,
              faces=all_faces, explain=_ssp)
