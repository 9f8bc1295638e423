"""The start menu: unit mode or a game on the table; seats (people and bots),
the game's options, then Start. Also Resume, Settings, Stats, Help, Quit."""
from __future__ import annotations

import pygame

from engine import registry
from engine.core import Option
from table import autosave
from table.scenes.base import Scene
from table.seats import DIFFICULTY_NAMES, SeatPlan, default_plan
from table.ui import draw, theme
from table.ui.button import Button

UNIT_MODE = "unit"
#: Layout units across the widest row: game list 14, seats 28, a numeric option 21, margins.
MENU_WIDTH = 65


def option_label(option: Option) -> str:
    return option.label


def value_label(option: Option, value) -> str:
    return option.value_label(value)


def step_for(option: Option) -> int:
    span = (option.high or 0) - (option.low or 0)
    return 1 if span <= 20 else 50 if span <= 10_000 else 100


class MenuScene(Scene):
    def __init__(self, app, game: str = UNIT_MODE) -> None:
        super().__init__(app)
        self.games = registry.available()
        self.game = game
        self.players = 4
        self.plans = default_plan(app.settings.table.names, 6)
        self.options: dict[str, object] = {}
        self.timer = False  # turn-based games: the unit as a turn timer (a speed game)
        self.saved = autosave.peek(autosave.path())
        self.message = "; ".join(app.problems)
        self.select_game(game)

    # --- choices -----------------------------------------------------------------
    @property
    def info(self):
        return None if self.game == UNIT_MODE else registry.game_class(self.game).info

    def select_game(self, game: str) -> None:
        self.game = game
        if self.info:
            self.options = {o.name: o.default for o in self.info.options if o.name != "players"}
            self.players = max(self.info.min_players, min(self.info.max_players, self.players))
        self.size = (0, 0)  # lay out again

    def change_players(self, delta: int) -> None:
        info = self.info
        self.players = max(info.min_players, min(info.max_players, self.players + delta))
        self.size = (0, 0)

    def toggle_timer(self) -> None:
        self.timer = not self.timer
        self.size = (0, 0)

    def toggle_seat(self, seat: int) -> None:
        plan = self.plans[seat]
        bot = None if plan.is_bot else "heuristic"
        self.plans[seat] = SeatPlan(self.app.settings.table.names[seat], bot, plan.difficulty)
        self.size = (0, 0)

    def cycle_bot(self, seat: int) -> None:
        plan = self.plans[seat]
        bots = sorted(registry.bot_factories(self.game))
        bot = bots[(bots.index(plan.bot) + 1) % len(bots)] if plan.bot in bots else bots[0]
        self.plans[seat] = SeatPlan(plan.name, bot, plan.difficulty)
        self.size = (0, 0)

    def cycle_difficulty(self, seat: int) -> None:
        plan = self.plans[seat]
        difficulty = DIFFICULTY_NAMES[(DIFFICULTY_NAMES.index(plan.difficulty) + 1) % 3]
        self.plans[seat] = SeatPlan(plan.name, plan.bot, difficulty)
        self.size = (0, 0)

    def change_option(self, option: Option, delta: int) -> None:
        value = self.options[option.name]
        if isinstance(option.default, bool):
            value = not value
        elif option.choices:
            value = option.choices[(option.choices.index(value) + delta) % len(option.choices)]
        else:
            value = max(option.low, min(option.high, value + delta * step_for(option)))
        self.options[option.name] = value
        self.size = (0, 0)

    # --- actions -----------------------------------------------------------------
    def start(self) -> None:
        if self.game == UNIT_MODE:
            from table.scenes.unit_mode import UnitModeScene
            self.app.push(UnitModeScene(self.app))
            return
        names = self.app.settings.table.names
        plans = [SeatPlan(names[s], p.bot, p.difficulty) for s, p in enumerate(self.plans[:self.players])]
        from table.scenes.table_mode import TableScene
        try:
            scene = TableScene(self.app, self.game, {**self.options, "players": self.players}, plans,
                               seed=self.app.seed, timer=self.timer)
        except ValueError as exc:  # an option combination the game refuses
            self.message = str(exc)
            return
        self.app.push(scene)

    def resume(self) -> None:
        from table.scenes.table_mode import TableScene
        scene, problem = TableScene.resume(self.app)
        if scene is None:
            self.message = problem
            self.saved = None
            self.size = (0, 0)
            return
        self.app.push(scene)

    def on_back(self) -> None:
        self.app.running = False

    def open(self, scene_name: str) -> None:
        if scene_name == "settings":
            from table.scenes.settings import SettingsScene
            self.app.push(SettingsScene(self.app))
        elif scene_name == "stats":
            from table.scenes.stats import StatsScene
            self.app.push(StatsScene(self.app))
        elif scene_name == "help":
            from table.scenes.help import HelpScene
            self.app.push(HelpScene(self.app))
        elif scene_name == "rules":
            from table.scenes.rules import RulesScene
            self.app.push(RulesScene(self.app, None if self.game == UNIT_MODE else self.game))
        elif scene_name == "names":
            from table.scenes.names import NamesScene
            self.app.push(NamesScene(self.app))

    # --- layout --------------------------------------------------------------------
    @staticmethod
    def unit(size) -> int:
        """The layout unit, smaller on narrow windows so that the widest row
        (game list, seats, a numeric option with − and +) still fits."""
        return int(min(theme.unit_size(size), size[0] / MENU_WIDTH))

    def layout(self, size) -> None:
        w, h = size
        u = self.unit(size)
        bh = int(u * 2.2)
        col = int(u * 11)
        self.buttons = []
        y = int(u * 6)
        for game in [UNIT_MODE, *self.games]:
            label = "Unit mode" if game == UNIT_MODE else registry.game_class(game).info.name
            b = Button(pygame.Rect(u * 2, y, col, bh), label, lambda g=game: self.select_game(g),
                       selected=game == self.game)
            self.buttons.append(b)
            y += bh + u // 2
        x = u * 3 + col
        self.text_rows: list[tuple[str, tuple[int, int], int]] = []
        if self.info is None:
            self.text_rows.append(("People hold the cards; this screen is the unit.", (x, u * 6), u))
            self.text_rows.append(("Players join by pressing their seat button.", (x, u * 7 + u // 2), u))
        else:
            self._layout_game(x, u, bh, w)
        bw = int(u * 9)
        by = h - bh - u * 2
        self.buttons.append(Button(pygame.Rect(w - bw - u * 2, by, bw, int(bh * 1.3)), "Start", self.start,
                                   colour=(40, 120, 70), hint="Enter"))
        if self.saved:
            self.buttons.append(Button(pygame.Rect(w - 2 * bw - u * 3, by, bw, int(bh * 1.3)), "Resume",
                                       self.resume, colour=(40, 120, 70)))
            game = self.saved["game"]
            name = registry.game_class(game).info.name if game in registry.MODULES else game
            self.text_rows.append((f"A game of {name} ({self.saved['players']} players) was left unfinished",
                                   (w - 2 * bw - u * 3, by - int(u * 1.4)), u))
        small = [("Settings", "settings"), ("Names", "names"), ("Stats", "stats"), ("Help", "help"),
                 ("Rules", "rules")]
        step = u * 7  # six buttons left of Resume and Start, even on narrow windows
        for i, (label, name) in enumerate(small):
            self.buttons.append(Button(pygame.Rect(u * 2 + i * step, by + bh // 2, int(u * 6.5), bh),
                                       label, lambda n=name: self.open(n)))
        self.buttons.append(Button(pygame.Rect(u * 2 + len(small) * step, by + bh // 2, int(u * 6.5), bh), "Quit",
                                   self.on_back))

    def _layout_game(self, x: int, u: int, bh: int, w: int) -> None:
        info = self.info
        names = self.app.settings.table.names
        self.text_rows.append((f"Players: {self.players}", (x, u * 6 + bh // 4), int(u * 1.2)))
        self.buttons += [
            Button(pygame.Rect(x + u * 8, u * 6, bh, bh), "−", lambda: self.change_players(-1),
                   enabled=self.players > info.min_players),
            Button(pygame.Rect(x + u * 8 + bh + u // 2, u * 6, bh, bh), "+", lambda: self.change_players(1),
                   enabled=self.players < info.max_players),
        ]
        row_h = int(bh * 1.1)
        y = u * 6 + row_h + u
        for seat in range(self.players):
            plan = self.plans[seat]
            self.text_rows.append((f"{seat + 1}. {names[seat]}", (x, y + bh // 4), u))
            self.buttons.append(Button(pygame.Rect(x + u * 8, y, int(u * 5.5), bh), "Bot" if plan.is_bot else "Person",
                                       lambda s=seat: self.toggle_seat(s), selected=not plan.is_bot))
            if plan.is_bot:
                self.buttons.append(Button(pygame.Rect(x + u * 14, y, int(u * 6.5), bh), plan.bot,
                                           lambda s=seat: self.cycle_bot(s)))
                self.buttons.append(Button(pygame.Rect(x + u * 21, y, int(u * 5.5), bh), plan.difficulty,
                                           lambda s=seat: self.cycle_difficulty(s)))
            y += row_h
        ox = x + u * 28
        y = u * 6
        for option in info.options:
            if option.name == "players":
                continue
            value = self.options[option.name]
            self.text_rows.append((option_label(option), (ox, y + bh // 4), u))
            numeric = not isinstance(option.default, bool) and not option.choices
            vx = ox + u * 9 + (bh + u // 3 if numeric else 0)
            self.buttons.append(Button(pygame.Rect(vx, y, u * 7, bh), value_label(option, value),
                                       lambda o=option: self.change_option(o, 1)))
            if numeric:
                self.buttons.append(Button(pygame.Rect(ox + u * 9, y, bh, bh), "−",
                                           lambda o=option: self.change_option(o, -1)))
                self.buttons.append(Button(pygame.Rect(vx + u * 7 + u // 3, y, bh, bh), "+",
                                           lambda o=option: self.change_option(o, 1)))
            for i, line in enumerate(draw.wrap(option.help, int(u * 0.85), w - ox - u * 2)[:2]):
                self.text_rows.append((line, (ox, y + bh + 2 + i * int(u * 0.9)), int(u * 0.85)))
            y += bh + int(u * 2.6)
        if not info.uses_unit:
            turn_time = self.app.settings.unit.turn_time
            speed = "no limit" if turn_time is None else f"{turn_time:g} s"
            self.text_rows.append(("Turn timer (the unit)", (ox, y + bh // 4), u))
            self.buttons.append(Button(pygame.Rect(ox + u * 9, y, u * 7, bh), "on" if self.timer else "off",
                                       self.toggle_timer, selected=self.timer))
            self.text_rows.append((f"a speed game: {speed} per turn, the unit picks who starts (Settings)",
                                   (ox, y + bh + 2), int(u * 0.85)))

    def handle(self, intent, now: float) -> bool:
        from table import input as intents
        if isinstance(intent, intents.PlayPauseKey) or (isinstance(intent, intents.EditKey)
                                                        and intent.key == "enter"):
            self.start()
            return True
        return super().handle(intent, now)

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        u = self.unit((w, h))
        draw.text(surface, "UNO HAU DRAUF", (u * 2, u), int(u * 3), theme.YELLOW, bold=True)
        draw.text(surface, "the unit and the card table", (u * 2, int(u * 3.8)), int(u * 1.1), theme.MUTED)
        for content, pos, size in self.text_rows:
            draw.text(surface, content, pos, size, theme.TEXT if size >= u else theme.MUTED,
                      max_width=int(w - pos[0] - u))
        self.draw_buttons(surface)
        if self.message:
            draw.text(surface, self.message, (u * 2, h - u // 2), int(u * 0.85), theme.YELLOW, anchor="bottomleft",
                      max_width=w - u * 4)
