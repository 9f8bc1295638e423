"""F1: every key, and what the buttons do. An overlay over any scene; over a
game (or the menu with a game chosen) it also opens that game's rules."""
from __future__ import annotations

import pygame

from haudrauf.engine import registry
from haudrauf.table import input as intents
from haudrauf.play import rules
from haudrauf.play.keys import ACTIONS, DESCRIPTIONS, key_name
from haudrauf.play.language import Language
from haudrauf.table.scenes.base import Scene
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.words import msg

MOUSE_AND_TOUCH = [
    (msg("click / tap"), msg("press a button, a seat button, a card or a pile")),
    (msg("several fingers"), msg("on a touch screen everyone presses their own seat button at once")),
    (msg("hold a seat key"), msg("in table mode with several people: show that seat's hand")),
    ("← → ↑ ↓", msg("table mode: move to a card or pile you can play, make the move, cancel")),
    (msg("drag"), msg("table mode: drag a card onto the pile it goes to (or click the card, then the pile)")),
]


def current_game(scenes) -> str | None:
    """The game being played (or chosen in the menu) under the help, if any."""
    for scene in reversed(scenes):
        session = getattr(scene, "session", None)
        if session is not None:
            return session.game_id
        if getattr(scene, "game", None) in rules.games():
            return scene.game
    return None

TITLE = msg("Keys and buttons")


class HelpScene(Scene):
    overlay = True
    covering = msg("the help is open on the table")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = current_game(app.scenes)
        self.lang = Language(app.language_code())

    @staticmethod
    def box(size) -> pygame.Rect:
        box = pygame.Rect(0, 0, int(size[0] * 0.8), int(size[1] * 0.86))
        box.center = (size[0] // 2, size[1] // 2)
        return box

    def layout(self, size) -> None:
        """The rules button sits right of the centred title."""
        self.buttons = []
        self.lang = Language(self.app.language_code())
        if self.game:
            u = int(theme.unit_size(size))
            box = self.box(size)
            title_w = theme.font(int(u * 1.8), True).size(self.lang.say(TITLE))[0]
            bw, bh = min(box.width // 2 - title_w // 2 - 2 * u, int(u * 16)), int(u * 2.2)
            name = self.lang.say(registry.game_class(self.game).info.name)
            self.buttons = [Button(pygame.Rect(box.right - u - bw, box.top + int(u * 0.7), bw, bh),
                                   self.lang.gettext("Rules of {game}").format(game=name), self.open_rules,
                                   hint=key_name("tab", self.lang))]

    def open_rules(self) -> None:
        from haudrauf.table.scenes.rules import RulesScene
        self.app.replace(RulesScene(self.app, self.game))

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.PointerMove):
            return super().handle(intent, now)
        if self.game and isinstance(intent, intents.EditKey) and intent.key == "tab":
            self.open_rules()
            return True
        if isinstance(intent, intents.PointerDown) and super().handle(intent, now):
            return True
        if isinstance(intent, intents.SeatKey) and not intent.down:
            return True  # letting go of the key held before the help opened closes nothing
        if isinstance(intent, (intents.PointerDown, intents.SeatKey, intents.HauDraufKey, intents.PlayPauseKey,
                               intents.EditKey)):
            self.app.pop()
            return True
        return False

    def draw(self, surface, now: float) -> None:
        draw.dim(surface, 170)
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        box = self.box((w, h))
        draw.panel(surface, box)
        lang = self.lang
        draw.text(surface, lang.say(TITLE), (box.centerx, box.top + u), int(u * 1.8), theme.YELLOW,
                  anchor="midtop", bold=True)
        self.draw_buttons(surface)
        rows = [(self.app.settings.keys.label(a, lang), lang.say(DESCRIPTIONS[a])) for a in ACTIONS]
        rows += [(lang.say(key), lang.say(text)) for key, text in MOUSE_AND_TOUCH]
        size = max(14, min(int(u * 1.05), int((box.height - u * 5) / (len(rows) + 2) / 1.15)))
        y = box.top + u * 4
        for key, text in rows:
            draw.text(surface, key, (box.left + u * 2, y), size, theme.YELLOW, bold=True)
            draw.text(surface, text, (box.left + u * 2 + int(box.width * 0.28), y), size, theme.TEXT,
                      max_width=int(box.width * 0.66))
            y += int(size * 1.2)
        draw.text(surface, lang.gettext("Keys can be changed in Settings.  Press any key or click to close."),
                  (box.centerx, box.bottom - u), int(u * 0.9), theme.MUTED, anchor="midbottom")
