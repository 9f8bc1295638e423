"""Stats: reaction times per player (slap races, turns) and scores over the
rounds of the latest game — a table (last / mean / best / count) beside a plot
drawn with pygame. People and bots are kept apart: bots' times are listed
below the people's, marked "(bot)", and not plotted. The race chart has one
line per person over the races (x = race number, a gap where they missed).
People: each person's own reaction model, fitted from their times
(tuner/people.py) — what the tuner plays them with.
Clear empties everything after a second click."""
from __future__ import annotations

from numbers import Real

import pygame

from haudrauf.engine import registry
from haudrauf.table import input as intents
from haudrauf.play.language import Language
from haudrauf.play.messages import ENGLISH, seat_name, seconds
from haudrauf.tuner.people import MIN_SLAPS, MIN_TURNS, known_people, person_model
from haudrauf.table.scenes.base import Scene
from haudrauf.play.stats import Player, SeatSummary, StatsBook
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.chart import plot_lines
from haudrauf.words import msg

VIEWS = (("slap", msg("Slap races")), ("turns", msg("Turn times")), ("scores", msg("Scores")),
         ("people", msg("People")))
EMPTY = {
    "slap": (msg("No slap races yet — play one in unit mode or UNO Hau drauf on the table"),
             msg("press HAU DRAUF during a turn; every player's reaction time is kept here")),
    "turns": (msg("No turns timed yet — play in unit mode or a speed game"),
              msg("each turn ended with a seat button is timed")),
    "scores": (msg("No rounds scored yet — play a game on the table"),
               msg("the running totals of the latest game are drawn here")),
    "people": (msg("Nobody timed yet — take the reaction test in unit mode, or play"),
               msg("each person's thinking and slap times make their own reaction model")),
}
PEOPLE_NOTE = msg("Each person's typical times, from their last turns and slap times (slap races and the reaction "
                  "test). With fewer than {turns} turns or {slaps} slaps, that part is the default model.",
                  turns=MIN_TURNS, slaps=MIN_SLAPS)
CLEAR_LABEL, CONFIRM_LABEL = msg("Clear"), msg("Click again to clear")
PLOT_TITLES = {"slap": msg("Reaction time in slap races"), "turns": msg("Time taken per turn"),
               "scores": msg("Running totals after each round")}
X_LABELS = {"slap": msg("race number, oldest → newest"), "turns": msg("their turn, oldest → newest"),
            "scores": msg("round")}
BOT_DOT = theme.MUTED  # bots' rows: a grey ring, not a seat colour (they are not in the chart)


def ms_label(ms: float | None, lang: Language = ENGLISH) -> str:
    return "—" if ms is None else lang.gettext("{ms} ms").format(ms=f"{ms:.0f}")


def s_label(ms: float | None, lang: Language = ENGLISH) -> str:
    """Turn times read better in seconds."""
    return "—" if ms is None else seconds(lang, ms / 1000, ".1f")


def player_label(player: Player, lang: Language) -> str:
    """A player's name, bots marked: "Bo (bot)"."""
    return lang.gettext("{name} (bot)").format(name=player.name) if player.bot else player.name


def game_name(game: str, lang: Language = ENGLISH) -> str:
    """The game as people call it (older rounds may hold its id)."""
    return lang.say(registry.game_class(game).info.name) if game in registry.MODULES else game


def valid_round(r) -> bool:
    return (isinstance(r, dict) and isinstance(r.get("scores"), list) and r["scores"]
            and all(isinstance(x, Real) and not isinstance(x, bool) for x in r["scores"]))


def latest_game(rounds: list[dict]) -> list[dict]:
    """The rounds of the most recent game: the last rounds with the same game and
    names whose running totals never go down (a new game starts from low totals)."""
    rounds = [r for r in rounds if valid_round(r)]
    if not rounds:
        return []
    game = [rounds[-1]]
    for r in reversed(rounds[:-1]):
        later = game[0]
        same = r.get("game") == later.get("game") and r.get("names") == later.get("names") \
            and r.get("bots") == later.get("bots") and len(r["scores"]) == len(later["scores"])
        if not same or any(a > b for a, b in zip(r["scores"], later["scores"])):
            break
        game.insert(0, r)
    return game


