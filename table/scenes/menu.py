"""The start menu: unit mode or a game on the table; seats (people and bots),
the game's options and its turn timer, then Start. Also Resume (what Enter
does while a game is saved, until the player picks another game), Settings,
Names, Stats, Help, Quit. There is one save: a new game asks before it
replaces it.

The turn timer: UNO Hau drauf shows the unit's speed switch (no limit / 6 s /
4 s, or the custom time from Settings); the other games offer a speed game
(off, or the unit timing every turn). The time is the unit's one speed
setting: choosing it here saves it, as the real switch stays where it was
left (Settings shows the same value). A speed game is never switched on by
itself: each time the menu opens it is off, so nobody is buzzed by surprise."""
from __future__ import annotations

import pygame

from haudrauf.device.settings import SPEED_SWITCH
from haudrauf.engine import registry
from haudrauf.engine.core import Option
from haudrauf.play import autosave
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, turn_time_words
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.phones import open_phones, phones_on
from haudrauf.play.seats import DIFFICULTY_NAMES, SeatPlan, default_plan
from haudrauf.table.ui import draw, theme, wordmark
from haudrauf.table.ui.button import Button

UNIT_MODE = "unit"
#: Layout units across the widest row: game list 14, seats 28, a numeric option 21, margins.
MENU_WIDTH = 65
#: Room in the bottom row: Settings, Names, Stats, Help, Quit and one more (Rules).
SMALL_PITCH = 5.6
WORDMARK_HEIGHT = 2.8  # layout units
MIN_PROBLEM_SIZE = 12  # px: a line about the player's files is read, even in a small window


def title(lang: Language) -> str:
    """Under our HAU DRAUF wordmark, the game named as its rules name it."""
    return lang.gettext("UNO Hau drauf: the unit and the card table")


def bot_label(bot: str, lang: Language = ENGLISH) -> str:
    """The bots as a player would name them (the game's bot ids are "heuristic", "random")."""
    labels = {"heuristic": lang.gettext("Smart"), "random": lang.gettext("Random")}
    return labels.get(bot, bot.replace("_", " ").capitalize())


def difficulty_label(difficulty: str, lang: Language) -> str:
    labels = {"easy": lang.gettext("Easy"), "normal": lang.gettext("Normal"), "hard": lang.gettext("Hard")}
    return labels[difficulty]


def step_for(option: Option) -> int:
    span = (option.high or 0) - (option.low or 0)
    return 1 if span <= 20 else 50 if span <= 10_000 else 100


def two_lines(content: str, size: int, width: int) -> list[str]:
    """`content` wrapped to `width`; all past the first line goes on the second (shrunk when drawn)."""
    lines = draw.wrap(content, size, width)
    return [lines[0], " ".join(lines[1:])] if len(lines) > 1 else list(lines)


class MenuScene(Scene):
    def __init__(self, app, game: str = UNIT_MODE) -> None:
        super().__init__(app)
        self.lang = Language(app.language_code())  # read again at each layout: Settings may change it
        self.games = registry.available()
        self.game = game
        self.players = 4
        self.plans = default_plan(app.settings.table.names, 6)
        self.options: dict[str, object] = {}
        self.timer = False  # turn-based games: the unit as a turn timer (a speed game)
        self.message = ""
        self.saved = self.peek()
        self.picked_other = False  # the player chose a game other than the saved one: Enter starts it
        self.select_game(game)

    def remember(self, options: dict, plans: list, timer: bool) -> None:
        """The game the command line started (`haudrauf play`): leaving it comes
        back to these seats and options, not the menu's defaults."""
        self.players = options["players"]
        self.plans[:len(plans)] = plans
        self.options.update({k: v for k, v in options.items() if k != "players"})
        self.timer = timer
        self.size = (0, 0)

    #: A save that would not resume stays refused even where it could not be moved aside (a read-only
    #: folder), until a new game writes its own.
    refused = False

    def peek(self):
        """The save on offer; one that cannot be used is moved aside and said (once), not silently dropped."""
        saved, problem = autosave.peek(autosave.path())
        self.report(problem)
        return None if self.refused else saved

    def report(self, problem: str | None) -> None:
        if problem and problem not in self.app.problems:
            self.app.problems.append(problem)

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

    def choose_game(self, game: str) -> None:
        """The player's pick in the list; a game other than the saved one is what Enter starts."""
        self.picked_other = self.picked_other or (bool(self.saved) and game != self.saved["game"])
        self.select_game(game)

    @property
    def enter_resumes(self) -> bool:
        """Enter goes on with the saved game: what the menu offers first, until another game is chosen."""
        return bool(self.saved) and not self.picked_other

    def saved_name(self) -> str:
        game = self.saved["game"]
        return self.lang.say(registry.game_class(game).info.name) if game in registry.MODULES else game

    def change_players(self, delta: int) -> None:
        info = self.info
        self.players = max(info.min_players, min(info.max_players, self.players + delta))
        self.size = (0, 0)

    @property
    def turn_time(self) -> float | None:
        return self.app.settings.unit.turn_time

    @property
    def speed_game(self) -> bool:
        """A turn-based game with the unit timing every turn (needs a time limit)."""
        return self.timer and self.turn_time is not None

    def set_turn_time(self, turn_time: float | None) -> None:
        """A position of the speed switch: used by the game started and kept
        (for a turn-based game it also switches the speed game on or off)."""
        if not self.info.uses_unit:
            self.timer = turn_time is not None
        unit = self.app.settings.unit
        self.app.settings.unit = unit.with_changes(turn_time=turn_time)
        self.app.save_settings()
        self.size = (0, 0)

    def speed_game_off(self) -> None:
        self.timer = False
        self.size = (0, 0)

    def custom_timer(self) -> None:
        """Settings, where any time can be typed or dragged; saving it there switches the timer on."""
        from haudrauf.table.scenes.settings import SettingsScene

        def saved() -> None:
            if not self.info.uses_unit:
                self.timer = True
            self.size = (0, 0)
        self.size = (0, 0)
        self.app.push(SettingsScene(self.app, on_saved=saved))

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
        """A table game would replace the one save: the player is asked first
        (Enter or Esc keeps the save); unit mode saves nothing and starts at once."""
        if self.saved and self.game != UNIT_MODE:
            from haudrauf.table.scenes.confirm import ConfirmScene
            _ = self.lang.gettext
            self.app.push(ConfirmScene(self.app, _("Start a new game?"),
                                       _("The saved {game} game will be lost.").format(game=self.saved_name()),
                                       _("Start"), self.start_new, no=_("Keep it")))
            return
        self.start_new()

    def start_new(self) -> None:
        self.size = (0, 0)  # coming back: lay out again, with the save as it is then
        self.picked_other = False  # ...and offer to resume that save
        if self.game == UNIT_MODE:
            from haudrauf.table.scenes.unit_mode import UnitModeScene
            self.app.push(UnitModeScene(self.app))
            return
        self.refused = False  # the new game's save is the one on offer
        names = self.app.settings.table.names
        plans = [SeatPlan(names[s], p.bot, p.difficulty) for s, p in enumerate(self.plans[:self.players])]
        from haudrauf.table.scenes.table_mode import TableScene
        try:
            scene = TableScene(self.app, self.game, {**self.options, "players": self.players}, plans,
                               seed=self.app.seed, timer=self.speed_game)
        except ValueError as exc:  # an option combination the game refuses
            self.message = str(exc)
            return
        self.app.push(scene)

    def resume(self) -> None:
        from haudrauf.table.scenes.table_mode import TableScene
        scene, problem = TableScene.resume(self.app)
        self.size = (0, 0)
        self.picked_other = False
        if scene is None:  # the save was moved aside (the line says where): it is not offered again
            self.refused = True
            self.report(problem)
            return
        self.app.push(scene)

    def on_back(self) -> None:
        """Esc on the menu asks before the window closes (Esc pressed once too
        often from a table would otherwise end the program); the Quit button just quits."""
        from haudrauf.table.scenes.confirm import ConfirmScene
        _ = self.lang.gettext
        detail = _("Your game is saved: Resume it next time.") if self.saved else _("See you at the table.")
        self.app.push(ConfirmScene(self.app, _("Quit UNO Hau drauf?"), detail, _("Quit"), self.quit))

    def quit(self) -> None:
        self.app.running = False

    def open(self, scene_name: str) -> None:
        self.size = (0, 0)  # the settings may change the turn timer
        if scene_name == "settings":
            from haudrauf.table.scenes.settings import SettingsScene
            self.app.push(SettingsScene(self.app))
        elif scene_name == "stats":
            from haudrauf.table.scenes.stats import StatsScene
            self.app.push(StatsScene(self.app))
        elif scene_name == "help":
            from haudrauf.table.scenes.help import HelpScene
            self.app.push(HelpScene(self.app))
        elif scene_name == "rules":
            from haudrauf.table.scenes.rules import RulesScene
            self.app.push(RulesScene(self.app, None if self.game == UNIT_MODE else self.game))
        elif scene_name == "phones":
            open_phones(self.app)
        elif scene_name == "names":
            from haudrauf.table.scenes.names import NamesScene
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
        self.lang = Language(self.app.language_code())
        _ = self.lang.gettext
        bh = int(u * 2.2)
        col = int(u * 11)
        self.buttons = []
        y = int(u * 6)
        for game in [UNIT_MODE, *self.games]:
            label = _("Unit mode") if game == UNIT_MODE else self.lang.say(registry.game_class(game).info.name)
            b = Button(pygame.Rect(u * 2, y, col, bh), label, lambda g=game: self.choose_game(g),
                       selected=game == self.game)
            self.buttons.append(b)
            y += bh + u // 2
        x = u * 3 + col
        self.saved = self.peek()
        self.text_rows: list[tuple[str, tuple[int, int], int, int, tuple]] = []  # text, where, size, width, colour
        if self.info is None:
            self.add_text(_("People hold the cards; this screen is the unit."), (x, u * 6), u)
            self.add_text(_("Players join by pressing their seat button."), (x, u * 7 + u // 2), u)
        else:
            self._layout_game(x, u, bh, w)
        bw = int(u * 9)
        by = h - bh - u * 2
        enter = self.app.settings.keys.label("play_pause")
        resumes = self.enter_resumes
        self.buttons.append(Button(pygame.Rect(w - bw - u * 2, by, bw, int(bh * 1.3)), _("Start"), self.start,
                                   colour=(40, 120, 70), selected=bool(self.saved) and not resumes,
                                   hint="" if resumes else enter))
        if self.saved:  # Enter goes on with it, until the player picks another game
            self.buttons.append(Button(pygame.Rect(w - 2 * bw - u * 3, by, bw, int(bh * 1.3)), _("Resume"),
                                       self.resume, colour=(40, 120, 70), selected=resumes,
                                       hint=enter if resumes else ""))
            players = self.saved["players"]
            self.add_text(self.lang.ngettext("A game of {game} ({count} player) was left unfinished",
                                             "A game of {game} ({count} players) was left unfinished",
                                             players).format(game=self.saved_name(), count=players),
                          (w - 2 * bw - u * 3, by - int(u * 1.4)), u)
        small = [(_("Settings"), lambda: self.open("settings")), (_("Names"), lambda: self.open("names")),
                 (_("Stats"), lambda: self.open("stats")), (_("Help"), lambda: self.open("help")),
                 (_("Rules"), lambda: self.open("rules")), (_("Phones"), lambda: self.open("phones")),
                 (_("Quit"), self.quit)]
        base, wider = int(u * (SMALL_PITCH - 0.5)), 0
        for i, (label, action) in enumerate(small):  # a longer word widens its button (by half at most)
            width = min(max(base, theme.font(int(bh * 0.5)).size(label)[0] + 8), int(base * 1.5))
            self.buttons.append(Button(pygame.Rect(u * 2 + int(i * SMALL_PITCH * u) + wider, by + bh // 2, width, bh),
                                       label, action))
            wider += width - base
        self.phones_button = self.buttons[-2]

    def add_text(self, content: str, pos: tuple[int, int], size: int, colour=theme.TEXT) -> None:
        """A line that may run on to the window's right edge (less a margin), shrunk if longer."""
        self.text_rows.append((content, pos, size, self.size[0] - pos[0] - self.unit(self.size), colour))

    def add_label(self, content: str, pos: tuple[int, int], size: int, column: int, bh: int) -> None:
        """A label beside its buttons (`pos`: the row's top left), kept in its `column`: on one line
        if it fits, else wrapped onto two smaller lines (a longer language), shrunk only past that."""
        x, y = pos
        width = column - column // 24  # a third of a unit clear of the buttons
        if theme.font(size).size(content)[0] <= width:
            self.text_rows.append((content, (x, y + bh // 4), size, width, theme.TEXT))
            return
        small = max(8, int(size * 0.9))
        lines = two_lines(content, small, width)
        pitch = theme.font(small).get_linesize()
        top = y + (bh - pitch * len(lines)) // 2
        for i, line in enumerate(lines):
            self.text_rows.append((line, (x, top + i * pitch), small, width, theme.TEXT))

    def _layout_game(self, x: int, u: int, bh: int, w: int) -> None:
        info = self.info
        names = self.app.settings.table.names
        _ = self.lang.gettext
        self.add_label(_("Players: {count}").format(count=self.players), (x, u * 6), int(u * 1.2), u * 8, bh)
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
            self.add_label(f"{seat + 1}. {names[seat]}", (x, y), u, u * 8, bh)
            self.buttons.append(Button(pygame.Rect(x + u * 8, y, int(u * 5.5), bh),
                                       _("Bot") if plan.is_bot else _("Person"),
                                       lambda s=seat: self.toggle_seat(s), selected=not plan.is_bot))
            if plan.is_bot:
                self.buttons.append(Button(pygame.Rect(x + u * 14, y, int(u * 6.5), bh), bot_label(plan.bot, self.lang),
                                           lambda s=seat: self.cycle_bot(s)))
                self.buttons.append(Button(pygame.Rect(x + u * 21, y, int(u * 5.5), bh),
                                           difficulty_label(plan.difficulty, self.lang),
                                           lambda s=seat: self.cycle_difficulty(s)))
            y += row_h
        self._layout_turn_timer(x, y + u // 2, u, bh)
        ox = x + u * 28
        y = u * 6
        for option in info.options:
            if option.name == "players":
                continue
            value = self.options[option.name]
            self.add_label(self.lang.say(option.label), (ox, y), u, u * 9, bh)
            numeric = not isinstance(option.default, bool) and not option.choices
            vx = ox + u * 9 + (bh + u // 3 if numeric else 0)
            words = self.lang.say(option.value_label(value))  # longer words widen the button as far as there is room
            room = w - vx - u - (bh + u // 3 if numeric else 0)
            vw = max(u * 7, min(theme.font(int(bh * 0.5)).size(words)[0] + 8, room))
            self.buttons.append(Button(pygame.Rect(vx, y, vw, bh), words, lambda o=option: self.change_option(o, 1)))
            if numeric:
                self.buttons.append(Button(pygame.Rect(ox + u * 9, y, bh, bh), "−",
                                           lambda o=option: self.change_option(o, -1)))
                self.buttons.append(Button(pygame.Rect(vx + vw + u // 3, y, bh, bh), "+",
                                           lambda o=option: self.change_option(o, 1)))
            for i, line in enumerate(draw.wrap(self.lang.say(option.help), int(u * 0.85), w - ox - u * 2)[:2]):
                self.add_text(line, (ox, y + bh + 2 + i * int(u * 0.9)), int(u * 0.85), theme.MUTED)
            y += bh + int(u * 2.6)

    def _layout_turn_timer(self, x: int, y: int, u: int, bh: int) -> None:
        """The turn timer under the seats, so nobody is buzzed by surprise."""
        uno = self.info.uses_unit
        turn_time = self.turn_time
        _ = self.lang.gettext
        custom = turn_time not in SPEED_SWITCH
        choices = [(_("no limit"), lambda: self.set_turn_time(None), turn_time is None)] if uno else \
            [(_("off"), self.speed_game_off, not self.speed_game)]
        on = uno or self.speed_game
        choices += [(turn_time_words(self.lang, t), lambda t=t: self.set_turn_time(t), on and turn_time == t)
                    for t in SPEED_SWITCH[1:]]
        choices.append((turn_time_words(self.lang, turn_time) if custom else _("other…"), self.custom_timer,
                        on and custom))
        self.add_label(_("Turn timer"), (x, y), u, u * 8, bh)
        width, gap = int(u * 4.6), u // 3
        self.timer_buttons = [Button(pygame.Rect(x + u * 8 + i * (width + gap), y, width, bh), label, action,
                                     selected=selected) for i, (label, action, selected) in enumerate(choices)]
        self.buttons += self.timer_buttons
        if uno:
            help_text = (_("the unit's speed switch: no time limit (kept for next time)") if turn_time is None else
                         _("the unit's speed switch: not done in {time} → take 2 cards (kept for next time)")
                         .format(time=turn_time_words(self.lang, turn_time)))
        elif self.speed_game:
            help_text = _("speed game: the unit picks who starts and times every turn ({time})").format(
                time=turn_time_words(self.lang, turn_time))
        else:
            help_text = _("no clock: turns go in the game's own order")
        size = int(u * 0.85)  # wrapped to the seats' column: the game's options are right of it
        for i, line in enumerate(two_lines(help_text, size, u * 27)):
            self.text_rows.append((line, (x, y + bh + 2 + i * int(u * 0.9)), size, u * 27, theme.MUTED))

    def handle(self, intent, now: float) -> bool:
        from haudrauf.table import input as intents
        if intents.is_enter(intent):
            self.resume() if self.enter_resumes else self.start()
            return True
        return super().handle(intent, now)

    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        u = self.unit((w, h))
        self.phones_button.selected = phones_on(self.app)  # lit while phones are on
        mark_w, mark_h = wordmark.wordmark_size(int(u * WORDMARK_HEIGHT))
        wordmark.draw_wordmark(surface, (u * 2 + mark_w // 2, int(u * 0.8) + mark_h // 2), mark_h)
        draw.text(surface, title(self.lang), (u * 2, int(u * 3.8)), int(u * 1.1), theme.MUTED)
        for content, pos, size, width, colour in self.text_rows:
            draw.text(surface, content, pos, size, colour, max_width=width)
        self.draw_buttons(surface)
        self._draw_file_problems(surface, u)
        if self.message:
            draw.text(surface, self.message, (u * 2, h - u // 2), int(u * 0.85), theme.YELLOW, anchor="bottomleft",
                      max_width=w - u * 4)

    def _draw_file_problems(self, surface, u: int) -> None:
        """What was wrong with the player's files (at start, or a save that would
        not resume), one line per file, wrapped, right of the title and above
        the game's choices; the newest stay in sight (all went to stderr too)."""
        size = max(MIN_PROBLEM_SIZE, int(u * 0.85))
        title_w = theme.font(int(u * 1.1)).size(title(self.lang))[0]
        left = u * 4 + max(wordmark.wordmark_size(int(u * WORDMARK_HEIGHT))[0], title_w)
        width, line_h = surface.get_width() - left - 2 * u, int(size * 1.15)
        room = max(1, (u * 5 + u // 2) // line_h)
        lines = [line for problem in self.app.problems for line in draw.wrap(self.lang.say(problem), size, width)]
        for i, line in enumerate(lines[-room:]):
            draw.text(surface, line, (left, u // 2 + i * line_h), size, theme.YELLOW, max_width=width)