class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.confirm_clear = False
        self.message = ""
        self.lang = Language(app.language_code())  # read again at each layout
        self.view = next((v for v, _ in VIEWS if self.has_data(v)), "slap")

    # --- data ----------------------------------------------------------------------
    def game(self) -> list[dict]:
        return latest_game(self.app.stats.rounds)

    def has_data(self, view: str) -> bool:
        if view == "people":
            return bool(known_people(self.app.stats))
        return bool(self.game()) if view == "scores" else bool(self.app.stats.players(view))

    def rows(self, view: str | None = None) -> list[tuple[tuple, Player, SeatSummary]]:
        """(colour, player, summary) per player with times: people (in the
        chart's colours) first, then bots."""
        book = self.app.stats
        players = book.players(view or self.view)
        people = [p for p in players if not p.bot]
        return [(BOT_DOT if p.bot else theme.SEAT_COLOURS[people.index(p) % 6], p,
                 StatsBook.summary(book.times(view or self.view, p))) for p in players]

    def series(self, view: str | None = None) -> list[tuple[tuple, list[float | None]]]:
        """The chart's lines, one per person: every race (x = race number), or their turns."""
        view = view or self.view
        book = self.app.stats
        return [(colour, book.race_series(p) if view == "slap" else book.times(view, p))
                for colour, p, _ in self.rows(view) if not p.bot]

    def score_rows(self) -> list[tuple[int, str, float, float]]:
        """(seat, name, total, last round's points) per seat of the latest game; bots marked."""
        game = self.game()
        if not game:
            return []
        last, before = game[-1]["scores"], game[-2]["scores"] if len(game) > 1 else [0] * len(game[-1]["scores"])
        names = game[-1].get("names") or []
        bots = game[-1].get("bots") or []
        return [(seat, player_label(Player(names[seat] if seat < len(names) else self.lang.say(seat_name(seat)),
                                           seat < len(bots) and bool(bots[seat])), self.lang),
                 total, total - before[seat])
                for seat, total in enumerate(last)]

    # --- actions ---------------------------------------------------------------------
    def select_view(self, view: str) -> None:
        self.view = view
        self.relayout()

    def clear(self) -> None:
        if not self.confirm_clear:
            self.confirm_clear = True
            self.message = self.lang.gettext("This forgets every reaction time and score. Click again to clear.")
        else:
            self.app.stats = StatsBook()
            self.app.save_stats()
            self.confirm_clear = False
            self.message = self.lang.gettext("Stats cleared")
        self.relayout()

    def disarm(self) -> None:
        if self.confirm_clear:
            self.confirm_clear = False
            self.message = ""
            self.relayout()

    def handle(self, intent, now: float) -> bool:
        if isinstance(intent, intents.EditKey) and intent.key == "escape":
            self.on_back()
            return True
        if isinstance(intent, intents.EditKey) and intent.key in ("tab", "right", "left"):
            views = [v for v, _ in VIEWS]
            step = -1 if intent.key == "left" else 1
            self.select_view(views[(views.index(self.view) + step) % len(views)])
            return True
        armed = self.confirm_clear
        used = super().handle(intent, now)
        if armed and self.confirm_clear and isinstance(intent, intents.PointerDown):
            self.disarm()  # any click but the second one on Clear calls it off
        return used

    # --- layout ----------------------------------------------------------------------
    def relayout(self) -> None:
        if self.size != (0, 0):
            self.layout(self.size)

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.lang = lang = Language(self.app.language_code())
        bh = int(u * 2.3)
        self.buttons = []
        x = int(u * 10)
        for view, label in VIEWS:
            self.buttons.append(Button(pygame.Rect(x, u, int(u * 9), bh), lang.say(label),
                                       lambda v=view: self.select_view(v), selected=view == self.view))
            x += int(u * 9.5)
        by = h - bh - u
        anything = any(self.has_data(v) for v, _ in VIEWS)
        clear_w = int(u * 12) if self.confirm_clear else int(u * 7)
        self.buttons.append(Button(pygame.Rect(int(u * 1.5), by, clear_w, bh),
                                   lang.say(CONFIRM_LABEL if self.confirm_clear else CLEAR_LABEL), self.clear,
                                   enabled=anything, colour=(150, 40, 34) if self.confirm_clear else None))
        self.buttons.append(Button(pygame.Rect(w - int(u * 9.5), by, u * 8, bh), lang.gettext("Back"), self.on_back,
                                   hint=self.app.settings.keys.label("back", lang)))
        self.message_pos = (int(u * 2.5) + clear_w, by + bh // 2)
        self.area = pygame.Rect(int(u * 1.5), u * 5, w - u * 3, by - u * 6)

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface, now: float) -> None:
        surface.fill(theme.FELT_DARK)
        w, h = surface.get_size()
        u = int(theme.unit_size((w, h)))
        draw.text(surface, self.lang.gettext("Stats"), (int(u * 1.5), int(u * 1.2)), int(u * 2.2), theme.YELLOW,
                  bold=True)
        if self.has_data(self.view):
            self._draw_view(surface, u)
        else:
            self._draw_empty(surface, u)
        self.draw_buttons(surface)
        if self.message:
            draw.text(surface, self.message, self.message_pos, int(u * 0.95),
                      (255, 150, 130) if self.confirm_clear else theme.YELLOW, anchor="midleft",
                      max_width=w - self.message_pos[0] - int(u * 11))

    def _draw_empty(self, surface, u: int) -> None:
        draw.panel(surface, self.area)
        title, detail = (self.lang.say(said) for said in EMPTY[self.view])
        draw.text(surface, title, (self.area.centerx, self.area.centery - u), int(u * 1.7), theme.TEXT,
                  anchor="midbottom", bold=True, max_width=self.area.width - u * 2)
        draw.text(surface, detail, (self.area.centerx, self.area.centery + u // 2), int(u * 1.2), theme.MUTED,
                  anchor="midtop", max_width=self.area.width - u * 2)

    def _split(self, u: int) -> tuple[pygame.Rect, pygame.Rect]:
        area = self.area
        table_w = int(min(area.width * 0.42, u * 28))
        table = pygame.Rect(area.left, area.top, table_w, area.height)
        plot = pygame.Rect(area.left + table_w + u, area.top, area.width - table_w - u, area.height)
        return table, plot

    def _draw_people(self, surface, u: int) -> None:
        """One line per person (their model in words), the notes under it."""
        draw.panel(surface, self.area)
        inner = self.area.inflate(-u * 2, -u * 2)
        size, small = int(u * 1.2), int(u * 0.95)
        y = inner.top
        for name in known_people(self.app.stats):
            model = person_model(self.app.stats, name)
            lines = [(self.lang.say(model.describe()), size, theme.TEXT, True),
                     *((self.lang.say(n), small, theme.MUTED, False) for n in model.notes)]
            if y + len(lines) * size * 1.3 > inner.bottom - u * 3:
                draw.text(surface, self.lang.gettext("… more people than fit here"), (inner.left, y), small,
                          theme.MUTED)
                break
            for text, px, colour, bold in lines:
                draw.text(surface, text, (inner.left, y), px, colour, bold=bold, max_width=inner.width)
                y += int(px * 1.3)
            y += u // 2
        note = pygame.Rect(inner.left, inner.bottom - int(small * 2.2), inner.width, int(small * 2.2))
        draw.text_block(surface, self.lang.say(PEOPLE_NOTE), note, small, theme.MUTED)

    def _draw_view(self, surface, u: int) -> None:
        if self.view == "people":
            self._draw_people(surface, u)
            return
        table, plot = self._split(u)
        draw.panel(surface, table)
        draw.panel(surface, plot)
        inner = plot.inflate(-u, -u)
        lang, _ = self.lang, self.lang.gettext
        if self.view == "scores":
            rows = self.score_rows()
            game = self.game()
            header = (_("Player"), _("Total"), _("Last round"))
            cells = [(theme.SEAT_COLOURS[seat % 6], name, (f"{total:g}", f"{gain:+g}"))
                     for seat, name, total, gain in rows]
            caption = lang.ngettext("{game} — {count} round", "{game} — {count} rounds", len(game)).format(
                game=game_name(game[-1].get("game", "game"), lang), count=len(game))
            series = [(theme.SEAT_COLOURS[seat % 6], [r["scores"][seat] for r in game]) for seat, *_ in rows]
            fmt = "{:g}".format
        else:
            header = (_("Player"), _("Last"), _("Mean"), _("Best"), _("Count"))
            rows = self.rows()
            caption = self.caption(any(p.bot for _, p, _ in rows))
            series = self.series()
            label = ms_label if self.view == "slap" else s_label

            def fmt(ms: float | None) -> str:
                return label(ms, lang)
            cells = [(colour, player_label(p, lang), (fmt(s.last), fmt(s.mean), fmt(s.best), str(s.count)))
                     for colour, p, s in rows]
        self._draw_table(surface, table.inflate(-u, -u), header, cells, caption, u)
        draw.text(surface, lang.say(PLOT_TITLES[self.view]), (inner.left, inner.top), int(u * 1.15), theme.TEXT,
                  bold=True, max_width=inner.width)
        inner.top += int(u * 2)
        inner.height -= int(u * 2)
        if series:
            plot_lines(surface, inner, series, fmt, lang.say(X_LABELS[self.view]), u)
        else:
            draw.text(surface, _("Only bots so far — the chart shows people's times"), inner.center, int(u * 1.1),
                      theme.MUTED, anchor="center", max_width=inner.width)

    def caption(self, bots: bool) -> str:
        """Under the table: how many races or turns are kept, what is left out of the figures and the chart."""
        book, ngettext = self.app.stats, self.lang.ngettext
        ran_out = sum(item["ms"] is None for item in book.turns)
        if self.view == "slap":
            count = len(book.races)
            caption = ngettext("{count} race kept", "{count} races kept", count)
        elif ran_out:
            count = len(book.turns)
            caption = ngettext("{count} turn kept ({ran_out} ran out of time: not in the figures)",
                               "{count} turns kept ({ran_out} ran out of time: not in the figures)", count)
        else:
            count = len(book.turns)
            caption = ngettext("{count} turn kept", "{count} turns kept", count)
        caption = caption.format(count=count, ran_out=ran_out)
        if bots:
            caption += " · " + self.lang.gettext("bots are listed, not plotted")
        return caption

    def _draw_table(self, surface, rect: pygame.Rect, header, cells, caption: str, u: int) -> None:
        """Rows of name and values; the coloured dots double as the plot's legend
        (bots get a grey ring: they are not plotted)."""
        size = int(u * 1.2)
        row_h = min(int(u * 2.5), rect.height // (len(cells) + 2))
        name_w = int(rect.width * (0.34 if len(header) == 5 else 0.46))
        col_w = (rect.width - name_w) // (len(header) - 1)
        for j, title in enumerate(header):
            x = rect.left if j == 0 else rect.left + name_w + j * col_w
            draw.text(surface, title, (x, rect.top), size, theme.YELLOW, anchor="topleft" if j == 0 else "topright",
                      bold=True, max_width=name_w - u // 3 if j == 0 else col_w - u // 3)
        y = rect.top + row_h
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left, y - row_h // 5), (rect.right, y - row_h // 5), 1)
        for colour, name, values in cells:
            cy = y + row_h // 2
            pygame.draw.circle(surface, colour, (rect.left + u // 2, cy), max(4, u // 2),
                               width=max(2, u // 6) if colour == BOT_DOT else 0)
            draw.text(surface, name, (rect.left + int(u * 1.4), cy), size, theme.TEXT, anchor="midleft",
                      max_width=name_w - int(u * 1.6))
            for j, value in enumerate(values, start=1):
                draw.text(surface, value, (rect.left + name_w + j * col_w, cy), size, theme.TEXT, anchor="midright",
                          max_width=col_w - u // 3)
            y += row_h
        draw.text(surface, caption, (rect.left, rect.bottom), int(u * 1.0), theme.MUTED, anchor="bottomleft",
                  max_width=rect.width)
